"""Server-side storage behind one interface: accounts, the evidence store, shared-decision intake, reviews.

``ServerStore`` is the interface the routes and operator commands use; ``SqliteServerStore`` is the
embedded default (one SQLite file under ``<workspace>/.mem/``) and ``PostgresServerStore``
(``mem.server.storage_pg``) the one for many workers on many hosts, chosen by ``server.database``
(``open_store``). Every method opens its own connection, so a store is safe to share between the
server's worker threads.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mem.core.errors import Conflict, NotFound, StorageError
from mem.core.fsio import naming_full_disk
from mem.knowhow.candidates import Review
from mem.server.store_rows import (
    AccountRow,
    BackupUsage,
    DailyUsage,
    DecisionRow,
    EvidenceRow,
    account_row,
    decision_row,
    decision_values,
    evidence_row,
    evidence_values,
    reserve,
    reviews_by_candidate,
)
from mem.wire.evidence import EvidenceRecord
from mem.wire.share import ShareRecord

if TYPE_CHECKING:
    from mem.core.config import Config

STATE_DIR = ".mem"
DB_NAME = "server.db"
# PRAGMA user_version of the SQLite file; a newer one was written by a newer mem and is refused.
SQLITE_SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS evidence (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account TEXT NOT NULL,
    fact_id TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    date TEXT,
    quotes TEXT NOT NULL,
    received_at TEXT NOT NULL,
    UNIQUE (account, customer_id, fact_id)
);
CREATE TABLE IF NOT EXISTS decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account TEXT NOT NULL,
    pseudonym TEXT NOT NULL,
    fact_ref TEXT NOT NULL,
    record TEXT NOT NULL,
    received_at TEXT NOT NULL,
    UNIQUE (account, pseudonym, fact_ref)
);
CREATE TABLE IF NOT EXISTS usage_daily (
    account TEXT NOT NULL,
    day TEXT NOT NULL,
    what TEXT NOT NULL,
    records INTEGER NOT NULL DEFAULT 0,
    bytes INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account, day, what)
);
CREATE TABLE IF NOT EXISTS backup_usage (
    backup_id TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    bytes INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS backup_usage_account ON backup_usage (account);
CREATE TABLE IF NOT EXISTS reviews (
    candidate_id TEXT PRIMARY KEY,
    decision TEXT NOT NULL,
    by_name TEXT NOT NULL,
    at TEXT NOT NULL,
    page_id TEXT,
    signature TEXT NOT NULL
);
"""


def evidence_filter(customer_id: str | None, received_before: str | None, mark: str,
                    account: str | None = None) -> tuple[str, list[str]]:
    """The WHERE clause of an evidence purge (``mark``: the driver's placeholder); one filter at least."""
    parts, args = [], []
    if account:
        parts.append(f"account = {mark}")
        args.append(account)
    if customer_id:
        parts.append(f"customer_id = {mark}")
        args.append(customer_id)
    if received_before:
        parts.append(f"received_at < {mark}")
        args.append(received_before)
    if not parts:
        raise ValueError("an evidence purge needs a customer, a date or an account")
    return " AND ".join(parts), args


