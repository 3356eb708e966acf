"""The workspace's git repository, through gitpython (imported lazily): init, commit, history reads.

Every commit sets author and committer explicitly, so mem works on a fresh machine without a global
git identity: ``GIT_AUTHOR_*``/``GIT_COMMITTER_*`` from the environment when set, else the
repository's (or the user's) ``user.name``/``user.email``, else ``mem <mem@localhost>``.
Errors from git become ``StorageError`` with git's own first line.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mem.core import clock
from mem.core.errors import NotFound, StorageError

DEFAULT_IDENTITY = ("mem", "mem@localhost")


@dataclass(frozen=True)
class Commit:
    sha: str
    date: str  # ISO 8601 committer date
    message: str
    path: str = ""  # the file's path in this commit (it may have been renamed since)
    authored: str = ""  # ISO 8601 author date: when mem wrote it (``MEM_NOW`` when set, see ``commit``)


def _repo(workspace: Path) -> Any:
    import git

    try:
        return git.Repo(workspace)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError) as exc:
        raise NotFound(f"{workspace} is not a git repository (was it made with `mem init`?)") from exc


def _run(workspace: Path, *args: str, env: dict[str, str] | None = None, strip: bool = True) -> str:
    import git

    repo = _repo(workspace)
    try:
        return repo.git.execute(["git", *args], env=env, strip_newline_in_stdout=strip)
    except git.GitCommandError as exc:
        detail = (exc.stderr or str(exc)).strip().splitlines()
        line = next((d.strip() for d in detail if d.strip()), "git failed")
        if "index.lock" in line and "File exists" in line:
            # git's advice ("remove the file manually") came on the lines after the first, which were cut
            lock = Path(repo.git_dir) / "index.lock"
            raise StorageError(f"git {args[0]} failed: {index_lock_held(workspace, lock)}") from exc

        from mem.core.fsio import full_disk

        full = full_disk(workspace, " ".join(detail))  # git's "write error. Out of diskspace": mem's one line
        if full:
            raise StorageError(f"git {args[0]} failed: {full}") from exc
        raise StorageError(f"git {args[0]} failed: {line.removeprefix('stderr: ').strip(chr(39))}") from exc


INDEX_LOCK_WAIT_S = 3.0  # a git command (the operator's, an editor's) that holds the index lock finishes in this


def index_lock(workspace: Path, *, wait: float | None = None) -> Path | None:
    """git's ``index.lock`` of the workspace when it is there (after waiting up to ``wait`` s for it to go), else
    None (``wait`` default: ``INDEX_LOCK_WAIT_S``). git makes it while a command changes the index and removes it
    after; one that stays was left by a git process still running (an editor's, a commit waiting for its
    message) or that was killed."""
    lock = Path(_repo(workspace).git_dir) / "index.lock"
    deadline = time.monotonic() + (INDEX_LOCK_WAIT_S if wait is None else wait)
    while lock.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return lock if lock.exists() else None


def index_lock_held(workspace: Path, lock: Path, *, advice: bool = True) -> str:
    """What git's index lock in the way means, and (``advice``) the command that clears it."""
    try:
        age = f" (made {_age(time.time() - lock.stat().st_mtime)} ago)"
    except OSError:
        age = ""
    said = (f"{lock} exists{age}: another git process is using {workspace} (an editor, a git command still "
            "running) or one was killed and left it")
    if advice:
        said += f"; if no git process is running there, remove it with `rm {lock}` and run this command again"
    return said


def _age(seconds: float) -> str:
    seconds = max(seconds, 0.0)
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.0f} h"
    return f"{seconds / 86400:.0f} days"


def init_repo(workspace: Path) -> None:
    import git

    try:
        git.Repo.init(workspace)
    except git.GitError as exc:
        raise StorageError(f"cannot create a git repository in {workspace}: {exc}") from exc


def identity_env(workspace: Path, author: str | None = None) -> dict[str, str]:
    """Author/committer variables for one commit (``author`` as ``Name <email>`` overrides)."""
    name, email = _configured_identity(workspace)
    if author:
        if "<" in author and author.rstrip().endswith(">"):
            name, email = author.split("<", 1)[0].strip() or name, author.split("<", 1)[1].rstrip(" >")
        else:
            name = author.strip()
    env = dict(os.environ)
    chosen = {"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email, "GIT_COMMITTER_NAME": name,
              "GIT_COMMITTER_EMAIL": email}
    for key, value in chosen.items():
        # git's own precedence: identity variables already in the environment win over config,
        # except the author mem was explicitly asked to record.
        if author and key.startswith("GIT_AUTHOR") or not env.get(key):
            env[key] = value
    return env


