"""Whether the first page's rule answers: a small learned decision in place of one threshold on one score.

Fuse mode used to answer when the lexical choice answered on the first page or its candidate's adapted score
reached ``semantic_threshold``. One number did not separate an answerable paraphrase from a near miss: over a
quarter of answerable questions were told "no rule" while one unanswerable question in five still got a rule
(docs/ask.md, "The answer-or-abstain decision"). The decision is a logistic model over a handful of signals the
engine already has, each named in ``FEATURES``:

- ``score``: the candidate's adapted score (what the threshold compared), moved by the workspace's setting;
- ``cosine``: the encoder's own cosine of the page's most similar quotable sentence;
- ``sentence_margin``: the candidate's score minus the page's next quotable sentence's (a rule stands out);
- ``page_margin``: the first page's order score minus the second page's (the question is about one page);
- ``coverage`` and ``lexical``: the lexical rule's coverage of the question's key units, and whether it answers;
- ``in_page``: the share of the question's content terms the page holds anywhere;
- ``length``: how many content terms the question has (log); ``cjk``: a Korean or Japanese question;
- ``key_terms`` (fourteenth round): the share of the question's content terms the candidate sentence or its page's
  heading holds (the question's own words where the rule is, not anywhere on the page);
- ``agree`` (fourteenth round): whether the lexical choice chose the candidate sentence too (both engines point at
  the same clause);
- ``standout`` (fifteenth round): how far the candidate's score stands above the mean of the question's
  ``NEIGHBOURS`` next most similar sentences of every page compared (the question's neighbourhood in the wiki): a
  near miss is about the wiki's topic, close to many sentences at once; an answerable paraphrase is close to its rule
  more than to the rest. One score reads high or low by the question's wording; its distance to the question's own
  neighbourhood does not.

A decision names the features its weights are for (``names``): one trained before a feature existed still loads
and reads only its own.

It answers when ``bias + Σ weight × (feature − mean) / scale`` reaches ``cut``; ``scripts/train_adapter.py``
fits it (deterministic Newton steps) on the training sets' out-of-fold answers and writes it into the question
adapter's header (``mem.agent.adapter``), as it was trained against that adapter's scores. Plain Python here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

FEATURES = ("score", "cosine", "sentence_margin", "page_margin", "coverage", "lexical", "in_page", "length", "cjk",
            "key_terms", "agree", "standout")
# a margin above this says no more (a page or sentence that far ahead is alone): capped, so one outlier does not
# set the scale; also the margin of a page with no second (sentence or page) to compare with
MARGIN_CAP = 0.05
# the question's neighbourhood: its most similar sentences after the candidate, over every page compared
NEIGHBOURS = 10
# a candidate this far above its neighbourhood is alone (capped as the margins; also the value with no neighbours)
STANDOUT_CAP = 0.1


def features(*, score: float, cosine: float, runner_up: float | None, page_margin: float | None, coverage: float,
             lexical: bool, in_page: float, terms: int, cjk: bool, key_terms: float = 0.0,
             agree: bool = False, standout: float = STANDOUT_CAP) -> list[float]:
    """The decision's inputs, in ``FEATURES`` order."""
    sentence_margin = MARGIN_CAP if runner_up is None else min(score - runner_up, MARGIN_CAP)
    page = MARGIN_CAP if page_margin is None else max(min(page_margin, MARGIN_CAP), -MARGIN_CAP)
    return [score, cosine, sentence_margin, page, min(coverage, 1.0), float(lexical), in_page,
            math.log1p(terms), float(cjk), key_terms, float(agree), standout]


def standout(score: float, neighbours: list[float]) -> float:
    """How far ``score`` stands above the mean of the ``NEIGHBOURS`` highest of ``neighbours`` (the question's
    scores of every other sentence compared), capped at ``STANDOUT_CAP``."""
    import heapq

    near = heapq.nlargest(NEIGHBOURS, neighbours)
    return STANDOUT_CAP if not near else max(min(score - sum(near) / len(near), STANDOUT_CAP), -STANDOUT_CAP)


