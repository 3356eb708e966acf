"""The client's installed bundle: ``<home>/bundle/`` with its state file and the verified files.

    <home>/bundle/state.json      version, folder, verified_at, server, key id, stale + reason,
                                  recheck flags still owed (``mem.client.recheck_pending``)
    <home>/bundle/trust.json      the signing key this client trusts (see ``trust``)
    <home>/bundle/.sync.lock      held by the one ``mem sync`` installing into this home
    <home>/bundle/v00000007-…/    manifest.json, manifest.sig, files/…, COMPLETE of the verified version

An install is staged in a fresh folder, checked on disk against the manifest, sealed with a
``COMPLETE`` marker (the manifest's SHA-256 and file count, written last), and only then named by
``state.json``, which is replaced atomically (one rename); the previous folder stays until the next
install. So a reader sees the old bundle or the new one, never a mixture — under concurrent syncs
(one lock per home), readers, and ``kill -9``. Every reader goes through ``installed_dir``, which
accepts a folder only with a marker matching ``state.json``; otherwise ``install_problem`` says
why and ``mem sync`` installs again. Failures only change the stale fields.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from mem.client.trust import bundle_home
from mem.core import clock
from mem.core.config import check_home
from mem.core.errors import LockTimeout, StorageError
from mem.core.fsio import atomic_write_text
from mem.wire.manifest import FILES_DIR, MANIFEST_FILE, Manifest

STATE_FILE = "state.json"
COMPLETE_FILE = "COMPLETE"
LOCK_FILE = ".sync.lock"
LOCK_WAIT_S = 300.0  # a sync waits this long for another one installing into the same home


@contextlib.contextmanager
def install_lock(home: Path, *, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """Hold this home's install lock: one ``mem sync`` at a time stages, switches and cleans up.

    The lock is ``flock`` on ``<home>/bundle/.sync.lock``, so the kernel drops it when its holder
    dies (``kill -9`` included) and the next sync goes ahead.
    """
    root = bundle_home(home)
    check_home(home)  # never under a HOME that is not there (NEWUSER_REPORT16 #5)
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK_FILE, "a+") as fh:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError as exc:
                if time.monotonic() > deadline:
                    raise LockTimeout(f"another mem sync is installing a bundle into {root}") from exc
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def check_folder(folder: Path, manifest: Manifest) -> str | None:
    """Whether every file of ``manifest`` is in ``folder`` with its length and SHA-256 (``None``), or
    the first problem. Reads every file: used before sealing, and once for folders without a marker."""
    for entry in manifest.get("files", []):
        path = folder / FILES_DIR / entry["path"]
        try:
            data = path.read_bytes()
        except OSError:
            return f"{entry['path']} is missing"
        if len(data) != entry["length"] or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return f"{entry['path']} does not match the manifest"
    return None


def seal(folder: Path, manifest_bytes: bytes, manifest: Manifest) -> None:
    """Write the completeness marker: only after ``check_folder`` found every file whole."""
    atomic_write_text(folder / COMPLETE_FILE, json.dumps({
        "manifest_sha256": hashlib.sha256(manifest_bytes).hexdigest(), "files": len(manifest.get("files", [])),
        "version": manifest.get("version")}, sort_keys=True) + "\n")


def _sealed(folder: Path, manifest_sha: object) -> bool:
    try:
        marker = json.loads((folder / COMPLETE_FILE).read_text())
    except (OSError, json.JSONDecodeError):
        return False
    return isinstance(marker, dict) and marker.get("manifest_sha256") == manifest_sha


class RecheckPending(TypedDict):
    """Recheck flags an install still owes (``mem.client.recheck_pending``)."""

    pages: dict[str, int]  # page → the version facts must be flagged against
    customers: list[str]  # customers not flagged yet
    renamed: NotRequired[dict[str, str]]  # old page id → new id, followed when flagging ``pages``
    withdrawn: NotRequired[list[str]]  # pages that left the wiki: every fact citing one is flagged


class RefusedAsExpired(TypedDict):
    version: int
    expires_at: str


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
    recheck_pending: RecheckPending
    # the last sync refused a bundle only because this machine's clock put it past its expiry: which one,
    # and when it expires; the refusal holds only while the clock still says so (``freshness``)
    refused_as_expired: RefusedAsExpired


def state_path(home: Path) -> Path:
    return bundle_home(home) / STATE_FILE


class DamagedState(StorageError):
    """``state.json`` cannot be read or is not a state; ``mem sync`` rebuilds it (``state_recovery``)."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path} is unreadable ({problem}): run `mem sync` to rebuild it from the installed "
                         "bundle, whose signature and files are checked again")
        self.problem = problem


