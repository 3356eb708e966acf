"""One customer's whole memory as bytes, and back: what the encrypted backup (V) carries.

``export_customer`` writes gzip-compressed JSON (format ``mem-customer-memory/1``): facts, their
full history, customer context and its log, consent and its log, the evidence outbox, and — unless
left out — the request logs. ``import_customer`` validates all of it, builds a complete new store
beside the live one (index included), and swaps it in with two renames under the customer's lock;
a crash at any point leaves either the old or the new memory (see ``store.recover_swap``).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path
from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput, StorageError
from mem.core.fsio import fsync_dir
from mem.core.ids import new_id, validate_customer_id
from mem.customers import requestlog
from mem.customers.consent import CATEGORIES
from mem.customers.fact import Fact
from mem.customers.lock import CustomerLock
from mem.customers.store import (
    COMPLETE_MARKER,
    DEFAULT_LOCK_TIMEOUT,
    LOCKS_DIR,
    RESTORE_PREFIX,
    TRASH_PREFIX,
    CustomerStore,
    customers_root,
    record_json,
    recover_swap,
)

FORMAT = "mem-customer-memory/1"


def export_customer(
    home: Path, customer_id: str, *, include_logs: bool = True, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> bytes:
    """The memory of one customer as bytes (``NotFound`` if there is none on this client)."""
    with CustomerStore.open(home, customer_id, create=False, lock_timeout=lock_timeout) as store:
        conn = store._conn
        data: dict[str, Any] = {
            "format": FORMAT,
            "customer_id": store.customer_id,
            "exported_at": clock.isoformat(clock.now()),
            # Full records (``Fact.to_dict``), not the compact stored form: the export is a documented format.
            "facts": [_full(row[0]) for row in conn.execute("SELECT data FROM facts ORDER BY id")],
            "history": [
                {**dict(row), "snapshot": _full(row["snapshot"]) if row["snapshot"] else None}
                for row in conn.execute("SELECT fact_id, at, action, actor, reason, snapshot FROM fact_history "
                                        "ORDER BY seq")
            ],
            "context": [item.to_dict() for item in store.context_items(include_unconfirmed=True)],
            "context_log": [
                dict(row) for row in conn.execute(
                    "SELECT at, action, item_id, text, source, reason FROM context_log ORDER BY seq")
            ],
            "consent": {"allowed": sorted(store.consent().allowed), "share": store.consent().share},
            "consent_log": [dict(row) for row in conn.execute(
                "SELECT at, category, allowed FROM consent_log ORDER BY seq")],
            "evidence_outbox": [dict(row) for row in conn.execute(
                "SELECT fact_id, queued_at, sent_at, payload FROM evidence_outbox ORDER BY id")],
            "conversations": [c.to_dict() for c in store.conversations()] if include_logs else None,
        }
    return gzip.compress(json.dumps(data, ensure_ascii=False).encode("utf-8"))


def _full(stored: str) -> dict[str, Any]:
    return Fact.from_dict(json.loads(stored)).to_dict()


def read_export(data: bytes) -> dict[str, Any]:
    """Decode and validate exported bytes; ``InvalidInput`` says what is wrong."""
    try:
        payload = json.loads(gzip.decompress(data).decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as exc:
        raise InvalidInput(f"not an exported customer memory: {exc}") from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise InvalidInput(f"not an exported customer memory (expected format {FORMAT})")
    validate_customer_id(payload.get("customer_id", ""))
    for record in payload.get("facts") or []:
        Fact.from_dict(record)
    for row in payload.get("history") or []:
        if not isinstance(row, dict) or not isinstance(row.get("fact_id"), str):
            raise InvalidInput("exported history row without a fact id")
        if row.get("snapshot") is not None:
            Fact.from_dict(row["snapshot"])
    consent = payload.get("consent") or {}
    if any(c not in CATEGORIES for c in consent.get("allowed", [])):
        raise InvalidInput("exported consent names an unknown category")
    return payload


def import_customer(
    home: Path, customer_id: str, data: bytes, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
) -> dict[str, int]:
    """Replace the memory of ``customer_id`` with exported ``data``, atomically.

    Refuses bytes exported for another customer. Returns counts of what was restored.
    """
    customer_id = validate_customer_id(customer_id)
    payload = read_export(data)
    if payload["customer_id"] != customer_id:
        raise InvalidInput(
            f"this memory belongs to customer {payload['customer_id']!r}, not {customer_id!r}"
        )
    root = customers_root(home)
    lock = CustomerLock(root / LOCKS_DIR / f"{customer_id}.lock", customer_id, timeout=lock_timeout)
    try:
        recover_swap(root, customer_id)
        staging = root / f"{RESTORE_PREFIX}{customer_id}-{new_id()}"
        try:
            counts = _build(staging, customer_id, payload)
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


def _build(folder: Path, customer_id: str, payload: dict[str, Any]) -> dict[str, int]:
    store = CustomerStore(folder, customer_id, lock=None)
    try:
        conn = store._conn
        facts = [Fact.from_dict(record) for record in payload.get("facts") or []]
        conversations = payload.get("conversations") or []
        with store.transaction():
            for fact in facts:
                when = fact.when
                conn.execute(
                    "INSERT INTO facts (id, kind, status, day, data) VALUES (?, ?, ?, ?, ?)",
                    (fact.id, fact.kind, fact.status, when.toordinal() if when else 0, record_json(fact)),
                )
                conn.executemany("INSERT OR IGNORE INTO fact_policy (fact_id, page, version) VALUES (?, ?, ?)",
                                 [(fact.id, ref.page, ref.version) for ref in fact.policy_refs])
            conn.executemany(
                "INSERT INTO fact_history (fact_id, at, action, actor, reason, snapshot) VALUES (?, ?, ?, ?, ?, ?)",
                [(row["fact_id"], row["at"], row["action"], row["actor"], row.get("reason", ""),
                  record_json(Fact.from_dict(row["snapshot"])) if row.get("snapshot") else None)
                 for row in payload.get("history") or []],
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
            conn.executemany(
                "INSERT INTO evidence_outbox (fact_id, queued_at, sent_at, payload) VALUES (?, ?, ?, ?)",
                [(r["fact_id"], r["queued_at"], r.get("sent_at"), r["payload"])
                 for r in payload.get("evidence_outbox") or []],
            )
            turns_total = 0
            for conversation in conversations:
                turns = [requestlog.Turn.from_dict(t) for t in conversation["turns"]]
                requestlog.append_lines(store._log_path(conversation["id"]), turns)
                conn.execute(
                    "INSERT INTO conversations (id, session, started_at, turns, extracted) VALUES (?, ?, ?, ?, ?)",
                    (conversation["id"], conversation["session"], conversation["started_at"], len(turns),
                     int(conversation.get("extracted", 0))),
                )
                conn.executemany("INSERT INTO turn_ids (turn_id, conversation_id, seq) VALUES (?, ?, ?)",
                                 [(t.id, conversation["id"], t.seq) for t in turns])
                turns_total += len(turns)
        store.reindex()
        return {"facts": len(facts), "context_items": len(payload.get("context") or []),
                "conversations": len(conversations), "turns": turns_total}
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput(f"exported customer memory is malformed: {exc}") from exc
    finally:
        store.close()
