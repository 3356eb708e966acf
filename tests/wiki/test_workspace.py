"""`mem init`: the workspace layout, .gitignore, one commit, refusal to overwrite; service context items."""

from __future__ import annotations

import pytest

from mem.core.config import Config, render_template
from mem.core.errors import Conflict
from mem.wiki import gitrepo
from mem.wiki.index import render_index
from mem.wiki.service_context import parse_items, read_items
from mem.wiki.workspace import init_workspace


def test_layout_and_single_commit(tmp_path):
    ws = init_workspace(tmp_path / "ws")
    for name in ("mem.toml", "context.md", "index.md", "log.md", ".gitignore"):
        assert (ws / name).is_file(), name
    for folder in ("policies", "knowhow", "sources", ".git"):
        assert (ws / folder).is_dir(), folder
    assert (ws / "mem.toml").read_text() == render_template()
    assert Config.load(workspace=ws, env={}).workspace == ws
    assert (ws / "index.md").read_text() == render_index([])
    assert gitrepo._run(ws, "log", "--format=%s").splitlines() == ["init: new mem workspace"]
    assert gitrepo._run(ws, "status", "--porcelain") == ""


def test_gitignore_keeps_state_and_customer_data_out(tmp_path):
    ws = init_workspace(tmp_path / "ws")
    for rel in (".mem/vault/key", "customers/c1/memory.db", "data.db", "logs/a.jsonl", "x.sqlite"):
        path = ws / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("secret")
    assert gitrepo._run(ws, "status", "--porcelain", "--untracked-files=all") == ""


def test_refuses_an_existing_workspace(tmp_path):
    ws = init_workspace(tmp_path / "ws")
    (ws / "context.md").write_text("- mine\n")
    with pytest.raises(Conflict, match="already holds a workspace"):
        init_workspace(ws)
    assert (ws / "context.md").read_text() == "- mine\n"
    (tmp_path / "file").write_text("x")
    with pytest.raises(Conflict, match="not a folder"):
        init_workspace(tmp_path / "file")


def test_existing_git_repository_is_reused(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    gitrepo.init_repo(repo)
    (repo / ".gitignore").write_text("*.tmp\n")
    init_workspace(repo)
    text = (repo / ".gitignore").read_text()
    assert text.startswith("*.tmp\n") and "/.mem/" in text


def test_context_items():
    text = "# Service context\n\nIntro text.\n\n- Be kind.\n- State your grounds:\n  cite the page.\n" \
           "1. Numbered item\n\n```\n- not an item\n```\n"
    assert parse_items(text) == ["Be kind.", "State your grounds: cite the page.", "Numbered item"]


def test_read_items_of_a_new_workspace(tmp_path):
    ws = init_workspace(tmp_path / "ws")
    assert read_items(ws)[0] == "Be kind and concise."
    assert read_items(tmp_path) == []


def test_neither_side_of_a_merge_conflict_in_context_md_is_an_item():
    # NEWUSER_REPORT15 #4: both sides became instructions ("5 items injected" where 3 were meant)
    text = ("# Service context\n\n- Be kind.\n<<<<<<< HEAD\n- Always answer in English.\n=======\n"
            "- Always answer in French.\n>>>>>>> other\n- Cite the page.\n")
    assert parse_items(text) == ["Be kind.", "Cite the page."]