def _configured_identity(workspace: Path) -> tuple[str, str]:
    repo = _repo(workspace)
    try:
        reader = repo.config_reader()
        name = reader.get_value("user", "name", default="")
        email = reader.get_value("user", "email", default="")
    except Exception:  # noqa: BLE001 - an unreadable config only means "no identity configured"
        name = email = ""
    if name and email:
        return str(name), str(email)
    return DEFAULT_IDENTITY


def commit(workspace: Path, paths: Iterable[str], message: str, *, author: str | None = None) -> str | None:
    """Stage ``paths`` (workspace-relative, deletions included) and commit only them.

    Returns the new commit's sha, or ``None`` when none of them changed.
    """
    paths = sorted(set(paths))
    if not paths:
        return None
    present = [p for p in paths if (Path(workspace) / p).exists()]
    gone = [p for p in paths if p not in present]
    if present:
        _run(workspace, "add", "-A", "--", *present)
    if gone:
        _run(workspace, "rm", "--cached", "--quiet", "--ignore-unmatch", "--", *gone)
    changed = [line for line in _run(workspace, "diff", "--cached", "--name-only", "--no-renames", "--", *paths)
               .splitlines() if line]
    if not changed:
        return None
    args = ["commit", "--quiet", "--no-verify", "-m", message]
    # Only these paths: whatever else the operator has staged stays out of mem's commit.
    args += ["--", *changed] if _has_head(workspace) else []
    env = identity_env(workspace, author)
    if clock.is_frozen() and not env.get("GIT_AUTHOR_DATE"):
        # a back-dated run (MEM_NOW) is written when mem's clock says, as log.md and the page's dates are; the
        # committer date stays the real one, which git orders its history by
        env["GIT_AUTHOR_DATE"] = clock.isoformat(clock.now())
    _run(workspace, *args, env=env)
    return _run(workspace, "rev-parse", "HEAD")


#: git's marker files (in the git dir) of an operation waiting for the operator. ``rebase-apply`` is also
#: ``git am``'s folder, which says so with an ``applying`` file in it.
_UNFINISHED = (("MERGE_HEAD", "merge"), ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert"),
               ("rebase-merge", "rebase"), ("rebase-apply/applying", "am"), ("rebase-apply", "rebase"))


def unfinished_operation(workspace: Path) -> str | None:
    """``"merge"``, ``"cherry-pick"``, ``"revert"``, ``"rebase"`` or ``"am"`` while one waits for the operator,
    else None.

    git refuses a commit of chosen paths during a merge ("cannot do a partial commit during a merge"), and
    mem commits only the paths it wrote; during a rebase the commit went *into* the rebase, between the
    commits being replayed, and numbered its pages against half-replayed history."""
    git_dir = Path(_repo(workspace).git_dir)
    return next((what for marker, what in _UNFINISHED if (git_dir / marker).exists()), None)


def detached_head(workspace: Path) -> bool:
    """Whether HEAD names a commit rather than a branch (``git checkout <sha>``, a CI checkout)."""
    repo = _repo(workspace)
    try:
        return bool(repo.head.is_detached)
    except (TypeError, ValueError):  # an unborn branch: attached to it
        return False


def current_branch(workspace: Path) -> str | None:
    """The checked-out branch's short name (``master``, ``carol-unreviewed``), or None when HEAD is detached."""
    if detached_head(workspace):
        return None
    return _run(workspace, "symbolic-ref", "--short", "HEAD")


def resolve_commit(workspace: Path, ref: str) -> str | None:
    """The commit a branch or ref names (``main``, ``origin/main``), or None when there is no such ref."""
    if not ref or ref.startswith("-"):
        return None
    try:
        return _run(workspace, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}") or None
    except StorageError:
        return None


