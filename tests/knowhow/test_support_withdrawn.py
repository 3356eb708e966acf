"""Approved know-how whose supporting customers withdrew (NEWUSER_REPORT15 #6): it stays listed, lint warns,
and ``mem promote --reject`` retires its page — before, the candidate vanished from `mem promote`,
`--reject` said "no candidate" and the page kept saying "3 distinct customers" in every bundle."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.core.errors import Refused
from mem.server.intake import approve_candidate, list_candidates, reject_candidate
from mem.server.storage import open_store
from mem.wiki.store import Wiki


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


def _share(workspace, customers: int) -> list[str]:
    refs = [f"ref-{n:016d}" for n in range(customers)]
    records = [{"pseudonym": f"p-{n:016d}", "fact_ref": ref, "condition": "the restocking fee applies to a return",
                "decision": "We waived the restocking fee", "policy_refs": [], "month": None}
               for n, ref in enumerate(refs)]
    open_store(workspace).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    return refs


def _approved(workspace, config):
    [row] = list_candidates(workspace, config=config)
    result = approve_candidate(workspace, row["id"], by="ops", config=config)
    return row["id"], result["page"]


def _support_warnings(workspace, config):
    from mem.server.intake import knowhow_support_check
    from mem.wiki.lint import lint_workspace

    report = lint_workspace(workspace, config=config, extra=[knowhow_support_check(workspace, config)])
    return [f for f in report.findings if f.rule == "knowhow-support"]


def test_approved_know_how_whose_customers_all_withdrew_stays_listed_warned_and_rejectable(workspace):
    config = Config.load(workspace=workspace)
    refs = _share(workspace, 3)
    candidate, page_id = _approved(workspace, config)
    assert _support_warnings(workspace, config) == []
    open_store(workspace).remove_decisions("shop-a", refs)  # every customer turned sharing off or erased
    [row] = list_candidates(workspace, config=config)
    assert (row["id"], row["status"], row["customers"]) == (candidate, "approved", 0)
    assert row["then"] and "support fell" in row["note"] and f"--reject {candidate}" in row["note"]
    [warning] = _support_warnings(workspace, config)
    assert warning.path == f"knowhow/{page_id}.md" and warning.level == "warning"
    assert "0 of the 3" in warning.message and f"mem promote --reject {candidate}" in warning.message
    with pytest.raises(Refused, match="no customer's decision supports it any more"):
        approve_candidate(workspace, candidate, by="ops", config=config)
    result = reject_candidate(workspace, candidate, by="ops", config=config)
    page = Wiki(workspace).get(page_id)
    assert result["retired"]["page"] == page_id and result["retired"]["version"] == 2 == page.version
    assert page.status == "deprecated"
    assert _support_warnings(workspace, config) == []  # retired: nothing left to warn about


def test_support_below_the_threshold_warns_and_a_proposal_approved_below_it_does_not(workspace):
    config = Config.load(workspace=workspace)
    refs = _share(workspace, 3)
    candidate, _ = _approved(workspace, config)
    open_store(workspace).remove_decisions("shop-a", refs[:1])
    [row] = list_candidates(workspace, config=config)
    assert row["customers"] == 2 and "support fell" in row["note"]
    [warning] = _support_warnings(workspace, config)
    assert "2 of the 3" in warning.message


def test_a_proposal_the_operator_approved_below_the_threshold_is_not_warned_while_its_support_holds(tmp_path):
    from mem.wiki.workspace import init_workspace

    workspace = init_workspace(tmp_path / "ws")
    config = Config.load(workspace=workspace)
    refs = _share(workspace, 2)  # knowhow.min_customers 3: a proposal
    _approved(workspace, config)
    assert _support_warnings(workspace, config) == []
    open_store(workspace).remove_decisions("shop-a", refs[:1])
    [warning] = _support_warnings(workspace, config)
    assert "1 of the 2" in warning.message


def test_lint_without_a_server_store_has_no_support_check(workspace):
    from mem.server.intake import knowhow_support_check

    assert knowhow_support_check(workspace, Config.load(workspace=workspace)) is None


def test_cli_lint_in_the_servers_workspace_warns(workspace, mem):
    config = Config.load(workspace=workspace)
    refs = _share(workspace, 3)
    candidate, page_id = _approved(workspace, config)
    open_store(workspace).remove_decisions("shop-a", refs)
    result = mem("--workspace", str(workspace), "lint")
    assert result.exit_code == 0 and f"knowhow/{page_id}.md" in result.stdout and "knowhow-support" in result.stdout
    assert mem("--workspace", str(workspace), "lint", "--strict").exit_code == 1


# new-user report 27 #11: the support count after a withdrawal read "0 of the 2" while the other customer's matching
# decision was still shared. The approved candidate's id came from the decision that founded it; when that decision
# was withdrawn, the remaining one founded the situation anew under another id, too weak to be listed.
@pytest.mark.parametrize("withdrawn", [0, 1, 2])
def test_support_counts_the_customers_left_when_the_founding_decision_is_withdrawn(workspace, withdrawn):
    config = Config.load(workspace=workspace)
    items = ["kettle", "blender", "toaster"]
    refs = [f"ref-{n:016d}" for n in range(3)]
    records = [{"pseudonym": f"p-{n:016d}", "fact_ref": ref, "condition": f"the restocking fee applies to my {item}",
                "decision": "We waived the restocking fee", "policy_refs": [], "month": None}
               for n, (ref, item) in enumerate(zip(refs, items, strict=True))]
    open_store(workspace).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    [row] = list_candidates(workspace, config=config)
    assert row["customers"] == 3
    candidate, _page = _approved(workspace, config)
    open_store(workspace).remove_decisions("shop-a", [refs[withdrawn]])
    rows = list_candidates(workspace, config=config)
    assert [(r["id"], r["status"], r["customers"]) for r in rows] == [(candidate, "approved", 2)]
    assert "note" not in rows[0] or "support fell to 0" not in rows[0]["note"]
