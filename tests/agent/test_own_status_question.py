"""A status question about the customer's own record is not answered yes or no from a policy rule (new-user report
24 #10): "Is my subscription cancelled?" is not "may I cancel it?"."""

from __future__ import annotations

import pytest

from mem.agent.compose import asks_own_status


@pytest.mark.parametrize(
    "question",
    [
        "Is my tea subscription cancelled?",
        "Has my refund gone through yet?",
        "Was my parcel shipped?",
        "제 정기배송은 해지됐나요?",
        "私の定期便は解約されましたか？",
    ],
)
def test_a_question_about_the_own_record_asks_for_its_status(question):
    assert asks_own_status(question)


@pytest.mark.parametrize(
    "question",
    [
        "Can I cancel my tea subscription?",
        "Can I get a refund if my parcel was damaged?",
        "Is my order eligible for a refund?",
        # a rule's own question about the customer's thing (review24): a word a rule grants by, or a condition
        "Is my dog allowed in the cabin?",
        "Are my bags included in the fare?",
        "Is my e-bike covered if it is stolen from the station?",
        "Is my booking confirmed once I have paid the deposit?",
        "정기배송 해지할 수 있나요?",
        "定期便は解約できますか？",
    ],
)
def test_a_may_i_question_is_not_one(question):
    assert not asks_own_status(question)


SUBSCRIPTIONS = "A subscription can be cancelled at any time from the account page.\n"


@pytest.mark.parametrize(
    ("question", "yes"),
    [
        ("Is my coffee subscription cancelled?", False),
        ("私の定期便は解約されていますか？", False),
        ("Can I cancel my coffee subscription?", True),
    ],
)
def test_the_answer_says_no_yes_from_a_rule_to_a_status_question(question, yes):
    from mem.agent.answering import answer_question
    from tests.agent.conftest import FakeService, page

    service = FakeService([page("subscriptions", "policy", "Subscriptions", 1, SUBSCRIPTIONS)])
    answer = answer_question(question, service=service, customer=None)
    assert ("Yes — the rule below allows it" in answer.text) is yes, answer.text
    assert "はい — " not in answer.text
    if not yes and question.isascii():
        assert "can be cancelled at any time" in answer.text  # the rule is still quoted
