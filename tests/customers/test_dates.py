from __future__ import annotations

from datetime import date

import pytest

from mem.customers.dates import find_dates, resolve_date

REF = date(2025, 10, 1)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I bought it yesterday", date(2025, 9, 30)),
        ("the day before yesterday", date(2025, 9, 29)),
        ("two days ago", date(2025, 9, 29)),
        ("3 weeks ago", date(2025, 9, 10)),
        ("last week", date(2025, 9, 24)),
        ("last month", date(2025, 9, 1)),
        ("on 9/28", date(2025, 9, 28)),
        ("on Sept 28", date(2025, 9, 28)),
        ("8 May, 2023", date(2023, 5, 8)),
        ("2024-02-29", date(2024, 2, 29)),
        ("last Monday", date(2025, 9, 29)),
        ("on Friday", date(2025, 9, 26)),
        ("next Tuesday", date(2025, 10, 7)),
        ("tomorrow", date(2025, 10, 2)),
    ],
)
def test_english(text, expected):
    assert resolve_date(text, REF) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("어제 주문했어요", date(2025, 9, 30)),
        ("그저께 받았어요", date(2025, 9, 29)),
        ("지난주에 샀어요", date(2025, 9, 24)),
        ("3일 전에", date(2025, 9, 28)),
        ("이틀 전", date(2025, 9, 29)),
        ("9월 28일에 요청했어요", date(2025, 9, 28)),
        ("지난주 금요일", date(2025, 9, 26)),
        ("작년에", date(2024, 10, 1)),
    ],
)
def test_korean(text, expected):
    assert resolve_date(text, REF) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("昨日注文しました", date(2025, 9, 30)),
        ("一昨日届きました", date(2025, 9, 29)),
        ("先週買いました", date(2025, 9, 24)),
        ("3日前に", date(2025, 9, 28)),
        ("9月28日に", date(2025, 9, 28)),
        ("先週の金曜日", date(2025, 9, 26)),
        ("月曜日に", date(2025, 9, 29)),
    ],
)
def test_japanese(text, expected):
    assert resolve_date(text, REF) == expected


def test_relative_to_the_conversation_not_today():
    assert resolve_date("yesterday", date(2020, 1, 1)) == date(2019, 12, 31)


def test_month_day_without_year_takes_the_nearest_occurrence():
    assert resolve_date("on 12/30", date(2026, 1, 2)) == date(2025, 12, 30)
    assert resolve_date("on 1/3", date(2025, 12, 30)) == date(2026, 1, 3)


def test_no_date_means_the_conversation_date_and_words_are_not_dates():
    assert resolve_date("I may go to Japan", REF) == REF
    assert find_dates("日本に行きました", REF) == []
    assert find_dates("on 2/30", REF) == []
