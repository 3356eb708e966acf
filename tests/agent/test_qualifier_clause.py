"""The verdict and "In short" tied to the question's own condition and qualifier, and a "no rule" line that claims
nothing of the nearest page (new-user report 32, findings 3, 4 and 5)."""

from __future__ import annotations

from mem.agent.answering import answer_question
from mem.agent.language import phrase
from mem.agent.rule_quote import _asks_where, in_short
from tests.agent.conftest import FakeService, page

TICKETS = "Tickets cost £6 and include a hot drink; loyalty members pay £4."
POSTAGE = ("Return postage is free when the item arrived damaged or was the wrong item; otherwise a £3.50 return label "
           "is deducted from the refund.")
ADDRESS = 'You can change the delivery address or cancel an order while it is still "Processing".'
EXPIRED = "An expired gift card cannot be extended."


def test_the_question_s_qualifier_picks_the_clause_its_figure_is_read_from():
    assert in_short("How much does a ticket cost for loyalty members?", [TICKETS]) == ("figure", "£4")
    # the clean twin: without the qualifier the first clause answers, as before
    assert in_short("How much does a ticket cost?", [TICKETS]) == ("figure", "£6")


def test_free_under_a_condition_the_question_states_is_a_yes_and_under_one_it_does_not_it_depends():
    assert in_short("Is return postage free if the book arrived damaged?", [POSTAGE]) == ("yes", "")
    assert in_short("Is return postage free?", [POSTAGE]) == ("depends", "")


def test_an_allowance_under_a_condition_the_question_does_not_state_is_no_yes():
    assert in_short("Can I change the delivery address on an order that is already dispatched?", [ADDRESS]) == (
        "depends", "")
    # the clean twins: the question states the rule's condition, or names no case of its own
    assert in_short("Can I change the delivery address while my order is still processing?", [ADDRESS]) == ("yes", "")
    assert in_short("Can I change the delivery address on my order?", [ADDRESS]) == ("yes", "")


def test_a_negation_of_another_thing_than_the_one_asked_is_no_no():
    assert in_short("Do my gift cards ever expire?", [EXPIRED]) is None
    # nor does it turn another quoted rule's yes into a no
    assert in_short("Do my gift cards ever expire?", ["Gift cards expire 24 months after the date of purchase.",
                                                      EXPIRED]) == ("yes", "")
    # the clean twins: a negation of the thing asked, and a negated word that grants, still say no
    assert in_short("Can I extend an expired gift card?", [EXPIRED]) == ("no", "")
    assert in_short("Can I bring my dog to the café?", ["Dogs are not allowed in the café."]) == ("no", "")
    # a lone key word is the thing the negation speaks of
    assert in_short("If I cancel early, do I get the fee back?",
                    ["Even if you cancel early, the fee is not refunded."]) == ("no", "")


def test_a_where_question_gets_no_figure():
    delivery = ["Standard delivery takes 3 to 5 working days within the UK; Express delivery takes 1 working day."]
    assert in_short("Where do you deliver my orders?", delivery) is None
    assert in_short("주문을 어디로 배송해 주나요?", ["표준 배송은 3~5영업일이 걸립니다."]) is None
    assert in_short("どこに配送してもらえますか？", ["通常配送は3〜5営業日かかります。"]) is None
    # the clean twins: "how long" still asks for a figure, and "how far" (어디까지, どこまで) is no "where"
    assert in_short("How long does standard delivery take?", delivery) == ("figure", "3 to 5 working days")
    assert _asks_where("주문을 어디로 배송해 주나요?") and not _asks_where("어디까지 배송되나요?")
    assert not _asks_where("どこまで配送してもらえますか？") and not _asks_where("Where I live, how long is delivery?")


def test_no_rule_names_the_nearest_page_without_saying_it_says_nothing():
    service = FakeService([page("roaming", "policy", "Roaming", 1, "Roam Pass costs £2.25 a day in Europe.\n")])
    answer = answer_question("Which roaming plan suits a student?", service=service, customer=None)
    assert "No rule in the policy was found to match this question; the nearest page is Roaming (roaming, " \
           "version 1)." in answer.text, answer.text
    assert "says nothing" not in answer.text
    values = {"title": "Returns", "id": "returns", "version": 1}
    assert "찾지 못했습니다" in phrase("ko", "no_rule", **values) and "관련 내용이 없습니다" not in phrase(
        "ko", "no_rule", **values)
    assert "見つかりませんでした" in phrase("ja", "no_rule", **values) and "記載がありません" not in phrase(
        "ja", "no_rule", **values)


def test_a_yes_to_a_question_that_asks_no_leave_says_the_rule_says_so():
    service = FakeService([page("points", "policy", "Points", 1,
                                "Points expire 12 months after the month in which they were earned.\n"
                                "Points can be redeemed for a free hot drink.\n")])
    said = answer_question("Do my loyalty points expire?", service=service, customer=None).text
    assert "Yes — the rule below says so [1]." in said and "allows it" not in said, said
    # the clean twin: a may-I question keeps "allows it"
    said = answer_question("Can I redeem my points for a free hot drink?", service=service, customer=None).text
    assert "Yes — the rule below allows it [1]." in said, said


def test_a_question_about_what_was_said_gets_no_figure_from_a_rule():
    service = FakeService([page("membership", "policy", "Membership", 1,
                                "Membership is free and ends after 24 months without a purchase.\n")])
    said = answer_question("What did I ask you about my membership ending?", service=service, customer=None).text
    assert "In short" not in said and "Membership is free" in said, said
    # the clean twin: a question about the rule states its figure
    said = answer_question("When does my membership end?", service=service, customer=None).text
    assert "In short: after 24 months" in said, said
