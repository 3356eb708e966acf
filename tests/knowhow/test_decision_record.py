"""The promotion decisions in the intake store against the know-how pages in git (newuser26 #3): a ``git revert``
of a rejection's retirement re-activated a page legal had rejected while ``mem promote`` still said "rejected",
lint was silent and ``mem bundle build`` shipped it; a revert of an approval left "approved" with no page."""

from __future__ import annotations

import subprocess

import pytest

from mem.core.config import Config
from mem.core.errors import Refused
from mem.server.intake import approve_candidate, knowhow_decision_check, list_candidates, reject_candidate
from mem.wiki.lint import lint_workspace


def _git(workspace, *args: str) -> None:
    subprocess.run(["git", "-C", str(workspace), *args], check=True, capture_output=True)


def _findings(workspace, config, rule: str):
    report = lint_workspace(workspace, config=config, extra=[knowhow_decision_check(workspace, config)])
    return [f for f in report.findings if f.rule == rule]


def test_a_reverted_rejection_is_an_error_in_lint_and_the_bundle_refuses_it(workspace, share_decisions):
    config = Config.load(workspace=workspace)
    share_decisions(workspace, 3)
    [row] = list_candidates(workspace, config=config)
    page_id = approve_candidate(workspace, row["id"], by="ops", config=config)["page"]
    assert _findings(workspace, config, "knowhow-rejected") == []
    reject_candidate(workspace, row["id"], by="legal", config=config)  # retires the page (v2, deprecated)
    assert _findings(workspace, config, "knowhow-rejected") == []
    _git(workspace, "revert", "--no-edit", "HEAD")  # a colleague undoes legal's commit
    rel = workspace / "knowhow" / f"{page_id}.md"
    rel.write_text(rel.read_text(encoding="utf-8").replace("version: 1\n", "version: 3\n"), encoding="utf-8")
    _git(workspace, "commit", "-qam", "undo rejection")  # following version-history's advice
    [finding] = _findings(workspace, config, "knowhow-rejected")
    assert finding.path == f"knowhow/{page_id}.md" and finding.level == "error"
    assert "rejected by legal" in finding.message and f"--reopen {row['id']}" in finding.message
    from mem.server.bundle import lint_gate

    with pytest.raises(Refused, match="knowhow-rejected"):
        lint_gate(workspace, config, allow_lint_errors=False)


def test_a_reverted_approval_is_warned_as_an_approved_candidate_without_a_page(workspace, share_decisions):
    config = Config.load(workspace=workspace)
    share_decisions(workspace, 3)
    [row] = list_candidates(workspace, config=config)
    page_id = approve_candidate(workspace, row["id"], by="ops", config=config)["page"]
    assert _findings(workspace, config, "knowhow-page-missing") == []
    _git(workspace, "revert", "--no-edit", "HEAD")
    [finding] = _findings(workspace, config, "knowhow-page-missing")
    assert finding.path == f"knowhow/{page_id}.md" and finding.level == "warning"
    assert f"--approve {row['id']}" in finding.message
    approve_candidate(workspace, row["id"], by="ops", config=config)  # the documented way back
    assert _findings(workspace, config, "knowhow-page-missing") == []


def test_cli_lint_reports_the_rejected_page(workspace, mem, share_decisions):
    config = Config.load(workspace=workspace)
    share_decisions(workspace, 3)
    [row] = list_candidates(workspace, config=config)
    approve_candidate(workspace, row["id"], by="ops", config=config)
    reject_candidate(workspace, row["id"], by="legal", config=config)
    _git(workspace, "revert", "--no-edit", "HEAD")
    result = mem("--workspace", str(workspace), "lint")
    assert result.exit_code == 1 and "knowhow-rejected" in result.stdout


def test_no_store_no_decision_check(workspace):
    assert knowhow_decision_check(workspace, Config.load(workspace=workspace)) is None
