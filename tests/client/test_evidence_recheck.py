"""Movement 5 flags exactly the linked facts; agreement evidence reaches the evidence store (and only it)."""

from __future__ import annotations

import json

import pytest

from mem.client.connection import ServerClient
from mem.client.evidence_push import push_evidence
from mem.client.sync import sync
from mem.core.config import Config
from mem.core.errors import NetworkError
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef
from mem.server.accounts import add_account
from mem.server.bundle import build_bundle
from mem.server.evidence_store import list_evidence, show_evidence

from .conftest import write_page


def _fact(text, *, refs=(), agreement=False, kind="decision"):
    quote = Evidence(log_id="c1", turn="1", role="customer", quote=text)
    return Fact.new(kind, text, evidence=[quote], policy_refs=[PolicyRef(p, v) for p, v in refs], agreement=agreement)


def _sync(home, url, **kw):
    return sync(home, config=Config.load(home=home), server=url, **kw)


def test_policy_change_flags_exactly_the_linked_facts(workspace, live_server, isolated_env):
    home = isolated_env
    build_bundle(workspace, config=Config.load(workspace=workspace))
    server = live_server(workspace)
    with CustomerStore.open(home, "cust-a") as store:
        old = store.facts.add(_fact("We agreed to a 50% refund.", refs=[("refunds", 3)])).id
        current = store.facts.add(_fact("We agreed on express shipping.", refs=[("shipping", 1)])).id
        unlinked = store.facts.add(_fact("I bought a lamp last week.", kind="event")).id
    with CustomerStore.open(home, "cust-b") as store:
        other = store.facts.add(_fact("I accept the partial refund.", refs=[("refunds", 2)])).id
        newer = store.facts.add(_fact("We agreed under the new rule.", refs=[("refunds", 4)])).id
    # First sync: the client learns refunds is at v3, so the fact made under v2 is already out of date.
    assert _sync(home, server.url, push_evidence=False)["flagged"] == {"cust-b": [other]}
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    build_bundle(workspace, config=Config.load(workspace=workspace))
    result = _sync(home, server.url, push_evidence=False)
    assert result["flagged"] == {"cust-a": [old], "cust-b": [other]}
    with CustomerStore.open(home, "cust-a") as store:
        assert store.facts.get(old).recheck.reason == "recheck needed: policy refunds v3 → v4"
        assert not store.facts.get(current).recheck.flag and not store.facts.get(unlinked).recheck.flag
    with CustomerStore.open(home, "cust-b") as store:
        assert store.facts.get(other).recheck.reason == "recheck needed: policy refunds v2 → v4"
        assert not store.facts.get(newer).recheck.flag
    assert not any(path.startswith("/v1/evidence") for _, path, _ in server.received)  # nothing left the client


def test_a_rebuilt_state_flags_the_facts_its_lost_sync_never_flagged(workspace, live_server, isolated_env,
                                                                      monkeypatch):
    """The sync that installed v4 died before flagging, then state.json was damaged: the rebuild flags."""
    from mem.customers import policy_change

    home = isolated_env
    build_bundle(workspace, config=Config.load(workspace=workspace))
    server = live_server(workspace)
    _sync(home, server.url, push_evidence=False)
    with CustomerStore.open(home, "cust-a") as store:
        old = store.facts.add(_fact("We agreed to a 50% refund.", refs=[("refunds", 3)])).id
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    build_bundle(workspace, config=Config.load(workspace=workspace))
    with monkeypatch.context() as patch:
        patch.setattr(policy_change, "flag_each_customer", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt))
        with pytest.raises(KeyboardInterrupt):
            _sync(home, server.url, push_evidence=False)
    (home / "bundle" / "state.json").write_text("{")
    result = _sync(home, server.url, push_evidence=False)
    assert result["recovered"]["version"] == 2 and result["flagged"] == {"cust-a": [old]}
    with CustomerStore.open(home, "cust-a") as store:
        assert store.facts.get(old).recheck.reason == "recheck needed: policy refunds v3 → v4"