def load_state(home: Path) -> BundleState:
    """The client's bundle state; ``{}`` before the first successful sync (or stale-only fields).

    ``DamagedState`` when the file is not JSON or not a state (a disk error, a hand edit): every
    command says how to recover, and ``mem sync`` does it.
    """
    path = state_path(home)
    try:
        text = path.read_text()
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise DamagedState(path, " ".join(str(exc).split())) from exc
    try:
        state: BundleState = json.loads(text)  # written by save_state; checked by _shape_problem
    except json.JSONDecodeError as exc:
        raise DamagedState(path, str(exc)) from exc
    problem = _shape_problem(state)
    if problem:
        raise DamagedState(path, problem)
    return state


# Any: the file's JSON as found on disk, which a crash or a hand edit may have made anything.
def _shape_problem(state: Any) -> str | None:
    """Why ``state`` is not a state (the fields every reader relies on), or ``None``."""
    if not isinstance(state, dict):
        return "not a JSON object"
    for field, kind in (("version", int), ("dir", str), ("manifest_sha256", str)):
        if field in state and not isinstance(state[field], kind):
            return f"{field} is not a{'n' if kind is int else ''} {kind.__name__}"
    return None


def save_state(home: Path, state: BundleState) -> None:
    atomic_write_text(state_path(home), json.dumps(state, indent=2, sort_keys=True) + "\n")


def mark_stale(home: Path, reason: str, *, server: str | None = None,
               refused_as_expired: RefusedAsExpired | None = None) -> BundleState:
    """Keep the verified bundle, record that it may be out of date and why (``refused_as_expired``: the
    refusal was the expiry judged by this machine's clock, which ``freshness`` judges again each time)."""
    state = load_state(home)
    state["stale"], state["reason"], state["last_attempt"] = True, reason, clock.isoformat(clock.now())
    state.pop("refused_as_expired", None)
    if refused_as_expired is not None:
        state["refused_as_expired"] = refused_as_expired
    if server:
        state["server"] = server
    save_state(home, state)
    return state


STALE_AFTER_HOURS = 24  # the default of bundle.stale_after_hours


def freshness(state: BundleState, *, stale_after_hours: int = STALE_AFTER_HOURS) -> tuple[str, str | None]:
    """How current the installed bundle is, and why not: ``(kind, reason)``.

    ``current``        the last sync succeeded less than ``stale_after_hours`` ago, and it has not expired;
    ``sync-failed``    the last sync could not reach the server or refused what it got (once is enough);
    ``not-refreshed``  no sync succeeded for ``stale_after_hours`` (nobody tried, or nothing ran);
    ``expired``        past the manifest's ``expires_at``: its signature no longer vouches for it.
    The bundle is *stale* for every kind but ``current``; ``expired`` wins over the others, then a failed sync.
    """
    now = not_before(state)
    version = state.get("version")
    expires = state.get("expires_at")
    if expires and now >= clock.parse_datetime(str(expires)):
        return "expired", (f"expired: bundle {version} expired at {expires}; its signature no longer vouches for "
                           "it — run `mem sync`")
    failed = _sync_failure(state, now) if state.get("stale") else None
    if failed:
        return "sync-failed", failed
    verified = state.get("verified_at")
    if verified and (now - clock.parse_datetime(str(verified))).total_seconds() > stale_after_hours * 3600:
        return "not-refreshed", f"not refreshed since {verified} (more than {stale_after_hours} h): run `mem sync`"
    return "current", None


