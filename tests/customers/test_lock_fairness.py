"""Waiting for a customer's lock is fair between processes (new-user report 25B #1).

A live agent answering one busy customer from several threads took the customer back to back: the thread that gave
the lock back took it again at once (``flock`` is not fair), and an importer in another process polling for it got
``LockTimeout`` every time. Now a waiter of another process announces itself, and a process that has just given
the lock back lets it go first. The in-process timeout names threads taking turns, not a store left open.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from mem.core.errors import LockTimeout
from mem.customers import CustomerStore
from mem.customers.lock import STEP_BACK, wait_path

# Three threads of another process open the customer back to back, holding it a moment each, until told to stop.
_BUSY_AGENT = textwrap.dedent("""
    import sys, threading, time
    from pathlib import Path
    from mem.customers import CustomerStore

    home, stop, ready = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    limit = time.monotonic() + 60

    def work():
        while not stop.exists() and time.monotonic() < limit:
            with CustomerStore.open(home, "busy", lock_timeout=60):
                ready.touch()
                time.sleep(0.1)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
""")


@pytest.fixture
def home(isolated_env: Path) -> Path:
    with CustomerStore.open(isolated_env, "busy"):
        pass
    return isolated_env


def test_a_writer_of_another_process_gets_its_turn_between_back_to_back_holders(home, tmp_path):
    stop, ready = tmp_path / "stop", tmp_path / "ready"
    agent = subprocess.Popen([sys.executable, "-c", _BUSY_AGENT, str(home), str(stop), str(ready)])
    try:
        deadline = time.monotonic() + 30
        while not ready.exists():
            assert agent.poll() is None and time.monotonic() < deadline, "the busy agent did not start"
            time.sleep(0.05)
        time.sleep(0.5)  # its threads are taking turns now
        # before: LockTimeout after the whole wait (the agent's threads never let a turn go to another process)
        with CustomerStore.open(home, "busy", lock_timeout=10) as store:
            assert store.customer_id == "busy"
        assert agent.poll() is None, "the agent stopped before the writer got its turn: the test proves nothing"
    finally:
        stop.touch()
        agent.wait(60)
    assert agent.returncode == 0


def test_a_process_alone_does_not_step_back_and_leaves_no_announcement(home):
    started = time.monotonic()
    for _ in range(20):  # back to back, nobody else waiting: no pause between turns
        with CustomerStore.open(home, "busy", lock_timeout=1):
            pass
    # a step back at each turn would take 20 * STEP_BACK (40 s); a quarter of that is far from the 0.3 s it takes
    assert time.monotonic() - started < 20 * STEP_BACK / 4
    lock_file = home / "customers" / ".locks" / "busy.lock"
    assert lock_file.exists() and not wait_path(lock_file).exists()


def test_threads_taking_turns_are_named_as_such_not_as_a_store_left_open(home):
    stop = threading.Event()

    def take_turns() -> None:
        while not stop.is_set():
            with CustomerStore.open(home, "busy", lock_timeout=30):
                time.sleep(0.05)

    threads = [threading.Thread(target=take_turns) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.2)
        # a wait that gives up while other threads take the customer in turn (each closes its store): it says so
        with pytest.raises(LockTimeout) as raised:
            # this thread competes with three that are polling too; a short timeout makes the loss likely, and a
            # win is not what this test is about: retried until one wait gives up
            for _ in range(200):
                with CustomerStore.open(home, "busy", lock_timeout=0.3):
                    pass
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    message = str(raised.value)
    assert "in turn" in message
    assert "not closed" not in message
