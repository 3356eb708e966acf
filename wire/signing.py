"""Ed25519 primitives shared by the server (signing) and the client (verifying).

Key ids are ``ed25519:`` + the first 16 hex digits of SHA-256 over the raw 32-byte public key, so
an id names exactly one key and can be recomputed from the PEM.
"""

from __future__ import annotations

import base64
import hashlib
from typing import TYPE_CHECKING

from mem.core.errors import InvalidInput

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey


def generate() -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.generate()


def private_pem(key: Ed25519PrivateKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def public_pem(key: Ed25519PublicKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def load_private_pem(data: bytes, *, origin: str = "private key") -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise InvalidInput(f"{origin} is not an unencrypted PEM private key") from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise InvalidInput(f"{origin} is not an Ed25519 key")
    return key


def load_public_pem(data: bytes, *, origin: str = "public key") -> Ed25519PublicKey:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError) as exc:
        # cryptography's own text is several sentences with a URL; the one line names the file
        raise InvalidInput(f"{origin} is not a PEM public key") from exc
    if not isinstance(key, Ed25519PublicKey):
        raise InvalidInput(f"{origin} is not an Ed25519 key")
    return key


def key_id(key: Ed25519PublicKey) -> str:
    from cryptography.hazmat.primitives import serialization

    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return "ed25519:" + hashlib.sha256(raw).hexdigest()[:16]


def sign(key: Ed25519PrivateKey, data: bytes) -> bytes:
    """64 raw signature bytes (the form ``openssl pkeyutl -sign -rawin`` writes and reads)."""
    return key.sign(data)


def verify(key: Ed25519PublicKey, data: bytes, signature: bytes) -> bool:
    from cryptography.exceptions import InvalidSignature

    try:
        key.verify(signature, data)
    except InvalidSignature:
        return False
    return True


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(text: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError) as exc:
        raise InvalidInput("not base64") from exc
