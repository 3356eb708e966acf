"""``CustomerStore``: everything one customer owns on this client, behind one exclusive lock.

Layout under the client home (DESIGN.md §6)::

    <home>/customers/<id>/memory.db   SQLite, the source of truth (see ``mem.customers.db``)
    <home>/customers/<id>/index/      tantivy, derived from memory.db, rebuilt when in doubt
    <home>/customers/<id>/logs/       request logs, one JSONL file per conversation
    <home>/customers/.locks/<id>.lock the per-customer lock (outside the folder so restores can swap it)

Consistency rules:

- Every change is one SQLite transaction. Fact changes also write ``index_ops`` rows in that
  transaction; the index is updated after the commit and the rows deleted after tantivy's commit.
  Leftover rows (a crash in between) are replayed when the store is next opened.
- Request-log lines are appended (and fsynced) before the SQLite commit that counts them, under a
  ``logs/.dirty`` marker; if the marker is found on open, lines nobody counted are cut off.
- ``transaction()`` groups many writes into one commit (extraction stores facts and marks the
  conversation extracted together, so a kill in the middle leaves the conversation pending and
  no fact of it stored). Nested ``transaction()`` blocks are savepoints.

Nothing here reads two customers: a store is opened for exactly one id, validated first.

The implementation is split by concept into private modules that ``CustomerStore`` composes (one
mixin class each); this module keeps the public surface and what ties them together — opening,
closing and crash repair::

    _base.py            connection, ``transaction()``, the fact row writes every part shares
    _facts.py           fact writes (add, update, retract, edit, confirm) and reads
    _recheck.py         recheck flags, ``flag_recheck`` (movement 5)
    _erase.py           the customer's hard erase and the traces it removes
    _search_index.py    tantivy search, ``reindex``, replay of ``index_ops``
    _request_log.py     conversations and their JSONL turn logs
    _context_items.py   customer context under its budget
    _consent_store.py   consent rows, refusal of unconsented sensitive facts
    _outbox.py          the evidence outbox (``EvidenceItem``)
    _records.py         the stored JSON form of a fact, ``HistoryEntry``, ``SearchHit``
    _layout.py          folder names, ``list_customers``, ``recover_swap``
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mem.core.errors import NotFound, StorageError
from mem.core.ids import new_id, validate_customer_id
from mem.customers import db, requestlog
from mem.customers._base import _StoreBase
from mem.customers._consent_store import _ConsentStore
from mem.customers._context_items import _ContextItems
from mem.customers._erase import _Erase
from mem.customers._facts import _Facts
from mem.customers._layout import (
    COMPLETE_MARKER,
    CUSTOMERS_DIR,
    DB_FILE,
    DEFAULT_LOCK_TIMEOUT,
    DIRTY_MARKER,
    INDEX_DIR,
    LOCKS_DIR,
    LOGS_DIR,
    REDACTED,
    RESTORE_PREFIX,
    TRASH_PREFIX,
    customer_folder,
    customers_root,
    list_customers,
    recover_swap,
)
from mem.customers._outbox import EvidenceItem, _Outbox
from mem.customers._recheck import _Recheck
from mem.customers._records import HistoryEntry, SearchHit, compact_record, expand_record, record_json
from mem.customers._request_log import _RequestLog
from mem.customers._search_index import ProgressCallback, _SearchIndex
from mem.customers.lock import CustomerLock

__all__ = [
    "COMPLETE_MARKER",
    "CUSTOMERS_DIR",
    "DB_FILE",
    "DEFAULT_LOCK_TIMEOUT",
    "DIRTY_MARKER",
    "INDEX_DIR",
    "LOCKS_DIR",
    "LOGS_DIR",
    "REDACTED",
    "RESTORE_PREFIX",
    "TRASH_PREFIX",
    "CustomerStore",
    "EvidenceItem",
    "HistoryEntry",
    "ProgressCallback",
    "SearchHit",
    "compact_record",
    "customer_folder",
    "customers_root",
    "expand_record",
    "list_customers",
    "record_json",
    "recover_swap",
]


class CustomerStore(
    _Facts,
    _Recheck,
    _Erase,
    _SearchIndex,
    _RequestLog,
    _ContextItems,
    _ConsentStore,
    _Outbox,
    _StoreBase,
):
    """One customer's memory. Open with ``CustomerStore.open(home, id)``, use as a context manager."""

    def __init__(self, folder: Path, customer_id: str, lock: CustomerLock | None) -> None:
        self.customer_id = customer_id
        self.folder = folder
        self._lock = lock
        self._index: Any = None
        self._depth = 0
        self._after_commit: list[Callable[[], None]] = []
        self._index_pending = False
        self._touched_logs: set[str] = set()
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            (folder / LOGS_DIR).mkdir(exist_ok=True, mode=0o700)
        except OSError as exc:
            raise StorageError(f"cannot create {folder}: {exc.strerror}") from exc
        self._db: sqlite3.Connection | None = db.connect(folder / DB_FILE)
        if db.get_meta(self._db, "index_stamp") is None:
            with self.transaction():
                db.set_meta(self._conn, "index_stamp", new_id())
                db.set_meta(self._conn, "customer_id", customer_id)
        self._repair()

    # opening and closing ----------------------------------------------------------------------
    @classmethod
    def open(
        cls, home: Path, customer_id: str, *, create: bool = True, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
    ) -> CustomerStore:
        """Open one customer's memory, taking its lock (``LockTimeout`` after ``lock_timeout`` s).

        Validates the id (no path tricks), finishes an interrupted restore, repairs the request
        log and the index after a crash. ``create=False`` raises ``NotFound`` for a customer with
        no memory on this client.
        """
        customer_id = validate_customer_id(customer_id)
        root = customers_root(home)
        lock = CustomerLock(root / LOCKS_DIR / f"{customer_id}.lock", customer_id, timeout=lock_timeout)
        try:
            recover_swap(root, customer_id)
            folder = root / customer_id
            if not create and not (folder / DB_FILE).is_file():
                raise NotFound(f"no memory for customer {customer_id!r} on this client")
            return cls(folder, customer_id, lock)
        except BaseException:
            lock.release()
            raise

    def close(self) -> None:
        """Release the index writer, the database and the lock. Safe to call twice."""
        if self._index is not None:
            self._index.close()
            self._index = None
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> CustomerStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # crash repair -----------------------------------------------------------------------------
    def _repair(self) -> None:
        """After a crash: cut uncounted log lines, then bring the index up to date."""
        logs = self.folder / LOGS_DIR
        if (logs / DIRTY_MARKER).exists():
            counts = {row["id"]: row["turns"] for row in self._conn.execute("SELECT id, turns FROM conversations")}
            for path in logs.glob("*.jsonl"):
                conversation_id = path.stem
                if conversation_id not in counts:
                    path.unlink()
                    continue
                kept = requestlog.truncate_to(path, counts[conversation_id])
                if kept < counts[conversation_id]:
                    raise StorageError(
                        f"request log {path.name} of customer {self.customer_id!r} lost committed turns "
                        f"({kept} of {counts[conversation_id]})"
                    )
            self._clear_marker()
        if self._conn.execute("SELECT 1 FROM index_ops LIMIT 1").fetchone():
            self._get_index()
