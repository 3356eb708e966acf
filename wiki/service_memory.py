"""Service memory as the agent sees it: one interface, two sources.

The agent never reads service-owned files itself. It asks a ``ServiceMemory`` for the service
context (always injected as instructions), for policy and know-how pages (looked up when needed)
and for the client settings the service ships. Two implementations exist:

- ``WorkspaceServiceMemory`` (here): straight from a workspace folder, through ``mem.wiki``; used
  before the client has a verified bundle, and by operators testing their own wiki.
- ``mem.client.bundle_memory.BundleServiceMemory``: from the last verified signed bundle in the client home,
  with its stale state.

``status()`` says where the memory came from and whether it can be trusted to be current; the agent
puts that into every answer's context and warnings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mem.core.config import check_workspace
from mem.core.errors import MemError, NotFound
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from datetime import date

    from mem.core.config import SettingSections
    from mem.wiki.page import Page
    from mem.wiki.store import Wiki
    from mem.wiki.working_copy import Uncommitted


@dataclass(frozen=True)
class ServiceStatus:
    """Where service memory came from and how far it can be trusted.

    ``source`` is ``"workspace"`` or ``"bundle"``; ``version`` the bundle version (or the
    workspace's git commit); ``verified`` whether a signature check vouched for it; ``stale`` with
    ``reason`` when a newer version could not be fetched or verified.
    """

    source: str
    location: str
    version: str | None = None
    verified: bool = False
    stale: bool = False
    reason: str | None = None
    verified_at: str | None = None

    def to_dict(self) -> JsonObject:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class PageHit:
    """One page found by a search, best first; ``score`` is only comparable within one search."""

    page: Page
    score: float


@runtime_checkable
class ServiceMemory(Protocol):
    """What the agent needs from service-owned memory (policy, know-how, service context, settings)."""

    def status(self) -> ServiceStatus:
        """Source, version, verified, stale and why."""
        ...

    def context_items(self) -> list[str]:
        """The service context items, in order (injected as instructions on every turn)."""
        ...

    def pages(self, type: str | None = None) -> list[Page]:
        """Every page, or those of one type (``"policy"`` or ``"knowhow"``)."""
        ...

    def get_page(self, page_id: str) -> Page:
        """The current version of one page; ``NotFound`` when there is none."""
        ...

    def page_count(self, type: str | None = None) -> int:
        """How many pages there are (of one type), without reading them all when it can."""
        ...

    def search_pages(self, query: str, *, type: str | None = None, limit: int = 5) -> list[PageHit]:
        """Keyword search over pages (optionally of one type), best first."""
        ...

    def term_rarity(self, terms: list[str]) -> dict[str, float]:
        """How rare each index term is among the pages (inverse document frequency, higher is rarer)."""
        ...

    def settings(self) -> SettingSections:
        """Client settings shipped by the service: section name → values (e.g. ``{"trait": {...}}``)."""
        ...

    def cache_dir(self) -> Path | None:
        """A folder for derived data rebuilt when lost (the sentence-vector cache), or None: memory only."""
        ...


class WorkspaceServiceMemory:
    """``ServiceMemory`` read straight from a workspace folder (not signed: ``verified`` is false).

    An invalid page file (a typo in its id or status) is left out, as search leaves it out, and ``on_invalid`` is
    told its one-line reason once: one bad page took every question down, and lint is where it fails."""

    def __init__(self, workspace: Path, *, on_invalid: Callable[[str], None] | None = None) -> None:
        self.workspace = Path(workspace)
        self._on_invalid = on_invalid
        self._reported: set[str] = set()
        if not self.workspace.is_dir():
            check_workspace(self.workspace)
        self._wiki: Wiki | None = None
        self._served: dict[tuple[str, int, str, str], Page | None] = {}
        self._moves: dict[str, str] | None = None
        self._uncommitted: dict[str, Uncommitted] | None = None

    def _serve(self, page: Page, today: date | None = None) -> Page | None:
        """The edition of ``page`` in force today (``mem.wiki.in_force``): a draft, a not-yet-effective
        edition or one with merge-conflict markers is never quoted as the current rule; nor is a file older
        than its committed edition (``mem.wiki.working_copy``: an editor's stale save after an ingest)."""
        from mem.core import local_day
        from mem.wiki.in_force import serve, why_not_in_force

        page = self._committed_if_older(page)
        today = today or local_day.today()  # the customer's day when answering one
        if why_not_in_force(page, today) is None:
            return page
        key = (str(page.id), int(page.version), page.status, today.isoformat())
        if key not in self._served:
            from mem.wiki.history import editions

            self._served[key] = serve(page, today, lambda p: editions(self.workspace, str(p.id)))
        return self._served[key]

    def _committed_if_older(self, page: Page) -> Page:
        """``page``, marked with a warning when its file differs from HEAD; HEAD's edition instead when the
        file holds an older version than HEAD (``meta[UNCOMMITTED]`` holds the warning either way)."""
        from mem.wiki.index import FOLDERS
        from mem.wiki.working_copy import UNCOMMITTED, uncommitted_pages

        if self._uncommitted is None:
            self._uncommitted = uncommitted_pages(self.workspace)
        entry = self._uncommitted.get(f"{FOLDERS.get(str(page.type), '')}/{page.id}.md")
        if entry is None or entry.version != page.version:
            return page
        if entry.older and entry.committed_text is not None:
            from mem.core.errors import InvalidInput
            from mem.wiki.page import parse_page

            try:
                committed = parse_page(entry.committed_text)
            except InvalidInput:
                committed = None
            if committed is not None and committed.id == page.id and committed.type == page.type:
                page = committed
        served = dataclasses.replace(page, meta=dict(page.meta))
        served.meta[UNCOMMITTED] = entry.warning()
        return served

    def _store(self) -> Wiki:
        if self._wiki is None:
            from mem.wiki.store import Wiki

            self._wiki = Wiki(self.workspace)
        return self._wiki

    def status(self) -> ServiceStatus:
        # asked once per answer (answer_question hands it to the retrieval): the page files are compared with
        # HEAD again, one `git status` of about 3 ms CPU for a thousand pages (an editor may have saved since)
        self._uncommitted = None
        return ServiceStatus(source="workspace", location=str(self.workspace), version=_git_head(self.workspace))

    def context_items(self) -> list[str]:
        from mem.wiki.service_context import read_items

        return read_items(self.workspace)

    def pages(self, type: str | None = None) -> list[Page]:
        from mem.core import local_day

        today = local_day.today()
        return [served for page in self._store().pages(type=type, on_invalid=self._invalid)
                if (served := self._serve(page, today)) is not None]

    def _invalid(self, reason: str) -> None:
        if reason not in self._reported:
            self._reported.add(reason)
            if self._on_invalid is not None:
                self._on_invalid(reason)

    def get_page(self, page_id: str) -> Page:
        """The page, or the page it was renamed to (``mem.wiki.page_moves``: facts keep old ids)."""
        try:
            page = self._store().get(page_id)
        except NotFound:
            renamed = self._renamed().get(page_id)
            if renamed is None:
                raise
            page = self._store().get(renamed)
        served = self._serve(page)
        if served is None:
            raise NotFound(f"page {page_id!r} has no edition in force today (a draft, or not effective yet)")
        return served

    def _renamed(self) -> dict[str, str]:
        # asked only for an id that is not a page: one git log walk, once per instance
        if self._moves is None:
            from mem.wiki.page_moves import current_aliases, page_moves

            try:
                current = {page.id: current_aliases(page.meta) for page in self._store().pages("policy",
                                                                                             skip_invalid=True)}
                self._moves = page_moves(self.workspace, current).renamed
            except MemError:  # git unreadable: the id is simply not found, as before renames were followed
                self._moves = {}
        return self._moves

    def page_count(self, type: str | None = None) -> int:
        from mem.wiki.search import page_count

        return page_count(self.workspace, type)  # from the search index: a stat per page file, no parsing

    def search_pages(self, query: str, *, type: str | None = None, limit: int = 5) -> list[PageHit]:
        from mem.wiki.search import search_pages

        return [PageHit(page=hit.page, score=hit.score)
                for hit in search_pages(self.workspace, query, type=type, limit=limit, serve=self._serve)]

    def term_rarity(self, terms: list[str]) -> dict[str, float]:
        from mem.wiki.search import term_rarity

        return term_rarity(self.workspace, terms)

    def settings(self) -> SettingSections:
        from mem.core.config import Config

        return Config.load(workspace=self.workspace, env={}).client_settings()

    def cache_dir(self) -> Path | None:
        from mem.wiki.store import STATE_DIR

        return self.workspace / STATE_DIR  # beside the search index, ignored by the service's git repository


def _git_head(workspace: Path) -> str | None:
    """The short commit id of the workspace's HEAD, read from .git without importing gitpython."""
    git = workspace / ".git"
    try:
        head = (git / "HEAD").read_text().strip()
        if head.startswith("ref: "):
            ref = head[5:]
            ref_file = git / ref
            if ref_file.is_file():
                return ref_file.read_text().strip()[:12]
            packed = git / "packed-refs"
            if packed.is_file():
                for line in packed.read_text().splitlines():
                    if line.endswith(" " + ref):
                        return line.split()[0][:12]
            return None
        return head[:12]
    except OSError:
        return None
