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
