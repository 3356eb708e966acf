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


@dataclass(frozen=True)
class Statement:
    """One number with a unit in a page, under its quantity key."""

    key: str
    dimension: str
    low: float
    high: float
    text: str
    line: int
    #: the clause's content words before the number (stemmed), and whether the number bounds a window ("within
    #: 14 days", "14일 이내", "14日以内") rather than describing a case ("reported 10 days after delivery")
    words: frozenset[str] = frozenset()
    bound: bool = False
    #: the content words of an adverbial or a condition opening the sentence ("In the Europe Zone, …"): the case
    #: the number is for; statements of one key conflict only within one scope
    scope: frozenset[str] = frozenset()


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


# a Korean or Japanese calendar date around a number with 일/日 or 년/年: the month before the day ("2월 5일", "2月5日",
# "3월 1일부터") or after the year ("2026년 3월", "2026年4月", "令和8年4月1日")
_MONTH_BEFORE = re.compile(r"\d{1,2}\s?[월月]\s?$")
_MONTH_AFTER = re.compile(r"\s?\d{1,2}\s?[월月]")


def _calendar_date(line: str, match: re.Match[str]) -> bool:
    unit = match.group("unit") or ""
    if unit in ("일", "日"):
        return _MONTH_BEFORE.search(line, max(0, match.start() - 6), match.start()) is not None
    if unit in ("년", "年"):
        return _MONTH_AFTER.match(line, match.end()) is not None
    return False


def _statement(line: str, match: re.Match[str], number: int) -> Statement | None:
    unit = (match.group("cur") or match.group("unit") or "").lower()
    if unit not in _UNITS:
        return None
    dimension, low, high = _UNITS[unit]
    try:
        value = float(match.group("num").replace(",", ""))
    except ValueError:
        return None
    if dimension == "duration" and _calendar_date(line, match):
        return None  # "2월 5일", "2026년 3월", "2月5日": a date on the calendar, not a period (newuser30 #15)
    clause_start = 0
    for sep in _CLAUSE.finditer(line, 0, match.start()):
        clause_start = sep.end()
    before = line[clause_start:match.start()]
    words = _key_words(before)
    if dimension == "percent" and before.rstrip().endswith(("の", "의")) and words:
        words = words[:-1]  # the base of a percentage ("宿泊料金の20%", "숙박 요금의 20%"), not what it is
    if words and _BEFORE_AFTER.match(line, match.end()) and not before.isascii():
        words = words[:-1]  # the day counted back or on from ("宿泊日の14日前", "이용일 7일 전"): a frame too
    if words and _is_verb(before, words[-1]):
        # "we charge £60", "Tell us at least 14 days before your move": a verb names no quantity; what it is done
        # to or counted to — the first content word after the number — does (new-user report 31 #4). With none,
        # the words before stay the key
        after = _first_word_after(line, match.end())
        words = [words[-1], after] if after else words
    key = " ".join(words[-2:])
    if not key:
        return None
    text = f"{match.group(0).strip()}"
    bound = bool(_BOUND_BEFORE.search(line[max(0, match.start() - 30):match.start()])
                 or _BOUND_AFTER.match(line, match.end()))
    return Statement(key, dimension, value * low, value * high, text, number,
                     words=frozenset(_stem(w) for w in words), bound=bound,
                     scope=_scope(line, clause_start, match.start()))


# a word right after a subject pronoun or a modal is a verb ("we charge", "you may cancel", "will tell"); so is a
# clause's first word before an object pronoun ("Tell us", "Give us")
_SUBJECT_BEFORE = re.compile(r"(?<![A-Za-z'])(?:we|you|they|i|he|she|will|can|may|must|should|shall|would|could"
                             r"|might|to|not|cannot|can't|won't|don't|do|does|also|then)[ \t]{1,3}$", re.IGNORECASE)
_OBJECT_AFTER = re.compile(r"[ \t]{1,3}(?:us|you|them|me|him|her)\b", re.IGNORECASE)


def _is_verb(before: str, word: str) -> bool:
    """Whether the last key word of an English clause stands as a verb there (``_SUBJECT_BEFORE``,
    ``_OBJECT_AFTER``); Korean and Japanese put the verb after the number, so the shape is English only."""
    tokens = [m for m in _TOKEN.finditer(before) if m.group(0).isascii() and _normalise(m.group(0)) == word]
    if not tokens:
        return False
    last = tokens[-1]
    head = before[:last.start()]
    return _SUBJECT_BEFORE.search(head) is not None or (
        not _TOKEN.search(head) and _OBJECT_AFTER.match(before, last.end()) is not None)


def _first_word_after(line: str, end: int) -> str:
    """The first content word after a number in its clause ("before a change" → change), or ''."""
    stop = _CLAUSE.search(line, end)
    for token in _TOKEN.finditer(line, end, stop.start() if stop else len(line)):
        word = _normalise(token.group(0))
        if token.group(0).isascii() and word and word not in _STOP:
            return word
    return ""


