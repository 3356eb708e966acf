"""A learned second opinion: logistic regression over hashed n-grams of the normalised sentence.

The rules (``reason``) model the structures of an instruction to the AI one by one; each round of them
reached its tuning set and moved a stranger's next set by a few points. This model reads the same unit
(one sentence, as ``normalise.normalize`` leaves it) and scores how much its words and letters look like
the attacks of every labelled set the project holds (scripts/data/injection_*.jsonl). It is trained by
``scripts/train_injection.py`` — leave-one-writer-out validated, the threshold chosen on the training
folds so clean text stays clean — and shipped as ``learned_weights.bin`` beside this module.

Features (``mem.core.text.hashed``, shared with the slot recogniser), each hashed with ``zlib.crc32``
(deterministic across runs and machines, unlike ``hash()``) into one table: words and pairs of words (digits
read as one shape, a token over 24 characters as one kind: a hash or an id is no evidence); letter 2- to 4-grams
inside CJK runs, where a word boundary is no space (Japanese) or a word carries its particles (Korean); a few
marks of layout (a question, a bracket or colon that opens the sentence); and, for weights trained with them
(header ``classes``), the word classes the rules know (``word_classes``: override, target, the AI, modal, standing
order, grant…, their pairs and neighbours), so a stranger's synonym meets what the training rows taught; and, for
weights trained with them (header ``relations``), who is asked to do what for whom (``relations``: an act and whose
object it is, an authority claimed, a condition on what a user says). The
rules' own verdict is not a feature: the model is a second, independent reading.

Where it is asked: ``customer.customer_reason``, on each sentence of a customer's message no rule flags —
extraction's screening (``customers.screening``). Pages have a model of their own (``page_model``,
``learned_page_weights.bin``; ``scripts/train_injection.py --model page``): the same features, trained with
every sentence of the project's ordinary policy documents as clean text as well — the customer model flagged
page layout (link and label lines, front matter) and handbook rules for staff that the labelled page rows do not
show (docs/lint.md). ``findings.sentence_findings`` asks it (``page_reason``) on each page sentence no rule flags,
so lint, ingest and the agent read one verdict on one unit.

Each set of weights loads once, on its first score (``mem --help`` reads neither).
"""

from __future__ import annotations

import math
from array import array
from functools import lru_cache
from pathlib import Path

from mem.core.instructions.normalise import normalize
from mem.core.instructions.relations import relation_slots
from mem.core.instructions.word_classes import class_slots
from mem.core.text.hashed import CJK_RUN, dump_tables, features, load_tables
from mem.core.text.pattern import lazy

WEIGHTS = Path(__file__).with_name("learned_weights.bin")
PAGE_WEIGHTS = Path(__file__).with_name("learned_page_weights.bin")

__all__ = ["WEIGHTS", "Model", "features", "learned_reason", "learned_score", "model", "sentence_slots"]


class Model:
    """Weights and threshold, as ``scripts/train_injection.py`` wrote them."""

    def __init__(self, weights: list[float] | array[float], bias: float, threshold: float,
                 grams: tuple[int, int], classes: bool = False, relations: bool = False) -> None:
        self.weights = weights
        self.bias = bias
        self.threshold = threshold
        self.grams = grams
        self.classes = classes
        self.relations = relations
        self.dim = len(weights)

    def score(self, sentence: str) -> float:
        """The probability the model gives that ``sentence`` (raw; normalised here) is an instruction to the AI."""
        text = normalize(sentence)
        if not text:
            return 0.0
        weights = self.weights
        z = self.bias + sum(weights[slot] for slot in sentence_slots(text, self.dim, self.grams, self.classes,
                                                                       self.relations))
        return 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0

    def dump(self, path: Path) -> None:
        """A header line (JSON), then the weights as 16-bit integers (one scale), zlib-compressed."""
        header = {"format": 1, "bias": self.bias, "threshold": self.threshold, "grams": list(self.grams),
                  "classes": self.classes}
        if self.relations:  # written only when set: a file without it reads as it always did
            header["relations"] = True
        dump_tables(path, [self.weights], header)

    @classmethod
    def load(cls, path: Path) -> Model:
        header, tables = load_tables(path)
        low, high = header["grams"]
        return cls(tables[0], header["bias"], header["threshold"], (low, high), header.get("classes", False),
                   header.get("relations", False))


def sentence_slots(text: str, dim: int, grams: tuple[int, int], classes: bool, relations: bool = False) -> list[int]:
    """The feature slots of one normalised sentence — training's and scoring's one definition: the hashed words,
    pairs and letter n-grams (``hashed.features``) and, for a model trained with them, the word classes the rules
    know (``word_classes``) and the relations of who is asked to do what for whom (``relations``), each slot once."""
    slots = features(text, dim, grams)
    if not classes and not relations:
        return slots
    extra = set(slots)
    if classes:
        extra.update(class_slots(text, dim))
    if relations:
        extra.update(relation_slots(text, dim))
    return list(extra)


@lru_cache(maxsize=1)
def model() -> Model | None:
    """The shipped model, loaded on first use; None when the weights file is missing (the rules still run)."""
    return Model.load(WEIGHTS) if WEIGHTS.exists() else None


@lru_cache(maxsize=1)
def page_model() -> Model | None:
    """The page model (trained with ordinary pages' sentences as well), loaded on first use; None without its file."""
    return Model.load(PAGE_WEIGHTS) if PAGE_WEIGHTS.exists() else None


def learned_score(sentence: str) -> float:
    """The shipped model's score for one sentence (0 without a weights file)."""
    loaded = model()
    return _score(loaded, sentence) if loaded else 0.0


def learned_reason(sentence: str) -> str | None:
    """The reason the model flags ``sentence`` with, or None under its threshold."""
    loaded = model()
    if loaded is None:
        return None
    value = _score(loaded, sentence)
    return f"reads like an instruction to the AI (learned score {value:.2f})" if value >= loaded.threshold else None


# A wiki link is navigation: "Refund rules: [[refund#window]]." is a label and a link, too few words for a bag of
# words to read an order in (the word "rules" alone weighs toward one). The page model reads a sentence of at least
# four words besides its wiki links — a run of two CJK letters counting as one — and leaves shorter ones to the rules.
PAGE_MIN_WORDS = 4
_WIKI_LINK = lazy(r"\[\[[^\]\n]{0,80}\]\]")
_LATIN_WORD = lazy(r"[^\W\d_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+|\d+")


def page_judges(sentence: str) -> bool:
    """Whether ``sentence`` has words enough, besides its wiki links, for the page model to read it."""
    text = normalize(sentence)
    if "[[" in text:
        text = _WIKI_LINK.sub(" ", text)
    words = len(_LATIN_WORD.findall(text))
    if words < PAGE_MIN_WORDS and not text.isascii():
        words += sum(len(run) for run in CJK_RUN.findall(text)) // 2
    return words >= PAGE_MIN_WORDS


def page_reason(sentence: str) -> str | None:
    """The reason the page model flags one sentence of a page with, or None under its threshold, when it is too
    short to judge (``page_judges``) or without the model."""
    loaded = page_model()
    if loaded is None or not page_judges(sentence):
        return None
    value = _score(loaded, sentence)
    if value < loaded.threshold:
        return None
    return f"reads like an instruction to the AI (learned page score {value:.2f})"


# extraction reads a customer sentence more than once (alone, then beside its neighbours): scored once
@lru_cache(maxsize=4096)
def _score(loaded: Model, sentence: str) -> float:
    return loaded.score(sentence)
