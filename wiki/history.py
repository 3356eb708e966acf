"""Page history for operators: versions of a page from git, the page at version N, diffs.

These are conveniences over git — ``git log -p policies/`` tells the same story. A page's version is
read from its frontmatter at each commit; several commits can carry one version (e.g. a refreshed
source hash), and "the page at version N" is the last commit that had N.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from mem.core.errors import InvalidInput, NotFound, StorageError
from mem.core.ids import validate_name
from mem.wiki import gitrepo
from mem.wiki.index import FOLDERS
from mem.wiki.page import Page, split_frontmatter


@dataclass(frozen=True)
class PageVersion:
    version: int | None  # None when the page's frontmatter was unreadable in that commit
    commit: str
    date: str
    message: str  # first line of the commit message
    path: str
    sources: tuple[str, ...] = ()
    status: str = ""
    # the edition's ``effective`` date (YYYY-MM-DD): the day it applies from, which "when did v3 apply" asks;
    # ``date`` is when it was written (the author date: ``MEM_NOW`` for a back-dated ingest), ``committed`` git's
    effective: str | None = None
    committed: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"version": self.version, "effective": self.effective, "commit": self.commit, "date": self.date,
                "committed": self.committed or self.date, "message": self.message, "path": self.path,
                "sources": list(self.sources), "status": self.status}


def _relpath(workspace: Path, page_id: str) -> str:
    try:
        validate_name(page_id, what="page id")
    except InvalidInput:  # "../../etc" is no page, now or in history: not a path to hand to git
        raise NotFound(f"no page {page_id[:80]!r} in {workspace} or its history (see `mem pages list`)") from None
    for folder in FOLDERS.values():
        rel = f"{folder}/{page_id}.md"
        if (workspace / rel).is_file():
            return rel
    for folder in FOLDERS.values():
        rel = f"{folder}/{page_id}.md"
        if gitrepo.file_commits(workspace, rel):
            return rel
    raise NotFound(f"no page {page_id!r} in {workspace} or its history (see `mem pages list`)")


def page_history(workspace: Path, page_id: str) -> list[PageVersion]:
    """Every commit that changed the page, oldest first, with the version it had after that commit."""
    workspace = Path(workspace)
    rel = _relpath(workspace, page_id)
    versions = []
    commits = gitrepo.file_commits(workspace, rel)
    for commit in commits:
        try:
            text: str | None = gitrepo.show_file(workspace, commit.sha, commit.path)
        except StorageError:  # the commit deleted the file: no version to read
            text = None
        meta, _, _ = split_frontmatter(text or "")
        # a revision whose frontmatter cannot be read (a hand edit's typo, long since fixed) is a row saying so
        status = "deleted" if text is None else "unreadable" if meta is None else str(meta.get("status") or "")
        meta = meta or {}
        version = meta.get("version") if isinstance(meta.get("version"), int) else None
        sources = tuple(str(s.get("file")) for s in meta.get("sources") or [] if isinstance(s, dict))
        effective = meta.get("effective")
        versions.append(PageVersion(version, commit.sha, commit.authored or commit.date,
                                    commit.message.splitlines()[0], commit.path, sources, status,
                                    effective=str(effective)[:10] if effective else None, committed=commit.date))
    return _own_history(versions)


def _own_history(versions: list[PageVersion]) -> list[PageVersion]:
    """Cut what git's ``--follow`` borrowed from another page.

    git links a file to any similar file deleted in the same commit. A rename of the page keeps its
    version (the rename commit does not bump it); a new page that replaced a similar one starts its
    own count. So the chain stops, going back, at the first change of file name whose version does
    not carry over.
    """
    for i in range(len(versions) - 1, 0, -1):
        newer, older = versions[i], versions[i - 1]
        if PurePosixPath(newer.path).name != PurePosixPath(older.path).name and newer.version != older.version:
            return versions[i:]
    return versions


def page_text_at(workspace: Path, page_id: str, version: int | None = None) -> str:
    """The page file's text at ``version`` (default: the last committed one)."""
    workspace = Path(workspace)
    history = page_history(workspace, page_id)
    if not history:
        raise NotFound(f"page {page_id!r} has no committed history yet")
    matches = history if version is None else [v for v in history if v.version == version]
    if not matches:
        known = sorted({v.version for v in history if v.version is not None})
        raise NotFound(f"page {page_id!r} has no version {version} (known: {', '.join(map(str, known))})")
    last = matches[-1]
    return gitrepo.show_file(workspace, last.commit, last.path)


def page_at(workspace: Path, page_id: str, version: int | None = None) -> Page:
    """The page as it was at ``version``, parsed (tolerantly: old revisions may predate a schema rule)."""
    text = page_text_at(workspace, page_id, version)
    meta, body, error = split_frontmatter(text)
    if meta is None:
        raise InvalidInput(f"page {page_id!r} at version {version}: {error}")
    raw_version = meta.get("version")
    return Page(id=str(meta.get("id", page_id)), type=str(meta.get("type", "")), title=str(meta.get("title", "")),
                version=raw_version if isinstance(raw_version, int) else 0, meta=meta, body=body.lstrip("\n"))


def page_diff(workspace: Path, page_id: str, old: int | None = None, new: int | None = None) -> str:
    """Unified diff of the page between versions ``old`` and ``new``.

    No versions: the previous version against the current one. One: that version against the current.
    """
    workspace = Path(workspace)
    history = page_history(workspace, page_id)
    known = sorted({v.version for v in history if v.version is not None})
    if not known:
        raise NotFound(f"page {page_id!r} has no committed versions")
    if new is None:
        new = known[-1]
    if old is None:
        earlier = [v for v in known if v < new]
        old = earlier[-1] if earlier else new
    before = page_text_at(workspace, page_id, old)
    after = page_text_at(workspace, page_id, new)
    rel = history[-1].path
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 fromfile=f"{rel} (v{old})", tofile=f"{rel} (v{new})")
    return "".join(lines)


def editions(workspace: Path, page_id: str) -> list[Page]:
    """Every committed edition of the page, parsed, oldest first (unreadable ones left out): what
    ``mem.wiki.in_force`` falls back on while the page's newest edition is not in force yet."""
    return [page for page, _ in edition_texts(workspace, page_id)]


def edition_texts(workspace: Path, page_id: str) -> list[tuple[Page, str]]:
    """``editions`` with each edition's exact file text (what a bundle ships)."""
    workspace = Path(workspace)
    try:
        history = page_history(workspace, page_id)
    except NotFound:
        return []
    found = []
    for entry in history:
        if entry.version is None or entry.status == "deleted":
            continue
        text = gitrepo.show_file(workspace, entry.commit, entry.path)
        meta, body, _ = split_frontmatter(text)
        if meta is None:
            continue
        page = Page(id=str(meta.get("id", page_id)), type=str(meta.get("type", "")),
                    title=str(meta.get("title", "")), version=entry.version, meta=meta, body=body.lstrip("\n"))
        found.append((page, text))
    return found
