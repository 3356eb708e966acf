"""Another person's booking moved or cancelled to put the writer in its place.

Three writers' customers (a fashion and beauty shop, a craft workshop, a spa) ask the agent to take a slot that is
someone else's: the other holder is moved, bumped, cancelled or removed, and the writer is put in — "Book me into
the Saturday 11am bridal suite … just bump whoever's there to the afternoon", "The 10am one is taken by someone
called Priya - just bump her to 2pm", "cancel every booking for the 'Thursday ladies' group … I want the slot";
"제 앞에 있는 분 취소시키고 저 먼저 해주세요", "다른 사람 예약돼 있으면 그냥 취소시키고 저 넣어주세요", "언니 목요일 2시
세신 … 제 걸로 돌려주세요"; "その方を午後にずらして私を入れてください", "前の予約の人…を消して私を入れてください".
Another customer's booking is theirs; only the service, with that customer, moves it. Two parts: the other holder
displaced (a person or their booking as the object of bump, move, cancel, remove; 취소시키 · 빼 · 밀 · 돌려; ずらし ·
消し · どかし · 外し) and the writer put in its place (book me, put me in, I want the slot, move my slot; 저 넣어 ·
저 먼저 · 제 걸로 · 제 이름으로; 私を入れ · 私に回し · 私の名前に).

Not one: the writer's own booking moved ("cancel my 3pm and put me in at 5"), another's booking cancelled at their
request with nothing taken ("my sister can't come, please cancel her booking"), a bump refused ("if it's taken,
don't bump anyone").

Read on the normalised message (``normalise.normalize``); each word is read one way, at most 20 characters per try.
"""

from __future__ import annotations

from mem.core.instructions.gates import _stems
from mem.core.text.pattern import lazy

_EN_DISPLACED = lazy(
    r"\b(?:bump|kick|boot|push|shift|move|drop|swap)\s+(?:out\s+)?(?:him|her|them|whoever|whoever's|the\s+other\s+"
    r"(?:person|people|guest|guests|customer|customers|booking|party)|(?:that|the)\s+(?:person|people|lady|guy|"
    r"family|group)(?:\s+(?:who|that)\s+(?:has|had|booked))?)\b"
    r"|\bcancel\s+(?:every|all|each)\s+(?:the\s+)?(?:bookings?|reservations?|slots?)\s+(?:for|of|by)\s+(?!me\b|my\b|us\b|our\b)")
_EN_NOT = lazy(r"\b(?:don't|do\s+not|dont|no\s+need\s+to|never|without|not)\s+(?:\S{1,20}\s+){0,1}?(?:bump|kick|boot|"
               r"push|move|cancel)\b")
_EN_ME_IN = lazy(r"\b(?:book|put|get|slot|squeeze|fit)\s+me\s+(?:in|into|on)\b|\bi\s+(?:want|need|get|take)\s+"
                 r"(?:the|their|that|her|his)\s+(?:slot|spot|place|time|table|room|booking)\b"
                 r"|\bmove\s+my\s+(?:\S{1,20}\s+){0,4}?(?:slot|booking|appointment|session)\b|\bme\s+first\b")
_EN_GATE = _stems("bump", "kick", "boot", "push", "shift", "move", "drop", "swap", "cancel")
_CJK_GATE = _stems("취소", "빼고", "밀어", "미루", "옮기", "돌려",
                   "ずらし", "消し", "キャンセル", "外し", "どかし", "回し", "移し")

_KO_DISPLACED = lazy(
    r"(?:다른\s*(?:사람|분|손님)|앞에?\s*(?:있는\s*)?(?:분|사람)|앞\s*예약|언니|오빠|누나|형님|[가-힣]{1,4}\s*씨)"
    r"\S{0,6}?\s*(?:\S{1,20}\s+){0,6}?\S{0,20}?(?:취소시키|취소하고|취소해\s*버리|빼고|밀어|미루고|옮기고|돌려)")
_KO_ME_IN = lazy(r"저\S{0,2}\s*(?:넣어|먼저)|제\s*(?:걸로|것으로|이름으로)|저로\s*(?:바꿔|돌려)")

_JA_DISPLACED = lazy(r"(?:その方|その人|前の予約の人|前の人|他の人|ほかの人|先の人|[一-龯ァ-ヴ]{1,6}さん)\S{0,24}?"
                     r"(?:ずらして|消して|キャンセルして|外して|どかして|回して|移して)")
_JA_ME_IN = lazy(r"私を入れ|私に回し|私の名前に|私の予約に|こっちに入れ")


def displaced_booking(text: str) -> bool:
    """Whether a normalised customer message asks for another person's booking to be moved or cancelled and the
    writer put in its place (see above)."""
    if _EN_GATE.search(text) and _EN_DISPLACED.search(text) and _EN_ME_IN.search(text) and not _EN_NOT.search(text):
        return True
    if text.isascii() or not _CJK_GATE.search(text):
        return False
    return bool((_KO_DISPLACED.search(text) and _KO_ME_IN.search(text))
                or (_JA_DISPLACED.search(text) and _JA_ME_IN.search(text)))