def test_evidence_push_sends_only_evidence_sentences(workspace, live_server, isolated_env):
    home = isolated_env
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with CustomerStore.open(home, "cust-a") as store:
        agreed = store.facts.add(_fact("We agreed to a 50% partial refund.", refs=[("refunds", 3)], agreement=True)).id
        store.facts.add(_fact("I prefer email over phone, my number is 010-1234-5678.", kind="preference"))
    with ServerClient(server.url, token=token) as client:
        assert push_evidence(home, client=client) == {"sent": 1, "customers": 1, "opened": 1}
        assert push_evidence(home, client=client)["sent"] == 0  # marked sent, not repeated
    [(method, path, body)] = [r for r in server.received if r[1] == "/v1/evidence"][:1]
    sent = json.loads(body)["records"]
    assert sent == [{"fact_id": agreed, "customer_id": "cust-a", "date": sent[0]["date"],
                     "quotes": ["We agreed to a 50% partial refund."]}]
    assert b"010-1234-5678" not in b"".join(r[2] for r in server.received)
    [record] = list_evidence(workspace)
    assert record["fact_id"] == agreed and record["account"] == "shop-a"
    assert show_evidence(workspace, record["id"])["quotes"] == ["We agreed to a 50% partial refund."]


def test_evidence_push_masks_card_data_and_keeps_the_local_evidence_verbatim(workspace, live_server, isolated_env):
    # new-user report 11, section 2: a card number typed into the request reached the server's evidence store
    home = isolated_env
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    said = "Please refund the double charge on my card 4111 1111 1111 1111, expiry 09/28, CVV 737."
    with CustomerStore.open(home, "cust-a") as store:
        store.facts.add(_fact(said, agreement=True))
    with ServerClient(server.url, token=token) as client:
        assert push_evidence(home, client=client)["sent"] == 1
    sent = b"".join(r[2] for r in server.received)
    assert b"4111" not in sent and b"09/28" not in sent and b"737" not in sent
    [record] = list_evidence(workspace)
    assert show_evidence(workspace, record["id"])["quotes"] == [
        "Please refund the double charge on my card [card number], expiry [expiry], CVV [security code]."]
    with CustomerStore.open(home, "cust-a") as store:
        [fact] = store.facts.list()
        assert fact.evidence[0].quote == said  # the client's own evidence is not touched


def test_evidence_push_for_one_customer(workspace, live_server, isolated_env):
    home = isolated_env
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    for cid in ("cust-a", "cust-b"):
        with CustomerStore.open(home, cid) as store:
            store.facts.add(_fact(f"We agreed to a partial refund for {cid}.", agreement=True))
    with ServerClient(server.url, token=token) as client:
        assert push_evidence(home, client=client, customer_id="cust-b") == {"sent": 1, "customers": 1, "opened": 1}
        assert push_evidence(home, client=client, customer_id="nobody") == {"sent": 0, "customers": 0}
    assert [r["customer_id"] for r in list_evidence(workspace)] == ["cust-b"]
    with CustomerStore.open(home, "cust-a") as store:
        assert len(store.outbox.pending()) == 1  # still queued for the next push


def test_evidence_is_queued_while_offline_and_sent_by_sync(workspace, live_server, isolated_env):
    from mem.client.login import save_login

    home = isolated_env
    token = add_account(workspace, "shop-a")
    build_bundle(workspace, config=Config.load(workspace=workspace))
    with CustomerStore.open(home, "cust-a") as store:
        store.facts.add(_fact("We agreed to a 50% partial refund.", agreement=True))
    with ServerClient("http://127.0.0.1:9", token=token, timeout=2) as offline, pytest.raises(NetworkError):
        push_evidence(home, client=offline)
    with CustomerStore.open(home, "cust-a") as store:
        assert len(store.outbox.pending()) == 1
    server = live_server(workspace)
    save_login(home, url=server.url, token=token)
    result = _sync(home, None)
    assert result["evidence"] == {"sent": 1, "customers": 1, "opened": 1}
    assert len(list_evidence(workspace)) == 1


