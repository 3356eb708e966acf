"""How the customer asks to be addressed is a name context item, in ko / ja / en (new-user report 13, item 10):
"저를 부를 때는 민지 님이라고 불러 주세요" gave the name "님" (the honorific apart from the name) and, with no "from
now on", no context item at all. The form of address is lasting by nature."""

from __future__ import annotations

import json

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.kinds import is_direct_context_request
from mem.customers.slots import find_slot
from mem.customers.store import CustomerStore


@pytest.mark.parametrize(("text", "name"), [
    ("제 이름 말고 서윤 님이라고 불러 주시면 돼요.", "서윤"),
    ("앞으로 태호 씨라고 불러 주세요.", "태호"),
    ("これからは美咲さんと呼んでください。", "美咲"),
    ("私のことはユウと呼んでください。", "ユウ"),
    ("Please address me as Ms. Park.", "Ms. Park"),
])
def test_the_name_asked_for_without_its_honorific(text, name):
    slot = find_slot(text)
    assert slot is not None and (slot.name, slot.value) == ("name", name)


@pytest.mark.parametrize(("text", "lasting"), [
    ("저는 그냥 하은이라고 불러 주세요.", True),
    ("私のことはユウと呼んでください。", True),
    ("Please address me as Ms. Park.", True),
    # a call back, someone else's name: no form of address of theirs
    ("Please call me back tomorrow.", False),
    ("Can you call me at 5?", False),
    ("제 아들을 준이라고 불러 주세요.", False),
    ("息子のことはケンと呼んでください。", False),
])
def test_the_form_of_address_is_a_lasting_request(text, lasting):
    assert is_direct_context_request(text) is lasting


def test_the_form_of_address_becomes_the_name_item(isolated_env, tmp_path):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    config = Config.load(home=isolated_env, env={})
    log = tmp_path / "1.jsonl"
    log.write_text(json.dumps({"session": "s1", "time": "2025-05-01T09:00:00", "role": "customer",
                               "text": "상담할 때는 저를 서윤 님이라고 불러 주세요."}, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    with CustomerStore.open(isolated_env, "cust-addr") as store:
        store.log.import_file(log)
        extract_pending(store, config=config)
        assert [(i.key, i.text) for i in store.context.items()] == [("name", "Address the customer as 서윤.")]
