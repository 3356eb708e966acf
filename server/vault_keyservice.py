"""The key service of the backup vault: per-backup secrets released only for a correct PIN proof.

It stands where an HSM/KMS would (docs/design.md, backup) and is kept apart from the blob store: its own
owner-only folder ``<workspace>/.mem/keyservice/`` with its SQLite file ``keyservice.db`` and its
HMAC key ``keyservice.key``, and no import of the blob store. It never sees the PIN, the PIN key or the data key: the
client sends an *authenticator* (HKDF of the PIN key) and the service keeps only
``HMAC(service key, backup id ‖ authenticator)``.

Attempts are counted inside one ``BEGIN IMMEDIATE`` transaction that takes SQLite's write lock
before reading the counter, so concurrent requests are evaluated one after another and the
counter is on disk before any answer leaves. After ``max_attempts`` wrong answers the row —
secret included — is deleted (``secure_delete`` overwrites the freed pages) and the caller is
told to delete the blob.

Terminal events (destroyed, expired, deleted after restore) delete the row: nothing about the
backup remains.
"""

from __future__ import annotations

import builtins  # annotations inside the class say builtins.list: its own list() method hides the type
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mem.core import clock
from mem.core.errors import StorageError
from mem.core.fsio import atomic_write_bytes, naming_full_disk
from mem.server.keyservice_rules import (
    BackupRecord,
    Created,
    Row,
    Terms,
    Unlock,
    check_authenticator,
    check_pending,
    check_unlockable,
    judge,
    owned,
    pending_to_replace,
    proves,
    record_of,
)

FOLDER = "keyservice"
DB_FILE = "keyservice.db"
KEY_FILE = "keyservice.key"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS backups (
    backup_id    TEXT PRIMARY KEY,
    account      TEXT NOT NULL,
    slot         TEXT NOT NULL,
    verifier     BLOB NOT NULL,
    secret       BLOB NOT NULL,
    kdf          TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'ready')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    evaluations  INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS backups_owner ON backups (account, slot);
