"""``mem bundle prune --keep N``: drop the files of old bundles, keep what numbering and clients need.

Every ``mem bundle build`` publishes a full copy of every page under ``.mem/bundles/<n>/``, and a
scheduled build (docs/server.md) makes one an hour whether anything changed or not: 152 unchanged
builds of a two-page wiki were 8.3 MB, a 1,000-page wiki hourly ~12 GB a year (NEWUSER_REPORT19 #12).

What must stay, and stays:

- the ``keep`` newest bundles whole, and always the one ``LATEST`` names (what clients download);
- every bundle's ``manifest.json`` and ``manifest.sig`` (a few KB): the numbering
  (the next build is above every folder), ``same_content_as``, and ingest's and lint's memory of which
  version each page was published under (``mem.wiki.version_floor``) read only manifests;
- in an older bundle, the page files no kept bundle or earlier bundle shipped with the same bytes: lint
  and ingest read the text a version was first published with, to refuse the same number for another
  text after a ``git reset``.

Everything else of an older bundle goes (``context.md``, ``config.json``, pages shipped before, its
``transitions.json`` and public key), and the folder is marked ``PRUNED``; the server answers 404 "no
bundle version N" for it — no client asks, as clients only ask for the latest. Runs under the build lock.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from mem.core.errors import InvalidInput, StorageError
from mem.core.json_types import JsonObject
from mem.server.published import bundle_dir, latest_version, versions
from mem.wire.manifest import FILES_DIR, MANIFEST_FILE, TRANSITIONS_FILE

PRUNED = "PRUNED"


def _folder_bytes(folder: Path) -> int:
    total = 0
    for root, _, names in os.walk(folder):
        for name in names:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
    return total


def prune_bundles(workspace: Path, *, keep: int) -> JsonObject:
    """Prune every bundle but the ``keep`` newest and the latest; returns what was pruned and freed."""
    from mem.server.bundle import _build_lock

    if keep < 1:
        raise InvalidInput("--keep must be at least 1 (the latest bundle is what clients download)")
    workspace = Path(workspace)
    with _build_lock(workspace):
        numbers = versions(workspace)
        latest = latest_version(workspace)
        kept = set(numbers[-keep:]) | ({latest} if latest is not None else set())
        first_shipped: set[tuple[str, int, str]] = set()  # (page id, version, sha256) a bundle already holds
        pruned: list[int] = []
        freed = 0
        for number in numbers:
            folder = bundle_dir(workspace, number)
            try:
                manifest = json.loads((folder / MANIFEST_FILE).read_bytes())
            except (OSError, ValueError):
                continue  # a damaged bundle is left as it is: lint and the client name it
            hashes = {str(f.get("path")): str(f.get("sha256")) for f in manifest.get("files") or []
                      if isinstance(f, dict)}
            needed: set[str] = set()
            for page in manifest.get("pages") or []:
                if not isinstance(page, dict):
                    continue
                rel = str(page.get("path"))
                key = (str(page.get("id")), int(page.get("version") or 0), hashes.get(rel, ""))
                if key not in first_shipped:
                    first_shipped.add(key)
                    needed.add(rel)
            if number in kept or (folder / PRUNED).exists():
                continue
            before = _folder_bytes(folder)
            try:
                _drop_files(folder / FILES_DIR, needed)
                for name in (TRANSITIONS_FILE, "signing.pub.pem"):  # served only with the bundle's files
                    (folder / name).unlink(missing_ok=True)
                (folder / PRUNED).write_text("files not needed for version numbering were removed "
                                             "(mem bundle prune)\n", encoding="utf-8")
            except OSError as exc:
                raise StorageError(f"cannot prune bundle {number} under {folder.parent}: {exc}") from exc
            freed += max(0, before - _folder_bytes(folder))
            pruned.append(number)
    return {"pruned": pruned, "kept": sorted(kept), "freed_bytes": freed, "latest": latest}


def _drop_files(files: Path, needed: set[str]) -> None:
    if not files.is_dir():
        return
    for root, dirs, names in os.walk(files, topdown=False):
        for name in names:
            path = Path(root) / name
            if path.relative_to(files).as_posix() not in needed:
                path.unlink()
        for name in dirs:
            with contextlib.suppress(OSError):  # not empty: it holds a page kept for version-history
                (Path(root) / name).rmdir()
    with contextlib.suppress(OSError):
        files.rmdir()
