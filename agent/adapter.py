"""The question adapter of the semantic layer: a learned linear map of the question's vector.

Fuse mode compares a question with every policy sentence by the cosine of their encoder vectors, and that
cosine does not separate an answerable paraphrase from a near miss well enough (docs/ask.md). The adapter
changes the similarity itself: the question's vector ``q`` becomes ``q + U (Wᵀ q)`` (``A = I + U Wᵀ`` of low
rank) before its dot product with each passage vector, trained on the project's question → sentence pairs by
``scripts/train_adapter.py``. Only the question is transformed, so the cached passage vectors
(``mem.core.text.vectors``) stay valid whether an adapter is used or not.

An adapter names the encoder model it was trained for (``MODEL_ID``): another model's vectors never meet it.
Applying it is ``2 × rank × 384`` multiplications in plain Python (no numpy at ask time).
"""

from __future__ import annotations

import json
import operator
import sys
import zlib
from array import array
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.text.hashed import read_packed

if TYPE_CHECKING:
    from mem.agent.decision import Decision

#: The shipped adapter, beside this module (absent: the encoder's own cosine, as before).
WEIGHTS = Path(__file__).with_name("adapter_weights.bin")


class QuestionAdapter:
    """``A = I + U Wᵀ``: ``columns`` are U's columns, ``rows`` W's columns (each a vector of the encoder's size)."""

    def __init__(self, columns: list[array], rows: list[array], *, model: str, threshold: float,
                 page_blend: float = 0.0, decision: Decision | None = None) -> None:
        self.columns = columns
        self.rows = rows
        self.model = model
        self.threshold = threshold  # the threshold chosen with it by the training script
        # the adapter's share of a page's order against the encoder's own cosine (chosen by the training script;
        # 0, as in a file written before it: pages by the cosine alone)
        self.page_blend = page_blend
        # the answer-or-abstain decision trained against this adapter's scores (``mem.agent.decision``); None, as
        # in a file written before it: the threshold decides
        self.decision = decision

    def apply(self, vector: array) -> array:
        """``A q`` for a question's vector."""
        out = list(vector)
        for column, row in zip(self.columns, self.rows, strict=True):
            weight = sum(map(operator.mul, row, vector))
            out = [a + weight * b for a, b in zip(out, column, strict=True)]
        return array("f", out)

    def dump(self, path: Path) -> None:
        """A header line (JSON), then U's and W's columns as float32, zlib-compressed."""
        packed = array("f")
        for vector in (*self.columns, *self.rows):
            packed.extend(vector)
        if sys.byteorder == "big":
            packed.byteswap()
        header = {"format": 1, "model": self.model, "rank": len(self.columns), "dim": len(self.columns[0]),
                  "threshold": self.threshold}
        if self.page_blend:
            header["page_blend"] = self.page_blend
        if self.decision is not None:
            header["decision"] = self.decision.to_json()
        path.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + zlib.compress(packed.tobytes(), 9))

    @classmethod
    def load(cls, path: Path) -> QuestionAdapter:
        header, packed = read_packed(path, "f")
        rank, dim = int(header["rank"]), int(header["dim"])
        vectors = [packed[i * dim:(i + 1) * dim] for i in range(2 * rank)]
        decision = None
        if header.get("decision"):
            from mem.agent.decision import Decision

            decision = Decision.from_json(header["decision"])
        return cls(vectors[:rank], vectors[rank:], model=str(header["model"]), threshold=float(header["threshold"]),
                   page_blend=float(header.get("page_blend", 0.0)), decision=decision)


@lru_cache(maxsize=1)
def shipped() -> QuestionAdapter | None:
    """The shipped adapter, read on first use; None when there is none."""
    return QuestionAdapter.load(WEIGHTS) if WEIGHTS.exists() else None
