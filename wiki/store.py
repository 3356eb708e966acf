"""The folder store: pages under ``policies/`` and ``knowhow/`` of a workspace, written as one commit.

``Wiki.write`` is the only way mem changes pages: it validates every page first (bad input writes
nothing), writes each changed file atomically, regenerates ``index.md``, appends to ``log.md`` and
makes ONE git commit holding exactly those files. If the commit fails the files are put back, so
the folder never disagrees with its history. A lock file under ``.mem/`` serialises writers.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import fcntl
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mem.core import clock, lock_holders
from mem.core.errors import (
    Conflict,
    InvalidInput,
    LockTimeout,
    MemError,
    MemWarning,
    NotFound,
    Refused,
    StorageError,
)
from mem.core.fsio import atomic_write_bytes, atomic_write_text
from mem.core.ids import validate_name
from mem.wiki import gitrepo, journal
from mem.wiki.index import FOLDERS, INDEX_FILE, is_page_file_name, render_index
from mem.wiki.page import Page, parse_page, render_page, validate_meta

LOG_FILE = "log.md"
STATE_DIR = ".mem"
LOCK_WAIT_S = 30.0
ANY_HEAD = object()  # Wiki.write's default: write whatever HEAD is


class HeadMoved(Conflict):
    """HEAD is no longer the commit a writer planned against (another process committed meanwhile)."""


@dataclass(frozen=True)
class WriteResult:
    """What one ``Wiki.write`` did: the commit (``None`` = nothing changed) and the files it touched."""

    commit: str | None
    changed: list[str] = field(default_factory=list)


class Wiki:
    """The pages of one workspace folder."""

    def __init__(self, workspace: Path) -> None:
        self.workspace = Path(workspace)
        self._cache: dict[Path, tuple[int, int, Page]] = {}
        self._locked_by: threading.Thread | None = None  # the thread holding this object's lock (``lock``)

    def folder(self, type: str) -> Path:
        if type not in FOLDERS:
            raise InvalidInput(f"unknown page type {type!r} (policy or knowhow)")
        return self.workspace / FOLDERS[type]

    def page_files(self, type: str | None = None) -> list[Path]:
        kinds = [type] if type else list(FOLDERS)
        files: list[Path] = []
        for kind in kinds:
            folder = self.folder(kind)
            try:
                # scandir knows each entry's type without a stat; glob + is_file + sorting Paths was a
                # tenth of a one-shot `mem ask` on a 1,000-page workspace
                with os.scandir(folder) as entries:
                    names = sorted(e.name for e in entries if is_page_file_name(e.name) and e.is_file())
            except (FileNotFoundError, NotADirectoryError):
                continue
            files += [folder / name for name in names]
        return files

    def pages(self, type: str | None = None, *, skip_invalid: bool = False,
              on_invalid: Callable[[str], None] | None = None) -> list[Page]:
        """Every page (of one type), sorted by id; an invalid page raises unless ``skip_invalid`` or
        ``on_invalid``, which is then told each skipped page's one-line reason (its file named first)."""
        result = []
        for path in self.page_files(type):
            try:
                result.append(self._load(path))
            except InvalidInput as exc:
                if on_invalid is not None:
                    on_invalid(exc.message)
                elif not skip_invalid:
                    raise
        return sorted(result, key=lambda p: (p.type, p.id))

    def _load(self, path: Path) -> Page:
        # Parsed pages are cached by (mtime, size) so agents and search re-read only what changed.
        try:
            stat = path.stat()
            cached = self._cache.get(path)
            if cached and cached[0] == stat.st_mtime_ns and cached[1] == stat.st_size:
                return _copy(cached[2])
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise StorageError(f"cannot read {path}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{self._rel(path)}: not UTF-8 text") from exc
        page = parse_page(text, path=path)
        expected = FOLDERS[page.type]
        if path.parent.name != expected or path.stem != page.id:
            raise InvalidInput(f"{self._rel(path)}: a {page.type} page with id {page.id!r} belongs in "
                               f"{expected}/{page.id}.md")
        self._cache[path] = (stat.st_mtime_ns, stat.st_size, page)
        return _copy(page)

    def get(self, page_id: str) -> Page:
        return self._load(self.path_of(page_id))

    def exists(self, page_id: str) -> bool:
        return _possible_id(page_id) and any((self.folder(kind) / f"{page_id}.md").is_file() for kind in FOLDERS)

    def path_of(self, page_id: str, type: str | None = None) -> Path:
        """The file of page ``page_id``; with ``type``, where it would live even if it does not exist yet."""
        if not _possible_id(page_id):  # "../x", a 5,000-character id: no page has it (and no file name can)
            if type:
                validate_name(page_id, what="page id")
            raise NotFound(f"no page {page_id[:80]!r} in {self.workspace} (see `mem pages list`)")
        for kind in ([type] if type else list(FOLDERS)):
            path = self.folder(kind) / f"{page_id}.md"
            if path.is_file() or type:
                return path
        raise NotFound(f"no page {page_id!r} in {self.workspace} (see `mem pages list`)")

    def _rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.workspace).as_posix()
        except ValueError:
            return str(path)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the workspace's write lock (other mem processes wait up to 30 s).

        Re-entrant for this object in the thread that holds it: an ingest of several documents holds the lock
        from its checks through its last commit, and each ``write`` inside it takes it again without waiting
        (another ``Wiki`` object of the same workspace still waits, as another process does)."""
        if self._locked_by is threading.current_thread():
            yield
            return
        with workspace_lock(self.workspace):
            self._locked_by = threading.current_thread()
            try:
                yield
            finally:
                self._locked_by = None

    def write(
        self,
        pages: Sequence[Page] = (),
        *,
        op: str,
        message: str,
        log_title: str | None = None,
        log_lines: Sequence[str] = (),
        files: Mapping[str, bytes] | None = None,
        delete: Sequence[str] = (),
        author: str | None = None,
        expect_head: object = ANY_HEAD,
        record: bool = False,
    ) -> WriteResult:
        """Write pages (and other workspace files, e.g. ``sources/x.pdf``) as one commit.

        ``op`` and ``log_title`` make the ``log.md`` entry ``## [YYYY-MM-DD] op | title``;
        ``message`` is the commit message; ``delete`` lists page ids to remove. Nothing changed →
        nothing written, no log entry, no commit (``WriteResult(None, [])``).

        ``expect_head``: the commit (``None``: no commit yet) the pages were planned against; checked under
        the lock, and ``HeadMoved`` (nothing written) when another writer committed since.

        ``record``: commit the ``log.md`` entry even when no other file changed — a decision that changes no page
        (rejecting a know-how proposal, reopening it) is still one reviewable commit by its author.
        """
        targets: dict[str, bytes] = {}
        for page in pages:
            problems = validate_meta(page.full_meta())
            if problems:
                raise InvalidInput(f"page {page.id!r}: invalid frontmatter: {'; '.join(problems[:3])}")
            if page.type not in FOLDERS:
                raise InvalidInput(f"page {page.id!r}: unknown type {page.type!r}")
            other = [k for k in FOLDERS if k != page.type and (self.folder(k) / f"{page.id}.md").is_file()]
            if other:
                raise Conflict(f"page id {page.id!r} is already used by a {other[0]} page")
            targets[f"{FOLDERS[page.type]}/{page.id}.md"] = render_page(page).encode("utf-8")
        for rel in (files or {}):
            if Path(rel).is_absolute() or ".." in Path(rel).parts:
                raise InvalidInput(f"not a workspace-relative path: {rel}")
            targets[rel] = files[rel]  # type: ignore[index]
        removals = [self._rel(self.path_of(page_id)) for page_id in delete]

        with self.lock():
            self._recover()
            refuse_unfinished_git(self.workspace)
            if expect_head is not ANY_HEAD and gitrepo.head_sha(self.workspace) != expect_head:
                raise HeadMoved(f"{self.workspace} changed while this write was planned (another mem process?)")
            changed = [rel for rel, data in targets.items() if _read_bytes(self.workspace / rel) != data
                       # a file already holding these bytes is still written into the commit when HEAD has
                       # others: `mem ingest sources/x.md` committed the pages and left the source uncommitted
                       or rel in (files or {}) and not gitrepo.matches_head(self.workspace, rel)]
            changed += [rel for rel in removals if (self.workspace / rel).exists()]
            if not changed and not record:
                return WriteResult(None, [])
            from mem.wiki.merge_attributes import upgraded
            from mem.wiki.source_bytes import GITATTRIBUTES_FILE

            attributes = upgraded(self.workspace)  # a workspace made before log.md merged by union gets it now
            if attributes is not None and GITATTRIBUTES_FILE not in changed:
                targets[GITATTRIBUTES_FILE] = attributes
                changed.append(GITATTRIBUTES_FILE)
            # git's index lock, left by another tool, made `git add` fail after the files were written, and the
            # journal then blamed "an interrupted mem write" (NEWUSER_REPORT23 #2): refused before writing anything
            stale = gitrepo.index_lock(self.workspace)
            if stale is not None:
                raise StorageError(f"cannot commit: {gitrepo.index_lock_held(self.workspace, stale)} "
                                   "(nothing was written)")
            backup = {rel: _read_bytes(self.workspace / rel) for rel in [*changed, INDEX_FILE, LOG_FILE]}
            # A kill -9 from here on is settled by the next mem command (mem.wiki.journal).
            journal.begin(self.workspace, backup, base=gitrepo.head_sha(self.workspace), op=op)
            try:
                for rel in changed:
                    if rel in removals:
                        (self.workspace / rel).unlink()
                    else:
                        atomic_write_bytes(self.workspace / rel, targets[rel])
                atomic_write_text(self.workspace / INDEX_FILE, self.index_text())
                self._append_log(op, log_title or message, log_lines)
                sha = gitrepo.commit(self.workspace, [*changed, INDEX_FILE, LOG_FILE], message, author=author)
            except BaseException:
                for rel, data in backup.items():
                    path = self.workspace / rel
                    if data is None:
                        path.unlink(missing_ok=True)
                    else:
                        atomic_write_bytes(path, data)
                try:
                    gitrepo.unstage(self.workspace, list(backup))  # what `git add` staged before the failure
                    journal.end(self.workspace)
                except MemError as failed:
                    # the files are back; the journal stays for the staging git refused to clear (an index lock
                    # another git process took meanwhile), marked as a failure this command reports, not a crash
                    with contextlib.suppress(OSError, ValueError):
                        journal.mark_failed(self.workspace, failed.message)
                raise
            journal.end(self.workspace)
            if sha:
                _warn_if_detached(self.workspace, sha)
            return WriteResult(sha, sorted(changed))

    def recover(self) -> str | None:
        """Finish or roll back a write a crash interrupted (see ``mem.wiki.journal``); what was done."""
        if not journal.needs_recovery(self.workspace):
            return None
        with self.lock():
            return self._recover()

    def _recover(self) -> str | None:
        done = journal.recover(self.workspace) if journal.needs_recovery(self.workspace) else None
        if done:
            self._cache.clear()
        return done

    def index_text(self) -> str:
        """``index.md`` for the pages as they are; a page that cannot be read keeps its row (``render_index``)."""
        valid: list[Page] = []
        unreadable: list[str] = []
        for path in self.page_files():
            try:
                valid.append(self._load(path))
            except InvalidInput:
                unreadable.append(self._rel(path))
        previous = _read_bytes(self.workspace / INDEX_FILE) if unreadable else None
        return render_index(valid, unreadable=unreadable,
                            previous=previous.decode("utf-8", "replace") if previous is not None else None)

    def regenerate_index(self, *, message: str = "index: regenerate the table of contents") -> WriteResult:
        """Rewrite ``index.md`` from the pages (one commit when it changed)."""
        text = self.index_text().encode("utf-8")
        if _read_bytes(self.workspace / INDEX_FILE) == text:
            return WriteResult(None, [])
        return self.write(op="index", message=message, files={INDEX_FILE: text}, log_title="index.md regenerated")

    def _append_log(self, op: str, title: str, lines: Sequence[str]) -> None:
        path = self.workspace / LOG_FILE
        current = path.read_text(encoding="utf-8") if path.exists() else "# Log\n"
        entry = f"\n## [{clock.today().isoformat()}] {op} | {' '.join(title.split())}\n"
        if lines:
            entry += "\n" + "".join(f"- {line}\n" for line in lines)
        atomic_write_text(path, current.rstrip("\n") + "\n" + entry)


@contextlib.contextmanager
def workspace_lock(workspace: Path, *, shared: bool = False) -> Iterator[None]:
    """Hold the workspace's lock: exclusive for a writer (``Wiki.write``, an ingest's checks), ``shared``
    for a reader that needs the working files and git to agree (``mem lint``, ``mem bundle build``).

    A writer puts its files on disk and commits them while it holds the lock, so between the two another
    process saw "modified but not committed" files, or a page at a version below the one in a commit.
    Readers share the lock with each other and wait for a writer (up to 30 s), and a writer waits for them.
    """
    state = Path(workspace) / STATE_DIR
    if shared and not state.is_dir():  # no mem process has written here (a CI checkout): nothing to wait for
        yield
        return
    state.mkdir(exist_ok=True)
    with contextlib.ExitStack() as held:
        try:
            fh = held.enter_context(open(state / "wiki.lock", "a+"))
        except OSError:
            if not shared:
                raise
            fh = None  # a read-only checkout: no mem process can write there either
        wait = LOCK_WAIT_S
        deadline = time.monotonic() + wait
        while fh is not None:
            try:
                fcntl.flock(fh, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
                held.callback(fcntl.flock, fh, fcntl.LOCK_UN)
                if not shared:
                    lock_holders.record(fh)  # names this writer to a process that gives up waiting for it
                break
            except BlockingIOError as exc:
                if time.monotonic() > deadline:
                    raise LockTimeout(busy_message(Path(workspace), wait, shared=shared)) from exc
                time.sleep(0.05)
        yield


def busy_message(workspace: Path, waited: float, *, shared: bool) -> str:
    """Why the workspace's lock was not had within ``waited`` s: who holds it (pid, command, since when,
    stopped or not), how long this process waited, and what to do (NEWUSER_REPORT23 #7)."""
    lock = workspace / STATE_DIR / "wiki.lock"
    found = lock_holders.holders(lock)  # a wait that gave up holds nothing: a holder with our pid is this process
    writers = [h for h in found if h.exclusive]
    shown = writers or found
    doing = "writing" if writers or not found else "reading"
    if not shown:
        who = f"another process holds its lock ({lock}), which this system does not name"
    else:
        named = [f"this process itself (pid {h.pid}: another Wiki.lock() or reader open in it)" if h.pid == os.getpid()
                 else h.describe() for h in shown[:3]]
        who = "held by " + "; ".join(named) + (" …" if len(shown) > 3 else "")
    stopped = [h for h in shown if h.stopped]
    if stopped:
        pids = " ".join(str(h.pid) for h in stopped)
        advice = (f"resume it (`fg` in its terminal, or kill -CONT {pids}) or end it (kill {pids}), "
                  "then run this command again")
    else:
        advice = "run this command again when it has finished"
    return f"another process is {doing} {workspace}: waited {waited:g}s for its lock, {who}; {advice}"


def reading(workspace: Path) -> contextlib.AbstractContextManager[None]:
    """The workspace's lock shared with other readers: files and commits stay as one writer left them."""
    return workspace_lock(workspace, shared=True)


def refuse_unfinished_git(workspace: Path) -> None:
    """Refuse, with the fix, while a git merge (cherry-pick, revert) waits for the operator: mem's commit
    of only its own paths would fail then with git's bare "cannot do a partial commit during a merge"."""
    pending = gitrepo.unfinished_operation(workspace)
    if pending:
        finish = f"git {pending} --continue" if pending in ("rebase", "am") else "git commit"
        raise Refused(f"a git {pending} is in progress in {workspace}: finish it (resolve the conflicts, git add, "
                      f"{finish}) or abort it (git {pending} --abort), then run this mem command again")


class DetachedHead(MemWarning):
    """mem committed on a detached HEAD: the commit is on no branch."""


def _warn_if_detached(workspace: Path, sha: str) -> None:
    """A commit on a detached HEAD is left behind at the next checkout. Warned, not refused: a CI job checks
    out a commit detached and may ingest, then push ``HEAD:main`` — that is a workflow, not a mistake."""
    if gitrepo.detached_head(workspace):
        warnings.warn(DetachedHead(f"HEAD is detached: commit {sha[:12]} is on no branch and is left behind at "
                                   f"the next checkout; keep it with `git switch -c NAME` (or `git branch NAME "
                                   f"{sha[:12]}`)"), stacklevel=3)


def _copy(page: Page) -> Page:
    """Callers may edit the page they get; the cached one must stay as the file says."""
    return dataclasses.replace(page, meta=copy.deepcopy(page.meta))


def _read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {exc.strerror}") from exc


def _possible_id(page_id: str) -> bool:
    try:
        validate_name(page_id, what="page id")
    except InvalidInput:
        return False
    return True
