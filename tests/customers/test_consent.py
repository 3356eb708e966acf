"""Consent: sensitive categories start disallowed, allow/revoke are logged, sharing is a switch."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core.errors import InvalidInput, Refused
from mem.customers import CustomerStore, Fact


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(isolated_env, "acme") as s:
        yield s


def test_defaults_allow_nothing(store):
    consent = store.consent.current()
    assert consent.allowed == frozenset() and consent.share is False
    assert store.consent.allows("none") and not store.consent.allows("health")


def test_allow_then_store_then_revoke(store):
    with pytest.raises(Refused):
        store.facts.add(Fact.new("attribute", "Takes insulin", sensitive="health"))
    store.consent.set(allow=["health"])
    store.facts.add(Fact.new("attribute", "Takes insulin", sensitive="health"))
    consent = store.consent.set(revoke=["health"], share=True)
    assert consent.allowed == frozenset() and consent.share
    assert consent.to_dict()["stored_sensitive"] == {"health": 1}
    with pytest.raises(Refused):
        store.facts.add(Fact.new("attribute", "Has a cold", sensitive="health"))
    rows = store.conn.execute("SELECT category, allowed FROM consent_log ORDER BY seq").fetchall()
    assert [tuple(r) for r in rows] == [("health", 1), ("health", 0), ("share", 1)]


def test_bad_categories(store):
    with pytest.raises(InvalidInput):
        store.consent.set(allow=["astrology"])
    with pytest.raises(InvalidInput):
        store.consent.set(allow=["health"], revoke=["health"])
