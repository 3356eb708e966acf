"""The figure an answer states first (In short / 요점 / 要点): read whole, and the one the question asks for."""

from __future__ import annotations

from mem.agent.followup import figures
from mem.agent.rule_quote import figure_of, in_short
from mem.core.text import ascii_figures


def test_full_width_digits_and_separators_read_as_ascii_in_the_same_places():
    text = "手数料は２，２００円、割引は１５％です。"
    assert ascii_figures(text) == "手数料は2,200円、割引は15%です。"
    assert len(ascii_figures(text)) == len(text)  # the places of what is found in it hold
    assert ascii_figures("plain 1,234.5 text") == "plain 1,234.5 text"


def test_a_full_width_thousands_separator_does_not_cut_the_amount():
    # ja, ko and en alike: the whole amount, never its last group
    assert in_short("代引き手数料はいくらですか？", ["代金引換の手数料は２，２００円です。"]) == ("figure", "2,200円")
    assert in_short("설치비는 얼마예요?", ["방문 설치비는 １２，５００원입니다."]) == ("figure", "12,500원")
    assert figure_of("The setup fee is ＄１，２５０.", "How much is the setup fee?") == "$1,250"
    # the figure's number is one amount when the customer's follow-up repeats it
    assert figures("じゃあ１，５００円なら？") == ["1,500"]


def test_the_figure_stated_is_the_one_of_the_clause_that_holds_the_question_words():
    # the best-ranked clause is about another act (the return window), the second about what is asked
    ranked = ["１　会員は、入会日から１４日以内に限り、退会を申し出ることができます。",
              "３　返金は、退会受付日から１０営業日以内に行います。"]
    assert in_short("返金っていつ頃になりますか", ranked) == ("figure", "10営業日以内")
    assert in_short("退会はいつまでできますか", ranked) == ("figure", "14日以内")
