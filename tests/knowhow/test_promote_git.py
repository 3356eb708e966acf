"""Promotion and the workspace's git history: numbers above every version the page id ever had
(NEWUSER_REPORT15 #9), and a rejection whose page was removed by hand (#11)."""

from __future__ import annotations

import subprocess

import pytest

from mem.core.config import Config
from mem.server.intake import approve_candidate, list_candidates, reject_candidate
from mem.server.storage import open_store
from mem.wiki.lint import lint_workspace
from mem.wiki.store import Wiki


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


def git(workspace, *args: str) -> str:
    return subprocess.run(["git", "-C", str(workspace), "-c", "user.name=ops", "-c", "user.email=o@x", *args],
                          check=True, capture_output=True, text=True).stdout.strip()


def _candidate(workspace) -> str:
    records = [{"pseudonym": f"p-{n:016d}", "fact_ref": f"ref-{n:016d}", "condition": "a lamp arrived scratched",
                "decision": "We waived the return fee", "policy_refs": [], "month": None} for n in range(3)]
    open_store(workspace).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    [row] = list_candidates(workspace, config=Config.load(workspace=workspace))
    return row["id"]


def version_findings(workspace) -> list[str]:
    report = lint_workspace(workspace, config=Config.load(workspace=workspace))
    return [f.message for f in report.findings if f.rule == "version-history"]


def test_approving_again_after_a_git_revert_numbers_above_the_reverted_version(workspace):
    config = Config.load(workspace=workspace)
    candidate = _candidate(workspace)
    first = approve_candidate(workspace, candidate, by="ops", config=config, page_id="kh-lamp")
    assert first["version"] == 1
    git(workspace, "revert", "--no-edit", first["commit"])
    assert not (workspace / "knowhow" / "kh-lamp.md").exists()
    again = approve_candidate(workspace, candidate, by="ops2", config=config, then="Skip the fee", page_id="kh-lamp")
    assert again["version"] == 2 and Wiki(workspace).get("kh-lamp").version == 2
    assert version_findings(workspace) == []


def test_rejecting_an_approved_candidate_whose_page_was_removed_says_so(workspace, mem):
    config = Config.load(workspace=workspace)
    candidate = _candidate(workspace)
    approve_candidate(workspace, candidate, by="ops", config=config, page_id="kh-lamp")
    git(workspace, "rm", "-q", "knowhow/kh-lamp.md")
    git(workspace, "commit", "-qm", "drop the lamp page")
    result = reject_candidate(workspace, candidate, by="ops", config=config)
    assert result["decision"] == "rejected" and "retired" not in result
    assert result["page_missing"] == "kh-lamp"
    [row] = list_candidates(workspace, config=config)
    assert row["status"] == "rejected"


def test_cli_reject_of_a_candidate_whose_page_was_removed_prints_no_empty_fields(workspace, mem):
    config = Config.load(workspace=workspace)
    candidate = _candidate(workspace)
    approve_candidate(workspace, candidate, by="ops", config=config, page_id="kh-lamp")
    git(workspace, "rm", "-q", "knowhow/kh-lamp.md")
    git(workspace, "commit", "-qm", "drop the lamp page")
    out = mem("--workspace", str(workspace), "promote", "--reject", candidate, "--by", "ops")
    assert out.exit_code == 0, out.stderr
    assert "retired" not in out.stdout and "kh-lamp" in out.stdout
