"""New-user report 14, sections 2 and 5 through the CLI: ingest, rename with its id, git rm, lint, bundle, sync, ask.

A page renamed the documented way (``git mv`` + ``id:``) and revised must flag the facts that cite its
old id, and the answer must carry the "older rule" note; a page removed with ``git rm`` is reported by
lint and flags the facts that cite it; ``mem ingest --retire DOC`` retires a document in one commit.
Only the linked customers are flagged.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from mem.customers import CustomerStore, Evidence, Fact, PolicyRef

POLICY = "# P\n\n## Refund window\n\nRefunds within 14 days of purchase.\n\n## Shipping\n\nShipping takes 3 days.\n"
WARRANTY = ("# Warranty\n\n## Hardware warranty\n\nHardware is covered for 24 months.\n\n"
            "## Liquid damage\n\nLiquid damage is covered for 12 months.\n")


def _fact(text: str, page: str) -> Fact:
    quote = Evidence(log_id="c1", turn="1", role="customer", quote=text)
    return Fact.new("decision", text, evidence=[quote], policy_refs=[PolicyRef(page, 1)], agreement=True)


def _git(ws: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True)


def _ok(result):
    assert result.exit_code == 0, result.stderr
    return result


def test_rename_and_removal_flag_only_the_linked_customers(mem, tmp_path, live_server, isolated_env):
    home = isolated_env
    ws = tmp_path / "ws"
    _ok(mem("init", ws))
    _ok(mem("--workspace", ws, "keys", "init"))
    policy, warranty = tmp_path / "p.md", tmp_path / "warranty.md"
    policy.write_text(POLICY)
    warranty.write_text(WARRANTY)
    _ok(mem("--workspace", ws, "ingest", policy, warranty))
    _ok(mem("--workspace", ws, "bundle", "build"))
    server = live_server(ws)
    _ok(mem("sync", "--server", server.url))
    facts = {}
    for customer, text, page in (("ann", "I bought a kettle 10 days ago, can I get a refund?", "refund-window"),
                                 ("lena", "Yes, we will repair the phone that got wet.", "liquid-damage"),
                                 ("otto", "Yes, we will ship the lamp by express.", "shipping")):
        with CustomerStore.open(home, customer) as store:
            facts[customer] = store.facts.add(_fact(text, page)).id

    # the documented rename, then a new edition of the document, and a page removed by hand
    _git(ws, "mv", "policies/refund-window.md", "policies/refund-period.md")
    renamed = ws / "policies" / "refund-period.md"
    renamed.write_text(renamed.read_text().replace("id: refund-window\n", "id: refund-period\n"))
    _git(ws, "commit", "-qam", "rename")
    policy.write_text(POLICY.replace("14 days", "7 days"))
    changes = json.loads(_ok(mem("--workspace", ws, "--json", "ingest", policy)).stdout)[0]["pages"]
    assert {"id": "refund-period", "title": "Refund window", "version": 2, "change": "revised"} in changes
    _git(ws, "rm", "-q", "policies/liquid-damage.md")
    _git(ws, "commit", "-qm", "drop liquid damage")
    lint = _ok(mem("--workspace", ws, "lint"))
    assert "[page-removed] policy page 'liquid-damage' v1 was removed" in lint.stdout
    assert "refund-window" not in lint.stdout  # a rename is not a removal

    _ok(mem("--workspace", ws, "bundle", "build"))
    synced = json.loads(_ok(mem("--json", "sync", "--server", server.url)).stdout)
    assert synced["flagged"] == {"ann": [facts["ann"]], "lena": [facts["lena"]]}  # not otto
    listed = json.loads(_ok(mem("--json", "facts", "list", "-c", "ann", "--recheck")).stdout)
    assert [f["recheck"]["reason"] for f in listed] == ["recheck needed: policy refund-window v1 → refund-period v2"]
    listed = json.loads(_ok(mem("--json", "facts", "list", "-c", "lena", "--recheck")).stdout)
    assert [f["recheck"]["reason"] for f in listed] == ["recheck needed: policy liquid-damage v1 was withdrawn"]
    assert json.loads(_ok(mem("--json", "facts", "list", "-c", "otto", "--recheck")).stdout) == []
    answer = _ok(mem("ask", "-c", "ann", "--no-learn", "Can I get a refund for the kettle I bought?")).stdout
    # the older-rule note and the conflict with the rule now in force, under the page's new id
    assert "recorded under refund-window v1; the current version is v2" in answer
    assert "The rule in force now is refund-period v2" in answer

    # the documented way to retire a document: one commit, the removed page back as deprecated, lint clean
    retired = json.loads(_ok(mem("--workspace", ws, "--json", "ingest", "--retire", "warranty.md")).stdout)[0]
    assert {(p["id"], p["version"], p["change"]) for p in retired["pages"]} == {
        ("hardware-warranty", 2, "deprecated"), ("liquid-damage", 2, "deprecated")}
    assert "page-removed" not in _ok(mem("--workspace", ws, "lint")).stdout
    bad = mem("--workspace", ws, "ingest", "--retire", "nothing.md")
    assert bad.exit_code == 2 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