# The second signal beside the threshold (seventeenth round, ``beside_threshold``): where no learned decision is
# shipped, how far the first page's candidate stands out of the question's neighbourhood (``standout``) moves the
# bar both ways. Of the unanswerable questions that got a rule, nine in ten got it from the lexical choice (its
# coverage rule answers whatever the encoder says), its candidate far under the threshold and no more similar to
# the question than a dozen other sentences of the wiki: a near miss that shares the page's words. And of the
# answerable questions told "no rule", many had their rule just under the threshold, standing out of the rest.
# Chosen leave-one-writer-out on twenty-two writers' sets (docs/measurements/ask.md, "Seventeenth round").
RESCUE_BELOW = 0.03  # a candidate this far under the threshold or less answers when it stands out by ...
RESCUE_STANDOUT = 0.025  # ... this much (the adapter's score over its neighbourhood's mean)
VETO_BELOW = 0.045  # a lexical answer whose candidate is more than this under the threshold says "no rule" when ...
VETO_STANDOUT = 0.0475  # ... the candidate stands out by less than this
# The question's own words in the candidate's clause (twenty-eighth round): a candidate this far under the threshold
# or less answers when its own sentence holds at least ``CLAUSE_TERMS`` of the question's content terms, though it
# does not stand out — an answerable question's rule says what it asks in the words it asks it ("do the prices on
# your list include labour" → "Prices include parts and labor unless marked."), where a near miss is close to the
# page's topic in other words. Chosen on the odd ids of held-out 24–26 and the four tuning parts
# (docs/measurements/ask.md, "Twenty-eighth round: no rule said to answerable questions").
CLAUSE_BELOW = 0.045
CLAUSE_TERMS = 0.5


def beside_threshold(*, score: float, standout: float, lexical: bool, threshold: float, clause: float = 0.0) -> bool:
    """Whether the first page's rule answers by its candidate's adapted ``score`` against ``threshold`` with its
    ``standout`` beside it (``RESCUE_*``, ``VETO_*``): at or over the threshold it answers; a little under it, when
    the candidate stands out of the question's neighbourhood, or when its own sentence holds the share ``clause`` of
    the question's content terms (``CLAUSE_*``); a lexical answer (``lexical``) stands unless the candidate is far
    under the threshold and does not stand out."""
    if score >= threshold:
        return True
    if score >= threshold - RESCUE_BELOW and standout >= RESCUE_STANDOUT:
        return True
    if score >= threshold - CLAUSE_BELOW and clause >= CLAUSE_TERMS:
        return True
    return lexical and not (score < threshold - VETO_BELOW and standout < VETO_STANDOUT)


# a word as the name finder reads it: letters first, then letters, digits, apostrophes or hyphens (one pass, linear)
_NAME_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_SENTENCE_GAP = re.compile(r"[.!?:;|\n\"“”«»]")
# a page's footnote definitions ("[^1]: sources/terms.md, \"Roaming\""): where the page came from, not its text
_FOOTNOTE = re.compile(r"^\[\^[^\]\n]*\]:[^\n]*$", re.M)


def proper_names(text: str) -> frozenset[tuple[str, str]]:
    """The proper names ``text`` writes, lower-cased, each with its own words (those never written in lower case):
    a run of capitalised words that starts after a lower-case word of the same sentence ("… and The Old Ferry
    House", "… at the Alnmouth cottages") and holds a word never written in lower case in ``text`` (nor as part of
    a hyphenated word: "new-for-old") — the whole run ("the old ferry house", its own words "ferry house"). A
    capitalised word at a sentence's start, in a heading, a table's first cell, quotation marks or a page's
    footnotes, or a capitalised common word ("… the Booking Terms" where "booking" is written too) is none."""
    text = _FOOTNOTE.sub("", text)
    words = list(_NAME_WORD.finditer(text))
    lower = {part for m in words if m.group()[:1].islower() for part in m.group().lower().split("-")}
    lower |= {part for m in words if "-" in m.group() for part in m.group().lower().split("-")[1:]}
    found: set[tuple[str, str]] = set()
    i = 0
    while i < len(words):
        if not words[i].group()[:1].isupper():
            i += 1
            continue
        end = i + 1
        while (end < len(words) and words[end].group()[:1].isupper()
               and not text[words[end - 1].end():words[end].start()].strip(" \t")):
            end += 1
        mid = i > 0 and words[i - 1].group()[:1].islower() and not _SENTENCE_GAP.search(
            text, words[i - 1].end(), words[i].start())
        own = [m.group().lower() for m in words[i:end] if m.group().lower() not in lower and not m.group().isupper()]
        if mid and own:
            found.add((" ".join(m.group().lower() for m in words[i:end]), " ".join(own)))
        i = end
    return frozenset(found)


