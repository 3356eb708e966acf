"""Anonymisation on the client, before a decision fact may leave it (movement 4).

``scrub`` removes what identifies a person — e-mail addresses, phone numbers, account / order /
card numbers and other long digit runs, customer ids, postal addresses, and names (the operator's list in
``lint.person_names``, names after an honorific in English, Korean and Japanese). The patterns
live in ``mem.core.text.personal``, shared with `mem lint`, so what lint calls personal data in a
know-how page is exactly what the anonymiser removes (and more: see that module). ``pseudonym``
replaces the customer id by a keyed HMAC with a secret that never leaves this home, so the server
can count distinct customers without learning who they are, and cannot test a guessed id.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from mem.core.errors import StorageError
from mem.core.fsio import atomic_write_bytes
from mem.core.text.personal import (
    looks_personal,
    name_parts,
    names_addressed,
    names_in,
    scrub,
    without_doubtful_sentences,
)

SECRET_FILE = "share.key"

__all__ = ["keyed", "looks_personal", "name_parts", "names_addressed", "names_in", "pseudonym", "scrub", "share_secret",
           "without_doubtful_sentences"]


def share_secret(home: Path) -> bytes:
    """The home's pseudonym key (32 random bytes, file mode 0600), created on first use."""
    path = Path(home) / SECRET_FILE
    try:
        data = path.read_bytes()
        if len(data) == 32:
            return data
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {exc.strerror}") from exc
    data = secrets.token_bytes(32)
    atomic_write_bytes(path, data, mode=0o600)
    os.chmod(path, 0o600)
    return data


def keyed(secret: bytes, purpose: str, value: str) -> str:
    return hmac.new(secret, f"{purpose}:{value}".encode(), hashlib.sha256).hexdigest()[:24]


def pseudonym(secret: bytes, customer_id: str) -> str:
    """The customer's stable, unlinkable stand-in: same customer → same value; no way back."""
    return "p-" + keyed(secret, "customer", customer_id)
