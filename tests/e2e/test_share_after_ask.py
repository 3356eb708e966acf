"""End-to-end: after `mem ask`, extraction runs and then, only with consent, anonymised decisions are shared."""

from __future__ import annotations

import json

import pytest

AGREED = "We agreed to a partial refund because the purchase was 18 days ago on an Enterprise plan"


@pytest.fixture
def setup(mem, tmp_path, live_server):
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n", encoding="utf-8")
    assert mem("--workspace", ws, "ingest", doc, "--id", "refund-policy").exit_code == 0
    token = json.loads(mem("--workspace", ws, "accounts", "add", "shop-a", "--json").stdout)["token"]
    server = live_server(ws)
    assert mem("login", "--server", server.url, "--token", token).exit_code == 0
    return ws, server


def _customer_with_a_decision(home, customer_id, *, share):
    from mem.customers import CustomerStore, Evidence, Fact, PolicyRef

    with CustomerStore.open(home, customer_id) as store:
        store.facts.add(Fact.new("decision", AGREED, evidence=[Evidence(log_id="c0", turn="1", role="customer",
                                                                        quote=AGREED)],
                           policy_refs=[PolicyRef("refund-policy", 1)]))
        if share:
            store.consent.set(share=True)


def test_with_consent_decisions_are_shared_after_the_answer(mem, setup, isolated_env):
    ws, server = setup
    _customer_with_a_decision(isolated_env, "cust-s", share=True)
    result = mem("--workspace", ws, "ask", "-c", "cust-s", "Can I get a refund after 20 days?")
    assert result.exit_code == 0, result.stderr
    assert "Sources:" in result.stdout
    assert "shared with the service, anonymised and with consent: 1 decision fact" in result.stderr
    shared = [json.loads(body) for method, path, body in server.received if path == "/v1/share"]
    assert len(shared) == 1 and len(shared[0]["records"]) == 1
    assert b"cust-s" not in b"".join(body for _, _, body in server.received)


def test_without_consent_nothing_is_sent(mem, setup, isolated_env):
    ws, server = setup
    _customer_with_a_decision(isolated_env, "cust-n", share=False)
    result = mem("--workspace", ws, "ask", "-c", "cust-n", "Can I get a refund after 20 days?")
    assert result.exit_code == 0, result.stderr
    assert "sharing: the customer has not consented" in result.stderr
    assert [path for _, path, _ in server.received if path == "/v1/share"] == []


def test_agreement_evidence_reaches_the_service_when_the_conversation_ends(mem, setup, isolated_env):
    """Reference flow step 8 (docs/design.md): the evidence sentences of a new agreement go to the evidence store,
    nothing else."""
    ws, server = setup
    script = isolated_env.parent / "agreement.jsonl"
    script.write_text(json.dumps({"text": "Could you refund 30% of the training credits as an exception?"}) + "\n",
                      encoding="utf-8")
    from mem.customers import CustomerStore, Evidence, Fact

    with CustomerStore.open(isolated_env, "cust-e") as store:  # an agreement saved earlier, still queued
        quote = "Could we agree on a 30% refund of the training credits?"
        store.facts.add(Fact.new("decision", quote, agreement=True,
                                 evidence=[Evidence(log_id="c0", turn="1", role="customer", quote=quote)]))
    result = mem("--workspace", ws, "ask", "-c", "cust-e", "--script", script)
    assert result.exit_code == 0, result.stderr
    assert "agreement evidence sent to the service's evidence store" in result.stderr
    bodies = [json.loads(body) for method, path, body in server.received if path == "/v1/evidence"]
    assert bodies and bodies[0]["records"][0]["quotes"] == [quote]
    assert set(bodies[0]["records"][0]) == {"fact_id", "customer_id", "date", "quotes"}
    with CustomerStore.open(isolated_env, "cust-e") as store:
        assert list(store.outbox.pending()) == []


def test_offline_the_evidence_stays_queued(mem, setup, isolated_env):
    ws, server = setup
    from mem.customers import CustomerStore, Evidence, Fact

    with CustomerStore.open(isolated_env, "cust-q") as store:
        store.facts.add(Fact.new("decision", AGREED, agreement=True,
                                 evidence=[Evidence(log_id="c0", turn="1", role="customer", quote=AGREED)]))
    server.stop()
    result = mem("--workspace", ws, "ask", "-c", "cust-q", "Can I get a refund after 20 days?")
    assert result.exit_code == 0, result.stderr
    assert "agreement evidence stays queued" in result.stderr
    with CustomerStore.open(isolated_env, "cust-q") as store:
        assert len(list(store.outbox.pending())) == 1


def test_one_store_open_per_ask_for_answer_extraction_evidence_and_sharing(mem, setup, isolated_env, monkeypatch):
    """Learning is one pass over the store the conversation holds: answering, logging, extraction,
    the evidence push and sharing (consent checked once) open the customer's store exactly once."""
    ws, server = setup
    from mem.customers import CustomerStore, Evidence, Fact

    with CustomerStore.open(isolated_env, "cust-1") as store:
        store.facts.add(Fact.new("decision", AGREED, agreement=True,
                                 evidence=[Evidence(log_id="c0", turn="1", role="customer", quote=AGREED)]))
        store.consent.set(share=True)
    opened = []
    real_open = CustomerStore.open.__func__

    def counting_open(cls, home, customer_id, **kwargs):
        opened.append(customer_id)
        return real_open(cls, home, customer_id, **kwargs)

    monkeypatch.setattr(CustomerStore, "open", classmethod(counting_open))
    result = mem("--workspace", ws, "ask", "-c", "cust-1", "I bought it 20 days ago, can I get a refund?")
    assert result.exit_code == 0, result.stderr
    assert opened == ["cust-1"]
    # …and in that one pass every step ran: extraction, the evidence push and the consented share
    assert "learnt after the conversation" in result.stderr
    assert "agreement evidence sent to the service's evidence store: 1 item" in result.stderr
    assert "shared with the service, anonymised and with consent: 1 decision fact" in result.stderr
    paths = [path for _, path, _ in server.received]
    assert paths.count("/v1/evidence") == 1 and paths.count("/v1/share") == 1
