"""NEWUSER_REPORT19 #1, #2, #9: a host from an older copy publishes older policy as a newer bundle; a clock behind."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mem.client.bundle_lineage import PolicyRollback
from mem.client.bundle_memory import BundleServiceMemory
from mem.client.installed_bundle import freshness, load_state
from mem.client.sync import sync
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import VerificationError
from mem.server.bundle import build_bundle

from .conftest import write_page


def _build(workspace, **kw):
    return build_bundle(workspace, config=Config.load(workspace=workspace), allow_lint_errors=True, **kw)


def _sync(home, server):
    return sync(home, config=Config.load(home=home), server=server.url, push_evidence=False)


@pytest.fixture
def at_v2(workspace, live_server, isolated_env):
    """A client that installed bundle 2 (refunds v4, 14 days) after bundle 1 (refunds v3, 30 days)."""
    _build(workspace)
    server = live_server(workspace)
    assert _sync(isolated_env, server)["version"] == 1
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    assert _sync(isolated_env, server)["version"] == 2
    return workspace, server, isolated_env


def _refused(home, server) -> str:
    before = load_state(home)
    with pytest.raises(PolicyRollback) as info:
        _sync(home, server)
    after = load_state(home)
    assert after["version"] == before["version"] == 2 and after["dir"] == before["dir"]
    assert after["stale"] is True and after["reason"] == info.value.message
    assert BundleServiceMemory(home).get_page("refunds").version == 4  # the last good bundle answers
    assert "\n" not in info.value.message
    assert sorted(p.name[:9] for p in (home / "bundle").iterdir() if p.is_dir() and p.name.startswith("v")) == \
        ["v00000001", "v00000002"]  # nothing of the refused bundle stays
    return info.value.message


def test_a_higher_bundle_that_takes_a_page_version_down_is_refused(at_v2):
    workspace, server, home = at_v2
    write_page(workspace, "refunds", 3, "Refunds within 30 days of purchase.")  # the older copy's page
    _build(workspace)
    message = _refused(home, server)
    assert message.startswith("rollback: bundle 3 takes policy page refunds down from version 4 (bundle 2 "
                              "installed here) to version 3")
    assert "keeping bundle 2" in message and "docs/server.md" in message
    assert isinstance(PolicyRollback("x", page="p", installed=1, offered=1), VerificationError)


def test_the_same_page_version_with_another_text_is_refused(at_v2):
    workspace, server, home = at_v2
    write_page(workspace, "refunds", 4, "Refunds within 7 days of purchase.")
    _build(workspace)
    message = _refused(home, server)
    assert message.startswith("rollback: bundle 3 carries policy page refunds version 4 with another text than "
                              "version 4 in bundle 2 installed here")


def test_the_same_version_with_only_another_source_line_is_installed(at_v2):
    workspace, server, home = at_v2
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.\n\nSource: sources/other.md")
    _build(workspace)
    assert _sync(home, server)["version"] == 3


def test_a_fact_made_under_the_installed_text_stays_true_then_is_flagged_by_the_recovery(at_v2):
    """#2: the fact cites refunds v4 (14 days); the older copy's 30 days is never installed under it, so the fact
    is not left pointing at another rule; the operator's recovery (the text again, as a version above) flags it."""
    from mem.customers import CustomerStore, Evidence, Fact, PolicyRef

    workspace, server, home = at_v2
    quote = Evidence(log_id="c1", turn="1", role="customer", quote="I return it within 14 days, agreed.")
    with CustomerStore.open(home, "cust-a") as store:
        fact = store.facts.add(Fact.new("decision", "I return it within 14 days, agreed.", evidence=[quote],
                                        policy_refs=[PolicyRef("refunds", 4)], agreement=True)).id
    write_page(workspace, "refunds", 3, "Refunds within 30 days of purchase.")
    _build(workspace)
    _refused(home, server)
    write_page(workspace, "refunds", 4, "Refunds within 30 days of purchase.")
    _build(workspace)
    _refused(home, server)
    with CustomerStore.open(home, "cust-a") as store:
        assert not store.facts.get(fact).recheck.flag
    write_page(workspace, "refunds", 5, "Refunds within 30 days of purchase.")  # the recovery: a version above
    _build(workspace)
    result = _sync(home, server)
    assert result["version"] == 5 and result["flagged"] == {"cust-a": [fact]}
    assert load_state(home)["stale"] is False
    with CustomerStore.open(home, "cust-a") as store:
        assert store.facts.get(fact).recheck.reason == "recheck needed: policy refunds v4 → v5"


def test_a_clock_behind_the_bundle_is_said_and_times_are_not_recorded_in_the_past(workspace, live_server,
                                                                                   isolated_env):
    _build(workspace)
    server = live_server(workspace)
    real = clock.now()
    clock.freeze(real - timedelta(days=365))
    result = _sync(isolated_env, server)
    assert "this machine's clock is 365.0 days behind" in result["clock_behind"]
    state = load_state(isolated_env)
    assert clock.parse_datetime(state["verified_at"]) >= real - timedelta(minutes=1)
    clock.freeze(real + timedelta(minutes=1))  # the clock corrected a minute later: fresh, not "not refreshed"
    assert freshness(state) == ("current", None)
    clock.freeze(real - timedelta(days=365) + timedelta(days=40))  # still behind: the expiry is not stretched
    assert freshness(state)[0] == "current"
    clock.freeze(real - timedelta(days=365))
    assert "clock_behind" in _sync(isolated_env, server)  # said again while the clock is still behind
