"""A figure with its unit that a table row writes glued to other text ("90kW以上", "10km이상", "£25pp") is a term of
its own, so a question's "90kW", "10km" or "£25" meets that row (twenty-ninth round)."""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import choose_rule, sentence_terms

CHARGERS_JA = ("充電器出力: 50kW未満; ベーシック: 27円; プレミアム: 16円.\n"
               "充電器出力: 50kW以上; ベーシック: 38円; プレミアム: 25円.\n"
               "充電器出力: 90kW以上; ベーシック: 55円; プレミアム: 38円.\n")
RACES_KO = ("종목: 5km이하; 일반: 20,000원; 학생: 10,000원.\n"
            "종목: 10km이상; 일반: 35,000원; 학생: 20,000원.\n")
TOURS_EN = "Tour | Length | Price\nWalking tour | 2hrs | £15pp.\nWalking tour | 4hrs | £25pp.\n"


@pytest.mark.parametrize("body, question, wanted, other", [
    (CHARGERS_JA, "ベーシックで90kWの充電器、1分いくら？", "90kW以上", "50kW"),
    (CHARGERS_JA, "ベーシックで50kWの充電器、1分いくら？", "50kW", "90kW"),
    (RACES_KO, "10km 종목 학생 참가비는 얼마예요?", "10km이상", "5km"),
    (TOURS_EN, "How much is the 4 hour walking tour?", "4hrs", "2hrs"),
    (TOURS_EN, "walking tour at £25, how long is it?", "£25pp", "2hrs"),
])
def test_the_row_that_writes_the_figure_glued_is_chosen(body, question, wanted, other):
    chosen = choose_rule(body, question).chosen
    assert chosen and wanted in chosen[0] and other not in chosen[0], chosen


def test_a_figure_no_row_holds_chooses_no_row_by_it():
    # 70kW is in no row: the glued terms give no row the figure, so it is not read as 50kW's or 90kW's
    assert "70kw" not in set().union(*(sentence_terms(row) for row in CHARGERS_JA.splitlines()))


@pytest.mark.parametrize("sentence, held, not_held", [
    ("充電器出力: 90kW以上; ベーシック: 55円", {"90kw"}, {"55", "90"}),  # "55円" is a figure with its unit, no more
    ("３일이내에 반납해 주세요", {"3일"}, {"3"}),
    ("５日間まで延長できます", {"5日間"}, {"5"}),
    ("Towel hire: £15pp", {"15"}, set()),
    ("12 km of trails", {"12", "km"}, {"12km"}),  # written apart: as before
])
def test_sentence_terms_hold_a_glued_figure_with_its_unit(sentence, held, not_held):
    terms = sentence_terms(sentence)
    assert held <= terms and not (not_held & terms), sorted(terms)
