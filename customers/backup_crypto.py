"""The cryptographic construction of a PIN-protected backup (docs/design.md); client side only.

    PIN ──Argon2id(salt, cost)──▶ PIN key
    PIN key ──HKDF("authenticator")──▶ authenticator   (sent to the key service, which keeps only
                                                        an HMAC of it and releases the secret)
    PIN key ‖ secret ──HKDF(salt, "data key" ‖ backup id)──▶ data key
    data key ──AES-256-GCM(nonce, associated data = the whole header)──▶ ciphertext

The header (format version, account id, backup id, slot, Argon2id cost and salt, nonce) travels in
clear in front of the ciphertext and is authenticated as associated data, so a flipped byte
anywhere in the blob is detected. The 256-bit secret lives only in the key service, so the blob
alone cannot be attacked offline even though a PIN has only 10^6 values.

``cryptography`` is imported inside the functions so importing this module stays cheap.
"""

from __future__ import annotations

import base64
import json
import os
import re
import struct
from dataclasses import dataclass
from typing import Any

from mem.core.errors import InvalidInput, VerificationError
from mem.core.json_types import JsonObject

FORMAT_VERSION = 1
MAGIC = b"MEMBAK"
_PREFIX = struct.Struct(">6sBI")  # magic, format version, header length
_MAX_HEADER = 64 * 1024
KEY_BYTES = 32
SECRET_BYTES = 32
SALT_BYTES = 16
NONCE_BYTES = 12
_AUTH_INFO = b"mem-backup/v1/authenticator"
_DATA_INFO = b"mem-backup/v1/data-key/"


@dataclass(frozen=True)
class KdfParams:
    """Argon2id cost. ``profile`` names the cost so a lowered one is always visible in the header."""

    iterations: int
    lanes: int
    memory_kib: int
    profile: str

    def to_dict(self) -> JsonObject:
        return {"alg": "argon2id", "iterations": self.iterations, "lanes": self.lanes,
                "memory_kib": self.memory_kib, "profile": self.profile}

    # Any: read from a backup header or the key service's answer, untrusted; every field is checked here.
    @classmethod
    def from_dict(cls, data: Any) -> KdfParams:
        """Parse and bound-check cost read from a header or the key service.

        The bounds keep a tampered header from making the client allocate gigabytes; they do not
        accept less than Argon2's own minimum (8 KiB per lane).
        """
        try:
            if data.get("alg") != "argon2id":
                raise ValueError("alg")
            params = cls(int(data["iterations"]), int(data["lanes"]), int(data["memory_kib"]), str(data["profile"]))
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise VerificationError("backup header: unreadable Argon2id parameters") from exc
        if not (1 <= params.iterations <= 16 and 1 <= params.lanes <= 16
                and 8 * params.lanes <= params.memory_kib <= 1024 * 1024 and params.profile in PROFILES):
            raise VerificationError("backup header: Argon2id parameters out of range")
        return params


# RFC 9106 §4 second recommended option (t=3, p=4, m=64 MiB): ~0.1 s on a laptop core.
STANDARD = KdfParams(iterations=3, lanes=4, memory_kib=64 * 1024, profile="standard")
# Argon2's minimum cost: only for tests and benchmarks, always passed explicitly and recorded.
TEST = KdfParams(iterations=1, lanes=1, memory_kib=8, profile="test")
PROFILES = ("standard", "test")


@dataclass(frozen=True)
class Header:
    """What precedes the ciphertext in a backup blob; every field is authenticated."""

    account: str
    backup_id: str
    slot: str
    kdf: KdfParams
    salt: bytes
    nonce: bytes
    created_at: str
    include_logs: bool
    compression: str = "none"  # the customer export is gzip-compressed already
    version: int = FORMAT_VERSION

    def to_bytes(self) -> bytes:
        body = json.dumps(
            {"v": self.version, "account": self.account, "backup_id": self.backup_id, "slot": self.slot,
             "kdf": self.kdf.to_dict(), "salt": _b64(self.salt), "nonce": _b64(self.nonce),
             "created_at": self.created_at, "include_logs": self.include_logs, "compression": self.compression},
            sort_keys=True, separators=(",", ":"),
        ).encode("ascii")
        return _PREFIX.pack(MAGIC, self.version, len(body)) + body


_WEAK_PERIODIC = re.compile(r"^(\d)\1{5}$|^(\d\d)\2{2}$|^(\d{3})\3$")
_WEAK_DOUBLED = re.compile(r"^(\d)\1(\d)\2(\d)\3$")
# Keypad shapes and mirrored runs that head every published list of chosen 6-digit PINs (Markert et
# al., "This PIN Can Be Easily Guessed", IEEE S&P 2020): an attacker's ten guesses start here.
_WEAK_LIST = frozenset({
    "123321", "321123", "147258", "258369", "369258", "741852", "852963", "147852", "159753", "357159",
    "159357", "753951", "789456", "456123", "321654", "654987", "123654", "987456", "102030", "520520",
    "131420", "142536", "741963", "963741",
})


