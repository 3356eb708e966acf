"""The vault's key service on PostgreSQL: the same contract as ``KeyService``, across workers and hosts.

Every guarantee is carried by the database, never by a process's memory:

- **PIN limit.** ``unlock`` locks the backup's row (``SELECT … FOR UPDATE``) before reading its
  counter, so concurrent proofs from any number of workers are evaluated one after another; the
  counter is committed before the answer leaves. The ``CHECK (attempts <= max_attempts)``
  constraint makes an eleventh count impossible even for a buggy caller.
- **Destroy at zero, delete after restore, TTL.** Terminal events delete the row, secret included,
  in the same transaction that decided them; every operation first deletes expired rows.
- **Account binding.** Rows are read by id and compared with the caller's account; another
  account's backup answers exactly like a missing one.

The verifiers' HMAC key lives in the key service's own database (``keyservice_key``, made by
``mem server migrate``), so ``backup.keyservice_database`` pointing at a separate database on its
own host moves secrets, verifiers and key out of the serving workspace together.
PostgreSQL removes deleted rows' bytes from its pages only when VACUUM reuses them (autovacuum does);
docs/scale.md says how the key service's database is kept.
"""

from __future__ import annotations

import builtins  # annotations inside the class say builtins.list: its own list() method hides the type
from typing import Any

from mem.core import clock
from mem.core.errors import StorageError
from mem.server import migrations
from mem.server.database import redact, transaction
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

_COLUMNS = "backup_id, account, slot, kdf, state, attempts, max_attempts, created_at, expires_at"


class PostgresKeyService:
    """Per-backup secrets with an attempt counter in PostgreSQL. Safe across threads, processes and hosts."""

    def __init__(self, url: str, *, max_attempts: int, retention_days: int, unfinished_minutes: int | None = None,
                 pool_size: int = 8) -> None:
        self.terms = Terms(max_attempts=max_attempts, retention_days=retention_days,
                           unfinished_minutes=unfinished_minutes)
        self.url = url
        self.pool_size = pool_size
        migrations.check(url, "keyservice")
        with self._tx() as conn:
            row = conn.execute("SELECT hmac_key FROM keyservice_key WHERE id = 1").fetchone()
        if row is None or len(bytes(row[0])) != 32:
            raise StorageError(f"key service {redact(url)}: its HMAC key is missing or damaged")
        self._key = bytes(row[0])

    def _tx(self):
        return transaction(self.url, size=self.pool_size, what="key service")

    # --- operations -------------------------------------------------------------------------

    def create(self, *, account: str, slot: str, authenticator: bytes, kdf: str, replace: bool = False) -> Created:
        """A new backup; a *ready* one for the same (account, slot) is kept (``Conflict`` unless ``replace``,
        and then it stays until its owner deletes it), a *pending* one is discarded (``KeyService.create``)."""
        new = self.terms.new_backup(key=self._key, account=account, slot=slot, authenticator=authenticator, kdf=kdf)
        record = new.record
        with self._tx() as conn, conn.cursor() as cur:
            self._purge(cur)
            # Two creates for one slot at once: the advisory lock on (account, slot) makes the second
            # see the first's row, so a slot never holds two backups.
            cur.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 7))", (f"{account}/{slot}",))
            cur.execute("SELECT backup_id, state FROM backups WHERE account = %s AND slot = %s FOR UPDATE",
                        (account, slot))
            replaced = pending_to_replace(cur.fetchall(), replace=replace)
            if replaced:
                cur.execute("DELETE FROM backups WHERE backup_id = ANY(%s)", (replaced,))
            cur.execute(
                "INSERT INTO backups (backup_id, account, slot, verifier, secret, kdf, state, attempts,"
                " max_attempts, created_at, expires_at) VALUES (%s, %s, %s, %s, %s, %s, 'pending', 0, %s, %s, %s)",
                (record.backup_id, account, slot, new.verifier, new.secret, kdf,
                 record.max_attempts, record.created_at, record.expires_at),
            )
        return Created(record, new.secret, replaced)

    def mark_ready(self, *, account: str, backup_id: str) -> BackupRecord:
        with self._tx() as conn, conn.cursor() as cur:
            check_pending(self._owned(cur, account, backup_id, lock=True))
            cur.execute("UPDATE backups SET state = 'ready', expires_at = %s WHERE backup_id = %s",
                        (self.terms.ready_until(), backup_id))
        return self.get(account=account, backup_id=backup_id)

    def get(self, *, account: str, backup_id: str) -> BackupRecord:
        with self._tx() as conn, conn.cursor() as cur:
            self._purge(cur)
            return record_of(self._owned(cur, account, backup_id))

    def list(self, *, account: str, slot: str | None = None) -> list[BackupRecord]:
        from psycopg.rows import dict_row

        with self._tx() as conn, conn.cursor(row_factory=dict_row) as cur:
            self._purge(cur)
            sql, args = f"SELECT {_COLUMNS} FROM backups WHERE account = %s", [account]
            if slot is not None:
                sql, args = sql + " AND slot = %s", [account, slot]
            cur.execute(sql + " ORDER BY backup_id", args)
            return [record_of(row) for row in cur.fetchall()]

    def unlock(self, *, account: str, backup_id: str, authenticator: bytes) -> Unlock:
        """Evaluate one PIN proof under the row's lock: count it, commit, then answer."""
        check_authenticator(authenticator)
        with self._tx() as conn, conn.cursor() as cur:
            self._purge(cur)
            row = self._owned(cur, account, backup_id, lock=True, secret=True)
            spent = check_unlockable(row)
            if spent is not None:
                cur.execute("DELETE FROM backups WHERE backup_id = %s", (backup_id,))
                return spent
            attempts, answer = judge(row, good=proves(self._key, row, authenticator))
            if answer.destroyed:
                cur.execute("DELETE FROM backups WHERE backup_id = %s", (backup_id,))
            else:
                cur.execute("UPDATE backups SET attempts = %s, evaluations = evaluations + 1 WHERE backup_id = %s",
                            (attempts, backup_id))
            return answer

    def delete(self, *, account: str, backup_id: str) -> None:
        with self._tx() as conn, conn.cursor() as cur:
            self._owned(cur, account, backup_id, lock=True)
            cur.execute("DELETE FROM backups WHERE backup_id = %s", (backup_id,))

    def purge_expired(self) -> builtins.list[str]:
        with self._tx() as conn, conn.cursor() as cur:
            return self._purge(cur)

    def known_ids(self) -> set[str]:
        with self._tx() as conn, conn.cursor() as cur:
            self._purge(cur)
            cur.execute("SELECT backup_id FROM backups")
            return {bid for (bid,) in cur.fetchall()}

    def ready(self) -> None:
        migrations.check(self.url, "keyservice")

    # --- internals ----------------------------------------------------------------------------

    def _purge(self, cur: Any) -> builtins.list[str]:
        cur.execute("DELETE FROM backups WHERE expires_at <= %s RETURNING backup_id", (clock.isoformat(clock.now()),))
        return [row[0] if not isinstance(row, dict) else row["backup_id"] for row in cur.fetchall()]

    def _owned(self, cur: Any, account: str, backup_id: str, *, lock: bool = False,
               secret: bool = False) -> Row:
        columns = _COLUMNS + (", verifier, secret" if secret else "")
        cur.execute(f"SELECT {columns} FROM backups WHERE backup_id = %s" + (" FOR UPDATE" if lock else ""),
                    (backup_id,))
        found = cur.fetchone()
        names = [d.name for d in cur.description]
        row = None if found is None else (found if isinstance(found, dict) else dict(zip(names, found, strict=True)))
        return owned(row, account)
