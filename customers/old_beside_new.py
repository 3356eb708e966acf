"""The old value named beside the new one in the same message: history, not a fact in force.

"앞으로 알림은 문자 말고 카톡으로 보내주세요", "그냥 예전처럼 전화로 해 주세요. 카톡은 이제 안 하셔도 돼요",
"LINEの通知に気づかないので、電話にしてください。LINEはもう結構です", "text me from now on, I don't read email any
more": the sentence giving the new value replaces the held fact, but the sentence naming the old value is a fact of
its own and stayed active beside the new one (upd31e). Read by structure, not by the row's words: the old value is
whatever the replaced fact held, and the sentence sets it aside with a negation or a "no longer" mark.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mem.core.text.pattern import lazy
from mem.customers.fact_record import Fact
from mem.customers.slots import channel_words, narrow, slot_of

# a value set aside: a negation or a "no longer" in each language (the sentence must also name the old value and
# not the new one, so "I'm still happy to get bills by email" beside a new channel for alerts stays in force)
_SET_ASIDE = lazy(r"\b(?:not|no longer|any ?more|instead of|rather than|never)\b|n't\b"
                  r"|말고|대신|아니|(?<![가-힣])안\s|않|더는|더\s?이상|그만"
                  r"|ではなく|じゃなく|もう|ない|ません|やめ", re.I)
_ASCII = re.compile(r"[A-Za-z0-9]")


def _surfaces(name: str, value: str) -> tuple[str, ...]:
    """How a slot's value is written in a sentence: a channel by any of its words (문자, texts for ``sms``), the rest
    as held."""
    words = channel_words(value) if name == "contact_channel" else ()
    return tuple(dict.fromkeys(w for w in (value, *words) if w))


def _names(words: str, surfaces: Sequence[str]) -> bool:
    for surface in surfaces:
        if _ASCII.search(surface[:1] + surface[-1:]):
            if re.search(r"(?<![A-Za-z0-9])" + re.escape(surface) + r"(?![A-Za-z0-9])", words, re.I):
                return True
        elif surface in words:
            return True
    return False


def _customer_words(fact: Fact) -> str:
    return narrow(" ".join(e.quote for e in fact.evidence if e.role == "customer"))


def _customer_turns(fact: Fact) -> set[str]:
    return {e.turn for e in fact.evidence if e.role == "customer"}


def old_values_beside(written: Sequence[Fact], replaced: Sequence[Fact]) -> list[tuple[Fact, Fact]]:
    """(fact naming the old value, the fact that replaced it) for each fact of ``written`` that sets aside, in the
    same customer turn, the value a fact of ``written`` has just replaced (``replaced`` holds the facts replaced)."""
    held_by = {fact.id: fact for fact in replaced}
    found: list[tuple[Fact, Fact]] = []
    taken: set[str] = set()
    for new in written:
        old = held_by.get(new.supersedes or "")
        if old is None or new.status != "active":
            continue
        before, after = slot_of(old), slot_of(new)
        if before is None or after is None or before.name != after.name \
                or before.value.lower() == after.value.lower():
            continue
        old_words, new_words = _surfaces(before.name, before.value), _surfaces(after.name, after.value)
        turns = _customer_turns(new)
        for other in written:
            if other.id == new.id or other.id in taken or other.status != "active" or other.supersedes is not None \
                    or other.agreement or not turns & _customer_turns(other):
                continue
            words = _customer_words(other)
            if _names(words, old_words) and not _names(words, new_words) and _SET_ASIDE.search(words):
                found.append((other, new))
                taken.add(other.id)
    return found
