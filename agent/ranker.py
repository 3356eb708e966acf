"""The learned choice of the semantic layer: which page, which sentence, and whether it answers.

"Fuse" mode (``mem.agent.semantic.fused_rule``) decides with hand-set numbers — a page's order is its best
cosine plus ``LEXICAL_WEIGHT`` times the lexical coverage, it answers at ``semantic_threshold`` — each tuned
on one writer's questions. Here the same signals are read as a few named features and weighed by three
small linear models trained on every writer's question set (``scripts/train_policy_qa.py``, checked
leave-one-writer-out; docs/measurements/ask.md, "The learned choice"):

- the **page scorer** orders the candidate pages (``PAGE_FEATURES``);
- the **sentence scorer** picks the sentence to quote within a page (``SENTENCE_FEATURES``);
- the **decision** (logistic) says whether that page's best sentence answers, or "no rule"
  (``DECISION_FEATURES``).

The weights are constants the training script writes into ``mem.agent.ranker_weights`` (``--write``);
scoring is a dot product in plain Python. Nothing here calls the encoder: the cosines come from
``SemanticQuotes``. **No weights are shipped**: measured leave-one-writer-out, the learned choice found
more right pages but not more right sentences at equal honesty (docs/measurements/ask.md, "The learned choice,
measured"), so the engine runs fuse mode; this module is what the training script measures.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from mem.agent.rule_quote import MAX_SENTENCES, RuleQuote, quote_sentences

# the features, by name: the training script and the weights file use these names in this order
PAGE_FEATURES = (
    "cosine",            # the page's best sentence's cosine to the question
    "cosine_gap",        # that cosine minus the best one among the candidate pages (0 for the nearest page)
    "nearest",           # 1 for the page holding the most similar sentence
    "second_cosine",     # the page's second best sentence's cosine (a page about the question has several)
    "coverage",          # the lexical rule's coverage of the question's key terms (0-1, ``choose_rule``)
    "lexical_answers",   # 1 when the lexical rule answers on the page (coverage over one half)
    "lexical_best",      # 1 for the page the lexical rule ranks first among the candidates
    "heading",           # 1 when the page's heading path holds a key term of the question
    "search",            # 1 / (1 + the page's rank in the keyword search); 0 when search did not find it
    "introduction",      # 1 for a document's introduction (what the whole document covers)
)
SENTENCE_FEATURES = (
    "cosine",            # the sentence's cosine to the question
    "cosine_gap",        # minus the page's best sentence's (0 for the best)
    "best",              # 1 for the page's most similar sentence
    "lexical",           # 1 when the lexical rule chose it
    "lexical_first",     # 1 when it is the lexical rule's best sentence
    "words",             # share of the question's content words the sentence holds
    "figure",            # 1 when the question asks how much / long / many … and the sentence holds a number
    "first",             # 1 for the page's first sentence
    "short",             # 1 for a line that is no statement (fewer than four words or eight CJK characters)
)
DECISION_FEATURES = (
    "page_score",        # the page scorer's score of the page
    "sentence_score",    # the sentence scorer's score of the quoted sentence
    "cosine",            # the page's best cosine
    "margin",            # its cosine minus the best cosine of the other candidate pages
    "coverage",          # the lexical coverage
    "lexical_answers",   # the lexical rule answers on it
    "words",             # share of the question's content words the quoted sentence holds
    "figure",            # the question asks for a figure and the quoted sentence holds a number
    "question_words",    # log(1 + the question's content words): a long message is less similar to any rule
)

_DIGIT = re.compile(r"\d")
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@dataclass(frozen=True)
class Linear:
    """A linear score ``bias + Σ weight × feature`` (a logistic model's logit)."""

    weights: tuple[float, ...]
    bias: float = 0.0

    def score(self, features: Sequence[float]) -> float:
        return self.bias + math.fsum(w * x for w, x in zip(self.weights, features, strict=True))


@dataclass(frozen=True)
class Models:
    page: Linear
    sentence: Linear
    decision: Linear  # answers when its logit is at least 0 (probability one half)


@dataclass
class Candidate:
    """One candidate page of one question: its features and its sentences' (the page order kept)."""

    page_id: str
    body: str
    lexical: RuleQuote
    flagged: list[str]
    features: list[float]
    sentences: list[str] = field(default_factory=list)
    sentence_features: list[list[float]] = field(default_factory=list)


@lru_cache(maxsize=1)
def load_models() -> Models | None:
    """The trained weights (``mem.agent.ranker_weights``), or None when the training script wrote none (as
    shipped: the learned choice did not beat fuse mode, docs/ask.md)."""
    try:
        w = importlib.import_module("mem.agent.ranker_weights")
    except ImportError:
        return None
    return Models(page=Linear(tuple(w.PAGE), w.PAGE_BIAS), sentence=Linear(tuple(w.SENTENCE), w.SENTENCE_BIAS),
                  decision=Linear(tuple(w.DECISION), w.DECISION_BIAS))


def words_held(question_words: set[str], sentence_words: set[str]) -> float:
    return len(question_words & sentence_words) / len(question_words) if question_words else 0.0


def is_statement(sentence: str) -> bool:
    return len(sentence.split()) >= 4 or len(_WIDE.findall(sentence)) >= 8


def page_candidates(pages: list[tuple[str, str, RuleQuote, list[str], list[tuple[str, float]], bool]],
                    search_rank: dict[str, int], *, question_words: set[str], asks_figure: bool,
                    sentence_words: dict[str, set[str]] | None = None) -> list[Candidate]:
    """The features of each candidate page and of its sentences.

    ``pages``: (page id, body, lexical rule, flagged sentences, [(quotable sentence, cosine)] in page order,
    whether it is a document's introduction), the pages the semantic layer compared; ``search_rank``: each
    page's rank in the keyword search. ``question_words``: the question's content terms;
    ``sentence_words``: each sentence's (computed here when not given).
    """
    from mem.agent.retrieval import terms

    scored = [p for p in pages if p[4]]
    if not scored:
        return []
    best_of = {p[0]: max(c for _, c in p[4]) for p in scored}
    top = max(best_of.values())
    lexical_top = max(p[2].rank() for p in scored)
    words = sentence_words if sentence_words is not None else {}
    found: list[Candidate] = []
    for page_id, body, lexical, flagged, sims, introduction in scored:
        cosines = sorted((c for _, c in sims), reverse=True)
        best = cosines[0]
        rank = search_rank.get(page_id)
        features = [best, best - top, 1.0 if best == top else 0.0, cosines[1] if len(cosines) > 1 else best,
                    min(lexical.coverage, 1.0), 1.0 if lexical.answers else 0.0,
                    1.0 if lexical.rank() == lexical_top else 0.0, 1.0 if lexical.heading_keys else 0.0,
                    1.0 / (1 + rank) if rank is not None else 0.0, 1.0 if introduction else 0.0]
        chosen = lexical.chosen
        rows = []
        for n, (sentence, cosine) in enumerate(sims):
            if sentence not in words:
                words[sentence] = terms(sentence)
            rows.append([cosine, cosine - best, 1.0 if cosine == best else 0.0, 1.0 if sentence in chosen else 0.0,
                         1.0 if chosen and sentence == chosen[0] else 0.0, words_held(question_words, words[sentence]),
                         1.0 if asks_figure and _DIGIT.search(sentence) else 0.0, 1.0 if n == 0 else 0.0,
                         0.0 if is_statement(sentence) else 1.0])
        found.append(Candidate(page_id=page_id, body=body, lexical=lexical, flagged=flagged, features=features,
                               sentences=[s for s, _ in sims], sentence_features=rows))
    return found


def decision_features(candidate: Candidate, candidates: list[Candidate], page_score: float, sentence: int,
                      sentence_score: float, question_words: int) -> list[float]:
    """The decision's features for ``candidate``'s quoted sentence (index ``sentence``)."""
    others = [c.features[0] for c in candidates if c is not candidate]
    cosine = candidate.features[0]
    row = candidate.sentence_features[sentence]
    return [page_score, sentence_score, cosine, cosine - max(others) if others else 0.0, candidate.features[4],
            candidate.features[5], row[5], row[6], math.log1p(question_words)]


def best_sentences(candidate: Candidate, model: Linear) -> list[tuple[int, float]]:
    """The sentence scorer's order in a page: (index, score), the best first; the earlier of equal scores."""
    scores = [model.score(row) for row in candidate.sentence_features]
    return sorted(((i, score) for i, score in enumerate(scores)), key=lambda item: (-item[1], item[0]))


def best_sentence(candidate: Candidate, model: Linear) -> tuple[int, float]:
    """The sentence scorer's choice in a page: (index, score)."""
    return best_sentences(candidate, model)[0]


def choose(candidates: list[Candidate], models: Models, *, question_words: int,
           threshold: float | None = None) -> dict[str, RuleQuote]:
    """Each candidate page's rule: ordered by the page score (``RuleQuote.fused``), quoting the sentence
    scorer's choice (and the lexical rule's sentences) when the decision says it answers. With ``threshold``
    the decision is fuse mode's instead: the lexical rule answers on the page or its best cosine reaches it."""
    rules: dict[str, RuleQuote] = {}
    page_scores = {c.page_id: models.page.score(c.features) for c in candidates}
    for candidate in candidates:
        page_score = page_scores[candidate.page_id]
        ordered = best_sentences(candidate, models.sentence)
        index, sentence_score = ordered[0]
        lexical = candidate.lexical
        if threshold is not None:
            answers = lexical.answers or candidate.features[0] >= threshold
        else:
            answers = models.decision.score(decision_features(candidate, candidates, page_score, index,
                                                              sentence_score, question_words)) >= 0
        if not answers:
            rules[candidate.page_id] = RuleQuote(coverage=lexical.coverage, heading_keys=lexical.heading_keys,
                                                 fused=page_score)
            continue
        # the scorer's best sentence, the lexical rule's choice, then the scorer's second (the encoder often
        # cannot tell two neighbouring clauses apart): at most three
        second = [candidate.sentences[i] for i, _ in ordered[1:2]]
        wanted = list(dict.fromkeys([candidate.sentences[index], *lexical.chosen, *second]))[:MAX_SENTENCES]
        quote = quote_sentences(candidate.body, wanted, score=candidate.features[0], flagged=candidate.flagged)
        quote.coverage, quote.heading_keys, quote.fused = lexical.coverage, lexical.heading_keys, page_score
        rules[candidate.page_id] = quote
    return rules
