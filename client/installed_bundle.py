"""The client's installed bundle: ``<home>/bundle/`` with its state file and the verified files.

    <home>/bundle/state.json      version, folder, verified_at, server, key id, stale + reason
    <home>/bundle/trust.json      the signing key this client trusts (see ``trust``)
    <home>/bundle/v00000007/      manifest.json, manifest.sig, files/… of the verified version

``state.json`` is replaced atomically and names the verified folder, so a reader sees either the
old bundle or the new one, never a mixture. Failures only change the stale fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypedDict

from mem.client.trust import bundle_home
from mem.core import clock
from mem.core.errors import StorageError
from mem.core.fsio import atomic_write_text
from mem.wire.manifest import MANIFEST_FILE, Manifest

STATE_FILE = "state.json"


class BundleState(TypedDict, total=False):
    """``state.json``: empty before the first sync; after one, the verified version and its folder,
    and whether the last attempt to update it failed (``stale``, ``reason``)."""

    version: int
    dir: str  # the verified folder under <home>/bundle/
    verified_at: str
    manifest_sha256: str
    issued_at: str
    expires_at: str
    key_id: str
    server: str
    stale: bool
    reason: str | None
    last_attempt: str


def state_path(home: Path) -> Path:
    return bundle_home(home) / STATE_FILE


def load_state(home: Path) -> BundleState:
    """The client's bundle state; ``{}`` before the first successful sync (or stale-only fields)."""
    try:
        state: BundleState = json.loads(state_path(home).read_text())  # written by save_state
        return state
    except FileNotFoundError:
        return {}
    except (OSError, json.JSONDecodeError) as exc:
        raise StorageError(f"{state_path(home)} is unreadable: {exc}") from exc


def save_state(home: Path, state: BundleState) -> None:
    atomic_write_text(state_path(home), json.dumps(state, indent=2, sort_keys=True) + "\n")


def mark_stale(home: Path, reason: str, *, server: str | None = None) -> BundleState:
    """Keep the verified bundle, record that it may be out of date and why."""
    state = load_state(home)
    state["stale"], state["reason"], state["last_attempt"] = True, reason, clock.isoformat(clock.now())
    if server:
        state["server"] = server
    save_state(home, state)
    return state


def installed_dir(home: Path, state: BundleState | None = None) -> Path | None:
    state = load_state(home) if state is None else state
    folder = state.get("dir")
    if not folder:
        return None
    path = bundle_home(home) / folder
    return path if path.is_dir() else None


def installed_manifest(home: Path, state: BundleState | None = None) -> Manifest | None:
    folder = installed_dir(home, state)
    if folder is None:
        return None
    try:
        manifest: Manifest = json.loads((folder / MANIFEST_FILE).read_bytes())  # verified when installed
        return manifest
    except (OSError, json.JSONDecodeError):
        return None
