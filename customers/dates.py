"""Relative and partial dates in English, Korean and Japanese, resolved against the conversation's date.

"yesterday" in a conversation held on 2025-09-28 means 2025-09-27, whatever day extraction runs,
so every function here takes the ``reference`` date explicitly and never reads the clock.

Conventions where a phrase names a period rather than a day (documented in docs/extraction.md):
"last week" / "지난주" / "先週" → the reference minus 7 days; "last month" → the same day of the
previous month (clamped to its length); "last year" → the same day a year earlier; a bare or
"last" weekday → the most recent such weekday strictly before the reference, "next" weekday → the
next one strictly after; a month/day without a year ("9/28", "Sept 28", "9월 28일", "9月28日") →
the occurrence of that day nearest to the reference.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from mem.core.text.pattern import LazyPattern, lazy


@dataclass(frozen=True)
class DateMention:
    """A date expression found in a text: its span, the words, and the day it resolves to."""

    start: int
    end: int
    expression: str
    value: date


_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple of": 2, "a couple of": 2,
    "few": 3, "a few": 3,
}
_MONTHS = {
    name: i for i, names in enumerate(
        [(), ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
         ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
         ("october", "oct"), ("november", "nov"), ("december", "dec")]
    ) for name in names
}
_WEEKDAYS_EN = {name: i for i, name in enumerate(
    ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))}
_WEEKDAYS_KO = {name: i for i, name in enumerate("월화수목금토일")}
_WEEKDAYS_JA = {name: i for i, name in enumerate("月火水木金土日")}
_KANJI_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_KO_NUMBERS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5}

_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(_WEEKDAYS_EN)
_NUM = r"(?P<n>\d+|a couple of|couple of|a few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"

# (pattern, resolver name). Longer phrases come first so "the day before yesterday" wins over
# "yesterday" and "一昨日" over "昨日".
_RULES: list[tuple[LazyPattern, str]] = [
    (lazy(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), "iso"),
    (lazy(r"(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일"), "iso"),
    (lazy(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"), "iso"),
    (lazy(r"\bthe day before yesterday\b", re.I), "minus2"),
    (lazy(r"\bday after tomorrow\b", re.I), "plus2"),
    (lazy(r"\b(?:yesterday|last night)\b", re.I), "minus1"),
    (lazy(r"\b(?:today|tonight|this morning|this afternoon|this evening)\b", re.I), "zero"),
    (lazy(r"\btomorrow\b", re.I), "plus1"),
    (lazy(r"\b" + _NUM + r"\s+(?P<u>day|week|month|year)s?\s+ago\b", re.I), "ago"),
    (lazy(r"\b(?:last|past|previous)\s+(?P<u>week|month|year|weekend)\b", re.I), "last_unit"),
    (lazy(r"\b(?:next)\s+(?P<u>week|month|year|weekend)\b", re.I), "next_unit"),
    (lazy(r"\bthis\s+(?P<u>week|month|year|weekend)\b", re.I), "zero"),
    (lazy(r"\b(?P<dir>last|next|this|on)?\s*(?P<wd>" + _WEEKDAY_NAMES + r")\b", re.I), "weekday_en"),
    (lazy(r"\b(?P<m>" + _MONTH_NAMES + r")\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{4}))?\b", re.I),
     "month_day"),
    (lazy(r"\b(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>" + _MONTH_NAMES + r")\b(?:,?\s+(?P<y>\d{4}))?",
                re.I), "month_day"),
    (lazy(r"(?<![\d/])(?P<m>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{4}))?(?![\d/])"), "month_day"),
    # Korean
    (lazy(r"그저께|그제|엊그제"), "minus2"),
    (lazy(r"어제|어젯밤"), "minus1"),
    (lazy(r"오늘|오늘밤"), "zero"),
    (lazy(r"모레"), "plus2"),
    (lazy(r"내일"), "plus1"),
    # (a count from its first digit, a weekday not from inside a run of blanks: from every character of a run each
    # was read to the run's end, quadratic; rev32)
    (lazy(r"(?P<n>(?<!\d)\d+|한|두|세|네|다섯)\s*(?P<u>일|주|주일|달|개월|년)\s*전"), "ago_ko"),
    (lazy(r"(?P<n>하루|이틀|사흘|나흘)\s*전"), "days_ago_ko"),
    (lazy(r"(?:(?<!\s)|(?!\s))(?P<dir>지난\s*주|저번\s*주|다음\s*주|이번\s*주|지난|저번|다음|이번)?\s*(?P<wd>[월화수목금토일])요일"),
     "weekday_ko"),
    (lazy(r"(?:지난|저번)\s*(?P<u>주|달|해)|(?P<prev>작년|지난해)"), "last_unit_ko"),
    (lazy(r"다음\s*(?P<u>주|달|해)|(?P<nxt>내년)"), "next_unit_ko"),
    (lazy(r"이번\s*(?:주|달)|올해"), "zero"),
    (lazy(r"(?P<m>\d{1,2})\s*월\s*(?P<d>\d{1,2})\s*일"), "month_day"),
    # Japanese
    (lazy(r"一昨日|おととい"), "minus2"),
    (lazy(r"昨日|きのう|昨夜|昨晩"), "minus1"),
    (lazy(r"今日|きょう|今朝|今夜|今晩"), "zero"),
    (lazy(r"明後日|あさって"), "plus2"),
    (lazy(r"明日|あした"), "plus1"),
    (lazy(r"(?P<n>(?<!\d)\d+|[一二三四五六七八九十])\s*(?P<u>日|週間|週|か月|ヶ月|カ月|ヵ月|年)\s*前"), "ago_ja"),
    (lazy(r"(?P<dir>先週|来週|今週)?の?(?P<wd>[月火水木金土日])曜日?"), "weekday_ja"),
    (lazy(r"先(?P<u>週|月)|(?P<prev>去年|昨年)"), "last_unit_ja"),
    (lazy(r"来(?P<u>週|月|年)"), "next_unit_ja"),
    (lazy(r"今週|今月|今年"), "zero"),
    (lazy(r"(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*日"), "month_day"),
]


# Every Korean or Japanese rule needs a non-ASCII character to match, so an ASCII text (most English
# turns) skips them: a third of the time extraction spent in this function, same results.
_ASCII_RULES = [(pattern, kind) for pattern, kind in _RULES if pattern.pattern.isascii()]


def find_dates(text: str, reference: date) -> list[DateMention]:
    """Every date expression in ``text`` resolved against ``reference``, in text order, not overlapping."""
    taken: list[tuple[int, int]] = []
    found: list[DateMention] = []
    for pattern, kind in _ASCII_RULES if text.isascii() else _RULES:
        for match in pattern.finditer(text):
            start, end = match.span()
            if start == end or any(start < e and s < end for s, e in taken):
                continue
            value = _resolve(kind, match, reference)
            if value is None:
                continue
            taken.append((start, end))
            found.append(DateMention(start, end, match.group(0).strip(), value))
    return sorted(found, key=lambda m: m.start)


def resolve_date(text: str, reference: date) -> date:
    """The day ``text`` is about: its first date expression, else the conversation's date."""
    mentions = find_dates(text, reference)
    return mentions[0].value if mentions else reference


