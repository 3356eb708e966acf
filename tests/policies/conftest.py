"""Fixtures shared by the policy ingest tests that run the scripted model (``test_ingest_model*.py``)."""

from __future__ import annotations

import pytest

from mem.core import clock
from mem.wiki.workspace import init_workspace


@pytest.fixture
def ws(tmp_path):
    """A fresh workspace, the clock frozen at 2026-02-01 09:00 UTC (a test module may define its own ``ws``)."""
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


@pytest.fixture
def doc(tmp_path, request):
    """``refund.md`` holding the test module's ``DOC``."""
    path = tmp_path / "refund.md"
    path.write_text(request.module.DOC)
    return path
