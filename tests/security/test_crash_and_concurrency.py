"""Crash and concurrency on the client: "the old bundle or the new one, never a mixture" (docs/server.md)
under concurrent `mem sync` processes, readers during a sync, and `kill -9` in the middle of an install.

The attack run: two `mem sync` at once both exited 0, the bundle marked installed held 0-46 of its
2,011 files, the previous one was deleted, `mem ask` failed while `mem status` showed nothing wrong,
and the next sync said "up-to-date" without repairing.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

from mem.client.bundle_memory import BundleServiceMemory, client_status
from mem.client.installed_bundle import check_folder, install_problem, installed_dir, load_state, save_state
from mem.core.config import Config
from mem.core.errors import StorageError
from mem.server.bundle import build_bundle
from mem.server.keys import init_keys
from mem.wiki import gitrepo
from mem.wiki.page import Page, render_page
from mem.wiki.workspace import init_workspace

PAGES = 300


def _generation(workspace: Path, generation: int, pages: int = PAGES) -> int:
    """Every page says which generation it belongs to; returns the bundle version built."""
    folder = workspace / "policies"
    paths = []
    for i in range(pages):
        page = Page(id=f"policy-{i:04d}", type="policy", title=f"Policy {i}", version=generation,
                    meta={"status": "active", "effective": "2026-01-01"},
                    body=f"Generation {generation}. Refunds for line {i} within {10 + i % 20} days.\n")
        (folder / f"policy-{i:04d}.md").write_text(render_page(page), encoding="utf-8")
        paths.append(f"policies/policy-{i:04d}.md")
    gitrepo.commit(workspace, paths, f"generation {generation}")  # a bundle ships only committed content
    return build_bundle(workspace, config=Config.load(workspace=workspace, env={}))["version"]


@pytest.fixture
def site(tmp_path, live_server):
    workspace = init_workspace(tmp_path / "ws")
    init_keys(workspace)
    _generation(workspace, 1)
    return workspace, live_server(workspace)


def _mem(home: Path, *args: str, now: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "MEM_HOME": str(home), "NO_COLOR": "1", **({"MEM_NOW": now} if now else {})}
    return subprocess.Popen([sys.executable, "-m", "mem.cli.main", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _run(home: Path, *args: str, now: str | None = None) -> subprocess.CompletedProcess:
    process = _mem(home, *args, now=now)
    out, err = process.communicate(timeout=240)
    return subprocess.CompletedProcess(args, process.returncode, out, err)


def _whole(home: Path) -> dict:
    """Assert the installed bundle is complete and every page is of one generation; return its state."""
    state = load_state(home)
    folder = installed_dir(home, state)
    assert folder is not None, install_problem(home, state)
    manifest = json.loads((folder / "manifest.json").read_bytes())
    assert check_folder(folder, manifest) is None
    pages = BundleServiceMemory(home).pages("policy")
    assert len(pages) == PAGES and len({p.version for p in pages}) == 1
    return state


def test_concurrent_syncs_install_one_whole_bundle(site, tmp_path):
    workspace, server = site
    home = tmp_path / "home"
    for generation in (1, 2):
        if generation == 2:
            _generation(workspace, 2)
        processes = [_mem(home, "sync", "--server", server.url) for _ in range(4)]
        results = [p.communicate(timeout=240) + (p.returncode,) for p in processes]
        assert [code for _, _, code in results] == [0, 0, 0, 0], [err for _, err, _ in results]
        state = _whole(home)
        assert state["version"] == generation
    folders = [p.name for p in (home / "bundle").iterdir() if p.is_dir()]
    assert len(folders) <= 2 and not [f for f in folders if f.startswith(".incoming-")]
    status = json.loads(_run(home, "status", "--json").stdout)
    assert status["installed"] == "complete" and status["bundle_version"] == 2


def test_readers_during_syncs_always_see_one_whole_bundle(site, tmp_path):
    workspace, server = site
    home = tmp_path / "home"
    assert _run(home, "sync", "--server", server.url).returncode == 0
    seen: list[list[int]] = [[] for _ in range(3)]  # per reader: readers interleave, each one moves forward
    errors: list[str] = []
    stop = threading.Event()

    def read(mine: list[int]) -> None:
        while not stop.is_set():
            try:
                memory = BundleServiceMemory(home)
                versions = {p.version for p in memory.pages("policy")}
                if len(versions) != 1 or len(memory.pages("policy")) != PAGES:
                    errors.append(f"mixture: {sorted(versions)}")
                mine.append(versions.pop())
            except Exception as exc:  # noqa: BLE001 - any failure of a reader is the finding
                errors.append(f"{type(exc).__name__}: {exc}")

    readers = [threading.Thread(target=read, args=(mine,)) for mine in seen]
    for reader in readers:
        reader.start()
    try:
        for generation in (2, 3, 4):
            _generation(workspace, generation)
            result = _run(home, "sync", "--server", server.url)
            assert result.returncode == 0, result.stderr
    finally:
        stop.set()
        for reader in readers:
            reader.join()
    assert errors == []
    for mine in seen:  # a reader never goes back to an older bundle once it saw a newer one
        assert mine and mine == sorted(mine) and mine[-1] in (3, 4)
    _whole(home)


def _slow_files(server, delay: float) -> None:
    """Make every bundle file request of ``server`` take ``delay`` seconds (so an install is long enough to kill)."""
    app = server.app

    async def slow(scope, receive, send):
        if scope["type"] == "http" and "/files/" in scope.get("path", ""):
            await asyncio.sleep(delay)
        await app(scope, receive, send)

    server.app = slow


def test_kill_9_in_the_middle_of_an_install_leaves_the_old_bundle_and_the_next_sync_repairs(site, tmp_path):
    workspace, server = site
    home = tmp_path / "home"
    assert _run(home, "sync", "--server", server.url).returncode == 0
    _generation(workspace, 2)
    _slow_files(server, 0.01)
    process = _mem(home, "sync", "--server", server.url)
    deadline = time.monotonic() + 120
    while True:
        staged = list((home / "bundle").glob(".incoming-*/files/policies/*.md"))
        if len(staged) >= 40:
            break
        assert process.poll() is None and time.monotonic() < deadline, "the install ended before it was killed"
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    server.app = server.app  # keep serving slowly: the repair below must not depend on speed

    state = _whole(home)  # the old bundle, whole, and it is the installed one
    assert state["version"] == 1
    status = json.loads(_run(home, "status", "--json").stdout)
    assert status["installed"] == "complete" and status["bundle_version"] == 1

    result = _run(home, "sync", "--server", server.url)
    assert result.returncode == 0, result.stderr
    assert _whole(home)["version"] == 2
    assert not list((home / "bundle").glob(".incoming-*"))  # the dead install's staging was cleaned up


def test_an_incomplete_install_is_reported_refused_by_readers_and_repaired_by_sync(site, tmp_path):
    """What an older mem left after two concurrent syncs: state names a folder missing most files."""
    workspace, server = site
    home = tmp_path / "home"
    assert _run(home, "sync", "--server", server.url).returncode == 0
    folder = installed_dir(home)
    (folder / "COMPLETE").unlink()  # an older mem wrote no marker
    for path in list((folder / "files" / "policies").glob("*.md"))[40:]:
        path.unlink()

    status = json.loads(_run(home, "status", "--json").stdout)
    assert status["installed"] == "incomplete" and "run `mem sync` to repair" in status["install_problem"]
    with pytest.raises(StorageError, match="incomplete"):
        BundleServiceMemory(home)
    ask = _run(home, "ask", "-c", "cust-1", "refund?")
    assert ask.returncode != 0 and len(ask.stderr.strip().splitlines()) == 1 and "incomplete" in ask.stderr

    repaired = _run(home, "sync", "--server", server.url, "--json")
    assert repaired.returncode == 0, repaired.stderr
    assert json.loads(repaired.stdout)["status"] == "updated"  # not "up-to-date"
    _whole(home)


def test_a_whole_install_made_by_an_older_mem_is_checked_once_and_sealed(site, tmp_path):
    _, server = site
    home = tmp_path / "home"
    assert _run(home, "sync", "--server", server.url).returncode == 0
    folder = installed_dir(home)
    (folder / "COMPLETE").unlink()
    assert install_problem(home) is None and (folder / "COMPLETE").is_file()


def test_expired_and_stale_kinds_show_in_status_and_in_answers(site, tmp_path):
    from mem.agent.answering import answer_question
    from mem.core import clock

    _, server = site
    home = tmp_path / "home"
    assert _run(home, "sync", "--server", server.url).returncode == 0
    state = load_state(home)
    assert client_status(home)["stale_kind"] == "current" and not client_status(home)["stale"]

    clock.freeze(clock.parse_datetime(state["verified_at"]) + timedelta(hours=25))
    try:
        status = client_status(home)
        assert status["stale"] and status["stale_kind"] == "not-refreshed"
        save_state(home, {**state, "stale": True, "reason": "cannot reach server http://x"})
        assert client_status(home)["stale_kind"] == "sync-failed"
        clock.freeze(clock.parse_datetime(state["expires_at"]))
        status = client_status(home)
        assert status["expired"] and status["stale_kind"] == "expired" and "expired" in status["reason"]
        memory = BundleServiceMemory(home)
        assert memory.status().stale and "expired" in memory.status().reason
        answer = answer_question("refund within 10 days?", service=memory, customer=None)
        assert any("expired" in w for w in answer.warnings)
    finally:
        clock.freeze(None)
    save_state(home, state)
    later = _run(home, "status", "--json", now=state["expires_at"])  # the CLI's clock (MEM_NOW) decides
    assert json.loads(later.stdout)["stale_kind"] == "expired"
