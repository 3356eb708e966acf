"""A bundle never ships a draft, and ships a later-dated edition beside the edition in force, so a client
answers from the rule in force today and switches on the date (mem.wiki.in_force)."""

from __future__ import annotations

import json

from mem.client.bundle_memory import BundleServiceMemory
from mem.client.sync import sync
from mem.core import clock
from mem.core.config import Config
from mem.server.bundle import build_bundle
from mem.server.published import bundle_dir

from .conftest import write_page


def _build(workspace):
    return build_bundle(workspace, config=Config.load(workspace=workspace), allow_lint_errors=True)


def _sync(home, server):
    return sync(home, config=Config.load(home=home), server=server.url, push_evidence=False)


def test_a_future_edition_ships_with_the_edition_in_force(workspace, live_server, isolated_env):
    clock.freeze(clock.parse_datetime("2026-12-05T09:00:00Z"))
    write_page(workspace, "refunds", 4, "Refunds within 7 days of purchase.", effective="2027-03-01",
               summary="Refunds within 7 days.")
    write_page(workspace, "shipping", 2, "We ship within 5 business days.", status="draft")
    _build(workspace)
    manifest = json.loads((bundle_dir(workspace, 1) / "manifest.json").read_bytes())
    pages = {p["id"]: p for p in manifest["pages"]}
    assert pages["refunds"]["version"] == 4 and pages["refunds"]["in_force"]["version"] == 3
    assert pages["shipping"]["version"] == 1  # the draft never ships: the edition in force does
    shipped = (bundle_dir(workspace, 1) / "files" / "policies" / "shipping.md").read_text()
    assert "2 business days" in shipped and "draft" not in shipped

    server = live_server(workspace)
    assert _sync(isolated_env, server)["status"] == "updated"
    page = BundleServiceMemory(isolated_env).get_page("refunds")
    assert page.version == 3 and "30 days" in page.body
    assert page.meta["upcoming"] == {"version": 4, "effective": "2027-03-01", "summary": "Refunds within 7 days."}
    clock.freeze(clock.parse_datetime("2027-03-02T09:00:00Z"))
    page = BundleServiceMemory(isolated_env).get_page("refunds")
    assert page.version == 4 and "7 days" in page.body
