"""Vault attacks and faults: a replacement interrupted midway keeps a backup, and slot names do not
give customer ids away."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

from mem.client.connection import ServerClient
from mem.client.vault_client import VaultClient
from mem.core.config import Config
from mem.core.errors import InvalidInput
from mem.customers import backup
from mem.customers import backup_crypto as bc
from mem.server.accounts import add_account
from mem.server.vault import LocalVault, Vault

PIN = "731946"


class Crash(BaseException):
    """What ``kill -9`` looks like from inside: nothing after it runs."""


class CrashingVault(LocalVault):
    """A vault whose ``crash_on`` call dies before it reaches the server."""

    def __init__(self, vault: Vault, *, account: str, crash_on: str | None = None) -> None:
        super().__init__(vault, account=account)
        self.crash_on = crash_on
        self.calls: list[str] = []

    def __getattribute__(self, name: str):
        attribute = super().__getattribute__(name)
        if name in ("create", "upload", "find", "unlock", "download", "delete"):
            def recorded(*args, **kwargs):
                self.calls.append(name)
                if name == self.crash_on:
                    raise Crash(name)
                return attribute(*args, **kwargs)
            return recorded
        return attribute


@pytest.fixture
def memory(monkeypatch):
    state = {"exported": b"first memory", "imported": None}
    monkeypatch.setattr(backup, "export_customer", lambda home, cid, include_logs: state["exported"])
    monkeypatch.setattr(backup, "import_customer", lambda home, cid, data: state.__setitem__("imported", data))
    monkeypatch.setattr(backup, "has_memory", lambda home, cid: False)
    monkeypatch.setattr(backup, "flag_recheck", lambda home, cid, versions, **moves: [])
    return state


def test_replace_uploads_and_confirms_the_new_backup_before_deleting_the_old(tmp_path, memory):
    vault = Vault.open(tmp_path / "ws", config=Config())
    backup.create_backup(tmp_path, "cust-a", PIN, vault=LocalVault(vault, account="alice"), kdf=bc.TEST)
    memory["exported"] = b"second memory"
    crashing = CrashingVault(vault, account="alice", crash_on="upload")
    with pytest.raises(Crash):
        backup.create_backup(tmp_path, "cust-a", PIN, vault=crashing, kdf=bc.TEST, replace=True)
    assert "delete" not in crashing.calls[:crashing.calls.index("upload")]
    # the crash lost the new backup, not the old one: it still restores
    backup.restore_backup(tmp_path / "new", "cust-a", PIN, vault=LocalVault(vault, account="alice"))
    assert memory["imported"] == b"first memory"


def test_a_crash_after_the_new_backup_is_complete_leaves_both_and_restore_takes_the_newest(tmp_path, memory):
    vault = Vault.open(tmp_path / "ws", config=Config())
    local = LocalVault(vault, account="alice")
    first = backup.create_backup(tmp_path, "cust-a", PIN, vault=local, kdf=bc.TEST)
    memory["exported"] = b"second memory"
    with pytest.raises(Crash):
        backup.create_backup(tmp_path, "cust-a", PIN, vault=CrashingVault(vault, account="alice", crash_on="delete"),
                             kdf=bc.TEST, replace=True)
    slot = backup.backup_slot("cust-a", local.slot_key())
    assert len(local.find(slot=slot)) == 2
    backup.restore_backup(tmp_path / "new", "cust-a", PIN, vault=local)
    assert memory["imported"] == b"second memory"
    assert local.find(slot=slot) == [] and vault.blobs.ids() == set()  # the older one went too
    assert first.backup_id not in vault.keys.known_ids()


def test_replace_done_whole_keeps_exactly_the_new_backup(tmp_path, memory):
    vault = Vault.open(tmp_path / "ws", config=Config())
    local = LocalVault(vault, account="alice")
    first = backup.create_backup(tmp_path, "cust-a", PIN, vault=local, kdf=bc.TEST)
    second = backup.create_backup(tmp_path, "cust-a", PIN, vault=local, kdf=bc.TEST, replace=True)
    assert second.replaced == [first.backup_id]
    assert [r["backup_id"] for r in local.find(slot=backup.backup_slot("cust-a", local.slot_key()))] == [
        second.backup_id]


def test_slot_names_cannot_be_reversed_from_guessed_customer_ids(tmp_path, live_server, memory):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    tokens = {name: add_account(workspace, name) for name in ("alice", "bob")}
    server = live_server(workspace, Config.load(workspace=workspace))
    customers = [f"cust-{n}" for n in range(50)]
    for name in ("alice", "bob"):
        with ServerClient(server.url, token=tokens[name]) as client:
            backup.create_backup(tmp_path, "cust-7", PIN, vault=VaultClient(client), kdf=bc.TEST)
    with sqlite3.connect(workspace / ".mem" / "keyservice" / "keyservice.db") as db:
        slots = {account: slot for account, slot in db.execute("SELECT account, slot FROM backups")}
    # what the server could try: digests of every id it can guess, salted or not
    guesses = {hashlib.sha256(b"mem-backup-slot\0" + c.encode()).hexdigest()[:32] for c in customers}
    guesses |= {hashlib.sha256(c.encode()).hexdigest()[:32] for c in customers}
    assert not set(slots.values()) & guesses
    assert slots["alice"] != slots["bob"]  # keyed per account: the same customer is unlinkable across accounts
    for slot in slots.values():
        assert "cust" not in slot


@pytest.mark.parametrize("slot", ["cust-7", "a" * 31, "a" * 32 + "\n", "A" * 32, "ａ" * 32, "a" * 64])
def test_the_vault_refuses_a_slot_that_is_not_a_keyed_digest(tmp_path, slot):
    vault = Vault.open(tmp_path / "ws", config=Config())
    with pytest.raises(InvalidInput, match="slot"):
        vault.create(account="alice", slot=slot, authenticator="A" * 43 + "=", kdf={})


def test_a_backup_made_under_the_old_unkeyed_slot_still_restores(tmp_path, memory):
    vault = Vault.open(tmp_path / "ws", config=Config())
    local = LocalVault(vault, account="alice")
    legacy = backup.legacy_backup_slot("cust-a")
    original = backup.backup_slot
    backup.backup_slot = lambda customer_id, key: legacy  # what an older mem named the slot
    try:
        backup.create_backup(tmp_path, "cust-a", PIN, vault=local, kdf=bc.TEST)
    finally:
        backup.backup_slot = original
    backup.restore_backup(tmp_path / "new", "cust-a", PIN, vault=local)
    assert memory["imported"] == b"first memory"
