"""A client home on a read-only file system (a backup mounted read-only, a forensic copy): the customer's memory
can be read — facts list and search, the request log, the readable export — and every write refuses in one line
(NEWUSER_REPORT16 #4: every command, reading too, failed on `cannot create the lock file`)."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path

import pytest

from mem.core.config import Config
from mem.core.errors import StorageError
from mem.customers import CustomerStore
from mem.customers.extract import extract_pending


def _snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns) for p in root.rglob("*")}


@pytest.fixture
def read_only_home(monkeypatch, isolated_env, tmp_path):
    log = tmp_path / "ro.jsonl"
    log.write_text(json.dumps({"role": "customer", "text": "I live in Busan.", "time": "2026-11-01T10:00:00Z"})
                   + "\n", encoding="utf-8")
    with CustomerStore.open(isolated_env, "ro") as store:
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=isolated_env))
    real_open = os.open

    def erofs(path, flags, *args):  # what a read-only mount answers to anything but reading
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    class ReadOnlyOs:  # os as the lock module sees it (patching os.open itself would reach every module)
        def __getattr__(self, name):
            return erofs if name == "open" else getattr(os, name)

    monkeypatch.setattr("mem.customers.lock.os", ReadOnlyOs())
    return isolated_env


def test_a_read_only_home_can_be_read_and_refuses_writes_in_one_line(read_only_home, mem):
    before = _snapshot(read_only_home)
    listed = mem("--json", "facts", "list", "-c", "ro")
    assert listed.exit_code == 0, listed.stderr
    assert "Busan" in listed.stdout
    scratch = set(Path(tempfile.gettempdir()).glob("mem-index-*"))
    found = mem("facts", "search", "-c", "ro", "Busan")
    assert found.exit_code == 0 and "Busan" in found.stdout, found.stderr
    assert set(Path(tempfile.gettempdir()).glob("mem-index-*")) == scratch  # the temporary index is removed
    assert mem("log", "list", "-c", "ro").exit_code == 0
    exported = mem("export", "-c", "ro")
    assert exported.exit_code == 0 and "I live in Busan." in exported.stdout
    refused = mem("context", "add", "-c", "ro", "Prefers email")
    assert refused.exit_code == 2 and "read-only file system" in refused.stderr and "Traceback" not in refused.stderr
    assert _snapshot(read_only_home) == before  # nothing written, no index rebuilt in place


def test_a_store_on_a_read_only_file_system_refuses_every_transaction(read_only_home):
    with CustomerStore.open(read_only_home, "ro", create=False) as store:
        assert store.read_only and [f.text for f in store.facts.list()]
        with pytest.raises(StorageError, match="read-only file system"):
            store.consent.set(share=True)
    with pytest.raises(StorageError, match="cannot create the memory"):
        CustomerStore.open(read_only_home, "new-one")


def test_the_read_only_search_index_is_never_written_outside_the_home(read_only_home, monkeypatch, tmp_path):
    # it was built in tempfile.mkdtemp() with the facts' text and quotes: a kill -9 left it in /tmp, where
    # mem forget cannot reach it
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    with CustomerStore.open(read_only_home, "ro", create=False) as store:
        assert [hit.fact.text for hit in store.facts.search("Busan")]
        assert list(scratch.iterdir()) == []  # while the store is open (what a kill would leave)


def test_a_read_only_copy_with_a_wal_file_but_no_shm_can_still_be_read(read_only_home, monkeypatch):
    # SQLite opens a WAL database with mode=ro only when it can make the -shm file, which a read-only
    # file system refuses: "unable to open database file" for every reading command
    import sqlite3

    from mem.core.errors import MemWarning

    database = read_only_home / "customers" / "ro" / "memory.db"
    database.with_name("memory.db-wal").write_bytes(b"\0" * 4096)  # changes nobody checkpointed
    real = sqlite3.connect

    def no_shm(target, *args, **kwargs):
        if "mode=ro" in str(target):
            raise sqlite3.OperationalError("unable to open database file")
        return real(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", no_shm)
    with pytest.warns(MemWarning, match="not shown"):
        store = CustomerStore.open(read_only_home, "ro", create=False)
    with store:
        assert [f.text for f in store.facts.list()]
