"""Erasures a backup cannot undo: the client's record of erased fact ids, kept outside the customer's folder.

A backup (``mem backup``) holds the customer's memory as it was when it was made. Restoring one made
before ``mem facts erase`` would bring the erased fact back, because the erase's tombstone lives in the
``memory.db`` the restore replaces (NEWUSER_REPORT20 #6). So every erase also writes the fact's id and
the time to a small file of this home beside the customer folders, which neither the backup nor the
restore touches: ``<home>/customers/.erasures/<keyed digest of the customer id>.json``. A restore
erases again every fact it finds there in the restored memory, before that memory is swapped in
(``mem.customers.portable.import_customer``, ``erased_facts``), and says so.

The same file remembers the newest backup this client made of the customer (its id, times and whether it
holds the logs, from the receipt; or the one a restore could not delete on the server), so ``mem facts
erase`` can say that a backup made before the erase is on the server and how to replace it
(``backup_warning``), and ``mem export`` lists it (``backup_entry``). A backup made from another device is
not known here.

The file holds ids and times only, never a word of the customer's. Its name is a digest of the customer
id keyed by a random key of this home (as ``.forgotten`` does), so a listing does not name customers.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from mem.core.json_types import JsonObject
from mem.customers._layout import home_key

LEDGER_DIR = ".erasures"
_KEY_FILE = ".key"


@dataclass(frozen=True)
class BackupMark:
    """The newest backup this client made of a customer (from ``mem backup``'s receipt)."""

    backup_id: str
    created_at: str


def _root(home: Path) -> Path:
    from mem.customers._layout import customers_root

    return customers_root(home) / LEDGER_DIR


def _key(home: Path, *, create: bool) -> bytes | None:
    return home_key(_root(home), _KEY_FILE, create=create)


def _path(home: Path, customer_id: str, *, create: bool) -> Path | None:
    key = _key(home, create=create)
    if key is None:
        return None
    digest = hmac.new(key, b"mem-erasures\0" + customer_id.encode("utf-8"), hashlib.sha256).hexdigest()
    return _root(home) / f"{digest}.json"


def _read(path: Path | None) -> JsonObject:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(path: Path, data: JsonObject) -> None:
    temporary = path.with_name(f".{path.name}-{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, sort_keys=True)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def record_erasures(home: Path, customer_id: str, fact_ids: Iterable[str], at: str) -> None:
    """Remember that these facts of ``customer_id`` were erased at ``at`` (ISO time). Written before the
    erase commits: an erase a crash interrupts is at worst re-applied by a restore, never forgotten."""
    ids = [i for i in dict.fromkeys(fact_ids) if i]
    if not ids:
        return
    path = _path(home, customer_id, create=True)
    assert path is not None
    data = _read(path)
    facts = data.get("facts")
    facts = dict(facts) if isinstance(facts, dict) else {}
    for fact_id in ids:
        facts.setdefault(fact_id, at)
    data["facts"] = facts
    _write(path, data)


def erased_facts(home: Path, customer_id: str) -> dict[str, str]:
    """Fact id → the time it was erased, for every erase of this customer recorded on this client."""
    facts = _read(_path(home, customer_id, create=False)).get("facts")
    if not isinstance(facts, dict):
        return {}
    return {str(k): str(v) for k, v in facts.items()}


def record_backup(home: Path, customer_id: str, backup_id: str, created_at: str, *, expires_at: str | None = None,
                  include_logs: bool = False, note: str | None = None) -> None:
    """Remember the backup ``mem backup`` just stored on the server (it replaced any earlier one), or the one
    ``mem restore`` could not delete there (``note``). The backup is made and confirmed: a ledger that cannot
    be written only loses this record (``mem facts erase``'s warning, ``mem export``'s list)."""
    entry: JsonObject = {"backup_id": backup_id, "created_at": created_at, "expires_at": expires_at,
                         "include_logs": include_logs}
    if note:
        entry["note"] = note
    with suppress(OSError):
        path = _path(home, customer_id, create=True)
        assert path is not None
        data = _read(path)
        data["backup"] = entry
        _write(path, data)


def forget_backup(home: Path, customer_id: str) -> None:
    """The customer's backup is gone from the server (restored, or deleted by ``mem forget``)."""
    path = _path(home, customer_id, create=False)
    data = _read(path)
    if path is None or "backup" not in data:
        return
    del data["backup"]
    with suppress(OSError):
        _write(path, data)


def backup_entry(home: Path, customer_id: str) -> JsonObject | None:
    """The record of the customer's backup on the server as ``record_backup`` wrote it (``mem export`` lists
    it: id, created, expires, logs or not, a restore's note); ``None`` when none is known."""
    mark = _read(_path(home, customer_id, create=False)).get("backup")
    if not isinstance(mark, dict) or not mark.get("backup_id"):
        return None
    return dict(mark)


def backup_mark(home: Path, customer_id: str) -> BackupMark | None:
    """The newest backup this client made of the customer and has not seen restored or deleted."""
    mark = backup_entry(home, customer_id)
    if mark is None:
        return None
    return BackupMark(backup_id=str(mark["backup_id"]), created_at=str(mark.get("created_at") or ""))


# the server's clock dates a backup, this client's a fact: a fact recorded this long after the backup may still be
# in it (the clocks disagree), so the warning errs on the side of saying so
CLOCK_MARGIN = timedelta(hours=1)


def backup_warning(home: Path, customer_id: str, recorded_at: datetime | None = None) -> str | None:
    """What ``mem facts erase`` says when this client made a backup of the customer that is still on the
    server: it was made before the erase, so it still holds the fact. ``None`` when no such backup is known,
    or when the fact was recorded (``recorded_at``) after the backup was made: the backup never held it."""
    mark = backup_mark(home, customer_id)
    if mark is None:
        return None
    if recorded_at is not None and mark.created_at:
        from mem.core import clock

        try:
            made = clock.parse_datetime(mark.created_at)
            if recorded_at.tzinfo is not None and recorded_at > made + CLOCK_MARGIN:
                return None
        except (ValueError, TypeError):
            pass  # an unreadable time: warn
    return (f"a backup of {customer_id} made {mark.created_at or 'earlier'}, before this erase, is on the server and "
            f"still holds the fact: `mem backup --customer {customer_id} --replace` replaces it (a restore on this "
            "device erases the fact again; on another device it would not)")
