"""The figure an answer states in short (thirtieth round): the figure of the kind the question asks for when another
quoted sentence holds one, and the figure of the item the question's own number names ("the 30 hour course" on "£899
for 20 hours, £1,299 for 30 hours"). The sentences are written for these tests."""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import figure_of, in_short

CLAIMS = ["You can make a maximum of 2 price match claims per order.",
          "Claims must be made within 14 days of purchase."]


def test_a_question_for_a_time_gets_the_quoted_time_before_another_sentence_s_count():
    assert in_short("How long do I have to claim a price match?", CLAIMS) == ("figure", "within 14 days")


def test_a_question_for_a_count_still_gets_the_count():
    # look-alike: the count is what is asked, the 14 days are not
    assert in_short("How many price match claims can I make per order?", CLAIMS) == (
        "figure", "a maximum of 2 price match claims")


def test_no_sentence_of_the_kind_asked_keeps_the_first_figure():
    # nothing of the kind asked (a time) is quoted: the best sentence's figure, as before
    assert in_short("How long do price match claims take?", CLAIMS[:1]) == (
        "figure", "a maximum of 2 price match claims")


def test_a_key_word_alone_asks_for_no_kind():
    # look-alike: "old" names an age as a key word, but the question's wording asks for no figure of a kind
    sentences = ["We take your old mattress away for £35.", "Book at least 24 hours before delivery."]
    assert in_short("Need to get rid of the old mattress when the new bed comes. possible?", sentences) == (
        "figure", "£35")


COURSES = "Prices: £899 for 20 hours, £1,299 for 30 hours and £1,649 for 40 hours."


@pytest.mark.parametrize(("sentence", "question", "figure"), [
    (COURSES, "how much is the 30 hour intensive?", "£1,299"),
    (COURSES, "how much is the 40 hours one?", "£1,649"),
    ("Departures: half marathon 9:00, 10km 9:20, family run 11:00.", "what time is the 10km?", "9:20"),
    ("区分: 原付; 一時利用: 300円; 定期（1か月）: 3,200円; 定期（3か月）: 9,000円.", "原付の3か月定期っていくら？",
     "9,000円"),
])
def test_the_question_s_own_number_with_its_unit_names_the_item(sentence, question, figure):
    assert figure_of(sentence, question) == figure


@pytest.mark.parametrize(("sentence", "question", "figure"), [
    # a number with another unit names nothing here ("30 minutes" is no "30 hours")
    (COURSES, "how much if I arrive 30 minutes late?", "£899"),
    # a 1 of a unit is how a rule writes a price per unit, never an item's name
    ("Tent pitch: 7 nights £120, 1 night £20.", "how much for 1 night?", "£120"),
])
def test_a_number_of_another_unit_or_a_one_names_no_item(sentence, question, figure):
    assert figure_of(sentence, question) == figure


def test_a_yes_no_question_s_number_is_the_customer_s_case_not_an_item_s_name():
    assert in_short("I did 30 hours already, can I still book?", [COURSES]) != ("figure", "£1,299")


def test_the_question_s_words_decide_before_its_numbers():
    # the number names the pass, the word the price of it: "청소년" stands by its own price
    sentence = "90일권의 요금은 일반 360,000원, 청소년 250,000원입니다."
    assert figure_of(sentence, "90일권 청소년은 얼마예요?") == "250,000원"