class ServerStore(Protocol):
    """What the server keeps besides bundles and the vault. Implementations must be thread-safe."""

    def add_account(self, name: str, token_hash: str, *, created_at: str) -> None: ...
    def account_for_token_hash(self, token_hash: str) -> str | None: ...
    def accounts(self) -> list[AccountRow]: ...
    def replace_token_hash(self, name: str, token_hash: str) -> None: ...
    def add_evidence(self, account: str, records: Sequence[EvidenceRecord], *, received_at: str) -> int: ...
    def evidence(self, *, customer_id: str | None = None, limit: int = 100) -> list[EvidenceRow]: ...
    def evidence_item(self, evidence_id: int) -> EvidenceRow: ...
    def purge_evidence(self, *, customer_id: str | None = None, received_before: str | None = None,
                       account: str | None = None) -> int: ...
    def add_decisions(self, account: str, records: Sequence[ShareRecord], *, received_at: str) -> int: ...
    def remove_decisions(self, account: str, fact_refs: Sequence[str]) -> int: ...
    def decisions(self) -> list[DecisionRow]: ...
    def record_review(self, candidate_id: str, *, decision: str, by: str, at: str, page_id: str | None,
                      signature: str) -> None: ...
    def reviews(self) -> dict[str, Review]: ...
    # quotas: each check-and-charge is one transaction, so concurrent requests cannot both pass
    def charge_daily(self, account: str, what: str, *, day: str, records: int, nbytes: int,
                     max_records: int, max_bytes: int) -> DailyUsage: ...
    def purge_daily(self, *, before_day: str) -> int: ...
    def reserve_backup(self, account: str, backup_id: str, *, nbytes: int, started_at: str, max_bytes: int,
                       max_count: int, max_unfinished_bytes: int, max_unfinished_count: int) -> BackupUsage: ...
    def finish_backup(self, account: str, backup_id: str, *, nbytes: int) -> None: ...
    def release_backups(self, backup_ids: Sequence[str]) -> int: ...
    def reserved_backups(self) -> set[str]: ...
    def backup_usage(self, account: str) -> BackupUsage: ...
    def ready(self) -> None: ...


