"""``mem pages review``: record that a person read a policy page's current version, as bundles can require.

``[bundle] require_review`` makes ``mem bundle build`` refuse a policy page whose shipped version no ``verified``
entry names (``mem.wiki.page.reviewed``). The entry was written by hand in each page's frontmatter — for a help
centre of 49 pages, nobody did, and reviewed content meant committed content (newuser29 #12). This writes the entry
(``{by, at, version}``) for the pages named, or for every policy page in force that lacks one, in ONE commit by the
reviewer. Only committed text is reviewed: a page whose file differs from HEAD is refused, since the bundle ships
HEAD and a review of the working file would vouch for text that is not the one shipped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from mem.core import clock
from mem.core.errors import Conflict, InvalidInput
from mem.core.json_types import JsonObject
from mem.core.wording import plural
from mem.wiki.gitrepo import head_sha, read_blobs
from mem.wiki.index import FOLDERS
from mem.wiki.page import Page, reviewed
from mem.wiki.store import Wiki, refuse_unfinished_git
from mem.wiki.working_copy import uncommitted_pages

MAX_REVIEWER = 100


def reviewer(by: str) -> str:
    """The ``--by`` name, trimmed: one line of at most ``MAX_REVIEWER`` characters without control characters (it
    goes into the page's metadata and the commit message, where a line break forged trailers)."""
    name = by.strip()
    if not name:
        raise InvalidInput("say who reviewed with --by NAME")
    if not name.isprintable() or len(name) > MAX_REVIEWER:
        raise InvalidInput(f"--by must be one name on one line (at most {MAX_REVIEWER} characters, "
                           "no line breaks or control characters)")
    return name


def review_pages(workspace: Path, page_ids: Sequence[str], *, by: str, unreviewed: bool = False) -> JsonObject:
    """Add ``{by, at, version}`` to the ``verified`` list of each policy page named (or, with ``unreviewed``, of
    every policy page in force whose current version has no review), in one commit. A page already reviewed at its
    version is left as it is. Returns ``{"reviewed": [{id, version}], "already": [ids], "commit"}``."""
    name = reviewer(by)
    if bool(page_ids) == unreviewed:
        raise InvalidInput("name the pages to review, or pass --unreviewed for every policy page in force without "
                           "a review of its current version")
    workspace = Path(workspace)
    refuse_unfinished_git(workspace)
    # the commit the pages are read against: a commit made meanwhile (an ingest revising a page) stops the write
    # under the lock (``HeadMoved``) instead of recording a review of text that is no longer the one at HEAD
    base = head_sha(workspace)
    wiki = Wiki(workspace)
    if unreviewed:
        pages = [p for p in wiki.pages("policy", skip_invalid=True) if p.status != "deprecated"]
    else:
        pages = [wiki.get(page_id) for page_id in dict.fromkeys(page_ids)]  # NotFound names an unknown id
        others = [p.id for p in pages if p.type != "policy"]
        if others:
            raise InvalidInput(f"{others[0]} is a know-how page: know-how is reviewed when it is approved "
                               "(`mem promote --approve`)")
    rels = [f"{FOLDERS[p.type]}/{p.id}.md" for p in pages]
    changed = uncommitted_pages(workspace, rels)
    if changed:
        rel = sorted(changed)[0]
        raise Conflict(f"{rel} differs from the last commit: a review is of the committed text the bundle ships; "
                       f"commit or discard the edit first (git diff -- {rel})")
    # ... and a page file git does not hold at HEAD (a new file, or one only added to the index) has no committed
    # text at all; ``uncommitted_pages`` leaves such files out, and says nothing when git fails (review29)
    committed = read_blobs(workspace, [f"HEAD:{rel}" for rel in rels])
    for rel in rels:
        try:
            working = (workspace / rel).read_bytes()
        except OSError:
            working = None
        held = committed.get(f"HEAD:{rel}")
        if held is None or working is None or held.replace(b"\r\n", b"\n") != working.replace(b"\r\n", b"\n"):
            raise Conflict(f"{rel} is not in the last commit as it stands: a review is of the committed text the "
                           f"bundle ships; commit the page first (git status -- {rel})")
    at = clock.isoformat(clock.now())
    todo: list[Page] = []
    already: list[str] = []
    for page in pages:
        meta = dict(page.meta)
        if reviewed(meta):
            already.append(page.id)
            continue
        reviews = meta.get("verified")
        kept = [r for r in reviews if isinstance(r, dict)] if isinstance(reviews, list) else []
        meta["verified"] = [*kept, {"by": name, "at": at, "version": page.version}]
        todo.append(dataclasses.replace(page, meta=meta))
    result: JsonObject = {"reviewed": [{"id": p.id, "version": p.version} for p in todo], "already": already,
                          "commit": None}
    if not todo:
        return result
    names = ", ".join(f"{p.title} v{p.version}" for p in todo[:3]) + (
        f" and {len(todo) - 3} more" if len(todo) > 3 else "")
    message = "\n".join([f"review: {names} (by {name})", "",
                         *(f"page: {p.id} v{p.version} reviewed by {name}" for p in todo)])
    written = wiki.write(todo, op="review", message=message,
                         log_title=f"{plural(len(todo), 'policy page')} reviewed by {name}",
                         log_lines=[f"[{p.title}](policies/{p.id}.md) v{p.version}" for p in todo], author=name,
                         expect_head=base)
    result["commit"] = written.commit
    return result
