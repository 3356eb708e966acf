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

A request often leaves its order to the report before it ("The kettle from order QK-2290 leaks. Can you send a new
one?", "주문 M-5120 보온병 뚜껑이 깨졌어요. 환불해 주실 수 있나요?"), and the promise names both ("we will send a new
kettle for order QK-2290"). Counted alone, the report shared more terms (the order, the product) and took the reply,
so the request kept no agreement (newuser28 #8). A request that shares a term of its own with the reply sentence is
now counted with the terms of a report whose order code (``slots.shape_values``: "K-7781", "QK-2290", "J-3302") the
reply names and the request does not: it answers the request about the order the report named. Only a code with a
letter in it counts: a phone number, a date or a house number ("中川1-12-5") has the shape of a code of digits, and a
reply restating the address the customer gave stays paired as before. A reply sharing no term of the request
("We will refund the lamp from order L-7001." after "… Can you send a replacement?") still answers the report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mem.core.text import terms as content_terms
from mem.customers.slots import shape_values

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


def _orders(text: str) -> frozenset[str]:
    """The order codes ``text`` names by their shape."""
    return frozenset(slot.value.upper() for slot in shape_values(text)
                     if slot.name == "order" and any(c.isalpha() for c in slot.value))


def pair_reply(groups: Sequence[str], replies: Sequence[str], *, asks: Sequence[bool]) -> Pairing | None:
    """The group and reply sentence sharing the most content terms, or ``None`` when no pair shares one.

    Ties go to a group that asks the service to act (``asks``), then to the later group (the one the customer said
    last, as the caller's own order does), then to the earlier reply sentence.
    """
    group_terms = [_terms(g) for g in groups]
    group_orders = [_orders(g) if any(c.isdigit() for c in g) else frozenset() for g in groups]
    best: tuple[int, int, int, int] | None = None
    found: Pairing | None = None
    for s, reply in enumerate(replies):
        said = _terms(reply)
        if not said:
            continue
        named = _orders(reply) if any(c.isdigit() for c in reply) and any(group_orders) else frozenset()
        for g, held in enumerate(group_terms):
            shared = len(said & held)
            if not shared:
                continue
            if asks[g]:
                # the reports naming an order the reply names and this request leaves unsaid
                carried = [other for other, asking, orders in zip(group_terms, asks, group_orders, strict=True)
                           if not asking and (orders & named) - group_orders[g]]
                shared = len(said & held.union(*carried))
            key = (shared, int(asks[g]), g, -s)
            if best is None or key > best:
                best, found = key, Pairing(g, s, shared)
    return found
