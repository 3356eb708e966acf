"""Movement 1: official documents → policy pages, one git commit per document.

``ingest_documents`` reads every document first (so a bad one stops the run before anything is
written), plans one page per policy topic (``sectioning``), writes each page's text with the
deterministic engine or a model (``synthesis``), and compares with the pages already in the wiki:

- a new topic → a new page at version 1;
- a topic whose text changed → the same page revised in place: ``version`` + 1, ``effective``
  (``--effective``, else a date after "effective" in the document, else a start date still to come that the
  revised page's text states — ``mem.wiki.start_dates`` —, else today), the new source hash;
  the old revision stays in git;
- the same text → the page is left alone (only the source hash is refreshed if the file differs);
- a page that came from this same document but whose section is gone → ``status: deprecated`` (version + 1).

A page belongs to its document (``sources[0].id``: the file name without a version suffix, so
``refund-v4.pdf`` is a new edition of ``refund-v3.pdf``). A section is matched first to the page that
already holds it (same document, same heading path), then by its heading's slug. A section of
another document never revises a page: the ingest refuses, naming both documents, unless the author
passes ``replace=True`` (``--replace``: the page moves to the new document, recorded in the commit)
or ``id_prefix`` (``--id-prefix``: the new document's pages get ids of their own).

The original is copied to ``sources/<name>``; pages cite it in footnotes (``[^1]: sources/x.pdf, p. 3``).
An identical re-ingest changes nothing and makes no commit.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import shlex
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from mem.core import clock
from mem.core.arguments import as_path
from mem.core.config import Config, check_workspace
from mem.core.errors import Conflict, Interrupted, InvalidInput, MemError, NotFound, Refused, StorageError
from mem.core.ids import validate_name
from mem.core.instructions import sentence_findings
from mem.core.json_types import JsonObject
from mem.policies.folders import documents_in
from mem.policies.grounding import edition_start, effective_date
from mem.policies.hand_edits import PreviousEditions, last_ingested_body
from mem.policies.readers import Document, read_document
from mem.policies.rewrite_check import checked_draft
from mem.policies.sectioning import (
    SPLITS,
    Topic,
    entry_date,
    plan_topics,
    slugify,
    strip_numbering,
    strip_version_suffix,
)
from mem.policies.synthesis import Draft, deterministic_draft
from mem.wiki import gitrepo, version_floor
from mem.wiki.index import FOLDERS
from mem.wiki.page import Page, reading_units, render_page, rule_text, split_frontmatter
from mem.wiki.portable_ids import case_twins, windows_reserved
from mem.wiki.start_dates import (
    FARTHEST_START_YEARS,
    StatedStart,
    announced_only,
    distant_starts,
    farthest_start,
    upcoming_start,
)
from mem.wiki.store import HeadMoved, Wiki, refuse_unfinished_git

ProgressCallback = Callable[[int, int, str], None]
SOURCES_DIR = "sources"
REPLAN_TRIES = 5  # HEAD moved under a plan this often in a row: other writers keep committing, give up


@dataclass(frozen=True)
class PageChange:
    id: str
    title: str
    version: int
    change: str  # created | revised | unchanged | deprecated | source-updated | replaced | renumbered


@dataclass
class IngestResult:
    """What one document did to the wiki."""

    document: str
    source: str  # workspace-relative copy, e.g. sources/refund-v4.pdf
    sha256: str
    commit: str | None = None
    pages: list[PageChange] = field(default_factory=list)
    takeovers: dict[str, str] = field(default_factory=dict)  # page id → file of the document it came from
    # Sentences of the written pages that address the AI (the detector lint and the agent share):
    # said at ingest so the author hears it now, not when `mem bundle build` refuses later.
    flagged: list[FlaggedSentence] = field(default_factory=list)
    # what the reader could not carry into the pages ("page 2 … no text layer"), said at once
    warnings: list[str] = field(default_factory=list)
    # Pages written with an effective date still to come, and what customers are answered until then.
    upcoming: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.commit is not None

    def to_dict(self) -> dict[str, object]:
        return {"document": self.document, "source": self.source, "sha256": self.sha256, "commit": self.commit,
                "pages": [vars(p) for p in self.pages], "flagged": [vars(f) for f in self.flagged],
                "warnings": list(self.warnings), "upcoming": list(self.upcoming)}


@dataclass(frozen=True)
class FlaggedSentence:
    page: str  # workspace-relative page file
    line: int  # line of the page file where the sentence starts, as `mem lint` counts it
    reason: str
    sentence: str


@dataclass
class _Plan:
    doc: Document
    result: IngestResult
    pages: list[Page]
    message: str
    log_lines: list[str]


def ingest_documents(
    workspace: str | os.PathLike[str],
    paths: Sequence[Path] | str | os.PathLike[str],
    *,
    config: Config,
    page_id: str | None = None,
    title: str | None = None,
    effective: date | str | None = None,
    model: str | None = None,
    split: str | None = None,
    replace: bool = False,
    id_prefix: str | None = None,
    on_progress: ProgressCallback | None = None,
    labels: Mapping[Path, str] | None = None,
    allow_older: bool = False,
) -> list[IngestResult]:
    """Ingest ``paths`` into the workspace's policy pages; one commit per document that changed anything.

    ``page_id``/``title`` make the (single) document one page with that id/title. ``model``: a model
    id, ``""`` for the deterministic engine, ``None`` for ``config.model.name``. ``split``: the
    heading level pages are cut at (``auto``, ``h1``-``h3``, ``none``; ``None`` → ``[ingest] split``).
    ``replace`` lets a document take over pages another document made (or a renamed edition those of its
    earlier name); ``id_prefix`` scopes new ids. ``labels`` names documents in errors and results instead of
    their path (the CLI's scratch copy of standard input is "standard input (NAME)").
    A single path (a ``str`` or ``Path``) is one document: it was iterated as a sequence, letter by letter
    ("/: not a file"). ``allow_older`` lets a document byte-identical to an edition this workspace already
    replaced roll its pages back (``--allow-older``; refused otherwise, see ``_refuse_older_editions``).
    """
    workspace = as_path(workspace, "workspace")  # a str workspace was a TypeError deep inside (NEWUSER_REPORT18 #8)
    if not workspace.is_dir():
        check_workspace(workspace)  # the one "no workspace at …" line lint_workspace and the CLI give
    if isinstance(paths, (str, os.PathLike)):
        paths = [Path(paths)]
    if not paths:
        raise InvalidInput("give at least one document to ingest")
    # a folder is the documents in it (a help-centre export); files of other kinds are named in a warning
    paths, folder_warnings = documents_in([Path(p) for p in paths], workspace=Path(workspace))
    if (page_id or title) and len(paths) > 1:
        raise InvalidInput("--id and --title name one page, so they need exactly one document")
    if page_id is not None:
        validate_name(page_id, what="page id")
        if windows_reserved(page_id):
            raise InvalidInput(f"page id {page_id!r} is a name Windows reserves for a device (CON, PRN, AUX, NUL, "
                               "COM1-9, LPT1-9): its file cannot be checked out there; choose another --id")
    if title is not None and any(ch in title for ch in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
        # a title is one line: the front matter and index.md row it is written into are line-based
        raise InvalidInput(f"--title must be one line, got {title!r}")
    if id_prefix is not None:
        validate_name(id_prefix, what="--id-prefix")
    named = "--split" if split is not None else "ingest.split"  # the one the user gave
    split = config.ingest.split if split is None else split
    if split not in SPLITS:
        raise InvalidInput(f"{named} must be one of {', '.join(SPLITS)}, got {split!r}")
    when = _parse_effective(effective)
    model_name = config.model.name if model is None else model
    progress = on_progress or (lambda done, total, what: None)

    refuse_unfinished_git(workspace)  # before the pages a conflicted merge left dirty are named instead
    docs = [read_document(Path(p), max_bytes=config.ingest.max_bytes, on_progress=progress,
                          label=(labels or {}).get(Path(p))) for p in paths]
    held_wiki = Wiki(workspace)
    names = [_kept_name(held_wiki, doc, single=bool(page_id or title), split=split) for doc in docs]
    _refuse_one_name_for_two(docs, names)
    done: list[_Plan] = []
    pending = list(zip(docs, names, strict=True))
    # A plan is made from the wiki as read, outside the write lock: a concurrent ingest that commits
    # between our reading and our writing would have its pages "created" over by ours (two documents
    # sharing headings). Each write checks, under the lock, that HEAD is still the commit we planned
    # against; if it moved, the documents not yet written are planned again against the new wiki, where
    # the usual refusals (another document's page, a hand edit) apply.
    for _ in range(REPLAN_TRIES):
        base = gitrepo.head_sha(workspace)
        wiki = Wiki(workspace)
        previous = PreviousEditions(workspace, max_bytes=config.ingest.max_bytes,
                                    single=bool(page_id or title), split=split)
        plans = _plan_all(wiki, pending, previous, page_id=page_id, title=title, effective=when,
                          model=model_name, split=split, replace=replace, id_prefix=id_prefix, progress=progress)
        if not allow_older:
            _refuse_older_editions(wiki, plans)
        # under the lock: another ingest's pages are on disk, not yet committed, only while it holds the lock
        # (read outside it, they were refused as uncommitted edits); a commit made meanwhile means planning again.
        # The lock is then held through the last document's commit: released between documents, another writer
        # could take it for longer than we wait, and the run ended with some documents committed and the others
        # on their old edition (NEWUSER_REPORT23 #1). Writing is quick; the slow part, planning, stays outside.
        try:
            with wiki.lock():
                if gitrepo.head_sha(workspace) != base:
                    continue
                _refuse_hand_edits(workspace, plans)
                for n, plan in enumerate(plans, start=1):
                    progress(len(done) + n, len(docs), f"writing {plan.result.source}")
                    written = wiki.write(
                        plan.pages, op="ingest", message=plan.message, log_title=plan.result.source,
                        log_lines=plan.log_lines, files={plan.result.source: plan.doc.data}, expect_head=base,
                    )
                    base = written.commit or base
                    plan.result.commit = written.commit
                    done.append(plan)
                    pending.pop(0)
        except HeadMoved:
            continue  # a commit not made by mem (git commit by hand) between two documents: plan the rest again
        except (MemError, OSError, KeyboardInterrupt) as exc:
            error = _partly_done(exc, done, pending)
            if error is exc:
                raise
            raise error from exc
        break
    else:
        raise _partly_done(Conflict("the wiki kept changing while this ingest planned its pages (other mem "
                                    "processes writing?); ingest again"), done, pending)
    for plan in done:
        plan.result.flagged = _flagged(plan)
        plan.result.upcoming = _upcoming(workspace, plan)
    if config.ask.semantic != "off":
        _embed_written(workspace, done, progress)
    if done:
        done[0].result.warnings[:0] = folder_warnings
    return [plan.result for plan in done]


def _partly_done(exc: BaseException, done: list[_Plan], pending: list[tuple[Document, str]]) -> BaseException:
    """The error to raise when a write stopped this ingest: ``exc`` itself, its message saying what was and was
    not ingested. When some documents were committed (one commit each, kept: each is a whole document), it
    names them and the documents left on their old edition, with the command that ingests those, and carries
    both in ``details`` (``mem ingest --json`` writes them in its error object). A ``KeyboardInterrupt`` or an
    ``OSError`` after a commit becomes an ``Interrupted`` or ``StorageError`` that can carry this."""
    left = [doc.label or str(doc.path) for doc, _ in pending]
    if not done:
        if isinstance(exc, MemError) and left and "nothing was written" not in exc.message:
            exc.message = f"{exc.message} (nothing was ingested: no document was committed)"
        return exc
    if isinstance(exc, MemError):
        error = exc
    elif isinstance(exc, KeyboardInterrupt):
        error = Interrupted("interrupted")
    elif isinstance(exc, OSError):
        error = StorageError(f"{exc.strerror or type(exc).__name__}: {exc.filename}" if exc.filename
                             else exc.strerror or type(exc).__name__)
    else:
        return exc
    committed = [plan.result for plan in done]
    done_text = ", ".join(f"{r.source} ({r.commit[:10]})" if r.commit else f"{r.source} (no change)"
                          for r in committed)
    again = " ".join(shlex.quote(path) for path in left)
    error.message = (f"{error.message}; this ingest stopped partway: committed {done_text}; NOT ingested (still on "
                     f"their previous edition): {', '.join(left)} - ingest those again: mem ingest {again}")
    error.details = {"ingested": [r.to_dict() for r in committed], "not_ingested": left}
    return error


def _plan_all(wiki: Wiki, documents: list[tuple[Document, str]], previous: PreviousEditions, *,
              page_id: str | None, title: str | None, effective: date | None, model: str, split: str,
              replace: bool, id_prefix: str | None, progress: ProgressCallback) -> list[_Plan]:
    """One plan per document, against the wiki as it is now; no page may come from two of them."""
    plans: list[_Plan] = []
    claimed: dict[str, str] = {}
    given = {_name_core(doc.path.name) for doc, _ in documents}
    for doc, name in documents:
        plan = _plan_document(wiki, doc, name, page_id=page_id, title=title, effective=effective, model=model,
                              split=split, replace=replace, id_prefix=id_prefix, progress=progress,
                              previous=previous, given=given)
        for page in plan.pages:
            if page.id in claimed:
                raise Conflict(f"page {page.id!r} would come from both {claimed[page.id]} and {doc.path.name}; "
                               "ingest them separately or pass --id")
            claimed[page.id] = doc.path.name
        plans.append(plan)
    _refuse_moved_pages(wiki, plans)
    _refuse_case_twins(wiki, plans)
    _number_above_history(wiki, plans)
    return plans


def _refuse_one_name_for_two(docs: list[Document], names: list[str]) -> None:
    """Refuse two documents of one run that would be kept under one name or be one document."""
    seen: dict[str, Document] = {}
    for doc, name in zip(docs, names, strict=True):
        for key in (name, "id:" + document_id(name)):
            first = seen.setdefault(key, doc)
            if first is doc:
                continue
            if first.path.name == doc.path.name:
                raise InvalidInput(f"two documents are named {doc.path.name}; ingest them one at a time")
            if key == name or _name_core(first.path.name) != _name_core(doc.path.name):
                raise InvalidInput(f"{first.path.name} and {doc.path.name} would be one document "
                                   f"{document_id(name)!r} (sources/{name}); rename one of them")


def _refuse_moved_pages(wiki: Wiki, plans: list[_Plan]) -> None:
    """Refuse to plan around a page file renamed by hand (``git mv``) without its id.

    A page is found by its id, and its file must be ``policies/<id>.md``: ``Wiki`` reads only there, so
    after ``git mv policies/delivery.md policies/shipping-times.md`` the ingest saw no page ``delivery``
    and created a second one at version 1 (lint: duplicate-id, source-hash). Whether the author meant
    to rename the page (a new id) or only its file cannot be guessed, so the ingest says both ways."""
    valid = {page.id for page in wiki.pages(skip_invalid=True)}
    planned = {page.id for plan in plans for page in plan.pages}
    documents = {document_id(Path(plan.result.source).name) for plan in plans}
    for path in wiki.page_files("policy"):
        if path.stem in valid:
            continue
        try:
            meta, _, _ = split_frontmatter(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue  # unreadable: lint's frontmatter rule reports it
        page_id = str((meta or {}).get("id") or "")
        sources = (meta or {}).get("sources")
        source = sources[0] if isinstance(sources, list) and sources and isinstance(sources[0], dict) else {}
        if page_id and page_id != path.stem and (page_id in planned or source.get("id") in documents):
            rel = f"{FOLDERS['policy']}/{path.name}"
            raise Refused(f"{rel} holds page {page_id!r} under another file name (a page's file is named after its "
                          f"id): git mv it back to {FOLDERS['policy']}/{page_id}.md, or set its id to "
                          f"{path.stem!r} to rename the page, commit, then ingest again")


def _refuse_case_twins(wiki: Wiki, plans: list[_Plan]) -> None:
    """Refuse a new page whose id differs only in case from another page's (``mem.wiki.portable_ids``):
    on macOS and Windows ``Refunds.md`` and ``refunds.md`` are one file, so a checkout loses a page."""
    existing = {path.stem for path in wiki.page_files()}
    planned = [page.id for plan in plans for page in plan.pages]
    for page_id in planned:
        if page_id in existing:
            continue
        twins = case_twins(page_id, existing | set(planned))
        if twins:
            raise Conflict(f"page id {page_id!r} differs only in case from page {twins[0]!r}: the two files are one "
                           "on macOS and Windows; choose another id (--id, or --id-prefix)")


def _number_above_history(wiki: Wiki, plans: list[_Plan]) -> None:
    """Give each new text a version above every version its page id was ever given.

    The page file alone forgets: after ``git reset`` or ``git revert`` it says version 1 while version 2
    was committed (and maybe shipped in a bundle, cited by customer facts), and after ``git rm`` there
    is no file at all. Numbering from the file gave a second, different "version 2", and clients never
    rechecked the facts made under the first. So the floor is the highest version in git (every ref
    and the reflog) and in the bundles the server published (``mem.wiki.version_floor``).

    A page that keeps its text (``unchanged``, ``source-updated``) but whose number is below that floor —
    the text ``git revert`` brought back — is ``renumbered`` in the same commit: said "unchanged", it kept
    a number lint reports (``version-history``) and ``mem bundle build`` refuses, and only a hand edit of
    ``version:`` repaired it (NEWUSER_REPORT14 #6)."""
    planned: list[tuple[_Plan, int]] = []
    kept: set[tuple[int, int]] = set()
    for plan in plans:
        for n, (page, change) in enumerate(zip(plan.pages, plan.result.pages, strict=True)):
            if change.change == "unchanged" or change.change in ("source-updated", "replaced") and \
                    wiki.exists(page.id) and wiki.get(page.id).version == page.version:
                kept.add((id(plan), n))  # the same rule text (maybe under a refreshed source) keeps its number
            planned.append((plan, n))
    if not planned:
        return
    rels = sorted({f"{FOLDERS[plan.pages[n].type]}/{plan.pages[n].id}.md" for plan, n in planned})
    committed = version_floor.committed_versions(wiki.workspace, rels)
    published = version_floor.published_pages(wiki.workspace)
    in_head: dict[str, int] | None = None  # read once, only when a kept page is below another branch's number
    texts: dict[str, dict[int, set[str]]] | None = None  # read once, when a kept page is at its floor
    moved = set()
    for plan, n in planned:
        page, change = plan.pages[n], plan.result.pages[n]
        rel = f"{FOLDERS[page.type]}/{page.id}.md"
        shipped = version_floor.highest_published(published.get(page.id, {}))
        floor = max(committed.get(rel, 0), shipped.version if shipped else 0)
        if (id(plan), n) in kept:
            if page.version < floor:
                # the same text keeps its number unless this line of history or a bundle went above it: a branch
                # not merged yet that revised the page gave the unchanged page "v3 renumbered" and a recheck flag
                if in_head is None:
                    in_head = version_floor.committed_versions(wiki.workspace, rels, everywhere=False)
                floor = max(in_head.get(rel, 0), shipped.version if shipped else 0)
            if page.version > floor:
                continue
            if page.version == floor:
                if texts is None:
                    texts = version_floor.texts_by_version(wiki.workspace, rels)
                if not _number_names_other_text(page, texts.get(rel, {}), published.get(page.id, {})):
                    continue
                version = floor + 1  # a merge, a rebase or a hand edit gave its number another text too
            else:
                version = floor if _reads_as(wiki.workspace, page, floor, shipped) else floor + 1
            label = "replaced" if change.change == "replaced" else "renumbered"
        elif page.version <= floor:
            version, label = floor + 1, change.change
        else:
            continue
        plan.pages[n] = dataclasses.replace(page, version=version)
        plan.result.pages[n] = dataclasses.replace(change, version=version, change=label)
        moved.add(id(plan))
    for plan in plans:
        if id(plan) in moved:
            plan.message, plan.log_lines = _message(plan.result), _log_lines(plan.result)


def _number_names_other_text(page: Page, texts: dict[int, set[str]],
                             published: dict[int, list[version_floor.Published]]) -> bool:
    """Whether ``page``'s version also names another rule text in HEAD's history or a published bundle
    (lint's ``version-history``). Said "unchanged", such a page kept the number lint refuses, and only a
    hand edit of ``version:`` got out (NEWUSER_REPORT15 #3, #11: after a merge of two clones, a rebase)."""
    own = rule_text(page.body)
    if any(text != own for text in texts.get(page.version, ())):
        return True
    for shipped in published.get(page.version, []):
        try:
            _, body, _ = split_frontmatter(shipped.file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue  # a bundle file gone or damaged: nothing to compare with
        if rule_text(body) != own:
            return True
    return False


def _reads_as(workspace: Path, page: Page, version: int, shipped: version_floor.Published | None) -> bool:
    """Whether ``page`` says what its id said at ``version`` (title, status, rule text): then that number is
    its own, not a new one. Read from the bundle that shipped it, else from git (HEAD's history)."""
    from mem.wiki.history import page_text_at

    try:
        if shipped is not None and shipped.version == version:
            text = shipped.file.read_text(encoding="utf-8")
        else:
            text = page_text_at(workspace, page.id, version)
    except (OSError, UnicodeDecodeError, NotFound, StorageError):
        return False  # only the reflog remembers it, or the bundle file is gone: a new number is safe
    meta, body, _ = split_frontmatter(text)
    return meta is not None and str(meta.get("title")) == page.title and \
        str(meta.get("status") or "active") == page.status and rule_text(body) == rule_text(page.body)


_ROLLS_BACK = ("created", "revised", "deprecated", "replaced")


def _refuse_older_editions(wiki: Wiki, plans: list[_Plan]) -> None:
    """Refuse a document whose bytes are an edition of it this workspace already ingested and replaced.

    ``sources/`` keeps every edition (``refunds.md`` beside ``refunds-v2.md``), so picking the old file from
    a folder is easy, and its ingest revised the pages back to the old rules (30 → 14 days, 25 % → 10 %):
    every linked customer got a recheck for a rollback nobody meant (NEWUSER_REPORT14 #7). The old edition
    is known by its hash in the commit message of the ingest that brought it ("source: … sha256:…", on
    HEAD's history), asked only when the document is not the edition the pages now cite and would change
    a page; a rollback that is meant passes ``allow_older`` (``--allow-older``)."""
    for plan in plans:
        changed = [change.id for change in plan.result.pages if change.change in _ROLLS_BACK]
        if not changed:
            continue
        held = _section_pages(wiki, document_id(Path(plan.result.source).name))
        active = [page for pages in held.values() for page in pages if page.status != "deprecated"]
        current = {str(page.sources[0].get("sha256") or "").lower().removeprefix("sha256:") for page in active}
        if not active or plan.doc.sha256 in current:
            continue
        commit = gitrepo.last_commit_matching(wiki.workspace, SOURCES_DIR, f"sha256:{plan.doc.sha256}")
        if commit is None:
            continue  # bytes never ingested here: a new edition
        now = sorted({str(page.sources[0].get("file")) for page in active})[0]
        pages = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
        raise Refused(f"{plan.doc.path.name} is an edition this workspace already replaced (ingested in commit "
                      f"{commit[:10]}; the pages now cite {now}): ingesting it again would bring {pages} back to "
                      "that edition's text - pass --allow-older if that is meant")


def _refuse_hand_edits(workspace: Path, plans: list[_Plan]) -> None:
    """Refuse, before anything is written, to rewrite a page whose file differs from HEAD.

    A revision is made from the document, so an uncommitted hand edit to the page was overwritten and
    lost (it was in no commit and no git object); ``mem bundle build`` refuses the same state."""
    rewritten = []
    for plan in plans:
        changed = {change.id for change in plan.result.pages if change.change != "unchanged"}
        rewritten += [f"{FOLDERS[page.type]}/{page.id}.md" for page in plan.pages if page.id in changed]
    dirty = gitrepo.uncommitted(workspace, rewritten) if rewritten else []
    if dirty:
        named = ", ".join(f"{path} {how}" for path, how in dirty[:3])
        more = f" (and {len(dirty) - 3} more)" if len(dirty) > 3 else ""
        raise Refused(f"{named}{more}: this ingest would overwrite it; commit the edit (git commit) or discard "
                      "it (git checkout -- FILE), then ingest again")


def _embed_written(workspace: Path, plans: list[_Plan], progress: ProgressCallback) -> None:
    """The sentence vectors of the pages just committed, into the cache beside the search index
    (docs/ask.md): derived data, made after the commit so a crash here loses nothing but time."""
    from mem.core.text.vectors import embed_pages
    from mem.wiki.store import STATE_DIR, Wiki

    pages = [(str(page.title), str(page.body)) for plan in plans if plan.result.changed for page in plan.pages]
    if pages:
        progress(len(plans), len(plans), "embedding policy sentences")
        embed_pages(workspace / STATE_DIR, pages, live=lambda: _live_policy_texts(workspace, Wiki(workspace)))


def _live_policy_texts(workspace: Path, wiki: Wiki) -> list[tuple[str, str]]:
    """Every policy text the sentence-vector cache serves, as (title, body): each page as written and, where that
    edition is not in force yet (a later ``effective``, a draft), the edition the answers quote today
    (``WorkspaceServiceMemory.pages``) — the prune kept only the written one, and every question after it embedded
    the rule in force again."""
    from mem.core.errors import MemError
    from mem.wiki.service_memory import WorkspaceServiceMemory

    written = [(str(page.title), str(page.body)) for page in wiki.pages("policy", skip_invalid=True)]
    try:
        served = [(str(page.title), str(page.body)) for page in WorkspaceServiceMemory(workspace).pages("policy")]
    except MemError:  # a page that cannot be read or served: what is written is kept, as before
        served = []
    return written + [text for text in served if text not in written]


def _flagged(plan: _Plan) -> list[FlaggedSentence]:
    written = {change.id for change in plan.result.pages if change.change in ("created", "revised", "replaced")}
    found = []
    for page in plan.pages:
        if page.id in written:
            found += [FlaggedSentence(f"policies/{page.id}.md", line, reason, sentence)
                      for line, sentence, reason in _page_findings(render_page(page))]
    return found


def _page_findings(text: str) -> list[tuple[int, str, str]]:
    """``sentence_findings`` of a page file read as ``mem lint`` reads it (``wiki.page.reading_units``): each
    front-matter field alone, then the body at its own lines. Read whole, the front matter was one sentence: a
    flagged ``summary`` was reported at line 1 quoting "--- id: … type: …" while lint named the line (newuser26 #13).
    The whole block is read only when no field alone is flagged, so splitting lets no instruction through."""
    fields, block, body = reading_units(text)
    found = [(start + line - 1, sentence, reason) for start, value in fields
             for line, sentence, reason in sentence_findings(value)]
    if not found and block:
        found = list(sentence_findings(block))
    return found + list(sentence_findings(body))


def _upcoming(workspace: Path, plan: _Plan) -> list[str]:
    """What happens to each written page dated after today: the rule in force stays the one customers
    are answered from until that date (``mem.wiki.in_force``), and the author hears it now."""
    from mem.wiki.history import editions
    from mem.wiki.in_force import serve

    today = clock.today()
    notes = []
    for page, change in zip(plan.pages, plan.result.pages, strict=True):
        if change.change not in ("created", "revised", "replaced") or page.effective is None \
                or page.effective <= today:
            continue
        served = serve(page, today, lambda p: editions(workspace, str(p.id)))
        until = (f"customers are answered from v{served.version} and told of v{page.version} with its date"
                 if served is not None else "it is not quoted to customers (no earlier version is in force)")
        notes.append(f"policies/{page.id}.md v{page.version} takes effect on {page.effective.isoformat()}: "
                     f"until then {until}")
    return notes


def _stated_start(body: str, now: datetime) -> StatedStart | None:
    """The start date still to come that the page's own text states ("From 1 January 2027 …",
    "2027년 1월 1일부터", "2027年1月1日から"; ``mem.wiki.start_dates``), or None. Only asked when
    neither ``--effective``, front matter nor an "effective" date gave the date."""
    return upcoming_start(body, now.date())


def _distant_warnings(text: str, now: datetime) -> list[str]:
    """A warning for each start date the text states too far ahead to be believed (a typo year, a placeholder):
    read, it kept the pages it dated out of force for years."""
    farthest = farthest_start(now.date())
    edition = edition_start(text, after=farthest)
    words = [edition[1]] if edition else []
    words += [start.words for start in distant_starts(text, now.date()) if start.words not in words]
    return [f"the start date \"{w}\" is more than {FARTHEST_START_YEARS} years away and was not read (a typo?); "
            "pass --effective if it is meant" for w in dict.fromkeys(words)]


def _parse_effective(value: date | str | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(value.strip())
    except ValueError as exc:
        raise InvalidInput(f"--effective must be a date YYYY-MM-DD, got {value!r}") from exc


def _source_name(path: Path) -> str:
    """The ASCII file name a document is kept under in ``sources/``: distinct for distinct names.

    ``_whole_source_name``, unless its document id would be cut: a document id is at most 60
    characters and a kept name at most 100, and two long names that differed only after the cut
    ("… northern european region Sweden.md", "… Norway.md") were one document — the second was
    refused as the first, and ``--replace`` made it overwrite the first's pages (NEWUSER_REPORT21 #9;
    the cut also lost the extension, #14). A long name is kept as its first words, a short hash of
    its whole stem and its extension ("Customer-service-handbook-for-the-north-3f2a9c1e.md"); the
    hash leaves out a version suffix, so "… Sweden v2.md" stays an edition of "… Sweden.md"."""
    name = _whole_source_name(path)
    cut = name.rfind(".")
    stem, ext = (name[:cut], name[cut:]) if cut > 0 else (name, "")
    core = strip_version_suffix(stem)
    if len(name) <= 100 and len(_full_slug(core)) <= _DOCUMENT_ID_MAX:
        return name
    original = unicodedata.normalize("NFC", path.name)
    dot = original.rfind(".")
    original, ext = (original[:dot], original[dot:]) if dot > 0 else (original, "")
    ext = re.sub(r"[^A-Za-z0-9._-]+", "-", _ascii(ext))[:20].rstrip("-.")
    digest = hashlib.sha256(strip_version_suffix(original).casefold().encode("utf-8")).hexdigest()[:8]
    suffix = re.sub(r"[^A-Za-z0-9._-]+", "-", stem[len(core):])[:20]
    head = core[:_DOCUMENT_ID_MAX - 10 - len(suffix)].rstrip("-._") or "document"
    return f"{head}-{digest}{suffix}{ext}"


# a document id is its kept name slugified, and ``slugify`` keeps 60 characters of it
_DOCUMENT_ID_MAX = 60


def _full_slug(stem: str) -> str:
    """``slugify`` without its cut at 60 characters: what tells a long name's document id is cut."""
    return re.sub(r"[^a-z0-9]+", "-", _ascii(stem).lower()).strip("-")


def _whole_source_name(path: Path) -> str:
    """The name a document was kept under up to round 21: ``_source_name`` before long names were hashed.

    A stem with non-ASCII letters is spelled in ASCII where it can be ("ä" → "a") and gets a short
    hash of the original stem: "환불정책.txt" and "배송정책.txt" both became ``sources/txt`` (and
    "terms ä.md", "terms ö.md" both ``terms-.md``), so one document revised the other's pages. The
    hash leaves out a version suffix, so "약관-v2.md" stays the same document as "약관-v1.md". A name
    with nothing left of its stem (".md") becomes ``document.md``, never the bare extension. ASCII
    names are kept as they always were, so page ids do not change."""
    name = unicodedata.normalize("NFC", path.name)
    cut = name.rfind(".")
    stem, ext = (name[:cut], _ascii(name[cut:])) if cut >= 0 else (name, "")
    if not stem.isascii():
        core = strip_version_suffix(stem)
        digest = hashlib.sha256(core.casefold().encode("utf-8")).hexdigest()[:8]
        stem = f"{_ascii(core)[:80]}-{digest}{_ascii(stem[len(core):])}"
    if not re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-."):
        stem = "document"
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", stem + ext).strip("-.") or "document"
    return name[:100]


def _legacy_source_name(path: Path) -> str:
    """The name mem kept a document under before non-ASCII names were spelled and hashed (up to fa3cec2):
    every run of other characters became "-", so "약관.md" was ``sources/md``, "약관2026.pdf" ``sources/2026.pdf``."""
    return (re.sub(r"[^A-Za-z0-9._-]+", "-", path.name).strip("-.") or "document")[:100]


def _kept_name(wiki: Wiki, doc: Document, *, single: bool, split: str) -> str:
    """The name ``doc`` is kept under: ``_source_name``, or the older name of the same document.

    An older mem kept "약관.md" as ``sources/md`` and wrote no ``sources[].name`` in its pages; under its
    current name the upgrade's first ingest made a second set of pages while the old ones kept answering
    (NEWUSER_REPORT13 #5). So when this document holds no page under its current name, the pages kept
    from its older name are this document's when they record its name (adopted by an earlier ingest),
    or when they record none and hold at least one of its sections (heading path): the older name was
    shared by every file of the same extension with no ASCII letter (환불.md and 배송.md were both
    ``sources/md``), and a file none of whose sections is theirs is another document. The pages then
    keep their ids and their source file, and are revised as any new edition would revise them."""
    name = _source_name(doc.path)
    if _section_pages(wiki, document_id(name)):
        return name
    # the name of round 20 and before (a long name cut at 100 characters), then the one before fa3cec2
    for older in dict.fromkeys((_whole_source_name(doc.path), _legacy_source_name(doc.path))):
        if older != name and _holds_document(wiki, doc, older, single=single, split=split):
            return older
    return name


def _holds_document(wiki: Wiki, doc: Document, older: str, *, single: bool, split: str) -> bool:
    """Whether the pages kept from the file ``sources/<older>`` are ``doc``'s (``_kept_name``)."""
    held = _section_pages(wiki, document_id(older))
    kept = f"{SOURCES_DIR}/{older}"
    pages = [page for pages in held.values() for page in pages if page.sources[0].get("file") == kept]
    if not pages:
        return False
    incoming = _name_core(doc.path.name)
    recorded = [page.sources[0].get("name") for page in pages]
    if any(value is not None and _name_core(str(value)) == incoming for value in recorded):
        return True
    if None not in recorded:
        return False
    _, topics = plan_topics(doc, single=single, split=split)
    sections = {str(page.sources[0].get("section") or "") for page in pages if page.sources[0].get("name") is None}
    return any(topic.section in sections for topic in topics)


def _name_core(name: str) -> str:
    """What makes two file names the same document: the stem without version suffix, in any case
    ("Refund-v3.pdf" and "refund_v4.md" are editions of one document; "a b.md" and "a-b.md" are not)."""
    name = unicodedata.normalize("NFC", name)
    stem = name[:name.rfind(".")] if name.rfind(".") > 0 else name
    return strip_version_suffix(stem).rstrip(" -_.").casefold()


def _other_document(held: dict[str, list[Page]], incoming: str, kept: str) -> str | None:
    """The name of the file another document id's pages were made from, when ``incoming`` is not it.

    A document id is the kept file name slugified, so "a b.md", "a-b.md" and "A_B.md" are all the
    document ``a-b``: the second one ingested revised the first one's pages and deprecated the rest.
    A page records the name it was made from (``sources[0].name``); one written before names were
    recorded is compared by its kept file, which is all that is known of it."""
    others: set[str] = set()
    for page in (page for pages in held.values() for page in pages):
        source = page.sources[0]
        recorded = source.get("name")
        if recorded is None:
            recorded = Path(str(source.get("file") or "")).name
            if _name_core(recorded) == _name_core(kept):
                return None
        elif _name_core(str(recorded)) == _name_core(incoming):
            return None
        others.add(str(recorded))
    return min(others) if others else None


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _plan_document(wiki: Wiki, doc: Document, name: str, *, page_id: str | None, title: str | None,
                   effective: date | None, model: str, split: str, replace: bool, id_prefix: str | None,
                   progress: ProgressCallback, previous: PreviousEditions, given: set[str]) -> _Plan:
    source_rel = f"{SOURCES_DIR}/{name}"
    result = IngestResult(document=doc.shown, source=source_rel, sha256=doc.sha256, warnings=list(doc.warnings))
    doc_title, topics = plan_topics(doc, single=bool(page_id or title), split=split)
    now = clock.now()
    stated = effective or doc.effective or effective_date(doc.text, until=now.date())
    # the day its own "시행" / "施行" line (its 부칙 / 附則, its header) says an edition not yet in force starts:
    # every page it revises waits for it, not only the 부칙 page that states it (newuser30 #1)
    edition = None if effective or doc.effective else \
        edition_start(doc.text, after=now.date(), until=farthest_start(now.date()))
    if not (effective or doc.effective or stated):
        result.warnings.extend(_distant_warnings(doc.text, now))
    waiting: list[str] = []
    source_id = document_id(name)
    pages: list[Page] = []
    used: set[str] = set()
    in_wiki = wiki.pages("policy", skip_invalid=True)  # read once: this document's pages and the others' titles
    held_pages = _section_pages(wiki, source_id, in_wiki)
    incoming = unicodedata.normalize("NFC", doc.path.name)
    other = None if replace else _other_document(held_pages, incoming, name)
    if other is not None:
        raise Conflict(f"{incoming} would be the document {source_id!r} that {other} made, and revise its pages "
                       f"- rename {incoming}, or pass --replace if it is a new edition of {other} (its pages then "
                       f"hold {incoming}'s text, and {other}'s is no longer in force)")
    held = {section: pages[0].id for section, pages in held_pages.items()}
    # the prefix an earlier edition was given (--id-prefix) holds for this one's new and renamed sections: a run
    # without the option gave them bare ids, and the document mixed ids for good (newuser25 #6)
    id_prefix = id_prefix or _remembered_prefix(held_pages)
    # ids of this document's deprecated pages: a section that is gone keeps its id for when it comes back,
    # never for another section that happens to stand at its number
    retired = {page.id for pages in held_pages.values() for page in pages if page.status == "deprecated"}
    slugs = [_page_slug(t.title) for t in topics]
    sections = {t.section for t in topics}
    elsewhere = _titles_elsewhere(in_wiki, source_id) if not title else {}
    gone = _GoneMemo(previous)  # what is read of the gone pages, once for all new sections (_renamed_page)
    for n, topic in enumerate(topics, start=1):
        page_title = title or topic.title or doc_title
        pid = page_id or _held_page(held_pages.get(topic.section, []), topic, used)
        if pid is None and not model:
            pid = _renamed_page(held_pages, sections, topic, page_title, source_rel, doc.kind, used, gone)
        if pid is None or pid in used:
            # A new section never takes an id another section of this edition holds: a heading with no
            # ASCII word (환불, 返品) is numbered by position, and a section inserted before it must not
            # take its number — that revised every later page with its neighbour's text.
            taken = used | retired | {held_id for section, held_id in held.items()
                                      if section != topic.section and section in sections}
            slug = _page_slug(page_title) or _dated_number(source_id, page_title) or _free_number(source_id, n, taken)
            if slugs.count(_page_slug(topic.title)) > 1 and len(topic.path) > 1:
                slug = _page_slug(" ".join(topic.path)) or slug  # "Returns › Scope" and "Shipping › Scope"
            pid = _unique(f"{id_prefix}-{slug}"[:64].rstrip("-") if id_prefix else slug, taken)
        used.add(pid)
        if elsewhere.get(_title_key(page_title), set()) - {pid}:
            # "How do I cancel?" under "Orders" and again under "Lumora Plus": the second is "How do I cancel? (Lumora
            # Plus)", so pages list, the index and a citation tell the two apart (the id keeps its --id-prefix)
            page_title = _qualified_title(page_title, topic, doc_title, id_prefix or source_id)
        takeover = _owner_conflict(wiki, pid, source_id, doc.path.name, replace=replace or page_id is not None,
                                   in_wiki=in_wiki, given=given, path=doc.path)
        progress(n, len(topics), f"preparing page {pid}")
        # the name as given: "a b.md" is kept as sources/a-b.md, and only the name tells it from "a-b.md"
        source_entry: dict[str, object] = {"id": source_id, "file": source_rel, "name": incoming,
                                           "sha256": doc.sha256}
        if topic.section:
            source_entry["section"] = topic.section
        if id_prefix and not page_id:
            source_entry["id_prefix"] = id_prefix
        if doc.kind == "pdf" and topic.pages:
            source_entry["pages"] = topic.pages
        current = _same_source(wiki, pid, source_entry, title)
        if current is not None and not model and _reads_otherwise(current, topic, page_title, source_rel, doc.kind):
            current = None  # same bytes, but this mem reads the section's rules otherwise: revise the page
        if current is not None:
            # Same bytes, same section: nothing to write, and no model call that could reword it.
            pages.append(current)
            result.pages.append(PageChange(current.id, current.title, current.version, "unchanged"))
            continue
        if model:
            # judged against the section: a rewrite that drops, adds or translates a rule is not used
            draft, refused = checked_draft(topic, title=page_title, model=model, source_name=source_rel)
            if refused:
                result.warnings.append(refused)
        else:
            draft = deterministic_draft(topic, title=page_title)
        body = _cite(draft, topic, source_rel, doc.kind)
        # a revision whose text states its own start waits for it (the edition before answers until then); a first
        # edition has no earlier rule to answer from, so it is in force from today, its sentence saying the date
        start = None if not wiki.exists(pid) else \
            StatedStart(*edition) if edition else None if stated else _stated_start(body, now)
        page, change = _revise(wiki, pid, draft, body, source_entry,
                               effective=start.day if start else stated, now=now)
        if edition and change == "revised":
            waiting.append(pid)
        elif start is not None and change == "revised":
            result.warnings.append(f"policies/{pid}.md: effective {start.day.isoformat()}, the start date its text "
                                   f"states (\"{start.words}\"); pass --effective to choose another date")
        elif change == "created" and not stated and (later := announced_only(body, now.date())) is not None:
            # a change notice's page: every rule on it starts later, yet a first edition is in force from today
            result.warnings.append(f"policies/{pid}.md: every rule it states starts later (\"{later.words}\"), yet a "
                                   "new page is in force from today: answers quote it with its date, never as the "
                                   "rule now; pass --effective to hold it back, or ingest it on that day")
        kept = _kept_hand_edit(wiki, previous, pid, topic, source_entry, incoming) if change == "revised" else None
        if kept is not None:
            page, change = kept, "source-updated"
        if takeover and change != "unchanged":
            change = "replaced"
            result.takeovers[pid] = takeover
        pages.append(page)
        result.pages.append(PageChange(page.id, page.title, page.version, change))
    if edition and waiting:
        result.warnings.append(f"{incoming}: effective {edition[0].isoformat()} for the {len(waiting)} page"
                               f"{'s' if len(waiting) > 1 else ''} this edition revises "
                               f"({', '.join(waiting)}), the start date it states (\"{edition[1]}\"); "
                               "pass --effective to choose another date")
    for old in _orphans(wiki, source_id, source_rel, used):
        meta = dict(old.meta, status="deprecated")
        pages.append(Page(old.id, old.type, old.title, old.version + 1, meta, old.body))
        result.pages.append(PageChange(old.id, old.title, old.version + 1, "deprecated"))
    return _Plan(doc, result, pages, _message(result), _log_lines(result))


def _reads_otherwise(page: Page, topic: Topic, title: str, source_rel: str, kind: str) -> bool:
    """Whether the deterministic engine would now write other rule text for the page than it holds, from the same
    bytes: a reader that changed (an upgrade) reads the document anew. An older mem read each "1. … 경우" item of a
    Korean PDF's article as a heading; re-ingesting the same PDF after the upgrade kept the article's page without
    its items ("same bytes, same section"), so the items were on no page in force. A page whose rule text is the
    same (only its paragraphs or footnotes differ) is left as it is."""
    again = _cite(deterministic_draft(topic, title=title), topic, source_rel, kind)
    return rule_text(again) != rule_text(page.body)


def _page_slug(title: str) -> str:
    """A page id made from a title (``slugify``), or "" when no word of it is left: a title in Korean or Japanese
    with a number in it ("약관2026", "제5조 (환불)") kept only the number, and the page was called ``2026`` or ``5`` —
    a name that says nothing, and that a second document's "規約2026" or "제5조" then claimed (ingest refused
    it). Such a page is numbered in its document instead (``<document>-<n>``), as a title with no ASCII letter
    always was.

    A dated entry ("7 December 2026 — Money-back period now 45 days", ``entry_date``) is its day as an ISO date
    and its words: ``2026-12-07-money-back-period-now-45-days``, however the heading writes the date, so a
    changelog's ids sort by day and say it (the "7" was read as a clause number: ``december-2026-…``, and two
    entries of one month with the same words differed only by ``-2``). With no ASCII word it is "" here, and
    ``_dated_number`` names it."""
    dated = entry_date(title)
    if dated is not None:
        day, words = dated
        slug = slugify(words)
        return f"{day.isoformat()}-{slug}"[:60].rstrip("-") if any("a" <= c <= "z" for c in slug) else ""
    slug = slugify(title)
    return slug if any("a" <= c <= "z" for c in slug) else ""


def _dated_number(source_id: str, title: str) -> str:
    """The id of a dated entry with no ASCII word ("2026년 12월 7일 — 환불 기간 45일로 연장"): its document's and its
    day's, ``changes-ko-2026-12-07`` — the day alone would be every other document's entry of that day; "" for a
    title that is no dated entry (numbered in its document, ``_free_number``)."""
    dated = entry_date(title)
    return f"{source_id[:48].rstrip('-')}-{dated[0].isoformat()}" if dated is not None else ""


def document_id(name: str) -> str:
    """The document a source file is an edition of: its name without extension and version suffix."""
    return slugify(Path(name).stem) or "source"


def _section_pages(wiki: Wiki, source_id: str, pages: list[Page] | None = None) -> dict[str, list[Page]]:
    """Section path → the pages this document already made for it, by id (identity follows the document;
    a heading used twice, "Refunds" for goods and for downloads, has two). ``pages``: the wiki's policy pages, when
    the caller read them already."""
    held: dict[str, list[Page]] = {}
    for page in wiki.pages("policy", skip_invalid=True) if pages is None else pages:
        sources = page.sources
        if sources and sources[0].get("id") == source_id:
            held.setdefault(str(sources[0].get("section") or ""), []).append(page)
    return held


def _titles_elsewhere(pages: list[Page], source_id: str) -> dict[str, set[str]]:
    """The titles (``_title_key``) of the policy pages in force that other documents made, or that no document made,
    with the ids of the pages holding each (a page this document takes over, ``--replace``, is no other page)."""
    titles: dict[str, set[str]] = {}
    for page in pages:
        if page.status != "deprecated" and not (page.sources and page.sources[0].get("id") == source_id):
            titles.setdefault(_title_key(page.title), set()).add(page.id)
    return titles


def _title_key(title: str) -> str:
    return " ".join(title.casefold().split())


def _qualified_title(title: str, topic: Topic, doc_title: str, fallback: str) -> str:
    """``title`` with what tells its page from another document's page of the same title, in brackets: the
    headings its section stands under ("Orders › How do I cancel?" → "How do I cancel? (Orders)"), else the
    document's own title ("Lumora Plus"), else ``fallback`` (the ``--id-prefix`` given, else the document's id)."""
    parents = [h for h in topic.path[:-1] if _title_key(h) != _title_key(title)]
    if parents:
        tell = " › ".join(parents)
    elif doc_title and _title_key(doc_title) != _title_key(title):
        tell = doc_title
    else:
        tell = fallback
    return f"{title} ({tell})"


def _remembered_prefix(held_pages: dict[str, list[Page]]) -> str | None:
    """The ``--id-prefix`` this document's pages were made with (recorded in their source entry), if any."""
    for pages in held_pages.values():
        for page in pages:
            prefix = page.sources[0].get("id_prefix") if page.sources else None
            if isinstance(prefix, str) and prefix:
                return prefix
    return None


def _renamed_page(held_pages: dict[str, list[Page]], sections: set[str], topic: Topic, title: str,
                  source_rel: str, kind: str, used: set[str], memo: _GoneMemo) -> str | None:
    """The held page a renamed section continues: the one section of the last edition that is gone from this one
    and whose rules this new section states ("Claim processing times" → "How long claims take"). It keeps its id
    (and the customer facts citing it follow), revised for its new title; before, the old page was deprecated and
    a new one created (newuser25 #6).

    Word for word is the first test. An edition that also moved text between pages (a removed chapter shifts a
    PDF's pages, and a line at a page's foot moves with them) reads the same chapter a little otherwise, so its
    rename was a new page and the history was cut (newuser31 #5); so a section also continues a gone page when,
    leaving out the document's boilerplate (a paragraph on two or more of its pages), they share at least half
    of the larger side's paragraphs and their headings carry the same number ("11 Moving home" → "11 Moving
    house"), or 80 % with no shared number. Exactly one gone page may qualify: two mean nothing tells a rename
    from a section removed beside one added. ``memo`` keeps what is read of the gone pages between calls."""
    gone = [page for section, pages in held_pages.items() if section not in sections for page in pages
            if page.status != "deprecated" and page.id not in used]
    if not gone:
        return None
    body = _cite(deterministic_draft(topic, title=title), topic, source_rel, kind)
    text = rule_text(body)
    if not text:
        return None
    for page in gone:
        if page.id not in memo.texts:
            memo.texts[page.id] = rule_text(str(page.body))
    same = [page for page in gone if memo.texts[page.id] == text]
    if same:
        return same[0].id if len(same) == 1 else None
    boiler = memo.boilerplate(held_pages)
    mine = set(_paragraphs(body)) - boiler
    if not mine:
        return None
    close = []
    for page in gone:
        theirs = set(_paragraphs(str(page.body))) - boiler
        share = len(mine & theirs) / max(len(mine), len(theirs)) if theirs else 0.0
        number = memo.number(page)
        if share >= _SAME_RULES or (share >= _SAME_RULES_NUMBERED and number and number == topic.number):
            close.append(page)
    return close[0].id if len(close) == 1 else None


_SAME_RULES = 0.8  # of the paragraphs that are not boilerplate, the share a renamed section keeps
_SAME_RULES_NUMBERED = 0.5  # the same, when the heading kept its number too


class _GoneMemo:
    """What ``_renamed_page`` reads of a document's gone pages, read once for all of an edition's new sections:
    read again for every new section, an edition that renamed all of a document's sections read n x n bodies."""

    def __init__(self, previous: PreviousEditions) -> None:
        self.previous = previous
        self.texts: dict[str, str] = {}
        self._boiler: set[str] | None = None
        self._numbers: dict[str, str] = {}

    def boilerplate(self, held_pages: dict[str, list[Page]]) -> set[str]:
        """The paragraphs that stand on two or more of the document's pages ("Call us on 0800 …")."""
        if self._boiler is None:
            seen: dict[str, int] = {}
            for pages in held_pages.values():
                for page in pages:
                    for paragraph in set(_paragraphs(str(page.body))):
                        seen[paragraph] = seen.get(paragraph, 0) + 1
            self._boiler = {paragraph for paragraph, count in seen.items() if count > 1}
        return self._boiler

    def number(self, page: Page) -> str:
        """The number the gone page's heading had in the edition it was made from ("" when those bytes are gone)."""
        if page.id not in self._numbers:
            before = self.previous.topic(page.sources[0]) if page.sources else None
            self._numbers[page.id] = before.number if before is not None else ""
        return self._numbers[page.id]


def _paragraphs(body: str) -> list[str]:
    """A page body's paragraphs as rule text (footnote marks and definitions left out)."""
    return [text for text in (rule_text(part) for part in re.split(r"\n\s*\n", body)) if text]


def _held_page(pages: list[Page], topic: Topic, used: set[str]) -> str | None:
    """The id of the held page this section continues: the only one, or — when a heading stands more than
    once — the free one whose words it shares most. By position alone, deleting the first of two "Refunds"
    sections revised the goods rule into the downloads rule and deprecated the downloads page."""
    free = [page for page in pages if page.id not in used]
    if len(pages) <= 1 or not free:
        return pages[0].id if pages else None
    words = _words(topic.text)

    def shared(page: Page) -> float:
        theirs = _words(str(page.body))
        return len(words & theirs) / (len(words | theirs) or 1)

    return max(free, key=shared).id  # max keeps the first (lowest id) of equals


def _words(text: str) -> set[str]:
    return {word for word in re.findall(r"\w+", text.lower()) if not word.isdigit() or len(word) > 1}


def _kept_hand_edit(wiki: Wiki, previous: PreviousEditions, pid: str, topic: Topic, source: dict[str, object],
                    incoming: str) -> Page | None:
    """The page as committed, only its source entry refreshed, when a hand edit of it must outlive this ingest.

    A re-ingest rewrote a page from its section whenever any section of the document changed, so a
    reviewer's committed edit vanished. A page that is not what ingest last wrote for it keeps its text
    when its own section did not change; when the section changed too, ingest cannot merge the two and
    refuses, naming the page (docs/ingest.md, "Hand edits"). ``None``: the page is ingest's text, revise it."""
    old = wiki.get(pid)
    if old.status == "deprecated" or not old.sources or old.sources[0].get("id") != source.get("id"):
        return None
    before = previous.topic(old.sources[0])
    if before is not None:
        # what the deterministic engine wrote from the old section: the usual page, no git read needed
        again = _cite(deterministic_draft(before, title=old.title), before, str(old.sources[0].get("file")), "")
        if _content_key("", again) == _content_key("", old.body):
            return None
    rel = f"{FOLDERS['policy']}/{pid}.md"
    if not gitrepo.matches_head(wiki.workspace, rel):
        return None  # an edit in no commit: _refuse_hand_edits says so, whatever the section did
    ingested = last_ingested_body(wiki.workspace, rel, pid)
    if ingested is None or _content_key("", ingested[1]) == _content_key("", old.body):
        return None  # ingest's own text (a model's, an older engine's), or a history that cannot tell
    if before is not None and before.text == topic.text and before.path == topic.path:
        return Page(old.id, old.type, old.title, old.version, dict(old.meta, sources=[source]), old.body)
    section = topic.section or topic.title
    raise Conflict(f"{rel} was edited by hand after its last ingest ({ingested[0][:10]}) and its section "
                   f"{section!r} changed in {incoming}: ingest will not overwrite the edit - carry the edit "
                   f"into the document, or restore the ingested text (git checkout {ingested[0][:10]} -- {rel}"
                   " && git commit), then ingest again")


def _owner_conflict(wiki: Wiki, pid: str, source_id: str, incoming: str, *, replace: bool,
                    in_wiki: list[Page], given: set[str], path: Path) -> str | None:
    """The file of the other document that owns page ``pid`` when this document takes the page over, or a
    ``Conflict`` naming both; ``None`` when the page is this document's or new.

    Taken over without ``replace``: a page whose document is retired — none of its pages is in force (``mem ingest
    --retire``, or its last edition dropped them all). Its id is free: a help-centre article split in two
    (roaming.html → roaming-europe.html + roaming-worldwide.html) was refused even after the old article was
    retired, and the whole folder with it (newuser31 #2). The take-over keeps the page's history and is recorded
    ("taken over from sources/roaming.html, retired"). A page of a document still in force is refused, as ever:
    a section of another live document never silently revises a page. ``given``: the names of the documents of
    this run, so the refusal can say how to free the id when the owner's file is not among them."""
    if not wiki.exists(pid):
        return None
    page = wiki.get(pid)
    if page.type != "policy":
        return None  # _revise reports a know-how page's id
    owners = [s for s in page.sources if s.get("id")]
    if owners and all(s.get("id") == source_id for s in owners):
        return None
    other = str(owners[0].get("file")) if owners else "a page written by hand (no sources)"
    if replace:
        return other
    documents = {str(s.get("id")) for s in owners}
    if owners and page.status == "deprecated" and not any(
            p.status != "deprecated" and p.sources and str(p.sources[0].get("id")) in documents for p in in_wiki):
        return f"{other}, retired"
    alone = f"mem ingest --id-prefix {slugify(Path(incoming).stem) or 'doc'} {shlex.quote(str(path))}"
    fix = (f"to give {incoming}'s pages their own ids, ingest it alone first ({alone}), then the rest; or pass "
           f"--replace to move the page to {incoming}")
    name = str(owners[0].get("name") or Path(other).name) if owners else ""
    if owners and _name_core(name) not in given:
        # its file is not in this run (an article split or renamed in a help-centre export): retiring it frees
        # every id it holds for the documents that now hold those sections, each page's history kept
        fix = (f"if {incoming} replaces {name}, retire that first (mem ingest --retire {shlex.quote(name)}) and "
               f"ingest again: its pages then pass to the documents that hold their sections, history kept; "
               f"else {fix}")
    raise Conflict(f"page {pid!r} belongs to {other}; {incoming} has a section with the same id - {fix}")


def _same_source(wiki: Wiki, pid: str, source: dict[str, object], title: str | None) -> Page | None:
    """The existing page when it was made from exactly this source section (and no new --title)."""
    if not wiki.exists(pid):
        return None
    page = wiki.get(pid)
    if page.type != "policy" or page.status == "deprecated" or not _same_entry(page.sources, source):
        return None
    return page if title is None or title == page.title else None


def _same_entry(sources: list[JsonObject], source: dict[str, object]) -> bool:
    """The page's sources are exactly ``source``; a page written before names were recorded lacks
    only the name, and an identical re-ingest must not rewrite (and commit) it for that."""
    if sources == [source]:
        return True
    return len(sources) == 1 and "name" not in sources[0] and sources[0] == {
        key: value for key, value in source.items() if key != "name"}


def _free_number(source_id: str, n: int, taken: set[str]) -> str:
    """``{document}-{n}``, or the next number no other section of the document holds."""
    while f"{source_id}-{n}" in taken:
        n += 1
    return f"{source_id}-{n}"


def _unique(pid: str, used: set[str]) -> str:
    """``pid``, or ``pid-2``, ``pid-3``… when it is taken or a name Windows reserves ("con" → "con-2")."""
    candidate, n = pid, 2
    while candidate in used or windows_reserved(candidate):
        candidate = f"{pid[:58]}-{n}"
        n += 1
    return candidate


def _cite(draft: Draft, topic: Topic, source_rel: str, kind: str) -> str:
    """The page body: the draft's paragraphs with footnote citations back to the source."""
    notes: dict[int | None, int] = {}

    def mark(page: int | None) -> str:
        key = page if kind == "pdf" else None
        if key not in notes:
            notes[key] = len(notes) + 1
        return f"[^{notes[key]}]"

    out: list[str] = []
    for text, page in draft.paragraphs:
        if draft.whole_section or text.startswith("#") or not _citable(text):
            out.append(text)
        else:
            first = topic.pages[0] if topic.pages else None
            out.append(text.rstrip() + " " + mark(page if page is not None else first))
    if draft.whole_section or not notes:
        refs = "".join(mark(p) for p in (topic.pages if kind == "pdf" and topic.pages else [None]))
        out.append(f"Source: {source_rel}{refs}")
    defs = []
    section = topic.section or topic.title
    for key, number in notes.items():
        # document, heading path, PDF page: enough to find the clause in the original
        where = (f', "{section}"' if section else "") + (f", p. {key}" if key is not None else "")
        defs.append(f"[^{number}]: {source_rel}{where}")
    return "\n\n".join(out) + "\n\n" + "\n".join(defs) + "\n"


def _citable(text: str) -> bool:
    stripped = text.strip()
    return not (stripped.startswith(("|", "```", "~~~", "<")) or stripped.endswith(("```", "~~~")))


def _content_key(title: str, body: str) -> tuple[str, str]:
    """What counts as a content change: title and rule text, not footnote numbering or source file names — nor the
    Unicode normal form (a page written from an NFD document before documents were read in NFC is the same text)."""
    return unicodedata.normalize("NFC", " ".join(title.split())), unicodedata.normalize("NFC", rule_text(body))


def _revise(wiki: Wiki, pid: str, draft: Draft, body: str, source: dict[str, object], *, effective: date | None,
            now: datetime) -> tuple[Page, str]:
    today = now.date()
    generated = {"by": draft.by, "at": clock.isoformat(now)}
    if not wiki.exists(pid):
        meta = {"status": "active", "effective": (effective or today).isoformat(), "summary": draft.summary,
                "sources": [source], "generated": generated}
        return Page(pid, "policy", draft.title, 1, meta, body), "created"
    old = wiki.get(pid)
    if old.type != "policy":
        raise Conflict(f"page id {pid!r} belongs to a {old.type} page; pass --id to choose another")
    # the title an older mem wrote without the article number ("청약철회 및 환불" of "제5조 (청약철회 및 환불)") is the
    # same title: the number alone revises no page and flags no customer fact (docs/ingest.md)
    title = old.title if old.title == strip_numbering(draft.title) else draft.title
    # a heading's own number is no rule text either: inserting 제4조 renumbers every later article ("제4조 (청약의
    # 철회)" → "제5조 (청약의 철회)"), which revised each of them and flagged their customers' facts (newuser25 #5)
    renumbered = strip_numbering(old.title) == strip_numbering(title)
    if _content_key(old.title, old.body) == _content_key(old.title if renumbered else title, body) \
            and old.status != "deprecated":
        if _same_entry(old.sources, source) and old.body.strip() == body.strip() and old.title == title:
            return old, "unchanged"
        meta = dict(old.meta, sources=[source])
        # Same wording from another file or edition: the hash, the footnotes, the heading's number and the
        # edition stamp follow the new file, the version stays. It numbers the rule text (wiki.page.rule_text,
        # which lint's version-history compares too); a new number would flag every linked customer fact for a
        # recheck of a rule that did not change.
        return Page(old.id, old.type, title, old.version, meta, body), "source-updated"
    meta = {k: v for k, v in old.meta.items() if k != "verified"}  # a review applies to the old text
    meta.update(status="active", effective=(effective or today).isoformat(), summary=draft.summary,
                sources=[source], generated=generated)
    return Page(pid, "policy", draft.title, old.version + 1, meta, body), "revised"


def _orphans(wiki: Wiki, source_id: str, source_rel: str, kept: set[str]) -> list[Page]:
    return [p for p in wiki.pages("policy", skip_invalid=True)
            if p.id not in kept and p.status != "deprecated" and p.sources
            and all(s.get("file") == source_rel or s.get("id") == source_id for s in p.sources)]


def _message(result: IngestResult) -> str:
    changed = [p for p in result.pages if p.change != "unchanged"]
    names = [f"{p.title} v{p.version}" + (" deprecated" if p.change == "deprecated" else "") for p in changed]
    head = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    lines = [f"ingest: {head or 'sources'} ({result.source})", "", f"source: {result.source} sha256:{result.sha256}"]
    lines += [f"page: {p.id} v{p.version} {p.change}"
              + (f" (taken over from {result.takeovers[p.id]})" if p.id in result.takeovers else "")
              for p in result.pages]
    return "\n".join(lines)


def _log_lines(result: IngestResult) -> list[str]:
    return [f"[{p.title}](policies/{p.id}.md) v{p.version} {p.change}" for p in result.pages]
