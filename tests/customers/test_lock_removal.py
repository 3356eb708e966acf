"""The customer's lock file goes while it is held, and what a running restore holds is not called interrupted.

Removed after the release, the lock file let two holders in at once: a process that had opened the old file took it,
and the next one made a new file and took that. ``settle_remains`` left the wait file behind, and ``mem status``
named a restore that was running as interrupted (the twenty-fifth review).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from mem.core.errors import LockTimeout
from mem.core.ids import new_id
from mem.customers import CustomerStore
from mem.customers import lock as lock_module
from mem.customers._layout import interrupted_restores
from mem.customers.forget import delete_customer, settle_remains
from mem.customers.lock import CustomerLock, wait_path


def _lock_path(home: Path, customer: str) -> Path:
    return home / "customers" / ".locks" / f"{customer}.lock"


def test_a_waiter_on_a_removed_lock_file_takes_the_one_the_path_names(isolated_env, monkeypatch):
    path = _lock_path(isolated_env, "gone")
    path.parent.mkdir(parents=True)
    first = CustomerLock(path, "gone", timeout=0)
    # a wait that finds the lock held in this process asks for a collection first: by then the waiter has opened the
    # old file and failed to take it. Released only after that, whatever the load (a sleep let the release come first)
    waiting = threading.Event()
    collect = lock_module._collect_dropped

    def collect_and_tell(*, force: bool = False) -> None:
        waiting.set()
        collect(force=force)

    monkeypatch.setattr(lock_module, "_collect_dropped", collect_and_tell)
    got: list[CustomerLock] = []
    waiter = threading.Thread(target=lambda: got.append(CustomerLock(path, "gone", timeout=10)))
    waiter.start()
    assert waiting.wait(10)  # the waiter has opened the old file and waits on it
    first.release(remove=True)
    waiter.join()
    [second] = got
    assert os.fstat(second._fd).st_ino == os.stat(path).st_ino  # the file the path names, not the removed one
    with pytest.raises(LockTimeout):
        CustomerLock(path, "gone", timeout=0)  # one holder at a time
    second.release()


def test_a_deletion_removes_the_lock_and_wait_files(isolated_env):
    with CustomerStore.open(isolated_env, "del"):
        pass
    path = _lock_path(isolated_env, "del")
    wait_path(path).write_text("")  # a process once waited for this customer
    delete_customer(isolated_env, "del")
    assert not path.exists() and not wait_path(path).exists()


def test_settling_remains_removes_the_lock_and_wait_files(isolated_env):
    with CustomerStore.open(isolated_env, "rem") as store:
        store.log.append_turn(store.log.new_conversation(session="s"), role="customer", text="hello")
    root = isolated_env / "customers"
    (root / "rem").rename(root / f".restore-rem-{new_id()}")  # killed while building (no marker)
    path = _lock_path(isolated_env, "rem")
    wait_path(path).write_text("")
    assert settle_remains(isolated_env, "rem") is True
    assert not path.exists() and not wait_path(path).exists()


def test_a_running_restore_is_not_listed_as_interrupted(isolated_env):
    with CustomerStore.open(isolated_env, "run"):
        pass
    root = isolated_env / "customers"
    (root / f".restore-run-{new_id()}").mkdir()
    lock = CustomerLock(_lock_path(isolated_env, "run"), "run", timeout=0)  # the restore building it holds this
    try:
        assert interrupted_restores(isolated_env) == []
    finally:
        lock.release()
    assert interrupted_restores(isolated_env) == ["run"]  # nobody holds it: a crash left it
