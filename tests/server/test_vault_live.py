"""The backup vault behind a real server on loopback (S's ``live_server`` fixture).

Argon2id runs at the explicit ``TEST`` cost (recorded in each backup's header) so the suite stays
fast; the construction is otherwise exactly the production one.
"""

from __future__ import annotations

import base64
import io
import logging
import threading

import pytest

from mem.client.connection import ServerClient
from mem.client.vault_client import VaultClient
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound, Refused, VerificationError
from mem.customers import backup
from mem.customers import backup_crypto as bc
from mem.server.accounts import add_account

PIN = "731946"
CUSTOMER = "cust-7"


class Memory:
    """A stand-in for the customer store's export/import: the vault only ever sees bytes."""

    def __init__(self) -> None:
        self.exported = bytes(range(256)) * 40 + "顧客の記憶 — Enterprise; answer in Japanese".encode()
        self.imported: bytes | None = None


@pytest.fixture
def memory(monkeypatch) -> Memory:
    mem = Memory()
    monkeypatch.setattr(backup, "export_customer", lambda home, cid, include_logs: mem.exported)
    monkeypatch.setattr(backup, "import_customer", lambda home, cid, data: setattr(mem, "imported", data))
    monkeypatch.setattr(backup, "has_memory", lambda home, cid: mem.imported is not None)
    monkeypatch.setattr(backup, "flag_recheck", lambda home, cid, versions, **moves: [])
    return mem


