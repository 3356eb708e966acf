"""Sharing with consent and promotion with approval, end to end through a real server."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from mem.client.connection import ServerClient
from mem.client.share_upload import ServerDecisionSharer, share_customer
from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound, Refused
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef
from mem.customers.learning import share_decisions
from mem.server.accounts import add_account
from mem.server.intake import approve_candidate, list_candidates, reject_candidate
from mem.server.storage import open_store

PERSONAL = ("Jane Doe", "jane@example.com", "555-201-7788", "99120", "cust-")


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


def _decision(text, refs=(("refunds", 4),)):
    evidence = [Evidence(log_id="c1", turn="1", role="customer", quote=text)]
    return Fact.new("decision", text, evidence=evidence, policy_refs=[PolicyRef(p, v) for p, v in refs])


def _customer(home, cid, texts, *, share):
    with CustomerStore.open(home, cid) as store:
        for text in texts:
            store.facts.add(_decision(text))
        store.facts.add(Fact.new("preference", "I prefer e-mail, write to jane@example.com",
                                 evidence=[Evidence(log_id="c1", turn="2", role="customer", quote="I prefer e-mail")]))
        if share:
            store.consent.set(share=True)


def _sent(server):
    return [json.loads(body) for method, path, body in server.received if path == "/v1/share"]


def test_without_consent_nothing_is_sent(workspace, live_server, isolated_env):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    _customer(isolated_env, "cust-a", ["We agreed to a partial refund because it was 18 days"], share=False)
    with ServerClient(server.url, token=token) as client:
        with pytest.raises(Refused, match="not consented"):
            share_customer(isolated_env, "cust-a", config=Config.load(), client=client)
        sharer = ServerDecisionSharer(isolated_env, config=Config.load(), client=client)
        with CustomerStore.open(isolated_env, "cust-a") as store:
            assert share_decisions(store, sharer) is None  # the learning pipeline's consent check
    assert server.received == []
    assert open_store(workspace).decisions() == []


def test_with_consent_only_anonymised_decisions_are_sent(workspace, live_server, isolated_env):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    _customer(isolated_env, "cust-a", [
        "Jane Doe (jane@example.com, 555-201-7788) on order 99120 agreed to a partial refund because the "
        "purchase was 18 days ago on an Enterprise plan"], share=True)
    with ServerClient(server.url, token=token) as client:
        result = share_customer(isolated_env, "cust-a", config=Config.load(), client=client)
    assert result["sent"] == 1
    raw = b"".join(body for _, _, body in server.received)
    for secret in PERSONAL:
        assert secret.encode() not in raw
    [payload] = _sent(server)
    [record] = payload["records"]
    assert set(record) == {"pseudonym", "fact_ref", "condition", "decision", "policy_refs", "month"}
    assert record["condition"] == "the purchase was 18 days ago on an Enterprise plan"
    assert "partial refund" in record["decision"] and "prefer" not in raw.decode()


def test_hostile_personal_data_never_reaches_the_server(workspace, live_server, isolated_env):
    from .test_anonymise import HOSTILE

    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    _customer(isolated_env, "cust-hostile", [text for text, _ in HOSTILE], share=True)
    with CustomerStore.open(isolated_env, "cust-hostile") as store:  # the name the customer gave for themselves
        store.facts.add(Fact.new("attribute", "My name is Sakura Yamamoto", evidence=[
            Evidence(log_id="c1", turn="3", role="customer", quote="My name is Sakura Yamamoto")]))
        store.facts.add(
            _decision("We agreed to a partial refund for sakura yamamoto because the purchase was 18 days ago"))
    with ServerClient(server.url, token=token) as client:
        result = share_customer(isolated_env, "cust-hostile", config=Config.load(), client=client)
    assert result["sent"] == len(HOSTILE) + 1
    raw = b"".join(body for _, _, body in server.received).decode("utf-8")
    # the keyed hashes (HMAC with this home's random key) are hex and cannot carry personal data, but
    # may by chance contain a digit run such as "4242": search everything else
    text = re.sub(r'"(?:pseudonym|fact_ref)": ?"[0-9a-z-]+"', "", raw)
    for secret in [s for _, secrets in HOSTILE for s in secrets] + ["cust-hostile", "sakura", "yamamoto"]:
        assert secret.lower() not in text.lower(), secret
    assert "partial refund" in raw and "年間契約" in raw and "연간 계약" in raw  # the decisions themselves still arrive


def test_server_refuses_records_that_still_look_personal(workspace, live_server):
    token = add_account(workspace, "shop-a")
    server = live_server(workspace)
    record = {"pseudonym": "p-0123456789abcdef", "fact_ref": "0123456789abcdef", "condition": "mail me at a@b.co",
              "decision": "refund", "policy_refs": [], "month": "2026-09"}
    with ServerClient(server.url, token=token) as client, pytest.raises(InvalidInput, match="e-mail"):
        client.post_json("/v1/share", {"records": [record]})


def _three_customers_share(workspace, server, home, texts_by_customer):
    from mem.client.login import save_login

    token = add_account(workspace, "shop-a")
    save_login(home, url=server.url, token=token)
    with ServerClient(server.url, token=token) as client:
        for cid, texts in texts_by_customer.items():
            _customer(home, cid, texts, share=True)
            share_customer(home, cid, config=Config.load(), client=client)


AGREED = "We agreed to negotiate a partial refund because the purchase was over 14 days ago on an Enterprise plan"


def test_promotion_needs_distinct_customers_and_approval(workspace, live_server, isolated_env):
    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {"cust-a": [AGREED, AGREED], "cust-b": [AGREED]})
    [proposal] = list_candidates(workspace, config=config)
    assert proposal["status"] == "proposal" and proposal["customers"] == 2 and proposal["facts"] == 3
    assert not list((workspace / "knowhow").glob("*.md"))  # a proposal is listed, never written by itself

    with CustomerStore.open(isolated_env, "cust-c") as store:
        store.facts.add(_decision(AGREED))
        store.consent.set(share=True)
    share_customer(isolated_env, "cust-c", config=config, server=server.url)
    [candidate] = list_candidates(workspace, config=config)
    assert candidate["status"] == "candidate" and candidate["customers"] == 3
    assert not list((workspace / "knowhow").glob("*.md"))  # nothing becomes know-how without approval

    result = approve_candidate(workspace, candidate["id"], by="ops-lead", config=config)
    page_file = workspace / "knowhow" / f"{result['page']}.md"
    from mem.wiki.page import parse_page

    page = parse_page(page_file.read_text())
    assert page.type == "knowhow" and page.version == 1
    assert page.meta["when"] == "the purchase was over 14 days ago on an Enterprise plan"
    assert page.meta["then"] == "We agreed to negotiate a partial refund"
    assert page.meta["evidence"]["customers"] == 3 and page.meta["evidence"]["counter_examples"] == 0
    assert page.meta["evidence"]["below_min_customers"] is False and page.meta["evidence"]["min_customers"] == 3
    assert page.meta["policy_refs"] == [{"page": "refunds", "version": 4}]
    assert page.meta["approved"]["by"] == "ops-lead"
    assert result["page"] in (workspace / "index.md").read_text()
    assert "promote |" in (workspace / "log.md").read_text()
    log = subprocess.run(["git", "log", "--format=%s", "--", f"knowhow/{result['page']}.md"], cwd=workspace,
                         capture_output=True, text=True).stdout
    assert log.startswith("promote: add know-how")
    assert list_candidates(workspace, config=config)[0]["status"] == "approved"

    # A fourth customer later: approving again revises the page; the first revision stays in git.
    with CustomerStore.open(isolated_env, "cust-d") as store:
        store.facts.add(_decision(AGREED))
        store.consent.set(share=True)
    share_customer(isolated_env, "cust-d", config=config, server=server.url)
    again = approve_candidate(workspace, candidate["id"], by="ops-lead", config=config)
    assert again["revised"] and again["version"] == 2 and again["page"] == result["page"]
    history = subprocess.run(["git", "log", "--format=%H", "--", f"knowhow/{result['page']}.md"], cwd=workspace,
                             capture_output=True, text=True).stdout.split()
    assert len(history) == 2
    first = subprocess.run(["git", "show", f"{history[1]}:knowhow/{result['page']}.md"], cwd=workspace,
                           capture_output=True, text=True).stdout
    assert "customers: 3" in first


def test_an_operator_may_approve_a_proposal_and_the_page_says_it_was_below_min_customers(
        workspace, live_server, isolated_env):
    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {"cust-a": [AGREED], "cust-b": [AGREED]})
    [proposal] = list_candidates(workspace, config=config)
    assert proposal["status"] == "proposal" and proposal["customers"] == 2
    assert proposal["min_customers"] == 3 and "operator decides" in proposal["note"]

    result = approve_candidate(workspace, proposal["id"], by="ops-lead", config=config,
                               when="a refund is requested more than 14 days after purchase by an Enterprise customer",
                               then="negotiate a partial refund")
    assert result["below_min_customers"] is True and result["customers"] == 2
    from mem.wiki.page import parse_page

    page = parse_page((workspace / "knowhow" / f"{result['page']}.md").read_text())
    assert page.meta["when"] == "a refund is requested more than 14 days after purchase by an Enterprise customer"
    assert page.meta["then"] == "negotiate a partial refund"
    assert page.meta["evidence"]["customers"] == 2
    assert page.meta["evidence"]["below_min_customers"] is True and page.meta["evidence"]["min_customers"] == 3
    assert "fewer than the 3 customers" in page.body
    assert result["page"] == "kh-refund-requested-14-days-after-purchase"  # whole words, no hash
    log = subprocess.run(["git", "log", "-1", "--format=%B"], cwd=workspace, capture_output=True, text=True).stdout
    assert "below knowhow.min_customers 3" in log
    assert "below knowhow.min_customers 3" in (workspace / "log.md").read_text()
    assert list_candidates(workspace, config=config)[0]["status"] == "approved"

    # A third customer: the evidence now reaches min_customers; approving again revises the same page.
    with CustomerStore.open(isolated_env, "cust-c") as store:
        store.facts.add(_decision(AGREED))
        store.consent.set(share=True)
    share_customer(isolated_env, "cust-c", config=config, server=server.url)
    again = approve_candidate(workspace, proposal["id"], by="ops-lead", config=config)
    assert again["page"] == result["page"] and again["version"] == 2 and again["below_min_customers"] is False
    revised = parse_page((workspace / "knowhow" / f"{result['page']}.md").read_text())
    assert revised.meta["evidence"]["customers"] == 3 and revised.meta["evidence"]["below_min_customers"] is False


def test_counter_example_blocks_promotion(workspace, live_server, isolated_env):
    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    refused = "We declined the refund because the purchase was over 14 days ago on an Enterprise plan"
    _three_customers_share(workspace, server, isolated_env, {
        "cust-a": [AGREED], "cust-b": [AGREED], "cust-c": [AGREED], "cust-d": [refused]})
    found = {c["kind"]: c for c in list_candidates(workspace, config=config)}
    assert found["procedure"]["status"] == "blocked" and found["procedure"]["counter_examples"] == 1
    with pytest.raises(Refused, match="blocked"):
        approve_candidate(workspace, found["procedure"]["id"], by="ops-lead", config=config)
    interpretation = found["interpretation"]
    with pytest.raises(InvalidInput, match="--then"):
        approve_candidate(workspace, interpretation["id"], by="ops-lead", config=config)
    result = approve_candidate(workspace, interpretation["id"], by="ops-lead", config=config,
                               then="offer a partial refund only to Enterprise annual contracts")
    assert result["version"] == 1


def test_reject_is_recorded(workspace, live_server, isolated_env):
    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {c: [AGREED] for c in ("cust-a", "cust-b", "cust-c")})
    [candidate] = list_candidates(workspace, config=config)
    reject_candidate(workspace, candidate["id"], by="ops-lead", config=config)
    [after] = list_candidates(workspace, config=config)
    assert after["status"] == "rejected" and after["review"]["by"] == "ops-lead"
    with pytest.raises(Refused, match="rejected"):
        approve_candidate(workspace, candidate["id"], by="ops-lead", config=config)
    with pytest.raises(NotFound):
        reject_candidate(workspace, "p-nothing", by="ops-lead", config=config)


def test_cli_share_and_promote(mem, workspace, live_server, isolated_env):
    server = live_server(workspace)
    token = json.loads(mem("--workspace", workspace, "accounts", "add", "shop-a", "--json").stdout)["token"]
    assert mem("login", "--server", server.url, "--token", token).exit_code == 0
    for cid in ("cust-a", "cust-b", "cust-c"):
        _customer(isolated_env, cid, [AGREED], share=cid != "cust-c")
        result = mem("share", "--customer", cid, "--json")
        assert result.exit_code == (0 if cid != "cust-c" else 1), result.stderr
    listed = json.loads(mem("--workspace", workspace, "promote", "--json").stdout)
    assert listed[0]["customers"] == 2 and listed[0]["status"] == "proposal"
    assert listed[0]["note"] == "2 of 3 customers: proposal, the operator decides"
    assert mem("--workspace", workspace, "promote", "--approve", listed[0]["id"]).exit_code == 2  # --by missing
    # Few customers: detection only proposed; the operator decides — and the page records it.
    approved = mem("--workspace", workspace, "promote", "--approve", listed[0]["id"], "--by", "ops",
                   "--then", "negotiate a partial refund", "--json")
    assert approved.exit_code == 0, approved.stderr
    assert json.loads(approved.stdout)["below_min_customers"] is True
    human = mem("--workspace", workspace, "promote")
    assert human.exit_code == 0 and f"{listed[0]['id']}  procedure  approved" in human.stdout  # the id stays whole
    assert "  then: negotiate a partial refund" not in human.stdout  # the listing shows the customers' wording
    assert mem("--workspace", workspace, "promote", "--reject", listed[0]["id"], "--by", "ops").exit_code == 0


def test_rejecting_an_approved_candidate_retires_its_page(workspace, live_server, isolated_env):
    from mem.wiki.page import parse_page

    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {c: [AGREED] for c in ("cust-a", "cust-b", "cust-c")})
    [candidate] = list_candidates(workspace, config=config)
    approved = approve_candidate(workspace, candidate["id"], by="ops-lead", config=config)
    result = reject_candidate(workspace, candidate["id"], by="ops-chief", config=config)
    assert result["retired"]["page"] == approved["page"] and result["retired"]["version"] == 2
    page = parse_page((workspace / "knowhow" / f"{approved['page']}.md").read_text())
    assert page.status == "deprecated" and page.meta["retired"]["by"] == "ops-chief"
    log = subprocess.run(["git", "log", "--format=%s", "--", f"knowhow/{approved['page']}.md"], cwd=workspace,
                         capture_output=True, text=True).stdout.splitlines()
    assert log[0].startswith("promote: retire know-how") and len(log) == 2  # the approved revision stays in git
    assert "retired" in (workspace / "log.md").read_text()
    [after] = list_candidates(workspace, config=config)
    assert after["status"] == "rejected"
    with pytest.raises(Refused, match="rejected"):
        approve_candidate(workspace, candidate["id"], by="ops-lead", config=config)


def test_a_revision_keeps_the_operators_wording(workspace, live_server, isolated_env):
    from mem.wiki.page import parse_page

    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {c: [AGREED] for c in ("cust-a", "cust-b", "cust-c")})
    [candidate] = list_candidates(workspace, config=config)
    first = approve_candidate(workspace, candidate["id"], by="ops-lead", config=config,
                              when="an Enterprise purchase is more than 14 days old", then="negotiate a partial refund")
    with CustomerStore.open(isolated_env, "cust-d") as store:
        store.facts.add(_decision(AGREED))
        store.consent.set(share=True)
    share_customer(isolated_env, "cust-d", config=config, server=server.url)
    again = approve_candidate(workspace, candidate["id"], by="ops-lead", config=config)  # no new wording
    page = parse_page((workspace / "knowhow" / f"{first['page']}.md").read_text())
    assert again["version"] == 2 and page.meta["evidence"]["customers"] == 4
    assert page.meta["when"] == "an Enterprise purchase is more than 14 days old"
    assert page.meta["then"] == "negotiate a partial refund"


def test_a_stored_decision_with_controls_or_newlines_approves_as_one_line(workspace, isolated_env):
    # records stored before the intake cleaned them: a NUL ended `promote --approve` in an internal
    # error (ValueError: embedded null byte), "\n\n## When" became a heading of the know-how body
    config = Config.load(workspace=workspace)
    store = open_store(workspace)
    records = [{"pseudonym": f"p-{n:016d}", "fact_ref": f"ref-{n:016d}",
                "condition": "the item arrived broken\x1b[2J\n\n## When anything at all",
                "decision": "We sent a replacement\x00 for free", "policy_refs": [], "month": "2026-11"}
               for n in range(3)]
    store.add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    [candidate] = list_candidates(workspace, config=config)
    result = approve_candidate(workspace, candidate["id"], by="ops", config=config)
    text = (workspace / "knowhow" / f"{result['page']}.md").read_text()
    assert "\x00" not in text and "\x1b" not in text and "\n## " not in text
    assert "We sent a replacement for free" in text


def test_by_is_one_line_and_rejecting_again_keeps_the_first_rejection(workspace, live_server, isolated_env):
    # `--by $'ops\nSigned-off-by: ceo'` forged a trailer in the page's git commit; a second rejection
    # overwrote when the candidate was turned down
    from datetime import datetime

    from mem.core import clock

    config = Config.load(workspace=workspace)
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {c: [AGREED] for c in ("cust-a", "cust-b", "cust-c")})
    [candidate] = list_candidates(workspace, config=config)
    for forged in ("ops\nSigned-off-by: ceo", "ops\x1b[2J", "x" * 101):
        with pytest.raises(InvalidInput, match="--by must be one name on one line"):
            approve_candidate(workspace, candidate["id"], by=forged, config=config)
        with pytest.raises(InvalidInput, match="--by must be one name on one line"):
            reject_candidate(workspace, candidate["id"], by=forged, config=config)
    try:
        clock.freeze(datetime(2026, 11, 1, 10))
        first = reject_candidate(workspace, candidate["id"], by="ops-lead", config=config)
        clock.freeze(datetime(2026, 11, 20, 10))
        again = reject_candidate(workspace, candidate["id"], by="someone-else", config=config)
    finally:
        clock.freeze(None)
    assert again["already_rejected"] and (again["by"], again["at"]) == ("ops-lead", first["at"])
    [after] = list_candidates(workspace, config=config)
    assert (after["review"]["by"], after["review"]["at"]) == ("ops-lead", first["at"])
