"""Markdown of a source document made fit for pages that are split from it and cite it.

A handbook written for one file links into itself (``[Returns](#returns)``), to files beside it
(``[FAQ](./faq/index.md)``, ``![logo](img/logo.png)``), keeps its own footnotes (``[^a]``) and
reference definitions (``[terms]: https://…``), and may end in a code fence it never closed or hold
an indented code block. Written into pages as they were, each broke one of ``mem lint``'s rules
(broken-anchor, broken-link, footnote-source) — ingest appended its citation to a definition, and
inside the code — so ``mem bundle build`` refused the wiki an ingest had just written with exit 0.

What is done instead (docs/ingest.md "Markdown sources"):

- an unclosed fence is closed at the end of the file (as CommonMark renders it);
- an indented code block becomes a fenced one (so no citation lands inside it);
- a reference link (``[text][label]``, ``[label]``) becomes an inline link and its definition goes;
- an author footnote is carried into the sentence that cites it, in brackets ("Ships in 2 days
  (Business days only.)"), and its definition goes: mem's own footnotes cite the source;
- a link into the document or to a file beside it becomes its text, an image of such a file goes,
  each with one warning naming the first of them: the pages are split from the document and only the
  document itself is kept under ``sources/``. Links with a scheme (``https:``, ``mailto:``) stay;
- a line that only asks for a table of contents (``[[_TOC_]]``, ``[TOC]``, ``{:toc}``) goes, with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_REF_DEF = re.compile(r"^ {0,3}\[(?!\^)([^\]]{1,200})\]:[ \t]*<?([^\s>]+)>?(?:[ \t]+[\"'(][^\n]*)?[ \t]*$", re.M)
_NOTE_DEF = re.compile(r"^ {0,3}\[\^([^\]\s]{1,50})\]:[ \t]*(.*)$")
_NOTE_REF = re.compile(r"(?<!\\)\[\^([^\]\s]{1,50})\](?!:)")
_REF_USE = re.compile(r"(?<![\\\]])(!?)\[([^\[\]\n]{1,500})\](?:\[([^\[\]\n]{0,200})\])?(?![(:])")
# Linear in the line: the destination stops at the next parenthesis and the title is bounded, so a
# line of "[x](" repeated is not rescanned from every bracket (a destination with "(" stays as written).
_INLINE = re.compile(r"(?<!\\)(!?)\[((?:[^\[\]\n]|\[[^\[\]\n]*\]){0,500})\]\([ \t]*<?([^()\s>]*)>?"
                     r"(?:[ \t]+[\"'(][^()\n]{0,200})?\)")
_CODE_SPAN = re.compile(r"`+[^`\n]*`+")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")
_LIST_ITEM = re.compile(r"^ {0,3}(?:[-+*]|\d{1,9}[.)])\s")
# a line that only asks the renderer for a table of contents (Azure DevOps and GitLab ``[[_TOC_]]``, ``[[_TOSP_]]``,
# Python-Markdown and many wikis ``[TOC]``, kramdown ``{:toc}``): written into a page it was a wiki link to a page
# "_TOC_" — lint's broken-link error, which stopped `mem bundle build` (newuser29 #13)
_TOC_LINE = re.compile(r"^ {0,3}(?:\[\[_?TO(?:C|SP)_?\]\]|\[TOC\]|\{:\s{0,3}toc\s{0,3}\})[ \t]*$", re.M | re.I)


def prepare(text: str) -> tuple[str, list[str]]:
    """``text`` with the changes of the module docstring, and the warnings to tell the author."""
    text = _close_fence(_fence_indented_code(text))
    defs: dict[str, str] = {}
    notes: dict[str, str] = {}

    tocs: list[str] = []

    def collect(part: str) -> str:
        def ref(match: re.Match[str]) -> str:
            defs.setdefault(_label(match.group(1)), match.group(2))
            return ""

        def toc(match: re.Match[str]) -> str:
            tocs.append(match.group(0).strip())
            return ""

        part = _TOC_LINE.sub(toc, _REF_DEF.sub(ref, part))
        kept: list[str] = []
        lines = part.split("\n")
        i = 0
        while i < len(lines):
            match = _NOTE_DEF.match(lines[i])
            if not match:
                kept.append(lines[i])
                i += 1
                continue
            words = [match.group(2).strip()]
            i += 1
            while i < len(lines) and lines[i].startswith(("    ", "\t")) and lines[i].strip():
                words.append(lines[i].strip())  # the definition's indented continuation lines
                i += 1
            notes.setdefault(match.group(1), " ".join(w for w in words if w))
        return "\n".join(kept)

    text = outside_fences(text, collect)
    dropped: list[str] = []
    images: list[str] = []

    def rewrite(part: str) -> str:
        return "\n".join(_outside_code_spans(line, lambda s: _rewrite(s, defs, notes, dropped, images))
                         for line in part.split("\n"))

    text = outside_fences(text, rewrite)
    warnings = []
    if tocs:
        warnings.append(f"a table-of-contents marker ({tocs[0]}) is left out: it is no text of the document, and "
                        "pages are split from the document by its headings")
    if dropped:
        warnings.append(f"{len(dropped)} link{'s' if len(dropped) > 1 else ''} into the document or to files "
                        f"beside it (first: {dropped[0]}) {'are' if len(dropped) > 1 else 'is'} plain text on "
                        "the pages: pages are split from the document and only the document is kept")
    if images:
        warnings.append(f"{len(images)} image{'s' if len(images) > 1 else ''} of files beside the document "
                        f"(first: {images[0]}) {'are' if len(images) > 1 else 'is'} left out: only the "
                        "document is kept under sources/")
    return text, warnings


def link_text(text: str) -> str:
    """A heading's text with its links as their text ("## [Refunds](https://…)" → "Refunds")."""
    return _INLINE.sub(lambda m: "" if m.group(1) else m.group(2), text)


