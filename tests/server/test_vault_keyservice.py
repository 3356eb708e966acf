"""Key service and blob store as libraries: attempt counting, destruction, ownership, expiry, write-once."""

from __future__ import annotations

import sqlite3
import threading
import types
from datetime import timedelta
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict, InvalidInput, NotFound, Refused, StorageError
from mem.server.vault import Vault
from mem.server.vault_blobstore import BlobStore
from mem.server.vault_keyservice import KeyService

GOOD, BAD = b"\x01" * 32, b"\x02" * 32


@pytest.fixture
def keys(tmp_path) -> KeyService:
    return KeyService(tmp_path / "ks", max_attempts=10, retention_days=14)


def _ready(keys: KeyService, account: str = "alice", slot: str = "slot-a") -> str:
    created = keys.create(account=account, slot=slot, authenticator=GOOD, kdf="{}")
    keys.mark_ready(account=account, backup_id=created.record.backup_id)
    return created.record.backup_id


def test_right_proof_releases_the_secret_wrong_ones_count_down(keys):
    created = keys.create(account="alice", slot="s", authenticator=GOOD, kdf="{}")
    bid = created.record.backup_id
    with pytest.raises(Refused):  # no blob yet: nothing can be unlocked
        keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)
    keys.mark_ready(account="alice", backup_id=bid)
    remaining = [keys.unlock(account="alice", backup_id=bid, authenticator=BAD).remaining for _ in range(9)]
    assert remaining == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    result = keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)
    assert result.ok and result.secret == created.secret and result.remaining == 1


def test_tenth_wrong_proof_destroys_the_secret_on_disk(keys):
    created = keys.create(account="alice", slot="s", authenticator=GOOD, kdf="{}")
    bid = created.record.backup_id
    keys.mark_ready(account="alice", backup_id=bid)
    assert created.secret in (keys.folder / "keyservice.db").read_bytes()
    results = [keys.unlock(account="alice", backup_id=bid, authenticator=BAD) for _ in range(10)]
    assert results[-1].destroyed and not any(r.destroyed for r in results[:-1])
    with pytest.raises(NotFound):
        keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)
    assert created.secret not in (keys.folder / "keyservice.db").read_bytes()  # secure_delete


def test_concurrent_wrong_proofs_never_exceed_the_limit(keys, monkeypatch):
    bid = _ready(keys)
    outcomes: list[str] = []
    evaluations: list[bytes] = []
    from mem.server import keyservice_rules

    verifier = keyservice_rules.verifier

    def counted(key: bytes, backup_id: str, authenticator: bytes) -> bytes:
        evaluations.append(authenticator)
        return verifier(key, backup_id, authenticator)

    monkeypatch.setattr(keyservice_rules, "verifier", counted)

    def attempt():
        try:
            result = keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
            outcomes.append(f"wrong:{result.remaining}")
        except NotFound:
            outcomes.append("gone")

    threads = [threading.Thread(target=attempt) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    evaluated = sorted(o for o in outcomes if o.startswith("wrong"))
    assert evaluated == sorted(f"wrong:{n}" for n in range(10))
    assert outcomes.count("gone") == 10
    assert len(evaluations) == 10  # the proof itself was checked ten times, not twenty


class _FailingCommit:
    """A connection whose COMMIT fails (a full disk, a yanked volume): the count cannot be persisted."""

    def __init__(self, db: sqlite3.Connection) -> None:
        object.__setattr__(self, "_db", db)

    def __getattr__(self, name):
        return getattr(self._db, name)

    def __setattr__(self, name, value):
        setattr(self._db, name, value)

    def execute(self, sql, *args):
        if sql == "COMMIT":
            raise sqlite3.OperationalError("disk I/O error")
        return self._db.execute(sql, *args)


def test_no_answer_leaves_before_the_attempt_is_on_disk(keys, monkeypatch):
    bid = _ready(keys)
    keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
    db = sqlite3.connect(keys.folder / "keyservice.db")  # another reader sees the count once answered
    assert db.execute("SELECT attempts FROM backups").fetchone() == (1,)
    db.close()
    import mem.server.vault_keyservice as module

    real = module.sqlite3
    broken = types.SimpleNamespace(**{name: getattr(real, name) for name in ("Error", "OperationalError", "Row",
                                                                             "Connection")},
                                   connect=lambda *a, **k: _FailingCommit(real.connect(*a, **k)))
    monkeypatch.setattr(module, "sqlite3", broken)
    for proof in (GOOD, BAD):  # neither the secret nor a verdict without a persisted count
        with pytest.raises(StorageError):
            keys.unlock(account="alice", backup_id=bid, authenticator=proof)
    monkeypatch.setattr(module, "sqlite3", real)
    assert keys.get(account="alice", backup_id=bid).remaining == 9


def test_counter_survives_reopening(keys, tmp_path):
    bid = _ready(keys)
    for _ in range(3):
        keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
    reopened = KeyService(tmp_path / "ks", max_attempts=10, retention_days=14)
    assert reopened.unlock(account="alice", backup_id=bid, authenticator=BAD).remaining == 6


def test_other_accounts_see_nothing_and_count_nothing(keys):
    bid = _ready(keys)
    for call in (keys.get, keys.delete):
        with pytest.raises(NotFound):
            call(account="mallory", backup_id=bid)
    with pytest.raises(NotFound):
        keys.unlock(account="mallory", backup_id=bid, authenticator=GOOD)
    assert keys.get(account="alice", backup_id=bid).remaining == 10
    assert keys.list(account="mallory") == []


def test_a_ready_backup_is_never_replaced_or_reset_by_a_new_one(keys):
    bid = _ready(keys)
    keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
    with pytest.raises(Conflict):
        keys.create(account="alice", slot="slot-a", authenticator=GOOD, kdf="{}")
    with pytest.raises(Conflict):
        keys.mark_ready(account="alice", backup_id=bid)
    assert keys.get(account="alice", backup_id=bid).remaining == 9
    other = keys.create(account="bob", slot="slot-a", authenticator=GOOD, kdf="{}")  # slots are per account
    assert other.record.account == "bob"


def test_an_unfinished_backup_is_replaced(keys):
    first = keys.create(account="alice", slot="s", authenticator=GOOD, kdf="{}").record.backup_id
    second = keys.create(account="alice", slot="s", authenticator=GOOD, kdf="{}")
    assert second.replaced == [first]
    with pytest.raises(NotFound):
        keys.get(account="alice", backup_id=first)


def test_expiry_follows_the_clock(keys):
    clock.freeze(clock.parse_datetime("2026-12-01T00:00:00Z"))
    bid = _ready(keys)
    clock.freeze(clock.now() + timedelta(days=13, hours=23))
    assert keys.get(account="alice", backup_id=bid).backup_id == bid
    clock.freeze(clock.now() + timedelta(hours=1))
    assert keys.purge_expired() == [bid]
    with pytest.raises(NotFound):
        keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)


