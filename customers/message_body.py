"""An imported message as its reader saw it: HTML rendered to text, markdown emphasis unwrapped, and
the quoted history of an e-mail reply left out (``mem log import``; ``log_files.parse_import``).

Help-desk exports (Intercom, Zendesk, Help Scout, Front) write a message ``body`` as HTML and a reply
with the thread it answers quoted below it. Stored as they came, the markup hid values from slot
recognition and reached evidence and answers (``<p>``, ``&#39;``), and the quoted history was read
as new statements, so an old address won again. The stored turn is therefore the rendered text: the
customer's words, verbatim, without their presentation; evidence quotes that text.

- **HTML** is recognised by a tag of a known HTML element (``<p>``, ``<br>``, ``<div class=…>``,
  ``</b>`` …): ``a < b``, ``<3`` or ``Dana <dana@example.com>`` are not HTML. Tags go (blocks and
  ``<br>`` become line breaks), entities are unescaped, ``<script>``, ``<style>`` and ``<head>``
  go with their content, and ``<blockquote>`` (the quoted thread of an HTML mail) is quoted
  history. Text without such a tag only has its character references unescaped (``&#39;``,
  ``&amp;``: an export that escaped a plain-text message).
- **Markdown emphasis** around a run of words (``_Ana Souza_``, ``**Lisbon**``, ``*late*``) loses its
  markers; markers inside a word (``snake_case``, ``2*3*4``) stay.
- **Quoted history**: lines starting with ``>``; an attribution line (``On … wrote:`` and its common
  translations, one or two lines long) goes with them. From an ``-----Original Message-----`` or
  ``Forwarded message`` line (and their translations: "전달된 메일", "転送メッセージ" …), or an Outlook header block
  (``From:`` followed by ``Sent:``/``Date:`` and ``Subject:`` lines; "보낸 사람:" / "제목:", "差出人:" / "件名:"), to
  the end of the message is the earlier thread and is left out. A message with nothing above such a line (no
  words of its own, no quoted lines) is a forward: what it forwards is what the customer sent, so only the
  marker and the header fields (From, To, Date, Subject …) go.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from mem.core.text.pattern import lazy

_ELEMENTS = (
    "a|abbr|address|article|aside|b|big|blockquote|body|br|caption|center|cite|code|col|dd|del|div|dl|dt|em|"
    "figcaption|figure|font|footer|h[1-6]|head|header|hr|html|i|img|ins|kbd|label|li|link|main|mark|meta|nav|"
    "ol|p|pre|q|s|section|small|span|strike|strong|style|sub|sup|table|tbody|td|tfoot|th|thead|title|tr|tt|u|"
    "ul|script"
)
# A tag of a known element, with or without attributes; a comment; a doctype.
_TAG = lazy(rf"<(/?)({_ELEMENTS})(?:\s[^<>]*)?/?>|<!--.*?-->|<!doctype[^<>]*>", re.I | re.S)
# Elements whose content is not the message: dropped whole (nesting counted).
_DROPPED = frozenset({"script", "style", "head", "title"})
# Elements that start a new line when rendered.
_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "body", "br", "caption", "center", "dd", "div", "dl", "dt",
    "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main",
    "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})
_ENTITY = lazy(r"&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});", re.I)
_SPACES = lazy(r"[ \t\u00a0]+")
_BLANK_LINES = lazy(r"\n{3,}")
# **x**, __x__, *x*, _x_ around a run of words: not inside a word, a path or an address, not around
# white space.
_EMPHASIS = lazy(r"(?<![\w*_/.@:=~\\-])(\*\*|__|\*|_)(?=[^\s*_])([^\n]+?)(?<=[^\s*_])\1(?![\w*_/@])")

# Attribution lines of a quoted reply: "On <date>, <name> wrote:" and what mail clients write in other
# languages. Matched on one line, or on two joined (clients wrap a long one before "wrote:"), whole: it starts only
# at a line's start (a search on a long line without one tried every character, each up to 240 on: 0.17 s on 4,000).
_ATTRIBUTION = lazy(
    r"(?<![^\n])(?:(?:(?:on|am|le|el|em|il|op|den|dne|w dniu)\b.{4,240}?|.{2,240}?)"
    r"(?<!\w)(?:wrote|schrieb|a écrit|escribió|escreveu|ha scritto|schreef|skrev|napisał\(a\)|napisał|napisała|"
    r"написал\(а\)|написал|написала|пишет|kirjoitti|írta|yazdı)(?!\w).{0,200}?\s?[:：]"
    r"|.{4,240}?(?:写道|寫道)[:：]|.{4,240}?님이 작성[:：]?|.{4,240}?のメッセージ[:：]?"
    # any language: a date and a sender's address, then a colon (Gmail in Japanese writes no verb)
    r"|.{4,240}?<[^<>\s]+@[^<>\s]+>\s?[:：])",
    re.I,
)
_ORIGINAL = lazy(
    r"(?<!-)-{2,}+\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|mensagem original|"
    r"messaggio originale|oorspronkelijk bericht|oprindelig meddelelse|ursprungligt meddelande|"
    r"opprinnelig melding|исходное сообщение|原始邮件|元のメッセージ|원본 메시지|원본 메일)\s*-{2,}"
    r"|(?<!-)-{2,}+\s*(?:forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado|"
    r"mensagem encaminhada|messaggio inoltrato|doorgestuurd bericht|videresendt meddelelse|vidarebefordrat "
    r"meddelande|videresendt melding|пересылаемое сообщение|转发的邮件|転送されたメッセージ|転送メッセージ|"
    r"전달된 메시지|전달된 메일)\s*-{2,}"
    r"|begin forwarded message:",
    re.I,
)
# An Outlook header block: a From line, then Sent/Date and Subject lines (English, German, French,
# Spanish, Portuguese, Italian, Dutch, Korean and Japanese field names).
_FROM = lazy(r"\*{0,2}(?:from|von|de|da|van|보낸\s?사람|差出人|送信者)\s?[:：]\*{0,2}\s", re.I)
_SENT = lazy(r"\*{0,2}(?:sent|date|gesendet|datum|envoyé|enviado|inviato|verzonden|fecha|data|보낸\s?날짜|날짜|"
             r"送信日時|日付|日時)\s?[:：]", re.I)
_SUBJECT = lazy(r"\*{0,2}(?:subject|betreff|objet|asunto|assunto|oggetto|onderwerp|제목|件名)\s?[:：]", re.I)
# Any header field of a forwarded mail's header block (the three above, To and Cc).
_FIELD = lazy(r"\*{0,2}(?:from|von|de|da|van|sent|date|gesendet|datum|envoyé|enviado|inviato|verzonden|fecha|data|"
              r"subject|betreff|objet|asunto|assunto|oggetto|onderwerp|to|an|à|para|a|aan|cc|bcc|"
              r"보낸\s?사람|보낸\s?날짜|날짜|받는\s?사람|참조|제목|差出人|送信者|送信日時|日付|日時|宛先|件名"
              r")\s?[:：]", re.I)


@dataclass(frozen=True)
class Body:
    """A message rendered for the log, and what was done to it (counted in the import report)."""

    text: str
    html: bool = False
    quoted: bool = False  # quoted history was left out


def render(text: str) -> Body:
    """``text`` as its reader saw it (module docstring); unchanged when there is nothing to do."""
    is_html = "<" in text and _TAG.search(text) is not None
    if is_html:
        text = _html_to_text(text)
    elif "&" in text and _ENTITY.search(text) is not None:
        text = html.unescape(text).replace("\u00a0", " ")
    text, quoted = _without_quoted_history(text)
    if "*" in text or "_" in text:
        text = _EMPHASIS.sub(r"\2", text)
    if is_html or quoted:
        text = _BLANK_LINES.sub("\n\n", "\n".join(line.rstrip() for line in text.split("\n"))).strip()
    return Body(text, is_html, quoted)


def _html_to_text(source: str) -> str:
    pieces: list[str] = []
    dropped = 0  # depth inside elements whose content is dropped
    start = 0
    for match in _TAG.finditer(source):
        if not dropped:
            pieces.append(_SPACES.sub(" ", source[start:match.start()].replace("\n", " ")))
        start = match.end()
        name = (match.group(2) or "").lower()
        closing = match.group(1) == "/"
        if name == "blockquote":  # the quoted thread: its lines marked as a plain-text client would
            if not dropped:
                pieces.append(_QUOTE_END if closing else _QUOTE_START)
            continue
        if name in _DROPPED and not match.group(0).endswith("/>"):
            dropped = max(dropped - 1, 0) if closing else dropped + 1
            continue
        if not dropped and name in _BLOCKS:
            pieces.append("\n")
    if not dropped:
        pieces.append(_SPACES.sub(" ", source[start:].replace("\n", " ")))
    text = html.unescape("".join(pieces)).replace("\u00a0", " ")
    rendered: list[str] = []
    depth = 0
    for line in text.split("\n"):
        line = _SPACES.sub(" ", line).strip()
        if line == _QUOTE_START.strip():
            depth += 1
        elif line == _QUOTE_END.strip():
            depth = max(depth - 1, 0)
        elif line:
            rendered.append("> " * depth + line)
    return "\n".join(rendered)


# Where a <blockquote> starts and ends in the rendered text (control characters: never in a message,
# which clean_text has cleaned), turned into "> " prefixes.
_QUOTE_START, _QUOTE_END = "\n\x02\n", "\n\x03\n"


def _without_quoted_history(text: str) -> tuple[str, bool]:
    if ">" not in text and ":" not in text and "：" not in text and "--" not in text:
        return text, False
    lines = text.split("\n")
    kept: list[str] = []
    quoted = False
    i = -1
    while i + 1 < len(lines):
        i += 1
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith(">"):
            quoted = True
            continue
        marker = _ORIGINAL.fullmatch(stripped) is not None
        if marker or _outlook_header(lines, i):
            if quoted or any(kept_line.strip() for kept_line in kept):
                return "\n".join(kept), True
            # a forward with nothing above, not even quoted lines: the forwarded mail is the message
            i = _after_header_fields(lines, i + 1 if marker else i) - 1
            quoted = True
            continue
        if stripped and _quote_follows(lines, i + 1):
            if _ATTRIBUTION.fullmatch(stripped):
                quoted = True
                continue
            # a client wrapped a long attribution before "wrote:"
            if kept and kept[-1].strip() and _ATTRIBUTION.fullmatch(f"{kept[-1].strip()} {stripped}"):
                kept.pop()
                quoted = True
                continue
        kept.append(line)
    return "\n".join(kept), quoted


def _quote_follows(lines: list[str], start: int) -> bool:
    for line in lines[start:]:
        if line.strip():
            return line.lstrip().startswith(">")
    return False  # nothing follows: a sentence ending in "wrote:" is kept


def _after_header_fields(lines: list[str], start: int) -> int:
    """The index of the first line after the header block that begins at ``start`` (and its blank line)."""
    i = start
    while i < len(lines) and _FIELD.match(lines[i].strip()):
        i += 1
    return i + 1 if i < len(lines) and not lines[i].strip() else i


def _outlook_header(lines: list[str], i: int) -> bool:
    if not _FROM.match(lines[i].strip()):
        return False
    following = [line.strip() for line in lines[i + 1:i + 6]]
    return any(_SENT.match(line) for line in following) and any(_SUBJECT.match(line) for line in following)
