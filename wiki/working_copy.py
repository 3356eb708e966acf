"""Page files that differ from HEAD, for the commands that read the working files (``mem ask`` from a
workspace, ``mem pages show``).

A bundle is built from HEAD only (``mem.server.bundle``), but a workspace answers from its working files,
so authors can try an edit before committing it. One working file is never an edit to try: a page whose
``version`` is *below* the committed one. Versions only rise (``mem lint``'s ``version-history``), so such a
file is an older edition written over the current one — most often an editor that had the page open while
``mem ingest`` revised it, saving its old buffer (``:w``) afterwards. ``mem ask`` and ``mem pages show``
served that replaced edition without a word (NEWUSER_REPORT16 #3); now the answer is taken from the committed
edition with a warning naming the file and the fix, and ``pages show`` says the same beside the file it
prints. A page modified at its version or above is still answered from (the author's edit), with a warning
that clients get it only after a commit.

One ``git status`` (no optional locks: a read never writes git's index) per answer; a folder that is not a
git repository, or a git that fails, has nothing to report.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from mem.core.errors import MemError
from mem.wiki.index import FOLDERS, is_page_rel

#: The served page's ``meta`` key holding the warning (like ``mem.wiki.in_force.UPCOMING``).
UNCOMMITTED = "uncommitted"


@dataclass(frozen=True)
class Uncommitted:
    """One page file that differs from HEAD: its version on disk and at HEAD (None: unreadable or absent),
    and HEAD's text when the file on disk is the older edition."""

    rel: str
    version: int | None
    committed_version: int | None
    committed_text: str | None = None

    @property
    def older(self) -> bool:
        """The file on disk is an edition older than the committed one (never an edit to try)."""
        return (self.version is not None and self.committed_version is not None
                and self.version < self.committed_version)

    def _older_file(self) -> str:
        return (f"{self.rel} holds version {self.version}, older than the committed version "
                f"{self.committed_version}, and is not committed (an editor saving a page it had open before "
                f"the last ingest?)")

    def warning(self) -> str:
        if self.older:
            return (f"{self._older_file()}: answered from version {self.committed_version}; "
                    f"`git checkout -- {self.rel}` discards the older file")
        shown = f" (version {self.version})" if self.version is not None else ""
        return (f"{self.rel}{shown} is modified but not committed: answered from the file as it is; clients get "
                f"it only after a commit and `mem bundle build`")

    def note(self) -> str:
        """The line ``mem pages show`` prints beside the working file."""
        if self.older:
            return (f"{self._older_file()}; mem ask answers from version {self.committed_version}. "
                    f"`git checkout -- {self.rel}` discards the older file; `mem pages show "
                    f"{Path(self.rel).stem} --version {self.committed_version}` prints the committed one")
        return f"{self.rel} is modified but not committed (git diff -- {self.rel})"


def uncommitted_pages(workspace: Path, rels: list[str] | None = None) -> dict[str, Uncommitted]:
    """Page files (``policies/x.md`` → ``Uncommitted``) whose content differs from HEAD; only ``rels`` when
    given. New files git does not track are left out (a draft page, not an edition over another)."""
    workspace = Path(workspace)
    if not (workspace / ".git").exists():
        return {}
    specs = rels if rels is not None else list(FOLDERS.values())
    if not specs:
        return {}
    try:
        status = subprocess.run(["git", "-C", str(workspace), "--no-optional-locks", "status", "--porcelain=v1",
                                 "-z", "--untracked-files=no", "--no-renames", "--", *specs],
                                capture_output=True, check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    changed = []
    for entry in status.decode("utf-8", "surrogateescape").split("\0"):
        if len(entry) < 4:
            continue
        code, rel = entry[:2], entry[3:]
        if not is_page_rel(rel):
            continue
        if "D" in code or code[0] == "A":  # deleted: nothing served from it; added: no committed edition
            continue
        changed.append(rel)
    if not changed:
        return {}
    from mem.wiki.gitrepo import read_blobs

    try:
        committed = read_blobs(workspace, [f"HEAD:{rel}" for rel in changed])
    except (MemError, OSError, ValueError):  # a git that fails here has nothing to report, as above
        committed = {}
    found: dict[str, Uncommitted] = {}
    for rel in changed:
        data = committed.get(f"HEAD:{rel}")
        text = data.decode("utf-8", "replace") if data is not None else None
        try:
            working = (workspace / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            working = None
        page = Uncommitted(rel, _version(working), _version(text))
        found[rel] = Uncommitted(rel, page.version, page.committed_version, text) if page.older else page
    return found


def _version(text: str | None) -> int | None:
    from mem.wiki.page import split_frontmatter

    if text is None:
        return None
    meta, _, _ = split_frontmatter(text)
    version = meta.get("version") if meta else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def page_note(workspace: Path, page_id: str) -> str | None:
    """What ``mem pages show`` says beside a page file that differs from HEAD, or None."""
    rels = [f"{folder}/{page_id}.md" for folder in FOLDERS.values()]
    entry = next(iter(uncommitted_pages(workspace, [r for r in rels if (Path(workspace) / r).is_file()])
                      .values()), None)
    return entry.note() if entry is not None else None
