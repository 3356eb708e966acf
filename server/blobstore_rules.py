"""What both blob store engines share: ids, the owner digest, part and size limits, the integrity check.

``BlobStore`` (files, ``vault_blobstore``) and ``PostgresBlobStore`` (``vault_blobstore_pg``) keep
their storage apart; these rules are written once so the engines cannot drift — above all the owner
digest, which must be the same in both for a blob to be found after a move between them. The
messages a vault request can end in are the key service's (``keyservice_rules``), so a client reads
the same words whichever half refused; this module imports those rules, never the key service.
"""

from __future__ import annotations

import hashlib
import hmac
import re

from mem.core.errors import InvalidInput
from mem.server.keyservice_rules import NOT_FOUND, WRITTEN_ONCE

__all__ = ["INCOMPLETE", "MAX_PARTS", "NOT_FOUND", "WRITTEN_ONCE", "check_fits", "check_id", "check_intact",
           "check_part", "check_part_count", "owner_of"]

MAX_PARTS = 10_000
INCOMPLETE = "upload incomplete: a part is missing"
_ID = re.compile(r"[0-9A-HJKMNP-TV-Z]{26}")  # a ULID, matched whole (fullmatch)


def check_id(backup_id: str) -> None:
    if not isinstance(backup_id, str) or not _ID.fullmatch(backup_id):
        raise InvalidInput(f"invalid backup id {backup_id!r}")


def owner_of(account: str, backup_id: str) -> str:
    """The digest blobs are filed under: reading one needs the owning account, even inside the store."""
    check_id(backup_id)
    return hashlib.sha256(b"mem-blob-owner\0" + account.encode("utf-8")).hexdigest()[:32]


def check_part(index: int) -> None:
    if not 0 <= index < MAX_PARTS:
        raise InvalidInput(f"part number must be 0-{MAX_PARTS - 1}")


def check_part_count(parts: int) -> None:
    if not 0 < parts <= MAX_PARTS:
        raise InvalidInput(INCOMPLETE)


def check_fits(staged_bytes: int, part_bytes: int, *, max_bytes: int) -> None:
    """Refuse a part that would make the backup's staged parts (the others) larger than ``max_bytes``."""
    if staged_bytes + part_bytes > max_bytes:
        raise InvalidInput(f"backup is larger than the server accepts ({max_bytes} bytes)")


def check_intact(*, total: int, digest: str, size: int, sha256: str) -> None:
    """The joined parts are what the client said it sent: length and SHA-256 (compared in constant time)."""
    if total != size or not hmac.compare_digest(digest, str(sha256)):
        raise InvalidInput("upload damaged in transit: size or SHA-256 differs; upload it again")
