"""Service memory from the verified bundle (after `mem sync`), and its stale state in the answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core.config import Config


@pytest.fixture
def synced_home(tmp_path: Path, live_server, isolated_env) -> Path:
    from mem.client.sync import sync
    from mem.server.bundle import build_bundle
    from mem.server.keys import init_keys
    from mem.wiki import gitrepo
    from mem.wiki.page import Page, render_page
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    init_keys(ws)
    page = Page(id="refund-policy", type="policy", title="Refund policy", version=4,
                meta={"status": "active", "effective": "2026-10-01"},
                body="Refunds are accepted within 14 days of purchase.\n")
    (ws / "policies" / "refund-policy.md").write_text(render_page(page), encoding="utf-8")
    gitrepo.commit(ws, ["policies/refund-policy.md"], "refund policy v4")
    build_bundle(ws, config=Config.load(workspace=ws))
    server = live_server(ws)
    assert sync(isolated_env, config=Config.load(home=isolated_env), server=server.url,
                push_evidence=False)["status"] == "updated"
    return isolated_env


def test_answers_come_from_the_verified_bundle_without_a_workspace(mem, synced_home, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = mem("ask", "-c", "c1", "--no-learn", "--json", "Can I get a refund after 20 days?")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    status = data["injected"]["service_memory"]
    assert status["source"] == "bundle" and status["verified"] is True and status["stale"] is False
    assert data["citations"][0]["id"] == "refund-policy" and data["citations"][0]["version"] == 4
    assert data["retrieved"][0]["verified"] is True


def test_a_stale_bundle_shows_in_the_context_and_the_answer(mem, synced_home, tmp_path, monkeypatch):
    from mem.client.installed_bundle import mark_stale

    mark_stale(synced_home, "server unreachable since 2026-10-10")
    monkeypatch.chdir(tmp_path)
    data = json.loads(mem("ask", "-c", "c1", "--no-learn", "--json", "refund after 20 days?").stdout)
    assert "STALE: server unreachable since 2026-10-10" in data["injected"]["instructions"]
    assert "may be out of date (server unreachable since 2026-10-10)" in data["answer"]
    assert "service memory is stale: server unreachable since 2026-10-10" in data["warnings"]
    assert data["retrieved"][0]["stale"] is True