@pytest.fixture
def site(tmp_path, live_server):
    """A workspace with accounts alice and mallory, served on loopback; the access log captured."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    tokens = {name: add_account(workspace, name) for name in ("alice", "mallory")}
    log = io.StringIO()
    handler = logging.StreamHandler(log)
    logger = logging.getLogger("mem.server.access")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    server = live_server(workspace, Config.load(workspace=workspace))
    site = Site(workspace, server, tokens, log, live_server)
    yield site
    logger.removeHandler(handler)
    for client in site.clients:
        client.close()


class Site:
    def __init__(self, workspace, server, tokens, log, starter) -> None:
        self.workspace, self.server, self.tokens, self.log, self.starter = workspace, server, tokens, log, starter
        self.clients: list[ServerClient] = []

    def vault(self, account: str = "alice") -> VaultClient:
        client = ServerClient(self.server.url, token=self.tokens[account])
        self.clients.append(client)
        return VaultClient(client)

    def restart(self) -> None:
        self.server.stop()
        self.server = self.starter(self.workspace, Config.load(workspace=self.workspace))

    def blob_files(self) -> list:
        return sorted(p for p in (self.workspace / ".mem" / "blobs").rglob("*")
                      if p.is_file() and p.name != ".gitignore")

    def storage_dump(self) -> bytes:
        files = [p for p in self.workspace.rglob("*") if p.is_file()]  # all of it, not only the vault's
        return b"".join(p.read_bytes() for p in files) + self.log.getvalue().encode()


def _backup(site: Site, account: str = "alice", home=None, **options) -> backup.BackupReceipt:
    return backup.create_backup(home or site.workspace.parent / "home", CUSTOMER, PIN, vault=site.vault(account),
                                kdf=bc.TEST, **options)


def _restore(site: Site, pin: str = PIN, account: str = "alice", vault=None) -> backup.RestoreReport:
    return backup.restore_backup(site.workspace.parent / "home2", CUSTOMER, pin, vault=vault or site.vault(account))


def test_right_pin_roundtrips_byte_identical_and_nothing_remains(site, memory):
    receipt = _backup(site)
    assert receipt.kdf_profile == "test" and receipt.max_attempts == 10
    assert len(site.blob_files()) == 1
    report = _restore(site)
    assert memory.imported == memory.exported
    assert report.deleted_on_server and report.backup_id == receipt.backup_id
    assert site.blob_files() == []
    assert site.server.app.state.server.extras["vault"].keys.known_ids() == set()
    assert site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key())) == []


def test_nine_wrong_then_right_shows_remaining_and_succeeds(site, memory):
    _backup(site)
    messages = []
    for _ in range(9):
        with pytest.raises(Refused) as caught:
            _restore(site, pin="482913")
        messages.append(str(caught.value))
    assert "9 attempts left" in messages[0] and "1 attempt left" in messages[-1]
    _restore(site)
    assert memory.imported == memory.exported


def test_ten_wrong_destroys_for_good(site, memory):
    _backup(site)
    for _ in range(9):
        with pytest.raises(Refused):
            _restore(site, pin="482913")
    with pytest.raises(Refused, match="destroyed"):
        _restore(site, pin="482913")
    assert site.blob_files() == []
    with pytest.raises(NotFound):
        _restore(site)
    assert memory.imported is None


def test_twenty_concurrent_wrong_attempts_get_at_most_ten_evaluations(site, memory):
    receipt = _backup(site)
    record = site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]
    wrong = base64.b64encode(bc.authenticator(bc.pin_key("482913", salt=base64.b64decode(record["kdf"]["salt"]),
                                                          kdf=bc.TEST))).decode()
    vaults = [site.vault() for _ in range(20)]
    answers: list = []
    barrier = threading.Barrier(20)

    def attempt(vault: VaultClient) -> None:
        barrier.wait()
        try:
            answers.append(vault.unlock(receipt.backup_id, authenticator=wrong))
        except NotFound:
            answers.append("gone")

    threads = [threading.Thread(target=attempt, args=(v,)) for v in vaults]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    evaluated = [a for a in answers if a != "gone"]
    assert len(evaluated) == 10
    assert sorted(a["remaining_attempts"] for a in evaluated) == list(range(10))
    assert [a["destroyed"] for a in evaluated].count(True) == 1
    assert site.blob_files() == []


def test_counter_survives_a_server_restart(site, memory):
    _backup(site)
    for _ in range(3):
        with pytest.raises(Refused):
            _restore(site, pin="482913")
    site.restart()
    with pytest.raises(Refused, match="6 attempts left"):
        _restore(site, pin="482913")
    _restore(site)
    assert memory.imported == memory.exported


def test_another_account_cannot_see_download_evaluate_delete_or_reset(site, memory):
    receipt = _backup(site)
    bid = receipt.backup_id
    mallory = site.vault("mallory")
    assert mallory.find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key())) == []
    auth = base64.b64encode(bytes(32)).decode()
    for call in (lambda: mallory.download(bid), lambda: mallory.unlock(bid, authenticator=auth),
                 lambda: mallory.delete(bid), lambda: mallory.upload(bid, b"overwrite"),
                 lambda: mallory.client.get_json(f"/vault/backups/{bid}")):
        with pytest.raises(NotFound):
            call()
    # her own backup under the same slot is hers alone and does not touch alice's
    _backup(site, account="mallory", home=site.workspace.parent / "home-m")
    with pytest.raises(Refused):
        _restore(site, pin="482913", account="mallory")
    record = site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]
    assert record["backup_id"] == bid and record["remaining_attempts"] == 10
    anonymous = ServerClient(site.server.url)
    site.clients.append(anonymous)
    with pytest.raises(Refused):
        VaultClient(anonymous).find(slot="x")
    _restore(site)
    assert memory.imported == memory.exported


class Damaging:
    """A transport that flips one byte of the downloaded blob (a tampering store or network)."""

    def __init__(self, inner: VaultClient, position: int) -> None:
        self.inner, self.position = inner, position

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def download(self, backup_id: str) -> bytes:
        blob = bytearray(self.inner.download(backup_id))
        blob[self.position % len(blob)] ^= 0x20
        return bytes(blob)

    def delete(self, backup_id: str) -> None:  # a failed restore must never get this far
        raise AssertionError("deleted after a failed restore")


def test_any_flipped_byte_of_header_or_ciphertext_is_rejected(site, memory):
    _backup(site)
    blob = site.blob_files()[0].read_bytes()
    _, head, _ = bc.read_header(blob)
    # every header field is hit (each byte of every header is covered in test_backup_crypto)
    positions = list(range(0, len(head), 11)) + [len(head), len(head) + 17, len(blob) // 2, len(blob) - 1]
    vault = site.vault()
    for position in positions:
        with pytest.raises(VerificationError):
            _restore(site, vault=Damaging(vault, position))
    assert memory.imported is None
    assert site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]["remaining_attempts"] == 10
    _restore(site)


def test_expired_backups_are_gone(site, memory):
    clock.freeze(clock.parse_datetime("2026-12-01T09:00:00Z"))
    receipt = _backup(site)
    assert receipt.expires_at == "2026-12-15T09:00:00Z"
    clock.freeze(clock.parse_datetime("2026-12-15T08:59:59Z"))
    assert len(site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))) == 1
    clock.freeze(clock.parse_datetime("2026-12-15T09:00:00Z"))
    with pytest.raises(NotFound):
        _restore(site)
    assert site.blob_files() == []


def test_a_second_backup_never_resets_an_existing_one(site, memory):
    _backup(site)
    with pytest.raises(Refused):
        _restore(site, pin="482913")
    from mem.core.errors import Conflict

    with pytest.raises(Conflict):
        _backup(site)
    assert site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]["remaining_attempts"] == 9
    replaced = _backup(site, replace=True)  # the owner deletes the old one (its secret is destroyed)
    record = site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]
    assert record["backup_id"] == replaced.backup_id and record["remaining_attempts"] == 10
    assert len(site.blob_files()) == 1


def test_weak_pin_is_refused_before_anything_reaches_the_server(site, memory):
    before = len(site.server.received)
    with pytest.raises(InvalidInput):
        backup.create_backup(site.workspace.parent / "home", CUSTOMER, "123456", vault=site.vault(), kdf=bc.TEST)
    assert len(site.server.received) == before


def test_server_storage_and_logs_never_hold_pin_pin_key_or_data_key(site, memory):
    receipt = _backup(site)
    with pytest.raises(Refused):
        _restore(site, pin="482913")
    record = site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]
    salt = base64.b64decode(record["kdf"]["salt"])
    secret = site.server.app.state.server.extras["vault"].keys.unlock(
        account="alice", backup_id=receipt.backup_id,
        authenticator=bc.authenticator(bc.pin_key(PIN, salt=salt, kdf=bc.TEST))).secret
    pin_key = bc.pin_key(PIN, salt=salt, kdf=bc.TEST)
    data_key = bc.data_key(pin_key, secret, salt=salt, backup_id=receipt.backup_id)
    dump = site.storage_dump() + b"".join(body for _, _, body in site.server.received)
    forbidden = {"PIN": PIN.encode()}
    for name, key in (("PIN key", pin_key), ("data key", data_key)):
        forbidden.update({name: key, f"{name} hex": key.hex().encode(), f"{name} b64": base64.b64encode(key),
                          f"{name} b64url": base64.urlsafe_b64encode(key)})
    assert site.log.getvalue(), "the access log should have recorded the requests"
    assert [name for name, needle in forbidden.items() if needle in dump] == []
    _restore(site)


def test_blob_store_alone_cannot_be_decrypted_with_every_pin(site, memory):
    """The offline attack on a leaked blob store, over a reduced PIN space that contains the PIN."""
    _backup(site)
    blob = site.blob_files()[0].read_bytes()
    header, _, _ = bc.read_header(blob)
    candidates = [f"{n:06d}" for n in range(731900, 732000)]
    assert PIN in candidates

    def opens(pin: str, secret: bytes | None) -> bool:
        key = bc.pin_key(pin, salt=header.salt, kdf=header.kdf)
        guesses = [key] if secret is None else []
        guesses.append(bc.data_key(key, secret or bytes(32), salt=header.salt, backup_id=header.backup_id))
        for guess in guesses:
            try:
                bc.unseal(blob, key=guess)
                return True
            except VerificationError:
                pass
        return False

    assert not any(opens(pin, None) for pin in candidates)
    # Whoever also holds the key service's secret (one operator controlling both, no HSM) finds it:
    # the documented limit of the design, and proof that the attack above was a real one.
    import sqlite3

    db = sqlite3.connect(site.workspace / ".mem" / "keyservice" / "keyservice.db")
    secret = db.execute("SELECT secret FROM backups").fetchone()[0]
    db.close()
    assert [pin for pin in candidates if opens(pin, secret)] == [PIN]


def test_ciphertext_travels_in_parts_under_the_body_limit(site, memory):
    vault = site.vault()
    vault.part_bytes = 4096
    memory.exported = bytes(range(256)) * 64  # 16 KiB: five parts
    backup.create_backup(site.workspace.parent / "home", CUSTOMER, PIN, vault=vault, kdf=bc.TEST)
    parts = [path for method, path, _ in site.server.received if method == "PUT"]
    assert len(parts) == 5 and parts[-1].endswith("/parts/4")
    assert site.vault().part_bytes > len(memory.exported)  # the default would have sent one part
    pending = vault.create(slot="0" * 32, authenticator=base64.b64encode(bytes(32)).decode(), kdf={})
    vault.client.put_bytes(f"/vault/backups/{pending['backup_id']}/parts/0", b"abc")
    with pytest.raises(InvalidInput):  # a part lost or damaged in transit is caught by size and SHA-256
        vault.client.post_json(f"/vault/backups/{pending['backup_id']}/complete",
                               {"parts": 1, "size": 3, "sha256": "0" * 64})
    with pytest.raises(InvalidInput):
        vault.client.post_json(f"/vault/backups/{pending['backup_id']}/complete",
                               {"parts": 2, "size": 3, "sha256": "0" * 64})
    _restore(site)
    assert memory.imported == memory.exported


def test_each_store_holds_only_its_own_part(site, memory):
    """The blob store's files never hold the secret; the key service's never hold ciphertext or the
    authenticator (only its HMAC)."""
    receipt = _backup(site)
    record = site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]
    salt = base64.b64decode(record["kdf"]["salt"])
    auth = bc.authenticator(bc.pin_key(PIN, salt=salt, kdf=bc.TEST))
    import sqlite3

    keyservice = site.workspace / ".mem" / "keyservice"
    db = sqlite3.connect(keyservice / "keyservice.db")
    secret = db.execute("SELECT secret FROM backups WHERE backup_id = ?", (receipt.backup_id,)).fetchone()[0]
    db.close()
    blobs = b"".join(p.read_bytes() for p in site.blob_files())
    keys = b"".join(p.read_bytes() for p in keyservice.rglob("*") if p.is_file())
    _, _, ciphertext = bc.read_header(blobs)
    assert len(secret) == 32 and secret not in blobs and base64.b64encode(secret) not in blobs
    assert ciphertext[:32] not in keys and auth not in keys and base64.b64encode(auth) not in keys


def test_expired_backups_leave_the_disk_without_any_request(tmp_path, live_server, memory, monkeypatch):
    """The sweep thread of ``mem serve`` deletes an expired backup's secret and blob on an idle server."""
    import sqlite3
    import time

    from mem.server import vault_routes

    monkeypatch.setattr(vault_routes, "SWEEP_SECONDS", 0.05)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    token = add_account(workspace, "alice")
    server = live_server(workspace, Config.load(workspace=workspace))
    clock.freeze(clock.parse_datetime("2026-12-01T09:00:00Z"))
    with ServerClient(server.url, token=token) as client:
        backup.create_backup(tmp_path / "home", CUSTOMER, PIN, vault=VaultClient(client), kdf=bc.TEST)
    blobs, db_path = workspace / ".mem" / "blobs", workspace / ".mem" / "keyservice" / "keyservice.db"

    def on_disk() -> tuple[int, int]:
        db = sqlite3.connect(db_path)
        try:
            return len(list(blobs.rglob("*.blob"))), db.execute("SELECT COUNT(*) FROM backups").fetchone()[0]
        finally:
            db.close()

    time.sleep(0.3)  # several sweeps before expiry keep it
    assert on_disk() == (1, 1)
    requests = len(server.received)
    clock.freeze(clock.parse_datetime("2026-12-15T09:00:00Z"))
    deadline = time.monotonic() + 5
    while on_disk() != (0, 0) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert on_disk() == (0, 0)
    assert len(server.received) == requests  # nobody asked
    server.app.state.server.extras["vault_sweeper"].set()


