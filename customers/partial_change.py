"""A change to part of a value: the customer names only the part that changed, the agent writes the whole.

"we're 14 not 41! rest is right", "its flat 5 not 3", "301 아니고 401이에요", "끝자리가 7이 아니고 1이네요",
"405じゃなくて504でした", "部屋番号だけ変わって102です": the customer's words hold the new part, never the whole new
value. Memory holds the whole new value, composed from the value held with that part replaced — placed only where it
can be placed unambiguously: the old part (the one the customer names as wrong, else any number of the new part's
kind) occurs in the held fact's words so that the agent's reply, read from that spot, writes the held words with the
new part in the old one's place, and exactly one such spot exists. The agent's sentence is that composed value as the
service wrote it, so the change is stored as an agreement (the customer's sentence and the agent's, as any read-back
the customer asked for) in place of the held fact, which stays in history. A part that cannot be placed composes
nothing: the customer's words stay a dated fact beside the value held, which stays active.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from mem.core.text.pattern import lazy
from mem.customers.fact_record import Fact

# the part named as not the customer's beside the new one: "14 not 41", "flat 2 not flat 1", "5, not 3" (new first);
# "301 아니고 401", "7이 아니라 1" (old first); "405じゃなくて504", "3ではなく5" (old first)
_NEW_NOT_OLD = lazy(
    r"(?<![\w-])(\d[\w-]{0,11})[,\s]{0,3}not[\s]{1,3}(?:(?:flat|apt|unit|room|no\.?|number|house)"
    r"\s{1,3})?(\d[\w-]{0,11})(?![\w-])",
    re.I,
)
_OLD_NOT_NEW = lazy(
    r"(?<![\w-])(\d[\w-]{0,11})\s{0,2}(?:이|가)?\s{0,2}아니(?:고|라|구)\s{0,3}(\d[\w-]{0,11})"
    r"|(?<![\w-])(\d[\w-]{0,11})\s{0,2}(?:じゃなくて|じゃなく|ではなくて|ではなく)\s{0,3}(\d[\w-]{0,11})"
)
# only a part changed, the rest as it was: "only the flat number", "rest is the same", "호수만", "1102호만" (never
# "전화번호만"), "나머지는 그대로",
# "部屋番号だけ", "あとは同じ"
_ONLY_PART = lazy(
    r"\b(?:only|just) the (?:flat|room|house|unit|door|apartment|last)\b|\brest (?:is|stays) "
    r"(?:the same|right|as it was)\b|"
    r"(?:호수|번지|끝자리|(?<![가-힣])동|(?<![가-힣])호)만\s{0,2}(?:바뀌|달라|변경)|"
    r"나머지는\s{0,2}(?:그대로|같아|다 맞)|"
    r"(?:部屋番号|号室|番地|末尾|下一桁)だけ|あとは(?:同じ|そのまま)",
    re.I,
)
_NUMBER = re.compile(r"\d[\dA-Za-z-]*")
# the least context the agent's words and the held words must share around the part, in letters and digits ("호로 "
# after "1120" is a particle, not the held address)
_CONTEXT = 4
# a number within a longer one ("끝자리가 7이 아니고 1이네요": the last digit of WR-300947) is read only at its end
_LAST_DIGIT = lazy(r"끝자리|\blast (?:digit|number)\b|末尾|下一桁|最後の(?:数字|桁)", re.I)


@dataclass(frozen=True)
class PartialChange:
    """The held fact whose value changes in part, and the whole new value the agent wrote (``sentence``)."""

    target: Fact
    value: str
    sentence: str


def named_parts(text: str) -> list[tuple[str, str | None]]:
    """The parts ``text`` changes, as (new, old) — old ``None`` when only the new part is given ("部屋番号だけ変わって
    102です"); empty when the text names no change of a part."""
    pairs: list[tuple[str, str | None]] = [(m.group(1), m.group(2)) for m in _NEW_NOT_OLD.finditer(text)]
    for match in _OLD_NOT_NEW.finditer(text):
        old, new = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        pairs.append((new, old))
    if not pairs and _ONLY_PART.search(text):
        pairs = [(n, None) for n in dict.fromkeys(_NUMBER.findall(text))]
    bare = [(_bare(new), _bare(old) if old else None) for new, old in pairs]
    return [(new, old) for new, old in bare if new and new != old]


def _shared(agent: str, at: int, size: int, held: str, old_at: int, old_size: int) -> tuple[int, int]:
    """How many characters before and after the part the agent's words and the held words share."""
    left = 0
    while left < at and left < old_at and agent[at - left - 1] == held[old_at - left - 1]:
        left += 1
    right = 0
    while (
        at + size + right < len(agent)
        and old_at + old_size + right < len(held)
        and agent[at + size + right] == held[old_at + old_size + right]
    ):
        right += 1
    return left, right


def _old_spots(held: str, old: str | None, new: str, last_digit: bool) -> list[tuple[int, int]]:
    """Where the old part may stand in the held words: the named old part as a number of its own (or, when the
    customer speaks of the last digit, at a number's end); with no old part named, every number of the new one's
    length."""
    spots = []
    for number in _NUMBER.finditer(held):
        if old is None:
            if len(number.group()) == len(new):
                spots.append((number.start(), len(number.group())))
        elif number.group() == old:
            spots.append((number.start(), len(old)))
        elif last_digit and number.group().endswith(old):
            spots.append((number.end() - len(old), len(old)))
    return spots


def _placed(held: str, agent: str, new: str, old: str | None, last_digit: bool) -> str | None:
    """The whole new value: the agent's words around ``new`` that repeat the held words around the old part — when
    exactly one spot of each fits with enough shared context."""
    found = set()
    for spot, size in _old_spots(held, _bare(old) if old else None, _bare(new), last_digit):
        for match in re.finditer(re.escape(_bare(new)), agent):
            before, after = _shared(agent, match.start(), len(match.group()), held, spot, size)
            shared = agent[match.start() - before : match.start()] + agent[match.end() : match.end() + after]
            if sum(c.isalnum() for c in shared) >= _CONTEXT:
                found.add(agent[match.start() - before : match.end() + after].strip(" ,.-。、"))
    return found.pop() if len(found) == 1 else None


# a read-back without its question mark: the agent checks the value, it does not set it ("Just to check, do you mean
# Flat 6, …", "Flat 6, … 맞으신가요", "…でよろしいでしょうか" is a question by its ending already)
_CHECKS_BACK = lazy(
    r"\b(?:just\s+)?to\s+(?:check|confirm|clarify|be\s+sure)\b|\b(?:do|did)\s+you\s+mean\b|\bso\s+you\s+mean\b"
    r"|\bis\s+(?:that|it)\s+(?:right|correct)\b|(?:맞으신|맞는|맞으실|인|신)\s{0,2}(?:가요|지요)[.。]?\s*$"
    r"|(?:確認|念のため)(?:ですが|させて|いたします)?[、,]",
    re.I,
)


# ... but "to confirm" also opens a report of the change made: "Just to confirm, I've updated it to Flat 6, …" sets it
_REPORTS_DONE = lazy(
    r"\b(?:i|we)(?:['’]ve|\s+have)\s+(?:now\s+|just\s+)?(?:updated|changed|corrected|amended|moved|set)\b"
    r"|\b(?:has|have)\s+(?:now\s+)?been\s+(?:updated|changed|corrected|amended|moved|set)\b",
    re.I,
)


def checks_back(sentence: str) -> bool:
    """Whether the agent's sentence reads the value back to be confirmed rather than reports it set, though it
    bears no question mark (a question by its mark or ending is read by ``fact_candidates.is_question``)."""
    return _CHECKS_BACK.search(sentence) is not None and _REPORTS_DONE.search(sentence) is None


def _bare(part: str) -> str:
    """A part without the particle glued to it ("7이" → "7", "102です" never reaches here: numbers end at a kana)."""
    return re.sub(r"[^\dA-Za-z-]+$", "", part)


def partial_change(customer: str, agent: str, held: Sequence[Fact]) -> PartialChange | None:
    """The change of part of a held value that the customer's sentence names and the agent's sentence writes whole,
    placed in exactly one held fact (the latest that fits); ``None`` otherwise."""
    parts = named_parts(customer)
    if not parts or not agent:
        return None
    last_digit = bool(_LAST_DIGIT.search(customer))
    for fact in sorted(held, key=lambda f: (f.when or date.min, f.id), reverse=True):
        words = " ".join(e.quote for e in fact.evidence if e.role == "customer")
        if not words:
            continue
        values = {value for new, old in parts if (value := _placed(words, agent, new, old, last_digit))}
        if len(values) == 1:
            return PartialChange(fact, values.pop(), agent)
        if values:
            return None  # two placements: nothing composed
    return None
