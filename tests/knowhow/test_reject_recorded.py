"""Rejections are recorded in git as approvals are, and a rejection made in error can be reversed (newuser26 #9):
rejecting a proposal left no commit and no log.md line (only the git-ignored store), and no command undid it."""

from __future__ import annotations

import subprocess

import pytest

from mem.core.config import Config
from mem.core.errors import Refused
from mem.server.intake import approve_candidate, list_candidates, reject_candidate, reopen_candidate
from mem.wiki.store import Wiki


@pytest.fixture
def workspace(workspace, share_decisions):
    share_decisions(workspace, 2)  # knowhow.min_customers 3: a proposal
    return workspace


def _git(workspace, *args: str) -> str:
    return subprocess.run(["git", "-C", str(workspace), *args], check=True, capture_output=True, text=True).stdout


def test_rejecting_a_proposal_is_a_commit_by_the_rejecter_with_a_log_line(workspace):
    config = Config.load(workspace=workspace)
    [row] = list_candidates(workspace, config=config)
    assert row["status"] == "proposal"
    before = _git(workspace, "rev-parse", "HEAD").strip()
    result = reject_candidate(workspace, row["id"], by="ops-lead", config=config)
    assert result["commit"] and result["commit"] != before
    assert _git(workspace, "log", "-1", "--format=%an|%s").strip() == (
        f"ops-lead|promote: know-how candidate {row['id']} rejected (by ops-lead)"
    )
    log = (workspace / "log.md").read_text(encoding="utf-8")
    assert f"candidate {row['id']} (procedure) rejected by ops-lead" in log
    # the candidate's words stay out of git: text no operator approved for the wiki (review, rfixr26)
    assert "restocking" not in _git(workspace, "log", "-1", "--format=%B") + log
    again = reject_candidate(workspace, row["id"], by="someone", config=config)
    assert again["already_rejected"] and _git(workspace, "rev-parse", "HEAD").strip() == result["commit"]


def test_a_rejection_in_error_is_reopened_recorded_and_approvable_again(workspace):
    config = Config.load(workspace=workspace)
    [row] = list_candidates(workspace, config=config)
    reject_candidate(workspace, row["id"], by="ops-lead", config=config)
    with pytest.raises(Refused, match="was rejected"):
        approve_candidate(workspace, row["id"], by="ops-lead", config=config)
    result = reopen_candidate(workspace, row["id"], by="ops-lead", config=config)
    assert result["decision"] == "reopened" and result["was_rejected_by"] == "ops-lead"
    assert (
        _git(workspace, "log", "-1", "--format=%an|%s")
        .strip()
        .endswith(f"candidate {row['id']} reopened (by ops-lead)")
    )
    assert "reopened by ops-lead" in (workspace / "log.md").read_text(encoding="utf-8")
    assert "restocking" not in _git(workspace, "log", "-1", "--format=%B")
    [listed] = list_candidates(workspace, config=config)
    assert listed["status"] == "proposal" and "reopened by ops-lead" in listed["note"]
    approved = approve_candidate(workspace, row["id"], by="ops-lead", config=config)
    assert Wiki(workspace).get(approved["page"]).status == "active"
    with pytest.raises(Refused, match="not rejected"):
        reopen_candidate(workspace, row["id"], by="ops-lead", config=config)


def test_reopening_a_rejection_that_retired_a_page_revises_that_page_when_approved_again(workspace):
    config = Config.load(workspace=workspace)
    [row] = list_candidates(workspace, config=config)
    page_id = approve_candidate(workspace, row["id"], by="ops", config=config)["page"]
    reject_candidate(workspace, row["id"], by="legal", config=config)
    assert Wiki(workspace).get(page_id).status == "deprecated"
    reopen_candidate(workspace, row["id"], by="legal", config=config)
    assert Wiki(workspace).get(page_id).status == "deprecated"  # what ships changes only by an approval
    again = approve_candidate(workspace, row["id"], by="ops", config=config)
    page = Wiki(workspace).get(page_id)
    assert again["page"] == page_id and page.status == "active" and page.version == 3 and "retired" not in page.meta


def test_cli_reopen(workspace, mem):
    config = Config.load(workspace=workspace)
    [row] = list_candidates(workspace, config=config)
    ws = str(workspace)
    assert mem("--workspace", ws, "promote", "--reject", row["id"], "--by", "ops").exit_code == 0
    assert mem("--workspace", ws, "promote", "--reopen", row["id"]).exit_code != 0  # --by is required
    result = mem("--workspace", ws, "promote", "--reopen", row["id"], "--by", "ops")
    assert result.exit_code == 0 and "reopened" in result.stdout
    assert mem("--workspace", ws, "promote", "--reopen", row["id"], "--reject", row["id"], "--by", "x").exit_code == 2
