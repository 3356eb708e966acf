"""A value the customer says was wrong: "the amount is $45, not $54", "금액은 54000원이 아니라 45000원이에요",
"日付は5月12日ではなく5月21日です".

A customer's claimed typo never changes the terms of an agreement (``extract._beside_agreement``): what the service
agreed to is the service's word. This module reads the claim's structure — the value taken back ("not X", "X이/가
아니라", "Xではなく") and a value given instead — so the agreement holding the value taken back is flagged for a
recheck, whatever kind of value it is: an order number, an amount, a date or an address (EN/KO/JA).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mem.core.text.pattern import lazy

# the value taken back, after "not" / "instead of" / "rather than" (EN): up to the clause's end
_EN_OLD = lazy(
    r"(?:\bnot|\binstead of|\brather than)[ \t]{1,3}(?:the[ \t]{1,3}|to[ \t]{1,3}|on[ \t]{1,3})?"
    r"(?P<old>[^.,;!?\n]{1,40}?)(?=[ \t]{0,3}(?:[.,;!?\n]|\bbut\b|$))",
    re.I,
)
# the value taken back, before "이/가 아니라" (KO) or "ではなく/じゃなくて" (JA): from the clause's start
_CJK_OLD = lazy(
    r"(?P<old>[^.,;!?。、！？\n：:]{1,40}?)[ \t]{0,3}(?:(?:이|가)?[ \t]{0,3}아니(?:라|고|고요)|"
    r"(?:では|じゃ|で)なく(?:て)?|じゃなくて)"
)
# a topic before the value in a CJK clause ("금액은 ", "住所は"): not part of the value
_CJK_TOPIC = lazy(r"^.*?(?:(?:은|는|가|이)[ \t]{1,3}|は|が|を)(?=.{0,30}\d)")
_DIGIT = lazy(r"\d")
_BLANKS = lazy(r"\s+")
_THOUSANDS = lazy(r"(?<=\d),(?=\d{3})")

_AMOUNT = lazy(
    r"[$€£¥₩]|\d[\d,.]{0,15}[ \t]?(?:원|円|엔|만원|dollars?|euros?|pounds?|won|yen|usd|eur|gbp|krw|jpy)\b"
    r"|\d[\d,.]{0,15}[ \t]?(?:원|円|엔)",
    re.I,
)
_DATE = lazy(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[ \t]{0,3}\d{1,2}\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)?[ \t]{0,3}(?:of[ \t]{1,3})?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]*\b|\d{1,2}[ \t]?월[ \t]?\d{1,2}[ \t]?일|\d{1,2}月\d{1,2}日|"
    r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b",
    re.I,
)
_ADDRESS = lazy(
    r"\b(?:street|st|road|rd|lane|ln|avenue|ave|drive|dr|close|way|court|place|square|flat|apt|"
    r"apartment|unit|house|postcode|zip|address)\b|[로길동시구군읍면]\b|[로길동]\s?\d|주소|"
    r"[都道府県市区町村丁番号]|\d{1,6}-\d{1,6}|住所",
    re.I,
)
_CODE = lazy(r"^[A-Za-z]{1,5}-?\d[\d-]{3,}$|^#?\d{5,}$")


@dataclass(frozen=True)
class ClaimedValue:
    """A value the customer takes back (``old``, verbatim) with the kind of value it is: ``order number``,
    ``amount``, ``date``, ``address`` or ``value``."""

    old: str
    kind: str


def claimed_values(text: str) -> list[ClaimedValue]:
    """The values ``text`` says were wrong, each with another value given beside it ("$45, not $54"), in the order
    said. A value holds a digit; a clause with no other digit gives nothing instead and claims nothing."""
    if not _DIGIT.search(text) or not any(word in text for word in _MARKERS):
        return []
    olds: list[str] = []
    for match in _EN_OLD.finditer(text):
        old = match.group("old").strip()
        if _DIGIT.search(old) and _DIGIT.search(_clause_before(text, match.start())):
            olds.append(old)
    for match in _CJK_OLD.finditer(text):
        old = _CJK_TOPIC.sub("", match.group("old").strip()).strip()
        if _DIGIT.search(old) and _DIGIT.search(text[match.end() : match.end() + 40]):
            olds.append(old)
    olds = list(dict.fromkeys(olds))[:_MAX_CLAIMS]
    # whether the message speaks of an address, read once (per claim it made a long message quadratic)
    address = bool(olds) and _ADDRESS.search(text) is not None
    return [ClaimedValue(old, _kind(old, address)) for old in olds]


# a correction takes back a value or two: a message of hundreds of "not 1," claims no more than this
_MAX_CLAIMS = 8
_MARKERS = ("not", "Not", "NOT", "instead", "rather", "아니", "なく")


def _clause_before(text: str, end: int) -> str:
    """The words before ``end`` back to the sentence's start (the value given instead of the one taken back)."""
    floor = max(0, end - _LOOK_BACK)  # bounded: a message of many "not 1," stays linear
    start = max(text.rfind(mark, floor, end) for mark in ".;!?\n")
    return text[max(start + 1, floor) : end]


_LOOK_BACK = 200


def _kind(old: str, address: bool) -> str:
    if _AMOUNT.search(old):
        return "amount"
    if _DATE.search(old):
        return "date"
    if _CODE.match(old.strip()):
        return "order number"
    if address or _ADDRESS.search(old):
        return "address"
    return "value"


def held_in(value: str, text: str) -> bool:
    """``value`` is written in ``text`` (case, runs of blanks and thousands separators aside), not as part of a
    longer number or code ("8 Mill Lane" is not held in "18 Mill Lane", "54000원" is in "54,000원")."""
    needle, hay = _folded(value), _folded(text)
    if not needle:
        return False
    at = hay.find(needle)
    while at >= 0:
        before = hay[at - 1] if at else ""
        after = hay[at + len(needle)] if at + len(needle) < len(hay) else ""
        if not (_ascii_alnum(before) and _ascii_alnum(needle[0])) and not (after.isdigit() and needle[-1].isdigit()):
            return True
        at = hay.find(needle, at + 1)
    return False


def _ascii_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _folded(text: str) -> str:
    return _BLANKS.sub(" ", _THOUSANDS.sub("", text)).strip().casefold()
