"""What an answer says first: "In short" of the kind a key phrase names and of the row the question's number names, a
yes only for the thing asked, the cross-language fallback quoting a rule (never a heading), and the "no rule" nearest
page named but not cited (new-user report 31, findings 6, 7, 10 and 12)."""

from __future__ import annotations

from mem.agent.answering import answer_question
from mem.agent.rule_quote import in_short, rule_across_languages
from tests.agent.conftest import FakeService, page

FEES = ["Plan: Fibre 500; Charge: £28 per month; Multiplied by: Months left in the term.",
        "We do not charge an early termination charge when you leave under 3.2, 11.1 or 13.3."]


def test_a_compound_named_by_its_head_asks_for_money():
    """"the early termination charge" asks for money as "the charge" does: the row's £28, not a clause reference."""
    assert in_short("If I leave Fibre 500 now, what is the early termination charge?", FEES) == ("figure", "£28")
    # the clean twin: a question that names no kind still gets the first figure of the best sentence
    assert in_short("Fibre 500, what about it?", FEES[:1]) == ("figure", "£28")


def test_the_question_s_own_number_names_the_row_it_asks_for():
    """"Fibre 500" names the row as its words would: the row's £28, not the £12 of a sentence that holds more of the
    question's other words (a table's last row glued to the paragraph under it)."""
    glued = "Handset plan Handset balance + £12 per month We do not charge an early termination charge when you leave."
    assert in_short("If I leave Fibre 500 now, what is the early termination charge?", [FEES[0], glued]) == (
        "figure", "£28")
    # the clean twin: with no number of its own, the question's words choose the sentence as before
    assert in_short("If I leave early, what is the early termination charge?", [FEES[0], glued]) == (
        "figure", "£12")


def test_a_yes_for_is_there_needs_the_thing_in_the_deciding_sentence():
    """"Is there a fair use limit …?" on a roaming row whose cell says "Fair use 15GB": the row names no limit, so
    no yes is said; a sentence that names the limit still says yes."""
    row = ["Zone: Europe Zone; Daily charge: £2.25 per day; Data: Fair use 15GB."]
    assert in_short("Is there a fair use limit on mobile data?", row) is None
    assert in_short("Is there a fair use limit on mobile data?",
                    ["Unlimited mobile data has a fair use limit of 650GB a month."]) == ("yes", "")


BILLING = """## 6.1 Your bill

We bill monthly in advance for your plan.

## 6.2 Paying

You may pay by Direct Debit or by card.
"""
LATE = "If a bill is not paid 14 days after its due date we charge a late payment fee of £10.\n"


def test_the_cross_language_fallback_never_quotes_a_heading():
    sentence = rule_across_languages(BILLING, "支払い方法は？")
    assert sentence != "6.2 Paying"
    assert rule_across_languages("## 6.2 Paying\n", "支払い方法は？") is None


def test_the_cross_language_fallback_takes_the_best_rule_over_every_page():
    """A Japanese question on a late fee: the later page that states the late fee, not the first page whose
    sentence holds a word of it."""
    service = FakeService([page("billing-and-payments", "policy", "Billing and payments", 1, BILLING),
                           page("late-payment", "policy", "Late payment", 1, LATE)])
    answer = answer_question("支払いが遅れたら延滞料金はいくらですか？", service=service, customer=None)
    assert "late payment fee of £10" in answer.text, answer.text
    assert "6.2 Paying" not in answer.text


def test_the_nearest_page_of_no_rule_is_named_but_not_cited():
    service = FakeService([page("roaming", "policy", "Roaming", 1, "Roam Pass costs £2.25 a day in Europe.\n"
                                                                    "Calls to the UK are included.\n")])
    answer = answer_question("Which roaming plan suits a student?", service=service, customer=None)
    assert "No rule in the policy was found to match this question; the nearest page is Roaming (roaming, version " \
           "1)." in answer.text, answer.text
    # the lexical choice may miss a paraphrase the page answers: nothing is claimed of the page (new-user report 32 #5)
    assert "says nothing" not in answer.text
    assert not [c for c in answer.citations if c.block.memory == "policy"]
    # the clean twin: a page that answers is cited
    answer = answer_question("How much is Roam Pass in Europe?", service=service, customer=None)
    assert "No rule in the policy" not in answer.text
    assert [c.block.id for c in answer.citations if c.block.memory == "policy"] == ["roaming"]
