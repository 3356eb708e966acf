"""`mem lint --fix`: the safe rewrites, gathered into ONE ``Wiki.write`` commit.

Safe means meaning-preserving: canonical frontmatter (``render_page``: field order, date and
timestamp forms), links whose target page was renamed (the new id comes from the target's
``aliases`` field or from git's rename history; a wiki link keeps the text it showed as its label),
wiki links that name a page by its title instead of its id (``[[Business accounts]]`` →
``[[business-accounts|Business accounts]]``, one page carrying that title), and ``index.md``
(``Wiki.write`` regenerates it).
Pages that are invalid or live outside ``<folder of type>/<id>.md`` are left alone: ``Wiki.write``
could only write them somewhere else.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import PurePosixPath

from mem.core.wording import plural
from mem.wiki.index import INDEX_FILE
from mem.wiki.links import Link, slugify
from mem.wiki.lint_rules import LintContext, PageFile, canonical_rel, expected_index, resolve
from mem.wiki.page import Page, render_page


def apply_fixes(ctx: LintContext) -> tuple[str | None, list[str]]:
    """Write every safe fix in one commit; returns ``(commit sha or None, descriptions)``."""
    from mem.wiki.store import Wiki

    pages: list[Page] = []
    fixed: list[str] = []
    for pf in ctx.selected():
        page = pf.page
        if page is None or pf.rel != canonical_rel(page):
            continue
        body, rewrites = _rewrite_links(ctx, pf, page.body)
        candidate = dataclasses.replace(page, body=body)
        if render_page(candidate) == pf.text:
            continue
        pages.append(candidate)
        fixed += [f"{pf.rel}:{line}: {old} → {new}" for line, old, new in rewrites]
        if render_page(dataclasses.replace(page, body=pf.body.lstrip("\n"))) != pf.text:
            fixed.append(f"{pf.rel}: frontmatter normalised")
    index = expected_index(ctx)
    index_stale = ctx.index_selected and ctx.index_text != index
    if not pages and not index_stale:
        return None, []
    if index_stale:
        fixed.append(f"{INDEX_FILE} regenerated")
    message = "lint --fix: " + "; ".join(_summary(pages, fixed, index_stale))
    result = Wiki(ctx.workspace).write(
        pages, op="lint", message=message, log_title="mem lint --fix",
        log_lines=[line for line in fixed if not line.endswith("regenerated")][:50],
        files=None if pages else {INDEX_FILE: index.encode("utf-8")},
    )
    return result.commit, fixed


def _summary(pages: list[Page], fixed: list[str], index_stale: bool) -> list[str]:
    parts = []
    links = sum(1 for line in fixed if "→" in line)
    if links:
        parts.append(f"rewrite {plural(links, 'link')} to renamed pages or named by title")
    normalised = sum(1 for line in fixed if line.endswith("frontmatter normalised"))
    if normalised:
        parts.append(f"normalise the frontmatter of {plural(normalised, 'page')}")
    if index_stale or pages:
        parts.append("regenerate index.md")
    return parts


def _rewrite_links(ctx: LintContext, pf: PageFile, body: str) -> tuple[str, list[tuple[int, str, str]]]:
    """The body with links to renamed pages pointing at the new ids, and what was rewritten."""
    lines = pf.lines
    edits: dict[int, list[tuple[Link, str]]] = {}
    for link in pf.links:
        state, _, _ = resolve(ctx, pf, link)
        if state != "missing":
            continue
        old_id = link.target if link.kind == "wiki" else PurePosixPath(link.target).stem
        new_id = ctx.renamed_to(old_id)
        if new_id is None and link.kind == "wiki" and (titled := ctx.titled(link.target)) is not None:
            replacement = _titled_replacement(ctx, link, titled)
        elif new_id is None:
            continue
        else:
            replacement = _replacement(ctx, pf, link, new_id)
        if replacement != link.raw:
            edits.setdefault(link.line, []).append((link, replacement))
    if not edits:
        return body, []
    rewrites = []
    new_lines = list(lines)
    for number, items in edits.items():
        line = new_lines[number - 1]
        for link, replacement in sorted(items, key=lambda item: item[0].start, reverse=True):
            line = line[: link.start] + replacement + line[link.start + len(link.raw):]
            rewrites.append((number, link.raw, replacement))
        new_lines[number - 1] = line
    new_body = "\n".join(new_lines[pf.body_start - 1:])
    return new_body.lstrip("\n") + ("\n" if body.endswith("\n") else ""), sorted(rewrites)


def _titled_replacement(ctx: LintContext, link: Link, page_id: str) -> str:
    """``[[Business accounts]]`` → ``[[business-accounts|Business accounts]]``: the id the link meant, the title it
    showed kept as its label; ``[[Payments#Chargebacks]]`` → ``[[payments#chargebacks|Payments#Chargebacks]]`` when
    the page has that heading (its anchor is the heading's slug)."""
    anchor = link.anchor
    if anchor:
        slug = slugify(anchor)
        anchor = slug if anchor not in ctx.by_id[page_id][0].anchors and slug in ctx.by_id[page_id][0].anchors \
            else anchor
    label = link.raw[2:-2].split("|", 1)[1] if "|" in link.raw else link.raw[2:-2]
    return f"[[{page_id}{'#' + anchor if anchor else ''}|{label}]]"


def _replacement(ctx: LintContext, pf: PageFile, link: Link, new_id: str) -> str:
    if link.kind == "wiki":
        inner = link.raw[2:-2]
        if "|" in inner:  # a label: it stays what the reader sees
            return link.raw.replace(f"[[{link.target}", f"[[{new_id}", 1)
        # `[[shipping-fees]]` → `[[postage|shipping-fees]]`: the text the page shows (and its rule text, which
        # versions it) stays the same, so the fix needs no version of its own (newuser26 #13)
        return f"[[{new_id}{inner[len(link.target):]}|{inner}]]"
    target = ctx.by_id[new_id][0]
    relative = os.path.relpath(target.path, pf.path.parent).replace(os.sep, "/")
    start = link.raw.rfind(link.target)
    if start < 0:  # a percent-encoded target: leave it for a person rather than guess
        return link.raw
    return link.raw[:start] + relative + link.raw[start + len(link.target):]
