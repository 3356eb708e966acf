"""The vault's blob store on PostgreSQL: ciphertext only, write-once, filed by owner, for many workers.

Parts are rows of ``blob_parts`` (each one request's body, so no value nears PostgreSQL's 1 GB
limit); ``complete`` checks their length and SHA-256 and then inserts the ``blobs`` row, whose
primary key makes the blob write-once even when two workers complete it at once. Reading a blob
streams its parts in order. Every operation on one backup takes a transaction-scoped advisory lock
on its id first, so the size limit and the write-once rule hold across workers.

The owner is kept as the same digest of the account the file store uses; nothing here can decrypt.
"""

from __future__ import annotations

import hashlib
from typing import Any

from mem.core.errors import Conflict, InvalidInput, NotFound
from mem.server import blobstore_rules as rules
from mem.server import migrations
from mem.server.database import transaction


class PostgresBlobStore:
    """Ciphertext blobs by (account, backup id) in PostgreSQL."""

    def __init__(self, url: str, *, max_bytes: int, pool_size: int = 8) -> None:
        self.url = url
        self.max_bytes = max_bytes
        self.pool_size = pool_size
        migrations.check(url, "blobstore")

    def _tx(self):
        return transaction(self.url, size=self.pool_size, what="blob store")

    def put(self, *, account: str, backup_id: str, data: bytes) -> None:
        self.put_part(account=account, backup_id=backup_id, index=0, data=data)
        self.complete(account=account, backup_id=backup_id, parts=1, sha256=hashlib.sha256(data).hexdigest(),
                      size=len(data))

    def put_part(self, *, account: str, backup_id: str, index: int, data: bytes) -> None:
        rules.check_part(index)
        owner = rules.owner_of(account, backup_id)
        with self._tx() as conn, conn.cursor() as cur:
            _lock(cur, backup_id)
            cur.execute("SELECT 1 FROM blobs WHERE backup_id = %s", (backup_id,))
            if cur.fetchone():
                raise Conflict(rules.WRITTEN_ONCE)
            cur.execute("SELECT coalesce(sum(length(data)), 0) FROM blob_parts WHERE backup_id = %s AND owner = %s"
                        " AND idx <> %s", (backup_id, owner, index))
            rules.check_fits(int(cur.fetchone()[0]), len(data), max_bytes=self.max_bytes)
            cur.execute("INSERT INTO blob_parts (backup_id, owner, idx, data) VALUES (%s, %s, %s, %s)"
                        " ON CONFLICT (backup_id, idx) DO UPDATE SET data = EXCLUDED.data"
                        " WHERE blob_parts.owner = EXCLUDED.owner", (backup_id, owner, index, data))

    def part_size(self, *, account: str, backup_id: str, index: int) -> int:
        """Bytes of part ``index`` staged so far (0 when it was not sent yet)."""
        with self._tx() as conn, conn.cursor() as cur:
            cur.execute("SELECT length(data) FROM blob_parts WHERE backup_id = %s AND owner = %s AND idx = %s",
                        (backup_id, rules.owner_of(account, backup_id), index))
            row = cur.fetchone()
            return int(row[0]) if row else 0

    def complete(self, *, account: str, backup_id: str, parts: int, sha256: str, size: int) -> None:
        owner = rules.owner_of(account, backup_id)
        with self._tx() as conn, conn.cursor() as cur:
            _lock(cur, backup_id)
            cur.execute("SELECT 1 FROM blobs WHERE backup_id = %s", (backup_id,))
            if cur.fetchone():
                raise Conflict(rules.WRITTEN_ONCE)
            rules.check_part_count(parts)
            cur.execute("SELECT count(*) FROM blob_parts WHERE backup_id = %s AND owner = %s AND idx < %s",
                        (backup_id, owner, parts))
            if cur.fetchone()[0] != parts:
                raise InvalidInput(rules.INCOMPLETE)
            digest, total = hashlib.sha256(), 0
            for chunk in _parts(cur, backup_id, owner, parts):
                digest.update(chunk)
                total += len(chunk)
            rules.check_intact(total=total, digest=digest.hexdigest(), size=size, sha256=sha256)
            cur.execute("DELETE FROM blob_parts WHERE backup_id = %s AND idx >= %s", (backup_id, parts))
            cur.execute("INSERT INTO blobs (backup_id, owner, parts, size, sha256) VALUES (%s, %s, %s, %s, %s)",
                        (backup_id, owner, parts, size, digest.hexdigest()))

    def get(self, *, account: str, backup_id: str) -> bytes:
        owner = rules.owner_of(account, backup_id)
        with self._tx() as conn, conn.cursor() as cur:
            cur.execute("SELECT parts FROM blobs WHERE backup_id = %s AND owner = %s", (backup_id, owner))
            row = cur.fetchone()
            if row is None:
                raise NotFound(rules.NOT_FOUND)
            return b"".join(_parts(cur, backup_id, owner, row[0]))

    def delete(self, *, account: str, backup_id: str) -> bool:
        owner = rules.owner_of(account, backup_id)
        with self._tx() as conn, conn.cursor() as cur:
            _lock(cur, backup_id)
            cur.execute("DELETE FROM blob_parts WHERE backup_id = %s AND owner = %s", (backup_id, owner))
            cur.execute("DELETE FROM blobs WHERE backup_id = %s AND owner = %s", (backup_id, owner))
            return cur.rowcount > 0

    def delete_id(self, backup_id: str) -> bool:
        rules.check_id(backup_id)
        with self._tx() as conn, conn.cursor() as cur:
            _lock(cur, backup_id)
            cur.execute("DELETE FROM blob_parts WHERE backup_id = %s", (backup_id,))
            cur.execute("DELETE FROM blobs WHERE backup_id = %s", (backup_id,))
            return cur.rowcount > 0

    def ids(self) -> set[str]:
        with self._tx() as conn, conn.cursor() as cur:
            cur.execute("SELECT backup_id FROM blobs UNION SELECT backup_id FROM blob_parts")
            return {bid for (bid,) in cur.fetchall()}

    def ready(self) -> None:
        migrations.check(self.url, "blobstore")


def _lock(cur: Any, backup_id: str) -> None:
    cur.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 11))", (backup_id,))


def _parts(cur: Any, backup_id: str, owner: str, parts: int):
    """The parts' bytes in order, one row at a time (a blob is never held twice in memory here)."""
    for index in range(parts):
        cur.execute("SELECT data FROM blob_parts WHERE backup_id = %s AND owner = %s AND idx = %s",
                    (backup_id, owner, index))
        row = cur.fetchone()
        if row is None:
            raise NotFound(rules.NOT_FOUND)
        yield bytes(row[0])
