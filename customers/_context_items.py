"""Customer context: the few items injected into every conversation, under a character budget.

Items come from the customer, the service or promotion of a fact; a slot key keeps one item per
slot, and while the confirmed items exceed the budget the least important is demoted to a fact.
Every change is written to ``context_log``.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput, NotFound, Refused
from mem.core.ids import new_id
from mem.customers._base import _StoreBase
from mem.customers.context import (
    DEFAULT_IMPORTANCE,
    DEMOTED_KIND,
    SOURCES,
    ContextChange,
    ContextItem,
    least_important,
)
from mem.customers.fact import Fact
from mem.customers.slots import EVERY_CONVERSATION, find_slot


class _ContextItems(_StoreBase):
    """``CustomerStore``'s customer context."""

    def context_items(self, *, include_unconfirmed: bool = False) -> list[ContextItem]:
        """The items injected into every conversation (most important first); proposals on request."""
        sql = "SELECT * FROM context_items" + ("" if include_unconfirmed else " WHERE confirmed = 1")
        rows = self._conn.execute(sql + " ORDER BY importance DESC, created_at, id").fetchall()
        return [_context_item(row) for row in rows]

    def add_context(
        self,
        text: str,
        *,
        source: str,
        budget_chars: int,
        importance: int | None = None,
        fact_id: str | None = None,
        confirmed: bool = True,
        key: str | None = None,
    ) -> ContextChange:
        """Add an item (``source``: customer, promoted or service); demote while over budget.

        ``key`` names a slot (e.g. "tier"): an item with the same key is replaced. Without one, an
        item from the service or the customer that fills an every-conversation slot ("Business
        tier", "Answer in Korean") takes that slot as its key, so setting the tier again replaces the
        old tier instead of injecting both. An item longer than the whole budget is refused. The
        least important confirmed item — possibly the new one — is demoted to a fact until the
        budget holds.
        """
        text = (text or "").strip()
        if not text:
            raise InvalidInput("a context item needs text")
        if key is None and source in ("service", "customer"):
            slot = find_slot(text)
            key = slot.name if slot is not None and slot.name in EVERY_CONVERSATION else None
        if source not in SOURCES:
            raise InvalidInput(f"context source must be one of {', '.join(SOURCES)}")
        if len(text) > budget_chars:
            raise Refused(f"the item has {len(text)} characters; the whole context budget is {budget_chars}")
        importance = DEFAULT_IMPORTANCE[source] if importance is None else int(importance)
        now = clock.now().replace(microsecond=0)
        item = ContextItem(
            id=new_id(), text=text, source=source, importance=importance, confirmed=confirmed,
            created_at=now, fact_id=fact_id, key=key,
        )
        with self.transaction():
            if fact_id is not None:
                self.get(fact_id)
            replaced = None
            if key is not None:
                row = self._conn.execute("SELECT * FROM context_items WHERE key = ?", (key,)).fetchone()
                if row is not None:
                    replaced = _context_item(row)
                    self._drop_context(replaced, action="replaced", reason=f"replaced by {item.id}")
            self._conn.execute(
                "INSERT INTO context_items (id, key, text, source, importance, confirmed, fact_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (item.id, key, text, source, importance, int(confirmed), fact_id, clock.isoformat(now)),
            )
            self._context_log("added" if confirmed else "proposed", item, "")
            if fact_id is not None:
                fact = self.get(fact_id)
                self._history(fact_id, "promoted to context", "system", f"context item {item.id}", fact)
            demoted = self._enforce_budget(budget_chars) if confirmed else []
        return ContextChange(
            item=item, kept=item.id not in {d[0].id for d in demoted}, demoted=tuple(d[1] for d in demoted),
            replaced=replaced, used_chars=self._context_chars(), budget_chars=budget_chars,
        )

    def confirm_context(self, item_id: str, *, budget_chars: int) -> ContextChange:
        """Confirm a proposed item so it is injected (and counts against the budget)."""
        with self.transaction():
            item = self._context_item(item_id)
            self._conn.execute("UPDATE context_items SET confirmed = 1 WHERE id = ?", (item_id,))
            item = dataclasses.replace(item, confirmed=True)
            self._context_log("confirmed", item, "")
            demoted = self._enforce_budget(budget_chars)
        return ContextChange(
            item=item, kept=item.id not in {d[0].id for d in demoted}, demoted=tuple(d[1] for d in demoted),
            used_chars=self._context_chars(), budget_chars=budget_chars,
        )

    def remove_context(self, item_id: str) -> ContextItem:
        """The customer removes an item; it is gone from context (the change stays in the context log)."""
        with self.transaction():
            item = self._context_item(item_id)
            self._drop_context(item, action="removed", reason="removed by the customer")
        return item

    def context_log(self) -> list[dict[str, Any]]:
        rows = self._conn.execute("SELECT * FROM context_log ORDER BY seq").fetchall()
        return [dict(row) for row in rows]

    # internals: context -----------------------------------------------------------------------
    def _context_item(self, item_id: str) -> ContextItem:
        row = self._conn.execute("SELECT * FROM context_items WHERE id = ?", (item_id,)).fetchone()
        if row is None:
            raise NotFound(f"no context item {item_id} for customer {self.customer_id!r}")
        return _context_item(row)

    def _context_chars(self) -> int:
        row = self._conn.execute("SELECT COALESCE(SUM(LENGTH(text)), 0) FROM context_items WHERE confirmed = 1")
        return int(row.fetchone()[0])

    def _context_log(self, action: str, item: ContextItem, reason: str) -> None:
        self._conn.execute(
            "INSERT INTO context_log (at, action, item_id, text, source, reason) VALUES (?, ?, ?, ?, ?, ?)",
            (clock.isoformat(clock.now()), action, item.id, item.text, item.source, reason),
        )

    def _drop_context(self, item: ContextItem, *, action: str, reason: str) -> None:
        self._conn.execute("DELETE FROM context_items WHERE id = ?", (item.id,))
        self._context_log(action, item, reason)

    def _enforce_budget(self, budget_chars: int) -> list[tuple[ContextItem, Fact]]:
        """Demote the least important confirmed items to facts until the rest fit the budget."""
        demoted: list[tuple[ContextItem, Fact]] = []
        while self._context_chars() > budget_chars:
            items = self.context_items()
            victim = least_important(items)
            reason = f"customer context over budget ({self._context_chars()} > {budget_chars} characters)"
            self._drop_context(victim, action="demoted", reason=reason)
            fact = self._load(victim.fact_id) if victim.fact_id else None
            if fact is not None:
                self._history(fact.id, "demoted from context", "system", reason, fact)
            else:
                fact = Fact(
                    id=new_id(), kind=DEMOTED_KIND[victim.source], text=victim.text,
                    valid_at=victim.created_at.date(), recorded_at=clock.now().replace(microsecond=0),
                    origin="stated", confirmed=True,
                )
                self._save(fact, action="demoted from context", actor="system",
                           reason=f"{reason}; was context item {victim.id} ({victim.source})")
            demoted.append((victim, fact))
        return demoted


def _context_item(row: sqlite3.Row) -> ContextItem:
    return ContextItem(
        id=row["id"], text=row["text"], source=row["source"], importance=row["importance"],
        confirmed=bool(row["confirmed"]), created_at=clock.parse_datetime(row["created_at"]),
        fact_id=row["fact_id"], key=row["key"],
    )
