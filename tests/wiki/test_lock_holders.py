"""A wait for the workspace lock that gives up names the holder — pid, command, since when, stopped or not — the
wait and what to do (NEWUSER_REPORT23 #7); git's index lock left by another tool is refused before anything is
written, and never blamed on "an interrupted mem write" (NEWUSER_REPORT23 #2)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import mem.wiki.store as store
from mem.core import clock
from mem.core.errors import LockTimeout, StorageError
from mem.wiki import gitrepo, journal
from mem.wiki.page import Page
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

pytestmark = pytest.mark.skipif(not Path("/proc/locks").exists(), reason="holders are read from /proc (Linux)")

HOLD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from mem.wiki.store import workspace_lock
    with workspace_lock(Path(sys.argv[1])):
        print("held", flush=True)
        time.sleep(60)
""")

FOREIGN = textwrap.dedent("""
    import fcntl, sys, time
    with open(sys.argv[1] + "/.mem/wiki.lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        print("held", flush=True)
        time.sleep(60)
""")


def policy(text: str = "Refunds within 14 days.") -> Page:
    return Page("refund", "policy", "Refund", 1, {"status": "active", "effective": "2026-03-01", "summary": text}, text)


@pytest.fixture
def wiki(tmp_path, monkeypatch):
    clock.freeze(clock.parse_datetime("2026-03-05T12:00:00Z"))
    monkeypatch.setattr(store, "LOCK_WAIT_S", 0.3)
    return Wiki(init_workspace(tmp_path / "ws"))


@pytest.fixture
def holder(wiki):
    """Start a process holding the workspace lock with the given script; yields a function that starts it."""
    started = []

    def start(script: str, *args: str) -> subprocess.Popen:
        process = subprocess.Popen(
            [sys.executable, "-c", script, str(wiki.workspace), *args], stdout=subprocess.PIPE, text=True
        )
        started.append(process)
        assert process.stdout.readline().strip() == "held"
        return process

    yield start
    for process in started:
        process.send_signal(signal.SIGCONT)
        process.kill()
        process.wait()


def test_a_writer_that_gives_up_names_the_holder_the_wait_and_what_to_do(wiki, holder):
    process = holder(HOLD)
    with pytest.raises(LockTimeout) as caught:
        wiki.write([policy()], op="test", message="test")
    message = caught.value.message
    assert message.startswith(f"another process is writing {wiki.workspace}: waited 0.3s for its lock")
    assert f"held by pid {process.pid} (" in message and " -c " in message  # its command line
    assert ", since 20" in message and " UTC" in message
    assert message.endswith("run this command again when it has finished")
    assert not (wiki.workspace / "policies" / "refund.md").exists()


def test_a_stopped_holder_is_named_with_the_commands_that_free_it(wiki, holder):
    process = holder(HOLD)
    process.send_signal(signal.SIGSTOP)
    deadline = time.monotonic() + 10
    while Path(f"/proc/{process.pid}/stat").read_text().split(")")[-1].split()[0] != "T":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    with pytest.raises(LockTimeout) as caught:
        wiki.write([policy()], op="test", message="test")
    message = caught.value.message
    assert f"pid {process.pid}" in message and "STOPPED" in message
    assert f"kill -CONT {process.pid}" in message and f"kill {process.pid}" in message


def test_a_reader_waiting_for_a_process_that_is_not_mem_names_it(wiki, holder):
    process = holder(FOREIGN)
    with pytest.raises(LockTimeout) as caught, store.reading(wiki.workspace):
        pass
    assert f"held by pid {process.pid}" in caught.value.message


def test_the_writer_leaves_its_record_in_the_lock_file(wiki):
    with wiki.lock():
        entry = json.loads((wiki.workspace / ".mem" / "wiki.lock").read_text())
    assert entry["pid"] == os.getpid() and entry["since"]


def test_a_left_git_index_lock_is_refused_before_anything_is_written(wiki, monkeypatch):
    monkeypatch.setattr(gitrepo, "INDEX_LOCK_WAIT_S", 0.1)
    lock = wiki.workspace / ".git" / "index.lock"
    lock.write_text("")
    head = gitrepo.head_sha(wiki.workspace)
    with pytest.raises(StorageError) as caught:
        wiki.write([policy()], op="ingest", message="ingest")
    message = caught.value.message
    assert f"{lock} exists" in message and f"rm {lock}" in message and "nothing was written" in message
    assert "interrupted" not in message
    assert not journal.needs_recovery(wiki.workspace)  # no journal: the next command has nothing to "roll back"
    assert not (wiki.workspace / "policies" / "refund.md").exists() and gitrepo.head_sha(wiki.workspace) == head
    lock.unlink()
    assert wiki.recover() is None
    assert wiki.write([policy()], op="ingest", message="ingest").commit


def test_an_index_lock_taken_during_the_write_is_a_failure_not_an_interrupted_write(wiki, monkeypatch):
    # another git process takes the index lock between mem's check and its `git add`
    lock = wiki.workspace / ".git" / "index.lock"
    original = gitrepo.commit

    def commit(*args, **kwargs):
        lock.write_text("")
        return original(*args, **kwargs)

    monkeypatch.setattr(gitrepo, "commit", commit)
    monkeypatch.setattr(gitrepo, "INDEX_LOCK_WAIT_S", 0.1)
    monkeypatch.setattr(journal, "INDEX_LOCK_WAIT_S", 0.1)
    with pytest.raises(StorageError, match=r"git add failed: .*index\.lock exists .*rm "):
        wiki.write([policy()], op="ingest", message="ingest")
    assert not (wiki.workspace / "policies" / "refund.md").exists()  # the files were put back at once
    with pytest.raises(StorageError) as caught:
        wiki.recover()
    message = caught.value.message
    assert "failed on it (and said so)" in message and "an interrupted mem write" not in message
    lock.unlink()
    done = wiki.recover()
    assert done is not None and "failed earlier" in done and "interrupted" not in done
    assert gitrepo._run(wiki.workspace, "status", "--porcelain") == ""


def test_a_lock_held_by_this_very_process_is_named_so(wiki):
    with wiki.lock(), pytest.raises(LockTimeout) as caught, Wiki(wiki.workspace).lock():
        pass
    assert f"held by this process itself (pid {os.getpid()}" in caught.value.message


def test_a_lock_on_another_file_system_sharing_the_inode_number_is_not_named(wiki, holder):
    # /proc/locks may print another device than stat (overlayfs), so a holder is also matched by inode alone; but an
    # inode number repeats across file systems: such a holder counts only if it has the asked file itself open
    from mem.core import lock_holders

    process = holder(FOREIGN)
    lock = wiki.workspace / ".mem" / "wiki.lock"
    seen = lock.stat()
    other_device = os.makedev(os.major(seen.st_dev) + 1, os.minor(seen.st_dev))  # "the same inode, elsewhere"
    assert lock_holders._from_proc_locks(seen.st_dev, seen.st_ino) == [(process.pid, True)]
    assert lock_holders._from_proc_locks(other_device, seen.st_ino) == []
    assert lock_holders._has_open(process.pid, seen.st_dev, seen.st_ino) is True
