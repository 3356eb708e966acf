"""Atomic file writes: a crash at any point leaves either the old file or the new one, whole."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


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
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
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
