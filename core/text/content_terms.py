"""Content terms of a sentence: the normalised words judgement, traits and know-how compare.

English: lower-cased words minus stop words, with the light suffix stemmer ("exceptions" →
"exception", "citing" → "cit"). Korean: words with their trailing particle removed ("계약이라서" →
"계약", "예외로" → "예외"). Japanese (no spaces): runs of kanji or katakana of two or more
characters ("年間契約なので例外として" → "年間契約", "例外"). Numbers are kept (they tell
orders and amounts apart); one-letter words are dropped. The same function serves every
language so a mixed message still yields comparable terms.

``search_query`` is the query side of search: a question with its stop and question words dropped.
"""

from __future__ import annotations

from functools import lru_cache

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES
from mem.core.text.normal_form import normalise
from mem.core.text.pattern import lazy
from mem.core.text.stemmer import stem
from mem.core.text.stopwords import CONVERSATION, KOREAN_CONVERSATION

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
    return tuple(dict.fromkeys(found))


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
