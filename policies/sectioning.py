"""Split a document into policy topics: one page per topic, by the document's headings.

The rule (documented in docs/ingest.md):

- no headings → one page;
- two or more headings at the top level → one page per top-level section;
- one top-level heading that opens the document (its title) → one page per section of the next level
  when those sections are numbered clauses ("1.", "Article 3", "제3조"), else one page for the whole
  document, its sub-headings kept inside;
- ``single=True`` (``--id``/``--title``) → one page for the whole document.

Text before the first topic heading (other than the title) goes into the first page.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from mem.policies.readers import Block, Document, is_numbered


@dataclass
class Topic:
    title: str
    blocks: list[Block] = field(default_factory=list)
    level: int = 0  # heading level of the topic (0: no heading)
    heading_page: int | None = None  # PDF page of the topic's heading

    @property
    def pages(self) -> list[int]:
        found = {b.page for b in self.blocks if b.page is not None}
        return sorted(found | ({self.heading_page} if self.heading_page is not None else set()))

    @property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks)


def plan_topics(doc: Document, *, single: bool = False) -> tuple[str, list[Topic]]:
    """``(document title, topics)`` for ``doc``."""
    blocks = doc.blocks
    headings = [i for i, b in enumerate(blocks) if b.is_heading]
    fallback = doc.title or _title_from_name(doc.path.stem)
    if not headings:
        return fallback, [Topic(fallback, list(blocks))]
    top = min(blocks[i].level for i in headings)
    tops = [i for i in headings if blocks[i].level == top]
    opens = not any(not b.is_heading for b in blocks[:tops[0]])
    doc_title = strip_numbering(blocks[tops[0]].text) if len(tops) == 1 and opens else fallback
    if single:
        return doc_title, [_whole(blocks, doc_title, skip=tops[0] if doc_title != fallback else None)]
    if len(tops) >= 2:
        return fallback, _split(blocks, tops)
    rest = [i for i in headings if i > tops[0]]
    if rest:
        second = min(blocks[i].level for i in rest)
        seconds = [i for i in rest if blocks[i].level == second]
        if len(seconds) >= 2 and all(is_numbered(blocks[i].text) for i in seconds):
            return doc_title, _split(blocks, seconds)
    return doc_title, [_whole(blocks, doc_title, skip=tops[0] if opens else None)]


def _whole(blocks: list[Block], title: str, *, skip: int | None) -> Topic:
    kept = [b for i, b in enumerate(blocks) if i != skip]
    return Topic(title, kept, 0)


def _split(blocks: list[Block], starts: list[int]) -> list[Topic]:
    topics: list[Topic] = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(blocks)
        heading = blocks[start]
        body = list(blocks[start + 1:end])
        if n == 0:
            # text before the first topic (an introduction, an "effective" line) is not lost
            body[:0] = [b for b in blocks[:start] if not b.is_heading]
        topics.append(Topic(strip_numbering(heading.text), body, heading.level, heading.page))
    return topics


_NUMBER_PREFIX = re.compile(
    r"^(?:(?:article|section|chapter|part|clause|§)\s*\d+[a-z]?[.:)]?\s*[-–—:.]?\s*|제\s*\d+\s*[조장절]\s*|"
    r"第\s*\d+\s*[条章節]\s*|\d{1,2}(?:\.\d{1,2}){0,2}[.)]?\s+)",
    re.I,
)


def strip_numbering(title: str) -> str:
    """``"3. Refunds"`` → ``"Refunds"``; ``"Article 3 – Refunds"`` → ``"Refunds"`` (kept if nothing is left)."""
    stripped = _NUMBER_PREFIX.sub("", title.strip()).strip(" -–—:.()")
    stripped = _VERSION_SUFFIX.sub("", stripped).strip(" -–—:.")
    stripped = re.sub(r"^\((.*)\)$", r"\1", stripped)
    return stripped or title.strip()


_VERSION_SUFFIX = re.compile(
    r"(\s*[-–—:(]?\s*(?:v|ver\.?|version|rev\.?|revision)\s*\d+(?:\.\d+)*\)?|\s*\(\s*\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s*\))\s*$",
    re.I,
)


def slugify(title: str) -> str:
    """A page id from a title: ASCII lower-case words joined by ``-``, without a version suffix."""
    title = _VERSION_SUFFIX.sub("", title)
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:60].rstrip("-")


def _title_from_name(stem: str) -> str:
    words = re.sub(r"[_\-]+", " ", stem).strip()
    words = _VERSION_SUFFIX.sub("", words) or words
    return words[:1].upper() + words[1:] if words else "Document"
