"""The engine for folders of markdown pages: page model, store, git history, links, search, lint.

Nothing here imports gitpython or yaml at module level, so importing ``mem.wiki`` is cheap.
"""

from mem.wiki.history import PageVersion, page_at, page_diff, page_history, page_text_at
from mem.wiki.index import INDEX_FILE, render_index
from mem.wiki.links import Link, extract_links, heading_anchors, linked_page_ids, slug_anchor
from mem.wiki.page import (
    FIELD_ORDER,
    PAGE_TYPES,
    STATUSES,
    Page,
    body_line_offset,
    normalise_meta,
    parse_page,
    render_page,
    split_frontmatter,
    validate_meta,
)
from mem.wiki.search import SearchHit, SearchIndex, search_pages
from mem.wiki.service_context import CONTEXT_FILE, parse_items, read_items
from mem.wiki.store import LOG_FILE, Wiki, WriteResult
from mem.wiki.workspace import init_workspace

__all__ = [
    "CONTEXT_FILE",
    "FIELD_ORDER",
    "INDEX_FILE",
    "LOG_FILE",
    "PAGE_TYPES",
    "STATUSES",
    "Link",
    "Page",
    "PageVersion",
    "SearchHit",
    "SearchIndex",
    "Wiki",
    "WriteResult",
    "body_line_offset",
    "extract_links",
    "heading_anchors",
    "init_workspace",
    "linked_page_ids",
    "normalise_meta",
    "page_at",
    "page_diff",
    "page_history",
    "page_text_at",
    "parse_items",
    "parse_page",
    "read_items",
    "render_index",
    "render_page",
    "search_pages",
    "slug_anchor",
    "split_frontmatter",
    "validate_meta",
]
