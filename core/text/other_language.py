"""Sentences in a language mem has no rules for: Arabic, Hebrew, Thai, Turkish, Vietnamese, German, …

``detect_language`` knows English, Korean and Japanese; any other text is "en" to it, and extraction then read it
with the English tests, which count ASCII words and look for "I", "my" or a capitalised name. An Arabic, Hebrew or
Thai statement has no ASCII word ("انتقلت إلى دبي الشهر الماضي": no content, no fact), a Turkish or Vietnamese
one no English subject ("Geçen hafta İstanbul'a taşındım": "says nothing of the customer's own"): the message was
read, counted as extracted, and gave nothing — silently.

``reads_as_other_language`` tells such a sentence by what it lacks: it holds a letter outside ASCII and not one
English grammar word (the closed class ``language`` counts: articles, pronouns, auxiliaries, prepositions),
which no English sentence of four words goes without, while a name or a loanword with an accent ("Zürich",
"café") comes inside English grammar. mem cannot read the structure of those sentences, so it keeps what they
state (``has_content``: four words, two words and a number, or a run of twelve letters of a script written
without spaces — Thai, Lao, Khmer, Myanmar, Tibetan) rather than judge it by English rules it cannot apply.
"""

from __future__ import annotations

import unicodedata

from mem.core.text.cjk import is_cjk
from mem.core.text.language import english_grammar_word
from mem.core.text.pattern import lazy

# A word: letters (any script) and combining marks, up to 20 per try (a longer word is read in pieces), with one
# apostrophe part ("İstanbul'a": Turkish suffixes follow a name after an apostrophe; "a" there is no article).
_WORD = lazy(r"[^\W\d_]{1,20}(?:['’][^\W\d_]{1,20})?")
# Scripts written without spaces between words: Thai, Lao, Tibetan, Myanmar, Khmer.
_UNSPACED_RUN = lazy("[\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff]{12}")
MIN_WORDS = 4
# a number of three digits or more (an order, an amount, a postcode, a year) with two words around it states something
_NUMBER = lazy(r"\d{3}")


# a typographic apostrophe (a phone's keyboard types "didn’t", "that’s") is no letter of another language
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def reads_as_other_language(text: str) -> bool:
    """Whether ``text`` is neither English nor Korean/Japanese: a non-ASCII letter and no English grammar word."""
    text = text.translate(_APOSTROPHES)
    if text.isascii() or is_cjk(text):
        return False
    words = _WORD.findall(text)
    if not any(not word.isascii() for word in words) and not _UNSPACED_RUN.search(text):
        return False  # only ASCII words: read as English (its tests do not depend on accents)
    return not any(english_grammar_word(word) for word in words)


def has_content(text: str) -> bool:
    """Whether a sentence of another language states something: four words, two and a number ("رقم طلبي 48213": my
    order number 48213), or a long run of an unspaced script."""
    words = len(_WORD.findall(text))
    return words >= MIN_WORDS or words >= 2 and _NUMBER.search(text) is not None \
        or _UNSPACED_RUN.search(text) is not None


def mostly_outside_ascii(text: str) -> bool:
    """Whether half the words of ``text`` or more hold a letter outside ASCII (an Arabic, Thai, Turkish or Vietnamese
    sentence; not a signature line with one accented name, "Chloe Adeyemi (née Barnard)", nor "Tak, po polsku
    proszę" after an English message)."""
    if _UNSPACED_RUN.search(text):
        return True
    words = _WORD.findall(text)
    return bool(words) and 2 * sum(1 for word in words if not word.isascii()) >= len(words)


def script_name(text: str) -> str:
    """The script of the first letter outside ASCII in ``text`` ("Arabic", "Thai", "Hebrew", "Cyrillic", "Latin"
    for Turkish or Vietnamese…), as Unicode names it; "another language" when no letter has a name. A script, not
    a language: mem reads none of these, so it can name only what it sees."""
    for char in text:
        if not char.isascii() and char.isalpha():
            name = unicodedata.name(char, "")
            if name:
                return name.split()[0].capitalize()
    return "another language"


def unscreened_language(text: str) -> str:
    """The script of ``text`` when extraction keeps it as a statement in a language the injection screen does not
    read (``reads_as_other_language`` and ``has_content``: not English, Korean, Japanese or Chinese, and saying
    something), else "" — the screen (``mem.core.instructions``) knows English, Korean, Japanese and the direct
    override in Chinese, German, French and Spanish (``SCREENED_LATIN``), so an order to the AI written in Arabic or
    Thai passes it unseen, and a fact of such words is marked *unscreened*. A name or a word alone ("Kraków", "Chloé
    Müller") states nothing and is not marked. ``text`` is read in NFKC, as the screen reads it: a code in full-width
    letters ("ＲＰ－２０９３") is ASCII."""
    text = unicodedata.normalize("NFKC", text)
    if not (reads_as_other_language(text) and has_content(text)):
        return ""
    from mem.core.text.written_in import written_in

    if written_in(text) in SCREENED_LATIN:
        return ""  # German, French, Spanish: the screen has override rules of their own (core/instructions/void_rules)
    return script_name(text)


# Latin-script languages the screen has rules for — the override ("ignoriere die Anweisungen", "ignorez les
# instructions", "olvida las reglas": ``mem.core.instructions.void_rules``), as it has for Chinese: screened
SCREENED_LATIN = frozenset({"de", "fr", "es"})
