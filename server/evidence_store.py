"""The evidence store: proof of agreements the service is party to (docs/design.md, "What the server never holds").

Clients send records with ``mem.client.evidence_push`` (``POST /v1/evidence``, format in
``mem.wire.evidence``); operators read the store with ``list_evidence`` / ``show_evidence``, and delete a
customer's records, or every record received before a date (the end of the retention period), with
``purge_evidence``.
"""

from __future__ import annotations

from pathlib import Path

from mem.core.errors import InvalidInput, NotFound
from mem.server.storage import open_store
from mem.server.store_rows import EvidenceRow


def list_evidence(workspace: Path, *, customer_id: str | None = None, limit: int = 100) -> list[EvidenceRow]:
    return open_store(workspace).evidence(customer_id=customer_id, limit=limit)


def show_evidence(workspace: Path, evidence_id: int) -> EvidenceRow:
    """One evidence record; ``NotFound`` for an id no record can have (ids are positive 64-bit
    integers: a larger one was "internal error: OverflowError" from SQLite)."""
    if not 1 <= evidence_id < 2 ** 63:
        raise NotFound(f"no evidence record {evidence_id}")
    return open_store(workspace).evidence_item(evidence_id)


def purge_evidence(workspace: Path, *, customer_id: str | None = None, before: str | None = None,
                   account: str | None = None) -> int:
    """Delete the evidence records of ``customer_id``, or those received before ``before`` (a date ``YYYY-MM-DD``,
    the end of the retention period), or both at once (the records of that customer received before it); how
    many went. ``account`` keeps the purge to the records that client account sent. ``InvalidInput`` without a
    filter, or for a date that is not one.

    A customer id is one client account's (two clients may both have a customer ``c1``, two people): a purge by
    customer deleted that id's records from every account. It now purges the one account that sent records for
    it, and refuses, naming the accounts, when several did and ``account`` does not say whose."""
    from datetime import date

    if not customer_id and not before and not account:
        raise InvalidInput("say what to purge: --customer ID, --before DATE, or both")
    if before is not None:
        try:
            before = date.fromisoformat(before).isoformat()
        except ValueError:
            raise InvalidInput(f"--before must be a date YYYY-MM-DD (got {before!r})") from None
    store = open_store(workspace)
    if customer_id and not account:
        accounts = sorted({str(row["account"]) for row in store.evidence(customer_id=customer_id, limit=2 ** 62)})
        if len(accounts) > 1:
            raise InvalidInput(f"customer {customer_id!r} has evidence from {len(accounts)} client accounts "
                               f"({', '.join(accounts)}), and a customer id is one account's: pass --account "
                               "ACCOUNT to say whose records to purge")
        account = accounts[0] if accounts else None
        if account is None:
            return 0
    return store.purge_evidence(customer_id=customer_id or None, received_before=before, account=account or None)
