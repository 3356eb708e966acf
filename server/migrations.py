"""Versioned PostgreSQL schemas of the server side, applied by ``mem server migrate``, checked at start.

Three components keep their own version in the ``mem_schema`` table of whichever database holds
them, so the key service and the blob store can live in databases of their own:

- ``store``: accounts and tokens, evidence, shared-decision intake, reviews, per-account quota counters;
- ``keyservice``: per-backup secrets, verifiers and PIN-attempt counters, and the service's HMAC key;
- ``blobstore``: backup ciphertext, stored in parts.

A migration is appended, never edited: version N is ``MIGRATIONS[component][N-1]``. ``migrate``
takes a transaction-scoped advisory lock first, so two operators (or two hosts starting at once)
apply each step exactly once. A server checks the versions when it starts and refuses to run on a
schema it does not know — newer (an older mem must not write into it) or older (run migrate).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mem.core.errors import InvalidInput, StorageError
from mem.core.json_types import JsonObject
from mem.server.database import check_url, redact, transaction

if TYPE_CHECKING:
    from mem.core.config import Config

Step = str | Callable[[Any], None]
# An arbitrary constant: the advisory lock every `mem server migrate` takes before reading versions.
_LOCK_KEY = 0x6D656D5F6D6967  # "mem_mig"

_STORE_V1 = """
CREATE TABLE accounts (
    name TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE TABLE evidence (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account TEXT NOT NULL,
    fact_id TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    date TEXT,
    quotes TEXT NOT NULL,
    received_at TEXT NOT NULL,
    UNIQUE (account, customer_id, fact_id)
);
CREATE INDEX evidence_customer ON evidence (customer_id, id);
CREATE TABLE decisions (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account TEXT NOT NULL,
    pseudonym TEXT NOT NULL,
    fact_ref TEXT NOT NULL,
    record TEXT NOT NULL,
    received_at TEXT NOT NULL,
    UNIQUE (account, pseudonym, fact_ref)
);
CREATE INDEX decisions_ref ON decisions (account, fact_ref);
CREATE TABLE usage_daily (
    account TEXT NOT NULL,
    day TEXT NOT NULL,
    what TEXT NOT NULL,
    records BIGINT NOT NULL DEFAULT 0,
    bytes BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (account, day, what)
);
CREATE TABLE backup_usage (
    backup_id TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    bytes BIGINT NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL
);
CREATE INDEX backup_usage_account ON backup_usage (account);
CREATE TABLE reviews (
    candidate_id TEXT PRIMARY KEY,
    decision TEXT NOT NULL,
    by_name TEXT NOT NULL,
    at TEXT NOT NULL,
    page_id TEXT,
    signature TEXT NOT NULL
);
"""

_KEYSERVICE_V1_SQL = """
CREATE TABLE keyservice_key (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hmac_key BYTEA NOT NULL CHECK (length(hmac_key) = 32)
);
CREATE TABLE backups (
    backup_id    TEXT PRIMARY KEY,
    account      TEXT NOT NULL,
    slot         TEXT NOT NULL,
    verifier     BYTEA NOT NULL,
    secret       BYTEA NOT NULL,
    kdf          TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'ready')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    evaluations  INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    CHECK (attempts <= max_attempts)
);
CREATE INDEX backups_owner ON backups (account, slot);
CREATE INDEX backups_expiry ON backups (expires_at);
"""


def _keyservice_v1(cur: Any) -> None:
    cur.execute(_KEYSERVICE_V1_SQL)
    # The HMAC key of the verifiers is made once, here, from the OS's random source: every worker
    # on every host then reads the same key from the key service's own database.
    cur.execute("INSERT INTO keyservice_key (id, hmac_key) VALUES (1, %s)", (os.urandom(32),))


_BLOBSTORE_V1 = """
CREATE TABLE blob_parts (
    backup_id TEXT NOT NULL,
    owner     TEXT NOT NULL,
    idx       INTEGER NOT NULL CHECK (idx >= 0),
    data      BYTEA NOT NULL,
    PRIMARY KEY (backup_id, idx)
);
CREATE TABLE blobs (
    backup_id TEXT PRIMARY KEY,
    owner     TEXT NOT NULL,
    parts     INTEGER NOT NULL,
    size      BIGINT NOT NULL,
    sha256    TEXT NOT NULL
);
"""

MIGRATIONS: dict[str, list[Step]] = {
    "store": [_STORE_V1],
    "keyservice": [_keyservice_v1],
    "blobstore": [_BLOBSTORE_V1],
}


@dataclass(frozen=True)
class Applied:
    component: str
    database: str  # redacted URL
    before: int
    after: int

    def to_dict(self) -> JsonObject:
        return {"component": self.component, "database": self.database, "before": self.before, "after": self.after}


def latest(component: str) -> int:
    return len(MIGRATIONS[component])


def migrate(url: str, components: list[str]) -> list[Applied]:
    """Bring ``components`` in the database at ``url`` to the versions this mem knows."""
    done = []
    with transaction(url, what=f"migrating {redact(url)}") as conn, conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        cur.execute("CREATE TABLE IF NOT EXISTS mem_schema (component TEXT PRIMARY KEY, version INTEGER NOT NULL,"
                    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
        for component in components:
            before = _version(cur, component)
            target = latest(component)
            if before > target:
                raise StorageError(_newer(url, component, before))
            for step in MIGRATIONS[component][before:]:
                if callable(step):
                    step(cur)
                else:
                    cur.execute(step)
            if target != before:
                cur.execute("INSERT INTO mem_schema (component, version) VALUES (%s, %s) ON CONFLICT (component)"
                            " DO UPDATE SET version = EXCLUDED.version, applied_at = now()", (component, target))
            done.append(Applied(component, redact(url), before, target))
    return done


def version(url: str, component: str) -> int:
    """The version of ``component`` in that database (0 before its first migration)."""
    with transaction(url, what=f"database {redact(url)}") as conn, conn.cursor() as cur:
        cur.execute("SELECT to_regclass('mem_schema') IS NOT NULL")
        row = cur.fetchone()  # always one row: the answer is true or false
        if row is None or not row[0]:
            return 0
        return _version(cur, component)


def check(url: str, component: str) -> None:
    """Refuse to serve on a schema this mem does not know (``StorageError`` with what to do)."""
    found, known = version(url, component), latest(component)
    if found > known:
        raise StorageError(_newer(url, component, found))
    if found < known:
        raise StorageError(f"database {redact(url)}: the {component} schema is at version {found}, this mem needs "
                           f"{known}: run `mem server migrate`")


def _version(cur: Any, component: str) -> int:
    cur.execute("SELECT version FROM mem_schema WHERE component = %s", (component,))
    row = cur.fetchone()
    return int(row[0]) if row else 0


def _newer(url: str, component: str, found: int) -> str:
    return (f"database {redact(url)}: the {component} schema is at version {found}, newer than this mem knows "
            f"({latest(component)}): upgrade mem before serving from it")


def databases(config: Config) -> dict[str, list[str]]:
    """Which components live in which PostgreSQL database under these settings ({url: [component…]});
    components on the embedded SQLite default are absent (they are made when first opened)."""
    from mem.server.vault import blobstore_url, keyservice_url

    placed: dict[str, list[str]] = {}
    for component, url in (("store", config.server.database), ("keyservice", keyservice_url(config)),
                           ("blobstore", blobstore_url(config))):
        if url:
            placed.setdefault(check_url(url, setting="server.database"), []).append(component)
    return placed


def migrate_configured(config: Config, *, check_only: bool = False) -> list[JsonObject]:
    """``mem server migrate``: migrate (or with ``check_only`` just compare) every configured database."""
    placed = databases(config)
    if not placed:
        raise InvalidInput("no PostgreSQL database is configured (server.database / MEM_DATABASE_URL); "
                           "the embedded SQLite store needs no migration")
    report = []
    for url, components in placed.items():
        if check_only:
            for component in components:
                found = version(url, component)
                report.append({"component": component, "database": redact(url), "version": found,
                               "expected": latest(component), "current": found == latest(component)})
        else:
            report.extend({**a.to_dict(), "current": True} for a in migrate(url, components))
    return report
