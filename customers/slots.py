"""Slots: what an attribute or preference is *about* (name, language, tier, residence…), and its value.

Two facts filling the same slot with different values are one fact changing over time (judgement
UPDATE: "I live in Seoul" → "I live in Busan now"); a slot in ``EVERY_CONVERSATION`` is the
deterministic test for "needed in every conversation" when promoting a fact to customer context
(path b): how to address the customer, which language to answer in, their contract tier, and the
accessibility needs every answer must respect. Everything else (residence, job, likes) is useful
but not needed on every turn, so it stays a fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

EVERY_CONVERSATION = frozenset({"name", "language", "tier", "accessibility"})

_LANGUAGE_NAMES = {
    "english": "English", "korean": "Korean", "japanese": "Japanese", "chinese": "Chinese", "spanish": "Spanish",
    "french": "French", "german": "German", "영어": "English", "한국어": "Korean", "일본어": "Japanese",
    "중국어": "Chinese", "英語": "English", "韓国語": "Korean", "日本語": "Japanese", "中国語": "Chinese",
}
_LANG = "|".join(sorted(_LANGUAGE_NAMES, key=len, reverse=True))


@dataclass(frozen=True)
class Slot:
    name: str
    value: str


_TIERS = r"enterprise|premium|pro|business|basic|free|standard|team|gold|silver|platinum"
_NAME_VALUE = r"(?P<v>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)"
# A place is one word, or two when the second is capitalised ("New York"); the rules are
# case-insensitive, so without the scoped (?-i:…) "I moved to Kyoto last week" gave "Kyoto last";
# "I live in a flat" names no place.
_PLACE = r"(?!(?:a|an|the|my|our|this|that)\b)(?P<v>[^\W\d_][\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)"
_I = re.I
_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("language", re.compile(r"\b(?:answer|reply|respond|talk|speak|write|communicate)(?: to me| me| back)? in (?P<v>"
                            + _LANG + r")\b", _I)),
    ("language", re.compile(r"\b(?:use|switch to) (?P<v>" + _LANG + r")\b", _I)),
    ("language", re.compile(r"(?P<v>" + _LANG + r")\s*로\s*"
                            r"(?:답|대답|말|응대|써|작성|부탁|해\s*주|해요|소통|연락|안내)")),
    ("language", re.compile(r"(?P<v>" + _LANG + r")\s*で\s*(?:答え|返信|回答|話|対応|書い|お願い|頼|連絡|やり取り)")),
    ("language", re.compile(r"\bi (?:only )?speak (?P<v>" + _LANG + r")\b", _I)),
    ("name", re.compile(r"\b(?i:my name is|call me|i go by)\s+" + _NAME_VALUE)),
    ("name", re.compile(r"제 이름은\s*(?P<v>\S+?)(?:입니다|이에요|예요|야|$)|(?P<v2>\S+?)(?:이)?라고 불러")),
    ("name", re.compile(r"名前は\s*(?P<v>[^\s。、です]+)|(?P<v2>[^\s。、]+?)と呼んで")),
    ("tier", re.compile(r"\b(?:on|have|use|bought|with) (?:the |an? |our )?(?P<v>" + _TIERS + r")\b"
                        r"(?: plan| tier| account| subscription| customer)?", _I)),
    ("tier", re.compile(r"\b(?P<v>enterprise|premium|business|gold|platinum) (?:plan|tier|account|customer)\b", _I)),
    ("tier", re.compile(r"(?P<v>엔터프라이즈|프리미엄|비즈니스|베이직|무료|골드)\s*(?:플랜|요금제|등급|고객|회원)")),
    ("tier", re.compile(r"(?P<v>エンタープライズ|プレミアム|ビジネス|ベーシック|無料|ゴールド)"
                        r"\s*(?:プラン|会員|契約)")),
    ("accessibility", re.compile(r"\b(?P<v>screen reader|visually impaired|hard of hearing|deaf|blind|"
                                 r"large (?:text|font)|dyslexi\w*|wheelchair|colou?r ?blind)\b", _I)),
    ("accessibility", re.compile(r"(?P<v>스크린 ?리더|시각 ?장애|청각 ?장애|큰 글씨|난독증|휠체어|색맹)")),
    ("accessibility", re.compile(r"(?P<v>スクリーンリーダー|視覚障害|聴覚障害|大きい文字|大きな文字|車椅子|色覚)")),
    ("residence", re.compile(r"\bi (?:now )?(?:live|am living|'m living) in " + _PLACE, _I)),
    ("residence", re.compile(r"\bi (?:just )?moved to " + _PLACE, _I)),
    ("residence", re.compile(r"(?P<v>\S+?)에\s*(?:살고|살아요|삽니다|이사)")),
    ("residence", re.compile(r"(?P<v>[^\s。、]+?)に(?:住んで|引っ越)")),
    ("job", re.compile(r"\bi (?:now )?work (?:as|at|for) (?P<v>(?:an? )?[\w-]+(?:\s+[\w-]+)?)", _I)),
    ("email", re.compile(r"(?P<v>[\w.+-]+@[\w-]+\.[\w.-]+)")),
    ("contact_channel", re.compile(r"\bprefer (?:to be contacted by |contact by |being contacted by )?"
                                   r"(?P<v>e-?mail|phone|text|sms|chat)\b", _I)),
]


def find_slot(text: str) -> Slot | None:
    """The first slot ``text`` fills, with its value normalised for comparison."""
    for name, pattern in _RULES:
        match = pattern.search(text)
        if match:
            value = next(v for v in match.groups() if v)
            return Slot(name, _normalise(name, value))
    return None


def _normalise(name: str, value: str) -> str:
    value = value.strip().strip(".,!?。、")
    if name == "language":
        return _LANGUAGE_NAMES.get(value.lower(), _LANGUAGE_NAMES.get(value, value))
    if name == "contact_channel":
        value = value.replace("-", "")
    return value.lower() if name in ("tier", "accessibility", "contact_channel", "email") else value
