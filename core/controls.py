"""Control characters: removed from text at intake, made visible when text is printed.

Customer messages and what client accounts send the server end up in an operator's terminal (``mem
facts list``, ``mem promote``, ``mem evidence list``), in SQLite, in file names and git commit
messages, and in know-how pages. A C0 or C1 control there is an attack or a broken export, never
meaning: an escape sequence retitles or clears the operator's terminal, a NUL breaks every OS call
it reaches, and a bidi override (U+202E) makes a line read as something else than it holds.

- ``clean_text`` (intake of multi-line text: messages, quotes): whole ANSI escape sequences and
  every other C0/C1 control, DEL, the bidi embedding/override/isolate controls and a byte-order mark
  (U+FEFF) are removed; tab and newline stay, a carriage return, vertical tab, form feed or NEL
  (U+0085) becomes a newline. An unpaired UTF-16 surrogate becomes U+FFFD, as a UTF-8 decoder writes
  a broken byte: Python keeps undecodable input bytes (``mem chat``'s stdin) and JSON keeps an escaped
  half emoji (``"\\ud83d"``) as one, and nothing can store or print it.
- ``one_line`` (intake of one-line fields: know-how conditions and decisions, a reviewer's name):
  ``clean_text`` with every run of white space, newlines included, made one space.
- ``shown`` (output): what is already stored, from before these checks or from a file written by
  hand, is printed with each such character as a visible escape (``\\x1b``, ``\\u202e``).

Each is one regular-expression scan when there is nothing to do.
"""

from __future__ import annotations

import re
import unicodedata

# Compiled at import, not with mem.core.text's lazy patterns: the CLI imports this module for every
# command's output, and importing mem.core.text would load the whole text package (a tenth of a second).

__all__ = ["clean_message", "clean_text", "one_line", "shown"]

# C0 without tab and newline, DEL, C1; the bidi embeddings, overrides and isolates (LRE RLE PDF LRO
# RLO, LRI RLI FSI PDI); the byte-order mark U+FEFF (a Windows tool's first bytes, or two files joined:
# invisible, never meaning, and it counted against the context budget). Marks (U+200E/F) are left
# alone: they change no order by themselves.
_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufeff"
_SURROGATE = "\ud800-\udfff"
_ANY = re.compile(f"[{_CONTROL}{_SURROGATE}]")
_SURROGATE_CHAR = re.compile(f"[{_SURROGATE}]")
# An escape sequence is removed whole, so no "[2J" or "]0;title" is left behind as text: CSI (ESC [
# parameters, final byte), OSC/DCS/APC/PM/SOS strings (ending in BEL or ESC \), and two-character
# escapes. A string without its end loses only ESC and its first character: the words after it stay.
_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[ -~]?"
                              r"|\x9b[0-?]*[ -/]*[@-~]")
_CONTROL_CHAR = re.compile(f"[{_CONTROL}]")
_SPACES = re.compile(r"\s+")
# controls that end a line (CR, vertical tab, form feed, NEL) become a newline, not nothing: the
# words on either side stay apart
_LINE_BREAKS = str.maketrans({"\r": "\n", "\x0b": "\n", "\x0c": "\n", "\x85": "\n"})


def clean_text(text: str) -> str:
    """``text`` without control characters (tab and newline kept) and with whole characters only (above)."""
    if _ANY.search(text) is None:
        return text
    if _SURROGATE_CHAR.search(text) is not None:
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    text = text.replace("\r\n", "\n").translate(_LINE_BREAKS)
    return _CONTROL_CHAR.sub("", _ESCAPE_SEQUENCE.sub("", text))


def clean_message(text: str) -> str:
    """``clean_text`` in Unicode NFC: the form a customer's message is kept in, whatever device typed it.

    macOS (file names, some Mac apps) and some Korean input methods hand text over decomposed (NFD: "u" +
    U+0308 for "ü", Hangul as separate jamo); read that way, a residence was cut at the combining mark ("Zu" for
    Zürich) and a Korean move was not recognised. Every way a message enters mem (log import, ``mem ask`` and
    ``mem chat``, the Python API's ``append_turn``) keeps it in NFC, so the stored turn, the evidence quotes cut
    from it and the quote check all read one form. NFC changes no letter, only how it is encoded."""
    text = clean_text(text)
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def one_line(text: str) -> str:
    """``clean_text`` on one line: white space runs, newlines and tabs included, become one space; ends trimmed."""
    return _SPACES.sub(" ", clean_text(text)).strip()


def shown(text: str, *, json: bool = False) -> str:
    """``text`` for a terminal: each control character or lone surrogate as a visible escape
    (``\\x1b``, ``\\u202e``), newlines and tabs kept. ``json``: ``text`` is JSON whose strings may
    hold them; each becomes the JSON escape ``\\uXXXX`` (C0 ones are escaped by json already)."""
    if _ANY.search(text) is None:
        return text
    return _ANY.sub(_json_escape if json else _escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"
