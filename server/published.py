"""Where built bundles live on the server: ``<workspace>/.mem/bundles/<version>/`` and a LATEST pointer.

Each bundle folder holds ``manifest.json`` (the exact signed bytes), ``manifest.sig`` (64 raw
Ed25519 signature bytes), ``transitions.json`` (the key-transition chain) and ``files/``.
``LATEST`` is replaced atomically after a bundle is complete, so a server never publishes half a
bundle.
"""

from __future__ import annotations

from pathlib import Path

from mem.core.fsio import atomic_write_text
from mem.server.storage import state_dir

LATEST = "LATEST"


def bundles_dir(workspace: Path) -> Path:
    return state_dir(workspace) / "bundles"


def bundle_dir(workspace: Path, version: int) -> Path:
    return bundles_dir(workspace) / f"{int(version):08d}"


def latest_version(workspace: Path) -> int | None:
    """The version clients are offered, or ``None`` before the first ``mem bundle build``."""
    try:
        text = (bundles_dir(workspace) / LATEST).read_text().strip()
    except FileNotFoundError:
        return None
    return int(text) if text.isascii() and text.isdigit() else None


def publish(workspace: Path, version: int) -> None:
    atomic_write_text(bundles_dir(workspace) / LATEST, f"{int(version)}\n")


def versions(workspace: Path) -> list[int]:
    folder = bundles_dir(workspace)
    if not folder.is_dir():
        return []
    return sorted(int(p.name) for p in folder.iterdir() if p.is_dir() and p.name.isascii() and p.name.isdigit())