def _resolve(kind: str, m: re.Match[str], ref: date) -> date | None:
    try:
        return _RESOLVERS[kind](m, ref)
    except (ValueError, OverflowError):
        return None  # "2/30" and the like are not dates


def _shift_months(ref: date, months: int) -> date:
    index = ref.year * 12 + ref.month - 1 + months
    year, month = divmod(index, 12)
    day = min(ref.day, calendar.monthrange(year, month + 1)[1])
    return date(year, month + 1, day)


def _ago(ref: date, n: int, unit: str) -> date:
    if unit == "day":
        return ref - timedelta(days=n)
    if unit == "week":
        return ref - timedelta(weeks=n)
    if unit == "month":
        return _shift_months(ref, -n)
    return _shift_months(ref, -12 * n)


def _count(raw: str) -> int:
    raw = raw.lower()
    if raw.isdigit():
        return int(raw)
    return _NUMBER_WORDS.get(raw) or _KO_NUMBERS.get(raw) or _KANJI_DIGITS.get(raw) or 1


def _weekday(ref: date, weekday: int, direction: str) -> date:
    monday = ref - timedelta(days=ref.weekday())
    # "next/last week's Tuesday" name a day of the neighbouring calendar week
    if direction in ("다음주", "来週"):
        return monday + timedelta(weeks=1, days=weekday)
    if direction in ("지난주", "저번주", "先週"):
        return monday - timedelta(weeks=1) + timedelta(days=weekday)
    if direction in ("this", "이번", "이번주", "今週"):
        return monday + timedelta(days=weekday)
    if direction in ("next", "다음"):
        return ref + timedelta(days=(weekday - ref.weekday()) % 7 or 7)
    delta = (ref.weekday() - weekday) % 7 or 7
    return ref - timedelta(days=delta)


