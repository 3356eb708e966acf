"""README and docs/wiki.md: one commit per ingested document, and `mem pages history` agrees with
`git log` of the page's file. The attack run found history borrowing another page's commits: git's
``--follow`` links a page added in the commit that deleted a similar one."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.history import page_history
from mem.wiki.page import Page
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

BODY = "Refunds are accepted within 14 days of purchase. After 14 days no refund is given.\n" * 5


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    yield init_workspace(tmp_path / "ws")
    clock.freeze(None)


def _page(page_id: str, version: int, body: str = BODY) -> Page:
    return Page(id=page_id, type="policy", title=page_id.title(), version=version,
                meta={"status": "active", "effective": "2026-01-01"}, body=body)


def _git_log(ws: Path, path: str) -> list[str]:
    """What `git log` (no rename following) says changed this file, oldest first."""
    return list(reversed(gitrepo._run(ws, "log", "--format=%H", "--", path).splitlines()))


def test_history_of_a_page_that_replaced_a_similar_one_is_its_own(ws):
    wiki = Wiki(ws)
    wiki.write([_page("refund-a", 1)], op="ingest", message="add a", log_title="a")
    wiki.write([_page("refund-a", 2, BODY + "More.\n")], op="ingest", message="revise a", log_title="a")
    wiki.write([_page("refund-b", 1, BODY + "More.\n")], op="ingest", message="b replaces a", log_title="b",
               delete=["refund-a"])
    history = page_history(ws, "refund-b")
    assert [(v.message, v.version) for v in history] == [("b replaces a", 1)]
    for page_id in ("refund-a", "refund-b"):
        assert [v.commit for v in page_history(ws, page_id)] == _git_log(ws, f"policies/{page_id}.md")


def test_every_ingest_is_one_commit_and_history_matches_git(ws, tmp_path):
    config = Config.load(workspace=ws, env={})
    for n, days in enumerate((30, 14, 7), start=1):
        doc = tmp_path / "refund.md"
        doc.write_text(f"# Refund policy\n\nRefunds are granted within {days} days of purchase.\n", encoding="utf-8")
        before = gitrepo._run(ws, "rev-list", "--count", "HEAD")
        [result] = ingest_documents(ws, [doc], config=config)
        assert int(gitrepo._run(ws, "rev-list", "--count", "HEAD")) == int(before) + 1
        assert gitrepo._run(ws, "rev-parse", "HEAD") == result.commit
        changed = gitrepo._run(ws, "show", "--name-only", "--format=", "HEAD").split()
        assert {"policies/refund-policy.md", "sources/refund.md", "log.md"} <= set(changed)
        history = page_history(ws, "refund-policy")
        assert [v.version for v in history] == list(range(1, n + 1))
        assert [v.commit for v in history] == _git_log(ws, "policies/refund-policy.md")
