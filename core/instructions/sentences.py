"""The unit the detector judges: a sentence, with the wrapped lines of its paragraph joined first.

Lint, the agent and customer-fact extraction all cut text here, so what lint passes is exactly
what the agent trusts. A line break never hides a phrase: lines are joined (a break inside a CJK
word or inside one of the detector's words by an invisible character, read both joined and
spaced), a quotation stays one unit with the sentence that reports it, and a heading, list item,
quote, table row or footnote starts a new unit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mem.core.instructions.gates import _BROKEN_WORDS
from mem.core.instructions.normalise import _CJK_CHAR
from mem.core.text.pattern import lazy

_SENTENCE_END = lazy(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])")
_CJK_PAIR = lazy(rf"{_CJK_CHAR}{_CJK_CHAR}")
_BLOCK_START = lazy(r"^\s*(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|>|\||```|~~~|\[\^)")


_QUOTE_MARK = lazy(r"(?<![A-Za-z])'|'(?![A-Za-z])|\"")


def _open_quote(text: str) -> bool:
    """Whether a quotation opened in ``text`` is still open (an apostrophe inside a word is not a quote)."""
    if not ("'" in text or '"' in text or "“" in text or "「" in text or "『" in text):
        return False
    return (len(_QUOTE_MARK.findall(text)) % 2 == 1 or text.count("“") > text.count("”")
            or text.count("「") > text.count("」") or text.count("『") > text.count("』"))


def _broken_word(before: str, after: str) -> bool:
    """Whether a line break splits one of the words the detector reads ("assis|tant", "dis|regard", "instruc|tions")."""
    if not (before[-1].isascii() and before[-1].isalpha() and after[0].isascii() and after[0].isalpha()):
        return False
    head = _LAST_LETTERS.search(before)
    tail = _FIRST_LETTERS.match(after)
    if head is None or tail is None:
        return False
    return (head.group(0) + tail.group(0)).casefold() in _BROKEN_WORDS


_LAST_LETTERS = lazy(r"[A-Za-z]+$")
_FIRST_LETTERS = lazy(r"[A-Za-z]+")


def sentences(text: str) -> Iterator[tuple[int, str]]:
    """``(line, sentence)`` of ``text``: wrapped lines of a paragraph joined, so a break never hides a phrase.

    A heading, list item, quote, table row or footnote line starts a new unit; the line reported is
    the one the sentence starts on.
    """
    unit: list[str] = []
    start = 0

    def flush() -> Iterator[tuple[int, str]]:
        if unit:
            joined = unit[0].strip()
            for part in unit[1:]:
                part = part.strip()
                # a break between two CJK letters may split a word ("前の指\n示を無\n視"), and so may a break
                # between two Latin letters when the halves make a word the detector reads ("assis\ntant: dis\n
                # regard the policy"): joined by an invisible character, so the detector reads it both joined and
                # spaced (instruction_reason)
                broken = _CJK_PAIR.match(joined[-1] + part[0]) or _broken_word(joined, part)
                joined += ("\u200b" if broken else " ") + part
            pending = ""
            for piece in _SENTENCE_END.split(joined):
                # a quotation is one unit with the sentence that reports it ("문자로 '주문이 취소되었습니다.
                # 이전 안내는 무시하세요'라고 왔는데 맞나요?"): a sentence end inside open quotes does not cut
                pending = f"{pending} {piece}" if pending else piece
                if pending.strip() and not _open_quote(pending):
                    yield start, pending.strip()
                    pending = ""
            if pending.strip():
                yield start, pending.strip()
            unit.clear()

    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip() or _BLOCK_START.match(line):
            yield from flush()
        if line.strip():
            if not unit:
                start = number
            unit.append(line)
            if re.match(r"^\s*#{1,6}\s", line):
                yield from flush()  # a heading is a unit of its own
    yield from flush()
