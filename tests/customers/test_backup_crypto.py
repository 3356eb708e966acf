"""The backup construction: PIN rules, key separation, authenticated header and ciphertext."""

from __future__ import annotations

import pytest

from mem.core.errors import InvalidInput, VerificationError
from mem.customers import backup_crypto as bc

SALT = bytes(range(16))
SECRET = bytes(range(32, 64))


@pytest.mark.parametrize("pin", [
    "000000", "111111", "123456", "234567", "654321", "987654", "890123", "210987",
    "121212", "123123", "12345", "1234567", "12345a", "", "１２３４５６", " 48291",
    "112233", "998877", "111222", "100000", "000001", "101101", "123321", "147258", "159753", "789456",
])
def test_weak_or_malformed_pins_are_refused(pin):
    with pytest.raises(InvalidInput):
        bc.check_pin(pin)


@pytest.mark.parametrize("pin", ["731946", "482913", "100200", "135790", "112358"])
def test_ordinary_pins_are_accepted(pin):
    assert bc.check_pin(pin) == pin


def _header(**changes) -> bc.Header:
    values = dict(account="alice", backup_id="01JABCDEFGHJKMNPQRSTVWXYZ0", slot="s" * 32, kdf=bc.TEST, salt=SALT,
                  nonce=bytes(12), created_at="2026-12-02T10:00:00Z", include_logs=False)
    values.update(changes)
    return bc.Header(**values)


def test_keys_are_separate_and_depend_on_pin_salt_secret_and_backup():
    key = bc.pin_key("731946", salt=SALT, kdf=bc.TEST)
    assert len(key) == 32
    assert key == bc.pin_key("731946", salt=SALT, kdf=bc.TEST)
    assert key != bc.pin_key("731947", salt=SALT, kdf=bc.TEST)
    assert key != bc.pin_key("731946", salt=bytes(16), kdf=bc.TEST)
    auth = bc.authenticator(key)
    data = bc.data_key(key, SECRET, salt=SALT, backup_id="A")
    assert len({key, auth, data}) == 3
    assert data != bc.data_key(key, bytes(32), salt=SALT, backup_id="A")
    assert data != bc.data_key(key, SECRET, salt=SALT, backup_id="B")


def test_cost_profile_changes_the_key_and_is_recorded():
    assert bc.pin_key("731946", salt=SALT, kdf=bc.TEST) != bc.pin_key("731946", salt=SALT, kdf=bc.STANDARD)
    blob = bc.seal(b"x", header=_header(kdf=bc.TEST), key=bytes(32))
    assert bc.read_header(blob)[0].kdf == bc.TEST


def test_seal_roundtrip_and_every_flipped_byte_is_rejected():
    key = bc.data_key(bc.pin_key("731946", salt=SALT, kdf=bc.TEST), SECRET, salt=SALT, backup_id="A")
    blob = bc.seal(b"memory of the customer", header=_header(), key=key)
    assert bc.unseal(blob, key=key) == b"memory of the customer"
    for i in range(len(blob)):
        damaged = bytearray(blob)
        damaged[i] ^= 0x01
        with pytest.raises(VerificationError):
            bc.unseal(bytes(damaged), key=key)
    with pytest.raises(VerificationError):
        bc.unseal(blob[:-1], key=key)
    with pytest.raises(VerificationError):
        bc.unseal(blob, key=bytes(32))


def test_header_binds_account_and_backup_id():
    key = bytes(range(32))
    blob = bc.seal(b"data", header=_header(account="alice"), key=key)
    header, head, ciphertext = bc.read_header(blob)
    forged = bc.Header(**{**header.__dict__, "account": "mallory"}).to_bytes() + ciphertext
    with pytest.raises(VerificationError):
        bc.unseal(forged, key=key)


def test_out_of_range_cost_in_a_header_is_refused_before_any_work():
    with pytest.raises(VerificationError):
        bc.KdfParams.from_dict({"alg": "argon2id", "iterations": 3, "lanes": 4, "memory_kib": 1 << 30,
                                "profile": "standard"})
    with pytest.raises(VerificationError):
        bc.KdfParams.from_dict({"alg": "scrypt", "iterations": 3, "lanes": 4, "memory_kib": 1024,
                                "profile": "standard"})
