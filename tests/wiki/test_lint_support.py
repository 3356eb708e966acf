"""Shared helpers of the lint tests (no tests here): a small lint-clean workspace; each test breaks one thing."""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path

from mem.core import clock
from mem.core.config import Config
from mem.wiki.page import Page, render_page

TODAY = datetime(2026, 6, 1, 12, 0, 0)
SOURCE = b"Refund policy of the shop. Refunds are accepted within 14 days of purchase.\n"
SOURCE_SHA = hashlib.sha256(SOURCE).hexdigest()


def page(page_id: str, body: str, *, type: str = "policy", version: int = 1, **meta) -> Page:
    base = {"id": page_id, "type": type, "title": page_id.replace("-", " ").title(), "version": version,
            "status": "active"}
    if type == "policy":
        base["effective"] = "2026-01-01"
    else:
        base.update(when="a customer asks late", then="offer store credit")
    base.update(meta)
    return Page(id=page_id, type=type, title=base["title"], version=version, meta=base, body=body)


REFUND_BODY = (
    "# Refund policy\n\n## Window\n\nRefunds are accepted within 14 days of purchase.[^1] "
    "Shipping costs: [shipping](shipping.md#costs).\n\n[^1]: refund-doc, p. 1\n"
)
SHIPPING_BODY = "# Shipping\n\n## Costs\n\nShipping is free above $50. Refund rules: [[refund#window]].\n"
LATE_BODY = "When a refund is asked after the window, offer store credit instead. See [[refund]].\n"


def base_pages() -> list[Page]:
    return [
        page("refund", REFUND_BODY, sources=[{"id": "refund-doc", "file": "sources/refund.txt",
                                               "sha256": SOURCE_SHA, "pages": [1]}]),
        page("shipping", SHIPPING_BODY),
        page("late-refund", LATE_BODY, type="knowhow"),
    ]


def make_workspace(root: Path) -> Path:
    """A committed, lint-clean workspace with two policies and one know-how page."""
    from mem.wiki.store import Wiki
    from mem.wiki.workspace import init_workspace

    clock.freeze(TODAY)
    workspace = init_workspace(root / "ws")
    Wiki(workspace).write(base_pages(), op="test", message="seed", files={"sources/refund.txt": SOURCE})
    return workspace


def write(workspace: Path, rel: str, text: str) -> Path:
    path = workspace / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_page(workspace: Path, p: Page) -> Path:
    folder = "policies" if p.type == "policy" else "knowhow"
    return write(workspace, f"{folder}/{p.id}.md", render_page(p))


def commit_all(workspace: Path, message: str = "edit") -> None:
    from mem.wiki import gitrepo

    gitrepo.commit(workspace, ["policies", "knowhow", "index.md", "sources"], message)


def lint(workspace: Path, paths=None, **lint_settings):
    import dataclasses

    from mem.wiki.lint import lint_workspace

    config = Config()
    if lint_settings:
        config = dataclasses.replace(config, lint=dataclasses.replace(config.lint, **lint_settings))
    return lint_workspace(workspace, paths, config=config)


def rules(report) -> list[str]:
    return [f.rule for f in report.findings]
