"""Page ids every checkout can hold: not two that differ only in case, not a name Windows reserves.

A page is the file ``<folder>/<id>.md``. On macOS and Windows (case-insensitive file systems)
``Refunds.md`` and ``refunds.md`` are one file, so a checkout there silently loses a page, and
``[[Refunds]]`` beside ``[[refunds]]`` is easy to confuse anywhere. Windows also refuses files named
CON, PRN, AUX, NUL, COM1-COM9 or LPT1-LPT9, whatever follows the first dot (``aux.md``, ``con.x.md``).
Ingest refuses such ids (and numbers a heading that would make one, "con" → "con-2"); lint's
``portable-id`` rule reports those already in a wiki.
"""

from __future__ import annotations

from collections.abc import Iterable

WINDOWS_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)),
                              *(f"lpt{n}" for n in range(1, 10))})


def windows_reserved(page_id: str) -> bool:
    """Whether Windows refuses a file named ``<page_id>.md`` (the part before the first dot decides)."""
    return page_id.split(".", 1)[0].casefold() in WINDOWS_RESERVED


def case_twins(page_id: str, others: Iterable[str]) -> list[str]:
    """The ids of ``others`` equal to ``page_id`` ignoring case, but spelled otherwise."""
    key = page_id.casefold()
    return sorted({other for other in others if other != page_id and other.casefold() == key})
