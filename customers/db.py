"""``memory.db``: one customer's SQLite database, the source of truth of their memory.

Tables (schema version in ``PRAGMA user_version``):

- ``facts``: the current record of every fact (full JSON in ``data``, columns for filtering);
  ``fact_policy``: the policy pages each fact names, for ``flag_recheck``.
- ``fact_history``: append-only; one row per change with a snapshot of the fact after it. Only
  an explicit erase deletes rows, and leaves an ``erased`` tombstone without text.
- ``index_ops``: facts whose index entry must be refreshed. Rows are written in the same
  transaction as the fact change and deleted only after the tantivy commit, so a crash between
  SQLite and the index is repaired by replaying them on the next open.
- ``context_items`` / ``context_log``: customer context and its append-only change log.
- ``consent`` / ``consent_log``: sensitive categories allowed and the sharing switch.
- ``conversations`` / ``turn_ids``: the request-log index (turn text lives in ``logs/*.jsonl``);
  ``extracted`` says how many turns of a conversation extraction has consumed;
  ``conversation_keys``: the ``conversation``/``session`` key an imported conversation came under,
  so a later import of the same key continues it (schema 5).
- ``evidence_outbox``: evidence of agreement facts waiting to be sent to the service.
- ``meta``: small key/values (index stamp, log repair marker, ids of erased decisions to withdraw,
  tombstones of erased turns: ``mem.customers.erased_turns``).

Upgrades: every table statement is ``IF NOT EXISTS``, so a store of an older schema is brought up
by running the schema again. Schema 3 gave every evidence quote the day its turn was said
(``said_on``); opening a schema-2 store fills it in from the request log, in the same transaction
as the version change. Schema 4 gave every fact a short normalised ``statement`` beside its quotes;
opening an older store builds it for every current record (``mem.customers.statements``), in the same
transaction as the version change, so a store is either all upgraded or not at all.
"""

from __future__ import annotations

import json
import sqlite3
import warnings
from contextlib import suppress
from pathlib import Path
from typing import Any

from mem.core.errors import MemError, MemWarning, StorageError
from mem.core.formats import STORE_SCHEMA
from mem.core.fsio import full_disk
from mem.customers import log_files
from mem.customers._layout import LOGS_DIR
from mem.customers.fact_record import Fact
from mem.customers.statements import statement_of