def default_branch(workspace: Path) -> str | None:
    """The branch a team most likely releases from when none is configured: the remote's HEAD
    (``origin/main``), else git's ``init.defaultBranch``, ``main`` or ``master`` when that branch exists."""
    try:
        remote = _run(workspace, "symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD")
    except StorageError:
        remote = ""
    if remote:
        return remote
    try:
        configured = _run(workspace, "config", "--get", "init.defaultBranch")
    except StorageError:
        configured = ""
    for name in (configured, "main", "master"):
        if name and resolve_commit(workspace, f"refs/heads/{name}") is not None:
            return name
    return None


def contains(workspace: Path, ref: str, commit: str) -> bool:
    """Whether ``commit`` is on ``ref``'s history (its tip or an ancestor): merged into it."""
    import git

    try:
        _repo(workspace).git.execute(["git", "merge-base", "--is-ancestor", commit, ref])
        return True
    except git.GitCommandError as exc:
        if exc.status == 1:
            return False
        raise StorageError(f"git merge-base failed: {(exc.stderr or str(exc)).strip()}") from exc


def _has_head(workspace: Path) -> bool:
    repo = _repo(workspace)
    try:
        repo.head.commit  # noqa: B018 - raises on an unborn branch
        return True
    except ValueError:
        return False


def file_commits(workspace: Path, relpath: str) -> list[Commit]:
    """Commits that touched ``relpath``, oldest first, following renames (each with the path it had)."""
    if not _has_head(workspace):
        return []
    out = _run(workspace, "log", "--follow", "--name-only", "--format=\x1e%H\x1f%cI\x1f%aI\x1f%B\x1f", "--",
                relpath)
    commits = []
    for record in out.split("\x1e"):
        if not record.strip():
            continue
        sha, when, authored, message, names = record.split("\x1f", 4)
        path = next((n.strip() for n in names.splitlines() if n.strip()), relpath)
        commits.append(Commit(sha=sha.strip(), date=when.strip(), message=message.strip(), path=path,
                              authored=authored.strip()))
    return list(reversed(commits))


def patches_everywhere(workspace: Path, relpaths: Sequence[str], *, everywhere: bool = True) -> str:
    """``git log -p -U0`` of ``relpaths`` over every ref and the reflog ("" before the first commit):
    what was ever committed there, a commit undone by ``git reset`` included while git remembers it.
    ``everywhere=False``: over HEAD's history only (both sides of its merges)."""
    if not relpaths or not _has_head(workspace):
        return ""
    where = ("--all", "--reflog") if everywhere else ("HEAD", "--full-history")
    return _run(workspace, "log", *where, "--no-renames", "--no-ext-diff", "-U0", "-p", "--format=",
                "--", *relpaths)


def commits_in_head(workspace: Path, relpaths: Sequence[str]) -> dict[str, list[str]]:
    """Path → the commits of HEAD's history (both sides of every merge) that changed it, newest first."""
    if not relpaths or not _has_head(workspace):
        return {}
    out = _run(workspace, "log", "HEAD", "--full-history", "--no-renames", "--format=%x1e%H", "--name-only", "--",
               *relpaths)
    found: dict[str, list[str]] = {}
    for record in out.split("\x1e"):
        lines = [line.strip() for line in record.splitlines() if line.strip()]
        for rel in lines[1:]:
            found.setdefault(rel, []).append(lines[0])
    return found


def read_blobs(workspace: Path, specs: Sequence[str]) -> dict[str, bytes | None]:
    """``sha:path`` → its bytes (None where the commit has no such file), by one ``git cat-file --batch``."""
    import subprocess

    if not specs:
        return {}
    request = "".join(f"{spec}\n" for spec in specs).encode("utf-8")
    try:
        out = subprocess.run(["git", "-C", str(workspace), "cat-file", "--batch"], input=request,
                             capture_output=True, check=True).stdout
    except subprocess.CalledProcessError as exc:
        line = (exc.stderr or b"").decode("utf-8", "replace").strip().splitlines() or ["git failed"]
        raise StorageError(f"git cat-file failed: {line[0]}") from exc
    found: dict[str, bytes | None] = {}
    at = 0
    for spec in specs:
        end = out.index(b"\n", at)
        header = out[at:end].split()
        if len(header) != 3:  # "<spec> missing": the commit deleted the file
            found[spec], at = None, end + 1
            continue
        size = int(header[2])
        found[spec] = out[end + 1:end + 1 + size]
        at = end + 1 + size + 1
    return found


