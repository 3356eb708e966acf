"""What a word processor's HTML export marks besides its text: Word's "Save as Web Page" and Google Docs' "Download →
Web page". The HTML reader (``readers._HtmlText``) asks this module what an element is.

Word writes as plain markup what its .docx keeps in its own parts: a pending tracked change is ``<ins>`` / ``<del>``
(``cite="mailto:Author"``, a ``msoIns`` / ``msoDel`` span inside), its comments are a ``<div
style='mso-element:comment-list'>`` at the end with a ``[RP1]`` anchor (``a.msocomanchor``) in the text, and its
running header and footer are ``<div style='mso-element:header'>`` / ``footer``. Read as text, "tell us within 48
hours7 days" was a rule and the reviewer's comment "[RP1]Legal says we can refund without the photos" was quoted to
a customer. They are read as the .docx route reads them (``docx_review``): the document as it stands (deleted text
kept, inserted text left out) with a warning naming the pending changes, comments and header and footer left out.

Google Docs never writes ``<b>``: bold is a CSS class (``.c3{font-weight:700}``) or, after a clean-up, an inline
``font-weight:700``; the title line is a span set larger than the rest; the document's header and footer are the
first and last ``<div>`` of the ``<body>`` (its content is paragraphs, lists and tables straight in the body).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import unquote

from mem.core.text.pattern import lazy

# a Word export names itself: <meta name=ProgId content=Word.Document>, <meta name=Generator content="Microsoft Word">
_WORD_EXPORT = lazy(
    r"<meta\s[^<>]{0,80}content\s*=\s*[\"']?(?:Word\.Document|Microsoft\s{1,3}Word)|"
    r"urn:schemas-microsoft-com:office:word",
    re.I,
)
_MSO_ELEMENT = lazy(r"mso-element\s*:\s*([a-z-]{1,30})", re.I)
# one CSS rule naming one class: ".c3{color:#000;font-weight:700;font-size:13pt}"
_CSS_RULE = lazy(r"\.([A-Za-z_][\w-]{0,60})\s{0,3}\{([^{}]{0,4000})\}")
_STYLE_ELEMENT = lazy(r"<style\b[^<>]{0,200}>(.*?)</style\s*>", re.I | re.S)
_BOLD_WEIGHT = lazy(r"(?:^|;)\s{0,3}font-weight\s{0,3}:\s{0,3}(?:bold|bolder|[6-9]00)\b", re.I)
_FONT_SIZE = lazy(r"(?:^|;)\s{0,3}font-size\s{0,3}:\s{0,3}(\d{1,3}(?:\.\d{1,2})?)pt\b", re.I)
_GOOGLE_BODY = lazy(r"^(?:c\d{1,4}|doc-content)$")
# what only a Google Docs export writes besides its body's classes: the "doc-content" class, its lists' "lst-kix_"
# classes, or the ".subtitle{…}" rule its style sheet always holds (a page whose body is merely class="c1" is not one)
_GOOGLE_MARK = lazy(r"\bdoc-content\b|\blst-kix_|(?:^|[}\s])\.subtitle\s{0,3}\{")
_COMMENT_ANCHOR = lazy(r"^\s{0,3}\[[A-Za-z]{1,6}\d{1,4}\]\s{0,3}")
# Google Docs' mark of a commented passage: <a href="#cmnt1" id="cmnt_ref1">[a]</a>
_GOOGLE_COMMENT_REF = lazy(r"^cmnt_ref(\d{1,5})$")


def word_export(text: str) -> bool:
    """Whether ``text`` is an HTML page Microsoft Word saved ("Save as Web Page", "Web Page, Filtered")."""
    return bool(_WORD_EXPORT.search(text[:20000]))


def word_part(tag: str, attrs: dict[str, str | None], *, word: bool) -> str | None:
    """What a Word export's element is, when it is not the document's text as it stands: "inserted" (a pending
    insertion), "deleted" (a pending deletion, read), "comments" (the comment list), "comment" (one comment in it),
    "anchor" (a comment's mark in the text), "header" (the running header or footer), or None. An ``<ins>`` or
    ``<del>`` counts in a Word export or when it names its author as Word does (``cite="mailto:…"``): elsewhere
    it is a web page's own markup (a struck-out old price) and is read."""
    if tag in ("ins", "del"):
        if word or (attrs.get("cite") or "").strip().lower().startswith("mailto:"):
            return "inserted" if tag == "ins" else "deleted"
        return None
    style = attrs.get("style") or ""
    if "mso-element" in style and (m := _MSO_ELEMENT.search(style)):
        kind = m.group(1).lower()
        if kind == "comment-list":
            return "comments"
        if kind == "comment":
            return "comment"
        if kind in ("header", "footer"):
            return "header"
    classes = {name.lower() for name in (attrs.get("class") or "").split()}
    if classes & {"msocomanchor", "msocommentreference"}:
        return "anchor"
    return None


def google_comment_mark(tag: str, attrs: dict[str, str | None]) -> bool:
    """Whether an element is Google Docs' mark of a comment in the text (``<a href="#cmnt1" id="cmnt_ref1">[a]</a>``):
    read, "keeps working until it runs out.[a]" quoted the mark with the rule. Both attributes must name the same
    comment, as only that export writes them."""
    if tag != "a":
        return False
    match = _GOOGLE_COMMENT_REF.match((attrs.get("id") or "").strip())
    return match is not None and (attrs.get("href") or "").strip() == f"#cmnt{match.group(1)}"


def change_author(attrs: dict[str, str | None]) -> str | None:
    """The author Word names on a tracked change (``cite="mailto:Raj%20Patel"`` → "Raj Patel"), or None."""
    cite = (attrs.get("cite") or "").strip()
    if not cite.lower().startswith("mailto:"):
        return None
    return " ".join(unquote(cite[len("mailto:") :]).split()) or None


def comment_text(parts: list[str]) -> str:
    """A Word comment's text without its "[RP1]" anchor."""
    return _COMMENT_ANCHOR.sub("", " ".join("".join(parts).split()))


class CssClasses:
    """What a page's ``<style>`` says about its classes: which set their text in bold, and the size in points each
    sets."""

    def __init__(self, text: str) -> None:
        self.bold: set[str] = set()
        self.size: dict[str, float] = {}
        for style in _STYLE_ELEMENT.finditer(text):
            for rule in _CSS_RULE.finditer(style.group(1)):
                name, body = rule.group(1), rule.group(2)
                if _BOLD_WEIGHT.search(body):
                    self.bold.add(name)
                if size := _FONT_SIZE.search(body):
                    self.size[name] = float(size.group(1))

    def span(self, attrs: dict[str, str | None]) -> tuple[bool, float | None]:
        """Whether a ``<span>`` sets its text in bold (by a class or its own style), and its size in points."""
        names = (attrs.get("class") or "").split()
        style = attrs.get("style") or ""
        bold = any(name in self.bold for name in names) or bool(_BOLD_WEIGHT.search(style))
        inline = _FONT_SIZE.search(style)
        size = float(inline.group(1)) if inline else max((self.size[n] for n in names if n in self.size), default=None)
        return bold, size


class GoogleFrame(HTMLParser):
    """Where a Google Docs export's header and footer start: the first and the last element of its ``<body>`` when
    it is a ``<div>`` (its content is paragraphs, lists and tables straight in the body) and holds no footnote. A
    Google Docs body names only its generated classes ("c5 doc-content"); any other page has no frame. (``google_frame``
    reads a page only when it holds a mark of Google's export besides: ``_GOOGLE_MARK``.)"""

    _VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.google = False
        self._depth = -1  # elements open inside <body> (-1: not in it yet)
        self._children: list[tuple[str, tuple[int, int], bool]] = []  # the body's elements: tag, where, a footnote

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "body":
            classes = (named.get("class") or "").split()
            self.google = bool(classes) and all(_GOOGLE_BODY.match(name) for name in classes)
            self._depth = 0
            return
        if self._depth < 0 or tag in self._VOID:
            if tag == "a" and self._children and (named.get("id") or "").startswith("ftnt"):
                self._children[-1] = (*self._children[-1][:2], True)
            return
        if self._depth == 0:
            self._children.append((tag, self.getpos(), False))
        elif tag == "a" and self._children and (named.get("id") or "").startswith("ftnt"):
            self._children[-1] = (*self._children[-1][:2], True)  # a footnote ([1]) is the document's text
        self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "body":
            self._depth = -1
        elif self._depth > 0 and tag not in self._VOID:
            self._depth -= 1

    def frame(self) -> set[tuple[int, int]]:
        """Where the header and footer ``<div>`` start (``getpos()``), empty for any page but a Google Docs one."""
        if not self.google or len(self._children) < 3:
            return set()
        ends = {self._children[0], self._children[-1]}
        return {where for tag, where, footnote in ends if tag == "div" and not footnote}


def google_frame(text: str) -> set[tuple[int, int]]:
    """Where a Google Docs export's header and footer ``<div>`` start (``GoogleFrame``)."""
    if not _GOOGLE_MARK.search(text):
        return set()
    parser = GoogleFrame()
    parser.feed(text)
    parser.close()
    return parser.frame()
