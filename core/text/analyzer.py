"""The search analyzer: how fact search and page search cut text into terms, defined once.

Two analyzers, built with tantivy (imported lazily, by whoever calls ``build`` or the helpers):

- ``mem_words``: tantivy's simple tokenizer, long-token removal, lowercase, English stop words
  and the English (Snowball) stemmer — "refunds", "returns", "shipping" find "refund", "return",
  "ship".
- ``mem_cjk``: character 1- and 2-grams over runs of Hangul, kana and Han only. Korean attaches
  particles to words ("환불을", "환불은") and Japanese has no spaces, so whole-word tokens would
  never match; bigrams of the run do. Latin text is left out. Queries use the bigrams of each run,
  or the character itself for a one-character run.

Customer fact search registers both on its tantivy index (fields ``text``/``text_cjk``…); page
search (``mem.wiki.search``) runs the very same analyzers in Python through ``index_terms`` and
``query_terms``, so a query finds a policy page exactly as it would find a fact.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tantivy import TextAnalyzer

from mem.core.text.cjk import cjk_runs
from mem.core.text.content_terms import search_query
from mem.core.text.inflection import without_endings
from mem.core.text.search_form import search_form
from mem.core.text.stopwords import CONVERSATION, QUESTION

WORDS = "mem_words"
CJK = "mem_cjk"

_MAX_QUERY_TERMS = 64


def build(tantivy: ModuleType) -> dict[str, TextAnalyzer]:
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


@lru_cache(maxsize=1)
def analyzers() -> dict[str, TextAnalyzer]:
    """The analyzers of this process, built on first use (this is where tantivy gets imported)."""
    import tantivy

    return build(tantivy)


def split_query(analyzers: dict[str, TextAnalyzer], query: str, *, stop_words: frozenset[str] = CONVERSATION,
                drop_endings: bool = False, cut_glued: bool = False) -> tuple[list[str], list[str]]:
    """(word terms, CJK n-gram terms) of a user query, deduplicated, in order, capped.

    English stop and question words (``stop_words``) are dropped first (``search_query``), unless
    nothing else would remain. ``drop_endings``: the CJK n-grams come from the query's Korean and
    Japanese words without their particles and verb endings (``inflection.without_endings``), unless
    nothing else would remain — customer fact search, where "되나요" must not find every fact that
    holds "…나요". ``cut_glued``: the query in the form the fact index holds (``search_form``: digits glued
    to CJK are a word of their own).

    The analyzers see the query as plain text, never as query syntax, so punctuation such as
    ``"``, ``:`` or ``(`` cannot make parsing fail.
    """
    # English question and filler words ("what", "did", "think", "ago") would weigh wherever they
    # are rare and rank chatty facts first; the index keeps them, only the query drops them.
    # The query is read in the form the index holds (NFC, accents folded: "Zurich" finds "Zürich").
    query = search_form(query, cut_glued=cut_glued)
    words = _dedupe(analyzers[WORDS].analyze(search_query(query, stop_words=stop_words)))
    grams = _grams(analyzers, without_endings(query)) if drop_endings else []
    return words[:_MAX_QUERY_TERMS], (grams or _grams(analyzers, query))[:_MAX_QUERY_TERMS]


def _grams(analyzers: dict[str, TextAnalyzer], query: str) -> list[str]:
    """The CJK n-grams a query looks up: each run's bigrams, or the character of a one-character run."""
    grams: list[str] = []
    for run in cjk_runs(query):
        if len(run) == 1:
            grams.append(run.lower())
        else:
            grams.extend(g for g in analyzers[CJK].analyze(run) if len(g) == 2)
    return _dedupe(grams)


def index_terms(text: str) -> list[str]:
    """Every term the search index holds for ``text``: its word terms, then the 1- and 2-grams of its CJK runs.

    ``text`` is read in its search form (``search_form``: NFC, accents folded), as every query is."""
    built = analyzers()
    text = search_form(text)
    terms = list(built[WORDS].analyze(text))
    for run in cjk_runs(text):
        terms.extend(built[CJK].analyze(run))
    return terms


def query_terms(query: str, *, stop_words: frozenset[str] = QUESTION) -> list[str]:
    """The terms a search for ``query`` looks up (word terms, then CJK bigrams), deduplicated, in order.

    Question words are dropped (``QUESTION`` by default: a question about a policy keeps "days",
    "after" or "week", which chat fact search drops as filler).
    """
    words, grams = split_query(analyzers(), query, stop_words=stop_words)
    return _dedupe(words + grams)


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
