"""One customer's whole memory as bytes, and back: what the encrypted backup (V) carries.

``export_customer`` writes gzip-compressed JSON (format ``mem-customer-memory/2``): facts, their
full history, customer context and its log, consent and its log, the evidence outbox, the ids of erased
decisions still to be withdrawn from shared know-how, the tombstones of erased turns (keyed hashes), and — unless
left out — the request logs. ``import_customer`` validates all of it, builds a complete new store
beside the live one (index included), and swaps it in with two renames under the customer's lock;
a crash at any point leaves either the old or the new memory (see ``store.recover_swap``).

Both stay fast at 100k facts by never building a ``Fact`` they do not need: the export expands the
stored compact JSON straight into full records and encodes each once (a history snapshot equal to
its fact's current record reuses the text); the import checks every record with ``Fact.from_dict``
once (an identical snapshot shares its fact's check), inserts the tables with ``executemany`` in
one transaction, and builds the index from the parsed facts with one writer and one commit.
"""

from __future__ import annotations

import gc
import gzip
import json
import os
import shutil
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput, StorageError
from mem.core.fsio import PathArg, fsync_dir
from mem.core.ids import new_id, validate_customer_id
from mem.core.json_types import JsonObject
from mem.customers import erased_turns, log_files
from mem.customers.consent import CATEGORIES
from mem.customers.erase import WITHDRAW_KEY, erase_facts, erased_decisions
from mem.customers.erase_ledger import erased_facts
from mem.customers.fact_record import Fact
from mem.customers.lock import CustomerLock
from mem.customers.statements import statement_of
from mem.customers.store import (
    COMPLETE_MARKER,
    DEFAULT_LOCK_TIMEOUT,
    LOCKS_DIR,
    RESTORE_PREFIX,
    TRASH_PREFIX,
    CustomerStore,
    compact_record,
    customers_root,
    expand_record,
    recover_swap,
    refuse_case_twin,
)

# /2 (fifteenth round): the same fields as /1 plus what an erase leaves — erased_decisions, erased_turns,
# conversation_keys. An older mem, which reads only /1, dropped them without a word and an erased fact came
# back after a restore there; with /2 it refuses the file in one line instead. /1 files are still read
# (without those fields, as before).
FORMAT = "mem-customer-memory/2"
READABLE = ("mem-customer-memory/1", FORMAT)
_FAMILY = "mem-customer-memory/"
GZIP_LEVEL = 6


