"""The conflicting-numbers detector: the same quantity stated with different values on two pages.

A *statement* is a number with a unit (days, weeks, months, %, a currency…) inside one clause of
a sentence. Its *quantity key* is the normalised noun phrase in front of it — the last one or two
content words of the clause before the number, lower-cased and singularised, with function words,
common verbs and frame nouns ("window", "period", "limit") dropped — plus the unit's dimension:

    "Refunds are accepted within 14 days"   → ("refund", duration)
    "The refund window is 30 days."         → ("refund", duration)   → conflict: 14 vs 30 days

Values are compared as ranges in a base unit (durations in days, a month = 28-31 days, a year =
365-366 days; money per currency; percentages), so "2 weeks" and "14 days" agree and "1 month"
agrees with "30 days". A clause with no content word before the number gives no statement: the
detector prefers missing a conflict to inventing one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES, HIRAGANA, KATAKANA
from mem.core.text.stopwords import QUANTITY_FILLER

# unit word → (dimension, low, high) in the dimension's base unit per 1 of the unit.
_UNITS: dict[str, tuple[str, float, float]] = {}


def _unit(dimension: str, low: float, high: float, *names: str) -> None:
    for name in names:
        _UNITS[name] = (dimension, low, high)


_unit("duration", 1 / 1440, 1 / 1440, "minute", "minutes", "min", "mins", "분")
_unit("duration", 1 / 24, 1 / 24, "hour", "hours", "hr", "hrs", "시간", "時間")
_unit("duration", 1, 1, "day", "days", "calendar day", "calendar days", "일", "日", "日間")
_unit("business-days", 1, 1, "business day", "business days", "working day", "working days", "영업일", "営業日")
_unit("duration", 7, 7, "week", "weeks", "주", "週間", "週")
_unit("duration", 28, 31, "month", "months", "개월", "か月", "ヶ月", "カ月", "ヵ月")
_unit("duration", 365, 366, "year", "years", "년", "年")
_unit("percent", 1, 1, "%", "percent", "per cent", "퍼센트", "パーセント")
_unit("USD", 1, 1, "$", "usd", "dollar", "dollars")
_unit("EUR", 1, 1, "€", "eur", "euro", "euros")
_unit("GBP", 1, 1, "£", "gbp", "pound", "pounds")
_unit("KRW", 1, 1, "₩", "krw", "won", "원")
_unit("JPY", 1, 1, "¥", "jpy", "yen", "円")

_SUFFIXES = sorted((u for u in _UNITS if u not in "$€£₩¥"), key=len, reverse=True)
_STATEMENT = re.compile(
    r"(?P<cur>[$€£₩¥])?\s?(?<![\d.,])(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\d,]*[-/:]\d)"
    r"\s?(?P<unit>" + "|".join(re.escape(u) for u in _SUFFIXES) + r")?(?![A-Za-z])",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[,;:.!?|()\[\]、。，；：]|\s(?:and|or|but|while|whereas)\s|그리고|또는|하지만", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_WORD = re.compile(f"[A-Za-z][A-Za-z'-]*|[{HANGUL_SYLLABLES}]+|[{HAN}{KATAKANA}]+")

# Unit words never name the quantity ("14 days for orders over $50" is about orders, not days).
_UNIT_WORDS = {word for unit in _UNITS for word in unit.lower().split()} | {"business", "working", "calendar"}
_STOP = QUANTITY_FILLER | _UNIT_WORDS
_KO_PARTICLES = (
    "에서는", "으로는", "에서", "으로", "까지", "부터", "은", "는", "이", "가", "을", "를", "의", "에", "로", "도",
)
_JA_PARTICLES = re.compile(f"[{HIRAGANA}]+")


@dataclass(frozen=True)
class Statement:
    """One number with a unit in a page, under its quantity key."""

    key: str
    dimension: str
    low: float
    high: float
    text: str
    line: int


def statements(lines: Sequence[str], *, start_line: int = 1) -> Iterator[Statement]:
    """Numbers with units in ``lines`` (prose only: fenced code and footnote definitions are skipped)."""
    fenced = False
    for number, line in enumerate(lines, start_line):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or stripped.startswith("[^") or not _DIGIT.search(line):
            continue
        for match in _STATEMENT.finditer(line):
            statement = _statement(line, match, number)
            if statement is not None:
                yield statement


def _statement(line: str, match: re.Match[str], number: int) -> Statement | None:
    unit = (match.group("cur") or match.group("unit") or "").lower()
    if unit not in _UNITS:
        return None
    dimension, low, high = _UNITS[unit]
    try:
        value = float(match.group("num").replace(",", ""))
    except ValueError:
        return None
    clause_start = 0
    for sep in _CLAUSE.finditer(line, 0, match.start()):
        clause_start = sep.end()
    key = quantity_key(line[clause_start:match.start()])
    if not key:
        return None
    text = f"{match.group(0).strip()}"
    return Statement(key, dimension, value * low, value * high, text, number)


def quantity_key(before: str) -> str:
    """The normalised noun phrase of a clause's words before its number ('' when there is none)."""
    words = []
    for raw in _WORD.findall(before)[-8:]:
        for token in _JA_PARTICLES.split(raw) if not raw.isascii() else (raw,):
            word = _normalise(token)
            if word and word not in _STOP:
                words.append(word)
    return " ".join(words[-2:])


def _normalise(token: str) -> str:
    word = token.lower().strip("'-")
    if word.endswith("'s"):
        word = word[:-2]
    if word.isascii():
        if len(word) > 4 and word.endswith("ies"):
            word = word[:-3] + "y"
        elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
            word = word[:-1]
    else:
        for particle in _KO_PARTICLES:
            if word.endswith(particle) and len(word) > len(particle):
                word = word[: -len(particle)]
                break
    return word


@dataclass(frozen=True)
class Conflict:
    """A statement on one page that disagrees with one on another page."""

    path: str
    statement: Statement
    other_path: str
    other: Statement


def conflicts(statements_by_path: Iterable[tuple[str, Sequence[Statement]]]) -> list[Conflict]:
    """Each statement that no statement of the same key on *another* page agrees with.

    Statements on one page never conflict with each other (a page may legitimately list a
    standard and an extended period); across pages, a value conflicts with each non-overlapping
    value, and each disagreeing pair is reported once from each side (first occurrence per value).
    """
    groups: dict[tuple[str, str], list[tuple[str, Statement]]] = {}
    for path, items in statements_by_path:
        for item in items:
            groups.setdefault((item.key, item.dimension), []).append((path, item))
    found: list[Conflict] = []
    for entries in groups.values():
        by_value: dict[tuple[float, float], dict[str, Statement]] = {}
        for path, item in entries:
            by_value.setdefault((item.low, item.high), {}).setdefault(path, item)
        if len(by_value) < 2:
            continue  # the common case: every page agrees; linear in the number of statements
        for (low, high), firsts in by_value.items():
            others = [v for v in by_value if v[1] < low or v[0] > high]
            for path, item in firsts.items():
                match = next(((p, o) for v in others for p, o in by_value[v].items() if p != path), None)
                if match is not None:
                    found.append(Conflict(path, item, match[0], match[1]))
    return found
