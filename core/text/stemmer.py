"""A light English suffix stemmer for pure-Python term comparison.

Search uses tantivy's Snowball stemmer (``mem.core.text.analyzer``); judgement, traits and
know-how signatures compare sets of words many thousand times per extraction, where this
dictionary-free, cached stemmer is enough to match inflections ("exceptions" → "exception",
"refunds" → "refund", "citing" → "cit").
"""

from __future__ import annotations

from functools import lru_cache

_SUFFIXES = (("ies", "y"), ("sses", "ss"), ("ing", ""), ("edly", ""), ("ed", ""), ("ly", ""), ("es", ""), ("s", ""))


@lru_cache(maxsize=50_000)
def stem(word: str, *, min_stem: int = 3) -> str:
    """``word`` without its inflection suffix: plural, -ing, -ed, -ly, -ies → -y.

    ``min_stem``: the shortest stem left (3 by default; know-how signatures use 4, so short words
    such as "uses" or "bed" stay whole there).
    """
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= min_stem and not word.endswith("ss"):
            return word[: len(word) - len(suffix)] + replacement
    return word