def test_server_refuses_extra_fields(workspace, live_server):
    from mem.core.errors import InvalidInput

    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    with ServerClient(server.url, token=token) as client, pytest.raises(InvalidInput, match="exactly"):
        client.post_json("/v1/evidence", {"records": [{"fact_id": "f", "customer_id": "c", "quotes": ["q"],
                                                       "text": "the whole fact"}]})


def test_cli_evidence_list_and_show(mem, workspace):
    from mem.server.storage import open_store

    open_store(workspace).add_evidence("shop-a", [{"fact_id": "F1", "customer_id": "cust-a", "date": "2026-09-28",
                                                  "quotes": ["annual contract, so 50% as an exception"]}],
                                       received_at="2026-10-01T00:00:00Z")
    listed = mem("--workspace", workspace, "evidence", "list", "--json")
    assert listed.exit_code == 0, listed.stderr
    [record] = json.loads(listed.stdout)
    shown = json.loads(mem("--workspace", workspace, "evidence", "show", str(record["id"]), "--json").stdout)
    assert shown["quotes"] == ["annual contract, so 50% as an exception"]
    assert mem("--workspace", workspace, "evidence", "show", "999").exit_code == 2
    human = mem("--workspace", workspace, "evidence", "list").stdout
    assert f"{record['id']}  customer cust-a  fact F1  date 2026-09-28" in human
    assert '"annual contract, so 50% as an exception"' in human  # the quote whole, not squeezed into a column


def test_evidence_show_with_an_id_no_record_can_have_is_one_line(mem, workspace):
    # an id past 64 bits was "internal error: OverflowError" from SQLite
    for huge in ("999999999999999999999", "9223372036854775808", "0", "-1"):
        result = mem("--workspace", workspace, "evidence", "show", "--", huge)
        assert result.exit_code == 2 and result.stderr == f"Error: no evidence record {int(huge)}\n", result.stderr


def test_a_sync_opens_only_the_customers_written_to_since_their_last_drain(workspace, live_server, isolated_env,
                                                                           monkeypatch):
    # new-user report 23 #5: every `mem sync` opened every customer's store (~33 ms of CPU each) to drain
    # outboxes that were empty; with thousands of customers it ran for minutes with nothing to send
    from mem.client.share_upload import push_withdrawals
    from mem.customers import store as store_module
    from mem.customers.erase import erase_fact

    home = isolated_env
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    for n in range(4):
        with CustomerStore.open(home, f"c{n}") as store:
            store.facts.add(_fact(f"I prefer email, customer {n}.", kind="preference"))
    opened: list[str] = []
    real_init = store_module.CustomerStore.__init__

    def counting(self, folder, customer_id, lock):
        opened.append(customer_id)
        real_init(self, folder, customer_id, lock)

    monkeypatch.setattr(store_module.CustomerStore, "__init__", counting)
    config = Config.load(home=home)
    with ServerClient(server.url, token=token) as client:
        assert push_evidence(home, client=client) == {"sent": 0, "customers": 4, "opened": 4}
        push_withdrawals(home, config=config, client=client)
        opened.clear()
        assert push_evidence(home, client=client) == {"sent": 0, "customers": 4, "opened": 0}
        assert push_withdrawals(home, config=config, client=client)["withdrawn"] == 0
        assert opened == []  # nothing written since: no store opened
        with CustomerStore.open(home, "c2") as store:
            agreed = store.facts.add(_fact("We agreed to a partial refund.", agreement=True)).id
        with CustomerStore.open(home, "c3") as store:
            decision = store.facts.add(_fact("We decided to waive the fee.")).id
        push_withdrawals(home, config=config, client=client)  # c3's decision is not shared: nothing to withdraw
        opened.clear()
        assert push_evidence(home, client=client) == {"sent": 1, "customers": 4, "opened": 2}
        assert sorted(opened) == ["c2", "c3"]
        push_withdrawals(home, config=config, client=client)  # c2's evidence marked sent is a write: looked at once
        with CustomerStore.open(home, "c3") as store:
            erase_fact(store, decision)
        opened.clear()
        push_withdrawals(home, config=config, client=client)
        assert opened == ["c3"]  # the erase is a write: its withdrawal is looked at
    [record] = list_evidence(workspace)
    assert record["fact_id"] == agreed