def check_pin(pin: str) -> str:
    """Return ``pin`` if it is an acceptable backup PIN, else raise ``InvalidInput`` saying why.

    Refused: anything but exactly six ASCII digits; one digit repeated (000000); a repeated pair or
    triple (121212, 123123); each digit doubled (112233); only two different digits (111222,
    100000); a run of consecutive digits up or down, wrapping round (123456, 890123, 654321); a
    short list of keypad shapes and mirrored runs (147258, 159753, 123321). These are the PINs
    people pick first, and an attacker with 10 guesses tries them first.
    """
    if not isinstance(pin, str) or len(pin) != 6 or not all("0" <= c <= "9" for c in pin):
        raise InvalidInput("the backup PIN must be exactly 6 digits")
    if _WEAK_PERIODIC.match(pin) or _WEAK_DOUBLED.match(pin) or len(set(pin)) <= 2:
        raise InvalidInput("this PIN repeats digits; choose one that is harder to guess")
    if pin in _WEAK_LIST:
        raise InvalidInput("this PIN is a common keypad pattern; choose one that is harder to guess")
    steps = {(int(b) - int(a)) % 10 for a, b in zip(pin, pin[1:], strict=False)}
    if steps in ({1}, {9}):
        raise InvalidInput("this PIN is a sequence of digits; choose one that is harder to guess")
    return pin


def random_bytes(n: int) -> bytes:
    return os.urandom(n)


def pin_key(pin: str, *, salt: bytes, kdf: KdfParams) -> bytes:
    """Stretch the PIN with Argon2id into the 32-byte PIN key."""
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

    if len(salt) != SALT_BYTES:
        raise VerificationError("backup header: salt has the wrong length")
    return Argon2id(salt=salt, length=KEY_BYTES, iterations=kdf.iterations, lanes=kdf.lanes,
                    memory_cost=kdf.memory_kib).derive(pin.encode("ascii"))


def authenticator(key: bytes) -> bytes:
    """What the key service checks: a one-way function of the PIN key, useless as a data key."""
    return _hkdf(key, salt=None, info=_AUTH_INFO)


def data_key(key: bytes, secret: bytes, *, salt: bytes, backup_id: str) -> bytes:
    """The AES-256 key: needs both the PIN key and the key service's per-backup secret."""
    if len(secret) != SECRET_BYTES:
        raise VerificationError("the key service returned a secret of the wrong length")
    return _hkdf(key + secret, salt=salt, info=_DATA_INFO + backup_id.encode("ascii"))


def seal(payload: bytes, *, header: Header, key: bytes) -> bytes:
    """Encrypt ``payload`` under ``key``; returns header ‖ ciphertext."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    head = header.to_bytes()
    return head + AESGCM(key).encrypt(header.nonce, payload, head)


def read_header(blob: bytes) -> tuple[Header, bytes, bytes]:
    """Split a blob into (parsed header, header bytes, ciphertext) without decrypting.

    Anything malformed is a ``VerificationError``: a blob that does not parse was altered.
    """
    if len(blob) < _PREFIX.size:
        raise VerificationError("backup is damaged: too short")
    magic, version, length = _PREFIX.unpack_from(blob)
    if magic != MAGIC:
        raise VerificationError("backup is damaged: not a mem backup")
    if version != FORMAT_VERSION:
        raise VerificationError(f"backup format version {version} is not supported (this mem reads {FORMAT_VERSION})")
    end = _PREFIX.size + length
    if length > _MAX_HEADER or len(blob) < end:
        raise VerificationError("backup is damaged: bad header length")
    try:
        data = json.loads(blob[_PREFIX.size:end].decode("ascii"))
        header = Header(
            account=str(data["account"]), backup_id=str(data["backup_id"]), slot=str(data["slot"]),
            kdf=KdfParams.from_dict(data["kdf"]), salt=_unb64(data["salt"]), nonce=_unb64(data["nonce"]),
            created_at=str(data["created_at"]), include_logs=bool(data["include_logs"]),
            compression=str(data["compression"]), version=int(data["v"]),
        )
    except VerificationError:
        raise
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise VerificationError("backup is damaged: unreadable header") from exc
    if header.version != version or len(header.nonce) != NONCE_BYTES or header.compression != "none":
        raise VerificationError("backup is damaged: inconsistent header")
    return header, blob[:end], blob[end:]


def unseal(blob: bytes, *, key: bytes) -> bytes:
    """Decrypt a blob made by ``seal``; any altered byte (header or ciphertext) is refused."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    header, head, ciphertext = read_header(blob)
    try:
        return AESGCM(key).decrypt(header.nonce, ciphertext, head)
    except InvalidTag as exc:
        raise VerificationError("backup cannot be decrypted: it was altered or the key is wrong") from exc


def _hkdf(ikm: bytes, *, salt: bytes | None, info: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=salt, info=info).derive(ikm)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any) -> bytes:
    if not isinstance(text, str):
        raise ValueError("expected base64 text")
    return base64.b64decode(text.encode("ascii"), validate=True)
