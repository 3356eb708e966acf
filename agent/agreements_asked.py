"""Questions about the customer's own agreements: "What did you promise me last time?", "지난번에 뭐라고 약속하셨죠?".

Such a question names no topic a fact search could meet: "promise" or "agree" is rarely in the fact
("I bought a laptop … → Yes, we will refund the laptop in full as an exception"), and the rest of the
question is question words. Search found nothing and the customer was told no earlier record exists.
A question that asks about an agreement, by the words for one in English, Korean and Japanese,
gets the customer's agreements (active decision facts, newest first) as its history, cited.

The words: English promise, agree/agreement, commit/commitment, arrange/arrangement, guarantee (any
form: "promised", "agreed to"); Korean 약속, 합의, 약정, and -기로 했/하셨/한 (decided to do: "보내 주기로
했잖아요"); Japanese 約束, 合意, 取り決め, and …ことにな (it was arranged that). Only in a question (a
question mark or a question ending): "I agree." or "We agreed on that." state, they do not ask.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

_AGREEMENT_WORDS = lazy(
    r"\b(?:promis\w*|agree(?:d|s|ment|ments)?|commit(?:ted|ment|ments)?|arrange(?:d|ment|ments)?|guarantee[ds]?)\b"
    r"|약속|합의|약정|기로\s?(?:했|하셨|한|하신|하지)|約束|合意|取り決め|ことにな", re.IGNORECASE)
_QUESTION = lazy(r"[?？]|\b(?:what|which|when|did|do|have|has|remind|tell)\b|(?:까|죠|나요|가요|지요)\s*[.。]?\s*$"
                 r"|か\s*[。.]?\s*$|(?:でしたっけ|だっけ|でしょう)", re.IGNORECASE)


def asks_about_agreements(question: str) -> bool:
    """Whether ``question`` asks what the service promised or agreed with this customer."""
    return bool(_AGREEMENT_WORDS.search(question)) and bool(_QUESTION.search(question))
