"""The service's bundle signing keys (operator side): ``mem keys init`` and ``mem keys rotate``.

Keys live in ``<workspace>/.mem/keys/`` — git-ignored server state, with a ``.gitignore`` of its
own as a second guard — the folder 0700 and every private key file 0600 from its first byte.
A rotation writes a *key-transition record* (the new public key, signed by the old key) to
``transitions.json``; bundles ship that chain, and a client accepts a new key only by walking it
from the key it already trusts.

Retiring a key destroys its private half: a kept old key could sign a second transition from
itself to any key, and every client still pinned to it would follow. Only the current key ever
signs a transition (``rotate_keys``), and only once: the chain is linear. After a compromise,
``rotate_keys(compromised=True)`` starts a new key with no transition at all, so no client moves
to it without being re-pinned by hand (docs/server.md, "Key compromise").
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from mem.core import clock
from mem.core.errors import Conflict, NotFound, Refused, StorageError
from mem.core.fsio import PathArg, atomic_write_bytes, atomic_write_text
from mem.core.json_types import JsonObject
from mem.server.storage import state_dir
from mem.wire import signing

PRIVATE = "signing.pem"
PUBLIC = "signing.pub.pem"
TRANSITIONS = "transitions.json"
TRANSITION_FORMAT = "mem-key-transition/1"
OUTGOING = ".signing.pem.outgoing"  # the old key's second name during a rotation, destroyed at its end


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


def init_keys(workspace: PathArg, *, new_service: bool = False) -> JsonObject:
    """Create the first signing key pair; refuses when one exists (rotate instead), and — unless ``new_service`` —
    in a git clone that has no ``.mem/`` of its own: that is a service moved without its state, and a new key
    would strand every client (``mem.server.moved``)."""
    workspace = Path(workspace)
    if (keys_dir(workspace) / PRIVATE).exists():
        raise Conflict(f"a signing key exists already in {keys_dir(workspace)}; use `mem keys rotate` to replace it")
    if not new_service:
        from mem.server.moved import moved_without_state, what_to_copy

        moved = moved_without_state(workspace)
        if moved is not None:
            raise Refused(f"no key made: {moved}; {what_to_copy(workspace)}")
    folder = _prepare_dir(workspace)
    key = signing.generate()
    atomic_write_bytes(folder / PRIVATE, signing.private_pem(key), mode=0o600)
    atomic_write_bytes(folder / PUBLIC, signing.public_pem(key.public_key()), mode=0o644)
    if not (folder / TRANSITIONS).exists():
        atomic_write_text(folder / TRANSITIONS, json.dumps({"transitions": []}, indent=2) + "\n")
    return key_info(workspace)


def key_info(workspace: Path) -> JsonObject:
    key = load_signing_key(workspace)
    retired = keys_dir(workspace) / "retired"
    return {"key_id": signing.key_id(key.public_key()), "public_key": str(keys_dir(workspace) / PUBLIC),
            "transitions": len(load_transitions(workspace)),
            "retired_private_keys": len(list(retired.iterdir())) if retired.is_dir() else 0}


def load_signing_key(workspace: Path):
    path = keys_dir(workspace) / PRIVATE
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        from mem.server.moved import missing_key_message

        raise NotFound(missing_key_message(workspace, path.parent)) from exc
    return signing.load_private_pem(data, origin=str(path))


def load_transitions(workspace: Path) -> list[dict[str, str]]:
    path = keys_dir(workspace) / TRANSITIONS
    try:
        return list(json.loads(path.read_text())["transitions"])
    except FileNotFoundError:
        return []


def _destroy(path: Path) -> None:
    """Overwrite a private key file with zeros, flush it, then unlink it (best effort against
    recovery from the file system; an SSD or snapshot may still hold old blocks — see docs/server.md)."""
    try:
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"cannot destroy the retired key {path}: {exc.strerror}") from exc


def destroy_retired(workspace: Path) -> list[str]:
    """Destroy every private key an older mem kept under ``keys/retired/``; returns the files destroyed."""
    gone = []
    if (keys_dir(workspace) / OUTGOING).exists():
        _destroy(keys_dir(workspace) / OUTGOING)
        gone.append(OUTGOING)
    retired = keys_dir(workspace) / "retired"
    if not retired.is_dir():
        return gone
    for path in sorted(retired.iterdir()):
        if path.is_file():
            _destroy(path)
            gone.append(path.name)
    with contextlib.suppress(OSError):
        retired.rmdir()
    return gone


def transition_record(old_key, new_public) -> dict[str, str]:
    """The signed statement "``old`` hands over to ``new``": exact record bytes + old key's signature."""
    record = json.dumps(
        {"format": TRANSITION_FORMAT, "from": signing.key_id(old_key.public_key()),
         "to": signing.key_id(new_public), "public_key": signing.public_pem(new_public).decode("ascii"),
         "issued_at": clock.isoformat(clock.now())},
        sort_keys=True, separators=(",", ":"),
    )
    return {"record": record, "signature": signing.b64(signing.sign(old_key, record.encode("utf-8")))}


def rotate_keys(workspace: Path, *, compromised: bool = False) -> JsonObject:
    """Replace the signing key and destroy the old private key.

    Normally the current key signs one transition to the new key (clients follow it). With
    ``compromised`` no transition is written and the chain is cleared: whoever holds the old key
    could sign transitions too, so clients must be re-pinned to the new public key by hand.
    """
    folder = _prepare_dir(workspace)
    old = load_signing_key(workspace)
    old_id = signing.key_id(old.public_key())
    new = signing.generate()
    if compromised:
        transitions: list[dict[str, str]] = []
    else:
        transitions = load_transitions(workspace)
        if any(json.loads(t["record"]).get("from") == old_id for t in transitions):
            raise Conflict(f"{old_id} has handed over once already; the chain must stay linear")
        transitions.append(transition_record(old, new.public_key()))
    # Transition first: if we crash before the key swap the chain merely names a key not yet used.
    # The new key replaces the old one in one rename, so the old private key is gone from the file
    # name the server serves from; its inode is destroyed next.
    staged = folder / OUTGOING
    _destroy(staged)  # left by a rotation that crashed before its end
    os.link(folder / PRIVATE, staged)
    atomic_write_text(folder / TRANSITIONS, json.dumps({"transitions": transitions}, indent=2) + "\n")
    atomic_write_bytes(folder / PRIVATE, signing.private_pem(new), mode=0o600)
    atomic_write_bytes(folder / PUBLIC, signing.public_pem(new.public_key()), mode=0o644)
    _destroy(staged)
    destroyed = destroy_retired(workspace)
    info = key_info(workspace)
    info["previous_key_id"] = old_id
    info["previous_key"] = "destroyed"
    info["compromised"] = compromised
    if destroyed:
        info["destroyed_retired_keys"] = destroyed
    return info
