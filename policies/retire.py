"""``mem ingest --retire DOC``: withdraw a document's rules, the way customers' facts can follow.

A policy page is cited by customer facts (``page vN``) for good. Deleting a retired document's pages
(``git rm``) passed lint and left those facts pointing at nothing, and re-ingesting a stub made a page
saying "This document is retired.". Retiring keeps each page of the document, with ``status:
deprecated`` and version + 1 (above every number the id ever had, as ingest numbers): the bundle ships
it as no longer in force, the agent stops quoting it as the rule, and every client flags the facts made
under the earlier version for a recheck. One commit (the pages, ``index.md`` and a ``log.md`` entry
``retire | DOC``), like any ingest. Pages of the document already deleted with ``git rm`` are brought
back from git as deprecated, which is how a removal ``mem lint`` reports (``page-removed``) is repaired.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path, PurePosixPath

from mem.core.errors import InvalidInput, NotFound
from mem.policies.ingest import SOURCES_DIR, IngestResult, PageChange, _source_name, document_id
from mem.wiki import version_floor
from mem.wiki.index import FOLDERS
from mem.wiki.page import Page, parse_page
from mem.wiki.store import Wiki, refuse_unfinished_git


def retire_document(workspace: Path, document: str) -> IngestResult:
    """Deprecate every page in force that ``document`` (its file name, ``sources/`` path or document id)
    made, version + 1, in one commit. ``NotFound`` when no page ever came from it; a document whose
    pages are all retired already changes nothing (``commit`` None)."""
    name = PurePosixPath(str(document).strip()).name
    if not name or name in (".", ".."):
        raise InvalidInput("--retire needs a document: its file name (refunds.md) or its id (refunds)")
    workspace = Path(workspace)
    refuse_unfinished_git(workspace)
    wiki = Wiki(workspace)
    doc_id = document_id(_source_name(Path(name)))  # the id the ingest gave it: a long name's is hashed, not cut
    pages = [page for page in wiki.pages("policy", skip_invalid=True) if _made_by(page, name, doc_id)]
    pages += [page for page in _removed_pages(workspace, wiki) if _made_by(page, name, doc_id)]
    if not pages:
        raise NotFound(f"no policy page comes from the document {document!r} (see `mem pages list`; a document "
                       "is named by its file, e.g. refunds.md, or its id, e.g. refunds)")
    source = str(pages[0].sources[0].get("file") or f"{SOURCES_DIR}/{name}")
    result = IngestResult(document=name, source=source, sha256=str(pages[0].sources[0].get("sha256") or ""))
    in_force = [page for page in pages if page.status != "deprecated"]
    if not in_force:
        result.pages = [PageChange(p.id, p.title, p.version, "unchanged") for p in pages]
        return result
    rels = [f"{FOLDERS[page.type]}/{page.id}.md" for page in in_force]
    committed = version_floor.committed_versions(workspace, rels)
    published = version_floor.published_pages(workspace)
    retired: list[Page] = []
    for page, rel in zip(in_force, rels, strict=True):
        shipped = version_floor.highest_published(published.get(page.id, {}))
        floor = max(page.version, committed.get(rel, 0), shipped.version if shipped else 0)
        retired.append(dataclasses.replace(page, version=floor + 1, meta=dict(page.meta, status="deprecated")))
    result.pages = [PageChange(p.id, p.title, p.version, "deprecated") for p in retired]
    names = ", ".join(f"{p.title} v{p.version}" for p in retired[:3]) + (
        f" and {len(retired) - 3} more" if len(retired) > 3 else "")
    message = "\n".join([f"retire: {names} ({source})", "", f"document: {name} retired",
                         *(f"page: {p.id} v{p.version} deprecated" for p in retired)])
    written = wiki.write(retired, op="retire", message=message, log_title=source,
                         log_lines=[f"[{p.title}](policies/{p.id}.md) v{p.version} deprecated" for p in retired])
    result.commit = written.commit
    return result


def _made_by(page: Page, name: str, doc_id: str) -> bool:
    sources = page.sources
    if not sources:
        return False
    first = sources[0]
    return (first.get("id") == doc_id or PurePosixPath(str(first.get("file") or "")).name == name
            or unicodedata.normalize("NFC", str(first.get("name") or "")) == unicodedata.normalize("NFC", name))


def _removed_pages(workspace: Path, wiki: Wiki) -> list[Page]:
    """Policy pages deleted from the wiki (``git rm``) and not made again, as their last committed edition."""
    from mem.wiki.lint_git import open_repo, read_history

    repo = open_repo(workspace)
    if repo is None:
        return []
    history = read_history(repo)
    found = []
    for rel, lineage in sorted(history.removed.items()):
        path = PurePosixPath(rel)
        if path.parent.as_posix() != "policies" or path.suffix != ".md" or not lineage or wiki.exists(path.stem):
            continue
        text = history.blob(*lineage[-1])
        try:
            page = parse_page(text) if text is not None else None
        except InvalidInput:
            continue
        if page is not None and page.id == path.stem:
            found.append(page)
    return found
