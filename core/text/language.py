"""Which language a text is written in, from its script alone (en / ko / ja).

Script counting is enough for the three languages mem knows and needs no model: Hangul means
Korean, kana means Japanese, Han characters without kana or Hangul are read as Japanese (mem does
not handle Chinese), anything else is English.

Mixed text goes to the script that carries the grammar. Product names, brands and codes are written
in Latin letters inside Korean and Japanese sentences ("Samsung Galaxy S24 환불 돼요?", "iPhone 15
Proを返品できますか"), and a place or product name in CJK turns up inside English ones ("a refund for
the 東京 mug"), so neither letters nor characters decide by their number. What a name never brings
along is grammar: an English sentence has English function words (articles, pronouns, auxiliaries,
prepositions: a closed class), a Korean or Japanese one has its own words around them. The text is
English when its English function words outnumber its CJK words (a run of Hangul, of kana or of
Han characters, which is about a word or a particle-and-word); otherwise the CJK scripts decide
between themselves by their character counts, as before.
"""

from __future__ import annotations

from mem.core.text.cjk import HAN, HANGUL, KANA, is_cjk
from mem.core.text.pattern import lazy

LANGUAGES = ("en", "ko", "ja")

# The closed-class words of English grammar: a sentence cannot be built without some of them, and
# names (of products, brands, places) almost never contain them. Content words are left out on
# purpose: "refund" or "phone" appear as loanwords or names in Korean and Japanese messages too.
_GRAMMAR_WORDS = """
a an the this that these those i me my mine we us our you your he him his she her it its they them their
am is are was were be been being do does did have has had can could will would shall should may might must
to of in on at for from with by about into over after before since until than as if or and but not no
what when where which who whom whose why how there here
"""
_ENGLISH_GRAMMAR = frozenset(_GRAMMAR_WORDS.split())

_HANGUL_RUN = lazy(f"[{HANGUL}]+")
_KANA_RUN = lazy(f"[{KANA}]+")
_HAN_RUN = lazy(f"[{HAN}]+")
_LATIN_WORD = lazy(r"[A-Za-z]+")


def english_grammar_word(word: str) -> bool:
    """Whether ``word`` is one of English's closed-class grammar words (case ignored)."""
    return word.lower() in _ENGLISH_GRAMMAR


def detect_language(text: str) -> str:
    """``"ko"``, ``"ja"`` or ``"en"`` for ``text``, by the script that carries its grammar (module docstring)."""
    if not is_cjk(text):
        return "en"  # the common case, decided by one regex scan
    hangul_runs = _HANGUL_RUN.findall(text)
    kana_runs = _KANA_RUN.findall(text)
    han_runs = _HAN_RUN.findall(text)
    cjk_words = len(hangul_runs) + len(kana_runs) + len(han_runs)
    english = sum(1 for word in _LATIN_WORD.findall(text) if word.lower() in _ENGLISH_GRAMMAR)
    if english > cjk_words:
        return "en"
    hangul = sum(map(len, hangul_runs))
    kana = sum(map(len, kana_runs))
    han = sum(map(len, han_runs))
    if hangul and hangul >= kana + han:
        return "ko"
    return "ja"