_SENTENCE_END = re.compile(r"[.!?。！？][ \t]|^")
# a clause opening the sentence as an adverbial or a condition ("In the Europe Zone,", "If you do not pay by Direct
# Debit,"; "…면,", "…경우,", "…場合、", "…際、") says which case the number is for
_OPENER = re.compile(r"[ \t*_>-]{0,4}(?:in|for|outside|inside|within|on|at|if|when|whenever|unless|where|after|before"
                     r"|during|with|without|once|while|under)\b", re.IGNORECASE)
_CONDITION_END = re.compile(r"(?:면|경우|때|場合|際|とき|時)[はに]?[ \t]{0,2}[,、，]")


def _scope(line: str, clause_start: int, at: int) -> frozenset[str]:
    """The case a number is for, when its sentence opens with an adverbial or a condition (``_OPENER``,
    ``_CONDITION_END``): the content words of the sentence before the number's own clause — or, when the number
    stands in the opening clause itself ("If a bill is not paid 14 days after its due date we charge a late payment
    fee of £10"), before the number — with ``if`` for a condition. Empty for a sentence that opens otherwise."""
    start = max((m.end() for m in _SENTENCE_END.finditer(line, 0, clause_start)), default=0)
    lead = line[start:clause_start] if line[start:clause_start].strip() else line[start:at]
    opener = _OPENER.match(lead)
    if opener is None and _CONDITION_END.search(lead) is None:
        return frozenset()
    condition = _CONDITION_END.search(lead) is not None or opener is not None and opener.group(0).strip(
        " \t*_>-").lower() in ("if", "when", "whenever", "unless")
    words = {word for word in map(_normalise, _TOKEN.findall(lead))
             if word and word not in _STOP and word not in _JOINS and word[0] not in _HIRAGANA_START}
    return frozenset(words | {"if"} if condition else words)


