"""Which day it is for the customer being answered: the day an ``effective`` date is judged on.

A page's ``effective`` date starts the rule at 00:00 of that day where the customer is. ``mem ask``,
``mem chat``, ``--script`` and the MCP tools answer inside ``customer_zone(zone)`` with the customer's
zone — the UTC offset of their latest imported turn that had one (docs/customers.md, "The customer's
zone") — so ``today()`` is the customer's day: a Tokyo customer at 07:30 on 1 January (22:30 UTC on 31
December) is answered from the edition that takes effect on 1 January. Without a zone (no import with an
offset, ``mem lint``, ``mem bundle build``) the day is the UTC day (``mem.core.clock``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, tzinfo

from mem.core import clock

_ZONE: ContextVar[tzinfo | None] = ContextVar("mem_customer_zone", default=None)


def today() -> date:
    """The current day in the zone set by ``customer_zone`` (the UTC day when none is set)."""
    moment = clock.now()
    zone = _ZONE.get()
    return moment.astimezone(zone).date() if zone is not None else moment.date()


def zone() -> tzinfo | None:
    """The zone set by ``customer_zone``, or None (UTC)."""
    return _ZONE.get()


@contextmanager
def customer_zone(zone: tzinfo | None) -> Iterator[None]:
    """Judge "today" in ``zone`` (None: UTC) inside the block."""
    token = _ZONE.set(zone)
    try:
        yield
    finally:
        _ZONE.reset(token)
