"""A policy page renamed with its id, or removed from the wiki: the facts that cite it are still rechecked.

New-user report 14, sections 2 and 5. Customer facts cite ``page vN`` for good; the client flagged by page
id alone, so after ``git mv refund-window.md refund-period.md`` (+ ``id:``) a new version of the rule
flagged nobody, and after ``git rm`` of a page its facts stayed unflagged. The bundle now carries
``renamed`` (old id → new id) and ``withdrawn``, and the client follows them.
"""

from __future__ import annotations

import json
import subprocess

from mem.client.bundle_memory import BundleServiceMemory
from mem.client.sync import sync
from mem.core.config import Config
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef
from mem.server.bundle import build_bundle
from mem.wiki import gitrepo

from .conftest import write_page


def _fact(text, *, refs=(), kind="decision", agreement=True):
    quote = Evidence(log_id="c1", turn="1", role="customer", quote=text)
    return Fact.new(kind, text, evidence=[quote], policy_refs=[PolicyRef(p, v) for p, v in refs], agreement=agreement)


def _sync(home, url):
    return sync(home, config=Config.load(home=home), server=url, push_evidence=False)


def _build(workspace):
    return build_bundle(workspace, config=Config.load(workspace=workspace))


def _git(workspace, *args):
    subprocess.run(["git", *args], cwd=workspace, check=True, capture_output=True)


def _rename(workspace, old, new):
    _git(workspace, "mv", f"policies/{old}.md", f"policies/{new}.md")
    path = workspace / "policies" / f"{new}.md"
    path.write_text(path.read_text().replace(f"id: {old}\n", f"id: {new}\n"))
    _git(workspace, "commit", "-qam", f"rename {old} to {new}")


def _manifest(result):
    from pathlib import Path

    return json.loads((Path(result["path"]) / "manifest.json").read_text())


def test_a_renamed_page_is_followed_and_its_new_version_flags_the_old_citations(workspace, live_server, isolated_env):
    home = isolated_env
    _build(workspace)
    server = live_server(workspace)
    with CustomerStore.open(home, "cust-a") as store:
        linked = store.facts.add(_fact("Yes, we will refund the lamp in full.", refs=[("refunds", 3)])).id
    with CustomerStore.open(home, "cust-b") as store:
        other = store.facts.add(_fact("We agreed on express shipping.", refs=[("shipping", 1)])).id
    with CustomerStore.open(home, "cust-c") as store:
        store.facts.add(_fact("I bought a lamp last week.", kind="event", agreement=False))
    assert _sync(home, server.url)["flagged"] == {}

    _rename(workspace, "refunds", "refund-period")
    manifest = _manifest(_build(workspace))
    assert manifest["renamed"] == {"refunds": "refund-period"} and "withdrawn" not in manifest
    assert _sync(home, server.url)["flagged"] == {}  # same rule, another name: nothing to recheck
    # the agent finds the page its facts cite under the new id
    assert BundleServiceMemory(home).get_page("refunds").id == "refund-period"

    write_page(workspace, "refund-period", 4, "Refunds within 28 days of purchase.")
    assert _manifest(_build(workspace))["renamed"] == {"refunds": "refund-period"}  # carried by every bundle
    assert _sync(home, server.url)["flagged"] == {"cust-a": [linked]}  # only the linked customer
    with CustomerStore.open(home, "cust-a") as store:
        fact = store.facts.get(linked)
        assert fact.recheck.reason == "recheck needed: policy refunds v3 → refund-period v4"
        assert [(r.page, r.version) for r in fact.policy_refs] == [("refunds", 3)]  # the citation is kept
    with CustomerStore.open(home, "cust-b") as store:
        assert not store.facts.get(other).recheck.flag


def test_a_client_that_skipped_the_rename_bundle_still_flags(workspace, live_server, isolated_env):
    home = isolated_env
    _build(workspace)
    server = live_server(workspace)
    _sync(home, server.url)
    with CustomerStore.open(home, "cust-a") as store:
        linked = store.facts.add(_fact("Yes, we will refund the lamp in full.", refs=[("refunds", 3)])).id
    _rename(workspace, "refunds", "refund-period")
    _build(workspace)
    write_page(workspace, "refund-period", 4, "Refunds within 28 days of purchase.")
    _build(workspace)
    result = _sync(home, server.url)  # refunds v3 → (rename) → refund-period v4 in one install
    assert result["flagged"] == {"cust-a": [linked]}


