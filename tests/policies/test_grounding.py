"""Grounding of model-written text: numbers and dates must come from the source."""

from __future__ import annotations

from datetime import date

import pytest

from mem.policies.grounding import effective_date, find_dates, find_numbers, ungrounded

SOURCE = "Effective March 1, 2026. Refunds within 14 days; fees of 1,000 KRW; 50% for annual plans."


def test_find_dates_in_many_forms():
    dates, rest = find_dates("2026-03-01, March 1, 2026, 1 Mar 2026, 2026년 3월 1일, 2026年3月1日, 2026/13/40")
    assert dates == {date(2026, 3, 1)}
    assert "2026/13/40" in rest  # not a real date: left as numbers


def test_find_numbers_excludes_dates():
    assert find_numbers("On 2026-03-01 pay 1,000 or 2.5 within 14 days") == {1000.0, 2.5, 14.0}


@pytest.mark.parametrize("page, missing", [
    ("Refunds within 14 days, from 2026-03-01.", []),
    ("A fee of 1000 KRW, 50 percent for annual plans.", []),
    ("Refunds within 30 days.", ["30"]),
    ("Since 2026-04-01 refunds take 14 days.", ["2026-04-01"]),
    ("Within 14 days or 7 days, from April 2, 2026.", ["2026-04-02", "7"]),
])
def test_ungrounded(page, missing):
    assert ungrounded(page, SOURCE) == missing


@pytest.mark.parametrize("text, when", [
    ("Effective: 2026-03-01", date(2026, 3, 1)),
    ("This policy is effective from March 1, 2026 and replaces 2025-01-01.", date(2026, 3, 1)),
    ("Effective date - 1 April 2026", date(2026, 4, 1)),
    ("Updated 2026-01-01. No date after the word effective here.", None),
])
def test_effective_date(text, when):
    assert effective_date(text) == when


@pytest.mark.parametrize("text, day", [
    ("노스스타 약관\n\n시행일: 2026년 11월 1일\n\n제1조 (목적)", "2026-11-01"),
    ("시행 2026. 3. 1. (개정 2026. 2. 10.)", "2026-03-01"),
    ("제9조 (기타)\n① 회사는 약관을 시행일 7일 전부터 알립니다.\n\n부칙\n"
     "이 약관은 2026년 11월 1일부터 시행한다.", "2026-11-01"),
    ("旅行保険約款\n施行日：2026年11月1日", "2026-11-01"),
    ("附則\n本約款は、2026年11月1日から施行します。", "2026-11-01"),
    ("2026年4月1日 施行", "2026-04-01"),
    ("Version 5. Effective 1 November 2026.", "2026-11-01"),
    ("회사는 시행일 7일 전부터 알립니다.", None),
    ("本規約の施行に関し必要な事項は別に定める。", None),
])
def test_effective_date_reads_korean_and_japanese_lines(text, day):
    found = effective_date(text)
    assert (found.isoformat() if found else None) == day


_ARTICLES_KO = ("수리 약관\n\n제1조 (목적)\n이 약관은 수리 서비스를 정합니다.\n\n"
                "제2조 (정의)\n용어는 다음과 같습니다.\n\n"
                "제3조 (근거)\n회사는 「개인정보 보호법」(2023. 9. 15. 시행)에 따라 수리 기록을 보관합니다.\n")
_ARTICLES_JA = ("修理規約\n\n第1条（目的）\n本規約は修理サービスを定めます。\n\n"
                "第2条（定義）\n用語は次のとおりです。\n\n"
                "第3条（根拠）\n当社は個人情報保護法（2022年4月1日施行）に基づき記録を保管します。\n")


@pytest.mark.parametrize("text, day", [
    (_ARTICLES_KO, None),  # the first "<date> 시행" anywhere dated the page: the law's 2023-09-15
    (_ARTICLES_KO + "\n부칙\n이 약관은 2026년 11월 1일부터 시행한다.", "2026-11-01"),
    (_ARTICLES_KO + "\n제9조(시행일) 이 약관은 2026년 11월 1일부터 시행한다.", "2026-11-01"),
    (_ARTICLES_KO + "\n시행일: 2026년 11월 1일", "2026-11-01"),
    ("수리 약관 (2026. 3. 1. 시행)\n\n" + _ARTICLES_KO, "2026-03-01"),
    (_ARTICLES_JA, None),
    (_ARTICLES_JA + "\n附則\n本規約は、2026年11月1日から施行します。", "2026-11-01"),
])
def test_only_the_documents_own_effective_date_line_dates_it(text, day):
    found = effective_date(text)
    assert (found.isoformat() if found else None) == day


def test_a_korean_or_japanese_date_still_to_come_is_left_to_the_start_dates():
    text = "附則　本規約は、２０２７年４月１日から施行します。"
    assert effective_date(text).isoformat() == "2027-04-01"
    assert effective_date(text, until=date(2026, 12, 7)) is None
    assert effective_date("Effective 1 April 2027.", until=date(2026, 12, 7)).isoformat() == "2027-04-01"


@pytest.mark.parametrize("sep", ["\r", "\r\n", "\u2028", "\x0c\n"])
def test_a_line_is_one_thing_to_the_opening_lines_and_to_the_date_line(sep):
    # the opening lines were counted by ``splitlines`` and a date's line found by the last "\n" before it: with lines
    # ended by "\r" or U+2028 every date was "on the first line", and a form feed counted a line the search did not
    articles = (_ARTICLES_KO.replace("\n", sep), _ARTICLES_JA.replace("\n", sep))
    assert [effective_date(text) for text in articles] == [None, None]  # a cited law's date dates no page
    own = _ARTICLES_KO.replace("\n", sep) + sep + "부칙" + sep + "이 약관은 2026년 11월 1일부터 시행한다."
    assert effective_date(own) == date(2026, 11, 1)
    header = "수리 약관" + sep + "개정 안내" + sep + "(2026. 3. 1. 시행)" + sep + _ARTICLES_KO.replace("\n", sep)
    assert effective_date(header) == date(2026, 3, 1)
