"""Which language a text is written in, Latin-script languages told apart (``written_in``).

``detect_language`` (``mem.core.text.language``) knows three languages by their script: Korean, Japanese
and "everything in Latin letters" (English). A model that rewrites an English policy page in French, or
answers an English question in Spanish, writes in the same script, so the script cannot tell. Grammar can:
every sentence is built with the closed-class words of its language (articles, pronouns, prepositions,
auxiliaries), and those words are few and distinct per language. ``written_in`` counts them for English
and the five Latin-script languages a model most often slips into (French, German, Spanish, Italian,
Portuguese, Dutch); the language with the most wins, English on a tie or when none is found (a short
label, a list of figures). Korean and Japanese are decided by script, as everywhere in mem, and Chinese is
told from Japanese by what only Chinese writes (``mem.core.text.chinese``).

Words shared by several languages' grammar ("de", "a", "en", "in", "die", "van") are left out of every
list, so a proper name or one borrowed phrase ("à la carte", "de facto") cannot outvote the sentence; so
are short words that are also common English ("do", "da", "no", "son", "per", "war", "hat"). A text is
called non-English only when its language counts more than ``MARGIN`` times English's words (one stray
word in an English sentence never outvotes it): "How do refunds work?" stays English, "¿Cuánto tiempo tarda
el reembolso?" is Spanish.
"""

from __future__ import annotations

from mem.core.text.chinese import reads_chinese
from mem.core.text.language import detect_language
from mem.core.text.pattern import lazy

_LISTS: dict[str, str] = {
    "en": """the this that these those is are was were be been being have has had will would shall
        should can could may must not you your our we they their them it its of to for from with within by
        and or but if any all each every after before into only also i my me do does did how what when
        where why who which""",
    "fr": """le la les un une des du au aux ce cet cette ces est sont être été avoir ont vous votre
        vos nous notre nos ils elles leur leurs pour avec dans sur sans mais ou et peut peuvent doit
        doivent pas ne aucun aucune tout tous toute toutes qui que dont sont""",
    "de": """der das den dem des ein eine einen einem einer ist sind wird werden wurde haben
        sie wir ihr ihre unser unsere nicht kein keine und oder aber mit für von zu auf bei nach innerhalb
        können kann muss müssen ich mein meine wann wie warum wo""",
    "es": """el los las un una unos unas del es está están ser sido han usted ustedes su sus
        nuestro nuestra para con sin pero puede pueden debe deben ningún ninguna todo todos toda todas
        que dentro cuánto cuánta cuántos cuántas cómo qué dónde cuándo hay mis tengo puedo también""",
    "it": """il lo gli un una della delle dei degli è sono essere stato hanno voi vostro vostra
        nostro nostra con senza ma può possono deve devono non nessun nessuna tutto tutti tutte che
        entro""",
    "pt": """os uma umas das dos é são ser foi têm você vocês seu sua seus suas nosso
        nossa para com sem mas pode podem deve devem não nenhum nenhuma todo todos toda todas que
        dentro""",
    "nl": """het een is zijn was wordt worden heeft hebben u uw wij ons onze niet geen en of maar
        met voor naar binnen kan kunnen moet moeten alle""",
}
_FUNCTION_WORDS = {lang: frozenset(words.split()) for lang, words in _LISTS.items()}
# a word in two or more lists says nothing about which language it is
_SHARED = frozenset(w for lang, words in _FUNCTION_WORDS.items() for w in words
                    if any(w in other for o, other in _FUNCTION_WORDS.items() if o != lang))
_WORDS = {lang: words - _SHARED for lang, words in _FUNCTION_WORDS.items()}

NAMES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
         "nl": "Dutch", "ko": "Korean", "ja": "Japanese", "zh": "Chinese"}

MARGIN = 2

_WORD = lazy(r"[^\W\d_]+")


def written_in(text: str) -> str:
    """``"en"``, ``"fr"``, ``"de"``, ``"es"``, ``"it"``, ``"pt"``, ``"nl"``, ``"ko"``, ``"ja"`` or ``"zh"`` (Han
    characters as Chinese writes them, ``mem.core.text.chinese``) for ``text``."""
    script = detect_language(text)
    if script == "ja" and reads_chinese(text):
        return "zh"  # Han characters without kana, as Chinese writes them (``mem.core.text.chinese``)
    if script != "en":
        return script
    counts = dict.fromkeys(_WORDS, 0)
    for match in _WORD.finditer(text):
        word = match.group(0).lower()
        for lang, words in _WORDS.items():
            if word in words:
                counts[lang] += 1
    best = max(counts, key=lambda lang: (counts[lang], lang == "en"))
    if counts[best] > MARGIN * counts["en"]:
        return best
    return "en"


def language_name(code: str) -> str:
    """The English name of a language code of ``written_in`` ("fr" → "French")."""
    return NAMES.get(code, code)
