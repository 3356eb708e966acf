"""Stored facts screened again by today's sensitive-category rules (an upgrade, ``mem extract --again``).

Extraction decides a fact's sensitive category once, when it is written: a fact of an unconsented category is
never stored. A store made by an older mem keeps that mem's decision, so a sentence today's rules read as health
("Also I'm allergic to peanuts.") stayed active as ``sensitive: none`` — invisible to ``mem consent``'s count
and shared like any other fact (NEWUSER_REPORT18 #1). Screening reads each stored fact's customer quotes with
today's rules (``mem.core.text.sensitive``, the same reading extraction gives a new quote) and marks a fact whose
quotes fall in a category with that category. Nothing is deleted: the fact stays where it is, now counted in
``stored_sensitive`` and treated as every sensitive fact is (never shared, never know-how); when the customer has
not consented to the category, the operator erases it (``mem facts forget``) or the customer consents.

A fact without customer quotes (added by hand, an agent's statement) is left as it is: its category was given by
whoever stored it. Only ``none`` facts are read; a category already given is never changed.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

ACTOR = "screening"


# Any: a stored record's JSON (``memory.db``'s ``data``), read before it is trusted as a ``Fact``.
def category_of(record: dict[str, Any]) -> str:
    """Today's sensitive category of a stored fact (its ``data`` JSON), read from its customer quotes; ``none``
    for a fact already marked, erased, or without customer quotes."""
    if record.get("sensitive", "none") != "none" or record.get("status") == "erased":
        return "none"
    from mem.customers.kinds import sensitive_category

    for evidence in record.get("evidence") or []:
        quote = evidence.get("quote") if isinstance(evidence, dict) else None
        if evidence.get("role") == "customer" and isinstance(quote, str) and quote.strip():
            category = sensitive_category(quote)
            if category != "none":
                return category
    return "none"


def screen_records(conn: sqlite3.Connection) -> dict[str, int]:
    """Mark every current record today's rules read as sensitive (the caller's transaction: a schema upgrade,
    ``mem.customers.db``); returns category → how many. History snapshots keep what was stored then."""
    counts: dict[str, int] = {}
    updates: list[tuple[str, str]] = []
    for fact_id, data in conn.execute("SELECT id, data FROM facts").fetchall():
        try:
            record = json.loads(data)
        except ValueError:  # a damaged record is left as it was, never the store unopenable
            continue
        category = category_of(record) if isinstance(record, dict) else "none"
        if category == "none":
            continue
        record["sensitive"] = category
        counts[category] = counts.get(category, 0) + 1
        updates.append((json.dumps(record, ensure_ascii=False, separators=(",", ":")), fact_id))
    conn.executemany("UPDATE facts SET data = ? WHERE id = ?", updates)
    return counts


@dataclass
class ScreenReport:
    """What ``rescreen`` marked (``to_dict`` for ``--json``): one ``{"id", "sensitive", "consented"}`` per fact."""

    marked: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> JsonObject:
        return {"marked": list(self.marked)}


def rescreen(store: CustomerStore) -> ScreenReport:
    """Screen the customer's stored facts again (module doc), each change a history row; one transaction."""
    report = ScreenReport()
    allowed = store.consent.allowed()
    with store.transaction():
        for fact in store.facts.list(statuses=["active", "replaced", "retracted"]):
            category = category_of(fact.to_dict())
            if category == "none":
                continue
            store.facts.save(fact.replace(sensitive=category), action="edited", actor=ACTOR,
                             reason=f"read as {category} by today's sensitive-category rules (mem extract --again)")
            report.marked.append({"id": fact.id, "sensitive": category, "consented": category in allowed})
    return report