def not_before(state: BundleState) -> datetime:
    """This machine's clock, or the installed bundle's signed ``issued_at`` when the clock is behind it: that
    time has certainly come, so a clock a year behind neither stretches the expiry by a year nor makes a
    fresh bundle look a year old once it is corrected (NEWUSER_REPORT19 #9)."""
    now = clock.now()
    issued = state.get("issued_at")
    if issued:
        try:
            return max(now, clock.parse_datetime(str(issued)))
        except ValueError:
            return now
    return now


def _sync_failure(state: BundleState, now: datetime) -> str | None:
    """Why the last sync failed, as it stands now. A refusal that was only "expired" by this machine's clock
    is judged again by the clock as it is now: a clock that ran ahead once (a wrong time zone, a bad NTP
    answer) left "expired: bundle 19 …" on every answer until the next good sync, though bundle 19 was
    installed and valid. Once the clock puts that bundle before its expiry, the refusal is withdrawn when
    the bundle is the one installed (or older), and names the clock when it was a newer one."""
    reason = str(state.get("reason") or "the last sync failed")
    refused = state.get("refused_as_expired")
    if not isinstance(refused, dict):
        return reason
    try:
        expires = clock.parse_datetime(str(refused.get("expires_at")))
    except ValueError:
        return reason
    version, held = refused.get("version"), state.get("version")
    if now >= expires or not isinstance(version, int):
        return reason
    if isinstance(held, int) and version <= held:
        return None
    return (f"the last sync refused bundle {version} as expired, but this machine's clock now puts it before its "
            f"expiry ({refused.get('expires_at')}): run `mem sync` again")


def installed_dir(home: Path, state: BundleState | None = None) -> Path | None:
    """The verified bundle folder ``state.json`` names — only when it is complete (its marker matches)."""
    state = load_state(home) if state is None else state
    if not state.get("dir") or install_problem(home, state):  # never installed (a failed first sync), or broken
        return None
    return bundle_home(home) / str(state["dir"])


def install_problem(home: Path, state: BundleState | None = None) -> str | None:
    """Why the installed bundle cannot be used (``None`` when it is complete, or when none was ever
    installed): the folder is gone, or its completeness marker is missing or belongs to another manifest.

    A folder installed by an older mem has no marker: it is checked once, file by file, and sealed
    when whole.
    """
    state = load_state(home) if state is None else state
    name = state.get("dir")
    if not name:
        return None
    folder = bundle_home(home) / str(name)
    version = state.get("version")
    if not folder.is_dir():
        return f"the installed bundle {version} is missing from {folder.parent}: run `mem sync` to install it again"
    if _sealed(folder, state.get("manifest_sha256")):
        return None
    problem = "its completeness marker is missing"
    try:
        manifest_bytes = (folder / MANIFEST_FILE).read_bytes()
        if not (folder / COMPLETE_FILE).exists() and hashlib.sha256(manifest_bytes).hexdigest() == state.get(
                "manifest_sha256"):
            manifest = json.loads(manifest_bytes)
            problem = check_folder(folder, manifest) or ""
            if not problem:
                with contextlib.suppress(OSError, StorageError):
                    seal(folder, manifest_bytes, manifest)
                return None
    except (OSError, json.JSONDecodeError, KeyError, TypeError):
        problem = "its manifest is unreadable"
    return f"the installed bundle {version} is incomplete ({problem}): run `mem sync` to repair it"


def installed_manifest(home: Path, state: BundleState | None = None) -> Manifest | None:
    folder = installed_dir(home, state)
    if folder is None:
        return None
    try:
        manifest: Manifest = json.loads((folder / MANIFEST_FILE).read_bytes())  # verified when installed
        return manifest
    except (OSError, json.JSONDecodeError):
        return None