def test_a_removed_page_flags_only_the_facts_that_cite_it(workspace, live_server, isolated_env):
    home = isolated_env
    write_page(workspace, "liquid-damage", 1, "Liquid damage is covered for 12 months.")
    _build(workspace)
    server = live_server(workspace)
    _sync(home, server.url)
    with CustomerStore.open(home, "lena") as store:
        lena = store.facts.add(_fact("Yes, we will repair the phone under warranty.", refs=[("liquid-damage", 1)])).id
    with CustomerStore.open(home, "otto") as store:
        otto = store.facts.add(_fact("Yes, we will refund the lamp in full.", refs=[("refunds", 3)])).id

    _git(workspace, "rm", "-q", "policies/liquid-damage.md")
    _git(workspace, "commit", "-qm", "retire the warranty document")
    assert _manifest(_build(workspace))["withdrawn"] == ["liquid-damage"]
    result = _sync(home, server.url)
    assert result["flagged"] == {"lena": [lena]}
    with CustomerStore.open(home, "lena") as store:
        assert store.facts.get(lena).recheck.reason == "recheck needed: policy liquid-damage v1 was withdrawn"
    with CustomerStore.open(home, "otto") as store:
        assert not store.facts.get(otto).recheck.flag
    # the next bundles still list it, and flag nothing again
    write_page(workspace, "shipping", 2, "We ship within 3 business days.")
    _build(workspace)
    assert _sync(home, server.url)["flagged"] == {}


def test_a_new_client_flags_restored_facts_of_a_page_withdrawn_before_it_first_synced(workspace, live_server,
                                                                                     isolated_env):
    home = isolated_env
    write_page(workspace, "liquid-damage", 1, "Liquid damage is covered for 12 months.")
    _git(workspace, "rm", "-q", "policies/liquid-damage.md")
    _git(workspace, "commit", "-qm", "retire the warranty document")
    _build(workspace)
    server = live_server(workspace)
    with CustomerStore.open(home, "lena") as store:  # memory restored from a backup made long ago
        lena = store.facts.add(_fact("Yes, we will repair the phone under warranty.", refs=[("liquid-damage", 1)])).id
    assert _sync(home, server.url)["flagged"] == {"lena": [lena]}


def test_a_rename_git_cannot_see_is_named_by_aliases(workspace, live_server, isolated_env):
    home = isolated_env
    _build(workspace)
    server = live_server(workspace)
    _sync(home, server.url)
    with CustomerStore.open(home, "cust-a") as store:
        linked = store.facts.add(_fact("Yes, we will refund the lamp in full.", refs=[("refunds", 3)])).id
    _git(workspace, "rm", "-q", "policies/refunds.md")
    write_page(workspace, "money-back", 4, "Money back within 28 days of purchase, for every item in the shop.",
               commit=False, aliases=["refunds"])
    gitrepo.commit(workspace, ["policies/refunds.md", "policies/money-back.md"], "rewrite refunds as money-back")
    manifest = _manifest(_build(workspace))
    assert manifest["renamed"] == {"refunds": "money-back"} and "withdrawn" not in manifest
    assert _sync(home, server.url)["flagged"] == {"cust-a": [linked]}
    with CustomerStore.open(home, "cust-a") as store:
        assert store.facts.get(linked).recheck.reason == "recheck needed: policy refunds v3 → money-back v4"


def test_restored_facts_follow_the_installed_bundles_renames_and_withdrawals(isolated_env):
    """``mem restore`` flags the restored facts against the installed bundle (docs/backup.md)."""
    from mem.customers.backup import flag_recheck

    home = isolated_env
    with CustomerStore.open(home, "ann") as store:
        renamed = store.facts.add(_fact("Yes, we will refund the lamp in full.", refs=[("refunds", 3)])).id
        gone = store.facts.add(_fact("Yes, we will repair the wet phone.", refs=[("liquid-damage", 1)])).id
        store.facts.add(_fact("We agreed on express shipping.", refs=[("shipping", 1)]))
    flagged = flag_recheck(home, "ann", {"refund-period": 4, "shipping": 1}, renamed={"refunds": "refund-period"},
                           withdrawn=["liquid-damage"])
    assert sorted(flagged) == sorted([renamed, gone])


def test_flags_owed_merge_renames_and_withdrawals_and_a_page_brought_back_is_no_longer_withdrawn():
    from mem.client.recheck_pending import owe, pending

    state = {}
    owe(state, {}, ["ann"], renamed={"refunds": "refund-period"}, withdrawn=["liquid-damage"])
    assert pending(state) == {"pages": {}, "customers": ["ann"], "renamed": {"refunds": "refund-period"},
                              "withdrawn": ["liquid-damage"]}
    owe(state, {"liquid-damage": 2}, ["bob"])  # the next install, before the first was finished
    assert pending(state) == {"pages": {"liquid-damage": 2}, "customers": ["ann", "bob"],
                              "renamed": {"refunds": "refund-period"}}
