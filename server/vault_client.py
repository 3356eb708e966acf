"""The client side of the vault routes: what ``mem.customers.backup`` calls to reach ``mem serve``.

It implements the ``VaultTransport`` protocol of ``mem.customers.backup`` over ``ServerClient``
(the login's URL and token), splitting uploads into parts that fit the server's body limit.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from mem.core.errors import NetworkError

if TYPE_CHECKING:
    from mem.server.client import ServerClient

PART_BYTES = 4 * 1024 * 1024  # half the default server.max_request_bytes


class VaultClient:
    """Backup calls over HTTP for the logged-in account."""

    def __init__(self, client: ServerClient, *, part_bytes: int = PART_BYTES) -> None:
        self.client = client
        self.part_bytes = part_bytes

    def create(self, *, slot: str, authenticator: str, kdf: dict[str, Any]) -> dict[str, Any]:
        return _dict(self.client.post_json("/vault/backups", {"slot": slot, "authenticator": authenticator,
                                                               "kdf": kdf}))

    def upload(self, backup_id: str, data: bytes) -> dict[str, Any]:
        parts = max(1, -(-len(data) // self.part_bytes))
        for index in range(parts):
            chunk = data[index * self.part_bytes:(index + 1) * self.part_bytes]
            self.client.put_bytes(f"/vault/backups/{backup_id}/parts/{index}", chunk)
        return _dict(self.client.post_json(f"/vault/backups/{backup_id}/complete", {
            "parts": parts, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}))

    def find(self, *, slot: str) -> list[dict[str, Any]]:
        answer = _dict(self.client.get_json("/vault/backups", params={"slot": slot}))
        backups = answer.get("backups")
        if not isinstance(backups, list):
            raise NetworkError("server answered the backup list without a list")
        return backups

    def unlock(self, backup_id: str, *, authenticator: str) -> dict[str, Any]:
        return _dict(self.client.post_json(f"/vault/backups/{backup_id}/unlock", {"authenticator": authenticator}))

    def download(self, backup_id: str) -> bytes:
        data, _ = self.client.get_bytes(f"/vault/backups/{backup_id}/blob")
        return data

    def delete(self, backup_id: str) -> None:
        self.client.delete(f"/vault/backups/{backup_id}")


def _dict(answer: Any) -> dict[str, Any]:
    if not isinstance(answer, dict):
        raise NetworkError("server answered a vault call with something that is not a JSON object")
    return answer
