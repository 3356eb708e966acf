"""Accounts: an operator issues an API token per client account; the server keeps only its hash.

Tokens are 256 random bits, so a plain SHA-256 is enough to make a stolen database useless for
logging in (no password stretching is needed for high-entropy secrets), and lookups stay one
indexed query per request.
"""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from mem.core import clock
from mem.core.ids import validate_name
from mem.server.storage import ServerStore, open_store
from mem.server.store_rows import AccountRow

TOKEN_PREFIX = "mem_"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def add_account(workspace: Path, name: str, *, store: ServerStore | None = None) -> str:
    """Create account ``name`` and return its API token; it is shown once and never stored in clear."""
    validate_name(name, what="account name")
    token = new_token()
    (store or open_store(workspace)).add_account(name, hash_token(token), created_at=clock.isoformat(clock.now()))
    return token


def list_accounts(workspace: Path) -> list[AccountRow]:
    return open_store(workspace).accounts()


def authenticate(store: ServerStore, token: str) -> str | None:
    """The account name a token belongs to, or ``None``."""
    if not token:
        return None
    return store.account_for_token_hash(hash_token(token))
