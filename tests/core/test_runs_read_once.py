"""Patterns that read a run once still match what they matched when they read it from every character.

The eighteenth round made the last quadratic patterns linear (``tests/test_pattern_scaling.py``): a start inside a
run of blanks or digits is skipped, since the run's first character reaches everything a later one does. Where a
match can end inside a run — a Korean reason's own blank, a Japanese condition run into the next — the next match
must still start there. These are the cases where skipping would have changed a result.
"""

from __future__ import annotations

from mem.agent import rule_quote
from mem.core.text.sentences import page_sentences
from mem.customers import slots


def test_a_clause_cut_starts_inside_the_blanks_a_korean_reason_ended_in():
    # "때문에 " ends on one blank of two; the cut before "and" starts on the second
    text = "회사 때문에  and we moved to Busan"
    assert [m.span() for m in slots._OWNER_CUT.finditer(text)] == [(3, 7), (7, 8)]


def test_a_condition_run_into_the_next_is_found_after_it():
    conditions = rule_quote._CONDITION_CLAUSE
    korean = "연락하지 않으면 환불이 없는 경우에는 교환만 됩니다."
    japanese = "期限内に連絡しないと返金されない場合は、返品できません。"
    assert [m.span() for m in conditions.finditer(korean)] == [(0, 9), (13, 21)]
    assert [m.span() for m in conditions.finditer(japanese)] == [(0, 20)]


def test_a_number_is_read_whole_from_its_first_digit():
    text = "Refunds take 5 - 7 business days, or 1.5 weeks, except for sale items."
    assert [m.group(0) for m in rule_quote._CASE_TIME.finditer(text)] == ["7 business days", "1.5 weeks"]
    assert rule_quote._EXCEPTION.search(text).group(0) == "except for sale items"
    assert rule_quote._CLAUSE_NUMBER.match("  1.2 Refunds ").group(0) == "  1.2 "
    assert rule_quote._CLAUSE_NUMBER.match("3) Returns ").group(0) == "3) "
    assert [m.group(0) for m in rule_quote._CLAUSE_NUMBER.finditer("1.  2. x")] == ["1. ", " 2. "]


def test_an_indented_item_letter_after_a_line_break_ends_no_sentence():
    text = "가. 상품이 도착했습니다.\n  나. 환불은 7일 이내입니다.\n\n다. 교환은 안 됩니다."
    assert page_sentences(text) == ["가. 상품이 도착했습니다.", "나. 환불은 7일 이내입니다.", "다. 교환은 안 됩니다."]


def test_an_order_value_is_still_read_after_a_run_of_dashes():
    assert slots._ORDER_VALUE.search("order ----A-7731 please").group(0) == "A-7731"
    assert slots._ORDER_VALUE.search("order ---- 7731").group(0) == "7731"