def names_only(asked: set[str], sentence: str, names: frozenset[tuple[str, str]]) -> bool:
    """Whether the only question terms ``asked`` that ``sentence`` holds are the words of one proper name (of
    ``names``, ``proper_names`` of the wiki), one of its own words among them ("new" alone is not "New Year's Day"):
    the sentence is about the place or thing the question names, not about
    what it asks ("fish off the bank at the Old Ferry House?" → "The Old Ferry House stands beside the river; children
    must be supervised"). Two names the question and the sentence share (a product and the company: "leaving
    Brightwave, can I keep my Phone Protect?" → "If your Brightwave agreement ends, your Phone Protect policy ends")
    are a relation the sentence may state: not a name alone."""
    from mem.agent.retrieval import terms

    shared = asked & terms(sentence)
    return bool(shared) and any(shared <= terms(name) and shared & terms(own) for name, own in names)


def key_terms(asked: set[str], sentence: str, heading: str) -> float:
    """The share of the question's content terms ``asked`` that ``sentence`` or its page's ``heading`` holds."""
    from mem.agent.retrieval import terms

    return len(asked & (terms(sentence) | terms(heading))) / len(asked) if asked else 0.0


def agrees(sentence: str, chosen: list[str]) -> bool:
    """Whether the lexical choice's sentences ``chosen`` hold the encoder's candidate ``sentence`` (or it theirs:
    the two engines cut a list item with or without its lead-in)."""
    return any(sentence in other or other in sentence for other in chosen if other)


@dataclass(frozen=True)
class Decision:
    """The logistic decision: ``weights`` over the standardised features ``names`` (``mean``, ``scale``)."""

    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    cut: float  # the logit at or above which the rule answers (chosen on the training folds)
    # the lexical choice's answer stands, the decision deciding only where it says "no rule" (chosen by measure)
    lexical_stands: bool = True
    names: tuple[str, ...] = FEATURES  # the features the weights are for, of ``FEATURES``

    def logit(self, values: list[float]) -> float:
        """The logit of ``values`` (every one of ``FEATURES``, in order); only ``names`` are read."""
        chosen = values if self.names == FEATURES else [values[FEATURES.index(name)] for name in self.names]
        return self.bias + sum(w * (x - m) / s for w, x, m, s in zip(self.weights, chosen, self.mean, self.scale,
                                                                     strict=True))

    def answers(self, values: list[float]) -> bool:
        if self.lexical_stands and values[FEATURES.index("lexical")]:
            return True
        return self.logit(values) >= self.cut

    def to_json(self) -> dict[str, object]:
        return {"features": list(self.names), "weights": list(self.weights), "bias": self.bias,
                "mean": list(self.mean), "scale": list(self.scale), "cut": self.cut,
                "lexical_stands": self.lexical_stands}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Decision | None:
        """The decision a weights header holds; None when it names a feature this version does not compute (then
        the threshold)."""
        names = tuple(str(name) for name in data.get("features") or [])  # type: ignore[attr-defined]
        if not names or not set(names) <= set(FEATURES):
            return None

        def floats(key: str) -> tuple[float, ...]:
            return tuple(float(v) for v in data[key])  # type: ignore[attr-defined]

        return cls(floats("weights"), float(data["bias"]), floats("mean"), floats("scale"),  # type: ignore[arg-type]
                   float(data["cut"]), bool(data.get("lexical_stands", True)), names)  # type: ignore[arg-type]
