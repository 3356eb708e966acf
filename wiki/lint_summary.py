"""The ``summary-contradicts-body`` check: a page's one-line ``summary`` against its own body.

``summary`` is what ``index.md`` and search show; agents answer from the body. A merge that kept one side's
frontmatter and the other side's body, or a hand edit of either, left a summary of "14 days" over a body of
"45 days" that passed ``mem lint --strict`` and shipped (newuser26 #8). Two contradictions are read:

- a number: a statement of the summary (``lint_numbers``: a number with a unit, or a bare count) whose quantity the
  body states too — same dimension and a content word in common — and with which no body statement agrees;
- a yes/no: a summary sentence that is a body sentence with its negation flipped ("Opened items can be returned." /
  "Opened items cannot be returned.", "반품이 가능합니다" / "반품이 불가능합니다", "返品できます" / "返品できません").

A summary that states a number the body does not state at all is not reported: a summary may round or leave out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from mem.wiki.lint_numbers import Statement, counts, statements

_SENTENCE = re.compile(r"[^.!?。！？\n]+")
_EN_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_EN_NEGATIONS = frozenset(
    {"not", "no", "never", "cannot", "can't", "won't", "don't", "doesn't", "isn't", "aren't", "non"}
)
# (negative, positive) pairs of Korean and Japanese predicates, longest first
_CJK_FLIPS = (
    ("できません", "できます"),
    ("できない", "できる"),
    ("ありません", "あります"),
    ("されません", "されます"),
    ("ません", "ます"),
    ("불가능", "가능"),
    ("없습니다", "있습니다"),
    ("없다", "있다"),
    ("않습니다", "합니다"),
    ("안 됩니다", "됩니다"),
    ("不可", "可"),
)


@dataclass(frozen=True)
class Contradiction:
    """What the summary says and what the body says instead (body line number)."""

    said: str
    instead: str
    line: int


def contradictions(summary: str, body: Sequence[str], *, body_start: int = 1) -> Iterator[Contradiction]:
    """Where ``summary`` contradicts the ``body`` lines (numbers first, then yes/no sentences)."""
    said = [*statements([summary]), *counts([summary])]
    stated: list[Statement] = [*statements(body, start_line=body_start), *counts(body, start_line=body_start)]
    for statement in said:
        related = [s for s in stated if s.dimension == statement.dimension and s.words & statement.words]
        if related and not any(s.low <= statement.high and statement.low <= s.high for s in related):
            yield Contradiction(statement.text, related[0].text, related[0].line)
    sentences = [
        (number, m.group(0).strip())
        for number, line in enumerate(body, body_start)
        for m in _SENTENCE.finditer(line)
        if m.group(0).strip()
    ]
    for m in _SENTENCE.finditer(summary):
        own = _polarity(m.group(0))
        if own is None:
            continue
        for number, sentence in sentences:
            other = _polarity(sentence)
            if other is not None and other[0] == own[0] and other[1] != own[1]:
                yield Contradiction(m.group(0).strip(), sentence, number)
                break


def _polarity(sentence: str) -> tuple[str, bool] | None:
    """(the sentence without its negation, whether it was negated); None for a sentence too short to compare."""
    text = sentence.strip().lower()
    if text.isascii():
        words = [w.replace("n't", " not") for w in _EN_WORD.findall(text.replace("cannot", "can not"))]
        tokens = " ".join(words).split()
        negated = sum(1 for w in tokens if w in _EN_NEGATIONS) % 2 == 1
        kept = [w for w in tokens if w not in _EN_NEGATIONS]
        return (" ".join(kept), negated) if len(kept) >= 3 else None
    compact = re.sub(r"[\s、，,「」『』]+", "", text)
    negated = False
    for negative, positive in _CJK_FLIPS:
        compact_negative, compact_positive = negative.replace(" ", ""), positive.replace(" ", "")
        if compact_negative in compact:
            compact = compact.replace(compact_negative, compact_positive)
            negated = not negated
    return (compact, negated) if len(compact) >= 4 else None
