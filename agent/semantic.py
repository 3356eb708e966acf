"""Semantic rule quoting: the policy sentence closest in meaning to the question, with the lexical rule.

Customers paraphrase ("Can I send back a couch I bought two weeks ago?" against "Furniture may be
returned within 30 days"), and the lexical rule quote (``mem.agent.rule_quote``) needs shared words.
When the sentence encoder of the ``semantic`` extra is installed (``mem.core.text.encoder``) and
``[ask] semantic`` is ``auto``, the deterministic engine works in "fuse" mode (docs/ask.md):

- the question is embedded as a query; every sentence of every policy page written in the question's
  language is a passage "<page title>: <sentence>" (its vector comes from the cache, ``VectorCache``);
- a page's candidate is its best sentence that may be quoted (never one lint's detector flagged or one
  addressed to an AI, never a sub-heading line) by the question adapter's score (``mem.agent.adapter``:
  the question's vector mapped by a learned ``A = I + U Wᵀ`` before the dot product; without an adapter,
  the cosine);
- pages are ordered by their most similar quotable sentence's cosine (the encoder's own: measured, the
  adapter put the right page first less often) plus ``LEXICAL_WEIGHT`` times the lexical rule's coverage of
  the question and ``SEARCH_WEIGHT`` times the page's keyword-search score over the best page's (the whole
  page's words, not one sentence's: ``fused_rule``), and the first page alone decides: its rule answers when
  the lexical choice answers on it or, with the learned decision shipped in the adapter's file (``mem.agent.decision``,
  ``Retrieval._decide``), when that decision says so — without it, when its candidate's score is at least
  ``semantic_threshold``; otherwise the answer says no rule matches, even when a page further off would answer;
- the quote is the candidate, the lexical choice's sentences, and the page's next most similar sentences
  that are within ``CLOSE`` of the candidate (at most three, in page order; ``close_of``), and beside a quoted
  sentence the next one that says no, when within ``CARVE_OUT`` (``carve_out``: the case the rule leaves out);
- a page in another language than the question is never matched (as in the lexical engine: a
  multilingual model would otherwise match across languages, which the measure found wrong more
  often than right).

On a wiki with more than ``SHORTLIST_PAGES`` policy pages only the policy pages among the keyword
search's hits are compared: reading every page of a large wiki (0.46 s for 1,000 pages) or a second
search would cost more than a whole answer may (bench_ask: ≤ 0.5 s). Each comparison is a 384-term
dot product in plain Python (no numpy at ask time).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mem.agent.rule_quote import MAX_SENTENCES, RuleQuote, page_language, quote_sentences, with_case_rung
from mem.core.text import detect_language

if TYPE_CHECKING:
    from array import array

    from mem.agent.adapter import QuestionAdapter
    from mem.agent.decision import Decision
    from mem.core.config import AskSettings
    from mem.core.text.encoder import Encoder
    from mem.core.text.vectors import VectorCache
    from mem.wiki.page import Page

# More policy pages than this and only the keyword search's pages are compared with the question.
SHORTLIST_PAGES = 80
# The most similar pages that join the keyword search's pages as candidates, answering or not (1, 2 and 3
# measured alike on every part: each costs the lexical choice on one more page).
NEAREST_PAGES = 1
# A page's order among candidates: its best cosine plus this share of the lexical rule's coverage (0-1) —
# the two agree more often than either is right alone. Chosen on held-out 6's odd ids with the four tuning
# parts (docs/measurements/ask.md): 0.01-0.05 measured alike, 0 lost three tuning-part sentences.
LEXICAL_WEIGHT = 0.02
# And this share of the page's keyword-search score over the best page's (0-1, ``Retrieval._search_share``): off.
# Measured at 0.02 in the thirteenth round (docs/ask.md, "The page order"): right pages 81.9 -> 83.8 % over the sets
# leave-one-writer-out, but honest "no rule" fell on every pipeline (a near miss's words draw it to the page about
# its topic, whose best sentence then answers) and right sentences moved inside the spread between writers.
SEARCH_WEIGHT = 0.0
# A next sentence of the page this close in score to its best one is quoted with it: the model cannot tell two
# neighbouring clauses apart more finely (measured on the tuning parts: 0.01-0.03 alike). Every such sentence, not
# only the second (twenty-fifth round: a third as near was left out).
CLOSE = 0.015
# ... and one this close is quoted too, though what the answer states in short is read from the others only: the
# reader sees the clause the model could not tell from the best one, and the verdict is not made less sure by it
# (eighteenth round, chosen on the readable sets' odd ids and checked on the even ones: docs/measurements/ask.md).
QUOTE_CLOSE = 0.03


# How the sentences after the candidate within ``CLOSE`` are quoted: "read" (each is quoted and read for the "in
# short", at most ``MAX_SENTENCES`` in all) or "shown" (the first is read, the others only quoted). Measured in the
# twenty-fifth round (docs/measurements/ask.md).
CLOSE_MODE = "read"

# A carve-out beside the quoted rule: the page's sentence right after a quoted one that states the negative case
# ("Monthly terms do not get reminders." after "We e-mail renewal reminders … before a term of 12 months or longer
# renews") is quoted with it when its adapter score is within this of the candidate's; None: never. Twenty-seventh
# round (docs/measurements/ask.md, "the right sentence").
CARVE_OUT: float | None = 0.045
# ... "shown" (quoted, the "in short" read without it) or "read" (quoted and read)
CARVE_MODE = "shown"


def carve_out(body: str, quoted: list[str], match: Match, *, flagged: list[str] | None = None) -> str | None:
    """The sentence of ``body`` right after one of ``quoted`` that says no (a negation) and that the adapter scores
    within ``CARVE_OUT`` of ``match``'s candidate: the case the quoted rule leaves out, the best one. None when
    there is none, or without the adapter's scores."""
    if CARVE_OUT is None or match.score is None or not quoted:
        return None
    from mem.agent.rule_quote import _NEGATION, quotable

    # the sentences near enough that say no, first: most pages have none, and then the page is not split again
    scores = {sentence: value for value, sentence in match.following
              if value >= match.score - CARVE_OUT and sentence not in quoted and _NEGATION.search(sentence)}
    if not scores:
        return None
    candidates = quotable(body, flagged)
    at = {sentence: n for n, sentence in enumerate(candidates)}
    best: tuple[float, str] | None = None
    for sentence in quoted:
        n = at.get(sentence)
        if n is None or n + 1 >= len(candidates):
            continue
        after = candidates[n + 1]
        value = scores.get(after)
        if value is None:
            continue
        if best is None or value > best[0]:
            best = (value, after)
    return best[1] if best else None