"""


class KeyService:
    """Per-backup secrets with an attempt counter. One instance per server; safe across threads and processes."""

    def __init__(self, folder: Path, *, max_attempts: int, retention_days: int,
                 unfinished_minutes: int | None = None) -> None:
        self.terms = Terms(max_attempts=max_attempts, retention_days=retention_days,
                           unfinished_minutes=unfinished_minutes)
        self.folder = Path(folder)
        private_folder(self.folder)
        self._key = self._load_key()
        with self._tx() as db:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
        try:  # SQLite creates its rollback journal with the database's mode, so this covers both
            os.chmod(self.folder / DB_FILE, 0o600)
        except OSError as exc:
            raise StorageError(f"key service: cannot make its database owner-only: {exc.strerror}") from exc

    # --- operations -------------------------------------------------------------------------

    def create(self, *, account: str, slot: str, authenticator: bytes, kdf: str, replace: bool = False) -> Created:
        """A new backup with a fresh random secret.

        One live backup per (account, slot): a *ready* one is never replaced or reset here
        (``Conflict``: the owner must restore or delete it first) unless ``replace`` — then it stays
        until the owner deletes it once the new one is complete, so a crash in between leaves the
        old one rather than none. An unfinished *pending* one (no blob was ever stored, so nothing
        can be unlocked) is discarded and reported in ``replaced``. The new backup expires after
        ``unfinished_minutes`` unless it is completed (``mark_ready`` gives it the full retention).
        """
        new = self.terms.new_backup(key=self._key, account=account, slot=slot, authenticator=authenticator, kdf=kdf)
        record = new.record
        with self._tx() as db:
            self._purge(db)
            rows = db.execute("SELECT backup_id, state FROM backups WHERE account = ? AND slot = ?",
                              (account, slot)).fetchall()
            replaced = pending_to_replace(rows, replace=replace)
            db.executemany("DELETE FROM backups WHERE backup_id = ?", [(bid,) for bid in replaced])
            db.execute(
                "INSERT INTO backups (backup_id, account, slot, verifier, secret, kdf, state, attempts,"
                " max_attempts, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)",
                (record.backup_id, account, slot, new.verifier, new.secret, kdf,
                 record.max_attempts, record.created_at, record.expires_at),
            )
        return Created(record, new.secret, replaced)

    def mark_ready(self, *, account: str, backup_id: str) -> BackupRecord:
        """The blob is stored: from now on the backup can be unlocked (and only now)."""
        with self._tx() as db:
            check_pending(self._owned(db, account, backup_id))
            expires = self.terms.ready_until()
            db.execute("UPDATE backups SET state = 'ready', expires_at = ? WHERE backup_id = ?", (expires, backup_id))
        return self.get(account=account, backup_id=backup_id)

    def get(self, *, account: str, backup_id: str) -> BackupRecord:
        with self._tx() as db:
            self._purge(db)
            return record_of(self._owned(db, account, backup_id))

    def list(self, *, account: str, slot: str | None = None) -> list[BackupRecord]:
        with self._tx() as db:
            self._purge(db)
            sql, args = "SELECT * FROM backups WHERE account = ?", [account]
            if slot is not None:
                sql, args = sql + " AND slot = ?", [account, slot]
            return [record_of(row) for row in db.execute(sql + " ORDER BY backup_id", args)]

    def unlock(self, *, account: str, backup_id: str, authenticator: bytes) -> Unlock:
        """Evaluate one PIN proof: count it on disk first, then answer.

        Other accounts get ``NotFound`` and never touch the counter. A correct proof does not
        reset the count of earlier wrong ones.
        """
        check_authenticator(authenticator)
        with self._tx() as db:
            self._purge(db)
            row = self._owned(db, account, backup_id)
            spent = check_unlockable(row)
            if spent is not None:
                db.execute("DELETE FROM backups WHERE backup_id = ?", (backup_id,))
                return spent
            # counted as wrong first; a correct proof takes the count back before the commit
            db.execute("UPDATE backups SET attempts = attempts + 1, evaluations = evaluations + 1 "
                       "WHERE backup_id = ?", (backup_id,))
            attempts, answer = judge(row, good=proves(self._key, row, authenticator))
            if answer.destroyed:
                db.execute("DELETE FROM backups WHERE backup_id = ?", (backup_id,))
            elif answer.ok:
                db.execute("UPDATE backups SET attempts = ? WHERE backup_id = ?", (attempts, backup_id))
            return answer

    def delete(self, *, account: str, backup_id: str) -> None:
        """The owner deletes a backup (after a restore, or to replace it): the secret is gone."""
        with self._tx() as db:
            self._owned(db, account, backup_id)
            db.execute("DELETE FROM backups WHERE backup_id = ?", (backup_id,))

    def purge_expired(self) -> builtins.list[str]:
        """Delete every backup past its retention; returns their ids (the blobs must go too)."""
        with self._tx() as db:
            return self._purge(db)

    def known_ids(self) -> set[str]:
        with self._tx() as db:
            self._purge(db)
            return {bid for (bid,) in db.execute("SELECT backup_id FROM backups")}

    def ready(self) -> None:
        """Raise ``StorageError`` unless the key service's database answers."""
        with self._tx() as db:
            db.execute("SELECT count(*) FROM backups").fetchone()

    # --- internals ----------------------------------------------------------------------------

    def _purge(self, db: sqlite3.Connection) -> builtins.list[str]:
        now = clock.isoformat(clock.now())
        expired = [bid for (bid,) in db.execute("SELECT backup_id FROM backups WHERE expires_at <= ?", (now,))]
        db.executemany("DELETE FROM backups WHERE backup_id = ?", [(bid,) for bid in expired])
        return expired

    def _owned(self, db: sqlite3.Connection, account: str, backup_id: str) -> Row:
        return owned(db.execute("SELECT * FROM backups WHERE backup_id = ?", (backup_id,)).fetchone(), account)

    def _load_key(self) -> bytes:
        path = self.folder / KEY_FILE
        try:
            if not path.exists():
                atomic_write_bytes(path, os.urandom(32), mode=0o600)
            key = path.read_bytes()
        except OSError as exc:
            raise StorageError(f"key service: cannot read or create {path}: {exc.strerror}") from exc
        if len(key) != 32:
            raise StorageError(f"key service: {path} is damaged (expected 32 bytes)")
        return key

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One connection and one ``BEGIN IMMEDIATE`` transaction: the write lock is taken first."""
        try:
            db = sqlite3.connect(self.folder / DB_FILE, timeout=30, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"key service: cannot open its database: {exc}") from exc
        db.row_factory = sqlite3.Row
        try:
            db.execute("PRAGMA secure_delete = ON")
            db.execute("PRAGMA journal_mode = DELETE")
            db.execute("PRAGMA synchronous = FULL")
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc):
                from mem.core.errors import LockTimeout

                raise LockTimeout("key service: database stayed locked for 30 s") from exc
            raise StorageError(naming_full_disk(self.folder, f"key service: {exc}")) from exc
        except sqlite3.Error as exc:
            raise StorageError(naming_full_disk(self.folder, f"key service: {exc}")) from exc
        finally:
            db.close()


def private_folder(folder: Path) -> None:
    """Create ``folder`` owner-only, with a ``.gitignore`` so server state never enters the workspace repo."""
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(folder, 0o700)
        ignore = folder / ".gitignore"
        if not ignore.exists():
            atomic_write_bytes(ignore, b"*\n")
    except OSError as exc:
        raise StorageError(f"cannot prepare {folder}: {exc.strerror}") from exc
