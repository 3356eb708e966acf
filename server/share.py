"""``mem share`` (client): upload one customer's anonymised decision facts, only with consent.

Without the customer's ``share`` consent nothing is read for sharing and nothing is sent. The
records are built by ``mem.knowhow.share.shared_records`` (scrubbed text, keyed pseudonym, month
only); the pseudonym key stays in this home (``share.key``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mem.core.config import Config
from mem.core.errors import NetworkError, Refused
from mem.server.client import ServerClient


def share_customer(home: Path, customer_id: str, *, config: Config, client: ServerClient | None = None,
                   server: str | None = None) -> dict[str, Any]:
    """Send the customer's shareable decisions; ``Refused`` when the customer has not consented."""
    from mem.customers.store import CustomerStore
    from mem.knowhow.anonymise import names_in, share_secret
    from mem.knowhow.share import shared_records

    with CustomerStore.open(home, customer_id, create=False) as store:
        if not store.consent.current().share:
            raise Refused(f"customer {customer_id!r} has not consented to sharing; nothing was sent "
                          f"(mem consent --customer {customer_id} --share on)")
        facts = store.facts.list(kinds=["decision"], statuses=None)
        # The customer's own name, if they told it, is scrubbed too (read here, never sent).
        own = [f.text for f in store.facts.list(kinds=["attribute"])] + [c.text for c in store.context.items()]
    records, withdrawn = shared_records(customer_id, facts, secret=share_secret(home),
                                        person_names=[*config.lint.person_names, *names_in(own)],
                                        customer_id_pattern=config.lint.customer_id_pattern)
    if not records and not withdrawn:
        return {"customer": customer_id, "sent": 0, "withdrawn": 0}
    own = client is None
    if client is None:
        client = ServerClient.for_home(home, config=config, server=server)
    try:
        answer = client.post_json("/v1/share", {"records": records, "withdrawn": withdrawn})
    finally:
        if own:
            client.close()
    return {"customer": customer_id, "sent": len(records), "withdrawn": len(withdrawn),
            "pseudonym": records[0]["pseudonym"] if records else None, "server": answer}


def share_if_consented(home: Path, customer_id: str, *, config: Config,
                       client: ServerClient | None = None) -> dict[str, Any] | None:
    """For the after-extraction pipeline: share when the customer consented; ``None`` otherwise.

    Offline is not an error here (the next run shares again; the server deduplicates).
    """
    from mem.customers.store import CustomerStore

    with CustomerStore.open(home, customer_id, create=False) as store:
        if not store.consent.current().share:
            return None
    try:
        return share_customer(home, customer_id, config=config, client=client)
    except NetworkError as exc:
        return {"customer": customer_id, "sent": 0, "error": exc.message}
