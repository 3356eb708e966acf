"""What both key service engines share: the records they answer with and every rule that needs no SQL.

``KeyService`` (SQLite, ``vault_keyservice``) and ``PostgresKeyService`` (``vault_keyservice_pg``)
differ in how they lock and store; the contract lives here once so the two cannot drift: the
argument checks, the lifetimes (an unfinished backup expires after ``unfinished``, a completed one
after ``retention``), one live backup per slot, the owner check that makes another account's
backup look missing, the verifier, and how one PIN proof is judged.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol

from mem.core import clock
from mem.core.errors import Conflict, InvalidInput, NotFound, Refused
from mem.core.ids import new_id
from mem.core.json_types import JsonObject

SECRET_BYTES = 32
AUTH_BYTES = 32
MAX_SLOT_CHARS = 128
# What a vault request for a backup that is not there (or another account's) and a second write end in,
# whichever half of the vault (key service or blob store) refused it.
NOT_FOUND = "no such backup on the server (it may have expired, been restored or destroyed)"
WRITTEN_ONCE = "this backup's data was stored already; a backup is written once"


@dataclass(frozen=True)
class BackupRecord:
    """What the owner may know about a backup (never the secret or the verifier)."""

    backup_id: str
    account: str
    slot: str
    kdf: str
    state: str
    attempts: int
    max_attempts: int
    created_at: str
    expires_at: str

    @property
    def remaining(self) -> int:
        return max(0, self.max_attempts - self.attempts)

    def to_dict(self) -> JsonObject:
        return {"backup_id": self.backup_id, "account": self.account, "slot": self.slot, "kdf": self.kdf,
                "state": self.state, "remaining_attempts": self.remaining, "max_attempts": self.max_attempts,
                "created_at": self.created_at, "expires_at": self.expires_at}


@dataclass(frozen=True)
class Created:
    record: BackupRecord
    secret: bytes
    replaced: list[str]


@dataclass(frozen=True)
class Unlock:
    """The answer to one PIN proof. ``secret`` only when ``ok``; ``destroyed`` after the last wrong one."""

    ok: bool
    remaining: int
    destroyed: bool = False
    secret: bytes | None = None


@dataclass(frozen=True)
class NewBackup:
    """A backup about to be stored: its record (pending), its fresh secret and its verifier."""

    record: BackupRecord
    secret: bytes
    verifier: bytes


class Row(Protocol):
    """A ``backups`` row read by column name: ``sqlite3.Row``, or a dict from psycopg."""

    # Any: a column's value, whose type the schema fixes, not the driver.
    def __getitem__(self, column: str, /) -> Any: ...


class Terms:
    """The limits and lifetimes of one key service."""

    def __init__(self, *, max_attempts: int, retention_days: int, unfinished_minutes: int | None = None) -> None:
        if max_attempts < 1:
            raise InvalidInput("backup.max_attempts must be at least 1")
        self.max_attempts = max_attempts
        self.retention = timedelta(days=retention_days)
        # An upload never completed is dropped soon (quota.unfinished_minutes), not kept for the
        # whole retention: unfinished data must not pile up on the server.
        self.unfinished = self.retention if unfinished_minutes is None else timedelta(minutes=unfinished_minutes)

    def new_backup(self, *, key: bytes, account: str, slot: str, authenticator: bytes, kdf: str) -> NewBackup:
        """A pending backup with a fresh random secret, expiring after ``unfinished`` unless completed."""
        check_authenticator(authenticator)
        if not slot or len(slot) > MAX_SLOT_CHARS:
            raise InvalidInput(f"backup slot must be 1-{MAX_SLOT_CHARS} characters")
        backup_id = new_id()
        now = clock.now()
        record = BackupRecord(backup_id, account, slot, kdf, "pending", 0, self.max_attempts,
                              clock.isoformat(now), clock.isoformat(now + self.unfinished))
        return NewBackup(record, os.urandom(SECRET_BYTES), verifier(key, backup_id, authenticator))

    def ready_until(self) -> str:
        """When a backup completed now expires: the full retention from now."""
        return clock.isoformat(clock.now() + self.retention)


def verifier(key: bytes, backup_id: str, authenticator: bytes) -> bytes:
    """What the key service keeps instead of the authenticator: HMAC(service key, backup id ‖ authenticator)."""
    return hmac.new(key, backup_id.encode("ascii") + b"\0" + authenticator, hashlib.sha256).digest()


def proves(key: bytes, row: Row, authenticator: bytes) -> bool:
    """Whether ``authenticator`` is the one the backup of ``row`` was made with (constant time)."""
    return hmac.compare_digest(bytes(row["verifier"]), verifier(key, row["backup_id"], authenticator))


def check_authenticator(authenticator: bytes) -> None:
    if not isinstance(authenticator, bytes) or len(authenticator) != AUTH_BYTES:
        raise InvalidInput(f"authenticator must be {AUTH_BYTES} bytes")


def pending_to_replace(slot_rows: Iterable[tuple[str, str]], *, replace: bool) -> list[str]:
    """Of the ``(backup_id, state)`` rows of one (account, slot), the pending ones a new backup discards.

    A *ready* one is never replaced here (``Conflict``: the owner must restore or delete it first)
    unless ``replace`` — then it stays until the owner deletes it once the new one is complete, so a
    crash in between leaves the old one rather than none."""
    rows = list(slot_rows)
    if not replace and any(state == "ready" for _, state in rows):
        raise Conflict("a backup for this customer already exists on the server; restore it, "
                       "or replace it (mem backup --replace)")
    return [backup_id for backup_id, state in rows if state == "pending"]


def owned(row: Row | None, account: str) -> Row:
    """``row`` if it belongs to ``account``; another account's backup looks exactly like a missing one
    (no existence oracle)."""
    if row is None or not hmac.compare_digest(row["account"].encode(), account.encode()):
        raise NotFound(NOT_FOUND)
    return row


def check_pending(row: Row) -> None:
    """A backup's data is written once: only a pending backup may become ready."""
    if row["state"] != "pending":
        raise Conflict(WRITTEN_ONCE)


def check_unlockable(row: Row) -> Unlock | None:
    """Refuse a proof for a backup never completed; an ``Unlock`` (destroyed) when its attempts are
    already spent — only reachable if a destroy was interrupted, and the row must go now."""
    if row["state"] != "ready":
        raise Refused("this backup was never completed (no data stored); make a new one")
    if row["attempts"] >= row["max_attempts"]:
        return Unlock(ok=False, remaining=0, destroyed=True)
    return None


def judge(row: Row, *, good: bool) -> tuple[int, Unlock]:
    """``(attempts to keep, answer)`` after one proof: a wrong one counts, a correct one does not (nor
    does it reset the earlier wrong ones); the last allowed wrong one destroys the backup (delete the row)."""
    attempts = row["attempts"] + (0 if good else 1)
    if good:
        return attempts, Unlock(ok=True, remaining=row["max_attempts"] - attempts, secret=bytes(row["secret"]))
    if attempts >= row["max_attempts"]:
        return attempts, Unlock(ok=False, remaining=0, destroyed=True)
    return attempts, Unlock(ok=False, remaining=row["max_attempts"] - attempts)


def record_of(row: Row) -> BackupRecord:
    return BackupRecord(row["backup_id"], row["account"], row["slot"], row["kdf"], row["state"],
                        row["attempts"], row["max_attempts"], row["created_at"], row["expires_at"])
