"""Korean, Japanese and Chinese characters: the one definition of the script ranges mem uses.

Each constant is the inside of a regular-expression character class (``f"[{HANGUL}]"``), so a
module builds the class it needs from named parts instead of writing code points out again.

- Hangul: syllables, jamo and compatibility jamo (``HANGUL_SYLLABLES`` alone is what Korean
  words are written in; ``가-힣``).
- Kana: hiragana, katakana (with phonetic extensions and half-width forms).
- Han: CJK unified ideographs, extension A and compatibility ideographs.
- Full-width forms (``ＡＢＣ１２３``, ``！``) are not a script but take one token each in a model's
  tokenizer, so token estimates count them with CJK (``WIDE``).
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

HANGUL_SYLLABLES = "\uac00-\ud7a3"
HANGUL = HANGUL_SYLLABLES + "\u1100-\u11ff\u3130-\u318f"
HIRAGANA = "\u3040-\u309f"
KATAKANA = "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
KANA = HIRAGANA + KATAKANA
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK = HANGUL + KANA + HAN
FULLWIDTH = "\uff00-\uffef"
WIDE = CJK + FULLWIDTH

_CJK_CHAR = lazy(f"[{CJK}]")
_CJK_RUN = lazy(f"[{CJK}]+")
_WIDE_CHAR = lazy(f"[{WIDE}]")
_HANGUL_CHAR = lazy(f"[{HANGUL}]")
_KANA_CHAR = lazy(f"[{KANA}]")
_HAN_CHAR = lazy(f"[{HAN}]")
_HIRAGANA_ONLY = lazy(f"[{HIRAGANA}]+")


def is_cjk(text: str) -> bool:
    """True when ``text`` holds at least one Hangul, kana or Han character."""
    return _CJK_CHAR.search(text) is not None


def is_hangul(char: str) -> bool:
    return _HANGUL_CHAR.match(char) is not None


def is_kana(char: str) -> bool:
    return _KANA_CHAR.match(char) is not None


def is_hiragana(text: str) -> bool:
    """True when ``text`` is written in hiragana only (a Japanese word spelled without kanji: ごみ)."""
    return bool(text) and _HIRAGANA_ONLY.fullmatch(text) is not None


def is_han(char: str) -> bool:
    return _HAN_CHAR.match(char) is not None


def count_wide(text: str) -> int:
    """How many characters of ``text`` are CJK or full-width (about one model token each)."""
    return len(_WIDE_CHAR.findall(text))


def cjk_runs(text: str) -> list[str]:
    """The maximal runs of CJK characters in ``text``, in order (no n-gram should span two)."""
    return _CJK_RUN.findall(text)


def bigrams(run: str) -> list[str]:
    """Character bigrams of a run; a one-character run is its own single term.

    Korean attaches particles to words ("환불을", "환불은") and Japanese has no spaces, so whole
    words rarely match; overlapping bigrams of the run do.
    """
    if len(run) < 2:
        return [run] if run else []
    return [run[i:i + 2] for i in range(len(run) - 1)]
