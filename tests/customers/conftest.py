"""Fixtures shared by the customer-memory tests that run the scripted model (review 17 #8: one copy, not three)."""

from __future__ import annotations

import dataclasses

import pytest

from mem.core import clock
from mem.core.config import Config, ModelSettings


@pytest.fixture
def config(isolated_env):
    """A config whose model is ``scripted`` (tests/conftest.py ``scripted_model``), on 2025-11-01. A test module with
    a ``config`` fixture of its own (the deterministic engine) uses that one instead."""
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    return dataclasses.replace(Config.load(home=isolated_env, env={}), model=ModelSettings(name="scripted"))
