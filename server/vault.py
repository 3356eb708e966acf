"""The backup vault of ``mem serve``: the one place the key service and the blob store meet.

Every operation checks ownership in the key service first (other accounts see "no such backup"),
then touches the blob store. When the key service ends a backup — destroyed after too many wrong
PINs, expired, or deleted by its owner after a restore — the vault deletes the blob too, and
``sweep`` removes any blob the key service no longer knows (a crash between the two steps).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mem.core.config import Config
from mem.core.errors import Conflict, InvalidInput, NotFound
from mem.server.vault_blobstore import FOLDER as BLOB_FOLDER
from mem.server.vault_blobstore import BlobStore
from mem.server.vault_keyservice import FOLDER as KEYSERVICE_FOLDER
from mem.server.vault_keyservice import KeyService

STATE_DIR = ".mem"
# The ciphertext is a compressed export, so it rarely nears this; it bounds one upload.
MAX_BLOB_BYTES = 256 * 1024 * 1024


@dataclass
class Vault:
    keys: KeyService
    blobs: BlobStore

    @classmethod
    def open(cls, workspace: Path, *, config: Config) -> Vault:
        state = Path(workspace) / STATE_DIR
        return cls(
            keys=KeyService(state / KEYSERVICE_FOLDER, max_attempts=config.backup.max_attempts,
                            retention_days=config.backup.retention_days),
            blobs=BlobStore(state / BLOB_FOLDER, max_bytes=MAX_BLOB_BYTES),
        )

    def create(self, *, account: str, slot: str, authenticator: str, kdf: Any) -> dict[str, Any]:
        """Register a backup; answers its id, the secret (the owner has the PIN anyway) and its terms."""
        kdf_text = json.dumps(kdf, sort_keys=True)
        if not isinstance(kdf, dict) or len(kdf_text) > 1024:
            raise InvalidInput("kdf must be a small object (the Argon2id cost and salt the client used)")
        created = self.keys.create(account=account, slot=slot, authenticator=_unb64(authenticator, "authenticator"),
                                   kdf=kdf_text)
        for old in created.replaced:
            self.blobs.delete_id(old)
        return {**_public(created.record.to_dict()), "secret": _b64(created.secret), "replaced": created.replaced}

    def upload(self, *, account: str, backup_id: str, data: bytes) -> dict[str, Any]:
        """Store the whole ciphertext at once (in-process callers)."""
        self.upload_part(account=account, backup_id=backup_id, index=0, data=data)
        return self.complete(account=account, backup_id=backup_id, parts=1,
                             sha256=hashlib.sha256(data).hexdigest(), size=len(data))

    def upload_part(self, *, account: str, backup_id: str, index: int, data: bytes) -> None:
        self._pending(account, backup_id)
        self.blobs.put_part(account=account, backup_id=backup_id, index=index, data=data)

    def complete(self, *, account: str, backup_id: str, parts: int, sha256: str, size: int) -> dict[str, Any]:
        """Publish the uploaded parts as the blob; from now on the backup can be unlocked."""
        self._pending(account, backup_id)
        self.blobs.complete(account=account, backup_id=backup_id, parts=parts, sha256=sha256, size=size)
        return _public(self.keys.mark_ready(account=account, backup_id=backup_id).to_dict())

    def _pending(self, account: str, backup_id: str) -> None:
        if self.keys.get(account=account, backup_id=backup_id).state != "pending":
            raise Conflict("this backup's data was stored already; a backup is written once")

    def list(self, *, account: str, slot: str | None = None) -> list[dict[str, Any]]:
        self.sweep()
        return [_public(r.to_dict()) for r in self.keys.list(account=account, slot=slot) if r.state == "ready"]

    def info(self, *, account: str, backup_id: str) -> dict[str, Any]:
        self.sweep()
        return _public(self.keys.get(account=account, backup_id=backup_id).to_dict())

    def unlock(self, *, account: str, backup_id: str, authenticator: str) -> dict[str, Any]:
        """One PIN proof. ``ok`` with the secret, or the remaining attempts, or ``destroyed``."""
        result = self.keys.unlock(account=account, backup_id=backup_id,
                                  authenticator=_unb64(authenticator, "authenticator"))
        if result.destroyed:
            self.blobs.delete_id(backup_id)
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

    def sweep(self) -> list[str]:
        """Delete expired backups and any blob whose key is gone; returns the blob ids removed."""
        self.keys.purge_expired()
        orphans = sorted(self.blobs.ids() - self.keys.known_ids())
        for backup_id in orphans:
            self.blobs.delete_id(backup_id)
        return orphans


def _public(record: dict[str, Any]) -> dict[str, Any]:
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

    Same methods as ``mem.server.vault_client.VaultClient`` — the HTTP one — so the backup flow
    runs unchanged against either.
    """

    def __init__(self, vault: Vault, *, account: str) -> None:
        self.vault, self.account = vault, account

    def create(self, *, slot: str, authenticator: str, kdf: dict[str, Any]) -> dict[str, Any]:
        return self.vault.create(account=self.account, slot=slot, authenticator=authenticator, kdf=kdf)

    def upload(self, backup_id: str, data: bytes) -> dict[str, Any]:
        return self.vault.upload(account=self.account, backup_id=backup_id, data=data)

    def find(self, *, slot: str) -> list[dict[str, Any]]:
        return self.vault.list(account=self.account, slot=slot)

    def unlock(self, backup_id: str, *, authenticator: str) -> dict[str, Any]:
        return self.vault.unlock(account=self.account, backup_id=backup_id, authenticator=authenticator)

    def download(self, backup_id: str) -> bytes:
        return self.vault.download(account=self.account, backup_id=backup_id)

    def delete(self, backup_id: str) -> None:
        self.vault.delete(account=self.account, backup_id=backup_id)
