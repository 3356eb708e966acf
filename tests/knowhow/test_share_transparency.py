"""New-user report 20 #7 and #8: the customer sees what left their machine, and `mem forget` says what stays."""

from __future__ import annotations

import json

import pytest

from mem.client.connection import ServerClient
from mem.client.share_upload import share_customer
from mem.core.config import Config
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef
from mem.customers.forget import evidence_held_by_service
from mem.customers.readable import readable_export
from mem.server.accounts import add_account

DECISION = "Yes, Carol Jenkins, we agree to a partial refund of 40% on order 55501234"


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


def _customer(home, cid, *, share: bool) -> None:
    with CustomerStore.open(home, cid) as store:
        quotes = [Evidence(log_id="c1", turn="1", role="customer", quote="Can I get a partial refund?"),
                  Evidence(log_id="c1", turn="2", role="agent", quote=DECISION)]
        fact = Fact.new("decision", DECISION, evidence=quotes, policy_refs=[PolicyRef("refunds", 2)])
        store.facts.add(fact)
        if share:
            store.consent.set(share=True)


def test_a_dry_run_prints_the_exact_records_and_sends_nothing(isolated_env):
    _customer(isolated_env, "carol", share=False)  # before consenting: the customer checks the anonymisation
    result = share_customer(isolated_env, "carol", config=Config.load(), dry_run=True)  # not logged in: no server
    assert result["dry_run"] is True and result["consent"] == "off" and result["would_send"] == 1
    [record] = result["records"]
    assert "Jenkins" not in record["decision"] and "55501234" not in record["decision"]
    assert record["decision"].startswith("Yes, [customer], we agree to a partial refund")
    with CustomerStore.open(isolated_env, "carol", create=False) as store:
        assert readable_export(store)["held_by_service"]["shared_decisions"]["records"] == []


def test_the_dry_run_shows_what_a_real_share_sends_and_the_export_lists_it(workspace, live_server, isolated_env):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    _customer(isolated_env, "carol", share=True)
    preview = share_customer(isolated_env, "carol", config=Config.load(), dry_run=True)
    assert server.received == []
    with ServerClient(server.url, token=token) as client:
        sent = share_customer(isolated_env, "carol", config=Config.load(), client=client)
    [payload] = [json.loads(body) for _, path, body in server.received if path == "/v1/share"]
    assert payload["records"] == preview["records"] == sent["records"]
    with CustomerStore.open(isolated_env, "carol", create=False) as store:
        held = readable_export(store)["held_by_service"]
    assert held["shared_decisions"]["records"] == payload["records"] and held["shared_decisions"]["sent_at"]
    assert held["agreement_evidence"] == []


def test_the_export_and_forget_name_the_agreement_evidence_the_service_took(isolated_env, mem):
    _customer(isolated_env, "carol", share=False)
    with CustomerStore.open(isolated_env, "carol", create=False) as store:
        [fact] = store.facts.list(kinds=["decision"])
        store.outbox.queue(fact)
        store.outbox.mark_sent([item.id for item in store.outbox.pending()])
        [kept] = readable_export(store)["held_by_service"]["agreement_evidence"]
    assert kept["fact_id"] == fact.id and kept["sent_at"] and DECISION in json.dumps(kept["quotes"])
    assert evidence_held_by_service(isolated_env, "carol") == 1
    result = mem("forget", "--customer", "carol", "--local-only", "--yes")
    assert result.exit_code == 0, result.stderr
    assert "kept by the service: 1 agreement evidence records of carol" in result.stdout
    assert "legal claims" in result.stdout


def test_the_operator_purges_a_customers_evidence(workspace, mem):
    from mem.server.storage import open_store

    open_store(workspace).add_evidence("shop-a", [
        {"fact_id": "F1", "customer_id": "alice", "date": "2026-11-20", "quotes": ["Yes, Alice Wonderly, we agree."]},
        {"fact_id": "F2", "customer_id": "bob", "date": "2026-11-20", "quotes": ["Yes, we agree."]}],
        received_at="2026-12-06T09:36:24Z")
    assert mem("--workspace", workspace, "evidence", "purge", "--yes").exit_code == 2  # what to purge?
    assert mem("--workspace", workspace, "evidence", "purge", "--before", "6 Dec", "--yes").exit_code == 2
    result = mem("--workspace", workspace, "evidence", "purge", "--customer", "alice", "--yes", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["deleted"] == 1
    assert [r["customer_id"] for r in open_store(workspace).evidence()] == ["bob"]


def test_a_purge_by_customer_never_reaches_another_accounts_customer(workspace, mem):
    """`--customer c1` purged c1's records from every client account: two accounts' "c1" are two people."""
    from mem.server.storage import open_store

    store = open_store(workspace)
    for account, fact in (("shop-a", "F1"), ("shop-b", "F2"), ("shop-b", "F3")):
        store.add_evidence(account, [{"fact_id": fact, "customer_id": "c1" if fact != "F3" else "solo",
                                      "date": "2026-11-20", "quotes": ["Yes."]}], received_at="2026-12-06T09:36:24Z")
    refused = mem("--workspace", workspace, "evidence", "purge", "--customer", "c1", "--yes")
    assert refused.exit_code == 2 and "2 client accounts (shop-a, shop-b)" in refused.stderr
    assert len(open_store(workspace).evidence()) == 3  # nothing deleted
    result = mem("--workspace", workspace, "evidence", "purge", "--customer", "c1", "--account", "shop-b", "--yes",
                 "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["deleted"] == 1
    assert sorted((r["account"], r["fact_id"]) for r in open_store(workspace).evidence()) == [
        ("shop-a", "F1"), ("shop-b", "F3")]
    alone = mem("--workspace", workspace, "evidence", "purge", "--customer", "solo", "--yes", "--json")
    assert alone.exit_code == 0 and json.loads(alone.stdout)["deleted"] == 1  # one account: no --account needed
