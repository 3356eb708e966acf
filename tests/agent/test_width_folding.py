"""The lexical engine reads a page's terms and a question's in one width (``search_form``): full-width digits and
letters as ASCII, half-width katakana as full-width, so "10km" asked meets "１０km" written (twenty-eighth round)."""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import choose_rule
from mem.core.text.search_form import search_form

FEES_JA = ("【参加料】 種目: ハーフマラソン; 一般: ６，５００円; 高校生以下: ３，５００円.\n"
           "【参加料】 種目: １０km; 一般: ４，５００円; 高校生以下: ２，５００円.\n")
CANCEL_JA = "ﾍﾟｯﾄの同伴はできません。\nｷｬﾝｾﾙ料は前日から５０％です。\n"
DISCOUNT_KO = "일반 회원은 5% 할인을 받습니다.\nＶＩＰ 회원은 무료 배송과 １０% 할인을 받습니다.\n"
RETURNS_EN = ("Standard members get free returns within 30 days.\n"
              "Ｐｒｅｍｉｕｍ members get free returns within ６０ days.\n")


@pytest.mark.parametrize("body, question, wanted", [
    (FEES_JA, "高校生が10kmに出る場合の参加料を教えてください", "１０km"),  # full-width digits on the page
    # full-width in the question
    (FEES_JA.replace("１０km", "10km"), "高校生が１０ｋｍに出る場合の参加料を教えてください", "10km"),
    (CANCEL_JA, "キャンセル料はいくら？", "ｷｬﾝｾﾙ料"),  # half-width katakana on the page
    (DISCOUNT_KO, "VIP 회원 할인은 얼마예요?", "ＶＩＰ"),
    (RETURNS_EN, "How long do Premium members have for free returns?", "Ｐｒｅｍｉｕｍ"),
    (RETURNS_EN.replace("Ｐｒｅｍｉｕｍ", "Premium"), "How long do Ｐｒｅｍｉｕｍ members have for free returns?",
     "Premium members"),
])
def test_a_term_written_in_another_width_meets_the_question(body, question, wanted):
    chosen = choose_rule(body, question).chosen
    assert chosen and wanted in chosen[0], chosen


def test_the_row_of_another_figure_is_not_chosen_for_it():
    # widths folded, "10km" still is not "ハーフマラソン": the other row is not quoted for it
    chosen = choose_rule(FEES_JA, "ハーフマラソンの参加料は？").chosen
    assert chosen and "ハーフマラソン" in chosen[0] and "１０km" not in chosen[0]


def test_search_form_folds_widths_only():
    assert search_form("１０ｋｍ　ＶＩＰ") == "10km VIP"
    assert search_form("ｶﾞｲﾄﾞ ﾊﾟｽﾎﾟｰﾄ") == "ガイド パスポート"  # the voicing mark joined to its kana
    assert search_form("ﾡￂ") == "가"  # half-width Hangul jamo: a lead and a vowel are a syllable
    assert search_form("４，５００円（税込）") == "4,500円(税込)"
    # not widths: NFKC would change them, search keeps them
    assert search_form("① 10㎞ x² ﬁle") == "① 10㎞ x² ﬁle"
    assert search_form("가나다 かな カナ 漢字") == "가나다 かな カナ 漢字"
