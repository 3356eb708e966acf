"""The whole migration as a customer's two devices live it: a real ``mem serve`` process on a free
loopback port and the installed ``mem`` command in two client homes, production Argon2id cost."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys

from mem.customers import CustomerStore, Fact, export_customer
from mem.server.accounts import add_account


def _load_served():
    """``Served`` of the neighbouring test_vault_process.py: a ``mem serve`` child process on a free port."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("_vault_process", Path(__file__).with_name("test_vault_process.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Served


Served = _load_served()
PIN, WRONG = "731946", "482913"


def _mem(home, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "MEM_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "mem.cli.main", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=60)


def _memory(home) -> dict:
    data = json.loads(gzip.decompress(export_customer(home, "cust-a", include_logs=True)))
    data.pop("exported_at")
    return data


def test_two_devices_backup_wrong_pins_restore_and_destruction(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "mem.toml").write_text("")
    token = add_account(workspace, "alice")
    old, new, newer = tmp_path / "old-phone", tmp_path / "new-phone", tmp_path / "third-phone"
    with CustomerStore.open(old, "cust-a") as store:
        conversation = store.log.new_conversation(session="s1")
        store.log.append_turn(conversation, role="customer", text="Please answer in Japanese; I am on Enterprise.")
        store.facts.add(Fact.new("preference", "Wants answers in Japanese."))
        store.context.add("Enterprise plan; answer in Japanese.", source="customer", budget_chars=600)
    server = Served(workspace, "2026-12-02T10:00:00Z")
    try:
        for home in (old, new, newer):
            assert _mem(home, "login", "--server", server.url, "--token", token).returncode == 0

        made = _mem(old, "backup", "--customer", "cust-a", "--include-logs", "--pin-stdin", "--json",
                    stdin=PIN + "\n")
        assert made.returncode == 0, made.stderr
        assert made.stderr.count("\n* ") + made.stderr.startswith("* ") == 6  # the notices, first
        assert json.loads(made.stdout)["kdf_profile"] == "standard"

        for left in range(9, 0, -1):
            wrong = _mem(new, "restore", "--customer", "cust-a", "--pin-stdin", stdin=WRONG + "\n")
            assert wrong.returncode == 1
            noun = "attempts" if left > 1 else "attempt"
            assert wrong.stderr == f"Error: wrong PIN; {left} {noun} left before the backup is destroyed\n"
        right = _mem(new, "restore", "--customer", "cust-a", "--pin-stdin", stdin=PIN + "\n")
        assert right.returncode == 0, right.stderr
        assert _memory(new) == _memory(old)
        assert list((workspace / ".mem" / "blobs").rglob("*.blob")) == []

        assert _mem(old, "backup", "--customer", "cust-a", "--pin-stdin", stdin=PIN + "\n").returncode == 0
        answers = [_mem(newer, "restore", "--customer", "cust-a", "--pin-stdin", stdin=WRONG + "\n")
                   for _ in range(10)]
        assert [a.returncode for a in answers] == [1] * 10
        assert "the backup is destroyed and cannot be restored" in answers[-1].stderr
        after = _mem(newer, "restore", "--customer", "cust-a", "--pin-stdin", stdin=PIN + "\n")
        assert after.returncode == 2 and after.stderr.startswith("Error: no backup of customer cust-a")
        # NEWUSER_REPORT19 #14: the server asked is named (a restore sent to a host without the vault)
        assert f"on the server {server.url} for this account" in after.stderr and "another server" in after.stderr
        assert list((workspace / ".mem" / "blobs").rglob("*.blob")) == []
        assert not (newer / "customers").exists()
    finally:
        logs = server.stop()
    assert logs.count(b'"/vault/backups/') >= 20  # the access log saw every call, and never the PIN
    dump = b"".join(p.read_bytes() for p in workspace.rglob("*") if p.is_file()) + logs
    assert PIN.encode() not in dump and WRONG.encode() not in dump