def test_malformed_authenticator_is_invalid(keys):
    with pytest.raises(InvalidInput):
        keys.create(account="alice", slot="s", authenticator=b"short", kdf="{}")


def test_blob_store_is_write_once_checked_and_per_owner(tmp_path):
    blobs = BlobStore(tmp_path / "blobs", max_bytes=100)
    bid = "01JABCDEFGHJKMNPQRSTVWXYZ0"
    blobs.put_part(account="alice", backup_id=bid, index=0, data=b"abc")
    blobs.put_part(account="alice", backup_id=bid, index=1, data=b"def")
    with pytest.raises(InvalidInput):
        blobs.complete(account="alice", backup_id=bid, parts=2, sha256="0" * 64, size=6)
    import hashlib

    blobs.complete(account="alice", backup_id=bid, parts=2, sha256=hashlib.sha256(b"abcdef").hexdigest(), size=6)
    assert blobs.get(account="alice", backup_id=bid) == b"abcdef"
    with pytest.raises(NotFound):
        blobs.get(account="mallory", backup_id=bid)
    with pytest.raises(Conflict):
        blobs.put(account="alice", backup_id=bid, data=b"other")
    with pytest.raises(InvalidInput):
        blobs.put(account="alice", backup_id="../../etc", data=b"x")
    with pytest.raises(InvalidInput):
        blobs.put_part(account="alice", backup_id="01JABCDEFGHJKMNPQRSTVWXYZ1", index=0, data=b"x" * 101)
    assert blobs.delete_id(bid) and blobs.ids() == set()


def test_vault_destruction_and_sweep_remove_blobs(tmp_path):
    vault = Vault.open(tmp_path, config=Config())
    import base64

    auth = base64.b64encode(GOOD).decode()
    created = vault.create(account="alice", slot="5" * 32, authenticator=auth, kdf={"salt": "AA=="})
    bid = created["backup_id"]
    vault.upload(account="alice", backup_id=bid, data=b"ciphertext")
    wrong = base64.b64encode(BAD).decode()
    answers = [vault.unlock(account="alice", backup_id=bid, authenticator=wrong) for _ in range(10)]
    assert answers[-1]["destroyed"] and "secret" not in answers[-1]
    assert vault.blobs.ids() == set()
    # a blob left behind by a crash between the two stores is swept
    vault.blobs.put(account="alice", backup_id="01JABCDEFGHJKMNPQRSTVWXYZ0", data=b"orphan")
    assert vault.sweep() == ["01JABCDEFGHJKMNPQRSTVWXYZ0"]


def test_both_stores_are_private_and_git_ignored(tmp_path):
    import stat

    vault = Vault.open(tmp_path, config=Config())
    for folder in (vault.keys.folder, vault.blobs.folder):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert (folder / ".gitignore").read_text() == "*\n"
    assert vault.keys.folder != vault.blobs.folder
    assert stat.S_IMODE((vault.keys.folder / "keyservice.key").stat().st_mode) == 0o600
    assert stat.S_IMODE((vault.keys.folder / "keyservice.db").stat().st_mode) == 0o600


def test_key_service_and_blob_store_share_no_code():
    """Separate code paths: neither store imports the other; only ``vault.py`` holds both."""
    import ast

    import mem.server.vault_blobstore as blobstore
    import mem.server.vault_keyservice as keyservice

    def imported(module) -> set[str]:
        names: set[str] = set()
        for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
            if isinstance(node, ast.ImportFrom):
                names.add(node.module or "")
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        return names

    assert not any("vault" in name for name in imported(keyservice))
    assert not any("vault" in name for name in imported(blobstore))
