"""One exclusive lock per customer, so concurrent ``mem`` processes never interleave writes.

``flock`` locks belong to an open file description, so two stores opened on one customer inside
the same process exclude each other too (``fcntl.lockf`` would not). The lock file lives outside
the customer's folder (``<home>/customers/.locks/<id>.lock``) so a restore can swap the whole folder
while holding it. The kernel drops the lock when the process dies, so a kill never leaves it stuck.

Inside one process the lock goes with the object holding it: a ``CustomerLock`` that is collected
(a ``CustomerStore`` dropped without ``close()``) gives it back, and a wait that finds the lock held
by this very process first collects such dropped objects, then names the holder: this process, or
this thread (where waiting cannot help, so it fails at once, after a collection that always runs), or a
thread that has ended — never "another mem process". Reference counting frees a dropped store at once (its
parts hold it weakly, ``mem.customers._part``); the collection is for stores the caller's objects keep in a cycle.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import gc
import os
import threading
import time
from pathlib import Path

from mem.core import lock_holders
from mem.core.config import check_home
from mem.core.errors import LockTimeout, StorageError

# The lock files this process holds now, by (st_dev, st_ino), and the thread that took each (the object, not
# its ident, which a new thread may reuse): an flock is exclusive, so one lock object of the process at a time.
# Each access is one dict operation, atomic under the GIL: no lock guards it, since a collection that runs a
# dropped lock's __del__ (release) may start inside any allocation, also while a guard would be held.
_HELD_HERE: dict[tuple[int, int], threading.Thread] = {}
_COLLECTED_AT = [0.0]  # when a wait last ran gc.collect(): at most once a second


def _identity(fd: int) -> tuple[int, int]:
    stat = os.fstat(fd)
    return stat.st_dev, stat.st_ino


def holder_here(path: Path) -> threading.Thread | None:
    """The thread of this process holding the lock file ``path``, or ``None``
    when no lock object of this process holds it (another process may)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _HELD_HERE.get((stat.st_dev, stat.st_ino))


def busy_message(customer_id: str, timeout: float, holder: threading.Thread | None, *,
                 same_thread_waits: bool = False, path: Path | None = None) -> str:
    """Why the lock of ``customer_id`` was not had within ``timeout`` s, naming who holds it: a thread of this
    process, or (``path``, the lock file, given) the other process — pid, command, since when, stopped or not."""
    if holder is None:
        others = [h for h in lock_holders.holders(path) if h.pid != os.getpid()] if path is not None else []
        who = f" ({others[0].describe()})" if others else ""
        if others and others[0].stopped:
            pid = others[0].pid
            advice = (f"resume it (`fg` in its terminal, or kill -CONT {pid}) or end it (kill {pid}), then run this "
                      "command again")
        else:
            advice = "try again when it has finished"
        return (f"customer {customer_id!r} is busy: another mem process{who} has held its memory for more than "
                f"{timeout:g}s; {advice}")
    if holder is threading.current_thread() and same_thread_waits:
        return (f"customer {customer_id!r} is busy: this thread (another task of its event loop) has held its memory "
                f"for more than {timeout:g}s; close that store first, or give lock_timeout more")
    if not holder.is_alive():
        return (f"customer {customer_id!r} is busy: a thread of this process that has ended opened its memory and "
                f"did not close it, and that store is still referenced: close it (close() works from any thread)")
    if holder is threading.current_thread():
        return (f"customer {customer_id!r} is busy: already open in this thread (a CustomerStore or Conversation not "
                "closed): close it first, or use that one — a second one here would wait for it forever")
    return (f"customer {customer_id!r} is busy: another thread of this process has held its memory for more than "
            f"{timeout:g}s (a CustomerStore or Conversation not closed yet); close it, or give lock_timeout more")


def _collect_dropped(*, force: bool = False) -> None:
    """Collect unreachable objects (at most once a second across waits, unless ``force``): reference counting
    frees a store dropped without ``close()`` at once (its parts hold it weakly), but one the caller's own
    objects keep in a reference cycle waits for the collector, and collecting it releases the lock it held."""
    now = time.monotonic()
    if force or now - _COLLECTED_AT[0] >= 1.0:
        _COLLECTED_AT[0] = now
        gc.collect()


class CustomerLock:
    """An acquired exclusive lock; ``release()`` (or closing the store) gives it back.

    ``timeout=0`` tries once. A lock this thread holds already fails at once (waiting for it here could
    not end) unless ``same_thread_waits`` (an asyncio loop, where another task of the thread may close it).
    """

    def __init__(self, path: Path, customer_id: str, *, timeout: float, same_thread_waits: bool = False) -> None:
        self.path = path
        self.customer_id = customer_id
        # True on a read-only file system (a backup mounted read-only, a forensic copy): no process can
        # write there, so reading needs no lock, and every write fails on its own with one line
        self.read_only = False
        self._released = False
        self._held_as: tuple[int, int] | None = None
        self._fd: int | None = None
        if not path.parent.is_dir():
            check_home(path.parent.parent.parent)  # <home>/customers/.locks: never made under a HOME that is not there
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            if exc.errno != errno.EROFS:
                raise StorageError(f"cannot create the lock file {path}: {exc.strerror}") from exc
            self.read_only = True
            try:  # flock works on a descriptor opened for reading: readers of one mount still queue
                self._fd = os.open(path, os.O_RDONLY)
            except OSError:
                self._fd = None  # no lock file on the read-only copy: nothing can write it anyway
                return
        fd = self._fd
        identity = _identity(fd)
        deadline = time.monotonic() + max(timeout, 0.0)
        tried_at: float | None = None  # when this wait last asked for a collection
        forced = False  # a collection that ran whatever the rate limit, before failing at once
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                _HELD_HERE[identity] = threading.current_thread()
                self._held_as = identity
                return
            except BlockingIOError:
                holder = _HELD_HERE.get(identity)
                now = time.monotonic()
                if holder is not None and (tried_at is None or now - tried_at >= 1.0):
                    # held in this process: perhaps by a store nobody can reach any more. Asked again each second
                    # of the wait (the rate limit is shared by every wait: one wait's turn may have been taken)
                    tried_at = now
                    _collect_dropped()
                    continue
                # held by this thread, where waiting could not end: collect for certain before failing at once —
                # the shared rate limit must not turn a dropped store into a failure. (A holder thread that has
                # ended is waited for: the collection above runs again each second, and close() works from here.)
                mine = holder is threading.current_thread() and not same_thread_waits
                if mine and not forced:
                    forced = True
                    _collect_dropped(force=True)
                    continue
                if mine or time.monotonic() >= deadline:
                    os.close(fd)
                    self._fd = None
                    message = busy_message(customer_id, timeout, holder, same_thread_waits=same_thread_waits,
                                           path=path)
                    raise LockTimeout(message) from None
                time.sleep(0.05)

    @property
    def held(self) -> bool:
        return not self._released and (self._fd is not None or self.read_only)

    def release(self) -> None:
        self._released = True
        if self._held_as is not None:
            _HELD_HERE.pop(self._held_as, None)
            self._held_as = None
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None

    def __del__(self) -> None:
        # a lock object nobody releases (its store dropped without close()) gives the lock back when collected;
        # before, its descriptor, and so the lock, stayed until the process ended
        if getattr(self, "_fd", None) is not None:
            with contextlib.suppress(Exception):  # a finalizer raises nowhere useful
                self.release()
