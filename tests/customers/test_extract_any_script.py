"""What a customer states in any script is kept, and the report says which turns gave nothing; messages enter in
NFC from every way in (new-user report 21 #2, #3, #11)."""

from __future__ import annotations

import json
import unicodedata
from datetime import datetime
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.slots import slot_of
from mem.customers.store import CustomerStore


def write_log(path: Path, texts: list[str], *, newline: str = "\n") -> Path:
    path.write_text(newline.join(json.dumps({"conversation": str(i), "time": f"2026-11-{10 + i:02d}T10:00:00Z",
                                             "role": "customer", "text": text}, ensure_ascii=False)
                                 for i, text in enumerate(texts)) + newline, encoding="utf-8", newline="")
    return path


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2026-12-01T10:00:00Z"))
    return Config.load(home=isolated_env, env={})


@pytest.fixture
def store(isolated_env):
    with CustomerStore.open(isolated_env, "cust-a") as opened:
        yield opened


STATEMENTS = [
    "انتقلت إلى دبي الشهر الماضي. رقم طلبي 48213.",  # Arabic: I moved to Dubai last month. My order number is 48213.
    "עברתי לחיפה בשבוע שעבר.",  # Hebrew: I moved to Haifa last week.
    "ฉันย้ายไปเชียงใหม่เมื่อเดือนที่แล้ว",  # Thai: I moved to Chiang Mai last month.
    "Geçen hafta İstanbul'a taşındım.",  # Turkish: I moved to Istanbul last week.
    "Tôi đã chuyển đến Đà Nẵng tuần trước.",  # Vietnamese: I moved to Da Nang last week.
]


@pytest.mark.parametrize("text", STATEMENTS)
def test_a_statement_in_another_script_is_a_fact(store, config, tmp_path, text):
    store.log.import_file(write_log(tmp_path / "log.jsonl", [text]))
    report = extract_pending(store, config=config)
    assert len(report.added) == 1 and report.customer_turns_without_facts == 0
    assert store.facts.get(report.added[0]).evidence[0].quote == text


def test_turns_that_give_no_fact_are_counted(store, config, tmp_path):
    store.log.import_file(write_log(tmp_path / "log.jsonl", ["Thanks!", "I moved to Zürich last week.", "ok"]))
    report = extract_pending(store, config=config)
    assert len(report.added) == 1 and report.customer_turns_without_facts == 2


def test_an_english_sentence_with_an_accented_name_is_still_read_as_english():
    from mem.core.text.other_language import reads_as_other_language

    assert not reads_as_other_language("I moved to Zürich last week.")
    assert not reads_as_other_language("The café was closed")
    assert reads_as_other_language("Ich möchte eine Rückerstattung für die Kaffeemaschine.")


def test_english_typed_with_a_phones_apostrophe_is_still_read_as_english():
    from datetime import date

    from mem.core.text.other_language import reads_as_other_language
    from mem.customers.fact_candidates import Turn, deterministic_candidates

    assert not reads_as_other_language("Parcel didn\u2019t arrive yesterday")
    assert not reads_as_other_language("Ok that\u2019s fine then")
    assert reads_as_other_language("Geçen hafta İstanbul\u2019a taşındım.")
    day = date(2026, 3, 3)
    # small talk stays no fact, as with a straight apostrophe
    assert not deterministic_candidates([Turn("t1", "customer", "Ok that\u2019s fine then", day=day)], log_id="c1",
                                        reference=day)


@pytest.mark.parametrize("text, value", [
    ("I moved to Zürich last week.", "Zürich"),
    ("I moved to Kraków yesterday.", "Kraków"),
    ("My name is Chloé Müller.", "Chloé Müller"),
])
def test_decomposed_text_is_stored_in_nfc_and_read_whole(store, config, tmp_path, text, value):
    store.log.import_file(write_log(tmp_path / "log.jsonl", [unicodedata.normalize("NFD", text)]))
    [turn] = [t for c in store.log.conversations() for t in c.turns]
    assert turn.text == text  # NFC: the form kept
    report = extract_pending(store, config=config)
    fact = store.facts.get(report.added[0])
    assert value in (fact.statement or "") and fact.evidence[0].quote in turn.text


def test_a_korean_move_typed_decomposed_is_a_move(store, config, tmp_path):
    text = "저는 지난주에 부산으로 이사했어요."
    store.log.import_file(write_log(tmp_path / "a.jsonl", [unicodedata.normalize("NFD", text)]))
    report = extract_pending(store, config=config)
    fact = store.facts.get(report.added[0])
    assert fact.text == text and slot_of(fact) is not None and slot_of(fact).name == "residence"


def test_the_python_api_keeps_turns_in_nfc(store):
    conversation = store.log.new_conversation(session="s1")
    turn = store.log.append_turn(conversation, role="customer", text=unicodedata.normalize("NFD", "Zürich"),
                                 time=datetime(2026, 11, 20, 10))
    assert turn.text == "Zürich"


def test_a_log_with_old_mac_line_ends_is_read(store, tmp_path):
    store.log.import_file(write_log(tmp_path / "cr.jsonl", ["I moved to Lyon.", "My order is 5512."], newline="\r"))
    assert [t.text for c in store.log.conversations() for t in c.turns] == ["I moved to Lyon.", "My order is 5512."]


def test_a_log_an_older_mem_kept_decomposed_is_not_imported_twice(store, tmp_path):
    path = write_log(tmp_path / "nfd.jsonl", [unicodedata.normalize("NFD", "I moved to Zürich last week.")])
    store.log.import_file(path)
    [conversation] = store.log.conversations()
    log = store.log.path(conversation.id)  # as an older mem logged it: decomposed
    log.write_text(unicodedata.normalize("NFD", log.read_text(encoding="utf-8")), encoding="utf-8")
    store.log.import_file(path)
    assert sum(len(c.turns) for c in store.log.conversations()) == 1
