"""A store's lock goes with the object (NEWUSER_REPORT18 #6), and a store belongs to one thread (#7).

- a ``CustomerStore`` dropped without ``close()`` releases the customer's lock when it is collected, with a
  ``ResourceWarning`` (before: the lock stayed until the process ended, the next open waited 15 s and blamed
  "another mem process");
- a lock this process holds is named as such; in the same thread the open fails at once;
- another thread's use of a store is ``WrongThread`` (a ``MemError``), not sqlite3's ``ProgrammingError``;
- ``CustomerStore.open_async`` waits for the lock without blocking the event loop.
"""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
import textwrap
import threading
import time
import warnings
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput, LockTimeout, MemError, WrongThread
from mem.customers import CustomerStore


@pytest.fixture
def home(isolated_env: Path) -> Path:
    with CustomerStore.open(isolated_env, "acme"):
        pass
    return isolated_env


def _drop_unclosed(home: Path) -> int:
    store = CustomerStore.open(home, "acme")  # a handler that forgot `with`
    return len(store.facts.search("refund"))


def test_a_dropped_store_releases_the_lock_when_collected_with_a_resource_warning(home):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _drop_unclosed(home)
        gc.collect()
    assert [w for w in caught if issubclass(w.category, ResourceWarning) and "unclosed CustomerStore" in str(w.message)
            and "'acme'" in str(w.message)]
    started = time.monotonic()
    with CustomerStore.open(home, "acme", lock_timeout=5) as store:  # before: LockTimeout after the whole wait
        assert store.customer_id == "acme"
    assert time.monotonic() - started < 2


def test_an_open_collects_a_dropped_store_itself(home):
    """A bot never calls gc.collect(): the store sits in a reference cycle until the collector runs. A wait that
    finds the lock held by this process collects first."""
    gc.disable()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            _drop_unclosed(home)
            with CustomerStore.open(home, "acme", lock_timeout=5) as store:
                assert store.customer_id == "acme"
    finally:
        gc.enable()


def test_a_closed_store_gives_no_warning(home):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with CustomerStore.open(home, "acme") as store:
            store.facts.search("refund")
        del store
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_store_open_in_this_thread_is_named_and_fails_at_once(home):
    with CustomerStore.open(home, "acme"):
        started = time.monotonic()
        with pytest.raises(LockTimeout, match="already open in this thread") as raised:
            CustomerStore.open(home, "acme", lock_timeout=15)
    assert time.monotonic() - started < 3  # before: the whole 15 s, then "another mem process"
    assert "another mem process" not in str(raised.value)


def test_a_store_open_in_another_thread_is_named_and_waited_for(home):
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        with CustomerStore.open(home, "acme"):
            taken.set()
            done.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        taken.wait(10)
        with pytest.raises(LockTimeout, match="another thread of this process"):
            CustomerStore.open(home, "acme", lock_timeout=0.3)
    finally:
        done.set()
        holder.join()
    with CustomerStore.open(home, "acme", lock_timeout=5):
        pass


def test_another_process_is_still_named_as_one(home):
    code = """
        import sys, time
        from mem.customers import CustomerStore
        with CustomerStore.open(sys.argv[1], "acme"):
            print("held", flush=True)
            time.sleep(5)
    """
    proc = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), str(home)], stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "MEM_HOME": str(home)})
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        with pytest.raises(LockTimeout, match="another mem process"):
            CustomerStore.open(home, "acme", lock_timeout=0.2)
    finally:
        proc.kill()
        proc.wait()


def test_a_store_used_from_another_thread_is_a_mem_error(home):
    errors: list[BaseException] = []
    with CustomerStore.open(home, "acme") as store:
        def use() -> None:
            try:
                store.facts.search("refund")
            except BaseException as exc:  # noqa: BLE001 - recorded for the assertion
                errors.append(exc)

        worker = threading.Thread(target=use)
        worker.start()
        worker.join()
        assert store.facts.search("refund") == []  # the opening thread still reads it
    assert len(errors) == 1
    assert isinstance(errors[0], WrongThread)
    assert isinstance(errors[0], InvalidInput) and isinstance(errors[0], MemError)
    assert "one store per thread" in str(errors[0])  # before: sqlite3.ProgrammingError


def test_a_store_closed_from_another_thread_releases_its_lock(home):
    store = CustomerStore.open(home, "acme")
    worker = threading.Thread(target=store.close)
    worker.start()
    worker.join()
    with CustomerStore.open(home, "acme", lock_timeout=2):
        pass


def test_open_async_waits_without_blocking_the_loop(home):
    async def main() -> tuple[int, str]:
        first = await CustomerStore.open_async(home, "acme")
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.02)

        async def close_later() -> None:
            await asyncio.sleep(0.5)
            first.close()

        tick = asyncio.create_task(ticker())
        closer = asyncio.create_task(close_later())
        second = await CustomerStore.open_async(home, "acme", lock_timeout=10)  # another task holds it meanwhile
        seen = ticks
        tick.cancel()
        await closer
        with second:
            return seen, second.customer_id

    ticks, customer = asyncio.run(main())
    assert customer == "acme"
    assert ticks >= 10  # the loop ran while the open waited (a blocking open: 0-1 ticks)


def test_open_async_times_out_with_the_holder_named(home):
    async def main() -> None:
        with CustomerStore.open(home, "acme"):
            await CustomerStore.open_async(home, "acme", lock_timeout=0.2)

    with pytest.raises(LockTimeout, match="another task of its event loop"):
        asyncio.run(main())
