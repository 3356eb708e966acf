"""Recheck flags a bundle install owes are never lost: a damaged customer store is skipped and reported
while the others are flagged, and a sync killed after the install is finished later (NEWUSER_REPORT9 #2)."""

from __future__ import annotations

import json

import pytest

from mem.client import recheck_pending
from mem.client.installed_bundle import load_state
from mem.client.sync import sync
from mem.core.config import Config
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef
from mem.server.bundle import build_bundle

from .conftest import write_page


def _fact(text: str, version: int) -> Fact:
    quote = Evidence(log_id="c1", turn="1", role="customer", quote=text)
    return Fact.new("decision", text, evidence=[quote], policy_refs=[PolicyRef("refunds", version)])


def _sync(home, url):
    return sync(home, config=Config.load(home=home), server=url, push_evidence=False)


@pytest.fixture
def installed(workspace, live_server, isolated_env):
    """A client on refunds v3 with two customers whose decisions were made under v3; v4 is built."""
    home = isolated_env
    build_bundle(workspace, config=Config.load(workspace=workspace))
    server = live_server(workspace)
    ids = {}
    for customer in ("bob", "good"):
        with CustomerStore.open(home, customer) as store:
            ids[customer] = store.facts.add(_fact(f"We agreed a refund for {customer}.", 3)).id
    assert _sync(home, server.url)["flagged"] == {}
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    build_bundle(workspace, config=Config.load(workspace=workspace))
    return home, server.url, ids


def _flagged(home, customer, fact_id) -> bool:
    with CustomerStore.open(home, customer) as store:
        return store.facts.get(fact_id).recheck.flag


def test_a_damaged_store_is_skipped_and_reported_and_the_others_are_flagged(installed, mem):
    home, url, ids = installed
    (home / "customers" / "bob" / "memory.db").write_bytes(b"garbage\n")
    result = mem("sync", "--server", url)
    assert result.exit_code == 2
    assert "good: 1 fact flagged for recheck" in result.stdout
    assert "bob: not flagged for recheck yet" in result.stdout and "file is not a database" in result.stdout
    assert result.stderr.startswith("Error: facts of 'bob' are not flagged for recheck yet (")
    assert _flagged(home, "good", ids["good"])
    status = json.loads(mem("status", "--json").stdout)
    assert status["bundle_version"] == 2 and status["stale"] is False  # the bundle itself is fine
    assert status["recheck_pending"] == ["bob"]
    # bob's memory comes back (here: from elsewhere, with its v3 fact); the next sync finishes it
    (home / "customers" / "bob" / "memory.db").unlink()
    with CustomerStore.open(home, "bob") as store:
        store.facts.add(_fact("We agreed a refund for bob.", 3).replace(id=ids["bob"]))
    again = mem("sync", "--server", url, "--json")
    assert again.exit_code == 0
    assert json.loads(again.stdout)["status"] == "up-to-date"
    assert json.loads(again.stdout)["flagged"] == {"bob": [ids["bob"]]}
    assert "recheck_pending" not in load_state(home)


def test_a_sync_killed_after_the_install_is_finished_by_the_next_command(installed, mem, monkeypatch):
    home, url, ids = installed

    def killed(home, **kw):
        raise KeyboardInterrupt  # the window between switching the bundle in and flagging

    with monkeypatch.context() as patched, pytest.raises(KeyboardInterrupt):
        patched.setattr(recheck_pending, "finish", killed)
        _sync(home, url)
    state = load_state(home)
    assert state["version"] == 2 and state["recheck_pending"] == {"pages": {"refunds": 4},
                                                                 "customers": ["bob", "good"]}
    listed = mem("facts", "list", "-c", "good", "--recheck", "--json")
    assert listed.exit_code == 0, listed.stderr
    assert [f["id"] for f in json.loads(listed.stdout)] == [ids["good"]]
    assert _flagged(home, "bob", ids["bob"])
    assert "recheck_pending" not in load_state(home)


def test_the_next_sync_finishes_what_a_killed_one_owed_even_when_current(installed, monkeypatch):
    home, url, ids = installed
    with monkeypatch.context() as patched, pytest.raises(KeyboardInterrupt):
        patched.setattr(recheck_pending, "finish", lambda home, **kw: (_ for _ in ()).throw(KeyboardInterrupt))
        _sync(home, url)
    result = _sync(home, url)
    assert result["status"] == "up-to-date"
    assert result["flagged"] == {"bob": [ids["bob"]], "good": [ids["good"]]}


def test_pages_owed_by_two_installs_merge_by_their_newest_version():
    state = {"recheck_pending": {"pages": {"refunds": 4, "shipping": 2}, "customers": ["bob"]}}
    recheck_pending.owe(state, {"refunds": 5}, ["good"])
    assert state["recheck_pending"] == {"pages": {"refunds": 5, "shipping": 2}, "customers": ["bob", "good"]}
    recheck_pending.owe(state := {}, {"refunds": 5}, [])  # no customer on this client: nothing owed
    assert state == {}