def same_scope(one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether two statements' scopes (``_scope``) name one case: both none, or sharing at least half the words of
    the smaller ("If a bill is not paid 14 days after its due date" and "If your bill is unpaid 14 days after the
    due date" do; "In the Europe Zone" and "In the USA" do not)."""
    if ("if" in one) != ("if" in other):
        return False  # a condition's number and a rule's are not one case
    one, other = one - {"if"}, other - {"if"}  # the mark of a condition is no word the two share
    if not one or not other:
        return one == other
    return 2 * len(one & other) >= min(len(one), len(other))


_JOINS = frozenset({"and", "or", "but"})


_BEFORE_AFTER = re.compile(r"[ \t]{0,2}(?:前|後|전|후|이전|이후)")
_BOUND_BEFORE = re.compile(
    r"\b(?:within|up to|no later than|no more than|not more than|at most|less than|under|inside|maximum of)"
    r"(?:[ \t]{1,3}(?:the|a))?(?:[ \t]{1,3}first)?[ \t]{0,3}[$€£₩¥]?$", re.IGNORECASE)
_BOUND_AFTER = re.compile(r"[ \t]{0,2}(?:이내|안에|까지|以内|内|まで)")


def _stem(word: str) -> str:
    """A word's stem for telling two clauses speak of one thing ("reported" / "report"), not for keys."""
    if word.isascii() and len(word) > 5:
        for ending in ("ing", "ed", "s"):
            if word.endswith(ending):
                return word[: -len(ending)]
    return word


_COUNT = re.compile(r"(?<![\d.,$€£₩¥])(?P<num>\d{1,4})(?![\d.,:/-])[ \t]{0,2}"
                    r"(?P<noun>[A-Za-z]{3,}|회|번|개|건|回|個|件|点)")


def counts(lines: Sequence[str], *, start_line: int = 1) -> Iterator[Statement]:
    """Bare counts that bound something ("up to 2 exchanges per order", "최대 2회", "2回まで"): dimension
    ``count:<what is counted>``. Only for comparing a know-how page with the pages it cites (``disagreements``);
    the conflicting-numbers rule across pages stays with numbers that carry a unit."""
    for number, line in enumerate(lines, start_line):
        for match in _COUNT.finditer(line):
            noun = _stem(_normalise(match.group("noun")))
            if noun in _STOP or match.group("noun").lower() in _UNITS:
                continue
            before = line[max(0, match.start() - 30):match.start()]
            bound = bool(_BOUND_BEFORE.search(before) or _COUNT_BOUND.search(before)
                         or _BOUND_AFTER.match(line, match.end()))
            clause_start = 0
            for sep in _CLAUSE.finditer(line, 0, match.start()):
                clause_start = sep.end()
            words = frozenset(_stem(w) for w in _key_words(line[clause_start:match.start()])) | {noun}
            value = float(match.group("num"))
            yield Statement(noun, f"count:{noun}", value, value, match.group(0).strip(), number, words=words,
                            bound=bound)


_COUNT_BOUND = re.compile(r"(?:최대|최다|多くて|最大|最多)[ \t]{0,2}$")


def disagreements(own: Sequence[Statement], cited: Sequence[Statement]) -> list[tuple[Statement, Statement]]:
    """Each window bound of ``own`` (a know-how page's ``when``/``then``) that the page it cites states otherwise:
    a statement of ``cited`` with the same dimension and a content word in common, and none of those agreeing
    ("a damaged item is reported within 14 days" against "the customer must report it within 7 days").

    Only bounds are compared: "reported 10 days after delivery" describes the case the know-how is about, and
    states no rule against the policy's 7-day window (newuser26 #4)."""
    found = []
    for statement in own:
        if not statement.bound:
            continue
        related = [c for c in cited if c.dimension == statement.dimension and c.words & statement.words]
        if related and not any(c.low <= statement.high and statement.low <= c.high for c in related):
            found.append((statement, related[0]))
    return found


def knowhow_disagreements(fields: Sequence[tuple[str, int]], policy_lines: Sequence[str],
                          policy_start: int = 1) -> list[tuple[Statement, Statement]]:
    """``disagreements`` of a know-how page's texts (``(text, line)``: its ``when`` and ``then``) with the body
    lines of a policy page it cites, durations, amounts and counts alike."""
    own = [s for text, line in fields for s in (*statements([text], start_line=line), *counts([text], start_line=line))]
    cited = [*statements(policy_lines, start_line=policy_start), *counts(policy_lines, start_line=policy_start)]
    return disagreements(own, cited)


def quantity_key(before: str) -> str:
    """The normalised noun phrase of a clause's words before its number ('' when there is none)."""
    return " ".join(_key_words(before)[-2:])


def _key_words(before: str) -> list[str]:
    """The content words of a clause before its number, without the *frame* the number is counted from.

    "고객은 배송일로부터 30일", "お客様は、商品到着から30日", "from the date of delivery customers have 30 days": the
    word marked as a starting point (…부터, …から/より, from/since …) says where the count starts, not what is
    counted — two windows from the same day are not one quantity (newuser26 #6: the return window and the
    damage-report window of one Korean document were reported as one conflicting '고객 배송일로').
    """
    tokens = [m for m in _TOKEN.finditer(before)]
    seen = 0
    for first in range(len(tokens) - 1, -1, -1):  # the last eight words (and the kana between them), as before
        seen += tokens[first].group(0)[0] not in _HIRAGANA_START
        if seen == 8:
            tokens = tokens[first:]
            break
    kept: list[tuple[str, str, bool]] = []  # (word, its raw token, joined to the next word by の)
    frame = False  # inside an English "from …" / "since …" phrase
    last_end = -1  # where the last kept word's token ended
    for match in tokens:
        raw = match.group(0)
        if raw[0] in _HIRAGANA_START:
            if raw.startswith(("から", "より")) and kept and last_end == match.start():
                # a Japanese starting point: the word before から and the words の joins to it (宿泊日の7日前から)
                kept.pop()
                while kept and kept[-1][2]:
                    kept.pop()
            elif raw == "の" and kept and last_end == match.start():
                kept[-1] = (kept[-1][0], kept[-1][1], True)
            last_end = -1
            continue
        if raw.isascii():
            lower = raw.lower()
            if lower in _FRAME_EN:
                frame = True
                continue
            if frame:
                if lower in _FRAME_EN_WORDS or _normalise(raw) not in _STOP:
                    continue  # "the date of delivery"
                frame = False
        elif raw.endswith(_KO_FROM):
            # a Korean starting point (배송일로부터) and its modifier: a genitive (배송의 날부터) or a relative clause
            # of an object and a verb (상품을 받은 날부터, 주문을 취소한 날부터)
            if kept and kept[-1][1].endswith("의"):
                kept.pop()
            elif len(kept) > 1 and kept[-2][1].endswith(("을", "를")) and _adnominal(kept[-1][1]):
                del kept[-2:]
            continue
        word = _normalise(raw)
        if word and word not in _STOP:
            kept.append((word, raw, False))
            last_end = match.end()
        else:
            last_end = -1  # a から after a stop word belongs to it, not to the last word kept
    return [word for word, _, _ in kept]


def _adnominal(raw: str) -> bool:
    """A Korean verb form that modifies the next noun (받은, 취소한, 도착한, 받는): its last syllable has the final ㄴ,
    or is 는."""
    last = raw[-1]
    return last == "는" or (0xAC00 <= ord(last) <= 0xD7A3 and (ord(last) - 0xAC00) % 28 == 4)


_HIRAGANA_START = frozenset(chr(c) for c in range(0x3041, 0x30A0))
_TOKEN = re.compile(f"[A-Za-z][A-Za-z'-]*|[{HANGUL_SYLLABLES}]+|[{HAN}{KATAKANA}]+|[{HIRAGANA}]+")
_FRAME_EN = frozenset({"from", "since"})
_FRAME_EN_WORDS = frozenset({"the", "a", "an", "of", "its", "their", "your"})
_KO_FROM = ("부터",)  # 로부터, 으로부터, 에서부터 end with it too


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
                match = next(((p, o) for v in others for p, o in by_value[v].items()
                              if p != path and same_scope(item.scope, o.scope)), None)
                if match is not None:
                    found.append(Conflict(path, item, match[0], match[1]))
    return found
