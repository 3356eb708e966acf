"""Who holds a lock file: the processes a waiter that gave up names (pid, command, since when, stopped or not).

mem's locks are ``flock`` locks, which the kernel drops when their holder dies, so a lock is never stale — but
a holder can be slow, or stopped (Ctrl-Z in a terminal, ``kill -STOP``), and then every later writer waits
and fails. "another mem process is writing" gave the operator nothing to look for (NEWUSER_REPORT23 #7).

On Linux the holders are read from ``/proc/locks`` (any process, mem or not: ``flock -x .mem/wiki.lock …``
too), their command line and state from ``/proc/<pid>``. A writer also leaves a record in the lock file
(``record``): its pid, command line and when it took the lock, which gives "since" as the lock's age (not the
process's), and names the holder where ``/proc`` cannot be read. A record whose process has ended (or no longer
holds the lock) is ignored. Standard library only: the waits that use this are on ``mem --help``'s path.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO


@dataclass(frozen=True)
class Holder:
    """One process holding a lock file."""

    pid: int
    command: str = ""  # its command line ("" when it cannot be read)
    since: datetime | None = None  # when it took the lock (its record), else when the process started
    stopped: bool = False  # stopped by a signal (Ctrl-Z, kill -STOP): it will not release the lock by itself
    exclusive: bool = True  # a writer's lock (False: a reader sharing it)
    # the process that took the lock has ended, and one it started holds it still (``flock … -c cmd`` killed, or a
    # child that inherited the descriptor): /proc/locks keeps naming the taker
    ended: bool = False

    def describe(self) -> str:
        """``pid 123 (mem ingest a.md b.md), holding it since 2026-12-06 19:40:02 UTC``."""
        text = f"pid {self.pid}"
        if self.ended:
            return text + " (which has ended: a process it started still holds the lock open — look for its children)"
        if self.command:
            command = self.command if len(self.command) <= 80 else self.command[:77] + "…"
            text += f" ({command})"
        if self.since is not None:
            text += f", since {self.since.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC"
        if self.stopped:
            text += ", which is STOPPED (Ctrl-Z in a terminal, or kill -STOP)"
        return text


def record(handle: IO[str]) -> None:
    """Write this process (pid, command line, now) into the lock file ``handle`` it holds exclusively."""
    entry = {"pid": os.getpid(), "command": _own_command(), "since": datetime.now(UTC).isoformat()}
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(entry) + "\n")
        handle.flush()
    except OSError:
        pass  # a full disk: the lock is held all the same, the record only names us to a waiter


def holders(path: Path) -> list[Holder]:
    """The processes holding the lock file ``path`` (writers first), as far as this system tells."""
    try:
        stat = path.stat()
    except OSError:
        return []
    entry = _read_record(path)
    found = _from_proc_locks(stat.st_dev, stat.st_ino)
    if found is None:  # no /proc (macOS): the record alone, if its process is alive
        if entry is None or not _alive(entry[0]):
            return []
        return [Holder(entry[0], entry[1], entry[2])]
    result = []
    for pid, exclusive in found:
        if not Path(f"/proc/{pid}").exists():
            result.append(Holder(pid, exclusive=exclusive, ended=True))
            continue
        command, started, stopped = _process(pid)
        if entry is not None and entry[0] == pid and exclusive:  # its record: when it took the lock
            command, started = command or entry[1], entry[2] or started
        result.append(Holder(pid, command, started, stopped, exclusive))
    return sorted(result, key=lambda h: (not h.exclusive, h.pid))


def _own_command() -> str:
    argv = list(sys.argv)
    if argv and Path(argv[0]).name in ("mem", "__main__.py"):
        argv[0] = "mem"
    return _one_line(argv)


def _one_line(argv: list[str]) -> str:
    """The words of a command line as one line (a ``python -c`` script holds line breaks)."""
    return " ".join(" ".join(argv).split())[:300]


def _read_record(path: Path) -> tuple[int, str, datetime | None] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="replace").strip() or "null")
        pid = int(data["pid"])
        since = datetime.fromisoformat(str(data["since"])) if data.get("since") else None
        return pid, str(data.get("command") or ""), since
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _from_proc_locks(dev: int, ino: int) -> list[tuple[int, bool]] | None:
    """``(pid, exclusive)`` of each FLOCK holder of the file, from ``/proc/locks``; None when unreadable."""
    try:
        lines = Path("/proc/locks").read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return None
    exact: list[tuple[int, bool]] = []
    by_inode: list[tuple[int, bool]] = []
    for line in lines:
        fields = line.split()
        if len(fields) < 6 or "->" in fields[:2]:  # "->" marks a process waiting for the lock, not holding it
            continue
        kind, mode, pid_text, where = fields[1], fields[3], fields[4], fields[5]
        if kind != "FLOCK":
            continue
        try:
            major, minor, inode = where.split(":")
            pid = int(pid_text)
            same_dev = os.makedev(int(major, 16), int(minor, 16)) == dev
            same_ino = int(inode) == ino
        except ValueError:
            continue
        if same_ino and pid > 0:
            (exact if same_dev else by_inode).append((pid, mode == "WRITE"))
    # the device numbers /proc/locks prints differ from stat's on some file systems (overlayfs): the inode decides,
    # but an inode number repeats across file systems, so a holder found by inode alone must have this very file open
    by_inode = [(pid, exclusive) for pid, exclusive in by_inode if _has_open(pid, dev, ino) is not False]
    return list(dict.fromkeys(exact or by_inode))


def _has_open(pid: int, dev: int, ino: int) -> bool | None:
    """Whether process ``pid`` has the file ``(dev, ino)`` open; None when its descriptors cannot be read."""
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:  # another user's process, or one that has ended: nothing to tell it apart by
        return None
    for descriptor in descriptors:
        try:
            opened = descriptor.stat()  # follows the link to the open file, as stat sees it (same numbers as ours)
        except OSError:
            continue  # closed since the listing, or a socket/pipe that cannot be stat'ed by path
        if (opened.st_dev, opened.st_ino) == (dev, ino):
            return True
    return False


def _process(pid: int) -> tuple[str, datetime | None, bool]:
    """Command line, start time and whether it is stopped, of process ``pid`` (from /proc)."""
    command = ""
    started: datetime | None = None
    stopped = False
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        argv = [part.decode("utf-8", "replace") for part in raw.split(b"\0") if part]
        command = _shown_command(argv)
    except OSError:
        pass  # the holder ended, or no /proc: the message names its pid without a command
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        after = stat[stat.rindex(")") + 2 :].split()  # the name may hold spaces and parentheses
        stopped = after[0] in ("T", "t")
        ticks = int(after[19])  # field 22, starttime, in clock ticks since boot
        boot = next(
            int(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines() if line.startswith("btime ")
        )
        started = datetime.fromtimestamp(boot + ticks / os.sysconf("SC_CLK_TCK"), UTC)
    except (OSError, ValueError, IndexError, StopIteration):
        pass  # an unreadable or unexpected stat line: the message says nothing of since when or STOPPED
    return command, started, stopped


def _shown_command(argv: list[str]) -> str:
    """``mem ingest a.md`` for a mem process (its argv is ``python …/bin/mem ingest a.md``), else argv as is."""
    for n, part in enumerate(argv[:3]):
        if Path(part).name == "mem" or part.endswith("/mem/__main__.py"):
            return _one_line(["mem", *argv[n + 1 :]])
        if part == "-m" and n + 1 < len(argv) and argv[n + 1] == "mem":
            return _one_line(["mem", *argv[n + 2 :]])
    return _one_line(argv)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True
