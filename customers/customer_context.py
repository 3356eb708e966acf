"""Customer context (memory): short items injected into every conversation, under a budget — ``store.context``.

Items come from three sources (docs/design.md, movement 3): the customer's direct request (``customer``), a fact
promoted because it is needed every time (``promoted``), and service input from outside the
conversation such as a contract tier (``service``). Only confirmed items count against the budget
and are injected; an unconfirmed item is a proposal waiting for the customer or an operator.

When confirmed items exceed ``config.context.budget_chars``, the least important one (lowest
importance, then oldest) is demoted to a customer fact, with a history row, until they fit. A slot
key keeps one item per slot; every change is written to ``context_log``.
"""

from __future__ import annotations

import builtins
import dataclasses
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from mem.core import clock
from mem.core.controls import one_line
from mem.core.errors import InvalidInput, NotFound, Refused
from mem.core.ids import new_id, validate_name
from mem.core.json_types import JsonObject
from mem.customers._part import StorePart
from mem.customers.db import failure
from mem.customers.fact_record import Fact
from mem.customers.slots import EVERY_CONVERSATION, find_slot

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

SOURCES = ("customer", "promoted", "service")
# Account attributes that grant something — the contract tier a know-how condition reads ("by an
# Enterprise customer"), and with it plan, contract and entitlements — come only from the service
# (``mem context set --from-service``). What a customer says about them ("Please always treat me as
# an Enterprise customer", "We are on the Enterprise plan") stays a fact in their words: a claim,
# never a context item, so it can never satisfy a condition (docs/customers.md, "Who may set what").
SERVICE_ONLY_SLOTS = frozenset({"tier"})
# Service input is contractual, the customer's own request comes next, promoted facts are the
# first to go back to being facts when room runs out.
DEFAULT_IMPORTANCE = {"service": 3, "customer": 2, "promoted": 1}
# Only the order matters; a million is room enough and far inside SQLite's 64-bit integers.
MAX_IMPORTANCE = 1_000_000
# The kind a demoted item takes as a fact: what the customer asked for is a preference, what the
# service says about them is an attribute.
DEMOTED_KIND = {"customer": "preference", "service": "attribute", "promoted": "attribute"}


def check_key(key: str) -> str:
    """A slot name given by hand (``mem context set --key``): a name like a customer id ("tier",
    "language"). An empty key or "../x" was stored and made a slot no other item could name alike."""
    return validate_name(key, what="context key")


def checked_item(text: str | None, *, source: str, importance: int | None, budget_chars: int) -> tuple[str, int]:
    """A context item's text (one line, no control characters) and importance, or the one-line error
    that refuses it.

    The text is injected into every conversation and counts against the budget: control characters, a
    byte-order mark and escape sequences are removed and line breaks (a lone CR too) become one space
    (``mem.core.controls.one_line``), as ``mem log import`` cleans a message. They were kept as typed,
    invisible in the prompt and counted against the budget. Callers that would create the customer's
    store check first (``mem context add`` for a new customer left an empty store behind when the item
    was refused)."""
    text = one_line(text or "")
    if not text:
        raise InvalidInput("a context item needs text")
    if source not in SOURCES:
        raise InvalidInput(f"context source must be one of {', '.join(SOURCES)}")
    if isinstance(budget_chars, bool) or not isinstance(budget_chars, int) or budget_chars < 0:
        # a caller's mistake, not a deliberate no: -1 was "Refused: the whole context budget is -1"
        raise InvalidInput(f"budget_chars must be a whole number of characters, 0 or more, got {budget_chars!r}")
    if len(text) > budget_chars:
        raise Refused(f"the item has {len(text)} characters; the whole context budget is {budget_chars}")
    importance = DEFAULT_IMPORTANCE[source] if importance is None else int(importance)
    if not 0 <= importance <= MAX_IMPORTANCE:  # SQLite stores 64 bits: above was an OverflowError
        raise InvalidInput(f"importance {importance} is out of range (0 to {MAX_IMPORTANCE:,})")
    return text, importance


def item_key(text: str, *, source: str, key: str | None) -> str | None:
    """The slot an item takes: ``key`` when given, else the every-conversation slot a service or customer
    item fills ("Business tier" → ``tier``); refused when a service-only slot does not come from the service."""
    if key is not None:
        key = check_key(key)
    if key is None and source in ("service", "customer"):
        slot = find_slot(text)
        key = slot.name if slot is not None and slot.name in EVERY_CONVERSATION else None
    check_source(key, source)
    return key


def check_source(key: str | None, source: str) -> None:
    """Refuse an item for a service-only slot (the contract tier) that does not come from the service."""
    if key in SERVICE_ONLY_SLOTS and source != "service":
        raise Refused(f"the customer's {key} is set by the service only (mem context set --from-service); "
                      "what the customer says about it stays a fact")


def from_service(item: ContextItem) -> bool:
    """Whether an item may stand for an account attribute: set by the service, or in no service-only slot.

    A tier item made from a customer's words before ``check_source`` existed is kept in the store (the
    customer can see and remove it) but is neither injected nor read by a know-how condition."""
    return item.source == "service" or item.key not in SERVICE_ONLY_SLOTS


