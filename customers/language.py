"""Which language a text is written in, from its script alone (en / ko / ja).

Script counting is enough for the three languages the deterministic engine knows and needs no
model: Hangul means Korean, kana means Japanese, Han characters without kana or Hangul are read as
Japanese (mem does not handle Chinese), anything else is English.
"""

from __future__ import annotations

import re

LANGUAGES = ("en", "ko", "ja")


def _is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f"


def _is_kana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff" or "\uff66" <= ch <= "\uff9f"


def is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


_ANY_CJK = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uff66-\uff9f]")


def detect_language(text: str) -> str:
    """``"ko"``, ``"ja"`` or ``"en"`` for ``text``, by counting scripts."""
    if not _ANY_CJK.search(text):
        return "en"  # the common case, decided by one regex scan
    hangul = kana = han = 0
    for ch in text:
        if _is_hangul(ch):
            hangul += 1
        elif _is_kana(ch):
            kana += 1
        elif is_han(ch):
            han += 1
    if hangul and hangul >= kana + han:
        return "ko"
    if kana or han:
        return "ja"
    return "en"


def is_cjk(text: str) -> bool:
    """True when ``text`` contains Hangul, kana or Han characters."""
    return any(_is_hangul(ch) or _is_kana(ch) or is_han(ch) for ch in text)
