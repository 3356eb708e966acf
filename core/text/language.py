"""Which language a text is written in, from its script alone (en / ko / ja).

Script counting is enough for the three languages mem knows and needs no model: Hangul means
Korean, kana means Japanese, Han characters without kana or Hangul are read as Japanese (mem does
not handle Chinese), anything else is English. Mixed text goes to the script that dominates.
"""

from __future__ import annotations

from mem.core.text.cjk import is_cjk, is_han, is_hangul, is_kana

LANGUAGES = ("en", "ko", "ja")


def detect_language(text: str) -> str:
    """``"ko"``, ``"ja"`` or ``"en"`` for ``text``, by counting scripts."""
    if not is_cjk(text):
        return "en"  # the common case, decided by one regex scan
    hangul = kana = han = 0
    for ch in text:
        if is_hangul(ch):
            hangul += 1
        elif is_kana(ch):
            kana += 1
        elif is_han(ch):
            han += 1
    if hangul and hangul >= kana + han:
        return "ko"
    if kana or han:
        return "ja"
    return "en"
