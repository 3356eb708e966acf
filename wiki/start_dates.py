"""Start dates a policy text states for itself: "From 1 January 2027 the fee is 15 euros".

A sentence that names the day its rule starts — "from", "as of", "starting", "beginning", "with effect
from", "on and after" before a full date in English; "부터" / "이후" after a full date in Korean
("2027년 1월 1일부터"); "から" / "より" / "以降" after one in Japanese ("2027年1月1日から") — is not the
rule in force before that day. Ingest reads it (``mem.policies.ingest``): a revised edition written without
``--effective``, front matter or an "effective" date takes the earliest start date its text states that is
still to come as its ``effective`` date, so the earlier edition answers customers until then
(``mem.wiki.in_force``); a first edition has no earlier rule to answer from and stays in force from its
ingest day. ``mem lint`` warns when a revised page's ``effective`` is earlier than a start date still to
come that its text states (``mem.wiki.lint_rules``).

Only dates with a year are read: "from 1 January" alone says nothing about which year. "30 days from
1 January 2027" counts from the date (a deadline), it does not start a rule, and is not read; nor is a "from"
after a participle ("stays arriving from 1 March 2027 pay …", "orders placed from …"), which dates what it
qualifies.

A start date more than ``FARTHEST_START_YEARS`` years after today is not read as one: no policy announces its
edition that far ahead, and such a date is a typo ("2207" for "2027") or a placeholder ("2099-12-31") that would
keep every page it dates out of force for good. Ingest warns of it instead (``distant_starts``), and ``mem lint``
warns of a page whose ``effective`` date lies that far ahead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from mem.core.text.era_dates import western_dates
from mem.core.text.sentences import page_sentences

# the month names mem.policies.grounding reads too (wiki sits below policies, so they are spelled here)
_MONTHS = {name: i for i, names in enumerate(
    [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")], start=1) for name in names}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|" \
         r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"

__all__ = ["FARTHEST_START_YEARS", "StatedStart", "announced_only", "distant_starts", "farthest_start", "figure_start",
           "stated_starts", "upcoming_start"]

FARTHEST_START_YEARS = 5


@dataclass(frozen=True)
class StatedStart:
    """One start date a text states: the date and the words that state it ("From 1 January 2027")."""

    day: date
    words: str


# Full dates: ISO / dotted (2027-01-01, 2027. 1. 1.), Korean, Japanese, "January 1, 2027", "1 January 2027".
_DATES: list[tuple[re.Pattern[str], tuple[str, ...]]] = [
    (re.compile(r"\b(\d{4})(?:-|/|\.[ \t]?)(\d{1,2})(?:-|/|\.[ \t]?)(\d{1,2})\b\.?"), ("y", "m", "d")),
    (re.compile(r"(\d{4})[ \t]?년[ \t]?(\d{1,2})[ \t]?월[ \t]?(\d{1,2})[ \t]?일"), ("y", "m", "d")),
    (re.compile(r"(\d{4})[ \t]?年[ \t]?(\d{1,2})[ \t]?月[ \t]?(\d{1,2})[ \t]?日"), ("y", "m", "d")),
    (re.compile(rf"\b{_MONTH}[ \t]+(\d{{1,2}})(?:st|nd|rd|th)?,?[ \t]+(\d{{4}})\b", re.I), ("M", "d", "y")),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?[ \t]+{_MONTH},?[ \t]+(\d{{4}})\b", re.I), ("d", "M", "y")),
]
# English: the words just before the date. "from" after a count of days ("30 days from …") is a deadline.
_BEFORE = re.compile(
    r"(?:(?<![\w-])(?:with[ \t]+effect[ \t]+from|effective[ \t]+(?:from|as[ \t]+of|on)|as[ \t]+(?:of|from)"
    r"|starting(?:[ \t]+(?:on|from))?|beginning(?:[ \t]+(?:on|from))?|commencing(?:[ \t]+on)?"
    r"|on[ \t]+(?:and|or)[ \t]+after|from(?:[ \t]+and[ \t]+after)?)[ \t]+(?:the[ \t]+)?)$", re.I)
_COUNTED = re.compile(r"(?:day|week|month|year|hour)s?[ \t]+from[ \t]+(?:the[ \t]+)?$", re.I)
# ... but a price's rate is no count ("£2.50 a day from 1 March 2027", "€4 per month from …", "4 dollars a day",
# "0.5% a day"): the date is the
# price's start (the review of the thirty-first round: the new user's change notice, worded so, kept its new price as
# today's).
_RATE = re.compile(r"\d(?:[ \t]?(?:[^\W\d]{1,10}|%))?[ \t]+(?:a|per|each)[ \t]+(?:day|week|month|year|hour)"
                   r"[ \t]+from[ \t]+(?:the[ \t]+)?$", re.I)
# A bare "from" after a participle dates the thing the participle qualifies, not the rule: "stays arriving from 1
# March 2027 pay 2 euros", "orders placed from …" — such a sentence held a whole revision back to that day (review
# 19). After a noun or a verb of change it is the rule's start ("the fee rises to 15 euros from 1 January 2027").
_QUALIFIED = re.compile(r"(?<!\w)(?:\w+(?:ing|ed)|made|paid|bought|sent|taken|given|held|done|won|sold|built|kept)"
                        r"[ \t]+from(?:[ \t]+and[ \t]+after)?[ \t]+(?:the[ \t]+)?$", re.I)
# Korean and Japanese: the particle right after the date.
_AFTER = re.compile(r"[ \t]?(?:부터|이후|から|より|以降)")


def _day(match: re.Match[str], order: tuple[str, ...]) -> date | None:
    parts = dict(zip(order, match.groups(), strict=True))
    month = _MONTHS.get(parts["M"].lower().rstrip(".")) if "M" in parts else int(parts["m"])
    try:
        return date(int(parts["y"]), month or 0, int(parts["d"]))
    except ValueError:
        return None


def stated_starts(text: str) -> list[StatedStart]:
    """Every start date ``text`` states, in the order they stand (one per date written)."""
    text = western_dates(text)  # "令和９年４月１日から" is read as "2027年4月1日から"
    found: list[tuple[int, StatedStart]] = []
    taken: list[tuple[int, int]] = []
    for pattern, order in _DATES:
        for match in pattern.finditer(text):
            if any(start < match.end() and match.start() < end for start, end in taken):
                continue  # "2027. 1. 1." read already; one date is read once
            day = _day(match, order)
            if day is None:
                continue
            taken.append((match.start(), match.end()))
            head = text[max(0, match.start() - 40):match.start()]
            cue = _BEFORE.search(head)
            counted = _COUNTED.search(head) is not None and _RATE.search(head) is None
            if cue is not None and not counted and not _QUALIFIED.search(head):
                found.append((match.start(), StatedStart(day, (cue.group(0) + match.group(0)).strip())))
                continue
            after = _AFTER.match(text, match.end())
            if after is not None:
                found.append((match.start(), StatedStart(day, (match.group(0) + after.group(0)).strip())))
    return [start for _, start in sorted(found, key=lambda item: item[0])]


def upcoming_start(text: str, today: date) -> StatedStart | None:
    """The earliest start date ``text`` states that is after ``today``, or None."""
    farthest = farthest_start(today)
    later = [start for start in stated_starts(text) if today < start.day <= farthest]
    return min(later, key=lambda start: start.day) if later else None


# A sentence's clauses: "Roam Pass costs £2.25 a day; from 1 March 2027 it will cost £2.50 a day" states today's
# figure and a later one, and the start belongs to its own clause only (review31: the page was warned of as a change
# notice, and the answer said "Not yet: £2.25 applies from 1 March 2027")
_CLAUSE_BREAK = re.compile(r"[;；]")


def _clauses(sentence: str) -> list[str]:
    return [part for part in _CLAUSE_BREAK.split(sentence) if part.strip()]


def figure_start(sentence: str, figure: str, today: date) -> StatedStart | None:
    """The start still to come of the clause of ``sentence`` that states ``figure`` ("£2" is not "£2.50"), or None;
    of the whole sentence when no clause states it as written."""
    said = re.compile(rf"(?<![\d.,]){re.escape(figure)}(?![\d]|[.,]\d)") if figure else None
    holding = [clause for clause in _clauses(sentence) if said is not None and said.search(clause)]
    return upcoming_start(holding[0] if holding else sentence, today)


_DIGIT = re.compile(r"\d")
_NOT_RULE = re.compile(r"^(?:Source: \S.*|\[\^[^\]]+\]:.*)$", re.M)


def announced_only(body: str, today: date) -> StatedStart | None:
    """The earliest start still to come when every sentence of a page ``body`` that holds a digit (a figure, a
    date) states one — a change notice's page: nothing on it is in force yet —, else None (no such sentence, or
    one that states no start or a start already past: a rule of today). ``Source:`` lines and footnote
    definitions are no sentences of the rule."""
    starts = []
    for sentence in (clause for whole in page_sentences(_NOT_RULE.sub("", body)) for clause in _clauses(whole)):
        if not _DIGIT.search(sentence):
            continue  # "Nothing changes for you." states no figure to be told early
        start = upcoming_start(sentence, today)
        if start is None:
            return None
        starts.append(start)
    return min(starts, key=lambda start: start.day) if starts else None


def distant_starts(text: str, today: date) -> list[StatedStart]:
    """The start dates ``text`` states that lie beyond ``farthest_start(today)``: not read, but worth a warning."""
    farthest = farthest_start(today)
    return [start for start in stated_starts(text) if start.day > farthest]


def farthest_start(today: date) -> date:
    """The last day a stated start date is believed: ``FARTHEST_START_YEARS`` years after ``today``."""
    try:
        return today.replace(year=today.year + FARTHEST_START_YEARS)
    except ValueError:  # 29 February
        return today.replace(year=today.year + FARTHEST_START_YEARS, day=28)
