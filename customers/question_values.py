"""Whose value a customer's message names: decided by who owns the value's noun phrase.

"What is bob's order number A-7731?", "Could you tell me where my friend Bob's order A-7731 is?", "What is the order
number A-7731 of my neighbour?": the order is someone else's, and storing it as the asker's put another person's order
into this customer's memory, recited back to them "as you told us" (newuser17 #6, review 17 #4). The owner is read
from the words around the value, in a question, a request or a statement alike: a possessive in its noun phrase
("bob's order", "his order", "my husband's order") or a phrase after it ("… of my neighbour", "… for my sister", "…
belonging to Dana"). A value with no owner named ("Has order A-7731 shipped yet?", the commonest way a customer asks
about their own order) or named as the customer's ("my order", "… for me") keeps its slot. Read for English; in Korean
and Japanese the subject is usually left out and the candidates keep the reading they had before.
"""

from __future__ import annotations

import re

from mem.customers.slots import _RELATIONS_EN

_TOKEN = re.compile(r"[A-Za-z]+(?:['\u2019][A-Za-z]+)?|[^\sA-Za-z]")
# "what's", "it's", "where's": contractions of "is" / "has", no possessive
_NOT_POSSESSORS = frozenset((
    "it", "that", "what", "where", "who", "how", "there", "here", "let", "he", "she", "this", "when", "why", "which",
    "one", "everyone", "everything", "order", "parcel", "package", "today", "tomorrow", "yesterday", "week", "month",
    "year", "weekend", "night", "morning"))
# words a noun phrase before its value never reaches across ("tell Bob's wife that order A-7731 …")
_BEYOND_PHRASE = frozenset((
    "is", "are", "was", "were", "has", "have", "had", "did", "does", "do", "will", "can", "could", "would", "should",
    "that", "where", "when", "what", "which", "who", "why", "how", "and", "or", "but", "to", "about", "with", "tell",
    "me", "you", "on", "in", "at", "if", "please", "still", "yet", "been", "the", "a", "an", "check", "find", "track",
    "send", "ship", "cancel", "see", "know", "i", "we"))
_OTHER_PRONOUNS = frozenset(("his", "her", "their"))
_OWN = frozenset(("my", "our"))
_SELF_AFTER = frozenset(("me", "us", "mine", "ours", "myself", "ourselves"))
_OTHER_AFTER = frozenset(("him", "her", "them", "his", "hers", "theirs"))
_RELATION = re.compile(r"(?:" + _RELATIONS_EN + r")\Z", re.I)
_PHRASE_WORDS = 4  # how far back a noun phrase is read ("my friend Bob's order A-7731")


def _possessor(word: str) -> str | None:
    """``bob`` of "bob's"; ``None`` for a word that is no possessive ("what's", "order's")."""
    lowered = word.lower().replace("\u2019", "'")
    if not lowered.endswith("'s"):
        return None
    owner = lowered[:-2]
    return owner if owner and owner not in _NOT_POSSESSORS else None


def value_owner(sentence: str, value: str, *, slot: str = "") -> str | None:
    """Who owns ``value`` in ``sentence``: ``"other"`` (someone else is named in its noun phrase), ``"self"`` (the
    customer: "my order A-7731", "… for me") or ``None`` (no owner named, or the value is not in the words)."""
    at = sentence.lower().find(value.lower()) if value else -1
    if at < 0:
        return None
    before = _TOKEN.findall(sentence[:at])
    owner = None
    for word in reversed(before[-_PHRASE_WORDS:]):
        lowered = word.lower()
        if not word[0].isalpha() or lowered in _BEYOND_PHRASE:
            break
        if _possessor(word) is not None or lowered in _OTHER_PRONOUNS:
            return "other"
        if lowered in _OWN:
            owner = "self"
            break
    after = [w.lower() for w in _TOKEN.findall(sentence[at + len(value):])[:4]]
    # "we moved to Aberdeen for my husband": a place lived in for someone is a reason, not their place
    if after[:1] == ["of"] or after[:1] == ["for"] and slot != "residence" or after[:2] == ["belonging", "to"]:
        rest = after[2:] if after[0] == "belonging" else after[1:]
        if rest[:1] and rest[0] in _SELF_AFTER:
            return "self"
        if rest[:1] and rest[0] in _OTHER_AFTER:
            return "other"
        if len(rest) > 1 and rest[0] in _OWN and _RELATION.match(rest[1]):
            return "other"  # "… of my neighbour", "… for my sister"
        words = _TOKEN.findall(sentence[at + len(value):])[:4]
        name = words[len(after) - len(rest)] if rest else ""
        if after[0] != "for" and name[:1].isupper():
            return "other"  # "… of Dana", "… belonging to Bob"
    return owner


def names_someone_else_s_value(sentence: str, value: str, *, lang: str, slot: str = "") -> bool:
    """``sentence`` names ``value`` (of ``slot``) as someone else's ("Could you check bob's order A-7731?"). English
    only."""
    return lang == "en" and value_owner(sentence, value, slot=slot) == "other"
