"""Two pages of one title from two documents ("How do I cancel?" under Orders and under Lumora Plus): the answer
that quotes one says the other answers too, and quotes it (thirtieth round)."""

from __future__ import annotations

import pytest

from mem.agent.answering import answer_question
from mem.agent.compose import same_titled_answer
from tests.agent.conftest import FakeService, page

ORDERS = "You can cancel an order within 2 hours of placing it from the Orders page.\n"
PLUS = "You can cancel Lumora Plus at any time from Account settings; the membership runs to the paid month's end.\n"


@pytest.mark.parametrize("plus_title", ["How do I cancel? (Lumora Plus)", "How do I cancel?"])
def test_the_answer_quotes_the_same_titled_sibling_that_also_answers(plus_title):
    service = FakeService([page("how-do-i-cancel", "policy", "How do I cancel?", 1, ORDERS),
                           page("plus-how-do-i-cancel", "policy", plus_title, 1, PLUS),
                           page("where-is-my-parcel", "policy", "Where is my parcel?", 1,
                                "Track your parcel from the Orders page.\n")])
    answer = answer_question("How do I cancel?", service=service, customer=None)
    rule = answer.text.split("\n\n")[1]
    assert "within 2 hours of placing it" in rule and "at any time from Account settings" in rule
    assert "Another page of the same title also answers this" in rule
    assert {c.block.id for c in answer.citations if c.block.memory == "policy"} == {"how-do-i-cancel",
                                                                                 "plus-how-do-i-cancel"}


def test_a_page_of_another_title_is_no_sibling():
    service = FakeService([page("how-do-i-cancel", "policy", "How do I cancel?", 1, ORDERS),
                           page("cancelling-plus", "policy", "Cancelling Plus", 1, PLUS)])
    answer = answer_question("How do I cancel?", service=service, customer=None)
    assert "within 2 hours of placing it" in answer.text
    assert "Another page of the same title" not in answer.text


def test_brackets_do_not_hide_a_sibling_and_a_sibling_whose_sentence_does_not_answer_is_none():
    from mem.agent.blocks import Block

    def block(pid: str, title: str, number: int, answers: bool = True) -> Block:
        return Block("policy", pid, title, "x", version=1, status="active", quote="Refunds within 14 days.",
                     data={"answers": answers}, number=number)

    first = block("refunds-eu", "Refunds (EU)", 1)
    assert same_titled_answer(first, [first, block("refunds-uk", "Refunds (UK)", 2)]).id == "refunds-uk"
    assert same_titled_answer(first, [first, block("refunds-us", "Refunds (US)", 2, answers=False)]) is None
    assert same_titled_answer(first, [first, block("exchanges", "Exchanges (EU)", 2)]) is None
