"""What every part of ``CustomerStore`` stands on: the connection, transactions, fact rows.

``CustomerStore`` is composed of one mixin per concept (``_facts``, ``_recheck``, ``_erase``,
``_search_index``, ``_request_log``, ``_context_items``, ``_consent_store``, ``_outbox``); each
derives from ``_StoreBase`` here. The base holds the state ``CustomerStore.__init__`` sets up, the
``transaction()`` every write goes through, and the low-level fact row writes (record, policy rows,
history row, index operation) that facts, recheck flags, erasure and context demotion all share.
Methods one mixin calls on another are declared below under ``TYPE_CHECKING`` so each module reads
on its own.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core import clock
from mem.core.errors import InvalidInput, StorageError
from mem.customers._records import record_json
from mem.customers.fact import Fact
from mem.customers.lock import CustomerLock

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


class _StoreBase:
    """State, connection and transactions of one customer's memory (see ``CustomerStore``)."""

    # set by ``CustomerStore.__init__``
    customer_id: str
    folder: Path
    _lock: CustomerLock | None
    _index: Any
    _depth: int
    _after_commit: list[Callable[[], None]]
    _index_pending: bool
    _touched_logs: set[str]
    _db: sqlite3.Connection | None

    if TYPE_CHECKING:
        # provided by the mixins that ``CustomerStore`` composes
        def get(self, fact_id: str) -> Fact: ...
        def reindex(self, *, on_progress: Callable[[int, int, str], None] | None = None) -> int: ...
        def _sync_index(self) -> None: ...
        def _cut_uncounted_lines(self) -> None: ...
        def _conversation_row(self, conversation_id: str) -> sqlite3.Row | None: ...
        def _log_path(self, conversation_id: str) -> Path: ...
        def _require_consent(self, fact: Fact) -> None: ...
        def _queue_evidence(self, fact: Fact) -> None: ...

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StorageError(f"the memory of customer {self.customer_id!r} is closed")
        return self._db

    # transactions -----------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[CustomerStore]:
        """Group writes into one SQLite transaction; nested blocks are savepoints.

        The index and the request-log marker are brought up to date after the outermost commit.
        On an exception everything inside the block is rolled back and the error re-raised.
        """
        conn = self._conn
        savepoint = f"sp{self._depth}"
        try:
            conn.execute("BEGIN IMMEDIATE" if self._depth == 0 else f"SAVEPOINT {savepoint}")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot start a transaction on {self.customer_id!r}: {exc}") from exc
        self._depth += 1
        try:
            yield self
        except BaseException as exc:
            self._depth -= 1
            with suppress(sqlite3.Error):
                if self._depth == 0:
                    conn.execute("ROLLBACK")
                    self._after_commit.clear()
                    self._index_pending = False
                else:
                    conn.execute(f"ROLLBACK TO {savepoint}")
                    conn.execute(f"RELEASE {savepoint}")
            self._cut_uncounted_lines()
            if isinstance(exc, sqlite3.Error):
                raise StorageError(f"customer memory write failed: {exc}") from exc
            raise
        self._depth -= 1
        try:
            conn.execute("COMMIT" if self._depth == 0 else f"RELEASE {savepoint}")
        except sqlite3.Error as exc:
            if self._depth == 0:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise StorageError(f"customer memory commit failed: {exc}") from exc
        if self._depth == 0:
            self._touched_logs.clear()
            hooks, self._after_commit = self._after_commit, []
            for hook in hooks:
                hook()
            if self._index_pending:
                self._sync_index()

    # fact rows: every writer (facts, recheck, erase, context demotion) goes through these -----
    def _row(self, fact_id: str) -> sqlite3.Row | None:
        return self._conn.execute("SELECT data FROM facts WHERE id = ?", (fact_id,)).fetchone()

    def _load(self, fact_id: str) -> Fact | None:
        row = self._row(fact_id)
        return Fact.from_dict(json.loads(row[0])) if row else None

    def _load_many(self, ids: Sequence[str]) -> dict[str, Fact]:
        found: dict[str, Fact] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start:start + 500])
            if not chunk:
                continue
            sql = f"SELECT id, data FROM facts WHERE id IN ({','.join('?' * len(chunk))})"
            for row in self._conn.execute(sql, chunk):
                found[row[0]] = Fact.from_dict(json.loads(row[1]))
        return found

    def _save(self, fact: Fact, *, action: str, actor: str, reason: str) -> None:
        fact.validate()
        data = record_json(fact)
        when = fact.when
        conn = self._conn
        conn.execute(
            "INSERT INTO facts (id, kind, status, day, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
            "kind = excluded.kind, status = excluded.status, day = excluded.day, data = excluded.data",
            (fact.id, fact.kind, fact.status, when.toordinal() if when else 0, data),
        )
        conn.execute("DELETE FROM fact_policy WHERE fact_id = ?", (fact.id,))
        conn.executemany("INSERT OR IGNORE INTO fact_policy (fact_id, page, version) VALUES (?, ?, ?)",
                         [(fact.id, ref.page, ref.version) for ref in fact.policy_refs])
        self._history(fact.id, action, actor, reason, fact, data=data)
        self._index_op(fact.id)

    def _history(self, fact_id: str, action: str, actor: str, reason: str, fact: Fact | None, *,
                 data: str | None = None) -> None:
        snapshot = data if data is not None else (record_json(fact) if fact else None)
        self._conn.execute(
            "INSERT INTO fact_history (fact_id, at, action, actor, reason, snapshot) VALUES (?, ?, ?, ?, ?, ?)",
            (fact_id, clock.isoformat(clock.now()), action, actor, reason, snapshot),
        )

    def _index_op(self, fact_id: str) -> None:
        self._conn.execute("INSERT INTO index_ops (fact_id) VALUES (?)", (fact_id,))
        self._index_pending = True


def _check_choices(values: Iterable[str], allowed: Sequence[str], what: str) -> None:
    for value in values:
        if value not in allowed:
            raise InvalidInput(f"unknown {what} {value!r}: use one of {', '.join(allowed)}")
