"""The evidence outbox: agreement facts queued for the service's evidence store.

A fact marked as an agreement is queued in the same transaction that stores it; the client's sync
(``mem.server.evidence.push_evidence``) reads ``pending_evidence`` and marks what the service took.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mem.core import clock
from mem.customers._base import _StoreBase
from mem.customers.fact import Fact


@dataclass(frozen=True)
class EvidenceItem:
    """Evidence of an agreement fact, queued for the service's evidence store."""

    id: int
    fact_id: str
    customer_id: str
    date: str | None
    kind: str
    text: str
    quotes: tuple[dict[str, Any], ...]
    policy_refs: tuple[dict[str, Any], ...]
    queued_at: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "fact_id": self.fact_id,
            "customer_id": self.customer_id,
            "date": self.date,
            "kind": self.kind,
            "text": self.text,
            "quotes": list(self.quotes),
            "policy_refs": list(self.policy_refs),
            "queued_at": self.queued_at,
        }


class _Outbox(_StoreBase):
    """``CustomerStore``'s evidence outbox."""

    def pending_evidence(self) -> list[EvidenceItem]:
        """Evidence of agreement facts not yet sent to the service, oldest first."""
        rows = self._conn.execute(
            "SELECT id, payload, queued_at FROM evidence_outbox WHERE sent_at IS NULL ORDER BY id"
        ).fetchall()
        items = []
        for row in rows:
            payload = json.loads(row["payload"])
            items.append(EvidenceItem(
                id=row["id"], fact_id=payload["fact_id"], customer_id=self.customer_id, date=payload["date"],
                kind=payload["kind"], text=payload["text"], quotes=tuple(payload["quotes"]),
                policy_refs=tuple(payload["policy_refs"]), queued_at=row["queued_at"],
            ))
        return items

    def mark_evidence_sent(self, ids: Iterable[int]) -> None:
        at = clock.isoformat(clock.now())
        with self.transaction():
            self._conn.executemany("UPDATE evidence_outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL",
                                   [(at, int(i)) for i in ids])

    def _queue_evidence(self, fact: Fact) -> None:
        payload = {
            "fact_id": fact.id,
            "customer_id": self.customer_id,
            "date": fact.when.isoformat() if fact.when else None,
            "kind": fact.kind,
            "text": fact.text,
            "quotes": [e.to_dict() for e in fact.evidence],
            "policy_refs": [p.to_dict() for p in fact.policy_refs],
        }
        self._conn.execute(
            "INSERT INTO evidence_outbox (fact_id, queued_at, payload) VALUES (?, ?, ?)",
            (fact.id, clock.isoformat(clock.now()), json.dumps(payload, ensure_ascii=False)),
        )
