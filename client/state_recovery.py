"""Rebuilding a damaged ``<home>/bundle/state.json`` from the installed bundle (``mem sync`` does it).

``state.json`` names the verified bundle and carries the rollback guard (the highest version this
client verified). When it is unreadable — a disk error, a crash of something else, a hand edit —
every other command stops with ``DamagedState`` saying to run ``mem sync``, and ``mem sync``, under
the install lock, calls ``recover_state`` before anything else:

1. the damaged file is kept beside it as ``state.json.damaged`` (for whoever wants to look);
2. the installed bundle folders are tried newest version first: a folder is taken only when its
   manifest's signature verifies with the key in ``trust.json`` and every file matches the
   manifest (``check_folder``) — the same checks as an install, so a folder someone planted or
   altered cannot become the state;
3. the state is written for that bundle, so its version stays the rollback guard, and every fact
   linked to an older version of one of its policy pages is flagged for recheck (flags lost with
   the state, e.g. of a sync that died, are made again; ``flag_recheck`` leaves existing flags);
4. with no such folder the state is emptied: the rollback guard is lost, the pinned key still
   guards the next install, and the sync goes on as a first sync.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from mem.client.installed_bundle import (
    STATE_FILE,
    BundleState,
    DamagedState,
    check_folder,
    load_state,
    save_state,
    state_path,
)
from mem.client.trust import bundle_home, load_trust, trusted_key
from mem.core import clock
from mem.core.errors import MemError
from mem.core.json_types import JsonObject
from mem.wire import signing
from mem.wire.manifest import (
    MANIFEST_FILE,
    SIGNATURE_FILE,
    Manifest,
    page_renames,
    page_versions,
    parse_manifest,
    withdrawn_pages,
)

DAMAGED_SUFFIX = ".damaged"


def recover_state(home: Path) -> JsonObject | None:
    """Rebuild ``state.json`` when it is damaged (``None`` when it reads fine); call under ``install_lock``.

    Returns what was done: ``{"problem", "version" (None when nothing verified), "kept", "flagged"}``.
    """
    try:
        load_state(home)
        return None
    except DamagedState as exc:
        problem = exc.problem
    path = state_path(home)
    kept = path.with_name(STATE_FILE + DAMAGED_SUFFIX)
    os.replace(path, kept)
    found = _newest_verified(home)
    if found is None:
        save_state(home, {})
        return {"problem": problem, "version": None, "kept": str(kept), "flagged": {}}
    folder, manifest_bytes, manifest = found
    now = clock.isoformat(clock.now())
    state: BundleState = {"version": manifest["version"], "dir": folder.name, "verified_at": now,
                          "manifest_sha256": hashlib.sha256(manifest_bytes).hexdigest(),
                          "issued_at": manifest["issued_at"], "expires_at": manifest["expires_at"],
                          "key_id": manifest["key_id"], "stale": False, "reason": None, "last_attempt": now}
    save_state(home, state)  # first: whatever follows fails, the rollback guard is back
    from mem.customers.policy_change import flag_policy_changes

    flagged = flag_policy_changes(home, {}, page_versions(manifest), renamed=page_renames(manifest),
                                  withdrawn=withdrawn_pages(manifest))
    return {"problem": problem, "version": manifest["version"], "kept": str(kept), "flagged": flagged}


def _newest_verified(home: Path) -> tuple[Path, bytes, Manifest] | None:
    """The installed folder of the highest version whose signature and files check out, if any."""
    trust = load_trust(home)
    if trust is None:
        return None
    key = trusted_key(trust)
    candidates = []
    for folder in bundle_home(home).glob("v*"):
        try:
            manifest_bytes = (folder / MANIFEST_FILE).read_bytes()
            signature = (folder / SIGNATURE_FILE).read_bytes()
            if not signing.verify(key, manifest_bytes, signature):
                continue  # another key (before a rotation) or altered: not proof of anything now
            manifest = parse_manifest(manifest_bytes)
        except (OSError, MemError, ValueError):
            continue
        candidates.append((manifest["version"], folder, manifest_bytes, manifest))
    for _, folder, manifest_bytes, manifest in sorted(candidates, key=lambda c: c[0], reverse=True):
        if check_folder(folder, manifest) is None:
            return folder, manifest_bytes, manifest
    return None


def describe(recovered: JsonObject) -> str:
    """One line for the operator of this client."""
    if recovered.get("version") is None:
        return (f"bundle state was unreadable ({recovered['problem']}) and no installed bundle verified with the "
                f"trusted key: started again as a first sync (the rollback guard is lost); the damaged file is "
                f"kept as {recovered['kept']}")
    return (f"bundle state was unreadable ({recovered['problem']}): rebuilt from installed bundle "
            f"v{recovered['version']} (signature and files verified); the damaged file is kept as "
            f"{recovered['kept']}")
