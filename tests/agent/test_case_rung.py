"""The rule that holds the customer's own case, and the nearly-as-close sentence (eighteenth round, docs/ask.md).

A page often states a ladder of rules for cases of one kind ("4.1 more than 14 days before … 4.2 between 14 and 4
days … 4.3 fewer than 4 days"); when the sentences chosen speak of other cases only, the rung that holds the
customer's case is quoted with them (``with_case_rung``). A sentence nearly as close in meaning as the best one
(``QUOTE_CLOSE``) is quoted too, and what the answer states in short is read without it.
"""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import MAX_SENTENCES, RuleQuote, holds_case, with_case_rung
from mem.agent.semantic import CLOSE, QUOTE_CLOSE, Match, fused_rule

LADDER = ("4.1 If you cancel more than 14 days before the class, we refund the class fee in full minus an £8 fee.\n"
          "4.2 If you cancel between 14 and 4 days before the class, we offer a credit note for the full fee.\n"
          "4.3 If you cancel fewer than 4 days before the class, no refund or credit is given.\n"
          "4.4 Deposits for courses are non-refundable once paid.\n")
R1, R2, R3, R4 = [line.strip() for line in LADDER.splitlines()]
TEN_DAYS = "I have to cancel the pasta class which is 10 days from now. Money back?"


@pytest.mark.parametrize(("question", "sentence", "held"), [
    # the time left before an event against windows before it
    (TEN_DAYS, R1, False),
    (TEN_DAYS, R2, True),
    (TEN_DAYS, R3, False),
    (TEN_DAYS, R4, None),
    ("I have to cancel, the class is 2 days from now.", R3, True),
    ("탑승 5일 전에 취소하면 돌려받나요?", "7일 전까지 취소한 경우에만 환불됩니다.", False),
    ("탑승 9일 전에 취소하면 돌려받나요?", "7일 전까지 취소한 경우에만 환불됩니다.", True),
    # a time past, in the customer's short units
    ("I'll be about 10 min late dropping the car off, will that cost me anything?",
     "Up to 15 minutes late: no charge, as a grace period.", True),
    ("I'll be about 10 min late dropping the car off, will that cost me anything?",
     "From 16 minutes late: the normal hourly rate for the extra time.", False),
    ("I bought it 20 days ago, can I return it?", "Items may be returned within 14 days of delivery.", False),
    ("I bought it 10 days ago, can I return it?", "Items may be returned within 14 days of delivery.", True),
    # an hour of the day against hours and windows
    ("퇴근하고 출발하면 밤 11시쯤 도착할 것 같은데 괜찮을까요",
     "관리동은 밤 12시까지 운영하므로, 오후 10시 이후에 도착하는 이용자는 미리 전화로 알려야 합니다.", True),
    ("퇴근하고 출발하면 밤 11시쯤 도착할 것 같은데 괜찮을까요",
     "입실 시간은 오후 3시부터이며, 퇴실 시간은 오전 11시까지입니다.", False),
    # no case told, or no bound of its kind
    ("Can I cancel the class?", R1, None),
    ("I'll be 10 minutes late, is that ok?", "Please tell us if you are going to be late.", None),
])
def test_whether_a_rule_holds_the_customers_case(question, sentence, held):
    assert holds_case(question, sentence) is held


def test_the_rung_holding_the_case_is_quoted_second_when_the_chosen_speak_of_other_cases():
    assert with_case_rung(TEN_DAYS, [R1], [R3, R2, R4]) == [R1, R2]
    # room is made by leaving the last one out
    assert with_case_rung(TEN_DAYS, [R1, R3, R4], [R2]) == [R1, R2, R3]
    assert len(with_case_rung(TEN_DAYS, [R1, R3, R4], [R2])) == MAX_SENTENCES


