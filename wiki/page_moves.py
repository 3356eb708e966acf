"""Policy page ids that are gone from the wiki: renamed (old id → the id the page carries now) or withdrawn.

Customer facts cite a policy by page id and version (``refund-window v7``) and keep that citation for
good. A page renamed with its id (``git mv`` + ``id:``, docs/ingest.md) keeps its history under the new
id; a page deleted (``git rm``) is a rule the service no longer has. Either way the old id is no longer
in the wiki, and a client that flags facts by page id alone never flagged theirs again. The bundle
therefore ships both lists (``renamed`` and ``withdrawn`` in the manifest, docs/server.md), made here
from the same two sources ``mem lint --fix`` uses for links:

- the ``aliases`` frontmatter list of a current page (old ids it answers for), first;
- git's rename history of ``policies/`` (``git log -M``: ``policies/old.md → policies/new.md``).

A removed page id with no current page to follow is ``withdrawn``. One ``git log`` walk (the one lint
makes), so this costs what ``mem lint`` costs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from mem.wiki.lint_git import History, open_repo, read_history

POLICY_FOLDER = "policies"


@dataclass(frozen=True)
class PageMoves:
    """Old policy page id → current id (``renamed``), and old ids with no page now (``withdrawn``)."""

    renamed: dict[str, str] = field(default_factory=dict)
    withdrawn: list[str] = field(default_factory=list)


def page_moves(workspace: Path, current: Mapping[str, Iterable[str]]) -> PageMoves:
    """The moves of ``workspace``'s policy pages, given ``current``: page id → its ``aliases``."""
    repo = open_repo(Path(workspace))
    return moves_from(read_history(repo) if repo is not None else History(), current)


def moves_from(history: History, current: Mapping[str, Iterable[str]]) -> PageMoves:
    renamed: dict[str, str] = {}
    for page_id, aliases in sorted(current.items()):
        for alias in aliases:
            if alias not in current:
                renamed.setdefault(str(alias), page_id)
    gone = {PurePosixPath(path).stem for path in history.removed
            if PurePosixPath(path).parent.as_posix() == POLICY_FOLDER and path.endswith(".md")}
    for old in history.renames:
        if old in current or old in renamed:
            continue
        target = history.renamed_to(old)
        if target is not None and target in current:
            renamed[old] = target
        elif target in gone:  # renamed, then removed: withdrawn under both ids (a know-how rename is neither)
            gone.add(old)
    withdrawn = sorted(page for page in gone if page not in current and page not in renamed)
    return PageMoves(renamed=dict(sorted(renamed.items())), withdrawn=withdrawn)


def current_aliases(meta: Mapping[str, object]) -> list[str]:
    """The old ids a page's ``aliases`` frontmatter names (anything else there is ignored)."""
    values = meta.get("aliases")
    return [str(v) for v in values if isinstance(v, str) and v] if isinstance(values, list) else []
