"""A question whether a thing exists or is offered is answered only by a rule that names the thing (nineteenth
round): "Do you give a discount for paying by direct debit?" on a page whose rule is about paying by direct debit
shares the page's words but not what is asked — the answer says no rule matches instead of quoting it. The pages
and questions are written for these tests."""

from __future__ import annotations

import pytest

from mem.agent.answering import answer_question
from mem.agent.rule_quote import thing_asked, thing_not_held
from tests.agent.conftest import FakeService, page

PAYING = "You must pay by direct debit or by card each month.\nA late payment fee of £12 applies after 14 days.\n"


@pytest.mark.parametrize(("question", "thing"), [
    ("Do you give a discount for paying by direct debit?", ["discount"]),
    ("Is there customer parking at the depot?", ["customer", "parking"]),
    ("any good cafes near the harbour?", ["good", "cafes"]),
    ("We arrive late. Do you offer luggage storage?", ["luggage", "storage"]),
])
def test_the_thing_asked_is_the_noun_after_the_asking_words(question, thing):
    assert [u.word for u in thing_asked(question)] == thing


@pytest.mark.parametrize("question", [
    "Can I pay by direct debit?",  # asks no thing's existence
    "Is there any chance you'll refund it?",  # the noun leads into a clause: the clause is asked
    "Is there a way to pay monthly?",
    "how many rooms do you have altogether?",  # "do you have" inside a wh-question
])
def test_no_thing_is_asked(question):
    assert thing_asked(question) == []


def test_a_rule_without_the_thing_does_not_hold_it():
    sentences = ["You must pay by direct debit or by card each month."]
    assert thing_not_held("Do you give a discount for paying by direct debit?", sentences, "Paying")
    # look-alikes: the thing in the sentence, in the heading, or a charge asked and a price stated
    assert not thing_not_held("Do you give a discount for paying by direct debit?",
                              ["Paying by direct debit gives a 5% discount."], "Paying")
    assert not thing_not_held("Is there a discount for students?", ["Show a valid student card."], "Discounts")
    assert not thing_not_held("Is there a fee for paying late?", ["Paying late costs £12."], "Paying")


def test_the_answer_says_no_rule_for_a_thing_the_quoted_rule_does_not_name():
    service = FakeService([page("paying", "policy", "Paying", 1, PAYING)])
    said = answer_question("Do you give a discount for paying by direct debit?", service=service, customer=None).text
    assert "No rule in the policy" in said
    # look-alike: the question the page answers is still answered
    said = answer_question("Can I pay by direct debit?", service=service, customer=None).text
    assert "No rule in the policy" not in said and "direct debit" in said


def test_a_long_message_is_read_in_linear_time(assert_linear):
    assert_linear(lambda n: thing_asked("is there " + "a" * n), 200_000)
    assert_linear(lambda n: thing_asked("is there a " + "word " * n), 40_000)
