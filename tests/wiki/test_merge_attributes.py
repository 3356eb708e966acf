"""log.md and index.md merge by union: parallel policy branches no longer conflict in them (newuser26 #10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from test_lint_support import LATE_BODY, SHIPPING_BODY, make_workspace, page  # noqa: E402

from mem.core.config import Config
from mem.wiki.lint import fix, lint_workspace
from mem.wiki.store import Wiki


def _git(ws: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=ws, capture_output=True, text=True)


def test_two_branches_writing_different_pages_merge_without_conflict(tmp_path):
    ws = make_workspace(tmp_path)
    assert "/log.md merge=union" in (ws / ".gitattributes").read_text()
    main = _git(ws, "symbolic-ref", "--short", "HEAD").stdout.strip()
    _git(ws, "checkout", "-q", "-b", "alice")
    Wiki(ws).write([page("shipping", SHIPPING_BODY + "\nParcels over 30 kg ship by freight.\n", version=2)],
                   op="test", message="alice: shipping v2")
    _git(ws, "checkout", "-q", main)
    Wiki(ws).write([page("late-refund", LATE_BODY + "\nAsk for the order number first.\n", type="knowhow",
                         version=2)], op="test", message="bob: late-refund v2")
    merged = _git(ws, "merge", "--no-edit", "alice")
    assert merged.returncode == 0, merged.stdout + merged.stderr  # before: CONFLICT (content) in log.md, index.md
    log = (ws / "log.md").read_text()
    assert "alice: shipping v2" in log and "bob: late-refund v2" in log and "<<<<<<<" not in log
    fix(ws, config=Config())  # index.md may hold both sides' rows: regenerated from the pages
    assert not [f for f in lint_workspace(ws, config=Config()).findings if f.rule in ("index-outdated",
                                                                                     "merge-conflict")]


def test_a_workspace_made_before_gets_the_union_merge_in_its_next_commit(tmp_path):
    ws = make_workspace(tmp_path)
    attributes = ws / ".gitattributes"
    old = attributes.read_text().split("# mem: log.md")[0].rstrip("\n") + "\n"
    attributes.write_text(old)
    _git(ws, "commit", "-qam", "as mem init wrote it before")
    result = Wiki(ws).write([page("shipping", SHIPPING_BODY + "\nFreight costs extra.\n", version=2)],
                            op="test", message="shipping v2")
    assert ".gitattributes" in result.changed
    assert attributes.read_text().startswith(old) and "/index.md merge=union" in attributes.read_text()
    assert _git(ws, "status", "--porcelain").stdout == ""
    again = Wiki(ws).write([page("shipping", SHIPPING_BODY + "\nFreight costs more.\n", version=3)],
                           op="test", message="shipping v3")
    assert ".gitattributes" not in again.changed