def close_of(score: float, following: list[tuple[float, str]] | tuple[tuple[float, str], ...]
             ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sentences quoted with a candidate of adapted ``score``, from the page's next ones (``following``: (score,
    sentence), best first): ``close``, read with it, and ``shown``, quoted only.

    Every next sentence within ``CLOSE`` of the candidate is one the encoder cannot tell from it (two price lines of
    two columns, two rungs of one ladder): not only the first. Then the first after them within ``QUOTE_CLOSE``.
    """
    near: list[str] = []
    for value, sentence in following[:MAX_SENTENCES - 1]:
        if value < score - CLOSE:
            break
        near.append(sentence)
    rest = following[len(near):len(near) + 1]
    nearly = [sentence for value, sentence in rest if value >= score - QUOTE_CLOSE and len(near) < MAX_SENTENCES - 1]
    if CLOSE_MODE == "read":
        return tuple(near), tuple(nearly)
    return tuple(near[:1]), tuple(near[1:2]) if near else tuple(nearly)


@dataclass(frozen=True)
class Match:
    """A page's most similar quotable sentence for one question."""

    page_id: str
    sentence: str
    similarity: float  # the encoder's own cosine of the page's most similar quotable sentence: orders the pages
    close: tuple[str, ...] = ()  # the page's next best sentence, when within ``CLOSE`` of this one
    # the page's next best sentence when within ``QUOTE_CLOSE`` of this one but not ``CLOSE``: quoted, not read
    shown: tuple[str, ...] = ()
    # with the question adapter (``mem.agent.adapter``): its score of ``sentence``, the page's best by it, which
    # decides whether the rule answers; None without an adapter (``similarity`` decides, and names the sentence)
    score: float | None = None

    # the adapter's share of the page's order (``QuestionAdapter.page_blend``): 0 orders by the cosine alone
    blend: float = 0.0
    # the page's sentences after ``sentence`` by the same score, best first, not yet checked for quoting: the
    # answer-or-abstain decision reads the next quotable one's score (``mem.agent.decision``) of the first page only
    following: tuple[tuple[float, str], ...] = field(default=(), repr=False, compare=False)

    @property
    def decides(self) -> float:
        """What is compared with the threshold: the adapter's score, or the cosine without an adapter."""
        return self.similarity if self.score is None else self.score

    @property
    def orders(self) -> float:
        """What orders the pages (with the lexical coverage, ``fused_rule``): the cosine, blended with the
        adapter's score by the share its training chose."""
        if self.score is None or not self.blend:
            return self.similarity
        return (1.0 - self.blend) * self.similarity + self.blend * self.score


