"""The evidence outbox: agreement facts queued for the service's evidence store — ``store.outbox``.

A fact marked as an agreement is queued in the same transaction that stores it; the client's
evidence push reads ``store.outbox.pending()`` and marks what the service took with ``mark_sent``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mem.core import clock
from mem.core.json_types import JsonObject
from mem.customers._part import StorePart
from mem.customers.fact_record import CORRECTED_ROLE, Fact

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


@dataclass(frozen=True)
class EvidenceItem:
    """Evidence of an agreement fact, queued for the service's evidence store."""

    id: int
    fact_id: str
    customer_id: str
    date: str | None
    kind: str
    text: str
    quotes: tuple[JsonObject, ...]
    policy_refs: tuple[JsonObject, ...]
    queued_at: str

    def to_dict(self) -> JsonObject:
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


def evidence_text(fact: Fact) -> str:
    """What the service receives as the agreement's text: its evidence sentences only — the customer's quoted words,
    then the agent's ("… → …"). The fact's own text may hold more of the customer's messages (a yes-path agreement
    reads "(asked: <the customer's earlier messages> <the agent's proposal>) yes"); before, that whole text was
    queued, and with it an e-mail's signature block with the customer's office address and phone (newuser24 #2)."""
    # the fact's current words: a quote an operator corrected (``customer-corrected``) is no longer what the fact
    # says, its correction is (``mem.customers.facts.corrected_evidence``); the quotes field keeps both
    said = [
        " ".join(e.quote.split()) for e in fact.evidence if e.role not in ("agent", CORRECTED_ROLE) and e.quote.strip()
    ]
    agent = [" ".join(e.quote.split()) for e in fact.evidence if e.role == "agent" and e.quote.strip()]
    return " → ".join(part for part in (" ".join(said), " ".join(agent)) if part)


class EvidenceOutbox(StorePart):
    """One customer's evidence outbox, a part of ``CustomerStore`` (``store.outbox``)."""

    def __init__(self, store: CustomerStore) -> None:
        super().__init__(store)

    def pending(self) -> list[EvidenceItem]:
        """Evidence of agreement facts not yet sent to the service, oldest first."""
        rows = self._store.conn.execute(
            "SELECT id, payload, queued_at FROM evidence_outbox WHERE sent_at IS NULL ORDER BY id"
        ).fetchall()
        items = []
        for row in rows:
            payload = json.loads(row["payload"])
            items.append(EvidenceItem(
                id=row["id"], fact_id=payload["fact_id"], customer_id=self._store.customer_id, date=payload["date"],
                kind=payload["kind"], text=payload["text"], quotes=tuple(payload["quotes"]),
                policy_refs=tuple(payload["policy_refs"]), queued_at=row["queued_at"],
            ))
        return items

    def sent(self) -> list[JsonObject]:
        """Evidence the service took (``mark_sent``), oldest first: what it keeps of this customer, as sent
        (``mem export``, ``mem forget``)."""
        rows = self._store.conn.execute(
            "SELECT payload, sent_at FROM evidence_outbox WHERE sent_at IS NOT NULL ORDER BY id").fetchall()
        return [{**json.loads(row["payload"]), "sent_at": row["sent_at"]} for row in rows]

    def mark_sent(self, ids: Iterable[int]) -> None:
        """The service took these items: they are kept, marked sent, and never sent again."""
        at = clock.isoformat(clock.now())
        with self._store.transaction():
            self._store.conn.executemany("UPDATE evidence_outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL",
                                         [(at, int(i)) for i in ids])

    def queue(self, fact: Fact) -> None:
        """Queue an agreement fact's evidence (inside the transaction that stores the fact)."""
        payload = {
            "fact_id": fact.id,
            "customer_id": self._store.customer_id,
            "date": fact.when.isoformat() if fact.when else None,
            "kind": fact.kind,
            "text": evidence_text(fact),
            "quotes": [e.to_dict() for e in fact.evidence],
            "policy_refs": [p.to_dict() for p in fact.policy_refs],
        }
        self._store.conn.execute(
            "INSERT INTO evidence_outbox (fact_id, queued_at, payload) VALUES (?, ?, ?)",
            (fact.id, clock.isoformat(clock.now()), json.dumps(payload, ensure_ascii=False)),
        )

    def forget(self, fact_id: str) -> None:
        """An erased fact: drop its evidence, unsent and sent. What was sent is the service's proof and
        stays there; the copy kept here held the erased words."""
        self._store.conn.execute("DELETE FROM evidence_outbox WHERE fact_id = ?", (fact_id,))
