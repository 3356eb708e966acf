"""Crash safety of ``Wiki.write``: a write-ahead journal that the next mem command finishes or rolls back.

A write is one git commit or nothing. Before touching the workspace, ``Wiki.write`` saves the current
bytes of every file it will change (or notes that the file does not exist) under
``.mem/pending-write/`` and then, last, ``journal.json`` naming the files and the HEAD it started
from. The journal is removed once the commit exists. A process killed in between (``kill -9``, power
loss) leaves the journal behind, and ``recover`` — run by the next mem command that opens the
workspace, and by the next write — settles it:

- the files on disk equal HEAD's and HEAD moved since the journal was written → the commit was made
  (git finished it): the journal is simply removed;
- otherwise → every file is put back from the saved copy (or deleted if it did not exist), unstaged,
  and the journal removed: the workspace is exactly as it was before the write.

A journal with no ``journal.json`` (killed while saving copies) means nothing was touched yet; the
copies are discarded. A ``.git/index.lock`` left by a git process that was killed too is reported
with the exact command to remove it, since only a person can tell that no git is still running.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path

from mem.core.errors import StorageError
from mem.core.fsio import atomic_write_bytes, atomic_write_text, fsync_dir
from mem.core.wording import plural

PENDING_DIR = ".mem/pending-write"
JOURNAL = "journal.json"
INDEX_LOCK_WAIT_S = 3.0


def pending(workspace: Path) -> Path:
    return Path(workspace) / PENDING_DIR


def begin(workspace: Path, files: Iterable[str], *, base: str | None, op: str) -> None:
    """Save the current bytes of ``files`` and write the journal (the journal last, durably)."""
    folder = pending(workspace)
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "saved").mkdir(parents=True)
    entries = []
    for n, rel in enumerate(sorted(set(files))):
        path = Path(workspace) / rel
        saved = None
        if path.is_file():
            saved = f"saved/{n}"
            shutil.copyfile(path, folder / saved)
        entries.append({"path": rel, "saved": saved})
    fsync_dir(folder / "saved")
    atomic_write_text(folder / JOURNAL, json.dumps({"op": op, "base": base, "pid": os.getpid(),
                                                    "files": entries}, indent=1) + "\n")
    fsync_dir(folder)


def end(workspace: Path) -> None:
    """The write is committed (or rolled back in-process): forget the journal."""
    folder = pending(workspace)
    (folder / JOURNAL).unlink(missing_ok=True)
    shutil.rmtree(folder, ignore_errors=True)


def mark_failed(workspace: Path, reason: str) -> None:
    """The write failed in-process and put its files back, but could not clear git's staging (``reason``): the
    journal stays for the next command, which says a failed write is being cleaned up, not an interrupted one."""
    path = pending(workspace) / JOURNAL
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["failed"] = reason[:300]
    atomic_write_text(path, json.dumps(entry, indent=1) + "\n")


def needs_recovery(workspace: Path) -> bool:
    return pending(workspace).exists()


def recover(workspace: Path) -> str | None:
    """Settle a write interrupted by a crash; what was done, or None when there was nothing to do.

    The caller holds the workspace's write lock (so no live writer owns the journal).
    """
    from mem.wiki import gitrepo

    workspace = Path(workspace)
    folder = pending(workspace)
    journal_path = folder / JOURNAL
    if not journal_path.is_file():
        shutil.rmtree(folder, ignore_errors=True)  # killed while saving copies: nothing was touched
        return None
    try:
        journal = json.loads(journal_path.read_text(encoding="utf-8"))
        entries = [(str(e["path"]), e.get("saved")) for e in journal["files"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise StorageError(f"cannot read the journal of an interrupted write ({journal_path}): {exc}; "
                           f"inspect `git -C {workspace} status`, then remove {folder}") from exc
    what = str(journal.get("op", "write"))
    failed = journal.get("failed")
    _wait_for_git(workspace, what, failed=bool(failed))
    paths = [rel for rel, _ in entries]
    head = gitrepo.head_sha(workspace)
    if head is not None and head != journal.get("base") and all(
            gitrepo.matches_head(workspace, rel) for rel in paths):
        end(workspace)
        return f"an interrupted {journal.get('op', 'write')} had committed {head[:10]}; finished it"
    for rel, saved in entries:
        path = workspace / rel
        if saved:
            atomic_write_bytes(path, (folder / saved).read_bytes())
        else:
            path.unlink(missing_ok=True)
        _drop_temp_files(path.parent, path.name)
    gitrepo.unstage(workspace, paths)
    end(workspace)
    if failed:
        return (f"cleaned up after the {what} that failed earlier (it had reported its error; nothing of it was "
                "committed): git's staging of its files cleared")
    return f"an interrupted {what} was rolled back: {plural(len(paths), 'file')} restored to the last commit"


def _wait_for_git(workspace: Path, what: str, *, failed: bool) -> None:
    from mem.wiki import gitrepo

    # a git child of the killed process may still be finishing its commit
    lock = gitrepo.index_lock(workspace, wait=INDEX_LOCK_WAIT_S)
    if lock is None:
        return
    # the lock may be the interrupted mem's own git, killed with it, or another tool's: only a person can tell
    pending_write = (f"a mem {what} that failed on it (and said so) waits to clear git's staging" if failed else
                     f"a mem {what} was interrupted and waits to be settled")
    raise StorageError(f"{gitrepo.index_lock_held(workspace, lock, advice=False)}; {pending_write}. "
                       f"If no git process is running, recover with: rm {lock} && mem --workspace {workspace} lint")


def _drop_temp_files(folder: Path, name: str) -> None:
    """Remove the temporary files of an atomic write the crash cut short (``.<name>.XXXX.tmp``)."""
    if folder.is_dir():
        for stray in folder.glob(f".{name}.*.tmp"):
            stray.unlink(missing_ok=True)
