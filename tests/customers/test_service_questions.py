"""newuser22 #12: a question-word question about what the service will do states nothing about the customer (issue
10: "drop … questions that state nothing"); a question that gives a value or asks for an action still counts."""

from __future__ import annotations

from datetime import date

import pytest

from mem.customers.fact_candidates import Turn, deterministic_candidates
from mem.customers.service_questions import without_the_question_s_verb

DAY = date(2026, 12, 6)


def _found(text: str) -> list[tuple[str, str | None, str]]:
    turns = [Turn(id="t0", role="customer", text=text, day=DAY)]
    return [(c.kind, c.slot.name if c.slot else None, c.text)
            for c in deterministic_candidates(turns, log_id="c1", reference=DAY)]


@pytest.mark.parametrize("question", [
    "Which address will you ship my next order to?",   # the report's operator check
    "When can you deliver it?",
    "Where will you send it?",
    "Hi, which courier will you use for my parcel?",
    "How soon can you get it here?",
    "What time will you deliver it?",
])
def test_a_question_about_what_the_service_will_do_is_no_fact(question):
    assert _found(question) == []


@pytest.mark.parametrize("sentence, kind, slot", [
    ("Can you send it to my new flat at 4 Elm Road?", "request", "address"),      # a question carrying a value
    ("When can you deliver to my new flat at 4 Elm Road?", "attribute", "address"),
    ("When will you refund me?", "request", None),                               # a remedy asked for
    ("So what will you do now, can you send a new one?", "request", None),       # a request after the question
    ("Could you ship my next order to my office?", "request", None),             # the modal opens it: a request
    ("Which one, could you please send it today?", "request", None),
    # a remedy or an act for the customer asked after the question word: still a request
    ("When can you send a replacement for my broken mug?", "request", None),
    ("What time could you call me back?", "request", None),
    ("What will you do about the wrong colour mug you sent me?", "request", None),
    ("Which day can you collect the faulty kettle?", "request", None),
])
def test_a_question_that_asks_for_an_action_or_gives_a_value_still_counts(sentence, kind, slot):
    [(found_kind, found_slot, _)] = _found(sentence)
    assert (found_kind, found_slot) == (kind, slot)


def test_only_the_opening_question_verb_is_taken_away():
    assert without_the_question_s_verb("Which address will you ship it to?") == " ship it to?"
    assert without_the_question_s_verb("Could you ship it?") == "Could you ship it?"
    assert without_the_question_s_verb("Which one, and could you ship it?") == "Which one, and could you ship it?"
