"""Numbers and dates in text, so model-written pages can be checked against the source's own words.

A page synthesised by a model may rephrase, but every number and every date it states must occur in
the source section; ``ungrounded`` lists the ones that do not. Dates are compared as dates (so
"2026-03-01" in the page matches "March 1, 2026" in the source); numbers that are not part of a date
are compared by value ("14" matches "14", "1,000" matches "1000", "50%" matches "50").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from datetime import date

from mem.core.text.era_dates import western_dates

_MONTHS = {name: i for i, names in enumerate(
    [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")], start=1) for name in names}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|" \
         r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DATE_PATTERNS = [
    (re.compile(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(r"(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일"), ("y", "m", "d")),
    (re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"), ("y", "m", "d")),
    (re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I), ("M", "d", "y")),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH},?\s+(\d{{4}})\b", re.I), ("d", "M", "y")),
]
_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def find_dates(text: str) -> tuple[set[date], str]:
    """The dates in ``text`` and the text with those dates blanked out (so their digits are not numbers)."""
    found: set[date] = set()
    for pattern, order in _DATE_PATTERNS:
        def take(match: re.Match[str], order: tuple[str, ...] = order) -> str:
            parts = dict(zip(order, match.groups(), strict=True))
            month = _MONTHS.get(parts["M"].lower().rstrip(".")) if "M" in parts else int(parts["m"])
            try:
                found.add(date(int(parts["y"]), month or 0, int(parts["d"])))
            except ValueError:
                return match.group(0)
            return " "
        text = pattern.sub(take, text)
    return found, text


def find_numbers(text: str) -> set[float]:
    """Numeric values in ``text`` (dates excluded)."""
    _, rest = find_dates(text)
    return {float(m.group(0).replace(",", "")) for m in _NUMBER.finditer(rest)}


def ungrounded(page_text: str, source_text: str) -> list[str]:
    """Numbers and dates stated in ``page_text`` that never occur in ``source_text``."""
    page_dates, page_rest = find_dates(page_text)
    source_dates, source_rest = find_dates(source_text)
    source_numbers = {float(m.group(0).replace(",", "")) for m in _NUMBER.finditer(source_rest)}
    # A number may also be a part of a source date ("2026" alone, "1" of March 1).
    for d in source_dates:
        source_numbers |= {float(d.year), float(d.month), float(d.day)}
    missing = [d.isoformat() for d in sorted(page_dates - source_dates)]
    for match in _NUMBER.finditer(page_rest):
        if float(match.group(0).replace(",", "")) not in source_numbers:
            missing.append(match.group(0))
    return list(dict.fromkeys(missing))


_EFFECTIVE = re.compile(r"effective(?:\s+(?:date|from|as\s+of|on|since))?\s*[:\-–]?\s*", re.I)


# The Korean and Japanese ways to say it: the date after 시행일 / 施行日 ("시행일: 2026년 11월 1일",
# "施行日：2026年11月1日", "시행 2026. 3. 1.") or before 시행 / 施行 ("이 약관은 2026년 11월 1일부터 시행한다",
# "2026年11月1日から施行します", "2026年4月1日 施行"). Unread, their pages were dated the day they were ingested
# while the English ones had the document's date. A date in the supplementary provisions (부칙) is read the same way.
_CJK_DATE = (r"\d{4}\s{0,2}[년年]\s{0,2}\d{1,2}\s{0,2}[월月]\s{0,2}\d{1,2}\s{0,2}[일日]"
             r"|\d{4}\.\s{0,2}\d{1,2}\.\s{0,2}\d{1,2}\.?")
_IN_FORCE_FROM = re.compile(rf"(?:시행\s{{0,2}}일자?|시행|施行\s{{0,2}}日|施行)\s{{0,2}}[:：]?\s{{0,3}}({_CJK_DATE})"
                            rf"|({_CJK_DATE})\s{{0,3}}(?:부터|から|より)?\s{{0,3}}(?:시행|施行)")
_DOTTED = re.compile(r"(\d{4})\.\s{0,2}(\d{1,2})\.\s{0,2}(\d{1,2})")
# Where such a line dates the document itself — elsewhere "(2023. 9. 15. 시행)" is a cited law's date, and the first
# one anywhere dated the page: the opening lines (its header), the supplementary provisions (부칙 / 附則) and what
# follows them, and a line whose text before the date is only an article number, a "(시행일)" caption and the
# document as subject ("제1조(시행일) 이 약관은 …", "本規約は、…").
_OPENING_LINES = 5
_SUPPLEMENTARY = re.compile(r"[\s#>*|-]{0,8}(?:부\s{0,2}칙|附\s{0,2}則)")
_OWN_LINE_HEAD = re.compile(r"[\s#>*|-]{0,8}(?:(?:부\s{0,2}칙|附\s{0,2}則)\s{0,3})?"
                            r"(?:제\s{0,2}\d{1,3}\s{0,2}조\s{0,2})?"
                            r"(?:[(（]\s{0,2}(?:시행\s{0,2}일|施行\s{0,2}日|시행|施行)\s{0,2}[)）]\s{0,3})?"
                            r"(?:(?:이|본|この|本)\s{0,2}[^\s,、。.「」『』()（）]{1,20}[은는は]\s{0,2}[、,]?\s{0,3})?")


def effective_date(text: str, *, until: date | None = None) -> date | None:
    """The date following "effective" ("Effective: 2026-03-01", "effective from March 1, 2026"), or the Korean or
    Japanese line saying when the document takes effect ("시행일: 2026년 11월 1일", "2026年11月1日から施行"), whichever
    the text states first; None when it states neither. A Korean or Japanese date after ``until`` is not read: such
    a line is the supplementary provision (부칙/附則) of an edition not yet in force, and its pages are left to the
    start dates (``mem.wiki.start_dates``) as "…부터 시행" / "…から施行" sentences are — read, a new document's every
    page was out of force until then and ``mem ask`` answered none of them."""
    text = western_dates(text)  # "令和８年４月１日" is 2026-04-01
    found: list[tuple[int, date]] = []
    for match in _EFFECTIVE.finditer(text):
        dates, _ = find_dates(text[match.end():match.end() + 40])
        head = text[match.end():match.end() + 40]
        if dates:
            # the first date in the window is the one that follows the word
            ordered = sorted(dates, key=lambda d: _position(head, d))
            found.append((match.start(), ordered[0]))
            break
    own = _OwnDatePositions(text)
    for match in _IN_FORCE_FROM.finditer(text):
        day = _cjk_date(match.group(1) or match.group(2))
        if day is not None and (until is None or day <= until) and own.holds(match.start()):
            found.append((match.start(), day))
            break
    return min(found)[1] if found else None


def edition_start(text: str, *, after: date, until: date | None = None) -> tuple[date, str] | None:
    """The day an edition not yet in force starts, as its own "시행" / "施行" line states it (in its
    부칙: "이 약관은 2027년 1월 1일부터 시행한다"; in its 附則: "本規約は、令和９年４月１日から施行します。";
    in its header: "시행일: 2027년 1월 1일"), and the words that state it; None when no such line
    states a day after ``after``. The earliest such day is the edition's (a later one is a proviso's:
    "다만, 제5조의 개정규정은 …"). ``effective_date`` leaves these out, so a first edition is in force
    from its ingest day; ingest dates every page this edition revises by it (``mem.policies.ingest``):
    the whole edition waits, not only its 부칙 page (newuser30 #1). A day after ``until`` is not read either: a
    typo year ("2207년") held every page back for good (``mem.wiki.start_dates.farthest_start``)."""
    text = western_dates(text)
    own = _OwnDatePositions(text)
    later: list[tuple[date, str]] = []
    for match in _IN_FORCE_FROM.finditer(text):
        day = _cjk_date(match.group(1) or match.group(2))
        if day is not None and day > after and (until is None or day <= until) and own.holds(match.start()) \
                and not _proviso(text, match.start()):
            later.append((day, " ".join(match.group(0).split())))
    return min(later) if later else None


# a proviso opens its own sentence: "다만, 제5조의 개정규정은 …부터 시행한다", "ただし、第5条の規定は…から施行する"
_PROVISO = re.compile(r"(?:다만|단,|ただし|但し)")
_SENTENCE_START = re.compile(r"[.。!?！？\n]")


def _proviso(text: str, at: int) -> bool:
    """Whether the date at ``at`` stands in a proviso's sentence: the day some articles start, not the edition's — an
    edition in force already whose proviso names a later day holds none of its pages back until then."""
    start = max((m.end() for m in _SENTENCE_START.finditer(text, max(0, at - 200), at)), default=max(0, at - 200))
    return _PROVISO.search(text, start, at) is not None


class _OwnDatePositions:
    """Where a "시행" / "施行" date states the document's own: in its opening lines (``_OPENING_LINES``), in or after
    its supplementary provisions (a line that begins 부칙 / 附則), or on a line that says it of the document
    (``_OWN_LINE_HEAD`` before the date). The text is read once. A line is what ``str.splitlines`` makes of it,
    for the opening lines and for the line a date is on alike: a line ended by "\r", a form feed or U+2028 is a
    line to both (a date's line was found by the last "\n" before it, so with "\r" every date was on the first)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.opening = len(text)  # where the line after the opening lines starts
        self.supplementary = len(text)  # where the first line beginning 부칙 / 附則 starts
        self.starts: list[int] = []  # where each line starts
        lines, start = 0, 0
        for line in text.splitlines(keepends=True):
            self.starts.append(start)
            if self.supplementary == len(text) and _SUPPLEMENTARY.match(line):
                self.supplementary = start
            start += len(line)
            lines += bool(line.strip())
            if lines == _OPENING_LINES and self.opening == len(text):
                self.opening = start

    def holds(self, at: int) -> bool:
        start = self.starts[bisect_right(self.starts, at) - 1] if self.starts else 0
        return start < self.opening or start >= self.supplementary or \
            _OWN_LINE_HEAD.fullmatch(self.text, start, at) is not None


def _cjk_date(words: str) -> date | None:
    """``2026년 11월 1일``, ``2026年11月1日`` or ``2026. 11. 1.`` as a date (None when no such day exists)."""
    dates, _ = find_dates(words)
    if dates:
        return min(dates)
    dotted = _DOTTED.match(words)
    try:
        return date(int(dotted.group(1)), int(dotted.group(2)), int(dotted.group(3))) if dotted else None
    except ValueError:
        return None


def _position(text: str, value: date) -> int:
    for candidate in (value.isoformat(), str(value.year)):
        index = text.find(candidate)
        if index >= 0:
            return index
    return len(text)
