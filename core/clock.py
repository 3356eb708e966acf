"""The one clock of mem, so tests and the demo can fix "now".

``now()`` is the current UTC time unless ``freeze`` set another one (the CLI does this from the
``MEM_NOW`` setting read by ``mem.core.config``).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

_frozen: datetime | None = None


def now() -> datetime:
    """The current time, timezone-aware UTC."""
    return _frozen if _frozen is not None else datetime.now(UTC)


def today() -> date:
    return now().date()


def freeze(moment: datetime | None) -> None:
    """Fix ``now()`` to ``moment`` (naive values are taken as UTC); ``None`` unfreezes."""
    global _frozen
    if moment is not None and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    _frozen = moment


def parse_datetime(text: str) -> datetime:
    """Parse an ISO 8601 date or datetime; a bare date means midnight UTC."""
    value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value


def isoformat(moment: datetime) -> str:
    """UTC ISO 8601 with seconds and a ``Z``: the one timestamp format mem writes."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