def _rewrite(text: str, defs: dict[str, str], notes: dict[str, str], dropped: list[str], images: list[str]) -> str:
    def use(match: re.Match[str]) -> str:
        bang, label_text, label = match.group(1), match.group(2), match.group(3)
        url = defs.get(_label(label or label_text))
        if url is None:
            return match.group(0)
        return f"{bang}[{label_text}]({url})"

    def inline(match: re.Match[str]) -> str:
        if _SCHEME.match(match.group(3)):
            return match.group(0)
        (images if match.group(1) else dropped).append(match.group(0))
        return "" if match.group(1) else match.group(2)

    def note(match: re.Match[str]) -> str:
        said = notes.get(match.group(1))
        # an undefined one is shown as written by CommonMark: text, not a footnote lint finds undefined
        return f" ({said})" if said else ("\\" + match.group(0) if said is None else "")

    text = _REF_USE.sub(use, text) if defs else text
    text = _INLINE.sub(inline, text) if "](" in text else text
    return _NOTE_REF.sub(note, text) if "[^" in text else text


def _label(label: str) -> str:
    return " ".join(label.lower().split())


def _outside_code_spans(line: str, change: Callable[[str], str]) -> str:
    if "`" not in line:
        return change(line)
    out, last = [], 0
    for match in _CODE_SPAN.finditer(line):
        out += [change(line[last:match.start()]), match.group(0)]
        last = match.end()
    out.append(change(line[last:]))
    return "".join(out)


def outside_fences(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to the text between code fences; fenced blocks are kept as they are."""
    out: list[str] = []
    chunk: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        stripped = line.strip()
        if fence is None and stripped.startswith(("```", "~~~")):
            out.append(change("\n".join(chunk)))
            chunk, fence = [], stripped[:3]
            out.append(line)
        elif fence is not None:
            out.append(line)
            if stripped.startswith(fence):
                fence = None
        else:
            chunk.append(line)
    out.append(change("\n".join(chunk)))
    return "\n".join(out)


def _close_fence(text: str) -> str:
    """A fence still open at the end of the file closed there, as CommonMark renders it: left open, it
    swallowed the page's own footnote definitions."""
    fence: str | None = None
    for line in text.split("\n"):
        stripped = line.strip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence is not None and stripped.startswith(fence):
            fence = None
    return text if fence is None else text.rstrip("\n") + "\n" + fence + "\n"


def _fence_indented_code(text: str) -> str:
    """Indented code blocks (four spaces or a tab, after a blank line, not under a list item) fenced."""
    lines = text.split("\n")
    out: list[str] = []
    fence: str | None = None
    in_list = False
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence is not None and stripped.startswith(fence):
            fence = None
        elif fence is None and _indented(line) and (not out or not out[-1].strip()) and not in_list:
            block = []
            while i < len(lines) and (_indented(lines[i]) or not lines[i].strip()):
                block.append(lines[i])
                i += 1
            while block and not block[-1].strip():
                block.pop()
                i -= 1
            code = [b[4:] if b.startswith("    ") else b[1:] if b.startswith("\t") else b for b in block]
            mark = "~~~" if any("```" in c for c in code) else "```"
            out += [mark, *code, mark]
            continue
        if fence is None and stripped:
            # an indented paragraph under a list item continues the item, it is no code
            in_list = bool(_LIST_ITEM.match(line)) or (in_list and (line[:1] in " \t"))
        out.append(line)
        i += 1
    return "\n".join(out)


def _indented(line: str) -> bool:
    return line.startswith(("    ", "\t")) and bool(line.strip())
