"""What `mem lint` reads from git: page lineages (with renames) in ONE log walk, and tracked files.

One ``git log --name-status -M`` over ``policies/`` and ``knowhow/`` gives every page's commits,
following renames, so the version check and the rename map cost one git process for the whole
wiki. File contents are read only for pages with more than one state (through gitpython's
persistent ``cat-file --batch`` process), so a wiki of freshly ingested pages costs almost nothing.
gitpython is imported lazily: ``mem --help`` never loads it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from mem.core.errors import StorageError

if TYPE_CHECKING:
    from git import Repo

PAGE_FOLDERS = ("policies", "knowhow")


@dataclass
class History:
    """Page lineages and renames of one workspace repository."""

    # current workspace-relative path → [(commit sha, path at that commit)], oldest first
    lineages: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    # old page id → new page id, in commit order (chains are resolved by ``renamed_to``)
    renames: dict[str, str] = field(default_factory=dict)
    modified: set[str] = field(default_factory=set)  # paths that differ from HEAD in the working tree
    untracked: set[str] = field(default_factory=set)  # page files git does not know at all
    # page paths deleted (``git rm``) and not made again: path → [(commit sha, path at that commit)] of the
    # lineage up to the last commit that still had the page, then the deleting commit (``deleted_in``)
    removed: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    deleted_in: dict[str, str] = field(default_factory=dict)
    repo: Repo | None = None
    # commit → parent commits of HEAD's history, read on first use (one ``git rev-list --parents``)
    _parents: dict[str, list[str]] | None = field(default=None, repr=False)
    # commit → message, for the commits of HEAD's history whose message records a take-over (read on first use)
    _takeover_messages: dict[str, str] | None = field(default=None, repr=False)

    def parents(self) -> dict[str, list[str]]:
        """Every commit of HEAD's history → its parents (empty when git cannot tell)."""
        import git

        if self._parents is None:
            self._parents = {}
            if self.repo is not None:
                try:
                    out = self.repo.git.rev_list("--parents", "HEAD")
                except (git.GitCommandError, ValueError, OSError):
                    out = ""
                for line in out.splitlines():
                    shas = line.split()
                    if shas:
                        self._parents[shas[0]] = shas[1:]
        return self._parents

    def nearest(self, sha: str, among: set[str]) -> set[str]:
        """The commits of ``among`` reached first walking back from ``sha``'s parents along every branch: on
        each line of history the last commit of ``among`` before ``sha`` (a merge has one per side)."""
        parents = self.parents()
        found: set[str] = set()
        seen: set[str] = set()
        stack = list(parents.get(sha, []))
        while stack:
            commit = stack.pop()
            if commit in seen:
                continue
            seen.add(commit)
            if commit in among:
                found.add(commit)
                continue  # that branch's history before it is what it already was compared with
            stack.extend(parents.get(commit, []))
        return found

    def takeover_messages(self, marker: str) -> dict[str, str]:
        """Commit → message for the commits of HEAD's history whose message contains ``marker``."""
        import git

        if self._takeover_messages is None:
            self._takeover_messages = {}
            if self.repo is not None:
                try:
                    out = self.repo.git.log("--fixed-strings", f"--grep={marker}", "--format=%x1e%H%n%B", "HEAD")
                except (git.GitCommandError, ValueError, OSError):
                    out = ""
                for record in out.split("\x1e"):
                    sha, _, message = record.strip("\n").partition("\n")
                    if sha:
                        self._takeover_messages[sha.strip()] = message
        return self._takeover_messages

    def descends(self, newer: str, older: str) -> bool:
        """Whether ``older`` is ``newer`` or in its history, read from the parent map (no git process)."""
        parents = self.parents()
        seen: set[str] = set()
        stack = [newer]
        while stack:
            commit = stack.pop()
            if commit == older:
                return True
            if commit in seen:
                continue
            seen.add(commit)
            stack.extend(parents.get(commit, []))
        return False

    def renamed_to(self, old_id: str) -> str | None:
        """The id a page called ``old_id`` carries now (following chains), or None."""
        seen = {old_id}
        current = self.renames.get(old_id)
        while current is not None and current in self.renames and current not in seen:
            seen.add(current)
            current = self.renames[current]
        return current

    def message(self, sha: str) -> str:
        """The full message of commit ``sha`` ("" when it cannot be read)."""
        import git

        if self.repo is None:  # no git repository: no commit can be read
            return ""
        try:
            return str(self.repo.commit(sha).message)
        except (git.GitCommandError, ValueError, OSError):
            return ""

    def is_ancestor(self, older: str, newer: str) -> bool:
        """Whether commit ``older`` is in the history of ``newer`` (False when it cannot be told)."""
        import git

        if self.repo is None:
            return False
        try:
            return bool(self.repo.is_ancestor(self.repo.commit(older), self.repo.commit(newer)))
        except (git.GitCommandError, ValueError, OSError):
            return False

    def blob(self, sha: str, path: str) -> str | None:
        """The text of ``path`` at commit ``sha`` (None when it cannot be read)."""
        import git

        if self.repo is None:
            return None
        try:
            _, _, _, data = self.repo.git.get_object_data(f"{sha}:{path}")
        except (git.GitCommandError, ValueError, OSError):
            return None
        return data.decode("utf-8", errors="replace")


