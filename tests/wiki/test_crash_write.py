"""Crash-safe ingest: a real `kill -9` at several points of a write; the next mem command settles it.

Each case runs `ingest_documents` in a subprocess that SIGKILLs itself at one point of
``Wiki.write`` (after the first file, after every file but before git, after `git add`, after the
commit), then runs the real `mem lint` CLI as "the next mem command" and checks the workspace is
exactly as before (or exactly the committed result), with nothing git does not know.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.workspace import init_workspace

V1 = "# Store policy\n\n## Refunds\n\nRefunds within 14 days.\n\n## Shipping\n\nOrders ship in 3 days.\n"
V2 = V1.replace("14 days", "30 days") + "\n## Warranty\n\nOne year on all goods.\n"

CRASH = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from mem.core.config import Config
    from mem.policies.ingest import ingest_documents
    import mem.wiki.store as store
    from mem.wiki import gitrepo

    point, ws, doc = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])

    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    if point == "first-file":
        real_write = store.atomic_write_bytes
        def patched(path, data, **kw):
            real_write(path, data, **kw)
            die()
        store.atomic_write_bytes = patched
    elif point == "before-git":
        gitrepo.commit = lambda *a, **k: die()
    elif point == "after-add":
        real_run = gitrepo._run
        def run(workspace, *args, **kw):
            out = real_run(workspace, *args, **kw)
            if args[0] == "add":
                die()
            return out
        gitrepo._run = run
    elif point == "after-commit":
        real_commit = gitrepo.commit
        def commit(*a, **k):
            real_commit(*a, **k)
            die()
        gitrepo.commit = commit
    ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={}), model="")
    print("not killed")
""")


def snapshot(ws: Path) -> dict[str, bytes]:
    return {p.relative_to(ws).as_posix(): p.read_bytes() for p in sorted(ws.rglob("*"))
            if p.is_file() and p.relative_to(ws).parts[0] not in (".git", ".mem")}


def mem(ws: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mem", "--workspace", str(ws), *args], capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def ws(tmp_path, isolated_env):
    ws = init_workspace(tmp_path / "ws")
    doc = tmp_path / "store.md"
    doc.write_text(V1)
    ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={}), model="")
    doc.write_text(V2)
    return ws


@pytest.mark.parametrize("point", ["first-file", "before-git", "after-add"])
def test_a_write_killed_before_its_commit_is_rolled_back_by_the_next_command(ws, tmp_path, point):
    before, head = snapshot(ws), gitrepo.head_sha(ws)
    crashed = subprocess.run([sys.executable, "-c", CRASH, point, str(ws), str(tmp_path / "store.md")],
                             capture_output=True, text=True, timeout=120)
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr
    assert snapshot(ws) != before  # the kill really left a half-done write behind
    result = mem(ws, "lint")
    assert result.returncode == 0, result.stderr
    assert "was rolled back" in result.stderr
    assert snapshot(ws) == before and gitrepo.head_sha(ws) == head
    assert gitrepo._run(ws, "status", "--porcelain", "--untracked-files=all") == ""
    assert not (ws / ".mem" / "pending-write").exists()


def test_a_write_killed_after_its_commit_is_finished_by_the_next_command(ws, tmp_path):
    head = gitrepo.head_sha(ws)
    crashed = subprocess.run([sys.executable, "-c", CRASH, "after-commit", str(ws), str(tmp_path / "store.md")],
                             capture_output=True, text=True, timeout=120)
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr
    result = mem(ws, "pages", "list")
    assert result.returncode == 0 and "had committed" in result.stderr and "warranty" in result.stdout
    assert gitrepo.head_sha(ws) != head
    assert gitrepo._run(ws, "status", "--porcelain", "--untracked-files=all") == ""
    assert mem(ws, "lint").returncode == 0


def test_a_write_killed_while_saving_its_copies_changed_nothing(ws, tmp_path):
    before = snapshot(ws)
    (ws / ".mem" / "pending-write" / "saved").mkdir(parents=True)  # the journal itself was never written
    result = mem(ws, "lint")
    assert result.returncode == 0 and snapshot(ws) == before
    assert not (ws / ".mem" / "pending-write").exists()


def test_a_left_git_lock_is_reported_with_the_command_that_recovers(ws, tmp_path):
    crashed = subprocess.run([sys.executable, "-c", CRASH, "before-git", str(ws), str(tmp_path / "store.md")],
                             capture_output=True, text=True, timeout=120)
    assert crashed.returncode == -signal.SIGKILL
    lock = ws / ".git" / "index.lock"
    lock.write_text("")
    result = mem(ws, "lint")
    assert result.returncode != 0 and len(result.stderr.strip().splitlines()) == 1
    assert f"rm {lock} && mem --workspace {ws} lint" in result.stderr
    lock.unlink()
    assert mem(ws, "lint").returncode == 0
