"""Where customer memory lives on disk, and the crash repair of an interrupted restore.

Path names and the folder scheme of ``<home>/customers/`` (see ``mem.customers.store``), kept apart
from ``CustomerStore`` because backup, portable export and the restore swap need them without
opening a store.
"""

from __future__ import annotations

import os
import shutil
from contextlib import suppress
from pathlib import Path

from mem.core.errors import InvalidInput
from mem.core.ids import validate_customer_id

CUSTOMERS_DIR = "customers"
LOCKS_DIR = ".locks"
DB_FILE = "memory.db"
INDEX_DIR = "index"
LOGS_DIR = "logs"
DIRTY_MARKER = ".dirty"
REDACTED = "[erased]"
DEFAULT_LOCK_TIMEOUT = 15.0


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


def list_customers(home: Path) -> list[str]:
    """The ids of customers with memory on this client (names only; nothing of theirs is read)."""
    root = customers_root(home)
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
DELETED_PREFIX = ".deleted-"  # a customer's folder on its way out (``mem forget``): never put back
COMPLETE_MARKER = "RESTORE_COMPLETE"


def recover_swap(root: Path, customer_id: str) -> None:
    """Finish or undo a restore that a crash interrupted (called under the customer's lock).

    A restore builds ``.restore-<id>-*`` completely (marker file last), then renames the live folder
    to ``.trash-<id>-*`` and the new one into place. A complete restore folder with no live folder
    is moved in; an incomplete one is deleted; a trash folder is put back if nothing replaced it,
    else deleted. Every ``.deleted-*`` folder (``forget.delete_customer``), of any customer, is removed: a
    customer whose deletion a crash interrupted is never opened again, so their words must not wait for that.
    """
    if not root.is_dir():
        return
    live = root / customer_id
    restores = sorted(root.glob(f"{RESTORE_PREFIX}{customer_id}-*"))
    trashes = sorted(root.glob(f"{TRASH_PREFIX}{customer_id}-*"))
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
    for folder in root.glob(f"{DELETED_PREFIX}*"):
        shutil.rmtree(folder, ignore_errors=True)  # a deletion a crash interrupted (renamed aside, not yet removed)