def open_repo(workspace: Path) -> Repo | None:
    """The workspace's gitpython ``Repo``, or None when the workspace is not a git repository."""
    if not (workspace / ".git").exists():
        return None
    import git

    try:
        return git.Repo(workspace)
    except git.GitError as exc:
        raise StorageError(f"cannot open the git repository of {workspace}: {exc}") from exc


def read_history(repo: Repo) -> History:
    """Walk the log of the page folders once (renames followed) and note uncommitted changes."""
    import git

    history = History(repo=repo)
    try:
        status = repo.git.status("--porcelain", "--no-renames", "--untracked-files=all", "--", *PAGE_FOLDERS)
    except git.GitCommandError as exc:
        from mem.core.fsio import full_disk

        detail = exc.stderr.strip() or str(exc)
        full = full_disk(Path(repo.working_dir), detail)  # git's "write error. Out of diskspace": mem's one line
        raise StorageError(f"git status failed: {full}" if full else
                           f"git status failed in {repo.working_dir}: {detail}") from exc
    lines = [line for line in status.splitlines() if len(line) > 3]
    history.modified = {line[3:].strip().strip('"') for line in lines}
    history.untracked = {line[3:].strip().strip('"') for line in lines if line.startswith("??")}
    try:
        repo.head.commit  # noqa: B018 - raises on a repository without commits
    except ValueError:
        return history
    try:
        # --full-history: by default git drops the side of a merge whose result equals the other side, and
        # with it a "version 2" that side's clone gave another text (NEWUSER_REPORT15 #3)
        # --date-order: a parent before its children (lineages replay renames and deletions in order)
        out = repo.git.log("--reverse", "--full-history", "--date-order", "-M", "--name-status",
                           "--format=%x1e%H", "--", *PAGE_FOLDERS)
    except git.GitCommandError as exc:
        raise StorageError(f"git log failed in {repo.working_dir}: {exc.stderr.strip() or exc}") from exc
    _walk(history, out)
    return history


def _walk(history: History, out: str) -> None:
    lineages = history.lineages
    deleted: dict[str, list[tuple[str, str]]] = {}
    for record in out.split("\x1e"):
        lines = [line for line in record.splitlines() if line.strip()]
        if not lines:
            continue
        sha = lines[0].strip()
        for line in lines[1:]:
            parts = line.split("\t")
            code = parts[0][:1]
            if code == "R" and len(parts) == 3:
                old, new = parts[1], parts[2]
                lineage = lineages.pop(old, [])
                lineage.append((sha, new))
                lineages[new] = lineage
                old_id, new_id = PurePosixPath(old).stem, PurePosixPath(new).stem
                if old_id != new_id:
                    history.renames[old_id] = new_id
                    history.renames.pop(new_id, None)
            elif code == "D" and len(parts) == 2:
                # kept: a page made again under this name is the same page id, and facts cite its old
                # versions — starting again at version 1 gave one number to two texts
                deleted[parts[1]] = lineages.pop(parts[1], [])
                history.deleted_in[parts[1]] = sha
            elif code in "AC" and len(parts) >= 2:
                # on branches a merge joined, both sides may add the page: one lineage, so lint compares them
                lineages[parts[-1]] = [*deleted.pop(parts[-1], []), *lineages.get(parts[-1], []), (sha, parts[-1])]
            elif len(parts) == 2:
                # a change on one branch after another branch deleted the page continues its lineage
                lineages.setdefault(parts[1], deleted.pop(parts[1], [])).append((sha, parts[1]))
    history.removed = {path: lineage for path, lineage in deleted.items() if path not in lineages}
    history.deleted_in = {path: sha for path, sha in history.deleted_in.items() if path in history.removed}


# Files that hold customer memory or request logs: they never belong in the workspace repository.
_DB_SUFFIXES = (".db", ".sqlite", ".sqlite3", ".db-wal", ".db-shm", ".db-journal")
_LOG_SUFFIXES = (".jsonl", ".ndjson", ".log")


def customer_data_files(tracked: Iterable[str]) -> list[tuple[str, str]]:
    """``(path, why)`` for tracked paths that look like customer data."""
    found = []
    for path in tracked:
        parts = PurePosixPath(path).parts
        lower = path.lower()
        if lower.endswith(_DB_SUFFIXES):
            found.append((path, "a database file (customer memory is SQLite)"))
        elif "customers" in parts[:-1]:
            found.append((path, "a file under a customers/ folder"))
        elif "logs" in parts[:-1] and parts[0] != "sources":
            found.append((path, "a file under a logs/ folder (request logs)"))
        elif parts and parts[0] == ".mem":
            found.append((path, "server state under .mem/ (vault, evidence, intake)"))
        elif lower.endswith(_LOG_SUFFIXES) and parts[0] != "sources":
            found.append((path, "a request or conversation log"))
    return found


def tracked_files(repo: Repo) -> list[str]:
    import git

    try:
        out = repo.git.ls_files("-z")
    except git.GitCommandError as exc:
        raise StorageError(f"git ls-files failed in {repo.working_dir}: {exc.stderr.strip() or exc}") from exc
    return [p for p in out.split("\0") if p]
