"""Service memory from the last verified bundle in the client home (what ``mem ask`` reads after sync).

``BundleServiceMemory`` implements ``mem.wiki.service_memory.ServiceMemory``: service context,
policy and know-how pages (parsed with ``mem.wiki.page.parse_page``), keyword search (BM25 over
title, summary and body, built once per bundle), the client settings the service shipped, and a
status with the bundle version, when it was verified and whether it is stale and why.
``client_config`` overlays those settings on the client's ``Config``; ``client_status`` feeds
``mem status``.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from mem.client.installed_bundle import (
    STALE_AFTER_HOURS,
    BundleState,
    freshness,
    install_problem,
    installed_dir,
    installed_manifest,
    load_state,
)
from mem.client.login import load_login
from mem.client.trust import load_trust
from mem.core.config import Config, SettingSections
from mem.core.errors import NotFound, StorageError
from mem.core.json_types import JsonObject
from mem.wire.manifest import CONFIG_FILE, CONTEXT_FILE, FILES_DIR, MANIFEST_FILE, check_readable

if TYPE_CHECKING:
    from mem.wiki.page import Page
    from mem.wiki.service_memory import PageHit, ServiceStatus

class BundleServiceMemory:
    """``ServiceMemory`` over ``<home>/bundle/``; ``NotFound`` when no bundle was ever verified."""

    def __init__(self, home: Path, *, stale_after_hours: int = STALE_AFTER_HOURS) -> None:
        self.home = Path(home)
        self.stale_after_hours = stale_after_hours
        self._state = load_state(self.home)
        folder = installed_dir(self.home, self._state)
        if folder is None:
            problem = install_problem(self.home, self._state)
            if problem:  # an interrupted install must not pass for "no bundle" (nor fall back silently)
                raise StorageError(problem)
            raise NotFound(f"no verified bundle in {self.home}: run `mem sync`")
        self.folder = folder
        try:
            self._manifest = json.loads((folder / MANIFEST_FILE).read_bytes())
        except (OSError, json.JSONDecodeError) as exc:
            raise StorageError(f"the installed bundle in {folder} is unreadable: {exc}") from exc
        # a newer mem synced this home: its bundle may need that mem (mem.core.formats)
        check_readable(self._manifest, what="the installed bundle")
        self._pages: list[Page] | None = None
        self._pages_day: date | None = None  # the day _pages was served for (mem.core.local_day)
        self._index: tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]] | None = None

    def commit(self) -> str | None:
        """The workspace commit the installed bundle was built from (its manifest's ``commit``)."""
        commit = self._manifest.get("commit")
        return str(commit) if commit else None

    def status(self) -> ServiceStatus:
        from mem.wiki.service_memory import ServiceStatus

        state = load_state(self.home)  # re-read: a failed sync may have marked it stale since
        kind, reason = freshness(state, stale_after_hours=self.stale_after_hours)
        return ServiceStatus(source="bundle", location=str(self.folder), version=str(state.get("version")),
                             verified=True, stale=kind != "current", reason=reason,
                             verified_at=state.get("verified_at"))

    def context_items(self) -> list[str]:
        from mem.wiki.service_context import parse_items

        path = self.folder / FILES_DIR / CONTEXT_FILE
        return parse_items(path.read_text(encoding="utf-8")) if path.is_file() else []

    def pages(self, type: str | None = None) -> list[Page]:
        from mem.core import local_day

        today = local_day.today()  # the customer's day when answering one (an MCP server answers many)
        if self._pages is None or self._pages_day != today:
            from mem.wiki.in_force import serve
            from mem.wiki.page import parse_page

            def read(rel: str) -> Page:
                path = self.folder / FILES_DIR / rel
                try:
                    return parse_page(path.read_text(encoding="utf-8"), path=path)
                except OSError as exc:
                    raise StorageError(f"cannot read {path}: {exc.strerror}") from exc

            self._pages_day = today
            pages = []
            for entry in self._manifest.get("pages", []):
                # a page whose date is still to come ships with the edition in force when the bundle was
                # built ("in_force"); which one answers is decided by today's date (mem.wiki.in_force)
                earlier = entry.get("in_force")
                in_force = [read(str(earlier["path"]))] if isinstance(earlier, dict) else []
                served = serve(read(entry["path"]), today, lambda _: in_force)  # noqa: B023 - called here
                if served is not None:
                    pages.append(served)
            self._pages = sorted(pages, key=lambda p: (p.type, p.id))
        return [p for p in self._pages if type is None or p.type == type]

    def get_page(self, page_id: str) -> Page:
        """The page, or the page it was renamed to (the manifest's ``renamed``: facts keep old ids)."""
        from mem.wire.manifest import page_renames

        wanted = {page_id, page_renames(self._manifest).get(page_id)}
        found = {page.id: page for page in self.pages() if page.id in wanted}
        if found:
            return found.get(page_id) or next(iter(found.values()))
        raise NotFound(f"no page {page_id!r} in bundle {self._state.get('version')}")

    def page_count(self, type: str | None = None) -> int:
        return len(self.pages(type))

    def search_pages(self, query: str, *, type: str | None = None, limit: int = 5) -> list[PageHit]:
        from mem.wiki.search import bm25_rank, query_weights
        from mem.wiki.service_memory import PageHit

        pages = {page.id: page for page in self.pages()}
        docs, postings = self._postings()
        terms, related = query_weights(query)
        hits = []
        for page_id, score in bm25_rank(docs, terms, postings, related):
            page = pages[page_id]
            if (type is not None and page.type != type) or page.status == "deprecated":
                continue
            hits.append(PageHit(page=page, score=score))
            if len(hits) >= limit:
                break
        return hits

    def _postings(self) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
        from mem.wiki.search import build_postings, page_terms

        if self._index is None:
            docs = {page.id: page_terms(page.meta, page.body) for page in self.pages()}
            self._index = (docs, build_postings(docs))
        return self._index

    def term_rarity(self, terms: list[str]) -> dict[str, float]:
        from mem.wiki.search import rarity

        docs, postings = self._postings()
        return rarity(postings, len(docs), terms)

    def cache_dir(self) -> Path | None:
        # beside the installed bundles, not inside one: a vector is keyed by its sentence, so the next
        # bundle finds the vectors of every sentence it did not change
        return self.home / "cache"

    def settings(self) -> SettingSections:
        path = self.folder / FILES_DIR / CONFIG_FILE
        try:
            return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        except (OSError, json.JSONDecodeError) as exc:
            raise StorageError(f"cannot read {path}: {exc}") from exc


def client_config(config: Config, home: Path | None = None) -> Config:
    """``config`` with the settings of the verified bundle applied (no bundle → unchanged)."""
    home = Path(home or config.home)
    try:
        memory = BundleServiceMemory(home)
    except NotFound:
        return config
    return config.overlay_shipped(memory.settings(), origin=f"bundle {memory._state.get('version')}")


def client_status(home: Path, *, stale_after_hours: int = STALE_AFTER_HOURS) -> JsonObject:
    """``mem status``: bundle version, whether it is installed whole, verified_at, stale (which kind)
    and why, server, trust, customers."""
    state = load_state(home)
    login = load_login(home)
    trust = load_trust(home)
    problem = install_problem(home, state)
    kind, reason = freshness(state, stale_after_hours=stale_after_hours) if state.get("version") else (None, None)
    manifest = installed_manifest(home, state) if state else None
    return {
        "bundle_version": state.get("version"),
        "bundle_commit": manifest.get("commit") if manifest else None,
        "installed": "incomplete" if problem else ("complete" if state.get("dir") else "none"),
        "install_problem": problem,
        "verified_at": state.get("verified_at"),
        "expires_at": state.get("expires_at"),
        "expired": _expired(state.get("expires_at")),
        "stale": (kind != "current") if kind else (bool(state.get("stale")) if state else None),
        "stale_kind": kind,
        "reason": reason if kind else state.get("reason"),
        "last_attempt": state.get("last_attempt"),
        "server": (login.url if login else None) or state.get("server"),
        "logged_in": bool(login and login.token),
        "signing_key": trust.get("key_id") if trust else None,
        "key_trust": trust.get("source") if trust else None,
        "customers": _customer_count(home),
        # customers holding nothing (an interrupted import of an older mem made them), and first imports a kill
        # interrupted (no customer was made; the next import of the id cleans up): `mem forget -c ID` removes one
        **_incomplete_customers(home),
        # customers whose facts a sync has not flagged for recheck yet (a damaged or busy store)
        "recheck_pending": _owed_customers(state),
    }


def _owed_customers(state: BundleState) -> list[str]:
    from mem.client.recheck_pending import pending

    owed = pending(state)
    return sorted(owed["customers"]) if owed else []


def _customer_count(home: Path) -> int:
    if not (Path(home) / "customers").is_dir():
        return 0
    from mem.customers import list_customers

    return len(list_customers(home))


def _incomplete_customers(home: Path) -> dict[str, list[str]]:
    if not (Path(home) / "customers").is_dir():
        return {"empty_customers": [], "interrupted_imports": [], "interrupted_restores": []}
    from mem.customers._layout import empty_customers, interrupted_imports, interrupted_restores

    return {"empty_customers": empty_customers(home), "interrupted_imports": interrupted_imports(home),
            "interrupted_restores": interrupted_restores(home)}


def _expired(expires_at: str | None) -> bool | None:
    from mem.core import clock

    if not expires_at:
        return None
    return clock.now() >= clock.parse_datetime(expires_at)