SCHEMA_VERSION = STORE_SCHEMA  # mem.core.formats: the one place the format numbers are kept

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS facts (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    day INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS facts_by_status_day ON facts (status, day);
CREATE INDEX IF NOT EXISTS facts_by_kind ON facts (kind, status, day);
CREATE TABLE IF NOT EXISTS fact_policy (
    fact_id TEXT NOT NULL,
    page TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (fact_id, page, version)
);
CREATE INDEX IF NOT EXISTS fact_policy_by_page ON fact_policy (page, version);
CREATE TABLE IF NOT EXISTS fact_history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    fact_id TEXT NOT NULL,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    actor TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    snapshot TEXT
);
CREATE INDEX IF NOT EXISTS fact_history_by_fact ON fact_history (fact_id, seq);
CREATE TABLE IF NOT EXISTS index_ops (seq INTEGER PRIMARY KEY AUTOINCREMENT, fact_id TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS context_items (
    id TEXT PRIMARY KEY,
    key TEXT,
    text TEXT NOT NULL,
    source TEXT NOT NULL,
    importance INTEGER NOT NULL,
    confirmed INTEGER NOT NULL,
    fact_id TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS context_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    item_id TEXT NOT NULL,
    text TEXT NOT NULL,
    source TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS consent (category TEXT PRIMARY KEY, allowed INTEGER NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS consent_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    category TEXT NOT NULL,
    allowed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS conversations (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    started_at TEXT NOT NULL,
    turns INTEGER NOT NULL DEFAULT 0,
    extracted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS turn_ids (
    turn_id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL,
    seq INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS conversation_keys (key TEXT PRIMARY KEY, conversation_id TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS evidence_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fact_id TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    sent_at TEXT,
    payload TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS evidence_outbox_pending ON evidence_outbox (sent_at, id);
"""


def _open_uri(path: Path, mode: str) -> tuple[sqlite3.Connection, int]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, isolation_level=None, timeout=30.0)
    try:
        conn.row_factory = sqlite3.Row
        return conn, conn.execute("PRAGMA user_version").fetchone()[0]
    except BaseException:
        conn.close()
        raise


def connect_read_only(path: Path) -> sqlite3.Connection:
    """Open ``memory.db`` on a read-only file system (a backup mounted read-only): reads work, every
    write fails with SQLite's "attempt to write a readonly database" (NEWUSER_REPORT16 #4).

    A WAL database needs its ``-shm`` file, which cannot be made there; without a ``-wal`` file holding
    changes (mem checkpoints it when the last connection closes) the file is opened as immutable.
    """
    wal = path.with_name(path.name + "-wal")
    try:
        pending_wal = wal.stat().st_size > 0
    except OSError:
        pending_wal = False
    try:
        try:
            conn, version = _open_uri(path, "mode=ro" if pending_wal else "immutable=1")
        except sqlite3.OperationalError:
            if not pending_wal:
                raise
            # a -wal file but no -shm (copied without it): SQLite cannot make the -shm on a read-only file
            # system, so the file is read as it is, without the changes still in the -wal file
            conn, version = _open_uri(path, "immutable=1")
            warnings.warn(MemWarning(f"{path.name}-wal of customer {path.parent.name!r} holds changes that cannot be "
                                     f"read on a read-only file system without its -shm file: they are not shown "
                                     f"(copy the folder somewhere writable to read them)"), stacklevel=2)
    except sqlite3.OperationalError as exc:
        raise StorageError(f"cannot open customer memory {path} on a read-only file system: {exc}") from exc
    except sqlite3.DatabaseError as exc:
        raise StorageError(damaged_message(path, path.parent.name, exc)) from exc
    if version != SCHEMA_VERSION:
        conn.close()
        raise StorageError(f"{path} is of schema {version} and this mem reads {SCHEMA_VERSION}: it cannot be "
                           "brought up to date on a read-only file system (copy it somewhere writable)")
    return conn


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating if needed) ``memory.db`` in WAL mode with the current schema.

    Autocommit mode: the store opens explicit ``BEGIN IMMEDIATE`` transactions itself, so one
    logical change is always one transaction.
    """
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=30.0)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        # A bulk transaction grows the write-ahead log; give the space back after checkpoints.
        conn.execute("PRAGMA journal_size_limit=16777216")
        conn.execute("PRAGMA foreign_keys=ON")
        # Erased facts must not linger in free pages of the file.
        conn.execute("PRAGMA secure_delete=ON")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            conn.close()
            raise StorageError(
                f"{path} was written by a newer mem (schema {version}, this mem knows {SCHEMA_VERSION})"
            )
        if version < SCHEMA_VERSION:  # every statement is IF NOT EXISTS: upgrading = running it again
            kept = keep_copy(conn, path, version) if version > 0 else None
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                if 0 < version < 3:
                    date_evidence(conn, path.parent / LOGS_DIR)
                if 0 < version < 4:
                    state_facts(conn)
                screened = screen_facts(conn) if version > 0 else {}
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                conn.execute("COMMIT")
                if kept is not None:
                    warnings.warn(MemWarning(upgrade_notice(path, version, kept, screened)), stacklevel=2)
            except BaseException:
                # SQLite rolls a transaction back itself when a write fails for want of space: a second
                # ROLLBACK then failed ("cannot rollback - no transaction is active") and hid the cause
                with suppress(sqlite3.Error):
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                raise
        return conn
    except sqlite3.DatabaseError as exc:
        if is_damage(exc):  # "file is not a database", "database disk image is malformed"
            raise StorageError(damaged_message(path, path.parent.name, exc)) from exc
        # locked, unreadable, a read-only or full file system: not damage
        raise failure(f"cannot open customer memory {path}", path.parent, exc) from exc


#: ``memory.db.schemaN``: the store as it was before this mem upgraded it from schema N (``keep_copy``).
COPY_PREFIX = "memory.db.schema"


def keep_copy(conn: sqlite3.Connection, path: Path, version: int) -> Path:
    """Copy ``memory.db`` of schema ``version`` to ``memory.db.schema<version>`` beside it before it is upgraded:
    an older mem cannot open the upgraded store, and this copy is the way back (docs/upgrading.md). Written
    whole or not at all (a temporary file renamed), with SQLite's backup (what the -wal file holds too).
    A copy already there (an upgrade that failed after it) is kept as it is: it is the older store."""
    copy = path.with_name(f"{COPY_PREFIX}{version}")
    if copy.exists():
        return copy
    partial = copy.with_name(copy.name + ".partial")
    try:
        partial.unlink(missing_ok=True)
        target = sqlite3.connect(partial)
        try:
            conn.backup(target)
        finally:
            target.close()
        with suppress(OSError):
            partial.chmod(0o600)
        partial.replace(copy)
    except (OSError, sqlite3.Error) as exc:  # nothing upgraded yet: the store stays as it was
        with suppress(OSError):
            partial.unlink(missing_ok=True)
        raise failure(f"cannot keep a copy of customer memory {path} before upgrading it from schema {version}",
                      path.parent, exc) from exc
    return copy


def drop_copies(folder: Path) -> None:
    """Delete the pre-upgrade copies of a customer's memory (an erase must leave no copy of what it erased)."""
    for copy in folder.glob(COPY_PREFIX + "*"):
        copy.unlink(missing_ok=True)


def screen_facts(conn: sqlite3.Connection) -> dict[str, int]:
    """The upgrade's screening of stored facts by today's sensitive-category rules (``mem.customers.rescreen``),
    in the upgrade's transaction: category → how many facts it newly marked."""
    from mem.customers.rescreen import screen_records

    return screen_records(conn)


def upgrade_notice(path: Path, version: int, kept: Path, screened: dict[str, int]) -> str:
    """The one line an upgrade says (a ``MemWarning``, printed once by the CLI)."""
    customer = path.parent.name
    line = (f"upgraded the memory of customer {customer!r} from schema {version} to {SCHEMA_VERSION}: an older mem "
            f"cannot open it now; the schema-{version} copy is kept as {kept.name} (going back: docs/upgrading.md)")
    if screened:
        counts = ", ".join(f"{n} {category}" for category, n in sorted(screened.items()))
        line += (f"; facts stored before today's sensitive-category rules now marked sensitive: {counts} "
                 f"(mem consent -c {customer} shows them)")
    return line


_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")  # and their extended codes (SQLITE_CORRUPT_INDEX, …)


def is_damage(exc: BaseException) -> bool:
    """Whether SQLite said the database file itself is damaged (corrupt, or not a database) — not a
    constraint, a misuse, a lock, a full or read-only disk. Decided by SQLite's error name, not the
    exception's class: an ``IntegrityError`` is a ``DatabaseError`` too."""
    name = getattr(exc, "sqlite_errorname", None)
    return isinstance(exc, sqlite3.DatabaseError) and isinstance(name, str) and name.startswith(_DAMAGE)


def damage_in(exc: BaseException) -> sqlite3.DatabaseError | None:
    """The SQLite error saying the database is damaged in ``exc`` or its causes (``StorageError`` wraps it)."""
    seen: BaseException | None = exc
    while seen is not None:
        if is_damage(seen):
            assert isinstance(seen, sqlite3.DatabaseError)
            return seen
        seen = seen.__cause__
    return None


def failure(what: str, folder: Path, exc: BaseException) -> StorageError:
    """``StorageError`` "WHAT: why" for a failed SQLite or index write in ``folder``; the why says the disk is
    full when it is (``mem.core.fsio.full_disk``), not "disk I/O error" or a rollback of nothing."""
    return StorageError(f"{what}: {full_disk(folder, str(exc)) or exc}")


def damaged_message(path: Path, customer_id: str, exc: BaseException) -> str:
    """The one line for a ``memory.db`` SQLite finds damaged: what it is, and the two ways out."""
    return (f"customer memory {path} is damaged ({exc}): restore it from a backup (mem restore -c {customer_id} "
            f"--overwrite), or delete all of it (mem forget -c {customer_id})")


def date_evidence(conn: sqlite3.Connection, logs: Path) -> int:
    """Give evidence written before schema 3 the day its turn was said, read from the request log.

    Evidence whose turn is not in the log (never logged, or a damaged file) stays undated. Only the
    current records change; history snapshots keep what was stored then. Returns the facts updated.
    """
    counts = {row[0]: row[1] for row in conn.execute("SELECT id, turns FROM conversations")}
    days: dict[str, dict[str, str]] = {}
    updates: list[tuple[str, str]] = []
    for fact_id, data in conn.execute("SELECT id, data FROM facts").fetchall():
        record = json.loads(data)
        changed = False
        for evidence in record.get("evidence") or []:
            if evidence.get("said_on"):
                continue
            day = _turn_days(days, counts, logs, evidence.get("log_id")).get(evidence.get("turn"))
            if day:
                evidence["said_on"] = day
                changed = True
        if changed:
            updates.append((_encode(record), fact_id))
    conn.executemany("UPDATE facts SET data = ? WHERE id = ?", updates)
    return len(updates)


def state_facts(conn: sqlite3.Connection) -> int:
    """Give every current record written before schema 4 its statement; returns how many changed.

    History snapshots keep what was stored then (a record without a statement reads as empty).
    """
    updates: list[tuple[str, str]] = []
    for fact_id, data in conn.execute("SELECT id, data FROM facts").fetchall():
        record = json.loads(data)
        if record.get("statement"):
            continue
        try:
            record["statement"] = statement_of(Fact.from_dict(record))
        except MemError:  # a record that no longer validates is left as it was, never the store unopenable
            continue
        updates.append((_encode(record), fact_id))
    conn.executemany("UPDATE facts SET data = ? WHERE id = ?", updates)
    return len(updates)


def _turn_days(days: dict[str, dict[str, str]], counts: dict[str, int], logs: Path, log_id: Any) -> dict[str, str]:
    """Turn id → ISO day of one conversation's log, read once."""
    if not isinstance(log_id, str) or log_id not in counts:
        return {}
    if log_id not in days:
        try:
            turns = log_files.read_turns(logs / f"{log_id}.jsonl", counts[log_id])
        except (MemError, OSError):  # a damaged log leaves its evidence undated, never the store unopenable
            turns = []
        days[log_id] = {turn.id: turn.time.date().isoformat() for turn in turns}
    return days[log_id]


# the stored record's encoding (``mem.customers.fact_rows.record_json``)
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def get_meta(conn: sqlite3.Connection, key: str, default: str | None = None) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else default


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                 (key, value))
