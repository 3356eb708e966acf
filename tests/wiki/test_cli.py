"""`mem init` and `mem pages …` from the command line."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def ws(mem, tmp_path):
    assert mem("init", tmp_path / "ws").exit_code == 0
    ws = tmp_path / "ws"
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\nRefunds within 30 days.\n")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    doc.write_text("# Refund policy\n\nRefunds within 14 days.\n")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    return ws


def test_init_creates_and_refuses_twice(mem, tmp_path):
    result = mem("init", tmp_path / "new", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["workspace"] == str((tmp_path / "new").resolve())
    again = mem("init", tmp_path / "new")
    assert again.exit_code == 1 and "already holds a workspace" in again.stderr


def test_pages_list(mem, ws):
    rows = json.loads(mem("--workspace", ws, "pages", "list", "--json").stdout)
    assert rows == [{"id": "refund-policy", "type": "policy", "title": "Refund policy", "version": 2,
                     "status": "active", "effective": rows[0]["effective"],
                     "summary": "Refunds within 14 days."}]
    human = mem("--workspace", ws, "pages", "list")
    assert "refund-policy" in human.stdout
    assert json.loads(mem("--workspace", ws, "pages", "list", "--type", "knowhow", "--json").stdout) == []


def test_pages_show_current_and_old_version(mem, ws):
    current = mem("--workspace", ws, "pages", "show", "refund-policy")
    assert "14 days" in current.stdout and current.stdout.startswith("---\n")
    old = mem("--workspace", ws, "pages", "show", "refund-policy", "--version", "1")
    assert "30 days" in old.stdout and "version: 1" in old.stdout
    missing = mem("--workspace", ws, "pages", "show", "refund-policy", "--version", "7")
    assert missing.exit_code == 2 and "no version 7" in missing.stderr
    assert mem("--workspace", ws, "pages", "show", "nope").exit_code == 2


def test_pages_history_and_diff(mem, ws):
    rows = json.loads(mem("--workspace", ws, "pages", "history", "refund-policy", "--json").stdout)
    assert [r["version"] for r in rows] == [1, 2]
    assert rows[1]["message"] == "ingest: Refund policy v2 (sources/refund.md)"
    assert rows[1]["sources"] == ["sources/refund.md"]
    diff = mem("--workspace", ws, "pages", "diff", "refund-policy")
    assert "-Refunds within 30 days. [^1]" in diff.stdout and "+Refunds within 14 days. [^1]" in diff.stdout
    explicit = json.loads(mem("--workspace", ws, "pages", "diff", "refund-policy", "1", "2", "--json").stdout)
    assert explicit["diff"] == diff.stdout
    same = mem("--workspace", ws, "pages", "diff", "refund-policy", "2", "2")
    assert same.stdout.strip() == "(no difference)"


def test_pages_search(mem, ws):
    hits = json.loads(mem("--workspace", ws, "pages", "search", "refunds days", "--json").stdout)
    assert [h["id"] for h in hits] == ["refund-policy"] and hits[0]["version"] == 2
    assert "refund-policy" in mem("--workspace", ws, "pages", "search", "refunds").stdout
    assert json.loads(mem("--workspace", ws, "pages", "search", "zebra", "--json").stdout) == []


def test_init_defaults_to_the_current_folder(mem, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = mem("init")
    assert result.exit_code == 0 and (tmp_path / "mem.toml").is_file()
    assert "created workspace" in result.stderr