def test_a_record_with_a_weaker_pin_stretching_gets_no_proof(site, memory):
    """``mem restore`` asks for at least the standard Argon2id cost: a downgraded record (here a
    test-cost backup) is refused before any attempt is spent."""
    _backup(site)
    with pytest.raises(VerificationError, match="weaker PIN stretching"):
        backup.restore_backup(site.workspace.parent / "home2", CUSTOMER, PIN, vault=site.vault(), min_kdf=bc.STANDARD)
    assert site.vault().find(slot=backup.backup_slot(CUSTOMER, site.vault().slot_key()))[0]["remaining_attempts"] == 10
    assert not any(path.endswith("/unlock") for _, path, _ in site.server.received)


def test_a_backup_made_before_the_token_was_rotated_is_still_restored(site, memory):
    from mem.client.login import slot_key_of
    from mem.server.accounts import rotate_token

    old_token = site.tokens["alice"]
    _backup(site)
    site.tokens["alice"] = rotate_token(site.workspace, "alice")
    with pytest.raises(NotFound):  # the new token's slot is empty: without the old key it is not found
        _restore(site)
    assert memory.imported is None
    client = ServerClient(site.server.url, token=site.tokens["alice"])
    site.clients.append(client)
    report = _restore(site, vault=VaultClient(client, previous_keys=[slot_key_of(old_token)]))
    assert memory.imported == memory.exported and report.deleted_on_server
    assert site.blob_files() == []


def test_a_new_backup_replaces_one_made_under_the_previous_token_only_when_asked(site, memory):
    from mem.client.login import slot_key_of
    from mem.core.errors import Conflict
    from mem.server.accounts import rotate_token

    old_token = site.tokens["alice"]
    _backup(site)
    site.tokens["alice"] = rotate_token(site.workspace, "alice")

    def vault() -> VaultClient:
        client = ServerClient(site.server.url, token=site.tokens["alice"])
        site.clients.append(client)
        return VaultClient(client, previous_keys=[slot_key_of(old_token)])

    home = site.workspace.parent / "home"
    with pytest.raises(Conflict, match="--replace"):
        backup.create_backup(home, CUSTOMER, PIN, vault=vault(), kdf=bc.TEST)
    assert len(site.blob_files()) == 1
    receipt = backup.create_backup(home, CUSTOMER, PIN, vault=vault(), kdf=bc.TEST, replace=True)
    assert len(receipt.replaced) == 1 and len(site.blob_files()) == 1
    assert _restore(site, vault=vault()).backup_id == receipt.backup_id
