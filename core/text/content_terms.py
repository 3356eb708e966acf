"""Content terms of a sentence: the normalised words judgement, traits and know-how compare.

English: lower-cased words minus stop words, with the light suffix stemmer ("exceptions" →
"exception", "citing" → "cit"). Korean: words with their trailing particle removed ("계약이라서" →
"계약", "예외로" → "예외"). Japanese (no spaces): runs of kanji or katakana of two or more
characters ("年間契約なので例外として" → "年間契約", "例外"), and words written in hiragana where a
word starts ("ごみの日は火曜日です" → "ごみ", "火曜日"; see ``_hiragana_words``). Numbers are kept (they tell
orders and amounts apart); one-letter words are dropped. The same function serves every
language so a mixed message still yields comparable terms.

``search_query`` is the query side of search: a question with its stop and question words dropped.
"""

from __future__ import annotations

from functools import lru_cache

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES, HIRAGANA, KATAKANA
from mem.core.text.normal_form import normalise
from mem.core.text.pattern import lazy
from mem.core.text.stemmer import stem
from mem.core.text.stopwords import (
    CONVERSATION,
    JAPANESE_FUNCTION_WORDS,
    JAPANESE_LEADING_WORDS,
    KOREAN_CONVERSATION,
)

_KO_PARTICLES = (
    "이라서", "라서", "이니까", "니까", "에서는", "에게서", "으로는", "에서", "에게", "한테", "께서", "으로", "로서",
    "부터", "까지", "처럼", "보다", "이라고", "라고", "하고", "이랑", "랑", "은", "는", "이", "가", "을", "를", "에",
    "로", "와", "과", "도", "만", "의", "요",
)
_KO_VERB_ENDINGS = lazy(
    r"(?:해\s*주세요|주세요|했어요|했습니다|합니다|해요|하고|했는데|인데|입니다|이에요|예요|어요|아요|습니다|니다|세요|"
    r"해서|하는|할|해|었|았|였|하다|한다|했다|다)$"
)
_EN_WORD = lazy(r"[a-z][a-z'\-]*[a-z]|[a-z]|\d+(?:[.,]\d+)*%?")
_HANGUL_WORD = lazy(f"[{HANGUL_SYLLABLES}]+")
# Kanji runs and katakana runs (the prolonged sound mark ー is inside \u30a0-\u30ff); hiragana is
# grammar (particles, endings), so it separates terms.
_JA_RUN = lazy(f"[{HAN}]{{2,}}|[\u30a0-\u30ff]{{2,}}")
# A run of hiragana: a kanji or katakana just before makes it that word's ending or particle
# ("出せますか", "返品は"); anything else before it (the start, punctuation, a space) starts a word.
_HIRAGANA_RUN = lazy(f"[{HIRAGANA}]+")
_WRITTEN_ON = lazy(f"[{HAN}{KATAKANA}々]+")
# Particles that end a noun phrase, longest first; "で" of the copula and of "can" (です, でした,
# できます) is no particle.
_JA_PARTICLE = "(?!です|でし|でき)(?:から|まで|より|だけ|など|[はがをにでのともへや])"
_PARTICLE = lazy(_JA_PARTICLE)
# a particle and the one that may stack on it ("には", "とも", "への", "のは", "のが"), never more: "とで"
# would eat the で of "でんわ"
_PARTICLES = lazy(f"(?:{_JA_PARTICLE})(?:(?<=の)(?!です|でし|でき)[はがをにでも]|[はもの])?")
# What a verb or adjective in hiragana ends or is made with (past, te-form, dictionary -ru, polite,
# negative, "want to", passive, causative, "please"): such a stretch is a verb before a particle, not a noun.
_JA_INFLECTED = lazy("(?:[ただてでる]|なかっ|たい|たかっ|られ|させ)$|ます|まし|ませ|です|でし|ない|ござい|くださ")
# A function word where a word would start: a leading one (この, とても) as it stands, any other only
# whole — before a particle or at the end of the run ("こと" in "ことが", not in "ことば").
_FUNCTION_WORD = lazy(
    "(?:" + "|".join(sorted(JAPANESE_FUNCTION_WORDS, key=len, reverse=True)) + f")(?={_JA_PARTICLE}|$)"
    "|(?:" + "|".join(sorted(JAPANESE_LEADING_WORDS, key=len, reverse=True)) + ")")


def terms(text: str) -> list[str]:
    """The content terms of ``text`` in order of appearance, duplicates removed."""
    return list(_terms(text))


