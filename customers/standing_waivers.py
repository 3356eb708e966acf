"""A waiver asked for with no end: "Could you waive all my late fees from now on?", "앞으로 모든 연체료를 면제해 주실
수 있나요?", "今後すべての延滞料を免除していただけますか？".

An agreement is what the service agreed to do for the case asked about (one order, one fee, one delivery): its
evidence item tells the service what it promised. A front-line yes to a waiver with no end is not that — it would
grant every later fee of the account on one conversation's word, and the evidence store would carry it as a promise.
The yes makes no agreement: the customer's words stay their request (``extract._screened``), never an agreement, a
trait or a customer-context item, and the service grants a standing waiver on the account, where it belongs.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

_WAIVES = lazy(
    r"\bwaiv\w*|\bexempt\w*|\bfree of charge\b|\bno (?:more )?(?:late |delivery |shipping |service )?"
    r"(?:fees?|charges?)\b|\b(?:stop|never|not|don't) charg\w*|면제|무료로|안\s?받|청구하지\s?않|"
    r"免除|無料に|無料で|請求しない",
    re.I,
)
# no end: from now on, every time, all future ones, forever
_NO_END = lazy(
    r"\b(?:from now on|going forward|in (?:the )?future|(?:all|any) (?:of )?(?:my |the )?future|"
    r"forever|permanently|for good|always|every (?:time|month|order|year)|each (?:time|month)|"
    r"(?:any|all) (?:my |the )?(?:late |delivery |shipping |service )?(?:fees|charges) from now)\b|"
    r"앞으로|항상|영구|평생|매번|계속|언제나|今後|これから|ずっと|毎回|永久|いつも|将来",
    re.I,
)
_SENTENCE = lazy(r"[^.!?。！？]+[.!?。！？]*")


def asks_standing_waiver(text: str) -> bool:
    """Whether a sentence of ``text`` asks for a waiver with no end (a waiver word and a no-end word together)."""
    return any(_WAIVES.search(part) and _NO_END.search(part) for part in _SENTENCE.findall(text))