def test_the_quote_is_kept_when_a_chosen_sentence_holds_the_case_or_none_speaks_of_cases():
    assert with_case_rung(TEN_DAYS, [R2, R1], [R3]) == [R2, R1]  # the case's rung is quoted already
    assert with_case_rung(TEN_DAYS, [R4], [R2]) == [R4]  # nothing chosen speaks of another case
    assert with_case_rung("Can I cancel the class?", [R1], [R2]) == [R1]  # no case told
    assert with_case_rung(TEN_DAYS, [R1], []) == [R1]  # no rung holds it


def test_the_rung_is_looked_for_only_among_the_most_similar_sentences():
    from mem.agent.rule_quote import CASE_RUNG_DEPTH

    far = [f"Other sentence number {n}." for n in range(CASE_RUNG_DEPTH)]
    assert with_case_rung(TEN_DAYS, [R1], far + [R2]) == [R1]
    assert with_case_rung(TEN_DAYS, [R1], far[:-1] + [R2]) == [R1, R2]


def test_the_fused_quote_takes_the_rung_for_the_question_the_lexical_choice_was_made_for(monkeypatch):
    from mem.agent import semantic

    match = Match(page_id="cancel", sentence=R1, similarity=0.9, score=0.9,
                  following=((0.89, R3), (0.88, R2), (0.8, R4)))
    rule = fused_rule(LADDER, RuleQuote(question=TEN_DAYS), match, threshold=0.5, answers=True)
    # the rung is read; the next rung, which says no ("no refund or credit") and is scored within ``CARVE_OUT`` of
    # the candidate, is shown beside it (twenty-seventh round), never read for the answer in short
    assert rule.sentences == [R1, R2, R3]
    assert rule.ranked == [R1, R2]
    monkeypatch.setattr(semantic, "CARVE_OUT", None)
    assert fused_rule(LADDER, RuleQuote(question=TEN_DAYS), match, threshold=0.5, answers=True).sentences == [R1, R2]
    # without the question (a lexical choice made elsewhere) the quote is the most similar sentence alone
    plain = fused_rule(LADDER, RuleQuote(), match, threshold=0.5, answers=True)
    assert plain.sentences == [R1]


def test_a_sentence_nearly_as_close_is_quoted_and_not_read_for_the_answer_in_short():
    assert CLOSE < QUOTE_CLOSE
    match = Match(page_id="cancel", sentence=R4, similarity=0.9, score=0.9, shown=(R3,),
                  following=((0.9 - (CLOSE + QUOTE_CLOSE) / 2, R3),))
    rule = fused_rule(LADDER, RuleQuote(), match, threshold=0.5, answers=True)
    assert rule.sentences == [R3, R4]  # in page order
    assert rule.ranked == [R4]  # what the answer states in short is read from the best sentence alone
    # one already chosen is not quoted twice, and a full quote takes no more
    full = Match(page_id="cancel", sentence=R1, similarity=0.9, score=0.9, close=(R2,), shown=(R3,))
    lexical = RuleQuote(sentences=[R4], chosen=[R4])
    assert fused_rule(LADDER, lexical, full, threshold=0.5, answers=True).sentences == [R1, R2, R4]


def test_a_message_too_long_to_tell_one_case_is_not_read_and_costs_nothing(assert_linear):
    from mem.agent.rule_quote import CASE_READ_MAX

    long = "1" * 200_000
    assert holds_case(TEN_DAYS + long, R2) is None
    assert holds_case(TEN_DAYS, R2 + long) is None
    assert with_case_rung(TEN_DAYS + long, [R1], [R2]) == [R1]

    def read(n: int) -> None:
        holds_case(TEN_DAYS + "1" * n, R2), holds_case(TEN_DAYS, R2 + "1" * n)
        with_case_rung(TEN_DAYS + "1" * n, [R1], [R2])

    assert_linear(read, 200_000)
    assert holds_case(TEN_DAYS + " " * (CASE_READ_MAX - len(TEN_DAYS) - 1), R2) is True
