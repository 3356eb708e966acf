"""A long-lived wiki's loose git objects: mem's commits go through ``git commit``, which runs git's own automatic
housekeeping (``git maintenance run --auto`` → ``git gc --auto``) — nothing of mem's own is needed, and none must
bypass it. A gc, automatic or run by the operator, keeps every version mem shows (docs/wiki.md, "Git housekeeping")."""

from __future__ import annotations

import json

from mem.wiki import gitrepo


def _objects(ws) -> dict[str, int]:
    rows = dict(line.split(": ") for line in gitrepo._run(ws, "count-objects", "-v").splitlines())
    return {"loose": int(rows["count"]), "packs": int(rows["packs"])}


def _history(mem, ws, page: str) -> list[tuple[int, str, str]]:
    rows = json.loads(mem("--workspace", ws, "pages", "history", page, "--json").stdout)
    return [(r["version"], r["commit"], r["message"]) for r in rows]


def test_an_ingest_commit_runs_gits_automatic_gc_and_history_stays_complete(mem, tmp_path):
    assert mem("init", tmp_path / "ws").exit_code == 0
    ws = tmp_path / "ws"
    doc = tmp_path / "refund.md"
    for days in (30, 14):
        doc.write_text(f"# Refund policy\n\nRefunds within {days} days.\n")
        assert mem("--workspace", ws, "ingest", doc).exit_code == 0
        gitrepo._run(ws, "repack", "-q")  # one pack per ingest: what many automatic packings leave
    doc.write_text("# Refund policy\n\nRefunds within 10 days.\n")
    # git's thresholds, lowered so one commit crosses them (by default 6,700 loose objects or 50 packs), and run in
    # the foreground so the test sees the result
    for key, value in (("gc.autoPackLimit", "1"), ("gc.autoDetach", "false")):
        gitrepo._run(ws, "config", key, value)
    before = _objects(ws)
    assert before["packs"] >= 2
    log_before = gitrepo._run(ws, "log", "--format=%H %s")
    history_before = _history(mem, ws, "refund-policy")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0  # the commit runs git's gc --auto
    after = _objects(ws)
    assert after == {"loose": 0, "packs": 1}
    log_after = gitrepo._run(ws, "log", "--format=%H %s")
    assert log_after.endswith(log_before) and len(log_after.splitlines()) == len(log_before.splitlines()) + 1
    history = _history(mem, ws, "refund-policy")
    assert history[:2] == history_before and [v for v, _, _ in history] == [1, 2, 3]
    for version, days in ((1, 30), (2, 14), (3, 10)):
        shown = mem("--workspace", ws, "pages", "show", "refund-policy", "--version", version).stdout
        assert f"Refunds within {days} days." in shown
    assert gitrepo._run(ws, "fsck", "--no-progress") == ""


def test_a_gc_the_operator_runs_keeps_every_version(mem, tmp_path):
    assert mem("init", tmp_path / "ws").exit_code == 0
    ws = tmp_path / "ws"
    doc = tmp_path / "refund.md"
    for days in (30, 14, 10):
        doc.write_text(f"# Refund policy\n\nRefunds within {days} days.\n")
        assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    history = _history(mem, ws, "refund-policy")
    assert _objects(ws)["loose"] > 0
    gitrepo._run(ws, "gc", "--quiet", "--prune=now")  # the most a gc can drop: nothing mem reaches
    assert _objects(ws)["loose"] == 0 and _history(mem, ws, "refund-policy") == history
    assert mem("--workspace", ws, "pages", "diff", "refund-policy", "1", "3").exit_code == 0
    assert "Refunds within 30 days." in mem("--workspace", ws, "pages", "show", "refund-policy", "--version", 1).stdout