def export_customer(
    home: PathArg, customer_id: str, *, include_logs: bool = True, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> bytes:
    """The memory of one customer as bytes (``NotFound`` if there is none on this client)."""
    with _no_cycle_collection(), CustomerStore.open(home, customer_id, create=False,
                                                     lock_timeout=lock_timeout) as store:
        conn = store.conn
        # Full records (``Fact.to_dict`` form), not the compact stored form: the export is a documented
        # format. Each is expanded straight from the stored JSON (no ``Fact`` object) and encoded once;
        # a history snapshot equal to the fact's current record (most of them) reuses that text.
        facts: dict[str, str] = {}
        for fact_id, stored in conn.execute("SELECT id, data FROM facts ORDER BY id"):
            facts[fact_id] = _encode(expand_record(json.loads(stored)))
        history = []
        for fact_id, head, same, snapshot in conn.execute(
                "SELECT h.fact_id, json_object('fact_id', h.fact_id, 'at', h.at, 'action', h.action, "
                "'actor', h.actor, 'reason', h.reason), h.snapshot = f.data, "
                "CASE WHEN h.snapshot = f.data THEN NULL ELSE h.snapshot END "
                "FROM fact_history AS h LEFT JOIN facts AS f ON f.id = h.fact_id ORDER BY h.seq"):
            if same:
                snapshot = facts[fact_id]
            elif snapshot is not None:
                snapshot = _encode(expand_record(json.loads(snapshot)))
            history.append(f'{head[:-1]},"snapshot":{snapshot or "null"}}}')
        consent = store.consent.current()
        data: dict[str, Any] = {
            "format": FORMAT,
            "customer_id": store.customer_id,
            "exported_at": clock.isoformat(clock.now()),
            "facts": _RAW_FACTS,
            "history": _RAW_HISTORY,
            "context": [item.to_dict() for item in store.context.items(include_unconfirmed=True)],
            "context_log": [
                dict(row) for row in conn.execute(
                    "SELECT at, action, item_id, text, source, reason FROM context_log ORDER BY seq")
            ],
            "consent": {"allowed": sorted(consent.allowed), "share": consent.share},
            "consent_log": [dict(row) for row in conn.execute(
                "SELECT at, category, allowed FROM consent_log ORDER BY seq")],
            "evidence_outbox": [dict(row) for row in conn.execute(
                "SELECT fact_id, queued_at, sent_at, payload FROM evidence_outbox ORDER BY id")],
            "conversations": [c.to_dict() for c in store.log.conversations()] if include_logs else None,
            # Ids only: an erased decision the know-how server has not withdrawn yet must still be
            # withdrawn after a restore on another device, or the shared copy would outlive the erase.
            "erased_decisions": erased_decisions(store),
            # Keyed hashes only, never the words: a re-import of an export after a restore must not
            # bring an erased turn back (mem.customers.erased_turns).
            "erased_turns": _erased_turns(conn),
            "conversation_keys": dict(conn.execute("SELECT key, conversation_id FROM conversation_keys").fetchall())
            if include_logs else None,
        }
    # The two big arrays are spliced in as text (one ``dumps`` of everything would encode each shared
    # snapshot twice). The placeholders' first occurrences are theirs: only our own values come before.
    small = _encode(data)
    at_facts = small.index(_encode(_RAW_FACTS))
    at_history = small.index(_encode(_RAW_HISTORY))
    text = "".join((
        small[:at_facts], "[", ",".join(facts.values()), "]",
        small[at_facts + len(_encode(_RAW_FACTS)):at_history], "[", ",".join(history), "]",
        small[at_history + len(_encode(_RAW_HISTORY)):],
    ))
    # Level 6, not gzip's default 9: at 100k facts 0.6 s instead of 2.1 s, for a ~15% larger file.
    return gzip.compress(text.encode("utf-8"), compresslevel=GZIP_LEVEL)


_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_RAW_FACTS = "\x00facts\x00"
_RAW_HISTORY = "\x00history\x00"


@dataclass
class _Memory:
    """A validated export, with the rows of the fact tables ready to insert."""

    payload: dict[str, Any]
    facts: list[Fact]
    fact_rows: list[tuple[str, str, str, int, str]]
    policy_rows: list[tuple[str, str, int]]
    history_rows: list[tuple[str, str, str, str, str, str | None]]


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector: decoding or building 100k records creates millions of
    containers, and each full collection walks all of them again (2× slower decode). Nothing made
    here forms cycles; reference counting still frees memory as usual."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _decode(data: bytes) -> dict[str, Any]:
    try:
        payload = json.loads(gzip.decompress(data).decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as exc:
        raise InvalidInput(f"not an exported customer memory: {exc}") from exc
    fmt = payload.get("format") if isinstance(payload, dict) else None
    if isinstance(fmt, str) and fmt.startswith(_FAMILY) and fmt not in READABLE:
        raise InvalidInput(f"this customer memory was made by a newer mem (format {fmt}; this mem reads "
                           f"{' and '.join(READABLE)}): upgrade mem to restore it")
    if fmt not in READABLE:
        raise InvalidInput(f"not an exported customer memory (expected format {FORMAT})")
    validate_customer_id(payload.get("customer_id", ""))
    return payload


def _erased_turns(conn: sqlite3.Connection) -> JsonObject | None:
    """The customer's tombstones of erased turns in their stored form, or None before the first erase."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (erased_turns.META_KEY,)).fetchone()
    return json.loads(row[0]) if row else None


def _validated(payload: dict[str, Any]) -> _Memory:
    """Every fact and snapshot checked by ``Fact.from_dict``, once: a snapshot equal to its fact's
    exported record (most of them) shares the fact's check and stored form."""
    memory = _Memory(payload, [], [], [], [])
    current: dict[str, tuple[dict[str, Any], str]] = {}
    try:
        for record in payload.get("facts") or []:
            fact = Fact.from_dict(record)
            if fact.id in current:
                raise InvalidInput(f"exported memory holds fact {fact.id} twice")
            exported = record
            if not fact.statement:  # exported before facts had statements: built as a schema upgrade would
                fact = fact.replace(statement=statement_of(fact))
                record = {**record, "statement": fact.statement}
            stored = compact_record(record)
            current[fact.id] = (exported, stored)
            when = fact.when
            memory.facts.append(fact)
            memory.fact_rows.append((fact.id, fact.kind, fact.status, when.toordinal() if when else 0, stored))
            memory.policy_rows.extend((fact.id, ref.page, ref.version) for ref in fact.policy_refs)
        for row in payload.get("history") or []:
            if not isinstance(row, dict) or not isinstance(row.get("fact_id"), str):
                raise InvalidInput("exported history row without a fact id")
            snapshot = row.get("snapshot")
            if snapshot is not None:
                same = current.get(row["fact_id"])
                if same is not None and same[0] == snapshot:
                    snapshot = same[1]
                else:
                    Fact.from_dict(snapshot)
                    snapshot = compact_record(snapshot)
            at, action, actor, reason = row["at"], row["action"], row["actor"], row.get("reason", "")
            if not (isinstance(at, str) and isinstance(action, str) and isinstance(actor, str)
                    and isinstance(reason, str)):
                raise InvalidInput(f"exported history row of fact {row['fact_id']} has a field that is not text")
            memory.history_rows.append((row["fact_id"], at, action, actor, reason, snapshot))
    except (KeyError, TypeError, AttributeError) as exc:
        raise InvalidInput(f"exported customer memory is malformed: {exc!r}") from exc
    consent = payload.get("consent") or {}
    if any(c not in CATEGORIES for c in consent.get("allowed", [])):
        raise InvalidInput("exported consent names an unknown category")
    erased = payload.get("erased_decisions") or []
    if not isinstance(erased, list) or not all(isinstance(i, str) for i in erased):
        raise InvalidInput("exported erased_decisions is not a list of fact ids")
    if payload.get("erased_turns") is not None:
        erased_turns.from_json(payload["erased_turns"])
    keys = payload.get("conversation_keys") or {}
    if not isinstance(keys, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in keys.items()):
        raise InvalidInput("exported conversation_keys is not a map of keys to conversation ids")
    return memory


def import_customer(
    home: PathArg, customer_id: str, data: bytes, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> dict[str, int]:
    """Replace the memory of ``customer_id`` with exported ``data``, atomically.

    Refuses bytes exported for another customer. Returns counts of what was restored; ``erased_again``
    (only when there were any) counts the facts this client erased (``mem facts erase``) after ``data``
    was exported, erased again before the new memory is swapped in (``mem.customers.erase_ledger``).
    """
    customer_id = validate_customer_id(customer_id)
    with _no_cycle_collection():
        payload = _decode(data)
        if payload["customer_id"] != customer_id:
            raise InvalidInput(
                f"this memory belongs to customer {payload['customer_id']!r}, not {customer_id!r}"
            )
        memory = _validated(payload)
        return _replace(Path(home), customer_id, memory, lock_timeout=lock_timeout)


def _replace(home: Path, customer_id: str, memory: _Memory, *, lock_timeout: float) -> dict[str, int]:
    root = customers_root(home)
    lock = CustomerLock(root / LOCKS_DIR / f"{customer_id}.lock", customer_id, timeout=lock_timeout)
    try:
        recover_swap(root, customer_id)
        refuse_case_twin(root, customer_id)  # "DANA" restored over dana's memory on macOS and Windows
        staging = root / f"{RESTORE_PREFIX}{customer_id}-{new_id()}"
        try:
            counts = _build(staging, customer_id, memory, erase_again=erased_facts(home, customer_id))
            (staging / COMPLETE_MARKER).write_text("complete\n")
            fsync_dir(staging)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        live = root / customer_id
        trash = root / f"{TRASH_PREFIX}{customer_id}-{new_id()}"
        try:
            if live.exists():
                os.replace(live, trash)
            os.replace(staging, live)
            (live / COMPLETE_MARKER).unlink(missing_ok=True)
            fsync_dir(root)
        except OSError as exc:
            raise StorageError(f"cannot swap in the restored memory of {customer_id!r}: {exc.strerror}") from exc
        shutil.rmtree(trash, ignore_errors=True)
        return counts
    finally:
        lock.release()


def _build(folder: Path, customer_id: str, memory: _Memory, *,
           erase_again: Mapping[str, str] | None = None) -> dict[str, int]:
    """A complete store in ``folder``: all tables in one transaction, then the index in one commit.
    Facts named in ``erase_again`` (erased on this client after the export was made) are then erased again,
    before the folder is swapped in: a crash never leaves them readable."""
    payload = memory.payload
    store = CustomerStore(folder, customer_id, lock=None)
    try:
        conn = store.conn
        # 64 MiB of page cache for this one bulk load (default 2 MiB): the facts' secondary indexes
        # then stay in memory while 100k rows go in — a third less time. Closed with the store.
        conn.execute("PRAGMA cache_size=-65536")
        conversations = payload.get("conversations") or []
        with store.transaction():
            conn.executemany("INSERT INTO facts (id, kind, status, day, data) VALUES (?, ?, ?, ?, ?)",
                             memory.fact_rows)
            conn.executemany("INSERT OR IGNORE INTO fact_policy (fact_id, page, version) VALUES (?, ?, ?)",
                             memory.policy_rows)
            conn.executemany(
                "INSERT INTO fact_history (fact_id, at, action, actor, reason, snapshot) VALUES (?, ?, ?, ?, ?, ?)",
                memory.history_rows,
            )
            for item in payload.get("context") or []:
                conn.execute(
                    "INSERT INTO context_items (id, key, text, source, importance, confirmed, fact_id, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (item["id"], item.get("key"), item["text"], item["source"], int(item["importance"]),
                     int(bool(item["confirmed"])), item.get("fact_id"), item["created_at"]),
                )
            conn.executemany(
                "INSERT INTO context_log (at, action, item_id, text, source, reason) VALUES (?, ?, ?, ?, ?, ?)",
                [(r["at"], r["action"], r["item_id"], r["text"], r["source"], r.get("reason", ""))
                 for r in payload.get("context_log") or []],
            )
            consent = payload.get("consent") or {}
            at = clock.isoformat(clock.now())
            conn.executemany("INSERT INTO consent (category, allowed, at) VALUES (?, 1, ?)",
                             [(c, at) for c in consent.get("allowed", [])])
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('share', ?)",
                         ("on" if consent.get("share") else "off",))
            conn.executemany("INSERT INTO consent_log (at, category, allowed) VALUES (?, ?, ?)",
                             [(r["at"], r["category"], int(r["allowed"])) for r in payload.get("consent_log") or []])
            erased = payload.get("erased_decisions") or []
            if erased:
                conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             (WITHDRAW_KEY, json.dumps(erased)))
            if payload.get("erased_turns") is not None:
                conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             (erased_turns.META_KEY, json.dumps(payload["erased_turns"])))
            conn.executemany("INSERT INTO conversation_keys (key, conversation_id) VALUES (?, ?)",
                             list((payload.get("conversation_keys") or {}).items()))
            conn.executemany(
                "INSERT INTO evidence_outbox (fact_id, queued_at, sent_at, payload) VALUES (?, ?, ?, ?)",
                [(r["fact_id"], r["queued_at"], r.get("sent_at"), r["payload"])
                 for r in payload.get("evidence_outbox") or []],
            )
            turns_total = 0
            for conversation in conversations:
                turns = [log_files.Turn.from_dict(t) for t in conversation["turns"]]
                log_files.append_lines(store.log.path(conversation["id"]), turns)
                conn.execute(
                    "INSERT INTO conversations (id, session, started_at, turns, extracted) VALUES (?, ?, ?, ?, ?)",
                    (conversation["id"], conversation["session"], conversation["started_at"], len(turns),
                     int(conversation.get("extracted", 0))),
                )
                conn.executemany("INSERT INTO turn_ids (turn_id, conversation_id, seq) VALUES (?, ?, ?)",
                                 [(t.id, conversation["id"], t.seq) for t in turns])
                turns_total += len(turns)
        # No index_ops rows were written: the index is built here, from the facts already parsed.
        store.facts.search_index.index(check=False).rebuild(memory.facts)
        again = [fact.id for fact in memory.facts if erase_again and fact.id in erase_again]
        erased_again = erase_facts(store, again) if again else []
        if erased_again and erase_again:
            with store.transaction():  # the tombstone keeps the day of the customer's erase, not of this restore
                conn.executemany("UPDATE fact_history SET at = ? WHERE fact_id = ? AND action = 'erased'",
                                 [(erase_again[i], i) for i in erased_again if i in erase_again])
        counts = {"facts": len(memory.facts) - len(erased_again), "context_items": len(payload.get("context") or []),
                  "conversations": len(conversations), "turns": turns_total}
        if erased_again:
            counts["erased_again"] = len(erased_again)
        return counts
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput(f"exported customer memory is malformed: {exc}") from exc
    finally:
        store.close()