@dataclass(frozen=True)
class ContextItem:
    id: str
    text: str
    source: str
    importance: int
    confirmed: bool
    created_at: datetime
    fact_id: str | None = None
    key: str | None = None

    def to_dict(self) -> JsonObject:
        return {
            "id": self.id,
            "text": self.text,
            "source": self.source,
            "importance": self.importance,
            "confirmed": self.confirmed,
            "created_at": clock.isoformat(self.created_at),
            "fact_id": self.fact_id,
            "key": self.key,
        }


@dataclass(frozen=True)
class ContextChange:
    """The outcome of adding or confirming an item: the item, whether it stayed, what was demoted."""

    item: ContextItem
    kept: bool
    demoted: tuple[Fact, ...] = field(default_factory=tuple)
    replaced: ContextItem | None = None
    used_chars: int = 0
    budget_chars: int = 0

    def to_dict(self) -> JsonObject:
        return {
            "item": self.item.to_dict(),
            "kept": self.kept,
            "demoted": [f.to_dict() for f in self.demoted],
            "replaced": self.replaced.to_dict() if self.replaced else None,
            "used_chars": self.used_chars,
            "budget_chars": self.budget_chars,
        }


def least_important(items: list[ContextItem]) -> ContextItem:
    """The item demoted first: lowest importance, then the oldest."""
    return min(items, key=lambda i: (i.importance, i.created_at, i.id))


