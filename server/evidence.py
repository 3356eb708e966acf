"""The evidence store: proof of agreements the service is party to (docs/design.md, "What the server never holds").

Client side, ``push_evidence`` drains each customer's evidence outbox (queued by the customer store
when a fact with ``agreement=True`` is saved) and marks the items sent only after the server took
them; offline, they stay queued for the next push or ``mem sync``. Only fact id, date, customer id
and the quoted evidence sentences travel. Server side, operators read the store with
``list_evidence`` / ``show_evidence``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core.config import Config
from mem.server.client import ServerClient
from mem.server.storage import open_store

if TYPE_CHECKING:
    from mem.customers.store import EvidenceItem

BATCH = 200
ProgressCallback = Callable[[int, int, str], None]


def evidence_record(item: EvidenceItem) -> dict[str, Any]:
    """The only fields of an outbox item that may leave the client: no fact text, no log ids."""
    quotes = [q["quote"] if isinstance(q, dict) else str(q) for q in item.quotes]
    return {"fact_id": item.fact_id, "customer_id": item.customer_id, "date": item.date,
            "quotes": [q for q in quotes if q.strip()]}


def push_evidence(home: Path, *, client: ServerClient | None = None, config: Config | None = None,
                  server: str | None = None, customer_id: str | None = None,
                  on_progress: ProgressCallback | None = None) -> dict[str, Any]:
    """Send the queued evidence records of every customer on this home (or only ``customer_id``'s,
    e.g. right after a conversation saved an agreement); returns counts."""
    if not (Path(home) / "customers").is_dir():  # no customer memory on this client: nothing queued
        return {"sent": 0, "customers": 0}
    from mem.customers import list_customers
    from mem.customers.store import CustomerStore

    customers = list_customers(home)
    if customer_id is not None:
        customers = [c for c in customers if c == customer_id]
        if not customers:
            return {"sent": 0, "customers": 0}
    own = client is None
    if client is None:
        client = ServerClient.for_home(home, config=config, server=server)
    sent = 0
    try:
        for i, customer_id in enumerate(customers):
            with CustomerStore.open(home, customer_id) as store:
                pending = list(store.outbox.pending())
                for start in range(0, len(pending), BATCH):
                    batch = pending[start:start + BATCH]
                    client.post_json("/v1/evidence", {"records": [evidence_record(p) for p in batch]})
                    store.outbox.mark_sent([p.id for p in batch])
                    sent += len(batch)
            if on_progress:
                on_progress(i + 1, len(customers), customer_id)
    finally:
        if own:
            client.close()
    return {"sent": sent, "customers": len(customers)}


def list_evidence(workspace: Path, *, customer_id: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
    return open_store(workspace).evidence(customer_id=customer_id, limit=limit)


def show_evidence(workspace: Path, evidence_id: int) -> dict[str, Any]:
    return open_store(workspace).evidence_item(evidence_id)
