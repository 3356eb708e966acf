"""The one clock of mem, so tests, the demo and a back-dated run can fix "now".

``now()`` is, first match wins: the moment ``freeze`` set (tests, the demo; the CLI freezes the
``MEM_NOW`` its ``Config`` read); else ``MEM_NOW`` of the process environment, read when asked
(``mem.core.config.env_now``), so a program that uses mem as a library keeps the clock the CLI keeps;
else the current UTC time.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

_frozen: datetime | None = None


def now() -> datetime:
    """The current time, timezone-aware UTC (``MEM_NOW`` or ``freeze`` fix it).

    ``InvalidInput`` when ``MEM_NOW`` is set but no ISO date or datetime: the real time instead would be
    the very disagreement between the library and the CLI that reading it here removes."""
    if _frozen is not None:
        return _frozen
    fixed = _env_now()
    return fixed if fixed is not None else datetime.now(UTC)


def is_frozen() -> bool:
    """Whether ``now()`` is fixed (``MEM_NOW``, or ``freeze`` in tests and the demo)."""
    return _frozen is not None or _env_now() is not None


_env_reader: Callable[[], datetime | None] | None = None


def _env_now() -> datetime | None:
    global _env_reader
    if _env_reader is None:
        # imported on first use, once: mem.core.config reads settings (the only module that reads the environment)
        # and takes this module's parser, so at import time the two would import each other
        from mem.core.config import env_now

        _env_reader = env_now
    return _env_reader()


def today() -> date:
    return now().date()


def freeze(moment: datetime | None) -> None:
    """Fix ``now()`` to ``moment`` (naive values are taken as UTC); ``None`` unfreezes."""
    global _frozen
    if moment is not None and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    _frozen = moment


def parse_datetime(text: str) -> datetime:
    """Parse an ISO 8601 date or datetime; a bare date means midnight UTC.

    RFC 3339 allows a lower-case ``t`` and ``z`` (``2026-12-05t02:30:00z``); ``fromisoformat`` reads
    neither ``z``, so the text is upper-cased first (nothing else in an ISO time has a letter)."""
    value = datetime.fromisoformat(text.strip().upper().replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value


def isoformat(moment: datetime) -> str:
    """UTC ISO 8601 with seconds and a ``Z``: the one timestamp format mem writes.

    Not ``strftime("%Y…")``: on Linux it writes the year 26 as ``26``, which ``parse_datetime`` cannot
    read back; ``datetime.isoformat`` always writes four digits.
    """
    return moment.astimezone(UTC).replace(microsecond=0, tzinfo=None).isoformat() + "Z"


# The first and last year mem stores: a time is written as UTC with a four-digit year, and every
# record must read back. A time before 1000 is an export's placeholder (0001-01-01), not a message.
FIRST_YEAR, LAST_YEAR = 1000, 9999


def storable(moment: datetime) -> datetime:
    """``moment`` in UTC when mem can write and read it back; ``ValueError`` saying why otherwise
    (before the year 1000, or outside what a datetime holds once moved to UTC)."""
    try:
        utc = moment.astimezone(UTC)
    except OverflowError as exc:
        raise ValueError(f"outside the years {FIRST_YEAR}-{LAST_YEAR} in UTC") from exc
    if not FIRST_YEAR <= utc.year <= LAST_YEAR:
        raise ValueError(f"outside the years {FIRST_YEAR}-{LAST_YEAR} in UTC")
    return moment
