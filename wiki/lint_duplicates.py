"""Lint rule ``same-rules``: two policy pages in force, made from two documents, that state the same rules.

A help centre renames an article by renaming its export (``…-Delivery-times.html`` → ``…-Delivery-times-and-
costs.html``): ingested, the new file makes new pages and the old file's pages stay in force beside them, so a
customer is told last month's price from the old page (newuser29 #3). Nothing marks the rename; what shows it is the
text — two documents whose pages say the same sentences. The fix is the author's: retire the document the other
replaced (``mem ingest --retire``), or keep both if both are meant.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mem.core.text import page_sentences
from mem.wiki.lint_model import Finding
from mem.wiki.lint_rules import LintContext, PageFile

# a page of one sentence ("Contact us by chat.") says what many pages say; two is the least a shared text counts from
MIN_SENTENCES = 2
# the share of the shorter page's sentences the other page holds word for word (blanks and case aside): a renamed
# article with one price edited keeps five of six
SHARED = 0.75
# ... counting only sentences of at most two documents: a line every export repeats ("Return to top", a footer) is
# the exporter's, not a sign that one document replaced another
MAX_DOCUMENTS = 2
_FOOTNOTE_DEFINITION = re.compile(r"^\[\^[^\]]+\]:.*$", re.MULTILINE)


def _document(pf: PageFile) -> str | None:
    sources = (pf.meta or {}).get("sources")
    first = sources[0] if isinstance(sources, list) and sources and isinstance(sources[0], dict) else {}
    file = first.get("file")
    return str(file) if file else None


def _sentences(body: str) -> frozenset[str]:
    return frozenset(" ".join(s.casefold().split()) for s in page_sentences(_FOOTNOTE_DEFINITION.sub("", body))
                     if any(ch.isalnum() for ch in s))


def check_same_rules(ctx: LintContext) -> Iterator[Finding]:
    """Each pair of policy pages in force from two documents whose sentences are mostly the same, once, on the page
    of the pair that sorts first (each finding names the other page and both documents)."""
    pages: list[tuple[PageFile, str, frozenset[str]]] = []
    for pf in ctx.files:
        page = pf.page
        document = _document(pf)
        if page is None or page.type != "policy" or page.status == "deprecated" or document is None:
            continue
        sentences = _sentences(page.body)
        if len(sentences) >= MIN_SENTENCES:
            pages.append((pf, document, sentences))
    holders: dict[str, list[int]] = {}
    for i, (_, _, sentences) in enumerate(pages):
        for sentence in sentences:
            holders.setdefault(sentence, []).append(i)
    furniture = {s for s, held in holders.items() if len({pages[j][1] for j in held}) > MAX_DOCUMENTS}
    pages = [(pf, document, sentences - furniture) for pf, document, sentences in pages]
    for i, (pf, document, sentences) in enumerate(pages):
        if len(sentences) < MIN_SENTENCES:
            continue
        shared: dict[int, int] = {}
        for sentence in sentences:
            for j in holders[sentence]:
                if j > i and pages[j][1] != document:
                    shared[j] = shared.get(j, 0) + 1
        for j, count in sorted(shared.items()):
            other, other_document, other_sentences = pages[j]
            if len(other_sentences) < MIN_SENTENCES or count < SHARED * min(len(sentences), len(other_sentences)):
                continue
            if not (pf.selected or other.selected):
                continue
            yield Finding(pf.rel, pf.body_start, "same-rules",
                          f"{count} of its {len(sentences)} sentences are also on {other.rel} "
                          f"({other_document}), made from another document ({document}): if one document "
                          f"replaced the other (an article renamed at its source), retire the older with "
                          f"`mem ingest --retire FILE`")
