"""Content terms of a sentence: the normalised words judgement and trait detection compare.

English: lower-cased words minus stop words, with a light suffix stemmer ("exceptions" →
"exception", "citing" → "cit"). Korean: words with their trailing particle removed ("계약이라서" →
"계약", "예외로" → "예외"). Japanese (no spaces): runs of kanji or katakana of two or more
characters ("年間契約なので例外として" → "年間契約", "例外"). Numbers are kept (they tell
orders and amounts apart); one-letter words are dropped. The same function serves every
language so a mixed message still yields comparable terms.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_STOP_WORDS = """
a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
few for from further get got had hadn't has hasn't have haven't having he he'd he'll he's her here here's
hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's
me more most mustn't my myself no nor not now of off on once only or other ought our ours ourselves out over
own really same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs
them themselves then there there's these they they'd they'll they're they've this those through to too
under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's
which while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours
yourself yourselves yes yeah oh hey hi hello thanks thank please also like just so well okay ok lot lots
much many thing things really actually pretty even still yet one two three time times way day days week
weeks month months year years ago last next today yesterday tomorrow since again always ever never
want wanted need needed would could should might may must shall can will go going gone went get getting
make made take took see saw say said tell told know knew think thought feel felt look looked come came
"""
_STOP = frozenset(_STOP_WORDS.split())
_KO_STOP = frozenset(["때문", "지난번", "그래서", "그리고", "하지만", "그런데", "정말", "진짜", "너무",
                      "이번", "저번", "혹시", "감사", "안녕",
                      "지금", "오늘", "어제", "내일", "그냥", "제가", "저는", "우리"])
_KO_PARTICLES = (
    "이라서", "라서", "이니까", "니까", "에서는", "에게서", "으로는", "에서", "에게", "한테", "께서", "으로", "로서",
    "부터", "까지", "처럼", "보다", "이라고", "라고", "하고", "이랑", "랑", "은", "는", "이", "가", "을", "를", "에",
    "로", "와", "과", "도", "만", "의", "요",
)
_KO_VERB_ENDINGS = re.compile(
    r"(?:해\s*주세요|주세요|했어요|했습니다|합니다|해요|하고|했는데|인데|입니다|이에요|예요|어요|아요|습니다|니다|세요|"
    r"해서|하는|할|해|었|았|였|하다|한다|했다|다)$"
)
_EN_WORD = re.compile(r"[a-z][a-z'\-]*[a-z]|[a-z]|\d+(?:[.,]\d+)*%?")
_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]+")
_JA_RUN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]{2,}|[\u30a0-\u30ff\u30fc]{2,}")


@lru_cache(maxsize=20_000)
def normalise(text: str) -> str:
    """NFKC, lower case, whitespace collapsed: the form texts are compared in.

    Cached: judgement compares every candidate with the same neighbours, and a long message's fact
    normalised again for each of its hundreds of sentences made extraction quadratic in its length.
    """
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip().lower()


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """A light English stemmer: plural, -ing, -ed, -ly, -ies; enough to match inflections."""
    for suffix, replacement in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("edly", ""), ("ed", ""), ("ly", ""),
                                ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: len(word) - len(suffix)] + replacement
    return word


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
        elif len(word) > 1 and word not in _STOP:
            found.append(stem(word))
    for word in _HANGUL_WORD.findall(text):
        word = _strip_korean(word)
        if len(word) >= 2 and word not in _KO_STOP:
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


_QUERY_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*|[^\sA-Za-z0-9]+")


def search_query(question: str) -> str:
    """A question as search words: English stop and question words dropped, everything else kept as typed.

    BM25 gives "what", "did", "feel" or "think" weight wherever they are rare, which ranks chatty
    turns over the ones that answer; dropping them is query-side only (the index keeps every
    word), and Korean/Japanese text passes through for the n-gram analyzer. If nothing would
    remain, the question is returned unchanged.
    """
    kept = []
    for token in _QUERY_WORD.findall(question):
        if token[0].isascii() and token[0].isalnum():
            if token.lower().strip("'") in _STOP:
                continue
        elif not any(ch.isalnum() for ch in token):
            continue  # punctuation is never query syntax
        kept.append(token)
    return " ".join(kept) if kept else question
