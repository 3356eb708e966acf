"""The customer's calendar date is their case, not a word the rule must name (docs/ask.md, thirty-second round)."""

from __future__ import annotations

from mem.agent.case_words import told_dates
from mem.agent.rule_quote import choose_rule, question_units

STUDENTS = ("Full-time students with a current student card get 10% off Flex prices for their first 6 months.\n"
            "The discount cannot be combined with Renewed pricing.\n")
MEMBERSHIP_KO = "가입비는 받지 않습니다.\n회원 등급은 매년 다시 정합니다.\n"
HOURS_JA = "ベッドのお届けは午前のみです。\n冷蔵庫のお届けは午後も承ります。\n"


def _keys(question: str) -> list[str]:
    """The words a rule must hold (a told date's words count only where a rule holds them)."""
    return [u.word for u in question_units(question) if u.key and not u.told_date]


def test_dates_in_three_languages_are_found():
    assert told_dates("fri–mon 13 aug?") == ["13 aug"]
    assert "March" in told_dates("back in March, it's December now")
    assert told_dates("10월에 가도 돼요?") == ["10월에"]
    assert told_dates("4月から一人暮らし") == ["4月"]
    # "May" is also a modal: a month only beside a day; "12か月" is a length, not a date
    assert told_dates("may I pay later?") == []
    assert told_dates("12か月プランです") == []


def test_a_told_month_is_no_key_word_in_english():
    question = "student since March, do I still get the price in December?"
    assert "March" not in _keys(question) and "December" not in _keys(question)
    assert "student" in _keys(question)
    # before: the two months were half the question's key words, so the rule was "no rule"
    quote = choose_rule(STUDENTS, question, heading="Students")
    assert quote.sentences and quote.sentences[0].startswith("Full-time students")


def test_a_korean_date_leaves_no_particle_as_a_key_word():
    assert "월에" not in _keys("10월에 가입비 따로 있나요?")
    # before: "월에" was half the question's key words and no rule held it, so "no rule"
    assert choose_rule(MEMBERSHIP_KO, "10월에 가입비 있나요?", heading="회원").sentences == ["가입비는 받지 않습니다."]


def test_a_japanese_month_leaves_no_kanji_as_a_key_word():
    assert "月" not in _keys("4月からベッドを借りたいです")
    assert choose_rule(HOURS_JA, "4月にベッドを届けてもらえますか", heading="配送").sentences == [
        "ベッドのお届けは午前のみです。"]


def test_the_clean_twins_keep_their_words():
    # the same word outside a date stays required ("12か月" beside "4月"), and a question of dates alone keeps them
    assert "月" in _keys("12か月プランで4月から借りたい")
    assert _keys("August?") == ["August"]
    # a rule that names the customer's month still counts it: it is chosen over one that does not
    body = "Prices rise by a fixed amount every April.\nWe remind you of the new price before it starts.\n"
    assert choose_rule(body, "will the price rise this April?", heading="Prices").chosen[0].startswith(
        "Prices rise by a fixed amount every April")
    # no date, no change: a rule that holds none of the question's topic is still "no rule"
    assert not choose_rule(STUDENTS, "Do you rent outdoor furniture?", heading="Students").sentences
    assert not choose_rule(STUDENTS, "Do you rent outdoor furniture in March?", heading="Students").sentences


def test_a_month_some_page_names_stays_required():
    # the policy's pages say whether a month is ever a topic: "april" is on a page (common), "march" on none (rarest)
    def rarity(terms: list[str]) -> dict[str, float]:
        return {t: 0.5 if t == "april" else 5.0 for t in terms}

    # April is named by a page, so a rule without it holds less of the question; March is named by none
    april = choose_rule(STUDENTS, "student since April, do I still get the price?", heading="Students", rarity=rarity)
    march = choose_rule(STUDENTS, "student since March, do I still get the price?", heading="Students", rarity=rarity)
    assert april.coverage < 1.0
    assert march.coverage == 1.0


def test_a_number_of_days_is_no_date():
    # (review32) a length or a count of days glued to its number — "7일이내", "5일째", "3日以内", "3日目" — is no
    # calendar date, as "12か月" is none; the customer's day of the month still is ("5일에", "3日に", "1月1日以降")
    assert told_dates("7일이내 반품되나요") == []
    assert told_dates("5일째 배송이 안 와요") == []
    assert told_dates("3일 동안 대여 가능한가요?") == []
    assert told_dates("購入後7日以内なら返品できますか") == []
    assert told_dates("3日目に壊れました") == []
    assert "일이내" in _keys("7일이내 반품되나요")
    assert told_dates("5일에 가도 돼요?") == ["5일에"]
    assert told_dates("3日に届けてください") == ["3日"]
    assert told_dates("1月1日以降の注文") == ["1月", "1日"]
