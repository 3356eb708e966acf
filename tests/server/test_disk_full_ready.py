"""NEWUSER_REPORT19 #8: a host whose disk is full is not ready, and its log says "no space left"."""

from __future__ import annotations

import os
import sqlite3
from types import SimpleNamespace

import pytest

from mem.core.config import Config
from mem.core.errors import StorageError


def _full(monkeypatch) -> None:
    monkeypatch.setattr(os, "statvfs", lambda _p: SimpleNamespace(f_bavail=0, f_bfree=0, f_frsize=4096))


def test_a_full_disk_makes_the_host_not_ready_without_naming_a_path(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from mem.server.app import create_app

    app = create_app(tmp_path, config=Config.load(workspace=tmp_path))
    client = TestClient(app)
    before = client.get("/ready").json().get("problems", [])
    assert not any("no space left" in p for p in before)
    _full(monkeypatch)
    answer = client.get("/ready")
    assert answer.status_code == 503 and str(tmp_path) not in answer.text
    assert any(p.startswith("no space left on device: the disk holding the server's data has 0 bytes free")
               for p in answer.json()["problems"])


def test_the_server_store_error_says_no_space_left_when_the_disk_is_full(tmp_path, monkeypatch):
    from mem.server.storage import SqliteServerStore

    store = SqliteServerStore(tmp_path / ".mem" / "server.db")

    def failing(*_a, **_k):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "_connect", failing)
    with pytest.raises(StorageError) as room:
        store.ready()
    assert "no space left" not in room.value.message  # room left: another fault, said as SQLite says it
    _full(monkeypatch)
    with pytest.raises(StorageError) as full:
        store.ready()
    assert full.value.message.startswith(f"server storage {tmp_path}/.mem/server.db: disk I/O error — no space left "
                                         "on device: the disk holding ")
