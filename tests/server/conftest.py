"""Fixtures for the server tests: a workspace with a signing key and two policy pages."""

from __future__ import annotations

from pathlib import Path

import pytest


def write_page(workspace: Path, page_id: str, version: int, body: str = "Refunds within 14 days of purchase.",
               *, type: str = "policy", **meta) -> Path:
    """Write a page file directly (no git commit: bundles read the folder, and tests stay fast)."""
    from mem.wiki.page import Page, render_page

    fields = {"status": "active", "effective": "2026-01-01"} if type == "policy" else {"status": "active"}
    fields.update(meta)
    page = Page(id=page_id, type=type, title=page_id.replace("-", " ").title(), version=version, meta=fields,
                body=body + "\n")
    folder = workspace / ("policies" if type == "policy" else "knowhow")
    path = folder / f"{page_id}.md"
    path.write_text(render_page(page), encoding="utf-8")
    return path


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    from mem.server.keys import init_keys
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    init_keys(ws)
    write_page(ws, "refunds", 3, "Refunds within 30 days of purchase.")
    write_page(ws, "shipping", 1, "We ship within 2 business days.")
    return ws
