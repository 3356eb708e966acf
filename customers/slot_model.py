"""A learned slot recogniser: which slot a customer's sentence states a value of, where no rule reads one.

The slot rules (``slots.py``) read a value by its wording, one structure at a time; each round of them reached
the writer it was tuned on and moved the next writer's cases by a point or none ("I've set up in Newcastle
now", "料理教室の会員の佐々木美咲です", "please hand it to the concierge from now on"). This model reads the
same unit, one sentence, as the injection detector's second opinion does (``mem.core.text.hashed``: words,
pairs of words and CJK letter n-grams hashed with crc32) and gives a probability to each slot and to "none"
(a softmax). It is trained by ``scripts/train_slots.py`` on the sentences of every update-case file (each file
one writer): the sentence that states a slot's value, old or new, is labelled with the slot, every other
customer sentence "none"; validated leave-one-writer-out (docs/extraction.md, "A learned slot recogniser").

It names a slot, never a value: a fact it places gets ``Slot(name, value, learned=True)`` whose value is the
sentence's content terms, so two such facts compare as different unless they say the same words. Judgement
(``judge._slot_judgement``) lets a later fact in a single-valued slot replace the latest one filling it by rule
or model, and the index gives the fact the slot's question words. The rules still decide first, and what they
keep out stays out: someone else's value, a what-if, a past told as history (``slots._NOT_THEIRS``), a slot said
to stay as it is, a second address added beside the first (``judge.adds_another``).

The weights load once, on the first sentence read (``mem --help`` never reads them); without the file the
rules run alone — and **no weights ship**: validated leave-one-writer-out the model moved the update cases by
three of 737 (held-out 9: 46 → 49 of 72), and in LoCoMo's two-person chat it replaced facts it had misplaced,
R@10 0.702 → 0.695, under the 0.70 floor (docs/extraction.md, "A learned slot recogniser"). The mechanism stays
here, tested with a hand-set model, for a model that helps: ``scripts/train_slots.py`` writes
``slot_weights.bin`` beside this module (list it in pyproject's package data to ship it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from mem.core.text import terms
from mem.core.text.hashed import dump_tables, features, load_tables, softmax
from mem.core.text.pattern import lazy

WEIGHTS = Path(__file__).with_name("slot_weights.bin")
NONE = "none"
# the model's classes, as the update-case files name their slots (``scripts/train_slots.py`` maps the variants)
CLASSES = ("none", "residence", "address", "email", "phone", "tier", "name", "contact_channel", "order",
           "delivery", "language", "subscription", "wish")
# the classes that may replace a value: single-valued slots (orders, subscriptions and wishes are many at once),
# by the slot name the rules use
PLACED = {"residence": "residence", "address": "address", "email": "email", "phone": "phone", "tier": "tier",
          "name": "name", "contact_channel": "contact_channel", "delivery": "delivery_place", "language": "language"}
# a sentence ends at . ! ? before a space (not inside "hana.park@kakao.com" or "No.5"), or at 。！？
# A value told as a state that has ended: "I did live in Tucson for six years before", "we lived in Leeds", "부산에
# 살았었어요", "以前は大阪に住んでいました" — not "I've lived here since 2019", which still holds. The rules' own
# guard (``slots._NOT_THEIRS``: "used to", "grew up") reads the habits they model; the model reads more wordings
# of a home, so it is kept from the ended ones by tense.
_PAST_STATE = lazy(r"(?<!'ve )(?<!have )(?<!has )\b(?:did live|lived|was living|were living|had lived|"
                   r"was based|were based|previously|formerly)\b|살았었|살았던|살던|예전에|住んでいた|住んでいました|"
                   r"住んでました|以前は|昔は", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")


def normal(sentence: str) -> str:
    """The form the model reads: NFKC (full-width letters and digits as ASCII), lower case."""
    return unicodedata.normalize("NFKC", sentence).lower().strip()


class SlotModel:
    """A softmax over ``classes``: one weight table and bias each, and the threshold a slot's probability must
    reach (chosen on the training writers' held-out folds, ``scripts/train_slots.py``)."""

    def __init__(self, tables: Sequence[Sequence[float]], bias: Sequence[float], threshold: float,
                 classes: Sequence[str] = CLASSES, grams: tuple[int, int] = (2, 4), scale: float = 1.0) -> None:
        self.tables = tables
        self.scale = scale  # the weights of ``tables`` times this (1 for floats, the file's scale for its integers)
        self.bias = list(bias)
        self.threshold = threshold
        self.classes = tuple(classes)
        self.grams = grams
        self.dim = len(tables[0])

    def probabilities(self, sentence: str) -> list[float]:
        slots = features(normal(sentence), self.dim, self.grams)
        scale = self.scale
        return softmax([b + scale * sum(table[f] for f in slots)
                        for table, b in zip(self.tables, self.bias, strict=True)])

    def best(self, sentence: str) -> tuple[str, float]:
        """The likeliest slot other than none, and its probability."""
        probabilities = self.probabilities(sentence)
        k = max((k for k, name in enumerate(self.classes) if name != NONE), key=lambda k: probabilities[k])
        return self.classes[k], probabilities[k]

    def dump(self, path: Path) -> None:
        tables = self.tables if self.scale == 1.0 else [[w * self.scale for w in table] for table in self.tables]
        dump_tables(path, tables, {"format": 1, "bias": self.bias, "threshold": self.threshold,
                                        "classes": list(self.classes), "grams": list(self.grams)})

    @classmethod
    def load(cls, path: Path) -> SlotModel:
        header, tables = load_tables(path, scaled=False)
        low, high = header["grams"]
        return cls(tables, header["bias"], header["threshold"], header["classes"], (low, high), header["scale"])


@lru_cache(maxsize=1)
def model() -> SlotModel | None:
    """The shipped model, loaded on first use; None without the weights file (the rules still run)."""
    return SlotModel.load(WEIGHTS) if WEIGHTS.exists() else None


def learned_slot_name(words: str) -> str | None:
    """The single-valued slot (by the rules' name) the model places one of the customer's sentences in, at or over
    its threshold — never in a sentence the rules read as someone else's, a what-if or the past, nor one telling a
    state that has ended."""
    loaded = model()
    return _placed(loaded, words) if loaded is not None else None


def kept_out(sentence: str) -> bool:
    """A sentence the model is not asked about: someone else's value, a what-if, the past, an ended state."""
    from mem.customers.slots import not_theirs  # (slots asks this module for what its rules miss)

    return not_theirs(sentence) or _PAST_STATE.search(sentence) is not None


@lru_cache(maxsize=8192)
def _placed(loaded: SlotModel, words: str) -> str | None:
    best, best_p = None, loaded.threshold
    for sentence in _SENTENCE.split(words):
        if not sentence.strip() or kept_out(sentence):
            continue
        name, p = loaded.best(sentence)
        if name in PLACED and p >= best_p:
            best, best_p = PLACED[name], p
    return best


def learned_value(words: str) -> str:
    """A learned slot's value: the customer's content terms, sorted (the model names no value; two facts saying
    the same words hold the same one)."""
    return " ".join(sorted(set(terms(words))))

