"""What a Word document holds besides its text: pending tracked changes and comments.

A tracked change not yet accepted is a proposal, not the policy: Google Docs exports its "suggestions"
as tracked changes, and "All mugs carry a <del>one-year</del><ins>five-year</ins> warranty" was read as
the five-year rule, with no word. The reader (``readers.docx_blocks``) reads the document as it stands
until the changes are accepted — deleted (and moved-away) text kept, inserted (and moved-to) text left
out — and ``review_warnings`` names what it left pending, so the author accepts or rejects the changes
and ingests again. Comments (``word/comments.xml``) are never read as page text; they are named too, so
nobody wonders where "Suggest: approve claims without receipts" went.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Elements whose runs are a pending change, and what the change does to the text.
_CHANGES = {"w:ins": "inserted", "w:moveTo": "moved here", "w:del": "deleted", "w:moveFrom": "moved away"}


def _quoted(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


# Any: python-docx objects (untyped library).
def run_text(element: Any) -> str:
    """The text of one ``w:r`` element, deleted text (``w:delText``) included."""
    from docx.oxml.ns import qn

    parts = []
    for child in element.iterchildren():
        if child.tag in (qn("w:t"), qn("w:delText")):
            parts.append(child.text or "")
        elif child.tag in (qn("w:tab"), qn("w:ptab")):
            parts.append("\t")
        elif child.tag in (qn("w:br"), qn("w:cr")):
            parts.append("\n")
        elif child.tag == qn("w:noBreakHyphen"):
            parts.append("-")
    return "".join(parts)


# Any: a python-docx document (untyped library).
def review_warnings(path: Path, document: Any) -> list[str]:
    """One warning for the pending tracked changes of ``document`` and one for its comments (none when it has
    neither)."""
    from docx.oxml.ns import qn

    changes = []
    for tag, what in _CHANGES.items():
        for element in document.element.body.iter(qn(tag)):
            text = "".join(run_text(run) for run in element.iter(qn("w:r")))
            if text.strip():
                changes.append((element, what, text, element.get(qn("w:author"))))
    if changes:
        order = {id(element): n for n, element in enumerate(document.element.body.iter())}
        changes.sort(key=lambda change: order.get(id(change[0]), 0))
    return changes_warnings(str(path), [(what, text, author) for _, what, text, author in changes], _comments(document))


def changes_warnings(shown: str, changes: list[tuple[str, str, str | None]], comments: list[str]) -> list[str]:
    """One warning for pending tracked changes (what each does, its text, its author; in the document's order) and
    one for comments, none when there are neither: a .docx's (``review_warnings``) and a Word page's ("Save as Web
    Page": ``html_exports``) alike."""
    warnings = []
    if changes:
        what, text, author = changes[0]
        by = f" by {author}" if author else ""
        many = len(changes) > 1
        warnings.append(f"{shown}: {len(changes)} tracked change{'s' if many else ''} not accepted (first: "
                        f"{_quoted(text)} {what}{by}) {'are' if many else 'is'} read as the document stands before "
                        f"{'they are' if many else 'it is'} accepted: accept or reject the changes (Google Docs: the "
                        "suggestions) and ingest the document again")
    if comments:
        many = len(comments) > 1
        warnings.append(f"{shown}: {len(comments)} comment{'s' if many else ''} (first: {_quoted(comments[0])}) "
                        f"{'are' if many else 'is'} left out: comments are not policy text")
    return warnings


def _comments(document: Any) -> list[str]:
    try:
        return [text for comment in document.comments if (text := " ".join(comment.text.split()))]
    except (AttributeError, KeyError, ValueError):  # an older python-docx, or a comments part it cannot read
        from docx.oxml.ns import qn

        return ["(comment)" for _ in document.element.body.iter(qn("w:commentReference"))]