def _nearest(ref: date, month: int, day: int, year: str | None) -> date:
    if year:
        return date(int(year), month, day)
    options = []
    for y in (ref.year - 1, ref.year, ref.year + 1):
        try:
            options.append(date(y, month, day))
        except ValueError:
            continue
    if not options:
        raise ValueError("no such day")
    return min(options, key=lambda d: (abs((d - ref).days), d > ref))


def _month_value(raw: str) -> int:
    return int(raw) if raw.isdigit() else _MONTHS[raw.lower().rstrip(".")]


_KO_UNITS = {"일": "day", "주": "week", "주일": "week", "달": "month", "개월": "month", "년": "year", "해": "year"}
_JA_UNITS = {"日": "day", "週": "week", "週間": "week", "か月": "month", "ヶ月": "month", "カ月": "month",
             "ヵ月": "month", "月": "month", "年": "year"}


def _last_unit(unit: str, ref: date) -> date:
    if unit == "weekend":
        return ref - timedelta(days=(ref.weekday() - 5) % 7 or 7)
    return _ago(ref, 1, unit)


def _next_unit(unit: str, ref: date) -> date:
    if unit == "weekend":
        return ref + timedelta(days=(5 - ref.weekday()) % 7 or 7)
    return _ago(ref, -1, unit)


_RESOLVERS = {
    "iso": lambda m, ref: date(int(m.group(1)), int(m.group(2)), int(m.group(3))),
    "zero": lambda m, ref: ref,
    "minus1": lambda m, ref: ref - timedelta(days=1),
    "minus2": lambda m, ref: ref - timedelta(days=2),
    "plus1": lambda m, ref: ref + timedelta(days=1),
    "plus2": lambda m, ref: ref + timedelta(days=2),
    "ago": lambda m, ref: _ago(ref, _count(m.group("n")), m.group("u").lower()),
    "last_unit": lambda m, ref: _last_unit(m.group("u").lower(), ref),
    "next_unit": lambda m, ref: _next_unit(m.group("u").lower(), ref),
    "weekday_en": lambda m, ref: _weekday(ref, _WEEKDAYS_EN[m.group("wd").lower()], (m.group("dir") or "").lower()),
    "month_day": lambda m, ref: _nearest(ref, _month_value(m.group("m")), int(m.group("d")),
                                        m.groupdict().get("y")),
    "ago_ko": lambda m, ref: _ago(ref, _count(m.group("n")), _KO_UNITS[m.group("u")]),
    "days_ago_ko": lambda m, ref: _ago(ref, _count(m.group("n")), "day"),
    "last_unit_ko": lambda m, ref: _ago(ref, 1, "year" if m.group("prev") else _KO_UNITS[m.group("u")]),
    "next_unit_ko": lambda m, ref: _ago(ref, -1, "year" if m.group("nxt") else _KO_UNITS[m.group("u")]),
    "weekday_ko": lambda m, ref: _weekday(ref, _WEEKDAYS_KO[m.group("wd")], re.sub(r"\s", "", m.group("dir") or "")),
    "ago_ja": lambda m, ref: _ago(ref, _count(m.group("n")), _JA_UNITS[m.group("u")]),
    "last_unit_ja": lambda m, ref: _ago(ref, 1, "year" if m.group("prev") else _JA_UNITS[m.group("u")]),
    "next_unit_ja": lambda m, ref: _ago(ref, -1, _JA_UNITS[m.group("u")]),
    "weekday_ja": lambda m, ref: _weekday(ref, _WEEKDAYS_JA[m.group("wd")], m.group("dir") or ""),
}
