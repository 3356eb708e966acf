"""``mem backup`` / ``mem restore`` end to end: login, notices, PIN on stdin, exit codes, JSON."""

from __future__ import annotations

import json

import pytest

from mem.core.config import Config
from mem.customers import CustomerStore, Fact
from mem.server.accounts import add_account

PIN = "731946"


def _setup(tmp_path, live_server, mem, monkeypatch):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    token = add_account(workspace, "alice")
    server = live_server(workspace, Config.load(workspace=workspace))
    old_home = tmp_path / "old"
    with CustomerStore.open(old_home, "cust-a") as store:
        store.facts.add(Fact.new("preference", "Prefers email over phone."))
    monkeypatch.setenv("MEM_HOME", str(old_home))
    assert mem("login", "--server", server.url, "--token", token).exit_code == 0
    return server, token


def test_backup_shows_notices_then_restore_on_a_fresh_home(tmp_path, live_server, mem, monkeypatch):
    server, token = _setup(tmp_path, live_server, mem, monkeypatch)
    result = mem("backup", "--customer", "cust-a", "--pin-stdin", "--json", input=PIN + "\n")
    assert result.exit_code == 0, result.stderr
    for phrase in ("conversations after the backup are not in it", "forgotten PIN", "expires",
                   "unrelated to your app password", "a new device starts with an empty memory"):
        assert phrase in result.stderr
    receipt = json.loads(result.stdout)
    assert receipt["customer"] == "cust-a" and receipt["kdf_profile"] == "standard"
    assert PIN not in result.stdout + result.stderr

    monkeypatch.setenv("MEM_HOME", str(tmp_path / "new"))
    assert mem("login", "--server", server.url, "--token", token).exit_code == 0
    wrong = mem("restore", "--customer", "cust-a", "--pin-stdin", input="482913\n")
    assert wrong.exit_code == 1
    assert wrong.stderr.strip() == "Error: wrong PIN; 9 attempts left before the backup is destroyed"
    done = mem("restore", "--customer", "cust-a", "--pin-stdin", input=PIN + "\n")
    assert done.exit_code == 0, done.stderr
    assert "deleted from the server" in done.stdout
    assert "no policy bundle on this device yet: `mem sync` flags facts" in done.stdout  # not synced yet
    with CustomerStore.open(tmp_path / "new", "cust-a") as store:
        assert [f.text for f in store.facts.list()] == ["Prefers email over phone."]
    gone = mem("restore", "--customer", "cust-a", "--pin-stdin", "--overwrite", input=PIN + "\n")
    assert gone.exit_code == 2 and "no backup" in gone.stderr


def test_weak_pin_is_refused_with_usage_exit(tmp_path, live_server, mem, monkeypatch):
    server, _ = _setup(tmp_path, live_server, mem, monkeypatch)
    before = len(server.received)
    result = mem("backup", "--customer", "cust-a", "--pin-stdin", input="123456\n")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines[-1] == "Error: this PIN is a sequence of digits; choose one that is harder to guess"
    # the notices come first: the customer reads them before any PIN is taken
    assert len(lines) == 7 and all(line.startswith("* ") for line in lines[:-1])
    assert len(server.received) == before


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_without_a_terminal_and_without_pin_stdin_one_clear_line(tmp_path, live_server, mem, monkeypatch, command):
    server, _ = _setup(tmp_path, live_server, mem, monkeypatch)
    before = len(server.received)
    result = mem(command, "--customer", "cust-a", input=PIN + "\n")  # stdin is a pipe, not a terminal
    assert result.exit_code == 2
    assert result.stderr == ("Error: no terminal to ask for the PIN: pass --pin-stdin and write the PIN on "
                             "standard input\n")
    assert result.stdout == "" and len(server.received) == before


@pytest.mark.filterwarnings("ignore::getpass.GetPassWarning")
def test_prompt_asks_twice_and_must_match(tmp_path, live_server, mem, monkeypatch):
    _setup(tmp_path, live_server, mem, monkeypatch)
    monkeypatch.setattr("mem.cli.backup._interactive", lambda: True)  # the runner's stdin stands in for a terminal
    mismatch = mem("backup", "--customer", "cust-a", input=f"{PIN}\n482913\n{PIN}\n{PIN}\n")
    assert mismatch.exit_code == 0, mismatch.stderr
    assert "do not match" in mismatch.stdout + mismatch.stderr
    assert PIN not in mismatch.stdout + mismatch.stderr


def test_backup_needs_a_login(mem):
    result = mem("backup", "--customer", "cust-a", "--pin-stdin", input=PIN + "\n")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1].startswith("Error: not logged in")


def test_backup_and_restore_refuse_plain_http_beyond_this_machine(tmp_path, mem, monkeypatch):
    from mem.client.vault_client import require_private_channel

    monkeypatch.setenv("MEM_HOME", str(tmp_path / "home"))
    assert mem("login", "--server", "http://backup.example.com:8765", "--token", "mem_x").exit_code == 0
    for command in ("backup", "restore"):
        result = mem(command, "--customer", "cust-a", "--pin-stdin", input=PIN + "\n")
        assert result.exit_code == 1
        assert result.stderr.strip().splitlines()[-1].startswith("Error: backups travel only over https://")
    for url in ("https://backup.example.com", "http://127.0.0.1:8765", "http://localhost:1", "http://[::1]:8"):
        require_private_channel(url)