class SemanticQuotes:
    """The semantic choice for the questions of one process (vectors of the question and the cache)."""

    def __init__(self, *, encoder: Encoder, cache: VectorCache, threshold: float,
                 adapter: QuestionAdapter | None = None) -> None:
        self.encoder = encoder
        self.cache = cache
        self.threshold = threshold
        # the question adapter (``mem.agent.adapter``): the question's vector is mapped before every comparison
        self.adapter = adapter
        self._queries: dict[str, array] = {}
        self._adapted_queries: dict[str, array] = {}
        self._page_vectors: dict[tuple[str, str], list[tuple[str, array]]] = {}
        self.failed = False  # the engine returned an error once: lexical from then on
        # the learned choice (``mem.agent.ranker``) in place of the hand-set fuse when its weights exist;
        # False keeps "fuse" mode (the training script measures both)
        self.learned = True
        self._similar: dict[tuple[str, str, str], list[tuple[str, float]]] = {}  # (query, page id, body) → cosines

    @classmethod
    def open(cls, settings: AskSettings, cache_dir: Path | None) -> SemanticQuotes | None:
        """The semantic layer per ``settings``, or ``None`` (off, or the encoder is not installed here);
        its vector cache in ``cache_dir`` (the service memory's ``cache_dir()``), or in memory when None."""
        if settings.semantic == "off":
            return None
        # imported here: with the layer off, `mem ask` loads neither ctypes nor sqlite3
        from mem.core.text.encoder import load
        from mem.core.text.vectors import CACHE_FILE, VectorCache

        encoder = load()
        if encoder is None:
            return None
        cache = VectorCache(cache_dir / CACHE_FILE if cache_dir is not None else None)
        return cls(encoder=encoder, cache=cache, threshold=settings.semantic_threshold, adapter=_adapter())

    def matches(self, query: str, pages: list[Page], may_quote: Callable[[Page, str], bool]) -> dict[str, Match]:
        """Each page written in the query's language → its most similar sentence that ``may_quote``."""
        from mem.core.text.encoder import EncoderError, cosine

        language = detect_language(query)
        pages = [page for page in pages if page_language(str(page.body)) == language]
        if not pages or self.failed:
            return {}
        try:
            question = self._query(query)
            adapted = self._adapted(query)
            vectors = self._vectors(pages)
        except EncoderError:
            self.failed = True
            return {}
        found: dict[str, Match] = {}
        for page in pages:
            ordered = [(sentence, cosine(question, vector)) for sentence, vector in vectors[page.id]]
            self._similar[(query, str(page.id), str(page.body))] = ordered
            by_cosine = sorted(((similarity, sentence) for sentence, similarity in ordered), key=lambda item: -item[0])
            # the best sentence that may be quoted: checking is costly (the injection detector), so only as
            # far down the page's list as needed; the next one when close to it, unchecked (the quote leaves
            # out a sentence that may not be quoted, ``quote_sentences``)
            best = next((similarity for similarity, sentence in by_cosine if may_quote(page, sentence)), None)
            if best is None:
                continue
            # with the adapter its score picks the sentence and decides; the pages are ordered by the encoder's
            # cosine blended with it by the share its file carries (``Match.orders``; 0.8 shipped since the
            # twenty-sixth round, docs/ask.md)
            scored = by_cosine if self.adapter is None else sorted(
                ((cosine(adapted, vector), sentence) for sentence, vector in vectors[page.id]),
                key=lambda item: -item[0])
            for n, (score, sentence) in enumerate(scored):
                if may_quote(page, sentence):
                    close, shown = close_of(score, scored[n + 1:])
                    found[page.id] = Match(page_id=str(page.id), sentence=sentence, similarity=best, close=close,
                                           shown=shown,
                                           score=None if self.adapter is None else score,
                                           blend=0.0 if self.adapter is None else self.adapter.page_blend,
                                           following=tuple(scored[n + 1:]))
                    break
        return found

    @property
    def decision(self) -> Decision | None:
        """The learned answer-or-abstain decision shipped with the adapter (``mem.agent.decision``), or None."""
        return self.adapter.decision if self.adapter is not None else None

    @property
    def score_shift(self) -> float:
        """What the decision adds to a candidate's adapted score: the trained threshold minus the configured one.
        ``semantic_threshold`` keeps its meaning of "how high the adapted score must be": a setting 0.01 above
        the trained value asks the score to be 0.01 higher for the same answer (docs/ask.md)."""
        return self.adapter.threshold - self.threshold if self.adapter is not None else 0.0

    def similarities(self, query: str, pages: list[Page]) -> dict[str, list[tuple[str, float]]]:
        """Each page → (sentence, cosine to ``query``) for its sentences in page order (sub-headings left out);
        empty when the encoder failed."""
        from mem.core.text.encoder import EncoderError, cosine

        todo = [page for page in pages if (query, str(page.id), str(page.body)) not in self._similar]
        if todo and not self.failed:
            try:
                question = self._query(query)
                vectors = self._vectors(todo)
            except EncoderError:
                self.failed = True
                return {}
            for page in todo:
                self._similar[(query, str(page.id), str(page.body))] = [
                    (sentence, cosine(question, vector)) for sentence, vector in vectors[page.id]]
        if self.failed:
            return {}
        return {str(page.id): self._similar[(query, str(page.id), str(page.body))] for page in pages}

    def _query(self, query: str) -> array:
        if query not in self._queries:
            self._queries[query] = self.encoder.query(query)
        return self._queries[query]

    def _adapted(self, query: str) -> array:
        """The question's vector mapped by the adapter; its own vector when there is none."""
        if self.adapter is None:
            return self._query(query)
        if query not in self._adapted_queries:
            self._adapted_queries[query] = self.adapter.apply(self._query(query))
        return self._adapted_queries[query]

    def _vectors(self, pages: list[Page]) -> dict[str, list[tuple[str, array]]]:
        """Every page's (sentence, vector) pairs, sub-headings left out; missing vectors made in one batch."""
        from mem.core.text.vectors import page_passages

        wanted: dict[str, list[tuple[str, str]]] = {}
        for page in pages:
            key = (str(page.id), str(page.body))
            if key not in self._page_vectors:
                wanted[page.id] = page_passages(str(page.title), str(page.body))
        texts = [text for pairs in wanted.values() for _, text in pairs]
        if texts:
            made = iter(self.cache.vectors(texts, self.encoder.passages))
            for page in pages:
                if page.id in wanted:
                    self._page_vectors[(str(page.id), str(page.body))] = [
                        (sentence, next(made)) for sentence, _ in wanted[page.id]]
        return {page.id: self._page_vectors[(str(page.id), str(page.body))] for page in pages}


