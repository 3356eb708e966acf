"""Text analysis shared by indexing and querying, so both sides always cut words the same way.

Two analyzers, registered on every open of a customer's index:

- ``mem_words`` (fields ``text`` and ``quotes``): tantivy's simple tokenizer, long-token removal,
  lowercase, English stop words and the English stemmer ("refunds" finds "refund").
- ``mem_cjk`` (fields ``text_cjk`` and ``quotes_cjk``): character 1- and 2-grams over runs of
  Hangul, kana and CJK ideographs only. Korean attaches particles to words ("환불을", "환불은")
  and Japanese has no spaces, so whole-word tokens would never match; bigrams of the run do.
  Latin text is left out of this field to keep it small. Queries use the bigrams of each run, or
  the character itself for a one-character run.
"""

from __future__ import annotations

import re
from typing import Any

from mem.customers.terms import search_query

WORDS = "mem_words"
CJK = "mem_cjk"

_CJK_RUN = re.compile(
    "[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+"
)
_MAX_QUERY_TERMS = 64


def build(tantivy: Any) -> dict[str, Any]:
    """The analyzers by name, built with the given ``tantivy`` module (imported lazily by callers)."""
    words = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(40))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.stopword("english"))
        .filter(tantivy.Filter.stemmer("english"))
        .build()
    )
    cjk = tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.ngram(1, 2, False)).filter(tantivy.Filter.lowercase()).build()
    return {WORDS: words, CJK: cjk}


def cjk_runs(text: str) -> list[str]:
    """The runs of CJK characters in ``text``, each indexed as its own value (no n-gram spans two)."""
    return _CJK_RUN.findall(text)


def query_terms(analyzers: dict[str, Any], query: str) -> tuple[list[str], list[str]]:
    """(word terms, CJK n-gram terms) of a user query, deduplicated, in order, capped.

    English stop and question words are dropped first (``mem.customers.terms.search_query``),
    unless nothing else would remain.

    The analyzers see the query as plain text, never as query syntax, so punctuation such as
    ``"``, ``:`` or ``(`` cannot make parsing fail.
    """
    # English question and filler words ("what", "did", "think", "ago") would weigh wherever they
    # are rare and rank chatty facts first; the index keeps them, only the query drops them.
    words = _dedupe(analyzers[WORDS].analyze(search_query(query)))
    grams: list[str] = []
    for run in cjk_runs(query):
        if len(run) == 1:
            grams.append(run.lower())
        else:
            grams.extend(g for g in analyzers[CJK].analyze(run) if len(g) == 2)
    return words[:_MAX_QUERY_TERMS], _dedupe(grams)[:_MAX_QUERY_TERMS]


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
