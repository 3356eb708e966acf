"""Where the file vault was last served from, so ``mem serve`` can say it is running a copy.

The backup vault's promises — destroyed after ``backup.max_attempts`` wrong PINs, deleted after a
restore — live in ``.mem/keyservice/`` and ``.mem/blobs/``. A copy of those folders (a moved host
whose old copy still serves, a second host given a copy of ``.mem/``, a host restarted from a
snapshot) counts attempts and deletions on its own: the same token and PIN opened a backup on a
copy after ten wrong PINs had destroyed it on the first host (new-user report 19, section 3). mem
cannot tell a copy from the original by its bytes; it can tell that the key service's file is not
the file it last served (another inode: a copy, a restored snapshot) or is served from another
folder, and say so once at start. The host name is recorded for the message only: a container
re-created on the same volume gets a new name but serves the same file (review 19). Several hosts
must share one key service and blob store in PostgreSQL (docs/scale.md), never each a copy.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from pathlib import Path

from mem.core.config import Config
from mem.core.fsio import atomic_write_text

FILE = "served-from.json"
DB_FILE = "keyservice.db"


def _here(workspace: Path, keyservice_folder: Path) -> dict[str, str | int]:
    return {"host": socket.gethostname(), "path": os.path.realpath(workspace),
            "file": os.stat(keyservice_folder / DB_FILE).st_ino}


def copy_warning(workspace: Path, *, keyservice_folder: Path) -> str | None:
    """The one-line warning when the file vault in ``keyservice_folder`` is not the file last served
    (another inode) or is served from another folder, else None; either way this one is recorded.

    Nothing is recorded for a vault that holds no key service yet (no backup was ever made here); a
    record without the file's identity (mem before this check named the host) compares the folder only."""
    if not (keyservice_folder / DB_FILE).exists():
        return None
    record = keyservice_folder / FILE
    here = _here(workspace, keyservice_folder)
    try:
        before = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        before = None
    warning = None
    if isinstance(before, dict) and (before.get("path") != here["path"]
                                     or before.get("file", here["file"]) != here["file"]):
        warning = (f"the backup vault in {keyservice_folder.parent} was last served by {before.get('host')} from "
                   f"{before.get('path')} — this is a copy of it, or it was moved: a copy of the vault counts PIN "
                   "attempts and deletions on its own, so a backup destroyed or restored on one copy still opens on "
                   "the other — serve one copy only and destroy the others (docs/backup.md, \"Copies of the vault\")")
    with contextlib.suppress(OSError):  # a read-only vault serves as before: the warning is advice, not a guard
        atomic_write_text(record, json.dumps(here) + "\n")
    return warning


def serve_copy_warning(workspace: Path, *, config: Config) -> str | None:
    """``copy_warning`` for the vault ``mem serve`` will use: None when the key service is in PostgreSQL
    (one counter for every host that connects to it)."""
    from mem.server.vault import STATE_DIR, keyservice_url
    from mem.server.vault_keyservice import FOLDER

    if keyservice_url(config):
        return None
    return copy_warning(workspace, keyservice_folder=Path(workspace) / STATE_DIR / FOLDER)
