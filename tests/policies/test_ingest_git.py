"""Ingest and git: committed hand edits, the source file's commit, concurrent runs, unresolved merges."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict
from mem.policies.ingest import ingest_documents
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

POL = "# P\n\n## Refunds\n\nRefund in 14 days.\n\n## Shipping\n\nShip in 2 days.\n"


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def config_for(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def git(ws: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(ws), *args], check=True, capture_output=True, text=True).stdout


def hand_edit(ws: Path, page: str, old: str, new: str, *, commit: bool = True) -> None:
    path = ws / "policies" / f"{page}.md"
    path.write_text(path.read_text().replace(old, new, 1))
    if commit:
        git(ws, "-c", "user.name=legal", "-c", "user.email=l@x", "commit", "-qam", "legal: clarify")


def test_a_committed_hand_edit_survives_when_its_section_did_not_change(ws, tmp_path):
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    hand_edit(ws, "refunds", "Refund in 14 days. [", "Refund in 14 days. Hand edit from legal team. [")
    doc.write_text(POL.replace("2 days", "3 days"))
    [result] = ingest_documents(ws, [doc], config=config_for(ws))
    changes = {p.id: (p.version, p.change) for p in result.pages}
    # legal's text was committed under the number ingest's text had: the page keeps the edit and gets a number
    # of its own, so the facts made under the ingested v1 are rechecked (NEWUSER_REPORT15 #11)
    assert changes == {"refunds": (2, "renumbered"), "shipping": (2, "revised")}
    refunds = Wiki(ws).get("refunds")
    assert "Hand edit from legal team." in refunds.body
    assert refunds.sources[0]["sha256"] == result.sha256  # the citation follows the new bytes
    assert git(ws, "status", "--porcelain") == ""
    doc.write_text(POL.replace("2 days", "3 days").replace("14 days", "21 days"))  # now the section changes
    with pytest.raises(Conflict, match="policies/refunds.md was edited by hand"):
        ingest_documents(ws, [doc], config=config_for(ws))


def test_a_committed_hand_edit_whose_section_changed_too_is_refused_naming_the_page(ws, tmp_path):
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    hand_edit(ws, "refunds", "Refund in 14 days. [", "Refund in 14 days. Hand edit from legal team. [")
    head = git(ws, "rev-parse", "HEAD")
    doc.write_text(POL.replace("14 days", "21 days"))
    with pytest.raises(Conflict) as err:
        ingest_documents(ws, [doc], config=config_for(ws))
    message = str(err.value)
    assert "policies/refunds.md" in message and "\n" not in message and "git checkout" in message
    assert git(ws, "rev-parse", "HEAD") == head and git(ws, "status", "--porcelain") == ""


def test_a_page_without_hand_edits_is_revised_as_before(ws, tmp_path):
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    git(ws, "-c", "user.name=r", "-c", "user.email=r@x", "commit", "-q", "--allow-empty", "-m", "unrelated")
    doc.write_text(POL.replace("14 days", "21 days"))
    [result] = ingest_documents(ws, [doc], config=config_for(ws))
    assert {p.id: p.change for p in result.pages} == {"refunds": "revised", "shipping": "source-updated"}
    assert "21 days" in Wiki(ws).get("refunds").body


def test_ingesting_the_kept_source_file_commits_it(ws, tmp_path):
    doc = tmp_path / "r2.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    kept = ws / "sources" / "r2.md"
    kept.write_text(POL.replace("14 days", "12 days"))  # lint's source-hash fix: re-ingest sources/FILE
    [result] = ingest_documents(ws, [kept], config=config_for(ws))
    assert result.commit and {p.id: p.change for p in result.pages}["refunds"] == "revised"
    assert git(ws, "status", "--porcelain") == ""
    assert "sources/r2.md" in git(ws, "show", "--name-only", "--format=", "HEAD").split()


def _shared_headings(tmp_path: Path, name: str, word: str, n: int) -> Path:
    sections = "".join(f"## Topic {i}\n\n{word} rule number {i} applies.\n\n" for i in range(n))
    path = tmp_path / name
    path.write_text(f"# {word} terms\n\n{sections}")
    return path


def _mem(ws: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "MEM_SEMANTIC": "off"}
    return subprocess.Popen([sys.executable, "-m", "mem", "--workspace", str(ws), *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_an_ingest_that_committed_meanwhile_is_seen_before_writing(ws, tmp_path, monkeypatch):
    # Process A plans; process B ingests a document with the same headings and commits; A then writes.
    # A planned against a wiki without B's pages, so it "created" them over B's: it must re-plan.
    import mem.policies.ingest as ingest

    retail = _shared_headings(tmp_path, "retail.md", "Retail", 5)
    airline = _shared_headings(tmp_path, "airline.md", "Airline", 5)
    planned = ingest._plan_document

    def plan_then_let_b_commit(*args, **kwargs):
        plan = planned(*args, **kwargs)
        if not (ws / "sources" / "airline.md").exists():
            other = _mem(ws, "ingest", str(airline))
            assert other.wait(timeout=120) == 0, other.stderr.read() if other.stderr else ""
        return plan

    monkeypatch.setattr(ingest, "_plan_document", plan_then_let_b_commit)
    with pytest.raises(Conflict, match="belongs to sources/airline.md"):
        ingest_documents(ws, [retail], config=config_for(ws))
    assert all("Airline rule" in Wiki(ws).get(f"topic-{i}").body for i in range(5))
    assert git(ws, "status", "--porcelain") == ""


def test_two_concurrent_ingests_of_documents_sharing_headings_never_overwrite_each_other(ws, tmp_path):
    retail = _shared_headings(tmp_path, "retail.md", "Retail", 40)
    airline = _shared_headings(tmp_path, "airline.md", "Airline", 40)
    runs = [_mem(ws, "ingest", str(retail)), _mem(ws, "ingest", str(airline))]
    outcomes = [(run.wait(timeout=300), run.stderr.read() if run.stderr else "") for run in runs]
    assert sorted(code for code, _ in outcomes) == [0, 1], outcomes
    [(_, refusal)] = [(code, err) for code, err in outcomes if code == 1]
    assert refusal.startswith("Error: page ") and "belongs to sources/" in refusal and "Traceback" not in refusal
    winner = "retail" if outcomes[0][0] == 0 else "airline"
    pages = Wiki(ws).pages("policy")
    assert len(pages) == 40 and all(p.sources[0]["id"] == winner for p in pages)
    assert git(ws, "status", "--porcelain") == ""
    lint = _mem(ws, "lint")
    assert lint.wait(timeout=120) == 0, lint.stdout.read() if lint.stdout else ""


def test_ingest_during_an_unresolved_merge_is_one_line_with_the_fix(ws, tmp_path):
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    ident = ("-c", "user.name=r", "-c", "user.email=r@x")
    git(ws, "checkout", "-qb", "legal")
    hand_edit(ws, "refunds", "Refund in 14 days. [", "Refund in 30 days. [")
    git(ws, "checkout", "-q", "-")
    hand_edit(ws, "refunds", "Refund in 14 days. [", "Refund in 7 days. [")
    merge = subprocess.run(["git", "-C", str(ws), *ident, "merge", "-q", "legal"], capture_output=True)
    assert merge.returncode != 0  # the conflict waits for the operator
    head = git(ws, "rev-parse", "HEAD")
    doc.write_text(POL.replace("2 days", "3 days"))
    result = _mem(ws, "ingest", str(doc))
    assert result.wait(timeout=120) == 1
    err = result.stderr.read() if result.stderr else ""
    assert err.startswith("Error: a git merge is in progress") and "git merge --abort" in err
    assert len(err.strip().splitlines()) == 1 and git(ws, "rev-parse", "HEAD") == head
    assert "2 days" in (ws / "policies" / "shipping.md").read_text()


# --- git states (NEWUSER_REPORT15 #11) ----------------------------------------------------------


def _changes(result) -> dict[str, tuple[int, str]]:
    return {p.id: (p.version, p.change) for p in result.pages}


def test_a_branch_not_merged_yet_does_not_renumber_an_unchanged_page(ws, tmp_path):
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    git(ws, "checkout", "-qb", "alice")
    doc.write_text(POL.replace("14 days", "21 days"))
    [alice] = ingest_documents(ws, [doc], config=config_for(ws))
    assert _changes(alice)["refunds"] == (2, "revised")
    git(ws, "checkout", "-q", "-")
    doc.write_text(POL.replace("2 days", "3 days"))  # bob changes only the other section
    [bob] = ingest_documents(ws, [doc], config=config_for(ws))
    assert _changes(bob) == {"refunds": (1, "source-updated"), "shipping": (2, "revised")}
    message = git(ws, "log", "-1", "--format=%B")
    assert "renumbered" not in message and "revert" not in message


def _rebase_with_a_conflict(ws: Path, tmp_path: Path) -> Path:
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    git(ws, "checkout", "-qb", "topic")
    hand_edit(ws, "refunds", "Refund in 14 days. [", "Refund in 30 days. [")
    git(ws, "checkout", "-q", "-")
    hand_edit(ws, "refunds", "Refund in 14 days. [", "Refund in 7 days. [")
    git(ws, "checkout", "-q", "topic")
    rebase = subprocess.run(["git", "-C", str(ws), "-c", "user.name=r", "-c", "user.email=r@x", "rebase", "-q",
                             "-"], capture_output=True)
    assert rebase.returncode != 0  # the conflict waits for the operator
    doc.write_text(POL.replace("2 days", "3 days"))
    return doc


def test_ingest_during_a_rebase_with_conflicts_left_names_the_rebase_not_yaml(ws, tmp_path):
    doc = _rebase_with_a_conflict(ws, tmp_path)
    head = git(ws, "rev-parse", "HEAD")
    result = _mem(ws, "ingest", str(doc))
    assert result.wait(timeout=120) == 1
    err = result.stderr.read() if result.stderr else ""
    assert err.startswith("Error: a git rebase is in progress") and "git rebase --continue" in err
    assert "git rebase --abort" in err and "YAML" not in err and len(err.strip().splitlines()) == 1
    assert git(ws, "rev-parse", "HEAD") == head


def test_ingest_during_a_rebase_with_conflicts_resolved_is_refused(ws, tmp_path):
    from mem.core.errors import Refused

    doc = _rebase_with_a_conflict(ws, tmp_path)
    git(ws, "checkout", "--theirs", "policies/refunds.md")
    git(ws, "add", "policies/refunds.md")
    head = git(ws, "rev-parse", "HEAD")
    with pytest.raises(Refused, match="a git rebase is in progress"):
        ingest_documents(ws, [doc], config=config_for(ws))
    assert git(ws, "rev-parse", "HEAD") == head


def test_ingest_on_a_detached_head_commits_and_warns(ws, tmp_path):
    from mem.wiki.store import DetachedHead

    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    git(ws, "checkout", "-q", "--detach")
    doc.write_text(POL.replace("2 days", "3 days"))
    detached = r"HEAD is detached: commit \w{12} is on no branch .* `git switch -c NAME`"
    with pytest.warns(DetachedHead, match=detached):
        [result] = ingest_documents(ws, [doc], config=config_for(ws))
    assert result.commit and git(ws, "rev-parse", "HEAD").strip() == result.commit


def test_cli_ingest_on_a_detached_head_prints_one_warning_line(ws, tmp_path):
    doc = tmp_path / "pol.md"
    doc.write_text(POL)
    ingest_documents(ws, [doc], config=config_for(ws))
    git(ws, "checkout", "-q", "--detach")
    doc.write_text(POL.replace("2 days", "3 days"))
    run = _mem(ws, "ingest", str(doc))
    assert run.wait(timeout=120) == 0
    err = run.stderr.read() if run.stderr else ""
    assert [line for line in err.splitlines() if line.startswith("warning:")] == [
        line for line in err.splitlines() if "HEAD is detached" in line]
    assert "HEAD is detached" in err
