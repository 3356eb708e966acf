"""Accounts: an operator issues an API token per client account; the server keeps only its hash.

Tokens are 256 random bits, so a plain SHA-256 is enough to make a stolen database useless for
logging in (no password stretching is needed for high-entropy secrets), and lookups stay one
indexed query per request.

A leaked token is ended by replacing its hash: ``rotate_token`` issues a new token for the same
account (its backups, evidence and shared decisions stay its own), ``revoke_account`` leaves it with
none. Every request looks the hash up afresh (nothing caches it), so the old token is refused by
the very next request, on every worker sharing the database.
"""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from mem.core import clock
from mem.core.ids import validate_name
from mem.server.storage import ServerStore, open_store
from mem.server.store_rows import REVOKED_PREFIX, AccountRow

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


def rotate_token(workspace: Path, name: str, *, store: ServerStore | None = None) -> str:
    """Give account ``name`` a new API token and return it (shown once); the old one stops working at once.

    Also re-enables a revoked account. ``NotFound`` when there is no such account.
    """
    token = new_token()
    (store or open_store(workspace)).replace_token_hash(name, hash_token(token))
    return token


def revoke_account(workspace: Path, name: str, *, store: ServerStore | None = None) -> AccountRow:
    """Refuse every token of account ``name`` from now on; its name and data stay (``rotate_token`` revives it)."""
    store = store or open_store(workspace)
    at = clock.isoformat(clock.now())
    store.replace_token_hash(name, f"{REVOKED_PREFIX}{at}:{secrets.token_hex(16)}")
    return next(row for row in store.accounts() if row["name"] == name)


def list_accounts(workspace: Path) -> list[AccountRow]:
    return open_store(workspace).accounts()


def authenticate(store: ServerStore, token: str) -> str | None:
    """The account name a token belongs to, or ``None``."""
    if not token:
        return None
    return store.account_for_token_hash(hash_token(token))
