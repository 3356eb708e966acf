"""The customer's rights over what never became a fact, or over everything: forget turns, delete it all.

``mem facts erase`` forgets one fact. What a customer said that made no fact — a health message
dropped for lack of consent, small talk, a conversation as a whole — had no way out of the request
log, nor had a whole memory (NEWUSER_REPORT15 #5). Here:

- ``forget_turns``: some turns of a conversation, or all of it. Every fact quoting one of those turns
  is erased as ``mem facts erase`` erases it (so its restatements go too), then each turn's text
  (and a customer turn's speaker name) becomes ``[erased]``; the turn keeps its place, time, role
  and id, and a tombstone (``erased_turns``) so no import brings it back.
- ``delete_customer``: the customer's whole folder (memory.db, logs, index), removed under the
  customer's lock: renamed to ``.deleted-<id>-…`` first, so a crash half-way leaves a folder that
  the next open of that customer removes, never half a memory.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.errors import InvalidInput, NotFound, StorageError
from mem.core.fsio import PathArg
from mem.core.ids import new_id, validate_customer_id
from mem.core.json_types import JsonObject
from mem.customers._layout import (
    DB_FILE,
    DELETED_PREFIX,
    LOCKS_DIR,
    REDACTED,
    customers_root,
    has_remains,
    mark_forgotten,
    recover_swap,
    refuse_case_twin,
    restorable,
    unmark_forgotten,
)
from mem.customers.db import damage_in
from mem.customers.erase import erase_facts, purge_traces
from mem.customers.fact_record import Fact
from mem.customers.lock import CustomerLock

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


def forget_turns(store: CustomerStore, conversation_id: str, turns: Iterable[int] | None = None) -> JsonObject:
    """Forget turns of one conversation (``turns``: their 1-based positions; None: the whole
    conversation). Returns ``{conversation, turns, erased_facts}``; ``NotFound`` for an unknown
    conversation, ``InvalidInput`` for a position it does not have (and then nothing changes)."""
    row = store.log.row(conversation_id)
    if row is None:
        raise NotFound(f"no conversation {conversation_id} for customer {store.customer_id!r}")
    count = int(row["turns"])
    positions = sorted(set(turns)) if turns is not None else list(range(1, count + 1))
    bad = [n for n in positions if not 1 <= n <= count]
    if bad:
        raise InvalidInput(f"conversation {conversation_id} has turns 1–{count}, not {bad[0]}")
    ids = _turn_ids(store, conversation_id, positions)
    facts = _facts_quoting(store, conversation_id, ids)

    def blank(_conversation: str, record: JsonObject, text: str) -> str:
        if str(record.get("id")) not in ids:
            return text
        if record.get("role") == "customer" and record.get("speaker"):
            record["speaker"] = None  # the customer's name, as the export wrote it
        return REDACTED

    with store.transaction():
        erased = erase_facts(store, facts, purge=False) if facts else []
        store.log.edit_turns(blank, [conversation_id])
        if len(ids) == count:  # the import's label of it (a thread's subject, say) goes too; tombstones still
            # tie a re-import's lines to this conversation
            store.conn.execute("DELETE FROM conversation_keys WHERE conversation_id = ?", (conversation_id,))
    purge_traces(store)  # the index's context field read the neighbouring turns; the WAL held the text
    return {"conversation": conversation_id, "turns": len(ids), "erased_facts": erased}


def _turn_ids(store: CustomerStore, conversation_id: str, positions: list[int]) -> set[str]:
    """The ids of the records at these 1-based positions (read as JSON: a damaged record counts too)."""
    wanted, ids = set(positions), set()
    path = store.log.path(conversation_id)
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for number, line in enumerate(fh, start=1):
                if number in wanted:
                    try:
                        ids.add(str(json.loads(line).get("id")))
                    except (ValueError, AttributeError):
                        continue
    except OSError as exc:
        raise StorageError(f"the request log {path.name} cannot be read: {exc.strerror}") from exc
    return ids


def _facts_quoting(store: CustomerStore, conversation_id: str, turn_ids: set[str]) -> list[str]:
    """Facts (not traits: erase drops a trait's copied quote, and the trait when no support is left)
    with evidence in one of these turns."""
    rows = store.conn.execute("SELECT data FROM facts WHERE kind != 'trait' AND instr(data, ?) > 0",
                              (conversation_id,)).fetchall()
    found = []
    for row in rows:
        fact = Fact.from_dict(json.loads(row[0]))
        if any(e.log_id == conversation_id and e.turn in turn_ids for e in fact.evidence):
            found.append(fact.id)
    return found


def evidence_held_by_service(home: Path, customer_id: str) -> int | None:
    """How many agreement-evidence records of the customer the service took (``mem evidence push``): they stay on
    the service after ``mem forget`` — its own record of agreements it is party to, kept for legal claims — and
    only its operator deletes them (``mem evidence purge``). ``None`` when the memory cannot be read."""
    from mem.customers.store import CustomerStore

    try:
        with CustomerStore.open(home, validate_customer_id(customer_id), create=False) as store:
            return len(store.outbox.sent())
    except (NotFound, StorageError, sqlite3.DatabaseError):
        return None


def left_on_server(home: Path, customer_id: str, pending: int) -> JsonObject:
    """What a deletion that skips the server (``mem forget --local-only``) leaves there, read before the folder
    goes: the shared decisions still to withdraw (after the deletion no command of this client can name them)
    and the newest backup this client made and has not seen restored or deleted (a ``mem restore`` on any
    device logged in to the account brings the memory back until it expires). A backup made from another
    device is not known here (new-user report 27 #6)."""
    from mem.customers.erase_ledger import backup_entry

    backup = backup_entry(home, customer_id)
    return {"shared_decisions": pending,
            "backup": None if backup is None else {"backup_id": backup.get("backup_id"),
                                                   "expires_at": backup.get("expires_at"),
                                                   "include_logs": bool(backup.get("include_logs"))}}


def stop_sharing(home: Path, customer_id: str) -> tuple[int, str | None]:
    """Before a deletion: turn the customer's sharing off (which queues the withdrawal of every decision
    they shared) and count the withdrawals waiting. Returns ``(pending, None)``.

    A memory that cannot be read — ``memory.db`` lost or damaged, a folder holding only the request log —
    returns ``(0, why)`` instead of failing: the deletion must still be possible (NEWUSER_REPORT16 #2),
    and what it shared cannot be known from here. ``NotFound`` when the customer has no folder at all;
    a lock held too long (``LockTimeout``) propagates."""
    from mem.customers.erase import erased_decisions
    from mem.customers.store import CustomerStore

    customer_id = validate_customer_id(customer_id)
    live = customers_root(home) / customer_id
    if not live.is_dir():
        raise NotFound(f"no memory for customer {customer_id!r} on this client")
    # before the early return below: on macOS or Windows customers/ACME *is* customers/acme
    refuse_case_twin(customers_root(home), customer_id)
    if not (live / DB_FILE).is_file():
        return 0, f"{live / DB_FILE} is missing"
    try:
        with CustomerStore.open(home, customer_id, create=False) as store:
            store.consent.set(share=False)
            return len(erased_decisions(store)), None
    except NotFound:
        return 0, f"{live / DB_FILE} is missing"
    except (StorageError, sqlite3.DatabaseError) as exc:  # a read outside a transaction raises SQLite's own
        cause = damage_in(exc)
        if cause is None:
            if isinstance(exc, StorageError):
                raise  # not damage (a read-only file system, a full disk): the deletion would fail the same way
            raise StorageError(f"cannot read the memory of {customer_id!r}: {exc}") from exc
        return 0, f"{live / DB_FILE} is damaged: {cause}"
    except ValueError as exc:  # a record that no longer parses (a garbled page SQLite still reads)
        return 0, f"{live / DB_FILE} is damaged: {exc}"


def remains_only(home: Path, customer_id: str) -> bool:
    """Whether all this client holds of ``customer_id`` is what an interrupted restore or first import left and
    ``settle_remains`` would erase: no live folder, and no complete restore or swapped-out store to put in place.
    ``mem forget`` reaches the server first and erases them last, so a retry after a failed server step finds them
    again and gets as far as the server's backups (it said "no memory" once they were gone)."""
    customer_id = validate_customer_id(customer_id)
    return has_remains(home, customer_id) and not restorable(customers_root(home), customer_id)


def settle_remains(home: Path, customer_id: str, *, lock_timeout: float = 15.0) -> bool:
    """Before a deletion: finish or remove what an interrupted restore or first import of ``customer_id`` left
    (``recover_swap``, under the customer's lock). A complete restore is moved into place, so the deletion that
    follows takes it; an incomplete one — the customer's words, decrypted — is removed. Returns whether remains were
    found and no memory of the customer is left here: the erasure is then done on this client, and "no memory" would
    tell the operator carrying it out that there was nothing to erase (new-user report 25B #2). The erasure is then
    recorded as ``delete_customer`` records it (``mark_forgotten``): a conversation or command that began before it
    and writes later is refused, and does not start the customer again with the words it still holds."""
    customer_id = validate_customer_id(customer_id)
    root = customers_root(home)
    if not has_remains(home, customer_id):
        return False
    lock_path = root / LOCKS_DIR / f"{customer_id}.lock"
    lock = CustomerLock(lock_path, customer_id, timeout=lock_timeout)
    only_remains = False
    try:
        recover_swap(root, customer_id)
        erased = not (root / customer_id).is_dir()
        if erased:  # an erasure as ``delete_customer``'s: a command begun before it must not write them back
            try:
                mark_forgotten(root, customer_id)
            except OSError as exc:
                raise StorageError(f"cannot delete the memory of {customer_id!r}: {exc.strerror}") from exc
        only_remains = erased
    finally:
        lock.release(remove=only_remains)  # the lock and wait files go while it is held (``CustomerLock.release``)
    return only_remains


def delete_customer(home: PathArg, customer_id: str, *, lock_timeout: float = 15.0) -> JsonObject:
    """Delete all of one customer's memory on this client (``NotFound`` when it holds none).

    The folder is renamed aside under the customer's lock, then removed; the lock file goes last, while still held. The
    time of the deletion is kept a day under ``customers/.forgotten/`` (named by a digest of the id keyed
    with this home's random key), so a
    command or conversation that began before it and writes later is refused (``CustomerForgotten``)
    instead of storing the customer again (NEWUSER_REPORT16 #1).
    What this client sent elsewhere — a backup on the server, shared anonymised decisions — is the
    caller's to reach first (``mem forget`` does both)."""
    customer_id = validate_customer_id(customer_id)
    root = customers_root(Path(home))
    live = root / customer_id
    lock_path = root / LOCKS_DIR / f"{customer_id}.lock"
    if not live.is_dir():  # a folder without memory.db (lost, or never written) still holds the request log
        raise NotFound(f"no memory for customer {customer_id!r} on this client")
    lock = CustomerLock(lock_path, customer_id, timeout=lock_timeout)
    deleted = False
    try:
        recover_swap(root, customer_id)
        refuse_case_twin(root, customer_id)  # customers/ACME is customers/acme on a case-insensitive file system
        try:  # first: a command that began before now and opens the customer later must not write it back
            previous = mark_forgotten(root, customer_id)
        except OSError as exc:
            raise StorageError(f"cannot delete the memory of {customer_id!r}: {exc.strerror}") from exc
        aside = root / f"{DELETED_PREFIX}{customer_id}-{new_id()}"
        try:
            os.replace(live, aside)
        except OSError as exc:
            unmark_forgotten(root, customer_id, previous)  # nothing was deleted: running commands go on
            raise StorageError(f"cannot delete the memory of {customer_id!r}: {exc.strerror}") from exc
        shutil.rmtree(aside)
        deleted = True
    finally:
        # the lock file, and the wait file named by the id too, go while the lock is held (``CustomerLock.release``)
        lock.release(remove=deleted)
    return {"customer": customer_id, "deleted": True}
