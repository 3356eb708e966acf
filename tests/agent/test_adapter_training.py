"""``scripts/train_adapter.py``'s fit of the question adapter (docs/ask.md, "The learned adapter")."""

from __future__ import annotations

import pytest


def _train_adapter():
    pytest.importorskip("numpy")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import train_adapter

    return train_adapter


def test_the_fit_in_single_precision_is_deterministic_and_near_the_double_one():
    """``--float32`` (fifteenth round: nineteen sets' folds in half the time) fits the same adapter as double
    precision up to rounding, and the same one twice."""
    train_adapter = _train_adapter()
    np = train_adapter.np
    rng = np.random.default_rng(7)  # the rows only; the fit itself draws nothing
    q = rng.normal(size=(12, 8))
    p = rng.normal(size=(20, 8))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    p /= np.linalg.norm(p, axis=1, keepdims=True)
    gold = np.zeros((12, 20), dtype=bool)
    for k in range(8):
        gold[k, k] = True
    answerable = np.arange(12) < 8
    rows = [train_adapter.Group(q, p, gold, gold, answerable)]
    kept = train_adapter.FLOAT32[0]
    try:
        train_adapter.FLOAT32[0] = False
        u64, w64 = train_adapter.fit(rows, 0.03, 8, rank=4)
        train_adapter.FLOAT32[0] = True
        u32, w32 = train_adapter.fit(rows, 0.03, 8, rank=4)
        again = train_adapter.fit(rows, 0.03, 8, rank=4)
    finally:
        train_adapter.FLOAT32[0] = kept
    assert np.array_equal(u32, again[0]) and np.array_equal(w32, again[1])
    assert np.allclose(u32 @ w32.T, u64 @ w64.T, atol=1e-3)
