"""Atomic file writes: a crash at any point leaves either the old file or the new one, whole."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import TypeAlias

#: A path as the public functions take it (docs/customers.md, "Arguments": a ``str`` or any ``os.PathLike``); they
#: make it a ``Path`` on entry. A hint of ``Path`` gave a mypy user false errors for the ``str`` that works
#: (newuser32 #10).
PathArg: TypeAlias = str | os.PathLike[str]


def atomic_write_bytes(path: Path, data: bytes, *, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``.

    The temporary file is fsynced before the rename and the folder after it, so the new content
    survives a power cut once this returns. ``mode`` sets permissions before any byte is written
    (use 0o600 for secrets); without it a replaced file keeps its permissions and a new one gets the
    ordinary ones (0o666 less the umask), as ``open()`` would give — ``mkstemp`` alone makes 0o600.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.filename is None and exc.errno is not None:
            # a failed write names no file ("Error: File too large" under ulimit -f, "No space left on
            # device"): the same error, naming the file that was being written
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
    fsync_dir(path.parent)


def _umask() -> int:
    # os.umask can only be read by setting it; set it straight back (no other thread writes files here)
    current = os.umask(0o022)
    os.umask(current)
    return current


def atomic_write_text(path: Path, text: str, *, mode: int | None = None) -> None:
    """Atomically write UTF-8 text (see ``atomic_write_bytes``)."""
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode)


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries so a rename inside it is durable."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# What a full disk (or an exhausted quota) looks like in the messages of the libraries mem writes through:
# OSError's strerror, SQLite's SQLITE_FULL, tantivy's Rust io::Error ("… (os error 28)").
# git's own: "fatal: sha1 file '….git/index.lock' write error. Out of diskspace", "unable to write new index file"
_FULL_DISK = ("no space left on device", "os error 28", "disk quota exceeded", "os error 122", "out of diskspace")
# What SQLite says when a write fails for want of space: SQLITE_FULL, a plain I/O error (its WAL or shared
# memory), or the rollback of a transaction SQLite had already rolled back itself. A full disk only when
# there is (almost) no room left: the same words with room left are another fault (SQLITE_FULL is also a
# full temporary folder, or the page limit of the file).
_MAYBE_FULL_DISK = ("database or disk is full", "disk i/o error", "cannot rollback - no transaction is active")
LOW_SPACE = 1 << 20


def free_bytes(folder: Path) -> int | None:
    """Bytes this process may still write on the file system holding ``folder`` (or its nearest existing
    parent): what is left to an unprivileged writer, and to root the reserve too (root writes into it, so
    with reserve left an I/O error is no full disk); ``None`` when that cannot be told."""
    folder = Path(folder)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        stats = os.statvfs(folder)
    except (OSError, AttributeError):  # AttributeError: no statvfs (Windows)
        return None
    privileged = hasattr(os, "geteuid") and os.geteuid() == 0
    return (stats.f_bfree if privileged else stats.f_bavail) * stats.f_frsize


def full_disk(folder: Path, detail: str) -> str | None:
    """One line saying the disk holding ``folder`` is full, when ``detail`` (a library's error) says so or is
    an I/O error with less than ``LOW_SPACE`` left; ``None`` otherwise.

    SQLite and tantivy say it in their own words — "cannot rollback - no transaction is active", "disk I/O
    error", "An IO error occurred: 'No space left on device (os error 28) at path …'" — and none of them
    said "disk full" to a user who could fix it by freeing space."""
    text = detail.lower()
    free = free_bytes(folder)
    if not any(words in text for words in _FULL_DISK) and not (
            free is not None and free < LOW_SPACE and any(words in text for words in _MAYBE_FULL_DISK)):
        return None
    return full_disk_line(folder, free=free)


def full_disk_line(folder: Path, *, free: int | None = None) -> str:
    """The one way every layer says the disk is full (SQLite, tantivy, git, a log or bundle file, the server):
    "the disk holding FOLDER is full (N KB free): free some space and run the command again"."""
    if free is None:
        free = free_bytes(folder)
    left = f" ({_size(free)} free)" if free is not None else ""
    return f"the disk holding {folder} is full{left}: free some space and run the command again"


def is_full_disk_error(exc: OSError) -> bool:
    """An ``OSError`` of a full disk or an exhausted quota (ENOSPC, EDQUOT)."""
    import errno

    return exc.errno in (errno.ENOSPC, errno.EDQUOT)


def naming_full_disk(folder: Path, message: str) -> str:
    """``message``, followed by "no space left on device" when the disk holding ``folder`` is full (``full_disk``):
    a server log said "disk I/O error", which reads as failing hardware (NEWUSER_REPORT19 #8)."""
    full = full_disk(folder, message)
    return f"{message} — no space left on device: {full}" if full else message


def _size(count: int) -> str:
    return f"{count // 1024:,} KB" if count < 10 << 20 else f"{count // (1 << 20):,} MB"
