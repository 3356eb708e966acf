"""The backup vault of ``mem serve``: the one place the key service and the blob store meet.

Every operation checks ownership in the key service first (other accounts see "no such backup"),
then touches the blob store. When the key service ends a backup — destroyed after too many wrong
PINs, expired, or deleted by its owner after a restore — the vault deletes the blob too, and
``sweep`` removes any blob the key service no longer knows (a crash between the two steps).

Quotas (``[quota]``, counted in the server store): a new backup and every uploaded part are
reserved against the account's backup bytes and count and its unfinished uploads first (507 when
full); an upload not completed within ``quota.unfinished_minutes`` expires in the key service, and
the sweep deletes its parts and frees its reservation.
"""

from __future__ import annotations

import base64
import binascii
import builtins  # annotations inside the class say builtins.list: its own list() method hides the type
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mem.core.config import Config
from mem.core.errors import Conflict, InvalidInput, NotFound, QuotaExceeded
from mem.core.json_types import JsonObject
from mem.server.keyservice_rules import WRITTEN_ONCE
from mem.server.quota import Quotas
from mem.server.storage import ServerStore, open_store
from mem.server.vault_blobstore import FOLDER as BLOB_FOLDER
from mem.server.vault_blobstore import BlobStore
from mem.server.vault_keyservice import FOLDER as KEYSERVICE_FOLDER
from mem.server.vault_keyservice import KeyService

STATE_DIR = ".mem"
_SLOT = re.compile(r"[0-9a-f]{32}")
# The ciphertext is a compressed export, so it rarely nears this; it bounds one upload.
MAX_BLOB_BYTES = 256 * 1024 * 1024


@dataclass
class Vault:
    keys: KeyService
    blobs: BlobStore
    quotas: Quotas

    @classmethod
    def open(cls, workspace: Path, *, config: Config, store: ServerStore | None = None) -> Vault:
        """The vault of a workspace. Each half lives where its setting says: ``backup.keyservice_database``
        / ``backup.blobstore_database``, else ``server.database``, else files under ``<workspace>/.mem/``."""
        state = Path(workspace) / STATE_DIR
        pool_size = config.server.database_pool_size
        keys_url, blobs_url = keyservice_url(config), blobstore_url(config)
        if keys_url:
            from mem.server.vault_keyservice_pg import PostgresKeyService

            keys: Any = PostgresKeyService(keys_url, max_attempts=config.backup.max_attempts,
                                           retention_days=config.backup.retention_days,
                                           unfinished_minutes=config.quota.unfinished_minutes, pool_size=pool_size)
        else:
            keys = KeyService(state / KEYSERVICE_FOLDER, max_attempts=config.backup.max_attempts,
                              retention_days=config.backup.retention_days,
                              unfinished_minutes=config.quota.unfinished_minutes)
        if blobs_url:
            from mem.server.vault_blobstore_pg import PostgresBlobStore

            blobs: Any = PostgresBlobStore(blobs_url, max_bytes=MAX_BLOB_BYTES, pool_size=pool_size)
        else:
            blobs = BlobStore(state / BLOB_FOLDER, max_bytes=MAX_BLOB_BYTES)
        return cls(keys=keys, blobs=blobs, quotas=Quotas(store or open_store(workspace, config), config.quota))

    def ready(self) -> None:
        """Raise ``StorageError`` unless both halves answer with a schema this mem knows."""
        self.keys.ready()
        self.blobs.ready()

    # Any: ``kdf`` is the client's JSON as received, checked here to be a small object.
    def create(self, *, account: str, slot: str, authenticator: str, kdf: Any,
               replace: bool = False) -> JsonObject:
        """Register a backup; answers its id, the secret (the owner has the PIN anyway) and its terms.

        ``replace``: the customer's finished backup stays until the owner deletes it after this one
        is complete (``KeyService.create``)."""
        if not _SLOT.fullmatch(slot):
            # a keyed digest (the client's backup_slot); anything else could be a customer id in clear
            raise InvalidInput("backup slot must be 32 lower-case hex digits (a keyed digest, never a customer id)")
        kdf_text = json.dumps(kdf, sort_keys=True)
        if not isinstance(kdf, dict) or len(kdf_text) > 1024:
            raise InvalidInput("kdf must be a small object (the Argon2id cost and salt the client used)")
        created = self.keys.create(account=account, slot=slot, authenticator=_unb64(authenticator, "authenticator"),
                                   kdf=kdf_text, replace=replace)
        for old in created.replaced:
            self.blobs.delete_id(old)
        self.quotas.release_backups(created.replaced)
        try:
            self._reserve(account, created.record.backup_id, 0)
        except QuotaExceeded:
            self.keys.delete(account=account, backup_id=created.record.backup_id)
            raise
        return {**_public(created.record.to_dict()), "secret": _b64(created.secret), "replaced": created.replaced}

    def _reserve(self, account: str, backup_id: str, nbytes: int) -> None:
        """Count ``nbytes`` more against the account's quotas; when full, sweep once (expired and
        unfinished backups free their share) and try again before refusing."""
        try:
            self.quotas.reserve_backup(account, backup_id, nbytes=nbytes)
        except QuotaExceeded:
            self.sweep()
            self.quotas.reserve_backup(account, backup_id, nbytes=nbytes)

    def upload(self, *, account: str, backup_id: str, data: bytes) -> JsonObject:
        """Store the whole ciphertext at once (in-process callers)."""
        self.upload_part(account=account, backup_id=backup_id, index=0, data=data)
        return self.complete(account=account, backup_id=backup_id, parts=1,
                             sha256=hashlib.sha256(data).hexdigest(), size=len(data))

    def upload_part(self, *, account: str, backup_id: str, index: int, data: bytes) -> None:
        self._pending(account, backup_id)
        # a part sent again replaces the earlier copy: only the growth counts
        grown = len(data) - self.blobs.part_size(account=account, backup_id=backup_id, index=index)
        if grown > 0:
            self._reserve(account, backup_id, grown)
        self.blobs.put_part(account=account, backup_id=backup_id, index=index, data=data)

    def complete(self, *, account: str, backup_id: str, parts: int, sha256: str, size: int) -> JsonObject:
        """Publish the uploaded parts as the blob; from now on the backup can be unlocked."""
        self._pending(account, backup_id)
        self.blobs.complete(account=account, backup_id=backup_id, parts=parts, sha256=sha256, size=size)
        record = _public(self.keys.mark_ready(account=account, backup_id=backup_id).to_dict())
        self.quotas.finish_backup(account, backup_id, nbytes=size)
        return record

    def _pending(self, account: str, backup_id: str) -> None:
        if self.keys.get(account=account, backup_id=backup_id).state != "pending":
            raise Conflict(WRITTEN_ONCE)

    def list(self, *, account: str, slot: str | None = None) -> list[JsonObject]:
        self.sweep()
        return [_public(r.to_dict()) for r in self.keys.list(account=account, slot=slot) if r.state == "ready"]

    def info(self, *, account: str, backup_id: str) -> JsonObject:
        self.sweep()
        return _public(self.keys.get(account=account, backup_id=backup_id).to_dict())

    def unlock(self, *, account: str, backup_id: str, authenticator: str) -> JsonObject:
        """One PIN proof. ``ok`` with the secret, or the remaining attempts, or ``destroyed``."""
        result = self.keys.unlock(account=account, backup_id=backup_id,
                                  authenticator=_unb64(authenticator, "authenticator"))
        if result.destroyed:
            self.blobs.delete_id(backup_id)
            self.quotas.release_backups([backup_id])
        answer: dict[str, Any] = {"ok": result.ok, "remaining_attempts": result.remaining,
                                  "destroyed": result.destroyed}
        if result.secret is not None:
            answer["secret"] = _b64(result.secret)
        return answer

    def download(self, *, account: str, backup_id: str) -> bytes:
        record = self.keys.get(account=account, backup_id=backup_id)
        if record.state != "ready":
            raise NotFound("no such backup on the server (it was never completed)")
        return self.blobs.get(account=account, backup_id=backup_id)

    def delete(self, *, account: str, backup_id: str) -> None:
        self.keys.delete(account=account, backup_id=backup_id)
        self.blobs.delete(account=account, backup_id=backup_id)
        self.quotas.release_backups([backup_id])

    def sweep(self) -> builtins.list[str]:
        """Delete expired backups and unfinished uploads, any blob or parts whose key is gone, and
        free their quota; returns the blob ids removed."""
        self.keys.purge_expired()
        known = self.keys.known_ids()
        orphans = sorted(self.blobs.ids() - known)
        for backup_id in orphans:
            self.blobs.delete_id(backup_id)
        self.quotas.release_backups(self.quotas.store.reserved_backups() - known)
        self.quotas.sweep_daily()
        return orphans


