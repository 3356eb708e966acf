"""The vault inside a real ``mem serve`` process: the counter survives a process restart, and the
server's clock (``MEM_NOW``) decides expiry."""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import time

import pytest

from mem.client.connection import ServerClient
from mem.client.vault_client import VaultClient
from mem.core.errors import NetworkError, Refused
from mem.customers import backup
from mem.customers import backup_crypto as bc
from mem.server.accounts import add_account

PIN = "731946"


class Served:
    """``mem --workspace WS serve`` in a child process with its own ``MEM_NOW``."""

    def __init__(self, workspace, now: str) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "MEM_NOW": now}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mem.cli.main", "--workspace", str(workspace), "serve", "--port", str(self.port)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 20
        with ServerClient(self.url, timeout=1) as probe:
            while True:
                try:
                    probe.get_json("/health")
                    return
                except NetworkError:
                    if time.monotonic() > deadline or self.process.poll() is not None:
                        self.stop()
                        raise RuntimeError("mem serve did not start") from None
                    time.sleep(0.1)

    def stop(self) -> bytes:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err or b""


@pytest.fixture
def workspace(tmp_path):
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "mem.toml").write_text("")
    return folder


def _wrong(vault: VaultClient, record: dict) -> dict:
    salt = base64.b64decode(record["kdf"]["salt"])
    auth = bc.authenticator(bc.pin_key("482913", salt=salt, kdf=bc.TEST))
    return vault.unlock(record["backup_id"], authenticator=base64.b64encode(auth).decode())


def test_counter_survives_restart_and_the_server_clock_expires_backups(workspace, tmp_path, monkeypatch):
    token = add_account(workspace, "alice")
    monkeypatch.setattr(backup, "export_customer", lambda home, cid, include_logs: b"memory bytes")
    logs = b""
    server = Served(workspace, "2026-12-01T09:00:00Z")
    try:
        with ServerClient(server.url, token=token) as client:
            vault = VaultClient(client)
            receipt = backup.create_backup(tmp_path / "home", "cust-a", PIN, vault=vault, kdf=bc.TEST)
            assert receipt.created_at == "2026-12-01T09:00:00Z" and receipt.expires_at == "2026-12-15T09:00:00Z"
            record = vault.find(slot=backup.backup_slot("cust-a", vault.slot_key()))[0]
            assert [_wrong(vault, record)["remaining_attempts"] for _ in range(3)] == [9, 8, 7]
    finally:
        logs += server.stop()
    keys = _keys(workspace, record)
    assert _dump(workspace, logs, keys) == []

    server = Served(workspace, "2026-12-15T08:59:00Z")
    try:
        with ServerClient(server.url, token=token) as client:
            vault = VaultClient(client)
            assert _wrong(vault, record)["remaining_attempts"] == 6
            with pytest.raises(Refused, match="5 attempts left"):
                backup.restore_backup(tmp_path / "new", "cust-a", "482913", vault=vault)
    finally:
        logs += server.stop()

    server = Served(workspace, "2026-12-15T09:00:00Z")
    try:
        with ServerClient(server.url, token=token) as client:
            assert VaultClient(client).find(slot=backup.backup_slot("cust-a", VaultClient(client).slot_key())) == []
    finally:
        logs += server.stop()
    assert list((workspace / ".mem" / "blobs").rglob("*.blob")) == []
    assert b"/vault/backups" in logs  # the access log was on, and
    assert _dump(workspace, logs, keys) == []  # neither it nor any file ever held the PIN or a key


def _keys(workspace, record: dict) -> dict[str, bytes]:
    """The PIN, PIN key and data key of a live backup (the secret read straight from the key service)."""
    import sqlite3

    db = sqlite3.connect(workspace / ".mem" / "keyservice" / "keyservice.db")
    secret = db.execute("SELECT secret FROM backups WHERE backup_id = ?", (record["backup_id"],)).fetchone()[0]
    db.close()
    salt = base64.b64decode(record["kdf"]["salt"])
    pin_key = bc.pin_key(PIN, salt=salt, kdf=bc.TEST)
    data_key = bc.data_key(pin_key, secret, salt=salt, backup_id=record["backup_id"])
    keys = {"PIN": PIN.encode()}
    for name, key in (("PIN key", pin_key), ("data key", data_key)):
        keys.update({name: key, f"{name} hex": key.hex().encode(), f"{name} b64": base64.b64encode(key),
                     f"{name} b64url": base64.urlsafe_b64encode(key)})
    return keys


def _dump(workspace, logs: bytes, keys: dict[str, bytes]) -> list[str]:
    """Which of ``keys`` appear in any file of the workspace or in the server's logs."""
    dump = b"".join(p.read_bytes() for p in workspace.rglob("*") if p.is_file()) + logs
    return [name for name, needle in keys.items() if needle in dump]


def test_twenty_wrong_attempts_across_two_server_processes_get_at_most_ten_answers(workspace, tmp_path,
                                                                                  monkeypatch):
    """Two ``mem serve`` processes on one workspace share the key service: the count is the database's,
    not a process's, so 20 simultaneous wrong PINs split between them still get 10 answers."""
    import threading

    from mem.core.errors import NotFound

    token = add_account(workspace, "alice")
    monkeypatch.setattr(backup, "export_customer", lambda home, cid, include_logs: b"memory bytes")
    servers = [Served(workspace, "2026-12-01T09:00:00Z") for _ in range(2)]
    clients = [ServerClient(servers[i % 2].url, token=token) for i in range(20)]
    try:
        backup.create_backup(tmp_path / "home", "cust-a", PIN, vault=VaultClient(clients[0]), kdf=bc.TEST)
        record = VaultClient(clients[1]).find(slot=backup.backup_slot("cust-a", VaultClient(clients[1]).slot_key()))[0]
        answers: list = []
        barrier = threading.Barrier(20)

        def attempt(client: ServerClient) -> None:
            barrier.wait()
            try:
                answers.append(_wrong(VaultClient(client), record))
            except NotFound:
                answers.append("gone")

        threads = [threading.Thread(target=attempt, args=(c,)) for c in clients]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        for client in clients:
            client.close()
        logs = [server.stop() for server in servers]
    evaluated = [a for a in answers if a != "gone"]
    assert len(answers) == 20 and len(evaluated) == 10
    assert sorted(a["remaining_attempts"] for a in evaluated) == list(range(10))
    assert [a["destroyed"] for a in evaluated].count(True) == 1
    assert list((workspace / ".mem" / "blobs").rglob("*.blob")) == []
    assert [log.count(b"/unlock") for log in logs] == [10, 10]  # each process took half of them
