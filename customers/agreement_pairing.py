"""Which of the customer's sentences the agent's reply answers, and with which of its own sentences.

A customer turn often tells several things ("My order arrived cracked. I live at 14 Harbor Lane now, please send
the replacement there." / "배송지를 부산으로 바꿔 주세요. 연락은 카카오톡으로 주세요.") and the agent's reply answers
them in several sentences ("Congratulations! I've updated the name. Invoices will be in German from now on.",
"田中様、領収書を再発行いたしました。次回のご注文は送料無料とさせていただきます。"). Taking the customer's last request
and the agent's first committing sentence paired sentences that answer nothing of each other ("연락은 카카오톡으로
주세요 → 배송지를 변경해 드렸습니다"), and the pairing then replaced the real request it had left out.

Here each reply sentence answers the customer's group it shares the most content terms with
(``mem.core.text.terms``: stems in English, word stems and Kanji/Katakana runs in Korean and Japanese — "invoices" and
"Invoices", "배송지를" and "배송지를", "領収書を" and "領収書を"). When no sentence shares a term with any group, the
caller keeps its own order (the reply says "Done." or "네, 알겠습니다", which answers the last request).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mem.core.text import terms as content_terms

# a number alone ("2", "10") is no shared subject; an order code ("A-5531" → "5531") is
_MIN_DIGITS = 3


@dataclass(frozen=True)
class Pairing:
    """The customer group (index into the groups given) and the reply sentence (index) that answer each other."""

    group: int
    sentence: int
    shared: int


def _terms(text: str) -> frozenset[str]:
    return frozenset(t for t in content_terms(text) if not t.isdigit() or len(t) >= _MIN_DIGITS)


def pair_reply(groups: Sequence[str], replies: Sequence[str], *, asks: Sequence[bool]) -> Pairing | None:
    """The group and reply sentence sharing the most content terms, or ``None`` when no pair shares one.

    Ties go to a group that asks the service to act (``asks``), then to the later group (the one the customer said
    last, as the caller's own order does), then to the earlier reply sentence.
    """
    group_terms = [_terms(g) for g in groups]
    best: tuple[int, int, int, int] | None = None
    found: Pairing | None = None
    for s, reply in enumerate(replies):
        said = _terms(reply)
        if not said:
            continue
        for g, held in enumerate(group_terms):
            shared = len(said & held)
            if not shared:
                continue
            key = (shared, int(asks[g]), g, -s)
            if best is None or key > best:
                best, found = key, Pairing(g, s, shared)
    return found
