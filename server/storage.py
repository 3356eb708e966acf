"""Server-side storage behind one interface: accounts, the evidence store, shared-decision intake, reviews.

``ServerStore`` is the interface the routes and operator commands use; ``SqliteServerStore`` is the
embedded default (one SQLite file under ``<workspace>/.mem/``). A networked database can replace it
by implementing the same protocol; nothing else reads the file. Every method opens its own
connection, so the store is safe to share between the server's worker threads.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from mem.core.errors import Conflict, NotFound, StorageError

STATE_DIR = ".mem"
DB_NAME = "server.db"

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
CREATE TABLE IF NOT EXISTS reviews (
    candidate_id TEXT PRIMARY KEY,
    decision TEXT NOT NULL,
    by_name TEXT NOT NULL,
    at TEXT NOT NULL,
    page_id TEXT,
    signature TEXT NOT NULL
);
"""


class ServerStore(Protocol):
    """What the server keeps besides bundles and the vault. Implementations must be thread-safe."""

    def add_account(self, name: str, token_hash: str, *, created_at: str) -> None: ...
    def account_for_token_hash(self, token_hash: str) -> str | None: ...
    def accounts(self) -> list[dict[str, Any]]: ...
    def add_evidence(self, account: str, records: Sequence[dict[str, Any]], *, received_at: str) -> int: ...
    def evidence(self, *, customer_id: str | None = None, limit: int = 100) -> list[dict[str, Any]]: ...
    def evidence_item(self, evidence_id: int) -> dict[str, Any]: ...
    def add_decisions(self, account: str, records: Sequence[dict[str, Any]], *, received_at: str) -> int: ...
    def remove_decisions(self, account: str, fact_refs: Sequence[str]) -> int: ...
    def decisions(self) -> list[dict[str, Any]]: ...
    def record_review(self, candidate_id: str, *, decision: str, by: str, at: str, page_id: str | None,
                      signature: str) -> None: ...
    def reviews(self) -> dict[str, dict[str, Any]]: ...


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
            with self._connect() as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"cannot open server storage {self.path}: {exc}") from exc

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
            raise StorageError(f"cannot open server storage {self.path}: {exc}") from exc
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
            raise StorageError(f"server storage {self.path}: {exc}") from exc
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
            raise StorageError(f"server storage {self.path}: {exc}") from exc

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

    def accounts(self) -> list[dict[str, Any]]:
        return [{"name": r["name"], "created_at": r["created_at"]}
                for r in self._read("SELECT name, created_at FROM accounts ORDER BY name")]

    # evidence store ------------------------------------------------------------------------
    def add_evidence(self, account: str, records: Sequence[dict[str, Any]], *, received_at: str) -> int:
        added = 0
        with self._tx() as db:
            for rec in records:
                cur = db.execute(
                    "INSERT OR IGNORE INTO evidence (account, fact_id, customer_id, date, quotes, received_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (account, rec["fact_id"], rec["customer_id"], rec.get("date"),
                     json.dumps(rec["quotes"], ensure_ascii=False), received_at),
                )
                added += cur.rowcount
        return added

    def evidence(self, *, customer_id: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        sql, args = "SELECT * FROM evidence", []
        if customer_id:
            sql += " WHERE customer_id = ?"
            args.append(customer_id)
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(limit)
        return [_evidence_row(r) for r in self._read(sql, args)]

    def evidence_item(self, evidence_id: int) -> dict[str, Any]:
        rows = self._read("SELECT * FROM evidence WHERE id = ?", (evidence_id,))
        if not rows:
            raise NotFound(f"no evidence record {evidence_id}")
        return _evidence_row(rows[0])

    # shared decisions ----------------------------------------------------------------------
    def add_decisions(self, account: str, records: Sequence[dict[str, Any]], *, received_at: str) -> int:
        added = 0
        with self._tx() as db:
            for rec in records:
                cur = db.execute(
                    "INSERT OR REPLACE INTO decisions (account, pseudonym, fact_ref, record, received_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (account, rec["pseudonym"], rec["fact_ref"], json.dumps(rec, ensure_ascii=False), received_at),
                )
                added += cur.rowcount
        return added

    def remove_decisions(self, account: str, fact_refs: Sequence[str]) -> int:
        removed = 0
        with self._tx() as db:
            for ref in fact_refs:
                removed += db.execute("DELETE FROM decisions WHERE account = ? AND fact_ref = ?",
                                      (account, ref)).rowcount
        return removed

    def decisions(self) -> list[dict[str, Any]]:
        out = []
        for r in self._read("SELECT * FROM decisions ORDER BY id"):
            rec = json.loads(r["record"])
            rec.update({"account": r["account"], "received_at": r["received_at"]})
            out.append(rec)
        return out

    # know-how reviews ----------------------------------------------------------------------
    def record_review(self, candidate_id: str, *, decision: str, by: str, at: str, page_id: str | None,
                      signature: str) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO reviews (candidate_id, decision, by_name, at, page_id, signature)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (candidate_id, decision, by, at, page_id, signature),
            )

    def reviews(self) -> dict[str, dict[str, Any]]:
        return {
            r["candidate_id"]: {"decision": r["decision"], "by": r["by_name"], "at": r["at"],
                                "page_id": r["page_id"], "signature": r["signature"]}
            for r in self._read("SELECT * FROM reviews")
        }


def _evidence_row(r: sqlite3.Row) -> dict[str, Any]:
    return {"id": r["id"], "account": r["account"], "fact_id": r["fact_id"], "customer_id": r["customer_id"],
            "date": r["date"], "quotes": json.loads(r["quotes"]), "received_at": r["received_at"]}


def state_dir(workspace: Path) -> Path:
    """``<workspace>/.mem``: git-ignored server state (storage, keys, built bundles)."""
    return Path(workspace) / STATE_DIR


def open_store(workspace: Path) -> ServerStore:
    """The server store of a workspace (the embedded SQLite default)."""
    return SqliteServerStore(state_dir(workspace) / DB_NAME)
