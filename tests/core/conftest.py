from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from mem.core.instructions import learned, normalize
from mem.core.instructions.learned import Model


@pytest.fixture()
def alarmed_model(monkeypatch):
    """A customer model that scores every sentence over its threshold: whatever reaches it is flagged (the gates'
    tests: what the gate keeps from the model stays clean only because the model is never asked)."""
    dim = 1 << 10
    model = Model([0.0] * dim, 5.0, 0.5, (2, 4))
    monkeypatch.setattr(learned, "model", lambda: model)
    return model


@pytest.fixture()
def run_cpu_seconds() -> Callable[[Callable[[str], object], str], tuple[float, float]]:
    """CPU seconds a reader takes on a run of ``unit`` of 100,000 and of 200,000 characters (normalised as the
    detector reads it, after a warm-up): linear is about twice, quadratic four times — a ratio, no wall to cross."""

    def measure(read: Callable[[str], object], unit: str) -> tuple[float, float]:
        def seconds(size: int) -> float:
            text = normalize(unit * (size // len(unit)))
            start = time.process_time()
            read(text)
            return time.process_time() - start

        seconds(1_000)
        return seconds(100_000), seconds(200_000)

    return measure
