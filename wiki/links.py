"""Links of a page: ``[[id]]`` / ``[[id#anchor]]`` wiki links and markdown links, with line numbers.

Parsed with markdown-it-py (CommonMark), so links inside code spans or fenced code are not links,
and reference-style links resolve like a markdown viewer resolves them. Line numbers are 1-based
within the text given (add ``page.body_line_offset`` for file lines). Heading anchors follow GitHub's
slugs, which is what readers of the wiki on a forge click.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from urllib.parse import unquote

_WIKI = re.compile(r"\[\[([^\[\]|#]+)(?:#([^\[\]|]*))?(?:\|([^\[\]]*))?\]\]")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")


@dataclass(frozen=True)
class Link:
    """One link. ``page_id`` is set when it points at a wiki page (``[[id]]`` or ``…/id.md``)."""

    kind: str  # "wiki" | "markdown"
    target: str  # as written, without the anchor
    anchor: str | None
    line: int
    text: str
    page_id: str | None = None
    external: bool = False  # http:, mailto: … — not checked against the wiki


def _parser():  # noqa: ANN202 - markdown-it is imported lazily
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def extract_links(text: str, *, page_folder: str = "policies") -> list[Link]:
    """Every link in ``text`` (a page body), in order. ``page_folder`` resolves relative paths."""
    links: list[Link] = []
    for block in _parser().parse(text):
        if block.type != "inline" or not block.map or not block.children:
            continue
        line = block.map[0] + 1
        pending: dict[str, str] | None = None
        label: list[str] = []
        for child in block.children:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "link_open":
                pending, label = {"href": str(child.attrGet("href") or ""), "line": str(line)}, []
            elif child.type == "link_close" and pending is not None:
                links.append(_markdown_link(pending["href"], int(pending["line"]), "".join(label), page_folder))
                pending = None
            elif child.type == "text":
                if pending is not None:
                    label.append(child.content)
                for match in _WIKI.finditer(child.content):
                    target = match.group(1).strip()
                    links.append(Link("wiki", target, (match.group(2) or None), line,
                                      match.group(3) or target, page_id=target))
    return links


def _markdown_link(href: str, line: int, label: str, page_folder: str) -> Link:
    target, _, anchor = href.partition("#")
    target = unquote(target)
    if _SCHEME.match(href):
        return Link("markdown", target, anchor or None, line, label, external=True)
    page_id = None
    if target.endswith(".md"):
        resolved = posixpath.normpath(posixpath.join(page_folder, target))
        folder, _, name = resolved.rpartition("/")
        if folder in ("policies", "knowhow"):
            page_id = name[:-3]
    return Link("markdown", target, anchor or None, line, label, page_id=page_id)


def heading_anchors(text: str) -> list[str]:
    """GitHub-style anchors of the headings in ``text`` (repeats get ``-1``, ``-2`` …)."""
    tokens = _parser().parse(text)
    seen: dict[str, int] = {}
    anchors: list[str] = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and i + 1 < len(tokens):
            base = slug_anchor(tokens[i + 1].content)
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.append(base if count == 0 else f"{base}-{count}")
    return anchors


def slug_anchor(heading: str) -> str:
    """``"Refunds over 14 days!"`` → ``"refunds-over-14-days"`` (GitHub's rule)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower(), flags=re.UNICODE)
    return text.replace(" ", "-")


def linked_page_ids(text: str, *, page_folder: str = "policies") -> list[str]:
    """Ids of wiki pages ``text`` links to, in order of first appearance."""
    return list(dict.fromkeys(link.page_id for link in extract_links(text, page_folder=page_folder)
                              if link.page_id))
