"""What leaves the client for know-how: no sensitive decision at any step (new-user report 12, item 6), and a
customer who turns sharing off or erases a shared decision takes it back from the service (item 7)."""

from __future__ import annotations

import json

import pytest

from mem.client.connection import ServerClient
from mem.client.login import save_login
from mem.client.share_upload import push_withdrawals, share_customer
from mem.core.config import Config
from mem.core.errors import Refused
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef
from mem.customers.erase import erase_fact
from mem.server.accounts import add_account
from mem.server.intake import approve_candidate, list_candidates
from mem.server.storage import open_store

AGREED = "We agreed to negotiate a partial refund because the purchase was over 14 days ago on an Enterprise plan"
CHEMO = "We agreed to deliver before Monday because my chemo starts Monday"


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


def _decision(text):
    # stored as "none", as an older classifier (or a hand-made fact) left it: the later steps must still catch it
    return Fact.new("decision", text, evidence=[Evidence(log_id="c1", turn="1", role="customer", quote=text)],
                    policy_refs=[PolicyRef("refunds", 4)])


def _share(home, cid, texts, client, *, share=True):
    with CustomerStore.open(home, cid) as store:
        ids = [store.facts.add(_decision(text)).id for text in texts]
        store.consent.set(share=share)
    share_customer(home, cid, config=Config.load(), client=client)
    return ids


def _stored(workspace):
    return [json.dumps(row, ensure_ascii=False) for row in open_store(workspace).decisions()]


def test_a_sensitive_decision_never_reaches_the_server(workspace, live_server, isolated_env):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        _share(isolated_env, "cust-a", [CHEMO, AGREED], client)
    raw = b"".join(body for _, _, body in server.received).decode()
    assert "chemo" not in raw and "partial refund" in raw
    assert len(_stored(workspace)) == 1


def test_the_server_does_not_store_what_is_sensitive(workspace, live_server):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    record = {"pseudonym": "p-0123456789abcdef", "fact_ref": "0123456789abcdef",
              "condition": "the customer has HIV", "decision": "we agreed to ship in plain packaging",
              "policy_refs": [], "month": "2026-09"}
    with ServerClient(server.url, token=token) as client:
        answer = client.post_json("/v1/share", {"records": [record]})
    assert answer["refused_sensitive"] == 1 and answer["stored"] == 0
    assert open_store(workspace).decisions() == []


def test_rows_stored_before_are_not_proposed_and_promote_refuses_a_sensitive_wording(workspace, live_server,
                                                                                      isolated_env):
    from mem.knowhow.candidates import detect_candidates

    config = Config.load(workspace=workspace)
    rows = [{"pseudonym": f"p-{i:016x}", "fact_ref": f"{i:016x}", "condition": "my chemo starts Monday",
             "decision": "We agreed to deliver before Monday", "policy_refs": [], "month": None} for i in range(3)]
    assert detect_candidates(rows, settings=config.knowhow) == []

    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        for cid in ("cust-a", "cust-b", "cust-c"):
            _share(isolated_env, cid, [AGREED], client)
    [candidate] = list_candidates(workspace, config=config)
    with pytest.raises(Refused, match="sensitive topic"):
        approve_candidate(workspace, candidate["id"], by="ops-lead", config=config,
                          when="the customer was in hospital for cancer surgery")
    assert not list((workspace / "knowhow").glob("*.md"))


def test_lint_reports_a_sensitive_know_how_page(workspace, mem):
    page = workspace / "knowhow" / "kh-chemo.md"
    page.write_text("---\nid: kh-chemo\ntype: knowhow\ntitle: Chemo deliveries\nversion: 1\n---\n\n"
                    "When the customer's chemo starts soon: deliver before it.\n", encoding="utf-8")
    result = mem("--workspace", str(workspace), "lint", "--json")
    findings = json.loads(result.stdout)["findings"]
    assert any(f["rule"] == "sensitive-topic" and f["path"] == "knowhow/kh-chemo.md" for f in findings)
    assert result.exit_code == 1


