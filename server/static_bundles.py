"""``mem bundle publish DIR``: a built bundle as plain files any web server, object store or CDN can serve.

The layout (format ``mem-static/1``) is ``mem.wire.static_layout``, shared with the client that reads
it (``mem.client.static_bundles``).

Order matters because a CDN may serve any file the moment it exists: the content-addressed files
first, then the transitions, the manifest and the signature, and ``latest.json`` last, so a
client that sees a version finds everything it names. Every file is written to a temporary name
and renamed, so none is ever served half-written. Files and manifests never change once written,
so they can be cached forever; ``latest.json`` should be served with a short cache time.

Nothing is trusted because of where it comes from: the client verifies exactly as from
``mem serve`` (signature by the pinned key or a signed key transition, version never going back,
expiry, every file's length and SHA-256).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

from mem.core.errors import NotFound, StorageError, VerificationError
from mem.core.fsio import atomic_write_bytes, atomic_write_text
from mem.core.json_types import JsonObject
from mem.server.published import bundle_dir, latest_version
from mem.wire.manifest import parse_manifest
from mem.wire.static_layout import FORMAT, KEY_PATH, LATEST, file_path, version_folder


def publish_static(workspace: Path, dest: Path, *, version: int | None = None) -> JsonObject:
    """Write bundle ``version`` (default: the latest built) of ``workspace`` under ``dest``."""
    workspace, dest = Path(workspace), Path(dest)
    if version is None:
        version = latest_version(workspace)
        if version is None:
            raise NotFound("no bundle built yet: run `mem bundle build` first")
    source = bundle_dir(workspace, version)
    try:
        manifest_bytes = (source / "manifest.json").read_bytes()
        signature = (source / "manifest.sig").read_bytes()
        transitions = (source / "transitions.json").read_bytes()
        public_key = (source / "signing.pub.pem").read_bytes()
    except FileNotFoundError as exc:
        raise NotFound(f"no bundle version {version} in {workspace}") from exc
    manifest = parse_manifest(manifest_bytes)
    try:
        dest.mkdir(parents=True, exist_ok=True)
        written = 0
        for entry in manifest["files"]:
            target = dest / file_path(entry["sha256"])
            if target.is_file() and target.stat().st_size == entry["length"]:
                continue  # the same bytes are already there (content-addressed)
            data = (source / "files" / entry["path"]).read_bytes()
            # Never publish bytes the manifest does not vouch for: the client would refuse them anyway.
            if len(data) != entry["length"] or not hmac.compare_digest(hashlib.sha256(data).hexdigest(),
                                                                         entry["sha256"]):
                raise VerificationError(f"bundle {version}: {entry['path']} on disk does not match its manifest")
            atomic_write_bytes(target, data, mode=0o644)
            written += 1
        folder = dest / version_folder(version)
        atomic_write_bytes(folder / "transitions.json", transitions, mode=0o644)
        atomic_write_bytes(dest / KEY_PATH, public_key, mode=0o644)
        atomic_write_bytes(folder / "manifest.json", manifest_bytes, mode=0o644)
        atomic_write_bytes(folder / "manifest.sig", signature, mode=0o644)
        current = _published_version(dest)
        if current is None or current <= version:  # an older bundle published later never rolls LATEST back
            # 0o644: a web server usually runs as another user than the operator who publishes.
            atomic_write_text(dest / LATEST, json.dumps({"format": FORMAT, "version": version}) + "\n", mode=0o644)
    except OSError as exc:
        raise StorageError(f"cannot publish bundle {version} to {dest}: {exc.strerror or exc}") from exc
    return {"version": version, "files": len(manifest["files"]), "written": written, "path": str(dest),
            "latest": max(version, current or 0)}


def _published_version(dest: Path) -> int | None:
    try:
        data = json.loads((dest / LATEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    found = data.get("version") if isinstance(data, dict) else None
    return found if isinstance(found, int) else None
