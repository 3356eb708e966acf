"""What the Python API accepts for a path, a time or a day, read one way everywhere (NEWUSER_REPORT18 #8).

A library caller passes what is natural: a ``str`` or any ``os.PathLike`` for a path (``CustomerStore.open``
took a ``str`` home, ``ingest_documents`` failed on a ``str`` workspace with ``TypeError``), an ISO 8601
string or a ``datetime`` for a time (``append_turn(time="2026-01-01")`` was an ``AttributeError``), an ISO
date string or a ``date`` for a day. Anything else is ``InvalidInput`` naming the argument — never a raw
Python error from deep inside.
"""

from __future__ import annotations

import os
from datetime import UTC, date, datetime
from pathlib import Path

from mem.core import clock
from mem.core.errors import InvalidInput


def as_path(value: str | os.PathLike[str], what: str) -> Path:
    """``value`` as a ``Path``: a ``str`` or ``os.PathLike``; ``InvalidInput`` for anything else or ``""``."""
    if isinstance(value, Path):
        return value
    if isinstance(value, (str, os.PathLike)) and not isinstance(value, bytes):
        text = os.fspath(value)
        if isinstance(text, str):
            if not text.strip():
                raise InvalidInput(f'{what} is an empty path (""): name a folder, or "." for this one')
            return Path(text)
    raise InvalidInput(f"{what} must be a path (a str or os.PathLike), not {type(value).__name__}")


def as_datetime(value: datetime | str | None, what: str) -> datetime | None:
    """``value`` as an aware ``datetime`` (``None`` stays ``None``): a ``datetime`` (naive = UTC, as mem reads
    naive times everywhere), or an ISO 8601 date or time string (``2026-01-01``, ``2026-01-01T10:00:00Z``)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return clock.parse_datetime(value)
        except ValueError:
            raise InvalidInput(f"{what} {value[:40]!r} is not an ISO 8601 date or time (e.g. 2026-01-01 or "
                               "2026-01-01T10:00:00Z)") from None
    if isinstance(value, date):
        return clock.parse_datetime(value.isoformat())
    raise InvalidInput(f"{what} must be a datetime or an ISO 8601 string, not {type(value).__name__}")


def as_date(value: date | str | None, what: str, *, times: bool = True) -> date | None:
    """``value`` as a ``date`` (``None`` stays ``None``): a ``date``, a ``datetime`` (its day), or an ISO 8601
    date string (``2026-01-01``; a time string gives its UTC day, unless ``times=False``: a page's frontmatter
    date is ``YYYY-MM-DD`` only, ``mem.wiki.page``)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            if not times:
                raise InvalidInput(f"{what} {value[:40]!r} is not a date YYYY-MM-DD") from None
        moment = as_datetime(value, what)
        assert moment is not None
        return moment.astimezone(UTC).date()
    raise InvalidInput(f"{what} must be a date or an ISO 8601 date string, not {type(value).__name__}")
