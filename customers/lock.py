"""One exclusive lock per customer, so concurrent ``mem`` processes never interleave writes.

``flock`` locks belong to an open file description, so two stores opened on one customer inside
the same process exclude each other too (``fcntl.lockf`` would not). The lock file lives outside
the customer's folder (``<home>/customers/.locks/<id>.lock``) so a restore can swap the whole folder
while holding it. The kernel drops the lock when the process dies, so a kill never leaves it stuck.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from pathlib import Path

from mem.core.config import check_home
from mem.core.errors import LockTimeout, StorageError


class CustomerLock:
    """An acquired exclusive lock; ``release()`` (or closing the store) gives it back."""

    def __init__(self, path: Path, customer_id: str, *, timeout: float) -> None:
        self.path = path
        self.customer_id = customer_id
        # True on a read-only file system (a backup mounted read-only, a forensic copy): no process can
        # write there, so reading needs no lock, and every write fails on its own with one line
        self.read_only = False
        self._released = False
        if not path.parent.is_dir():
            check_home(path.parent.parent.parent)  # <home>/customers/.locks: never made under a HOME that is not there
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._fd: int | None = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            if exc.errno != errno.EROFS:
                raise StorageError(f"cannot create the lock file {path}: {exc.strerror}") from exc
            self.read_only = True
            try:  # flock works on a descriptor opened for reading: readers of one mount still queue
                self._fd = os.open(path, os.O_RDONLY)
            except OSError:
                self._fd = None  # no lock file on the read-only copy: nothing can write it anyway
                return
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(self._fd)
                    self._fd = None
                    raise LockTimeout(
                        f"customer {customer_id!r} is busy: another mem process has held its memory for "
                        f"more than {timeout:g}s; try again when it has finished"
                    ) from None
                time.sleep(0.05)

    @property
    def held(self) -> bool:
        return not self._released and (self._fd is not None or self.read_only)

    def release(self) -> None:
        self._released = True
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None
