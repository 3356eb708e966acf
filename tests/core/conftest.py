from __future__ import annotations

import pytest

from mem.core.instructions import learned
from mem.core.instructions.learned import Model


@pytest.fixture()
def alarmed_model(monkeypatch):
    """A customer model that scores every sentence over its threshold: whatever reaches it is flagged (the gates'
    tests: what the gate keeps from the model stays clean only because the model is never asked)."""
    dim = 1 << 10
    model = Model([0.0] * dim, 5.0, 0.5, (2, 4))
    monkeypatch.setattr(learned, "model", lambda: model)
    return model
