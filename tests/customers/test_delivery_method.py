"""How the thing comes, when no place is named (twenty-seventh round, wish27; docs/extraction.md, "Update
judgement"): sent by post or a courier, or collected by the customer — a delivery wish like a drop point, so the
one replaces the other. The phrasings are this file's own, not those of any case file in scripts/.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, value", [
    ("Could you post the forms to my home?", "post"),
    ("Please mail them back when they're signed.", "mail"),
    ("I'll collect it in person.", "in person"),
    ("I can pick it up from the shop on Friday.", "from the shop"),
    ("We'll collect the order from your warehouse instead.", "from your warehouse"),
    ("서류는 등기로 보내 주세요.", "등기"),
    ("방문 수령으로 해 주세요.", "방문 수령"),
    ("직접 찾으러 갈게요.", "직접"),
    ("書留で郵送してください。", "書留"),
    ("窓口まで取りに行きます。", "窓口"),
])
def test_a_way_of_receiving_is_a_delivery_wish(text, value):
    assert find_slot(text) is not None
    assert find_slot(text).name == "delivery_place"
    assert find_slot(text).value == value.lower()


@pytest.mark.parametrize("text", [
    "I post photos on Instagram.",  # no thing of the order, no wish
    "We'll pick up the kids from school.",  # people collected
    "I can collect the parcel at 5.",  # a time, no place or manner
    "Please mail it to 12 Elm Row, Leeds.",  # an address
])
def test_look_alikes_are_no_way_of_receiving(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "delivery_place"


def test_collecting_replaces_sending_by_post(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "When the certificate is ready, please post it to my home."), ("agent", "Will do.")],
        [("customer", "Change of plan, I'll collect it in person from your front desk instead."),
         ("agent", "Fine, it will wait at the desk.")],
    ]) as store:
        assert not any("post it to my home" in text for text in _active(store))
        assert any("front desk" in text for text in _active(store))


def test_sending_by_post_replaces_collecting(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "서류는 직접 찾으러 갈게요."), ("agent", "네 알겠습니다.")],
        [("customer", "요즘 바빠서 서류는 등기로 보내 주세요."), ("agent", "네 등기로 보내드릴게요.")],
    ]) as store:
        assert not any("찾으러 갈게요" in text for text in _active(store))
