"""Round twenty-eight of update judgement (docs/extraction.md): a plan told as how often the service comes ("2 days a
week", "주 3회", "週2回"), asked for or changed, is the customer's plan, so a later frequency replaces it; and a value a
relative wrote for the holder ("book my father in … 2 days a week", beside "I'm his son") is marked on the fact's
evidence, so the held fact is read again as the holder's when a later change is judged against it.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.fact_record import Evidence, Fact
from mem.customers.slots import find_slot, slot_of

from .test_update_reading import _run


@pytest.mark.parametrize(
    "text, value",
    [
        ("Could you book my aunt in for 2 sessions a week please?", "2 sessions a week"),
        ("We'd like to go up to four visits a day from Monday.", "four visits a day"),
        ("I need someone to come twice a week to do the garden.", "twice a week"),
        ("처음이니까 주 2회로 시작할게요.", "주 2회"),
        ("다음 달부터 하루 5시간으로 늘려 주세요.", "하루 5시간"),
        ("방문요양은 주3일로 해 주세요.", "주3일"),
        ("まずは週1回(水曜)でお願いします。", "週1回"),
        ("来月から月6回にしたいです。", "月6回"),
    ],
)
def test_a_frequency_asked_for_is_the_plan(text, value):
    assert find_slot(text) is not None and find_slot(text).name == "tier" and find_slot(text).value == value.lower()


@pytest.mark.parametrize(
    "text",
    [
        "주 3회로 하면 한 달에 얼마예요?",  # a question about a price, no choice
        "週4回コースにしたらいくらになりますか？",
        "저는 주 2일만 센터에 갑니다.",  # what is done now, told, not asked for
        "I walk the dog three times a day.",
        "My sister needs a carer twice a week now.",  # someone else's
    ],
)
def test_a_frequency_not_asked_for_or_someone_else_s_is_no_plan(text):
    found = find_slot(text)
    assert found is None or found.name != "tier"


def _fact(words: str, for_holder: str = "") -> Fact:
    return Fact.new("request", words, evidence=[Evidence("c0", "t0", "customer", words, for_holder=for_holder)])


def test_a_value_marked_as_written_for_the_holder_is_read_again_as_theirs():
    words = "I'd like to book my father, Mr Tom Reid, into the day centre 3 days a week please."
    assert slot_of(_fact(words)) is None  # "my father, Mr Tom Reid": someone else's, unmarked
    marked = slot_of(_fact(words, for_holder="child"))
    assert marked is not None and (marked.name, marked.value) == ("tier", "3 days a week")


def test_the_mark_is_kept_in_the_record_and_absent_when_unset():
    marked = Evidence("c0", "t0", "customer", "quote", for_holder="spouse")
    assert marked.to_dict()["for_holder"] == "spouse"
    assert Evidence.from_dict(marked.to_dict()).for_holder == "spouse"
    plain = Evidence("c0", "t0", "customer", "quote")
    assert "for_holder" not in plain.to_dict() and Evidence.from_dict(plain.to_dict()).for_holder == ""


@pytest.mark.parametrize(
    "first, change, old, new",
    [
        (
            "Hello, I'd like to book my mother, Mrs Asha Rao, into the lunch club 2 days a week please. "
            "I'm her son Dev.",
            "Hi, Dev again. We'd like to go up to 4 days a week from next month please.",
            "2 days a week",
            "4 days a week",
        ),
        (
            "김영숙 어르신 아들입니다. 어머니 방문목욕 주 1회로 신청할게요.",
            "김영숙 어르신 아들입니다. 다음 달부터는 주 2회로 늘려 주세요.",
            "주 1회",
            "주 2회",
        ),
    ],
)
def test_a_relative_s_later_frequency_replaces_the_one_they_booked(isolated_env, tmp_path, first, change, old, new):
    conversations = [
        [("customer", first)],
        [("customer", "Is there parking at the centre? 주차 돼요?")],
        [("customer", change)],
    ]
    with _run(tmp_path / "relayed", conversations) as store:
        facts = store.facts.list(statuses=["active", "replaced", "retracted"])
        held = [f for f in facts if old in " ".join(e.quote for e in f.evidence if e.role == "customer")]
        assert held and all(f.status == "replaced" for f in held)
        assert any(f.status == "active" and new in f.text for f in facts)


def test_without_the_mark_the_booked_frequency_stays_active(isolated_env, tmp_path, monkeypatch):
    from mem.customers import slots

    monkeypatch.setattr(slots, "holder_view", lambda group, text: text)  # the mark read as nothing
    conversations = [
        [
            (
                "customer",
                "Hello, I'd like to book my mother, Mrs Asha Rao, into the lunch club 2 days a week "
                "please. I'm her son Dev.",
            )
        ],
        [("customer", "Hi, Dev again. We'd like to go up to 4 days a week from next month please.")],
    ]
    with _run(tmp_path / "unmarked", conversations) as store:
        facts = store.facts.list(statuses=["active"])
        assert any("2 days a week" in f.text for f in facts)