class SqliteServerStore:
    """The embedded ``ServerStore``: one SQLite database file, WAL journal, a connection per call."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Evidence quotes are customer words and token hashes guard accounts: owner-only from the
            # first byte (SQLite gives its -wal/-shm files the database file's mode).
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                if os.fstat(fd).st_mode & 0o077:  # made by an older mem, or loosened by hand
                    os.fchmod(fd, 0o600)
            finally:
                os.close(fd)
            db = self._connect()
            try:
                db.execute("PRAGMA journal_mode=WAL")
                found = db.execute("PRAGMA user_version").fetchone()[0]
                if found > SQLITE_SCHEMA_VERSION:
                    raise StorageError(f"server storage {self.path} has schema version {found}, newer than this "
                                       f"mem knows ({SQLITE_SCHEMA_VERSION}): upgrade mem before serving from it")
                db.executescript(_SCHEMA)
                db.execute(f"PRAGMA user_version = {SQLITE_SCHEMA_VERSION}")
            finally:
                db.close()
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(naming_full_disk(self.path.parent,
                                                f"cannot open server storage {self.path}: {exc}")) from exc

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.row_factory = sqlite3.Row
        return db

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: everything in it is written, or nothing."""
        try:
            db = self._connect()
        except sqlite3.Error as exc:
            raise StorageError(naming_full_disk(self.path.parent,
                                                f"cannot open server storage {self.path}: {exc}")) from exc
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except sqlite3.IntegrityError:
            db.execute("ROLLBACK")
            raise
        except sqlite3.Error as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise StorageError(naming_full_disk(self.path.parent, f"server storage {self.path}: {exc}")) from exc
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        try:
            db = self._connect()
            try:
                return db.execute(sql, args).fetchall()
            finally:
                db.close()
        except sqlite3.Error as exc:
            raise StorageError(naming_full_disk(self.path.parent, f"server storage {self.path}: {exc}")) from exc

    # accounts ------------------------------------------------------------------------------
    def add_account(self, name: str, token_hash: str, *, created_at: str) -> None:
        try:
            with self._tx() as db:
                db.execute("INSERT INTO accounts (name, token_hash, created_at) VALUES (?, ?, ?)",
                           (name, token_hash, created_at))
        except sqlite3.IntegrityError as exc:
            raise Conflict(f"account {name!r} exists already") from exc

    def account_for_token_hash(self, token_hash: str) -> str | None:
        rows = self._read("SELECT name FROM accounts WHERE token_hash = ?", (token_hash,))
        return rows[0]["name"] if rows else None

    def accounts(self) -> list[AccountRow]:
        return [account_row(r) for r in
                self._read("SELECT name, created_at, token_hash FROM accounts ORDER BY name")]

    def replace_token_hash(self, name: str, token_hash: str) -> None:
        with self._tx() as db:
            if db.execute("UPDATE accounts SET token_hash = ? WHERE name = ?", (token_hash, name)).rowcount == 0:
                raise NotFound(f"no account {name!r} (see `mem accounts list`)")

    # evidence store ------------------------------------------------------------------------
    def add_evidence(self, account: str, records: Sequence[EvidenceRecord], *, received_at: str) -> int:
        added = 0
        with self._tx() as db:
            for rec in records:
                cur = db.execute(
                    "INSERT OR IGNORE INTO evidence (account, fact_id, customer_id, date, quotes, received_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)", evidence_values(account, rec, received_at))
                added += cur.rowcount
        return added

    def evidence(self, *, customer_id: str | None = None, limit: int = 100) -> list[EvidenceRow]:
        sql = "SELECT * FROM evidence"
        args: list[str | int] = []
        if customer_id:
            sql += " WHERE customer_id = ?"
            args.append(customer_id)
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(limit)
        return [evidence_row(r) for r in self._read(sql, args)]

    def evidence_item(self, evidence_id: int) -> EvidenceRow:
        rows = self._read("SELECT * FROM evidence WHERE id = ?", (evidence_id,))
        if not rows:
            raise NotFound(f"no evidence record {evidence_id}")
        return evidence_row(rows[0])

    def purge_evidence(self, *, customer_id: str | None = None, received_before: str | None = None,
                       account: str | None = None) -> int:
        where, args = evidence_filter(customer_id, received_before, "?", account)
        with self._tx() as db:
            return db.execute(f"DELETE FROM evidence WHERE {where}", args).rowcount

    # shared decisions ----------------------------------------------------------------------
    def add_decisions(self, account: str, records: Sequence[ShareRecord], *, received_at: str) -> int:
        added = 0
        with self._tx() as db:
            for rec in records:
                cur = db.execute(
                    "INSERT OR REPLACE INTO decisions (account, pseudonym, fact_ref, record, received_at)"
                    " VALUES (?, ?, ?, ?, ?)", decision_values(account, rec, received_at))
                added += cur.rowcount
        return added

    def remove_decisions(self, account: str, fact_refs: Sequence[str]) -> int:
        removed = 0
        with self._tx() as db:
            for ref in fact_refs:
                removed += db.execute("DELETE FROM decisions WHERE account = ? AND fact_ref = ?",
                                      (account, ref)).rowcount
        return removed

    def decisions(self) -> list[DecisionRow]:
        return [decision_row(r) for r in self._read("SELECT * FROM decisions ORDER BY id")]

    # know-how reviews ----------------------------------------------------------------------
    def record_review(self, candidate_id: str, *, decision: str, by: str, at: str, page_id: str | None,
                      signature: str) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO reviews (candidate_id, decision, by_name, at, page_id, signature)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (candidate_id, decision, by, at, page_id, signature),
            )

    def reviews(self) -> dict[str, Review]:
        return reviews_by_candidate(self._read("SELECT * FROM reviews"))

    # health --------------------------------------------------------------------------------
    def ready(self) -> None:
        """Raise ``StorageError`` unless the file answers a query."""
        self._read("SELECT 1")

    # quotas ----------------------------------------------------------------------------------
    def charge_daily(self, account: str, what: str, *, day: str, records: int, nbytes: int,
                     max_records: int, max_bytes: int) -> DailyUsage:
        """Add ``records``/``nbytes`` to today's count unless that passes a limit (then add nothing).

        One transaction holding the write lock from the read on; a networked database does the same
        in one statement: ``INSERT … ON CONFLICT DO UPDATE SET records = records + :r … WHERE
        records + :r <= :max_records AND bytes + :b <= :max_bytes RETURNING records, bytes``.
        """
        with self._tx() as db:
            row = db.execute("SELECT records, bytes FROM usage_daily WHERE account = ? AND day = ? AND what = ?",
                             (account, day, what)).fetchone()
            used_records, used_bytes = (row["records"], row["bytes"]) if row else (0, 0)
            if used_records + records > max_records or used_bytes + nbytes > max_bytes:
                return DailyUsage(used_records, used_bytes, accepted=False)
            db.execute(
                "INSERT INTO usage_daily (account, day, what, records, bytes) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (account, day, what) DO UPDATE SET records = records + excluded.records,"
                " bytes = bytes + excluded.bytes",
                (account, day, what, records, nbytes),
            )
            return DailyUsage(used_records + records, used_bytes + nbytes, accepted=True)

    def purge_daily(self, *, before_day: str) -> int:
        with self._tx() as db:
            return db.execute("DELETE FROM usage_daily WHERE day < ?", (before_day,)).rowcount

    def reserve_backup(self, account: str, backup_id: str, *, nbytes: int, started_at: str, max_bytes: int,
                       max_count: int, max_unfinished_bytes: int, max_unfinished_count: int) -> BackupUsage:
        """Count ``nbytes`` more for an unfinished backup (a new one with ``nbytes=0`` when it is
        first seen), unless a limit would be passed: then nothing changes and ``refused`` says which."""
        with self._tx() as db:
            usage = _backup_usage(db, account)
            known = db.execute("SELECT 1 FROM backup_usage WHERE backup_id = ?", (backup_id,)).fetchone()
            after = reserve(usage, new=known is None, nbytes=nbytes, max_bytes=max_bytes, max_count=max_count,
                            max_unfinished_bytes=max_unfinished_bytes, max_unfinished_count=max_unfinished_count)
            if after.refused:
                return after
            db.execute(
                "INSERT INTO backup_usage (backup_id, account, bytes, finished, started_at) VALUES (?, ?, ?, 0, ?)"
                " ON CONFLICT (backup_id) DO UPDATE SET bytes = bytes + excluded.bytes",
                (backup_id, account, nbytes, started_at),
            )
            return after

    def finish_backup(self, account: str, backup_id: str, *, nbytes: int) -> None:
        """The upload was completed: the backup now counts its final size, no longer as unfinished."""
        with self._tx() as db:
            db.execute("UPDATE backup_usage SET bytes = ?, finished = 1 WHERE backup_id = ? AND account = ?",
                       (nbytes, backup_id, account))

    def release_backups(self, backup_ids: Sequence[str]) -> int:
        with self._tx() as db:
            return sum(db.execute("DELETE FROM backup_usage WHERE backup_id = ?", (bid,)).rowcount
                       for bid in backup_ids)

    def reserved_backups(self) -> set[str]:
        return {r["backup_id"] for r in self._read("SELECT backup_id FROM backup_usage")}

    def backup_usage(self, account: str) -> BackupUsage:
        with self._tx() as db:
            return _backup_usage(db, account)


