"""Hashed-feature logistic models: the features, the AdaGrad training and the weights' file format.

Two learned readers share this: the injection detector's second opinion (``mem.core.instructions.learned``,
one binary model) and the customer slot recogniser (``mem.customers.slot_model``, one softmax over the slots).
Both read one sentence as words, pairs of words and CJK letter n-grams hashed with ``zlib.crc32`` (the same
slots in every process and on every machine, unlike ``hash()``) into one table of ``dim`` weights (a power
of two), and both are trained the same way (seeded shuffles, so a run is repeatable to the bit). Standard
library only: the weights are stored as 16-bit integers under one scale, zlib-compressed, behind a JSON
header line.
"""

from __future__ import annotations

import json
import math
import random
import sys
import zlib
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mem.core.text.pattern import lazy

# one seed per kind of feature, so a word and a letter n-gram that spell the same never share a slot
_WORD, _PAIR, _GRAM, _MARK = 1, 2, 3, 4
_TOKEN = lazy(r"[^\W_]+|[?!:\[\]{}<>#@$%*/\"'()]")
# a run of Korean or Japanese letters (no spaces between words): read by letter n-grams
CJK_RUN = lazy(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+")
_DIGIT = lazy(r"\d")
_LETTER = lazy(r"[^\W\d_]")
# a wiki link ("[[refund#window]]") or a markdown link ("[the policy](refund.md)"): its words stay, its syntax goes
_LINK = lazy(r"\[\[([^\]\n]{0,80})\]\]|\[([^\]\n]{0,80})\]\([^)\n]{0,200}\)")
_OPENS = lazy(r"^\W{0,3}[\[\{<(【#]|^\W{0,3}\w{1,20}\s*:")


def features(text: str, dim: int, grams: tuple[int, int] = (2, 4)) -> list[int]:
    """The hashed features of one normalised text: slots in ``range(dim)`` (a power of two), each once."""
    mask = dim - 1
    crc = zlib.crc32
    slots: set[int] = set()
    if "](" in text or "[[" in text:
        # a link's brackets are layout, not a forged "[system]" block
        text = _LINK.sub(lambda link: f" {link.group(1) or link.group(2) or ''} link ", text)
    tokens = _TOKEN.findall(text)
    previous = b"^"
    for token in tokens:
        if len(token) > 24:
            token = "<long>"  # a hash, a key, a URL's remains: its letters are noise, its kind is not
        elif not token.isalpha() and _DIGIT.search(token):
            # "14 days" and "30 days" are one shape; an order number or a hex id is no evidence, only its kind
            token = "<id>" if _LETTER.search(token) else "0" * min(len(token), 4)
        data = token.encode()
        slots.add(crc(data, _WORD) & mask)
        slots.add(crc(previous + b" " + data, _PAIR) & mask)
        previous = data
    slots.add(crc(previous + b" $", _PAIR) & mask)
    if not text.isascii():
        low, high = grams
        for run in CJK_RUN.findall(text):
            padded = f" {run} "
            for n in range(low, high + 1):
                for start in range(len(padded) - n + 1):
                    slots.add(crc(padded[start:start + n].encode(), _GRAM) & mask)
    if "?" in text:
        slots.add(crc(b"question", _MARK) & mask)
    if _OPENS.search(text):
        slots.add(crc(b"opens-with-label", _MARK) & mask)
    return list(slots)


class Logistic:
    """One binary logistic regression under training: AdaGrad with an L2 penalty on the weights touched."""

    def __init__(self, dim: int) -> None:
        self.weights = [0.0] * dim
        self.squares = [1e-8] * dim
        self.bias, self.bias_square = 0.0, 1e-8

    def fit(self, data: list[tuple[list[int], int, float]], epochs: int, shuffle: random.Random, rate: float,
            l2: float) -> None:
        """``epochs`` passes over ``data`` (feature slots, label 0/1, the row's weight: its gradient is scaled
        by it), shuffled in place by ``shuffle``."""
        weights, squares = self.weights, self.squares
        for _ in range(epochs):
            shuffle.shuffle(data)
            for slots, y, w in data:
                z = self.bias + sum(weights[f] for f in slots)
                p = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
                g = (p - y) * w
                for f in slots:
                    grad = g + l2 * weights[f]
                    squares[f] += grad * grad
                    weights[f] -= rate * grad / math.sqrt(squares[f])
                self.bias_square += g * g
                self.bias -= rate * g / math.sqrt(self.bias_square)


class Softmax:
    """A multinomial logistic regression (one weight table and bias per class) under training, the same AdaGrad."""

    def __init__(self, dim: int, classes: int) -> None:
        self.weights = [[0.0] * dim for _ in range(classes)]
        self.squares = [[1e-8] * dim for _ in range(classes)]
        self.bias = [0.0] * classes
        self.bias_square = [1e-8] * classes

    def fit(self, data: list[tuple[list[int], int]], epochs: int, shuffle: random.Random, rate: float,
            l2: float) -> None:
        """``epochs`` passes over ``data`` (feature slots, class index), shuffled in place by ``shuffle``."""
        classes = range(len(self.bias))
        for _ in range(epochs):
            shuffle.shuffle(data)
            for slots, y in data:
                probabilities = softmax([self.bias[k] + sum(self.weights[k][f] for f in slots) for k in classes])
                for k in classes:
                    g = probabilities[k] - (1.0 if k == y else 0.0)
                    weights, squares = self.weights[k], self.squares[k]
                    for f in slots:
                        grad = g + l2 * weights[f]
                        squares[f] += grad * grad
                        weights[f] -= rate * grad / math.sqrt(squares[f])
                    self.bias_square[k] += g * g
                    self.bias[k] -= rate * g / math.sqrt(self.bias_square[k])


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


# Any: the header is a JSON object of each model's own fields (bias, threshold, classes, grams…)
def dump_tables(path: Path, tables: Sequence[Sequence[float]], header: dict[str, Any]) -> None:
    """``header`` (JSON, one line) then the tables' weights as 16-bit integers under one scale, zlib-compressed."""
    scale = max((abs(w) for table in tables for w in table), default=1.0) / 32767 or 1.0
    packed = array("h", (round(w / scale) for table in tables for w in table))
    if sys.byteorder == "big":
        packed.byteswap()
    header = {**header, "scale": scale, "tables": len(tables), "dim": len(tables[0]) if tables else 0}
    path.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + zlib.compress(packed.tobytes(), 9))


