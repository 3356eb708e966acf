"""Facts: the writes of movement 2 and the customer (add, update, retract, edit, confirm) and reads.

Every write goes through ``_StoreBase._save`` in one transaction, which keeps the record, its
policy rows, an append-only history row and an index operation together. Recheck flags, the hard
erase and search live in their own modules (``_recheck``, ``_erase``, ``_search_index``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from typing import Any

from mem.core.errors import Conflict, InvalidInput, NotFound
from mem.customers._base import _check_choices, _StoreBase
from mem.customers._records import HistoryEntry, _history_entry
from mem.customers.fact import KINDS, STATUSES, Fact


class _Facts(_StoreBase):
    """``CustomerStore``'s fact writes and reads."""

    # facts: writing ---------------------------------------------------------------------------
    def add(self, fact: Fact, *, actor: str = "extraction", reason: str = "") -> Fact:
        """Store a new fact. ``Conflict`` if the id exists; ``Refused`` for an unconsented sensitive one."""
        fact.validate()
        with self.transaction():
            if self._row(fact.id) is not None:
                raise Conflict(f"fact {fact.id} exists already")
            self._require_consent(fact)
            self._save(fact, action="added", actor=actor, reason=reason)
            if fact.agreement:
                self._queue_evidence(fact)
        return fact

    def update(self, old_id: str, new: Fact, *, reason: str = "", actor: str = "extraction") -> Fact:
        """UPDATE: store ``new`` in place of the active fact ``old_id``, which becomes ``replaced``.

        Both keep a link (``new.supersedes`` / ``old.superseded_by``) and a history row.
        """
        with self.transaction():
            old = self.get(old_id)
            if old.status != "active":
                raise Conflict(f"fact {old_id} is {old.status}; only an active fact can be updated")
            if self._row(new.id) is not None:
                raise Conflict(f"fact {new.id} exists already")
            new = new.replace(supersedes=old_id, superseded_by=None, status="active")
            self._require_consent(new)
            self._save(old.replace(status="replaced", superseded_by=new.id), action="replaced", actor=actor,
                       reason=reason or f"replaced by {new.id}")
            self._save(new, action="added", actor=actor, reason=reason or f"replaces {old_id}")
            if new.agreement:
                self._queue_evidence(new)
        return new

    def retract(self, fact_id: str, *, reason: str = "", actor: str = "customer") -> Fact:
        """DELETE: mark an active fact ``retracted`` (kept, hidden from search, visible in history)."""
        with self.transaction():
            fact = self.get(fact_id)
            if fact.status != "active":
                raise Conflict(f"fact {fact_id} is {fact.status} already")
            fact = fact.replace(status="retracted")
            self._save(fact, action="retracted", actor=actor, reason=reason)
        return fact

    def edit(
        self,
        fact_id: str,
        *,
        text: str | None = None,
        kind: str | None = None,
        valid_at: date | None = None,
        reason: str = "",
        actor: str = "customer",
    ) -> Fact:
        """Correct a fact in place (same id); the previous version stays in its history."""
        changes: dict[str, Any] = {}
        if text is not None:
            changes["text"] = text
        if kind is not None:
            changes["kind"] = kind
        if valid_at is not None:
            changes["valid_at"] = valid_at
        if not changes:
            raise InvalidInput("nothing to change: give a new text, kind or date")
        with self.transaction():
            fact = self.get(fact_id).replace(**changes)
            self._save(fact, action="edited", actor=actor, reason=reason)
        return fact

    def confirm(self, fact_id: str, *, actor: str = "customer") -> Fact:
        """The customer (or an operator) confirms a fact; inferred traits need this to reach context."""
        with self.transaction():
            fact = self.get(fact_id)
            if fact.confirmed:
                return fact
            fact = fact.replace(confirmed=True)
            self._save(fact, action="confirmed", actor=actor, reason="")
        return fact

    # facts: reading ---------------------------------------------------------------------------
    def get(self, fact_id: str) -> Fact:
        """The current record of a fact, or ``NotFound`` (also for an erased one, saying so)."""
        fact = self._load(fact_id)
        if fact is None:
            erased = self._conn.execute(
                "SELECT at FROM fact_history WHERE fact_id = ? AND action = 'erased'", (fact_id,)
            ).fetchone()
            if erased:
                raise NotFound(f"fact {fact_id} was erased on {erased['at'][:10]}")
            raise NotFound(f"no fact {fact_id} for customer {self.customer_id!r}")
        return fact

    def history(self, fact_id: str) -> list[HistoryEntry]:
        """Every change of a fact, oldest first."""
        rows = self._conn.execute(
            "SELECT * FROM fact_history WHERE fact_id = ? ORDER BY seq", (fact_id,)
        ).fetchall()
        if not rows:
            raise NotFound(f"no fact {fact_id} for customer {self.customer_id!r}")
        return [_history_entry(row) for row in rows]

    def list_facts(
        self,
        *,
        kinds: Sequence[str] | None = None,
        statuses: Sequence[str] | None = ("active",),
        since: date | None = None,
        recheck_only: bool = False,
        limit: int | None = None,
    ) -> list[Fact]:
        """Facts newest first (by the date they are about), filtered; ``statuses=None`` = all."""
        where, params = [], []
        if kinds:
            _check_choices(kinds, KINDS, "kind")
            where.append(f"kind IN ({','.join('?' * len(kinds))})")
            params += list(kinds)
        if statuses:
            _check_choices(statuses, STATUSES, "status")
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params += list(statuses)
        if since is not None:
            where.append("day >= ?")
            params.append(since.toordinal())
        if recheck_only:
            where.append("json_extract(data, '$.recheck.flag') = 1")
        sql = "SELECT data FROM facts" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY day DESC, id DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        return [Fact.from_dict(json.loads(row[0])) for row in self._conn.execute(sql, params)]

    def count_facts(self) -> dict[str, int]:
        rows = self._conn.execute("SELECT status, COUNT(*) FROM facts GROUP BY status").fetchall()
        counts = {status: 0 for status in STATUSES}
        counts.update({row[0]: row[1] for row in rows})
        return counts