@lru_cache(maxsize=50_000)
def _terms(text: str) -> tuple[str, ...]:
    # Judgement compares each candidate with several neighbours, so the same texts recur.
    text = normalise(text)
    found: list[str] = []
    for word in _EN_WORD.findall(text):
        word = word.strip("'-").removesuffix("'s").replace("-", "")  # "e-mail" and "email" are one term
        if word[0].isdigit():
            found.append(word)  # "order 84" and "order 85" are different facts
        elif len(word) > 1 and word not in CONVERSATION:
            found.append(stem(word))
    for word in _HANGUL_WORD.findall(text):
        word = _strip_korean(word)
        if len(word) >= 2 and word not in KOREAN_CONVERSATION:
            found.append(word)
    found.extend(_JA_RUN.findall(text))
    if _HIRAGANA_RUN.search(text):
        found.extend(_hiragana_words(text))
    return tuple(dict.fromkeys(found))


def _hiragana_words(text: str) -> list[str]:
    """Nouns written in hiragana ("ごみ", "ふとん", "おにぎり"): kanji and katakana runs miss them.

    A word starts where a run of hiragana does not continue a kanji or katakana word — at the start,
    after punctuation or a space — or right after a particle ("商品はごみとして" → "ごみ"). It ends
    before the next particle, or with the run when a boundary follows ("ごみ？"); a word running into
    one kanji is a compound with it ("のし紙", "ごみ袋"). A stretch that is a function word
    (``JAPANESE_FUNCTION_WORDS``, ``JAPANESE_LEADING_WORDS``: これ, いつ, とても …) or inflects like a
    verb or an adjective ("すてるのは", "こわしてしまったので") is no term. Two characters at least:
    one hiragana says nothing alone.
    """
    found: list[str] = []
    for match in _HIRAGANA_RUN.finditer(text):
        run, pos = match.group(), 0
        if match.start() and _WRITTEN_ON.match(text[match.start() - 1]):
            # the ending of a kanji or katakana word: a word may start after its particle
            particles = _PARTICLES.match(run)
            if particles is None:
                continue
            pos = particles.end()
        while pos < len(run):
            function = _FUNCTION_WORD.match(run, pos)
            if function is not None:
                pos = _after_particles(run, function.end())
                continue
            particle = _PARTICLE.search(run, pos + 2)
            end = particle.start() if particle is not None else len(run)
            word = run[pos:end]
            inflected = len(word) < 2 or _JA_INFLECTED.search(word) is not None
            if end == len(run):
                written_on = _WRITTEN_ON.match(text, match.end())
                if not inflected:
                    # running into one kanji, a compound with it ("のし紙": 紙 alone is no term); into a
                    # longer kanji or katakana word, which is a term of its own, the word alone
                    # ("さくらホテル": さくら and ホテル)
                    after = written_on.group() if written_on is not None else ""
                    found.append(word + after if len(after) == 1 else word)
                break
            if not inflected:
                found.append(word)
            pos = _after_particles(run, end)
    return found


def _after_particles(run: str, pos: int) -> int:
    particles = _PARTICLES.match(run, pos)
    return particles.end() if particles is not None else pos


def _strip_korean(word: str) -> str:
    word = _KO_VERB_ENDINGS.sub("", word)
    if len(word) < 2:
        return ""  # a bare verb or auxiliary ("주세요", "했어요") carries no topic
    for particle in _KO_PARTICLES:
        if word.endswith(particle) and len(word) - len(particle) >= 2:
            return word[: -len(particle)]
    return word


def similarity(a: str, b: str) -> float:
    """Jaccard overlap of the content terms of two texts (0 when either has none)."""
    ta, tb = set(_terms(a)), set(_terms(b))
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / len(ta | tb)


_QUERY_WORD = lazy(r"[A-Za-z0-9][A-Za-z0-9'\-]*|[^\sA-Za-z0-9]+")


def search_query(question: str, *, stop_words: frozenset[str] = CONVERSATION) -> str:
    """A question as search words: English stop and question words dropped, everything else kept as typed.

    BM25 gives "what", "did", "feel" or "think" weight wherever they are rare, which ranks chatty
    turns over the ones that answer; dropping them is query-side only (the index keeps every
    word), and Korean/Japanese text passes through for the n-gram analyzer. If nothing would
    remain, the question is returned unchanged. ``stop_words``: the words dropped (``CONVERSATION``
    for chat facts; page search passes the shorter ``QUESTION``, where "days" or "after" matter).
    """
    kept = []
    for token in _QUERY_WORD.findall(question):
        if token[0].isascii() and token[0].isalnum():
            if token.lower().strip("'") in stop_words:
                continue
        elif not any(ch.isalnum() for ch in token):
            continue  # punctuation is never query syntax
        kept.append(token)
    return " ".join(kept) if kept else question