def keyservice_url(config: Config) -> str:
    """The key service's PostgreSQL URL, or ``""`` for its SQLite file in the workspace."""
    from mem.server.database import check_url

    if config.backup.keyservice_database:
        return check_url(config.backup.keyservice_database, setting="backup.keyservice_database")
    return check_url(config.server.database, setting="server.database") if config.server.database else ""


def blobstore_url(config: Config) -> str:
    """The blob store's PostgreSQL URL, or ``""`` for files in the workspace."""
    from mem.server.database import check_url

    if config.backup.blobstore_database:
        return check_url(config.backup.blobstore_database, setting="backup.blobstore_database")
    return check_url(config.server.database, setting="server.database") if config.server.database else ""


def _public(record: JsonObject) -> JsonObject:
    record = dict(record)
    record["kdf"] = json.loads(record["kdf"])
    return record


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any, what: str) -> bytes:
    try:
        return base64.b64decode(str(text).encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError) as exc:
        raise InvalidInput(f"{what} is not base64") from exc


class LocalVault:
    """The client's vault interface served in-process by a ``Vault`` (benchmarks, library tests).

    Same methods as ``mem.client.vault_client.VaultClient`` — the HTTP one — so the backup flow
    runs unchanged against either.
    """

    def __init__(self, vault: Vault, *, account: str) -> None:
        self.vault, self.account = vault, account

    def create(self, *, slot: str, authenticator: str, kdf: JsonObject, replace: bool = False) -> JsonObject:
        return self.vault.create(account=self.account, slot=slot, authenticator=authenticator, kdf=kdf,
                                 replace=replace)

    def upload(self, backup_id: str, data: bytes) -> JsonObject:
        return self.vault.upload(account=self.account, backup_id=backup_id, data=data)

    def find(self, *, slot: str) -> list[JsonObject]:
        return self.vault.list(account=self.account, slot=slot)

    def unlock(self, backup_id: str, *, authenticator: str) -> JsonObject:
        return self.vault.unlock(account=self.account, backup_id=backup_id, authenticator=authenticator)

    def download(self, backup_id: str) -> bytes:
        return self.vault.download(account=self.account, backup_id=backup_id)

    def delete(self, backup_id: str) -> None:
        self.vault.delete(account=self.account, backup_id=backup_id)

    def slot_key(self) -> bytes:
        # In-process there is no token and no wall between client and server: the account name will do.
        return hashlib.sha256(b"mem-local-slot-key\0" + self.account.encode("utf-8")).digest()

    def previous_slot_keys(self) -> list[bytes]:
        return []  # the account name never rotates