class CustomerContext(StorePart):
    """One customer's context, a part of ``CustomerStore`` (``store.context``)."""

    def __init__(self, store: CustomerStore) -> None:
        super().__init__(store)

    def items(self, *, include_unconfirmed: bool = False) -> builtins.list[ContextItem]:
        """The items injected into every conversation (most important first); proposals on request."""
        sql = "SELECT * FROM context_items" + ("" if include_unconfirmed else " WHERE confirmed = 1")
        rows = self._store.conn.execute(sql + " ORDER BY importance DESC, created_at, id").fetchall()
        return [_context_item(row) for row in rows]

    def add(
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
        text, importance = checked_item(text, source=source, importance=importance, budget_chars=budget_chars)
        key = item_key(text, source=source, key=key)
        now = clock.now().replace(microsecond=0)
        item = ContextItem(
            id=new_id(), text=text, source=source, importance=importance, confirmed=confirmed,
            created_at=now, fact_id=fact_id, key=key,
        )
        with self._store.transaction():
            if fact_id is not None:
                self._store.facts.get(fact_id)
            replaced = None
            if key is not None:
                row = self._store.conn.execute("SELECT * FROM context_items WHERE key = ?", (key,)).fetchone()
                if row is not None:
                    replaced = _context_item(row)
                    self._drop_context(replaced, action="replaced", reason=f"replaced by {item.id}")
            self._store.conn.execute(
                "INSERT INTO context_items (id, key, text, source, importance, confirmed, fact_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (item.id, key, text, source, importance, int(confirmed), fact_id, clock.isoformat(now)),
            )
            self._log_change("added" if confirmed else "proposed", item, "")
            if fact_id is not None:
                fact = self._store.facts.get(fact_id)
                self._store.facts.log_change(fact_id, "promoted to context", "system", f"context item {item.id}", fact)
            demoted = self._enforce_budget(budget_chars) if confirmed else []
        return ContextChange(
            item=item, kept=item.id not in {d[0].id for d in demoted}, demoted=tuple(d[1] for d in demoted),
            replaced=replaced, used_chars=self.used_chars(), budget_chars=budget_chars,
        )

    def confirm(self, item_id: str, *, budget_chars: int) -> ContextChange:
        """Confirm a proposed item so it is injected (and counts against the budget)."""
        with self._store.transaction():
            item = self._item(item_id)
            check_source(item.key, item.source)  # a tier proposed from a customer's words before this rule
            self._store.conn.execute("UPDATE context_items SET confirmed = 1 WHERE id = ?", (item_id,))
            item = dataclasses.replace(item, confirmed=True)
            self._log_change("confirmed", item, "")
            demoted = self._enforce_budget(budget_chars)
        return ContextChange(
            item=item, kept=item.id not in {d[0].id for d in demoted}, demoted=tuple(d[1] for d in demoted),
            used_chars=self.used_chars(), budget_chars=budget_chars,
        )

    def remove(self, item_id: str) -> ContextItem:
        """The customer removes an item; it is gone from context (the change stays in the context log)."""
        with self._store.transaction():
            item = self._item(item_id)
            self._drop_context(item, action="removed", reason="removed by the customer")
        return item

    def end(self, item_id: str, *, reason: str) -> ContextItem:
        """An item whose ground is gone (the value it names was replaced): out of context, the change logged."""
        with self._store.transaction():
            item = self._item(item_id)
            self._drop_context(item, action="ended", reason=reason)
        return item

    def erase(self, item_id: str, replacement: str = "[erased]") -> None:
        """The customer has an item forgotten, in context or already removed: it leaves the context and
        every context-log line of it keeps only time, action and item id (``forget_items``).

        ``InvalidInput`` for an item made from a fact or demoted into one: its words are that fact's,
        and erasing the fact (``store.facts.erase``) takes the item with it. ``NotFound`` for an id
        neither the context nor its log knows."""
        conn = self._store.conn
        row = conn.execute("SELECT fact_id FROM context_items WHERE id = ?", (item_id,)).fetchone()
        logged = conn.execute("SELECT 1 FROM context_log WHERE item_id = ? LIMIT 1", (item_id,)).fetchone()
        if row is None and logged is None:
            raise NotFound(f"no context item {item_id} for customer {self._store.customer_id!r}")
        fact_id = row["fact_id"] if row is not None else None
        if fact_id is None:  # promoted ("context item X") or demoted ("was context item X (…)") in a fact's history
            found = conn.execute("SELECT fact_id FROM fact_history WHERE reason = ? OR instr(reason, ?) > 0 LIMIT 1",
                                 (f"context item {item_id}", f"was context item {item_id} ")).fetchone()
            fact_id = found["fact_id"] if found is not None and self._store.facts.load(found["fact_id"]) else None
        if fact_id is not None:
            raise InvalidInput(f"context item {item_id} holds the words of fact {fact_id}: erase that fact "
                               f"(mem facts erase {fact_id}), which erases the item with it")
        with self._store.transaction():
            self.forget_items([item_id], replacement)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # with secure_delete on, the old text is gone
        except sqlite3.Error as exc:
            raise failure("customer memory write failed", self._store.folder, exc) from exc

    def changes(self) -> builtins.list[JsonObject]:
        """Every change of the customer context, oldest first (the append-only context log)."""
        rows = self._store.conn.execute("SELECT * FROM context_log ORDER BY seq").fetchall()
        return [dict(row) for row in rows]

    def forget_items(self, item_ids: Iterable[str], replacement: str) -> None:
        """An erased fact: the items made from it leave the context, and every context-log line of them
        keeps only its time, action and item id (the text becomes ``replacement``)."""
        ids = [(item_id,) for item_id in item_ids]
        self._store.conn.executemany("DELETE FROM context_items WHERE id = ?", ids)
        self._store.conn.executemany("UPDATE context_log SET text = ? WHERE item_id = ?",
                                     [(replacement, item_id) for (item_id,) in ids])

    # internals ---------------------------------------------------------------------------------
    def _item(self, item_id: str) -> ContextItem:
        row = self._store.conn.execute("SELECT * FROM context_items WHERE id = ?", (item_id,)).fetchone()
        if row is None:
            raise NotFound(f"no context item {item_id} for customer {self._store.customer_id!r}")
        return _context_item(row)

    def used_chars(self) -> int:
        """Characters of the confirmed items, which count against the budget."""
        row = self._store.conn.execute("SELECT COALESCE(SUM(LENGTH(text)), 0) FROM context_items WHERE confirmed = 1")
        return int(row.fetchone()[0])

    def _log_change(self, action: str, item: ContextItem, reason: str) -> None:
        self._store.conn.execute(
            "INSERT INTO context_log (at, action, item_id, text, source, reason) VALUES (?, ?, ?, ?, ?, ?)",
            (clock.isoformat(clock.now()), action, item.id, item.text, item.source, reason),
        )

    def _drop_context(self, item: ContextItem, *, action: str, reason: str) -> None:
        self._store.conn.execute("DELETE FROM context_items WHERE id = ?", (item.id,))
        self._log_change(action, item, reason)

    def _enforce_budget(self, budget_chars: int) -> builtins.list[tuple[ContextItem, Fact]]:
        """Demote the least important confirmed items to facts until the rest fit the budget."""
        demoted: list[tuple[ContextItem, Fact]] = []
        while self.used_chars() > budget_chars:
            items = self.items()
            victim = least_important(items)
            reason = f"customer context over budget ({self.used_chars()} > {budget_chars} characters)"
            self._drop_context(victim, action="demoted", reason=reason)
            fact = self._store.facts.load(victim.fact_id) if victim.fact_id else None
            if fact is not None:
                self._store.facts.log_change(fact.id, "demoted from context", "system", reason, fact)
            else:
                fact = Fact(
                    id=new_id(), kind=DEMOTED_KIND[victim.source], text=victim.text,
                    valid_at=victim.created_at.date(), recorded_at=clock.now().replace(microsecond=0),
                    origin="stated", confirmed=True,
                )
                fact = self._store.facts.save(fact, action="demoted from context", actor="system",
                           reason=f"{reason}; was context item {victim.id} ({victim.source})")
            demoted.append((victim, fact))
        return demoted


def _context_item(row: sqlite3.Row) -> ContextItem:
    return ContextItem(
        id=row["id"], text=row["text"], source=row["source"], importance=row["importance"],
        confirmed=bool(row["confirmed"]), created_at=clock.parse_datetime(row["created_at"]),
        fact_id=row["fact_id"], key=row["key"],
    )
