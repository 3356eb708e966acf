"""Agreement evidence from this device to the service's evidence store (docs/design.md, step 8 of the reference flow).

A fact saved with ``agreement=True`` is queued in its customer's evidence outbox; ``push_evidence``
drains the outboxes of this home (``mem evidence push``, and ``mem sync`` after the bundle) and
``ServerEvidenceSender`` is the ``EvidenceSender`` the after-conversation learning uses. Items are
marked sent only after the server took them; offline, they stay queued. Only fact id, date,
customer id and the quoted evidence sentences travel (``mem.wire.evidence``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mem.client.connection import ServerClient
from mem.core.config import Config
from mem.core.errors import NotFound
from mem.core.json_types import JsonObject
from mem.wire.evidence import PATH, evidence_record

if TYPE_CHECKING:
    from mem.customers.outbox import EvidenceItem

ProgressCallback = Callable[[int, int, str], None]


class ServerEvidenceSender:
    """``mem.customers.learning.EvidenceSender`` over ``POST /v1/evidence``."""

    def __init__(self, client: Callable[[], ServerClient] | ServerClient) -> None:
        # a callable is called on the first send: nothing pending, no connection (and no login needed)
        self._client = client

    def send_evidence(self, items: Sequence[EvidenceItem]) -> None:
        if not items:
            return
        if not isinstance(self._client, ServerClient):
            self._client = self._client()
        self._client.post_json(PATH, {"records": [
            evidence_record(fact_id=i.fact_id, customer_id=i.customer_id, date=i.date, quotes=i.quotes)
            for i in items]})


def push_evidence(home: Path, *, client: ServerClient | None = None, config: Config | None = None,
                  server: str | None = None, customer_id: str | None = None,
                  on_progress: ProgressCallback | None = None) -> JsonObject:
    """Send the queued evidence records of every customer on this home (or only ``customer_id``'s);
    returns counts."""
    since = time.time()  # before the list is read: a customer forgotten after it is not made again
    if not (Path(home) / "customers").is_dir():  # no customer memory on this client: nothing queued
        return {"sent": 0, "customers": 0}
    from mem.customers import list_customers
    from mem.customers.learning import send_pending_evidence
    from mem.customers.quiet import drained, quiet
    from mem.customers.store import CustomerForgotten, CustomerStore

    customers = list_customers(home)
    if customer_id is not None:
        customers = [c for c in customers if c == customer_id]
        if not customers:
            return {"sent": 0, "customers": 0}
    # only the customers whose memory was written since their outbox was last drained are opened (a store
    # open is ~33 ms of CPU: every sync opened thousands of them for nothing, new-user report 23 #5)
    changed = [c for c in customers if not quiet(home, c, "evidence")]
    if not changed:  # nothing was written since every outbox was drained: no store opened, no connection
        return {"sent": 0, "customers": len(customers), "opened": 0}
    own = client is None
    if client is None:
        client = ServerClient.for_home(home, config=config, server=server)
    sender = ServerEvidenceSender(client)
    sent = 0
    try:
        for i, customer_id in enumerate(changed):
            try:  # deleted (mem forget) since the list was read: nothing to send, and no store is made
                with CustomerStore.open(home, customer_id, create=False, since=since) as store, \
                        drained(store, "evidence"):
                    sent += send_pending_evidence(store, sender)
            except (NotFound, CustomerForgotten):
                pass
            if on_progress:
                on_progress(i + 1, len(changed), customer_id)
    finally:
        if own:
            client.close()
    return {"sent": sent, "customers": len(customers), "opened": len(changed)}
