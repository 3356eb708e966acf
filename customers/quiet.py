"""Which customers a ``mem sync`` must open: those whose memory changed since their outbox was last drained.

Every ``mem sync`` (and ``mem evidence push``) sent each customer's queued agreement evidence and waiting
decision withdrawals, and for that opened every customer's store — lock, SQLite, repair — about 33 ms of CPU a
customer, so with thousands of customers a sync every few minutes took most of two cores even when nothing had
changed (new-user report 23 #5). What waits to be sent is read from ``memory.db`` alone, so once a customer's
queue was drained it can only fill again through a write to that file.

After a drain that sent everything (or found nothing), ``drained`` closes the database — its write-ahead log
checkpointed into the file — and, still under the customer's lock, so no write can come in between, writes a
mark in the customer's folder: the file identity, size and modification time of ``memory.db`` and of its
``-wal``. ``quiet`` compares the mark with the file as it is now, with two ``stat`` calls and one small read and no
lock: equal means nothing was written since and the customer is skipped. Any commit changes the write-ahead
log or the file (and a restore replaces the folder, a forget removes it), so a skipped customer never has
anything waiting; a mark that is missing, unreadable or of another ``MARK_VERSION`` only means the store is
opened, as before. A drain that failed (the server refused, the network dropped) writes no mark.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.fsio import atomic_write_text
from mem.customers._layout import DB_FILE, customer_folder

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

# bumped when what a drain sends comes to depend on more than memory.db: every mark is then out of date
MARK_VERSION = 1
# one mark a queue: evidence (``push_evidence``) and withdrawals (``push_withdrawals``) are drained apart
QUEUES = ("evidence", "withdrawals")


def _mark_path(folder: Path, queue: str) -> Path:
    if queue not in QUEUES:
        raise ValueError(f"no queue {queue!r}")
    return folder / f".drained-{queue}"


def _signature(folder: Path) -> list[int] | None:
    """(device, inode, size, mtime ns) of ``memory.db`` and of its write-ahead log (zeros when it has none, or
    an empty one), or ``None`` when the database cannot be read."""
    values: list[int] = []
    for name, required in ((DB_FILE, True), (f"{DB_FILE}-wal", False)):
        try:
            stat = os.stat(folder / name)
        except FileNotFoundError:
            if required:
                return None
            values += [0, 0, 0, 0]
            continue
        except OSError:
            return None
        if not required and stat.st_size == 0:  # an empty log holds no write: as if absent (a reader left it)
            values += [0, 0, 0, 0]
            continue
        values += [stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns]
    return values


def quiet(home: str | os.PathLike[str], customer_id: str, queue: str) -> bool:
    """True when ``customer_id``'s ``queue`` was drained and ``memory.db`` has not been written since: there
    is nothing to send and the store need not be opened. Reads without the lock; anything in doubt is False."""
    folder = customer_folder(Path(home), customer_id)
    try:
        mark = json.loads(_mark_path(folder, queue).read_text(encoding="ascii"))
    except (OSError, ValueError):
        return False
    if not isinstance(mark, dict) or mark.get("version") != MARK_VERSION:
        return False
    now = _signature(folder)
    return now is not None and mark.get("db") == now


class Drain:
    """What a ``drained`` block says of itself: ``complete`` stays True unless something was left unsent."""

    def __init__(self) -> None:
        self.complete = True


@contextmanager
def drained(store: CustomerStore, queue: str) -> Iterator[Drain]:
    """Drain ``queue`` of an open ``store`` in the block; when it ends without an error and ``complete``, close
    the database (the lock stays held) and mark the customer quiet for that queue. The caller still closes the
    store. A block that left something unsent without raising (a refusal in its answer) sets ``complete`` False."""
    path = _mark_path(store.folder, queue)
    with suppress(OSError):
        path.unlink()  # the mark of an earlier drain is void from the moment this one begins
    drain = Drain()
    yield drain
    if not drain.complete or store.read_only:
        return
    store.facts.close_index()
    store.close_database()  # checkpoints the write-ahead log: the signature is of the file at rest
    signature = _signature(store.folder)
    if signature is not None:
        with suppress(OSError):  # no mark: the next sync opens the store again, as it always did
            atomic_write_text(path, json.dumps({"version": MARK_VERSION, "db": signature}))