def _backup_usage(db: sqlite3.Connection, account: str) -> BackupUsage:
    row = db.execute(
        "SELECT COALESCE(SUM(bytes), 0) AS bytes, COUNT(*) AS count,"
        " COALESCE(SUM(CASE WHEN finished = 0 THEN bytes ELSE 0 END), 0) AS unfinished_bytes,"
        " COALESCE(SUM(1 - finished), 0) AS unfinished_count FROM backup_usage WHERE account = ?",
        (account,)).fetchone()
    return BackupUsage(row["bytes"], row["count"], row["unfinished_bytes"], row["unfinished_count"])


def state_dir(workspace: Path) -> Path:
    """``<workspace>/.mem``: git-ignored server state (storage, keys, built bundles)."""
    return Path(workspace) / STATE_DIR


def open_store(workspace: Path, config: Config | None = None) -> ServerStore:
    """The server store of a workspace: PostgreSQL when ``server.database`` (or ``MEM_DATABASE_URL``)
    names one, else the embedded SQLite file. Without ``config`` the workspace's settings are read."""
    from mem.core.config import Config

    if config is None:
        config = Config.load(workspace=workspace)
    url = config.server.database
    if url:
        from mem.server.database import check_url
        from mem.server.storage_pg import PostgresServerStore

        return PostgresServerStore(check_url(url, setting="server.database"),
                                   pool_size=config.server.database_pool_size)
    return SqliteServerStore(state_dir(workspace) / DB_NAME)