def test_turning_sharing_off_withdraws_what_was_shared(workspace, live_server, isolated_env):
    config = Config.load(workspace=workspace)
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        for cid in ("cust-a", "cust-b", "cust-c"):
            _share(isolated_env, cid, [AGREED], client)
        assert list_candidates(workspace, config=config)[0]["customers"] == 3
        with CustomerStore.open(isolated_env, "cust-a") as store:
            store.consent.set(share=False)
        result = share_customer(isolated_env, "cust-a", config=config, client=client)
        assert result["withdrawn"] == 1 and result["sent"] == 0 and "sharing is off" in result["note"]
        assert len(_stored(workspace)) == 2
        assert list_candidates(workspace, config=config)[0]["customers"] == 2
        # nothing waits any more: the next share without consent is refused as before, and sends nothing
        before = len(server.received)
        with pytest.raises(Refused, match="not consented"):
            share_customer(isolated_env, "cust-a", config=config, client=client)
        assert len(server.received) == before
    sent = [json.loads(body) for _, path, body in server.received if path == "/v1/share"]
    assert all(set(body) == {"records", "withdrawn"} for body in sent)
    assert sent[-1]["records"] == []  # the withdrawal carries refs only


def test_an_erase_after_sharing_was_turned_off_is_withdrawn_by_sync(workspace, live_server, isolated_env):
    config = Config.load(workspace=workspace)
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        [fact_id] = _share(isolated_env, "kd1", [AGREED], client)
        assert len(_stored(workspace)) == 1
        with CustomerStore.open(isolated_env, "kd1") as store:
            erase_fact(store, fact_id)
            store.consent.set(share=False)
        assert push_withdrawals(isolated_env, config=config, client=client) == {"withdrawn": 1, "customers": 1}
        assert _stored(workspace) == []
        assert push_withdrawals(isolated_env, config=config, client=client) == {"withdrawn": 0, "customers": 0}


def test_sharing_turned_back_on_before_the_withdrawal_left_keeps_the_decision(workspace, live_server,
                                                                              isolated_env):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        _share(isolated_env, "cust-a", [AGREED], client)
        with CustomerStore.open(isolated_env, "cust-a") as store:
            store.consent.set(share=False)
            store.consent.set(share=True)
        share_customer(isolated_env, "cust-a", config=Config.load(), client=client)
        assert len(_stored(workspace)) == 1


def test_the_consent_command_withdraws_at_once_when_logged_in(workspace, live_server, isolated_env, mem):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        _share(isolated_env, "kd1", [AGREED], client)
    assert len(_stored(workspace)) == 1
    save_login(isolated_env, url=server.url, token=token)
    result = mem("consent", "-c", "kd1", "--share", "off", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["withdrawal"] == {"withdrawn": 1, "customers": 1}
    assert _stored(workspace) == []


def test_the_consent_command_before_login_says_the_withdrawal_waits(isolated_env, mem):
    with CustomerStore.open(isolated_env, "kd1") as store:
        store.facts.add(_decision(AGREED))
        store.consent.set(share=True)
    result = mem("consent", "-c", "kd1", "--share", "off")
    assert result.exit_code == 0 and "waits for the next mem share or mem sync" in result.stdout


def test_sync_withdraws_a_decision_erased_by_a_customer_who_still_shares(workspace, live_server, isolated_env):
    # New-user report 15, item 10: docs/server.md says sync sends the withdrawals of customers who erased
    # a shared decision; it sent them only for customers who do not share, so the erased decision stayed
    # on the server (and counted for a candidate) until the next `mem share`.
    config = Config.load(workspace=workspace)
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client:
        [erased, kept] = _share(isolated_env, "kd2", [AGREED, AGREED.replace("partial", "full")], client)
        assert len(_stored(workspace)) == 2
        with CustomerStore.open(isolated_env, "kd2") as store:
            erase_fact(store, erased)
            assert store.consent.current().share
        assert push_withdrawals(isolated_env, config=config, client=client) == {"withdrawn": 1, "customers": 1}
        [left] = _stored(workspace)
        assert "full refund" in left  # the decision still held is not withdrawn
        assert push_withdrawals(isolated_env, config=config, client=client) == {"withdrawn": 0, "customers": 0}
    sent = [json.loads(body) for _, path, body in server.received if path == "/v1/share"]
    assert sent[-1]["records"] == []  # refs only: sync shares nothing new
