"""The client side of the vault routes: what ``mem.customers.backup`` calls to reach ``mem serve``.

``VaultClient`` implements the ``VaultTransport`` protocol of ``mem.customers.backup`` over
``ServerClient`` (the login's URL and token), splitting uploads into parts that fit the server's
body limit. ``backup_to_server`` and ``restore_from_server`` are what ``mem backup`` and
``mem restore`` call: they wire the login, the verified bundle's policy versions and the backup
flow together.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core.errors import NetworkError
from mem.core.fsio import PathArg
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from collections.abc import Callable

    from mem.client.connection import ServerClient
    from mem.core.config import Config
    from mem.customers.backup import BackupReceipt, RestoreReport
    from mem.customers.backup_crypto import KdfParams

PART_BYTES = 4 * 1024 * 1024  # half the default server.max_request_bytes


class VaultClient:
    """Backup calls over HTTP for the logged-in account."""

    def __init__(self, client: ServerClient, *, part_bytes: int = PART_BYTES,
                 previous_keys: Sequence[bytes] = ()) -> None:
        self.client = client
        self.part_bytes = part_bytes
        self.previous_keys = list(previous_keys)

    @property
    def server(self) -> str:
        """The server this vault is on (named when it holds no backup of a customer)."""
        return self.client.url

    def create(self, *, slot: str, authenticator: str, kdf: JsonObject, replace: bool = False) -> JsonObject:
        return _dict(self.client.post_json("/vault/backups", {"slot": slot, "authenticator": authenticator,
                                                               "kdf": kdf, "replace": replace}))

    def upload(self, backup_id: str, data: bytes) -> JsonObject:
        parts = max(1, -(-len(data) // self.part_bytes))
        for index in range(parts):
            chunk = data[index * self.part_bytes:(index + 1) * self.part_bytes]
            self.client.put_bytes(f"/vault/backups/{backup_id}/parts/{index}", chunk)
        return _dict(self.client.post_json(f"/vault/backups/{backup_id}/complete", {
            "parts": parts, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}))

    def find(self, *, slot: str) -> list[JsonObject]:
        answer = _dict(self.client.get_json("/vault/backups", params={"slot": slot}))
        backups = answer.get("backups")
        if not isinstance(backups, list):
            raise NetworkError("server answered the backup list without a list")
        return backups

    def unlock(self, backup_id: str, *, authenticator: str) -> JsonObject:
        return _dict(self.client.post_json(f"/vault/backups/{backup_id}/unlock", {"authenticator": authenticator}))

    def download(self, backup_id: str) -> bytes:
        from mem.client.connection import BACKUP_BYTES

        data, _ = self.client.get_bytes(f"/vault/backups/{backup_id}/blob", max_bytes=BACKUP_BYTES, what="a backup")
        return data

    def delete(self, backup_id: str) -> None:
        self.client.delete(f"/vault/backups/{backup_id}")

    def slot_key(self) -> bytes:
        """The key of this account's slot names, derived from its API token (``slot_key_of``)."""
        from mem.client.login import slot_key_of

        if not self.client.token:
            raise NetworkError("backups need an account: log in with an API token first")
        return slot_key_of(self.client.token)

    def previous_slot_keys(self) -> list[bytes]:
        """Slot keys of the tokens the login had before a rotation (newest first)."""
        return list(self.previous_keys)


def backup_to_server(home: PathArg, customer_id: str, pin: str, *, config: Config, include_logs: bool = False,
                     replace: bool = False, kdf: KdfParams | None = None, server: str | None = None,
                     on_progress: Callable[[int, int, str], None] | None = None) -> BackupReceipt:
    """``mem backup``: encrypt one customer's memory and upload it for the logged-in account."""
    from mem.client.connection import ServerClient
    from mem.customers.backup import create_backup
    from mem.customers.backup_crypto import STANDARD

    home = Path(home)
    with ServerClient.for_home(home, config=config, server=server) as client:
        _require_token(client)
        vault = VaultClient(client, previous_keys=_previous_keys(home, config, server))
        return create_backup(home, customer_id, pin, vault=vault, include_logs=include_logs,
                             replace=replace, kdf=kdf or STANDARD, on_progress=on_progress)


def restore_from_server(home: PathArg, customer_id: str, pin: str, *, config: Config,
                        overwrite: bool = False, server: str | None = None,
                        on_progress: Callable[[int, int, str], None] | None = None) -> RestoreReport:
    """``mem restore``: fetch, decrypt and install one customer's backup, flagging facts whose
    policy changed since (versions from this home's verified bundle, when there is one)."""
    from mem.client.connection import ServerClient
    from mem.client.installed_bundle import installed_manifest
    from mem.customers.backup import restore_backup
    from mem.customers.backup_crypto import STANDARD
    from mem.wire.manifest import page_renames, page_versions, withdrawn_pages

    home = Path(home)
    manifest = installed_manifest(home)
    versions = page_versions(manifest)
    with ServerClient.for_home(home, config=config, server=server) as client:
        _require_token(client)
        vault = VaultClient(client, previous_keys=_previous_keys(home, config, server))
        return restore_backup(home, customer_id, pin, vault=vault, policy_versions=versions,
                              overwrite=overwrite, min_kdf=STANDARD, on_progress=on_progress,
                              renamed=page_renames(manifest), withdrawn=withdrawn_pages(manifest))


def delete_server_backups(home: Path, customer_id: str, *, config: Config, server: str | None = None) -> list[str]:
    """``mem forget``: delete every backup of one customer the logged-in account holds on the server."""
    from mem.client.connection import ServerClient
    from mem.customers.backup import delete_backups
    from mem.customers.erase_ledger import forget_backup

    with ServerClient.for_home(home, config=config, server=server) as client:
        _require_token(client)
        vault = VaultClient(client, previous_keys=_previous_keys(home, config, server))
        deleted = delete_backups(customer_id, vault=vault)
    forget_backup(home, customer_id)
    return deleted


def _previous_keys(home: Path, config: Config, server: str | None) -> list[bytes]:
    from mem.client.login import resolve_server

    login = resolve_server(home, server=server, default=config.server.url)
    return [bytes.fromhex(key) for key in login.previous_slot_keys]


def _require_token(client: ServerClient) -> None:
    from mem.core.errors import Refused

    if not client.token:
        raise Refused(f"not logged in to {client.url}: run `mem login --server URL --token TOKEN` first")
    require_private_channel(client.url)


def require_private_channel(url: str) -> None:
    """Refuse plain HTTP except on loopback: the per-backup secret and the ciphertext both cross the
    connection, and whoever records both can try all 10^6 PINs offline."""
    import ipaddress
    from urllib.parse import urlsplit

    from mem.core.errors import Refused

    parts = urlsplit(url)
    if parts.scheme == "https":
        return
    host = (parts.hostname or "").lower()
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise Refused(f"backups travel only over https:// (or to this machine): {url} would expose the "
                      "backup's secret and ciphertext on the network; log in with an https:// URL")


def _dict(answer: Any) -> JsonObject:
    if not isinstance(answer, dict):
        raise NetworkError("server answered a vault call with something that is not a JSON object")
    return answer
