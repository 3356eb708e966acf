"""Lint rules about where a page comes from: a page git does not know, a page that changed document.

``untracked-page``: a page file on disk that was never committed has no history, no reviewed
version and no place in a bundle; it is what a crash or a hand copy leaves behind.
``page-document``: a page belongs to the document it was ingested from (``sources[0].id``); when a
later revision names another document, a section of that document overwrote the page — unless the
commit records an explicit take-over (``mem ingest --replace``/``--id``: "taken over from …").
``page-removed``: a policy page deleted (``git rm``, committed or not) while it was in force, not
renamed and not retired first: customer facts cite it, and clients now flag them "withdrawn" — the
documented way to retire a document is ``mem ingest --retire DOC`` (pages deprecated, version + 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePosixPath

from mem.wiki.lint_model import Finding
from mem.wiki.lint_rules import LintContext, PageFile
from mem.wiki.page import split_frontmatter

TAKEOVER = "taken over from"


def check_untracked(ctx: LintContext) -> Iterator[Finding]:
    if ctx.repo is None:
        return
    for pf in ctx.selected():
        if pf.rel in ctx.history.untracked:
            yield Finding(pf.rel, None, "untracked-page",
                          "git does not know this page: it was never committed (a crash, or a file copied in "
                          "by hand)")


def _document(meta: dict | None) -> str | None:
    sources = (meta or {}).get("sources")
    if isinstance(sources, list) and sources and isinstance(sources[0], dict) and sources[0].get("id"):
        return str(sources[0]["id"])
    return None


def check_page_document(ctx: LintContext) -> Iterator[Finding]:
    if ctx.repo is None:
        return
    history = ctx.history
    for pf in ctx.selected():
        lineage = history.lineages.get(pf.rel, [])
        if not pf.valid or not lineage or (len(lineage) < 2 and pf.rel not in history.modified):
            continue
        states: list[tuple[str | None, str | None]] = []  # (commit, document); None commit = working tree
        for sha, path in lineage:
            text = history.blob(sha, path)
            meta = split_frontmatter(text)[0] if text is not None else None
            states.append((sha, _document(meta)))
        if pf.rel in history.modified:
            states.append((None, _document(pf.meta)))
        finding = _unexplained_move(history, pf, states)
        if finding:
            yield finding


def _records_takeover(page_id: str, message: str) -> bool:
    return any(line.startswith(f"page: {page_id} ") and TAKEOVER in line for line in message.splitlines())


def _unexplained_move(history, pf: PageFile, states: list[tuple[str | None, str | None]]) -> Finding | None:
    """The last change of the page's document that no commit explains, compared along each branch's own history.

    A state is compared with the page as it was on its own line of history (the nearest earlier revision on each
    side of a merge), never with whichever branch's commit git lists just before it: two operators' clones each
    ingesting their own document, then merged, are two explained histories, not a take-over (NEWUSER_REPORT17 #7).
    A move is explained by its own commit recording the take-over (``mem ingest --replace``/``--id``) or by a later
    commit of HEAD's history recording it (how a meant move made by hand is accepted afterwards)."""
    known = [(sha, document) for sha, document in states if document is not None]
    if len({document for _, document in known}) < 2:
        return None  # one document all along: nothing moved (no walk of the commit graph)
    documents = {sha: document for sha, document in known if sha is not None}
    found = None
    for index, (sha, document) in enumerate(known):
        if sha is None:  # the working tree: compared with HEAD's edition of the page
            head = history.repo.head.commit.hexsha if history.repo is not None else None
            before = {head} if head in documents else (history.nearest(head, set(documents)) if head else set())
        else:
            before = history.nearest(sha, set(documents))
        if not before and index and not history.parents():
            before = {known[index - 1][0]}  # no commit graph to read: the previous revision listed
        previous = sorted({documents[commit] for commit in before if commit in documents})
        if not previous or document in previous:
            continue
        if sha is not None and (_records_takeover(str(pf.id), history.message(sha)) or any(
                _records_takeover(str(pf.id), message) and history.descends(later, sha)
                for later, message in history.takeover_messages(TAKEOVER).items())):
            continue
        came_from = " or ".join(repr(d) for d in previous)
        if sha is None:
            found = Finding(pf.rel, pf.field_line("sources"), "page-document",
                            f"the page came from document {came_from} but in the working tree its source became "
                            f"{document!r} without an explicit take-over: if the move is meant, commit the page with "
                            f"the message line 'page: {pf.id} taken over from {previous[0]}'; if not, "
                            f"`git checkout -- {pf.rel}` restores it")
        else:
            found = Finding(pf.rel, pf.field_line("sources"), "page-document",
                            f"the page came from document {came_from} but in commit {sha[:8]} its source became "
                            f"{document!r} without an explicit take-over: if the move was meant, record it with "
                            f"`git commit --allow-empty -m 'page: {pf.id} taken over from {previous[0]}'`; if not, "
                            f"restore the page from before that commit and ingest the other document with "
                            f"--id-prefix")
    return found


def check_removed_pages(ctx: LintContext) -> Iterator[Finding]:
    if ctx.repo is None or not ctx.repo_selected:
        return
    history = ctx.history
    removed = dict(history.removed)
    # deleted in the working tree or staged (``git rm`` before the commit): the same removal, caught earlier
    removed.update({rel: lineage for rel, lineage in history.lineages.items()
                    if rel in history.modified and rel not in ctx.by_rel and not (ctx.workspace / rel).exists()})
    for rel, lineage in sorted(removed.items()):
        path = PurePosixPath(rel)
        if path.parent.as_posix() != "policies" or path.suffix != ".md" or not lineage:
            continue
        page_id = path.stem
        if page_id in ctx.by_id or ctx.renamed_to(page_id) is not None:
            continue  # made again, or renamed: its facts follow the page
        text = history.blob(*lineage[-1])
        meta = split_frontmatter(text)[0] if text is not None else None
        if not meta or str(meta.get("status") or "active") != "active":
            continue  # retired (deprecated) first, or a draft that never answered anyone
        sha = history.deleted_in.get(rel)
        where = f"in commit {sha[:8]}" if sha else "in the working tree"
        yield Finding(rel, None, "page-removed",
                      f"policy page {page_id!r} v{meta.get('version')} was removed {where} while in force, "
                      "without being retired: customer facts that cite it get a 'withdrawn' recheck flag; "
                      "retire a document with `mem ingest --retire DOC`")
