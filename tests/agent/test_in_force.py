"""A draft, a not-yet-effective edition or a page with merge-conflict markers is never quoted to a
customer as the current rule: the agent answers from the latest edition in force and names the
upcoming one with its date (mem.wiki.in_force)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.service_memory import WorkspaceServiceMemory
from mem.wiki.workspace import init_workspace

DOC = "# Terms\n\n## Refunds\n\nRefunds are accepted within {days} days of purchase.\n\n" \
      "## Warranty\n\nThe hardware warranty lasts 12 months.\n"


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-12-05T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def ingest(ws: Path, tmp_path: Path, text: str, **options):
    doc = tmp_path / "terms.md"
    doc.write_text(text, encoding="utf-8")
    return ingest_documents(ws, [doc], config=config(ws), **options)[0]


def answer(ws: Path, question: str) -> str:
    from mem.agent.answering import answer_question

    return answer_question(question, service=WorkspaceServiceMemory(ws), customer=None).text


def edit(ws: Path, rel: str, old: str, new: str) -> None:
    path = ws / rel
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_future_edition_does_not_replace_the_rule_in_force(ws, tmp_path):
    ingest(ws, tmp_path, DOC.format(days=14))
    result = ingest(ws, tmp_path, DOC.format(days=7), effective="2027-03-01")
    assert result.upcoming == ["policies/refunds.md v2 takes effect on 2027-03-01: until then customers are "
                               "answered from v1 and told of v2 with its date"]
    memory = WorkspaceServiceMemory(ws)
    page = memory.get_page("refunds")
    assert page.version == 1 and "14 days" in page.body
    assert page.meta["upcoming"]["version"] == 2 and page.meta["upcoming"]["effective"] == "2027-03-01"
    assert [hit.page.version for hit in memory.search_pages("refund days", type="policy")][:1] == [1]
    text = answer(ws, "How many days do I have to ask for a refund?")
    assert "14 days" in text and "2027-03-01" in text and "Version 2 of Refunds" in text
    clock.freeze(clock.parse_datetime("2027-03-01T09:00:00Z"))
    assert WorkspaceServiceMemory(ws).get_page("refunds").version == 2
    assert "7 days" in answer(ws, "How many days do I have to ask for a refund?")


def test_a_draft_edition_is_never_served(ws, tmp_path):
    ingest(ws, tmp_path, DOC.format(days=14))
    edit(ws, "policies/warranty.md", "status: active", "status: draft")
    edit(ws, "policies/warranty.md", "version: 1", "version: 2")
    edit(ws, "policies/warranty.md", "12 months", "36 months")
    gitrepo._run(ws, "commit", "-qam", "draft")
    page = WorkspaceServiceMemory(ws).get_page("warranty")
    assert page.version == 1 and "12 months" in page.body and "upcoming" not in page.meta
    text = answer(ws, "How long is the hardware warranty?")
    assert "12 months" in text and "36" not in text


def test_a_new_page_not_in_force_yet_is_not_served(ws, tmp_path):
    result = ingest(ws, tmp_path, DOC.format(days=14), effective="2027-03-01")
    assert "it is not quoted to customers (no earlier version is in force)" in result.upcoming[0]
    memory = WorkspaceServiceMemory(ws)
    assert memory.pages("policy") == []
    assert memory.search_pages("refund", type="policy") == []


def test_a_page_with_conflict_markers_is_not_quoted(ws, tmp_path):
    ingest(ws, tmp_path, DOC.format(days=14))
    path = ws / "policies" / "refunds.md"
    head, body = path.read_text(encoding="utf-8").split("\n---\n", 1)
    conflict = "<<<<<<< HEAD\nItems must be unused or defective.\n=======\nItems must be unused.\n>>>>>>> legal"
    body = body.replace("Refunds are accepted within 14 days of purchase.", conflict)
    path.write_text(head + "\n---\n" + body, encoding="utf-8")
    edit(ws, "policies/refunds.md", "version: 1", "version: 2")
    gitrepo._run(ws, "commit", "-qam", "merge")
    page = WorkspaceServiceMemory(ws).get_page("refunds")
    assert page.version == 1 and "<<<<<<<" not in page.body
    assert "<<<<<<<" not in answer(ws, "Can I get a refund?")


def test_an_older_edition_saved_over_the_committed_one_is_not_served(ws, tmp_path):
    # NEWUSER_REPORT16 #3: an editor had refunds.md open while an ingest revised it, then saved its old buffer;
    # `mem ask` quoted the replaced edition without a word (a bundle, built from HEAD, never would)
    from mem.agent.answering import answer_question

    def ask(memory: WorkspaceServiceMemory):
        return answer_question("How many days do I have to ask for a refund?", service=memory, customer=None)

    ingest(ws, tmp_path, DOC.format(days=14))
    buffer = (ws / "policies" / "refunds.md").read_bytes()
    ingest(ws, tmp_path, DOC.format(days=7))
    memory = WorkspaceServiceMemory(ws)  # one memory for a session (mem ask --script, MCP): saved meanwhile
    assert "7 days" in ask(memory).text
    (ws / "policies" / "refunds.md").write_bytes(buffer)
    answered = ask(memory)
    assert "7 days" in answered.text and "14 days" not in answered.text
    assert [w for w in answered.warnings if "not committed" in w] == [
        "policies/refunds.md holds version 1, older than the committed version 2, and is not committed (an editor "
        "saving a page it had open before the last ingest?): answered from version 2; `git checkout -- "
        "policies/refunds.md` discards the older file"]
    page = WorkspaceServiceMemory(ws).get_page("refunds")
    assert page.version == 2 and "7 days" in page.body
    # an edit at a new version is the author's to try: answered from as it is, and said to be uncommitted
    edit(ws, "policies/refunds.md", "version: 1", "version: 3")
    edit(ws, "policies/refunds.md", "14 days", "21 days")
    answered = ask(memory)
    assert "21 days" in answered.text
    assert any(w.startswith("policies/refunds.md (version 3) is modified but not committed") for w in answered.warnings)
    gitrepo._run(ws, "checkout", "--", "policies/refunds.md")
    answered = ask(memory)
    assert "7 days" in answered.text and not any("not committed" in w for w in answered.warnings)
