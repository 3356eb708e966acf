"""Page history from git: versions, the page at version N, diffs — the same story as `git log -p policies/`."""

from __future__ import annotations

import pytest

from mem.core.errors import NotFound
from mem.wiki import gitrepo
from mem.wiki.history import page_at, page_diff, page_history, page_text_at
from mem.wiki.page import Page
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace


def page(version: int, text: str, source: str = "sources/r.pdf") -> Page:
    return Page("refund", "policy", "Refund policy", version,
                {"status": "active", "effective": "2026-01-01", "sources": [{"file": source, "sha256": "x"}]}, text)


@pytest.fixture
def ws(tmp_path):
    ws = init_workspace(tmp_path / "ws")
    wiki = Wiki(ws)
    wiki.write([page(1, "Within 30 days.")], op="ingest", message="ingest: Refund policy v1 (sources/r.pdf)")
    wiki.write([page(2, "Within 14 days.", "sources/r4.pdf")], op="ingest",
               message="ingest: Refund policy v2 (sources/r4.pdf)")
    wiki.write([page(3, "Within 7 days.")], op="ingest", message="ingest: Refund policy v3 (sources/r.pdf)")
    return ws


def test_history_lists_versions_oldest_first(ws):
    history = page_history(ws, "refund")
    assert [v.version for v in history] == [1, 2, 3]
    assert history[1].message == "ingest: Refund policy v2 (sources/r4.pdf)"
    assert history[1].sources == ("sources/r4.pdf",)
    git_story = gitrepo._run(ws, "log", "--format=%H", "--", "policies/refund.md").splitlines()
    assert [v.commit for v in reversed(history)] == git_story


def test_page_at_version(ws):
    assert "30 days" in page_at(ws, "refund", 1).body
    assert page_at(ws, "refund").version == 3
    assert "version: 2" in page_text_at(ws, "refund", 2)
    with pytest.raises(NotFound, match="no version 9 .known: 1, 2, 3"):
        page_at(ws, "refund", 9)
    with pytest.raises(NotFound):
        page_history(ws, "nope")


def test_diff_defaults_and_explicit(ws):
    latest = page_diff(ws, "refund")
    assert "-Within 14 days." in latest and "+Within 7 days." in latest and "(v2)" in latest
    assert "-Within 30 days." in page_diff(ws, "refund", 1) and "+Within 7 days." in page_diff(ws, "refund", 1)
    assert page_diff(ws, "refund", 2, 2) == ""
    assert page_diff(ws, "refund", 1, 2).count("\n-version: 1") == 1


def test_history_follows_a_renamed_page(ws):
    gitrepo._run(ws, "mv", "policies/refund.md", "policies/refunds.md")
    moved = (ws / "policies/refunds.md").read_text().replace("id: refund\n", "id: refunds\n")
    (ws / "policies/refunds.md").write_text(moved)
    gitrepo.commit(ws, ["policies/refund.md", "policies/refunds.md"], "rename refund → refunds")
    history = page_history(ws, "refunds")
    assert [v.version for v in history] == [1, 2, 3, 3] and history[0].path == "policies/refund.md"
    assert "30 days" in page_at(ws, "refunds", 1).body
