"""Where customer memory lives on disk, and the crash repair of an interrupted restore.

Path names and the folder scheme of ``<home>/customers/`` (see ``mem.customers.store``), kept apart
from ``CustomerStore`` because backup, portable export and the restore swap need them without
opening a store.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import shutil
import time
from contextlib import suppress
from pathlib import Path

from mem.core.errors import InvalidInput, StorageError
from mem.core.fsio import PathArg
from mem.core.ids import validate_customer_id

CUSTOMERS_DIR = "customers"
LOCKS_DIR = ".locks"
DB_FILE = "memory.db"
INDEX_DIR = "index"
LOGS_DIR = "logs"
DIRTY_MARKER = ".dirty"
REDACTED = "[erased]"
DEFAULT_LOCK_TIMEOUT = 15.0
FORGOTTEN_DIR = ".forgotten"  # when a customer was deleted (mem forget): keyed digest of the id → the time, a day
FORGOTTEN_KEEP_SECONDS = 24 * 3600


class CustomerForgotten(StorageError):
    """The customer was deleted (``mem forget``) after the command or conversation writing to them began."""


def customers_root(home: Path) -> Path:
    return Path(home) / CUSTOMERS_DIR


def customer_folder(home: Path, customer_id: str) -> Path:
    return customers_root(home) / validate_customer_id(customer_id)


def refuse_case_twin(root: Path, customer_id: str) -> None:
    """``InvalidInput`` when ``customer_id`` has no folder of its own but a customer whose id differs only
    in case does (``DANA`` beside ``dana``).

    On a case-insensitive file system (macOS, Windows) ``customers/DANA`` *is* ``customers/dana``, so
    the wall between customers would depend on the file system; ids are not case-folded instead,
    because ids from another system may tell customers apart by case (docs/customers.md, "Customer
    ids"). An id that has its own folder is always opened: stores made before this keep working.
    """
    if not root.is_dir():
        return
    try:
        names = [entry.name for entry in os.scandir(root) if not entry.name.startswith(".")]
    except OSError:
        return  # the open that follows reports an unreadable folder
    if customer_id in names:
        return
    folded = customer_id.lower()  # ids are ASCII (validate_name)
    twin = next((name for name in sorted(names) if name.lower() == folded), None)
    if twin is not None:
        raise InvalidInput(f"customer id {customer_id!r} differs only in case from {twin!r}, a customer on this "
                           f"client: ids that differ only in case are refused (on macOS and Windows they name "
                           f"one folder); use {twin!r} for that customer, or another id")


def interrupted_imports(home: Path) -> list[str]:
    """The ids whose first import was interrupted (a ``.import-<id>-<ulid>`` folder is left; the next open of
    the id removes it, ``recover_swap``). The id is the name between the prefix and the last dash."""
    root = customers_root(home)
    if not root.is_dir():
        return []
    found = set()
    for entry in root.iterdir():
        if entry.name.startswith(IMPORT_PREFIX) and entry.is_dir():
            with suppress(InvalidInput):
                found.add(validate_customer_id(entry.name[len(IMPORT_PREFIX):].rpartition("-")[0]))
    return sorted(found)


# what a customer holds when nothing was ever written to them (a store an interrupted import of an older mem made)
_HELD_TABLES = ("conversations", "facts", "context_items", "consent", "evidence_outbox")


def empty_customers(home: Path) -> list[str]:
    """The customers with memory here that hold nothing: no conversation, fact, context, consent or queued
    evidence. Only the customers whose request-log folder holds no file are read (read-only), so this stays
    cheap with thousands of customers. A first import interrupted by an older mem left such a customer."""
    import sqlite3

    empty = []
    for customer_id in list_customers(home):
        folder = customers_root(home) / customer_id
        try:
            if any((folder / LOGS_DIR).iterdir()):
                continue
        except OSError:
            pass  # no logs folder: read the database
        try:
            conn = sqlite3.connect(f"{(folder / DB_FILE).as_uri()}?mode=ro", uri=True)
            try:
                if not any(conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() for table in _HELD_TABLES):
                    empty.append(customer_id)
            finally:
                conn.close()
        except sqlite3.Error:
            continue  # busy, damaged or of another schema: the commands that open it report it
    return empty


def list_customers(home: PathArg) -> list[str]:
    """The ids of customers with memory on this client (names only; nothing of theirs is read)."""
    root = customers_root(Path(home))
    if not root.is_dir():
        return []
    ids = []
    for entry in root.iterdir():
        if entry.name.startswith(".") or not (entry / DB_FILE).is_file():
            continue
        with suppress(InvalidInput):
            ids.append(validate_customer_id(entry.name))
    return sorted(ids)


# restore swap ---------------------------------------------------------------------------------
RESTORE_PREFIX = ".restore-"
TRASH_PREFIX = ".trash-"
IMPORT_PREFIX = ".import-"  # a new customer's first import, renamed into place when committed (``open_for_import``)
DELETED_PREFIX = ".deleted-"  # a customer's folder on its way out (``mem forget``): never put back
COMPLETE_MARKER = "RESTORE_COMPLETE"


def recover_swap(root: Path, customer_id: str) -> None:
    """Finish or undo a restore that a crash interrupted (called under the customer's lock).

    A restore builds ``.restore-<id>-*`` completely (marker file last), then renames the live folder
    to ``.trash-<id>-*`` and the new one into place. A complete restore folder with no live folder
    is moved in; an incomplete one is deleted; a trash folder is put back if nothing replaced it,
    else deleted. A ``.import-<id>-*`` folder (``CustomerStore.open_for_import``) is a first import that never
    finished, and is deleted. Every ``.deleted-*`` folder (``forget.delete_customer``), of any customer, is removed: a
    customer whose deletion a crash interrupted is never opened again, so their words must not wait for that.
    """
    if not root.is_dir():
        return
    live = root / customer_id
    restores = _own_folders(root, RESTORE_PREFIX, customer_id)
    trashes = _own_folders(root, TRASH_PREFIX, customer_id)
    for folder in restores:
        if not live.exists() and (folder / COMPLETE_MARKER).exists():
            os.replace(folder, live)
            (live / COMPLETE_MARKER).unlink(missing_ok=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    for folder in trashes:
        if not live.exists():
            os.replace(folder, live)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    for folder in _own_folders(root, IMPORT_PREFIX, customer_id):
        shutil.rmtree(folder, ignore_errors=True)  # a first import a crash interrupted: the customer never existed
    for folder in root.glob(f"{DELETED_PREFIX}*"):
        shutil.rmtree(folder, ignore_errors=True)  # a deletion a crash interrupted (renamed aside, not yet removed)


def restorable(root: Path, customer_id: str) -> bool:
    """Whether ``recover_swap`` leaves a live folder of ``customer_id``: there is one, or a complete restore or a
    swapped-out store it puts in place (read-only: nothing is moved)."""
    if (root / customer_id).is_dir():
        return True
    complete = any((folder / COMPLETE_MARKER).exists() for folder in _own_folders(root, RESTORE_PREFIX, customer_id))
    return complete or bool(_own_folders(root, TRASH_PREFIX, customer_id))


def _own_folders(root: Path, prefix: str, customer_id: str) -> list[Path]:
    """The ``<prefix><id>-<ulid>`` folders of this customer only. A ULID has no dash, so a folder whose rest after
    ``<prefix><id>-`` holds one is customer ``<id>-x``'s: under ``<id>``'s lock it must not be touched, since
    ``<id>-x``'s own restore or import may be building it under its own lock at this moment."""
    start = f"{prefix}{customer_id}-"
    return sorted(folder for folder in root.glob(f"{start}*") if "-" not in folder.name[len(start):])


def interrupted_restores(home: Path) -> list[str]:
    """The ids whose restore a crash interrupted: a ``.restore-<id>-<ulid>`` folder (the new store, decrypted,
    complete or not) or a ``.trash-<id>-<ulid>`` folder (the old one, swapped out) is left. They hold the customer's
    words in the clear until the next open of the id settles them (``recover_swap``), so ``mem status`` names them
    and ``mem forget`` removes them. A restore running now (it builds and swaps under the customer's lock, which
    ``held_elsewhere`` finds held) is not interrupted, and is not named."""
    from mem.customers.lock import held_elsewhere

    root = customers_root(home)
    if not root.is_dir():
        return []
    found = set()
    for entry in root.iterdir():
        for prefix in (RESTORE_PREFIX, TRASH_PREFIX):
            if entry.name.startswith(prefix) and entry.is_dir():
                with suppress(InvalidInput):
                    found.add(validate_customer_id(entry.name[len(prefix):].rpartition("-")[0]))
    return sorted(ident for ident in found if not held_elsewhere(root / LOCKS_DIR / f"{ident}.lock"))


def has_remains(home: Path, customer_id: str) -> bool:
    """Whether an interrupted restore or first import of ``customer_id`` left a folder here."""
    root = customers_root(home)
    if not root.is_dir():
        return False
    return any(_own_folders(root, prefix, customer_id) for prefix in (RESTORE_PREFIX, TRASH_PREFIX, IMPORT_PREFIX))


# deletions a running command must not undo ---------------------------------------------------
FORGOTTEN_KEY = ".key"  # a random key of this home: the record names are keyed digests of the ids
STALE_TEMPORARY_SECONDS = 60.0  # a record half-written this long ago was left by a killed forget


def home_key(folder: Path, name: str, *, create: bool) -> bytes | None:
    """A random key kept in ``folder/name`` (made on first use when ``create``; ``None`` before): the records a home
    keeps about customers are named by a digest keyed by it, not by the id, so their names cannot be matched against
    guessed ids (forgotten customers here, erased facts in ``mem.customers.erase_ledger``)."""
    path = folder / name
    try:
        return bytes.fromhex(path.read_text(encoding="ascii"))
    except (OSError, ValueError):
        if not create:
            return None
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    temporary = folder / f".key-{os.getpid()}-{secrets.token_hex(4)}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(secrets.token_hex(32))
    try:
        os.link(temporary, path)  # never replaces a key another command made first: its records stay readable
    except FileExistsError:
        pass
    finally:
        temporary.unlink(missing_ok=True)
    return bytes.fromhex(path.read_text(encoding="ascii"))


def _forgotten_key(root: Path, *, create: bool) -> bytes | None:
    """This home's random key for the record names (made by the first deletion; ``None`` before)."""
    return home_key(root / FORGOTTEN_DIR, FORGOTTEN_KEY, create=create)


def _forgotten_path(root: Path, customer_id: str, key: bytes) -> Path:
    # a digest keyed by this home's random key, not the id: the names cannot be matched against guessed
    # ids without the key (which sits beside them, so whoever can read the home can still test a guess)
    digest = hmac.new(key, customer_id.encode("utf-8"), hashlib.sha256).hexdigest()
    return root / FORGOTTEN_DIR / digest


def mark_forgotten(root: Path, customer_id: str, *, now: float | None = None) -> str | None:
    """Record that ``customer_id`` is being deleted now (under its lock, before its folder goes), and drop
    records older than a day and half-written ones a killed forget left: a command that began before this
    moment must not write the customer back. Returns the record it replaced (for ``unmark_forgotten``)."""
    now = time.time() if now is None else now
    key = _forgotten_key(root, create=True)
    assert key is not None
    path = _forgotten_path(root, customer_id, key)
    for old in path.parent.iterdir():
        if old.name == FORGOTTEN_KEY:
            continue
        with suppress(OSError, ValueError):
            if old.name.endswith(".tmp"):
                if time.time() - old.stat().st_mtime > STALE_TEMPORARY_SECONDS:  # not one being written now
                    old.unlink()
            elif now - float(old.read_text(encoding="ascii")) > FORGOTTEN_KEEP_SECONDS:
                old.unlink()
    try:
        previous: str | None = path.read_text(encoding="ascii")
    except OSError:
        previous = None
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(repr(now), encoding="ascii")
    os.replace(temporary, path)
    return previous


def unmark_forgotten(root: Path, customer_id: str, previous: str | None) -> None:
    """Undo ``mark_forgotten`` when the deletion did not happen (the folder could not be moved): running
    commands must not be told the customer was deleted. ``previous``: the record it replaced."""
    key = _forgotten_key(root, create=False)
    if key is None:
        return
    path = _forgotten_path(root, customer_id, key)
    with suppress(OSError):
        if previous is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(previous, encoding="ascii")


def forgotten_since(root: Path, customer_id: str, since: float) -> float | None:
    """The time ``customer_id`` was deleted, when that was at or after ``since`` (else ``None``)."""
    key = _forgotten_key(root, create=False)
    if key is None:
        return None  # no deletion on this home yet
    try:
        at = float(_forgotten_path(root, customer_id, key).read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None
    return at if at >= since else None


def refuse_forgotten(root: Path, customer_id: str, since: float | None) -> None:
    """``CustomerForgotten`` when the customer was deleted after ``since`` (the start of the command or
    conversation about to write): what it learnt dates from before the deletion (NEWUSER_REPORT16 #1)."""
    if since is None:
        return
    at = forgotten_since(root, customer_id, since)
    if at is not None:
        when = time.strftime("%H:%M:%S", time.localtime(at))
        raise CustomerForgotten(f"the memory of customer {customer_id!r} was deleted (mem forget) at {when}, after "
                                f"this began: nothing of it is written back")
