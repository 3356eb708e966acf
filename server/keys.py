"""The service's bundle signing keys (operator side): ``mem keys init`` and ``mem keys rotate``.

Keys live in ``<workspace>/.mem/keys/`` — git-ignored server state, with a ``.gitignore`` of its
own as a second guard — the folder 0700 and every private key file 0600 from its first byte.
A rotation writes a *key-transition record* (the new public key, signed by the old key) to
``transitions.json``; bundles ship that chain, and a client accepts a new key only by walking it
from the key it already trusts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from mem.core import clock
from mem.core.errors import Conflict, NotFound
from mem.core.fsio import atomic_write_bytes, atomic_write_text
from mem.server import signing
from mem.server.storage import state_dir

PRIVATE = "signing.pem"
PUBLIC = "signing.pub.pem"
TRANSITIONS = "transitions.json"
TRANSITION_FORMAT = "mem-key-transition/1"


def keys_dir(workspace: Path) -> Path:
    return state_dir(workspace) / "keys"


def _prepare_dir(workspace: Path) -> Path:
    folder = keys_dir(workspace)
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    ignore = folder / ".gitignore"
    if not ignore.exists():
        atomic_write_text(ignore, "# private signing keys: never commit\n*\n")
    return folder


def init_keys(workspace: Path) -> dict[str, Any]:
    """Create the first signing key pair; refuses when one exists (rotate instead)."""
    folder = _prepare_dir(workspace)
    if (folder / PRIVATE).exists():
        raise Conflict(f"a signing key exists already in {folder}; use `mem keys rotate` to replace it")
    key = signing.generate()
    atomic_write_bytes(folder / PRIVATE, signing.private_pem(key), mode=0o600)
    atomic_write_bytes(folder / PUBLIC, signing.public_pem(key.public_key()), mode=0o644)
    if not (folder / TRANSITIONS).exists():
        atomic_write_text(folder / TRANSITIONS, json.dumps({"transitions": []}, indent=2) + "\n")
    return key_info(workspace)


def key_info(workspace: Path) -> dict[str, Any]:
    key = load_signing_key(workspace)
    return {"key_id": signing.key_id(key.public_key()), "public_key": str(keys_dir(workspace) / PUBLIC),
            "transitions": len(load_transitions(workspace))}


def load_signing_key(workspace: Path):
    path = keys_dir(workspace) / PRIVATE
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise NotFound(f"no signing key in {path.parent}: run `mem keys init`") from exc
    return signing.load_private_pem(data, origin=str(path))


def load_transitions(workspace: Path) -> list[dict[str, str]]:
    path = keys_dir(workspace) / TRANSITIONS
    try:
        return list(json.loads(path.read_text())["transitions"])
    except FileNotFoundError:
        return []


def transition_record(old_key, new_public) -> dict[str, str]:
    """The signed statement "``old`` hands over to ``new``": exact record bytes + old key's signature."""
    record = json.dumps(
        {"format": TRANSITION_FORMAT, "from": signing.key_id(old_key.public_key()),
         "to": signing.key_id(new_public), "public_key": signing.public_pem(new_public).decode("ascii"),
         "issued_at": clock.isoformat(clock.now())},
        sort_keys=True, separators=(",", ":"),
    )
    return {"record": record, "signature": signing.b64(signing.sign(old_key, record.encode("utf-8")))}


def rotate_keys(workspace: Path) -> dict[str, Any]:
    """Replace the signing key; the old key signs the transition, then is kept under ``retired/``."""
    folder = _prepare_dir(workspace)
    old = load_signing_key(workspace)
    new = signing.generate()
    transitions = load_transitions(workspace) + [transition_record(old, new.public_key())]
    retired = folder / "retired"
    retired.mkdir(exist_ok=True)
    os.chmod(retired, 0o700)
    old_id = signing.key_id(old.public_key())
    atomic_write_bytes(retired / f"{old_id.replace(':', '_')}.pem", signing.private_pem(old), mode=0o600)
    # Transition first: if we crash before the key swap the chain merely names a key not yet used.
    atomic_write_text(folder / TRANSITIONS, json.dumps({"transitions": transitions}, indent=2) + "\n")
    atomic_write_bytes(folder / PRIVATE, signing.private_pem(new), mode=0o600)
    atomic_write_bytes(folder / PUBLIC, signing.public_pem(new.public_key()), mode=0o644)
    info = key_info(workspace)
    info["previous_key_id"] = old_id
    return info