def _adapter() -> QuestionAdapter | None:
    """The shipped question adapter when it was trained for this encoder's vectors (``MODEL_ID``), else None."""
    from mem.agent.adapter import shipped
    from mem.core.text.encoder import MODEL_ID

    adapter = shipped()
    return adapter if adapter is not None and adapter.model == MODEL_ID else None


def fused_rule(body: str, lexical: RuleQuote, match: Match | None, *, threshold: float,
               flagged: list[str] | None = None, answers: bool | None = None, search: float = 0.0) -> RuleQuote:
    """A page's rule from both engines: ``lexical`` (``choose_rule``'s) and ``match`` (its most similar sentence).

    Its ``fused`` score — the similarity plus ``LEXICAL_WEIGHT`` times the lexical coverage plus
    ``SEARCH_WEIGHT`` times ``search`` (the page's keyword-search score over the best page's, 0-1) — orders the
    pages. It answers when the lexical choice does or the similarity reaches ``threshold``: the lexical
    engine's coverage rule is sure of questions that use the policy's words, the encoder of paraphrases.
    The quote: the most similar sentence, the lexical choice's, then the next most similar when close.
    ``answers``: whether it answers, decided elsewhere (the learned decision, ``Retrieval._decide``).
    """
    similarity = match.orders if match is not None else 0.0
    fused = similarity + LEXICAL_WEIGHT * min(lexical.coverage, 1.0) + SEARCH_WEIGHT * search
    if answers is None:
        answers = lexical.answers or (match is not None and match.decides >= threshold)
    if not answers:
        return RuleQuote(coverage=fused, heading_keys=lexical.heading_keys, fused=fused)
    wanted = [match.sentence, *lexical.chosen, *match.close] if match is not None else lexical.chosen
    # the rung of a ladder of rules that holds the customer's own case, when the chosen ones speak of other cases
    wanted = with_case_rung(lexical.question, list(dict.fromkeys(wanted))[:MAX_SENTENCES],
                            [sentence for _, sentence in match.following] if match is not None else [])
    quote = quote_sentences(body, wanted,
                            score=match.decides if match is not None else 0.0, flagged=flagged)
    shown = [s for s in (match.shown if match is not None else ()) if s not in wanted]
    if shown and quote.sentences and len(wanted) < MAX_SENTENCES:
        # the next most similar sentence, nearly as close: quoted with the others, the "in short" read without it
        quote.sentences = quote_sentences(body, wanted + shown[:1], score=quote.score, flagged=flagged).sentences
    carved = carve_out(body, quote.sentences, match, flagged=flagged) if match is not None else None
    if carved is not None:
        # the case the quoted rule leaves out, beside it: quoted with it, read or not by ``CARVE_MODE``
        more = quote_sentences(body, [*wanted, *shown[:1], carved], score=quote.score, flagged=flagged)
        if CARVE_MODE == "read":
            quote.ranked = [*quote.ranked, carved]
        quote.sentences = more.sentences
    quote.coverage, quote.heading_keys, quote.fused = fused, lexical.heading_keys, fused
    return quote