# Any: the header is whatever JSON object the writer put on the file's first line
def read_packed(path: Path, typecode: str) -> tuple[dict[str, Any], array[Any]]:
    """A weights file of the project's shape: a JSON header line, then zlib-compressed little-endian numbers of
    ``typecode`` (``array``'s codes: "h" 16-bit tables here, "f" the question adapter's columns)."""
    line, _, body = path.read_bytes().partition(b"\n")
    packed = array(typecode)
    packed.frombytes(zlib.decompress(body))
    if sys.byteorder == "big":
        packed.byteswap()
    return json.loads(line), packed


# Any: the header is the JSON object ``dump_tables`` wrote; a table is an array of floats ("d") or, with
# ``scaled=False``, of the stored 16-bit integers ("h")
def load_tables(path: Path, scaled: bool = True) -> tuple[dict[str, Any], list[Any]]:
    """The header and the weight tables ``dump_tables`` wrote: floats, or with ``scaled=False`` the stored 16-bit
    integers as they are (multiply a sum of them by ``header["scale"]``: nothing to convert when loading, which
    for a table per class costs more than reading a whole conversation)."""
    header, packed = read_packed(path, "h")
    scale, dim = header["scale"], header["dim"]
    count = header.get("tables", 1)
    if not scaled:
        return header, [packed[k * dim:(k + 1) * dim] for k in range(count)]
    return header, [array("d", (w * scale for w in packed[k * dim:(k + 1) * dim])) for k in range(count)]
