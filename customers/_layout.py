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
COMPLETE_MARKER = "RESTORE_COMPLETE"


def recover_swap(root: Path, customer_id: str) -> None:
    """Finish or undo a restore that a crash interrupted (called under the customer's lock).

    A restore builds ``.restore-<id>-*`` completely (marker file last), then renames the live folder
    to ``.trash-<id>-*`` and the new one into place. A complete restore folder with no live folder
    is moved in; an incomplete one is deleted; a trash folder is put back if nothing replaced it,
    else deleted.
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
