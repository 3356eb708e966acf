"""What makes two decisions "the same decision in the same situation" (docs/design.md, movement 4).

A decision sentence is split into its *condition* (the situation: "because the purchase was 18
days ago", "if Enterprise…", "…라서", "…ので") and its *decision* ("we agreed to a partial refund").
Each side becomes a set of normalised content terms (lower-case, stop words and placeholders
dropped, the light English stemmer and CJK character bigrams of ``mem.core.text``). The decision
also gets a *polarity*: a
refusal ("declined", "no refund", "거절", "できません") is the opposite of a grant, which is what
makes a counter-example.
"""

from __future__ import annotations

import re

from mem.core.text import bigrams, is_cjk, stem
from mem.core.text.stopwords import DECISION

_EN_BEFORE_CONDITION = re.compile(r"(?:(?<!\s)|(?!\s))(?:"
                                  r"\s*(?:,\s*)?\b(?:because(?: of)?|since|as|due to|given that|for being|"
                                  r"considering)\b\s*)", re.I)
_EN_LEADING_CONDITION = re.compile(r"^\s*(?:if|when|whenever|for|with|since|because)\b\s*(.+?),\s*(.+)$", re.I)
_EN_SO = re.compile(r"^(.+?),?(?:(?<!\s)|(?<=^\s))\s+\b(?:so|therefore|hence|thus)\b\s+(.+)$", re.I)
_ARROW = re.compile(r"(?:(?<!\s)|(?!\s))(?:\s*(?:→|->|=>)\s*)")
_CJK_CONDITION = re.compile(
    r"^(.+?)(?:때문에|이라서|라서|니까|므로|으면|면|なので|ので|から|ため|なら|場合は|場合)[、,\s]*(.+)$")

_NEGATIVE = re.compile(
    r"\b(?:not|no|never|cannot|can't|won't|didn't|don't|refus\w*|declin\w*|den(?:y|ied|ies)|reject\w*|"
    r"without)\b|거절|불가|안\s?됩|안\s?돼|못\s|없습니다|断|できません|不可|ません", re.I)

_WORD = re.compile(r"\[[a-z]+\]|\w+", re.UNICODE)


def split_decision(text: str) -> tuple[str, str]:
    """``(condition, decision)`` of a decision sentence; condition is ``""`` when none is stated."""
    text = " ".join(text.split()).rstrip(".!。！")
    arrow = _ARROW.split(text, maxsplit=1)
    if len(arrow) == 2:
        # An agreement reads "<the customer's proposal> → <the agent's acceptance>". The situation is
        # the proposal's own condition when it states one ("Since X, I propose Y → …" is about X).
        proposal, accepted = arrow[0].strip(), arrow[1].strip()
        condition, _ = split_decision(proposal)
        return (condition or proposal), accepted
    match = _EN_LEADING_CONDITION.match(text)
    if match:
        return match.group(1).strip(), match.group(2).strip()
    match = _EN_SO.match(text)
    if match:
        return match.group(1).strip(), match.group(2).strip()
    parts = _EN_BEFORE_CONDITION.split(text, maxsplit=1)
    if len(parts) == 2 and parts[0].strip() and parts[1].strip():
        return parts[1].strip(), parts[0].strip()
    match = _CJK_CONDITION.match(text)
    if match and match.group(2).strip():
        return match.group(1).strip(), match.group(2).strip()
    return "", text.strip()


def terms(text: str) -> frozenset[str]:
    """Normalised content terms of a phrase."""
    out: set[str] = set()
    for word in _WORD.findall(text.lower()):
        if word.startswith("[") or word in DECISION:
            continue
        if is_cjk(word):
            out.update(bigrams(word))
        else:
            out.add(stem(word, min_stem=4))
    return frozenset(out)


def polarity(decision: str) -> str:
    """``"negative"`` for a refusal, else ``"positive"``."""
    return "negative" if _NEGATIVE.search(decision) else "positive"


def decision_terms(decision: str) -> frozenset[str]:
    """Decision terms without the negation words, so a grant and its refusal compare equal in content."""
    return frozenset(t for t in terms(_NEGATIVE.sub(" ", decision)))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)