def last_commit_matching(workspace: Path, relpath: str, pattern: str) -> str | None:
    """The newest commit that touched ``relpath`` with a message line matching ``pattern`` (an extended regex)."""
    if not _has_head(workspace):
        return None
    return _run(workspace, "log", "-1", "-E", "--format=%H", f"--grep={pattern}", "--", relpath) or None


def show_file(workspace: Path, sha: str, relpath: str) -> str:
    return _run(workspace, "show", f"{sha}:{relpath}", strip=False)


def tracked_files(workspace: Path, pathspecs: Sequence[str] = ()) -> list[str]:
    out = _run(workspace, "ls-files", "--", *pathspecs)
    return [line for line in out.splitlines() if line]


def head_sha(workspace: Path) -> str | None:
    """The commit HEAD points to, or None on an unborn branch."""
    if not _has_head(workspace):
        return None
    return _run(workspace, "rev-parse", "HEAD")


def matches_head(workspace: Path, relpath: str) -> bool:
    """Whether the working file ``relpath`` is exactly as committed at HEAD (both absent counts)."""
    path = Path(workspace) / relpath
    if not _has_head(workspace):
        return not path.is_file()
    in_head = bool(_run(workspace, "ls-tree", "--name-only", "HEAD", "--", relpath))
    if not path.is_file():
        return not in_head
    if not in_head:
        return False
    committed = _run(workspace, "rev-parse", f"HEAD:{relpath}")
    return _run(workspace, "hash-object", "--", relpath) == committed


def unstage(workspace: Path, paths: Sequence[str]) -> None:
    """Put the index entries of ``paths`` back to HEAD's (what a killed ``git add`` left staged)."""
    if not paths:
        return
    if _has_head(workspace):
        _run(workspace, "reset", "-q", "HEAD", "--", *paths)
    else:
        _run(workspace, "rm", "--cached", "-q", "--ignore-unmatch", "--", *paths)


def uncommitted(workspace: Path, pathspecs: Sequence[str]) -> list[tuple[str, str]]:
    """``(path, how)`` for files under ``pathspecs`` that differ from HEAD (staged, modified, deleted, untracked)."""
    out = _run(workspace, "status", "--porcelain", "--no-renames", "--untracked-files=all", "--", *pathspecs)
    found = []
    for line in out.splitlines():
        if len(line) < 4:
            continue
        code, path = line[:2], line[3:].strip().strip('"')
        how = ("was never committed" if code == "??"
               else "is unmerged (a git merge is not finished)" if "U" in code or code in ("AA", "DD")
               else "is deleted but not committed" if "D" in code
               else "is staged but not committed" if code[1] == " " else "is modified but not committed")
        found.append((path, how))
    return found


def tree_files(workspace: Path, sha: str, pathspecs: Sequence[str]) -> list[str]:
    """Files of commit ``sha`` under ``pathspecs``."""
    out = _run(workspace, "ls-tree", "-r", "--name-only", sha, "--", *pathspecs)
    return [line for line in out.splitlines() if line]


def show_bytes(workspace: Path, sha: str, relpath: str) -> bytes:
    """The exact bytes of ``relpath`` at commit ``sha``."""
    import subprocess

    try:
        return subprocess.run(["git", "-C", str(workspace), "show", f"{sha}:{relpath}"], capture_output=True,
                              check=True).stdout
    except subprocess.CalledProcessError as exc:
        line = (exc.stderr or b"").decode("utf-8", "replace").strip().splitlines() or ["git failed"]
        raise StorageError(f"git show failed: {line[0]}") from exc


def show_many(workspace: Path, sha: str, relpaths: Sequence[str]) -> dict[str, bytes]:
    """The exact bytes of each of ``relpaths`` at commit ``sha``, read by one ``git cat-file --batch``
    (``read_blobs``); a path the commit does not have is an error."""
    blobs = read_blobs(workspace, [f"{sha}:{rel}" for rel in relpaths])
    found: dict[str, bytes] = {}
    for rel in relpaths:
        data = blobs[f"{sha}:{rel}"]
        if data is None:
            raise StorageError(f"git cat-file: {rel} is missing at {sha[:10]}")
        found[rel] = data
    return found
