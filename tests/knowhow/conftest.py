"""Fixtures the know-how tests share: a fresh workspace and the shops' decisions recorded in its intake store."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


@pytest.fixture
def share_decisions() -> Callable[[Path, int], None]:
    """``share(workspace, customers)``: that many customers of shop-a had the restocking fee waived, recorded in the
    workspace's intake store (``knowhow.min_customers`` is 3: two make a proposal, three a candidate)."""
    from mem.server.storage import open_store

    def share(workspace: Path, customers: int) -> None:
        records = [
            {
                "pseudonym": f"p-{n:016d}",
                "fact_ref": f"ref-{n:016d}",
                "condition": "the restocking fee applies to a return",
                "decision": "We waived the restocking fee",
                "policy_refs": [],
                "month": None,
            }
            for n in range(customers)
        ]
        open_store(workspace).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")

    return share
