"""Links, headings and footnotes of a page: the one link extractor of mem, for lint and for callers.

A line scanner, not a full markdown parser: fenced code blocks and inline code spans are skipped (a
link shown as an example is not a link), ``[[id]]`` / ``[[id#anchor|label]]`` wiki links, markdown
links and images ``[text](target#anchor)`` and reference-style definitions ``[label]: target`` are
found with their line, column and raw text — what ``mem lint --fix`` needs to rewrite a link in
place. Anchors follow GitHub's heading slugs (ATX and setext headings; lower case, punctuation
dropped, spaces → dashes, repeats numbered ``-1``, ``-2``), which is what readers on a forge click.

Why a scanner rather than markdown-it (CommonMark-exact): lint must stay linear and cheap — about
0.15 ms per page for links and headings against about 1.2 ms for one CommonMark parse, the difference
between 1,000 pages linted in about one second or in well over two — and markdown-it's tokens carry
no column, so a rewrite would need a second scan anyway. What the scanner does not see: a link whose
text spans two lines, a reference *use* ``[text][label]`` (its definition is reported instead, at the
definition's line — that is the line to fix), links inside raw HTML and indented (4-space) code.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from mem.core.text.pattern import lazy

_WIKI = lazy(r"(?<!\\)\[\[([^\[\]|#]*)(?:#([^\[\]|]*))?(?:\|([^\[\]]*))?\]\]")
_MD = lazy(r"(?<!\\)(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'(][^)]*)?\)")
_CODE_SPAN = lazy(r"`+[^`]*`+")
_HEADING = lazy(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SETEXT = lazy(r"^ {0,3}(?:=+|-+)[ \t]*$")
# a line that opens a block a setext underline cannot turn into a heading (list, quote, table …)
_NOT_PARAGRAPH = lazy(r"^(?: {4}|\t)| {0,3}(?:[-+*]\s|\d{1,9}[.)]\s|>|#|\||<|\[\^?[^\]]*\]:)")
_REF_DEF = lazy(r"^ {0,3}\[(?!\^)([^\]]+)\]:\s*<?([^\s>]+)>?")
_FOOTNOTE_DEF = lazy(r"^\[\^([^\]\s]+)\]:\s*(.*)$")
_FOOTNOTE_REF = lazy(r"(?<!\\)\[\^([^\]\s]+)\](?!:)")
_SCHEME = lazy(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")


@dataclass(frozen=True)
class Link:
    """One link. ``kind`` is "wiki" (``[[id#anchor]]``) or "markdown" (a link, image or reference definition).

    ``target`` is as written without the anchor (percent-decoded); ``line`` is counted from the
    ``start_line`` given to the scanner (1 for ``extract_links``); ``raw`` is the link's source text
    at column ``start``; ``text`` its label. ``page_id`` is set by ``extract_links`` when the link
    points at a wiki page (``[[id]]`` or ``…/id.md``).
    """

    kind: str
    target: str
    anchor: str | None
    line: int
    text: str = ""
    page_id: str | None = None
    external: bool = False  # http:, mailto: … — never followed (no network)
    raw: str = ""
    start: int = 0
    image: bool = False


# --- the scanner (line numbers given by the caller) --------------------------------------------

def _unfenced(lines: Sequence[str], start_line: int) -> Iterator[tuple[int, str | None]]:
    """``(line number, line)`` outside fenced code; ``None`` stands for a fence line or code inside."""
    fence: str | None = None
    for number, line in enumerate(lines, start_line):
        stripped = line.lstrip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            yield number, None
        elif fence is not None:
            if stripped.startswith(fence):
                fence = None
            yield number, None
        else:
            yield number, line


def prose_lines(lines: Sequence[str], *, start_line: int) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` outside fenced code blocks, inline code blanked out."""
    for number, line in _unfenced(lines, start_line):
        if line is None:
            continue
        if "`" in line:
            line = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        yield number, line


def links(lines: Sequence[str], *, start_line: int, external: bool = False) -> list[Link]:
    """Every wiki link, markdown link or image and reference definition in the prose of ``lines``.

    External targets (a URI scheme or ``//``) are left out unless ``external``; lint never follows them.
    """
    found: list[Link] = []
    for number, line in prose_lines(lines, start_line=start_line):
        if "[" not in line:
            continue
        for match in _WIKI.finditer(line):
            target = match.group(1).strip()
            found.append(Link("wiki", target, _anchor(match.group(2)), number, match.group(3) or target,
                              raw=match.group(0), start=match.start()))
        definition = _REF_DEF.match(line)
        if definition:
            link = _markdown(definition.group(2), number, definition.group(1), definition.group(0),
                             definition.start(), image=False)
            if external or not link.external:
                found.append(link)
        if "](" in line:
            for match in _MD.finditer(line):
                if not match.group(3):
                    continue
                link = _markdown(match.group(3), number, match.group(2), match.group(0), match.start(),
                                 image=bool(match.group(1)))
                if external or not link.external:
                    found.append(link)
    return found


def _markdown(href: str, line: int, label: str, raw: str, start: int, *, image: bool) -> Link:
    path, hash_, anchor = href.partition("#")
    return Link("markdown", unquote(path), _anchor(anchor) if hash_ else None, line, label,
                external=bool(_SCHEME.match(href)), raw=raw, start=start, image=image)


def _anchor(text: str | None) -> str | None:
    if text is None:
        return None
    return unquote(text.strip())


def heading_list(lines: Sequence[str]) -> list[str]:
    """The anchors of the headings in ``lines``, in order (GitHub slugs, repeats numbered)."""
    anchors: list[str] = []
    counts: dict[str, int] = {}

    def add(heading: str) -> None:
        slug = slugify(heading)
        n = counts.get(slug, 0)
        counts[slug] = n + 1
        anchors.append(slug if n == 0 else f"{slug}-{n}")

    paragraph: list[str] = []
    for _, line in _unfenced(lines, 1):
        if line is None or not line.strip():
            paragraph = []
            continue
        first = line.lstrip()[:1]
        if first == "#" and (match := _HEADING.match(line)):
            add(match.group(2))
            paragraph = []
        elif first in "=-" and paragraph and _SETEXT.match(line) and not _NOT_PARAGRAPH.match(paragraph[0]):
            add(" ".join(part.strip() for part in paragraph))
            paragraph = []
        else:
            paragraph.append(line)
    return anchors


def heading_slugs(lines: Sequence[str]) -> set[str]:
    """The anchors of every heading in ``lines``, as a set (what a link's ``#anchor`` is checked against)."""
    return set(heading_list(lines))


def slugify(heading: str) -> str:
    """``"Refunds over 14 days!"`` → ``"refunds-over-14-days"`` (GitHub's rule; a linked heading: its text)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


@dataclass(frozen=True)
class Footnotes:
    """Footnote references (label → first line) and definitions (label → (line, text))."""

    refs: dict[str, int]
    defs: dict[str, tuple[int, str]]


def footnotes(lines: Sequence[str], *, start_line: int) -> Footnotes:
    refs: dict[str, int] = {}
    defs: dict[str, tuple[int, str]] = {}
    current: str | None = None
    for number, line in prose_lines(lines, start_line=start_line):
        match = _FOOTNOTE_DEF.match(line)
        if match:
            current = match.group(1)
            defs.setdefault(current, (number, match.group(2).strip()))
            rest = match.group(2)
        else:
            if current is not None and line.startswith(("    ", "\t")) and line.strip():
                def_line, text = defs[current]
                defs[current] = (def_line, f"{text} {line.strip()}".strip())
                continue
            current = None
            rest = line
        if "[^" in rest:
            for ref in _FOOTNOTE_REF.finditer(rest):
                refs.setdefault(ref.group(1), number)
    return Footnotes(refs, defs)


# --- the page-level API ------------------------------------------------------------------------

def extract_links(text: str, *, page_folder: str = "policies") -> list[Link]:
    """Every link in ``text`` (a page body) in reading order, external ones included, images left out.

    Lines are 1-based within ``text`` (add ``page.body_line_offset`` for file lines). ``page_folder``
    resolves relative paths, so ``../knowhow/x.md`` from a policy page has ``page_id`` "x".
    """
    found = []
    for link in links(text.split("\n"), start_line=1, external=True):
        if link.image:
            continue
        if link.kind == "wiki":
            link = _with_page_id(link, link.target)
        elif not link.external and link.target.endswith(".md"):
            resolved = posixpath.normpath(posixpath.join(page_folder, link.target))
            folder, _, name = resolved.rpartition("/")
            if folder in ("policies", "knowhow"):
                link = _with_page_id(link, name[:-3])
        found.append(link)
    return sorted(found, key=lambda link: (link.line, link.start))


def _with_page_id(link: Link, page_id: str) -> Link:
    import dataclasses

    return dataclasses.replace(link, page_id=page_id)


def heading_anchors(text: str) -> list[str]:
    """GitHub-style anchors of the headings in ``text``, in order (repeats get ``-1``, ``-2`` …)."""
    return heading_list(text.split("\n"))


slug_anchor = slugify


def linked_page_ids(text: str, *, page_folder: str = "policies") -> list[str]:
    """Ids of wiki pages ``text`` links to, in order of first appearance."""
    return list(dict.fromkeys(link.page_id for link in extract_links(text, page_folder=page_folder)
                              if link.page_id))
