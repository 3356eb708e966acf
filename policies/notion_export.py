"""What a Notion page exported as Markdown carries besides its text: the page's properties and the callout's tags.

Notion names each exported page after its title and its 32-hex page id ("Gift cards
8c1f2e4a9b7d4e21a3f0c5d6e7b8a9c0.md") and writes, under the ``# Title``, the page's database properties one per
line ("Owner: Support Content Team", "Last edited time: November 20, 2026 4:12 PM", "Tags: Payments, Policy"); a
callout block is ``<aside>`` … ``</aside>`` around its text. Read as text, the properties were the first "rules" of
the page and the quote of "How long is a gift card valid?" began "<aside> 💡". ``notion_page`` leaves the property
block out (with a warning) and the callout's two tag lines (its text stays: a callout is the page's own words).
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

_NOTION_NAME = lazy(r"\s[0-9a-f]{32}$")
_PROPERTY = lazy(r"^[^\s:#>|*`<\-][^:\n]{0,40}:\s{1,3}\S")
_ASIDE_TAG = lazy(r"^\s{0,3}</?aside\s{0,3}>\s{0,3}$", re.I)
_SENTENCE_END = lazy(r"[.!?。！？]\s{0,3}$")
_PROPERTIES = 20  # a page has at most this many properties shown


def notion_export(stem: str) -> bool:
    """Whether a Markdown file's name (without ``.md``) is a Notion export's: its title, a blank, its 32-hex page id."""
    return bool(_NOTION_NAME.search(stem))


def notion_page(text: str) -> tuple[str, list[str]]:
    """``text`` of a Notion export without the property block under its title and the ``<aside>`` tag lines, and
    the property lines left out."""
    lines = text.split("\n")
    start = next((n for n, line in enumerate(lines) if line.strip()), None)
    removed: list[str] = []
    if start is not None and lines[start].startswith("# "):
        at = start + 1
        while at < len(lines) and not lines[at].strip():
            at += 1
        end = at
        while end < len(lines) and end - at < _PROPERTIES and _PROPERTY.match(lines[end]):
            end += 1
        # the block ends with the paragraph; a line of it that ends as a sentence ("Return window: 30 days from
        # delivery.") is the page's own text in "label: value" lines, not a property Notion wrote (review29)
        if (
            end > at
            and (end == len(lines) or not lines[end].strip())
            and not any(_SENTENCE_END.search(line) for line in lines[at:end])
        ):
            removed = [line.strip() for line in lines[at:end]]
            lines[at:end] = []
    lines = [line for line in lines if not _ASIDE_TAG.match(line)]
    return "\n".join(lines), removed
