"""The customer's explicit erase of a fact: the only hard delete, and the traces it must not leave.

An erase reaches every place the fact's text went: its record and history, its unsent evidence,
the context items that point at it, the quotes in the request log, the search index and the WAL.
Called as ``store.facts.erase(fact_id)``.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from mem.core.errors import StorageError
from mem.customers._layout import REDACTED

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


def erase_fact(store: CustomerStore, fact_id: str) -> None:
    """Erase one fact of ``store``'s customer.

    Removes the fact, the text of its whole history, its index entry and its unsent evidence,
    and replaces its evidence quotes in the request log with "[erased]". Keeps a tombstone
    history row (id, time, "erased", no text) and the ids other facts use to point at it.
    """
    facts = store.facts
    with store.transaction():
        fact = facts.get(fact_id)
        by_log: dict[str, list[str]] = {}
        for evidence in fact.evidence:
            by_log.setdefault(evidence.log_id, []).append(evidence.quote)
        store.log.redact(by_log, REDACTED)
        conn = store.conn
        conn.execute("DELETE FROM facts WHERE id = ?", (fact_id,))
        conn.execute("DELETE FROM fact_policy WHERE fact_id = ?", (fact_id,))
        conn.execute("DELETE FROM fact_history WHERE fact_id = ?", (fact_id,))
        store.outbox.drop_unsent(fact_id)
        store.context.unlink_fact(fact_id)
        facts.log_change(fact_id, "erased", "customer", "erased at the customer's request", None)
        facts.index_op(fact_id)
    _purge_traces(store)


def _purge_traces(store: CustomerStore) -> None:
    """After an erase: rebuild the index (a tantivy delete only hides a document until segments
    merge) and checkpoint the WAL, so the erased text survives in no file of this customer."""
    store.facts.reindex()
    try:
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error as exc:
        raise StorageError(f"customer memory write failed: {exc}") from exc
