"""What an error message may repeat of the value it refuses.

Error lines go to terminals, CI and cron logs and error trackers — places customer data must not reach
(docs/design.md, "What the server never holds"; the same care applies to the service's own logs). A
refused value is repeated when it is the kind of value the field expects and could not name anyone: a
malformed date or number, an id made of path-safe ASCII. Anything else — an e-mail address typed into a
time field, a customer's name used as a customer id — is described by its length only (new-user report
27 #10).
"""

from __future__ import annotations

from collections.abc import Iterable

from mem.core.text.pattern import lazy

# Characters of dates, times, numbers and offsets: "2026-13-01", "03/12/2023", "+09:00", "1701600000.2".
_TIMELIKE = lazy(r"[0-9TZtz:./+\- ]{1,40}")
# A phone number is made of the same characters ("+44 7700 900123", "010-1234-5678"): nine digits or more with no
# mark of a time (":", "T", "Z", "/") and not one plain number (Unix seconds, "1701600000.2") is not repeated
_NUMBER = lazy(r"[+-]?\d{1,10}(?:\.\d{1,9})?")
_TIME_MARK = lazy(r"[:/TZtz]")
# Path-safe ASCII with at most one stray punctuation mark: "acme/corp", "order#1", "-x".
_IDLIKE = lazy(r"[A-Za-z0-9._\-/#:+]{0,64}")


def _withheld(value: object) -> str:
    size = len(value) if isinstance(value, str) else len(repr(value))
    return f"(a value of {size} characters, not repeated here: it may be customer data)"


def echo_time(value: object) -> str:
    """``repr(value)`` when it reads as a malformed date, time or number; else its length only."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value)
    if isinstance(value, str) and _TIMELIKE.fullmatch(value) and not _phone_like(value):
        return repr(value)
    return _withheld(value)


def _phone_like(value: str) -> bool:
    digits = sum(ch.isdigit() for ch in value)
    return digits >= 9 and not _TIME_MARK.search(value) and not _NUMBER.fullmatch(value.strip())


def echo_id(value: object) -> str:
    """``repr(value)`` when it is path-safe ASCII (a typo in an id is worth seeing); else its length only."""
    if isinstance(value, str) and _IDLIKE.fullmatch(value):
        return repr(value)
    return _withheld(value)


def echo_choice(value: object, choices: Iterable[str]) -> str:
    """``repr(value)`` when it reads as a misspelling of one of ``choices`` ("custmer" for "customer"); else its
    length only — a speaker's name put in a role field ("Tobias") is customer data."""
    import difflib

    if (
        isinstance(value, str)
        and _IDLIKE.fullmatch(value)
        and difflib.get_close_matches(value.strip().lower(), list(choices), n=1, cutoff=0.6)
    ):
        return repr(value)
    return _withheld(value)
