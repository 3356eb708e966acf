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

``flock`` is not fair: a process whose threads open one customer back to back took it again the instant it gave
it back, and a writer of another process polling for it (``mem log import``) never got a turn (new-user report
25B #1). So waiting is announced: a waiter whose lock is held by another process holds a shared ``flock`` on
``<id>.wait`` beside the lock file, and a process that gave the lock back less than ``STEP_BACK`` s ago does not
take it again while another process announces a wait — it sleeps until that waiter has had its turn (the waiter
drops its announcement when it gets the lock) or ``STEP_BACK`` has passed. Threads of one process still take turns
among themselves in no set order.
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
# Fairness between processes (module docstring), by lock identity: when this process last gave each lock back
# (time.monotonic()), how many of its waits announce themselves on the wait file now, and how many times it took
# each lock (a wait that gives up tells threads taking turns from one holder that never let go).
_RELEASED_AT: dict[tuple[int, int], float] = {}
_ANNOUNCED_HERE: dict[tuple[int, int], int] = {}
_TURNS: dict[tuple[int, int], int] = {}
STEP_BACK = 2.0  # seconds after giving a lock back during which this process lets another process's waiter first


def _identity(fd: int) -> tuple[int, int]:
    stat = os.fstat(fd)
    return stat.st_dev, stat.st_ino


def wait_path(path: Path) -> Path:
    """The file beside the lock file ``path`` (``<id>.lock``) on which waiting processes announce themselves."""
    return path.with_suffix(".wait")


def _other_process_waits(path: Path, identity: tuple[int, int]) -> bool:
    """Whether a wait of another process is announced on ``path``'s wait file. A wait of this process that is
    announced too makes it impossible to tell (flock does not say whose lock it is): then no."""
    if _ANNOUNCED_HERE.get(identity):
        return False
    try:
        fd = os.open(wait_path(path), os.O_RDONLY)
    except OSError:
        return False  # no wait file: nobody has ever waited for this customer across processes
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True  # a shared lock is held on it: a waiter of another process
    finally:
        os.close(fd)  # (drops the exclusive lock just taken)
    return False


def _still_named(path: Path, identity: tuple[int, int]) -> bool:
    """Whether ``path`` still names the lock file ``identity`` is (not removed, nor made again)."""
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return False
    return (stat.st_dev, stat.st_ino) == identity


def _remove_wait_file(path: Path) -> None:
    """Delete the wait file of the lock file ``path`` unless a process announces a wait on it now."""
    try:
        fd = os.open(wait_path(path), os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises while a waiter holds it shared: left in place
        os.unlink(wait_path(path))
    finally:
        os.close(fd)


def held_elsewhere(path: Path) -> bool:
    """Whether another lock object, of this process or another, holds the customer lock file ``path`` now (a restore
    or import running). Nothing is created: no lock file means nobody holds it."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # (drops the lock just taken)
    return False


def holder_here(path: Path) -> threading.Thread | None:
    """The thread of this process holding the lock file ``path``, or ``None``
    when no lock object of this process holds it (another process may)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _HELD_HERE.get((stat.st_dev, stat.st_ino))


def busy_message(customer_id: str, timeout: float, holder: threading.Thread | None, *,
                 same_thread_waits: bool = False, path: Path | None = None, turns: int = 0) -> str:
    """Why the lock of ``customer_id`` was not had within ``timeout`` s, naming who holds it: a thread of this
    process, or (``path``, the lock file, given) the other process — pid, command, since when, stopped or not.
    ``turns``: how many times other stores of this process took the lock during the wait (threads taking turns
    on one customer, not one store left open)."""
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
    if turns > 0:
        return (f"customer {customer_id!r} is busy: other threads of this process took its memory {turns} "
                f"time{'s' if turns != 1 else ''} in turn during the {timeout:g}s this waited (each gave it back, "
                "but more threads work on one customer than fit in lock_timeout); run fewer threads on one customer "
                "at a time, or give lock_timeout more")
    return (f"customer {customer_id!r} is busy: another thread of this process has held its memory for more than "
            f"{timeout:g}s without a break (a CustomerStore or Conversation not closed yet, or one long unit of "
            "work); close it, or give lock_timeout more")


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
        self._announced: int | None = None  # the wait file, locked shared while this waits on another process
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
        turns_before = _TURNS.get(identity, 0)
        while True:
            try:
                if self._steps_back(identity):
                    raise BlockingIOError  # another process's waiter first: this one waits as if the lock were held
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if not self.read_only and not _still_named(path, identity):
                    # the holder before this one removed the file (``release(remove=True)``) while this waited on
                    # it: a lock on a file no path names excludes nobody. Open the file the path names now.
                    fcntl.flock(fd, fcntl.LOCK_UN)
                    os.close(fd)
                    self._fd = None
                    try:
                        fd = self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
                    except OSError as exc:
                        raise StorageError(f"cannot create the lock file {path}: {exc.strerror}") from exc
                    identity = _identity(fd)
                    continue
                self._announce(False, identity)
                _HELD_HERE[identity] = threading.current_thread()
                _TURNS[identity] = _TURNS.get(identity, 0) + 1
                self._held_as = identity
                return
            except BlockingIOError:
                holder = _HELD_HERE.get(identity)
                # held by another process (or this one stepping back): say that this process waits, so that one
                # lets this one have the next turn; held here: threads of this process take turns on their own
                self._announce(holder is None, identity)
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
                    self._announce(False, identity)
                    os.close(fd)
                    self._fd = None
                    message = busy_message(customer_id, timeout, holder, same_thread_waits=same_thread_waits,
                                           path=path, turns=_TURNS.get(identity, 0) - turns_before)
                    raise LockTimeout(message) from None
                time.sleep(0.05)

    def _steps_back(self, identity: tuple[int, int]) -> bool:
        """Whether this process gave the lock back less than ``STEP_BACK`` s ago and another process waits for it."""
        released = _RELEASED_AT.get(identity)
        return (released is not None and time.monotonic() - released < STEP_BACK
                and _other_process_waits(self.path, identity))

    def _announce(self, waiting: bool, identity: tuple[int, int]) -> None:
        """Hold (``waiting``) or drop the shared lock on the wait file that tells other processes this one waits."""
        if not waiting:
            if self._announced is not None:
                _ANNOUNCED_HERE[identity] = _ANNOUNCED_HERE.get(identity, 1) - 1
                os.close(self._announced)  # (drops the shared lock)
                self._announced = None
            return
        if self._announced is not None or self.read_only:
            return
        try:
            fd = os.open(wait_path(self.path), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return  # no announcement: this waits unannounced, as every wait did before
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)  # a process looking for waiters holds it a moment: announced at the next try
            return
        self._announced = fd
        _ANNOUNCED_HERE[identity] = _ANNOUNCED_HERE.get(identity, 0) + 1

    @property
    def held(self) -> bool:
        return not self._released and (self._fd is not None or self.read_only)

    def release(self, *, remove: bool = False) -> None:
        """Give the lock back; with ``remove`` (the customer is gone) delete the lock file first, while it is still
        held, and the wait file when no process waits on it. Removed after the release, a process that opened the
        old file could take it while another took a new one: two holders at once (a waiter that takes the old file
        now sees no path names it and opens the new one)."""
        if remove and self._held_as is not None and self._fd is not None:
            with contextlib.suppress(OSError):
                _remove_wait_file(self.path)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)
        self._released = True
        if self._announced is not None and self._fd is not None:  # a wait interrupted (Ctrl-C) while announced
            self._announce(False, _identity(self._fd))
        if self._held_as is not None:
            _HELD_HERE.pop(self._held_as, None)
            _RELEASED_AT[self._held_as] = time.monotonic()
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
