"""``mem sync`` (movement 5): fetch the latest bundle, verify it, swap it in, flag affected facts.

Order of checks (each failure has its own message and leaves the last verified bundle in place,
marked ``stale`` with the reason):

1. signature over the exact manifest bytes — by the trusted key, or by a key reached from it
   through signed key transitions ("tampered manifest", "wrong key", "bad rotation");
2. version — lower than the one held is a "rollback"; so is a higher one that takes a policy page's
   version down, or (checked once its files are fetched) gives a page another text under the same
   version (``mem.client.bundle_lineage``: a host restarted from an older copy of the workspace);
3. expiry — "expired";
4. every file's length and SHA-256 — "tampered file", or "mix-and-match" when the bytes belong
   to another bundle version.

Then the verified folder replaces the old one atomically (``state.json`` names it), and every fact
of every customer on this client that links to a policy page at an older version gets a recheck
flag — in that customer's own store; nothing leaves the client. A fact that cites a page under the
id it had before a rename (the manifest's ``renamed``) is flagged when the renamed page changes; a
fact that cites a page the wiki no longer has (the previous bundle had it and this one does not, or
the manifest lists it ``withdrawn``) is flagged "withdrawn". The flags owed are written into
that same ``state.json`` and worked off one customer at a time (``mem.client.recheck_pending``): a
damaged store is skipped and reported, a killed sync is finished by the next one.

One sync at a time per home (``install_lock``): the files are staged in a fresh folder, checked
again on disk, sealed with a completeness marker, and switched in by replacing ``state.json``; the
previous folder is kept until the next install, so a reader that started on it can finish. An
installed folder that is incomplete (``install_problem``) is installed again even when the version
is current. A ``state.json`` that cannot be read is rebuilt first from the newest installed folder
whose signature and files verify (``state_recovery``), keeping the rollback guard.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from mem.client import recheck_pending
from mem.client.bundle_lineage import PolicyRollback, refuse_lowered, refuse_rewritten, rewritten_pages
from mem.client.connection import (
    MANIFEST_BYTES,
    PUBLIC_KEY_BYTES,
    SIGNATURE_BYTES,
    TRANSITIONS_BYTES,
    ResponseTooLarge,
    ServerClient,
)
from mem.client.installed_bundle import (
    BundleState,
    RefusedAsExpired,
    check_folder,
    install_lock,
    installed_dir,
    installed_manifest,
    load_state,
    mark_stale,
    save_state,
    seal,
)
from mem.client.state_recovery import recover_state
from mem.client.trust import bundle_home, follow_transitions, load_trust, save_trust, trusted_key
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import MemError, NetworkError, StorageError, VerificationError
from mem.core.fsio import PathArg, fsync_dir
from mem.core.json_types import JsonObject
from mem.wire import signing
from mem.wire.manifest import (
    CONFIG_FILE,
    FILES_DIR,
    MANIFEST_FILE,
    SIGNATURE_FILE,
    TRANSITIONS_FILE,
    Manifest,
    ManifestFile,
    NeedsNewerMem,
    check_readable,
    expires_at,
    page_renames,
    page_versions,
    parse_manifest,
    safe_path,
    withdrawn_pages,
)

ProgressCallback = Callable[[int, int, str], None]


def sync(home: PathArg, *, config: Config, server: str | None = None, client: ServerClient | None = None,
         push_evidence: bool = True, on_progress: ProgressCallback | None = None) -> JsonObject:
    """Bring this home's bundle up to date; raises (after recording ``stale``) when it cannot."""
    home = Path(home)
    own_client = client is None
    if client is None:
        client = ServerClient.for_home(home, config=config, server=server)
    source = _bundle_source(home, config, client)
    try:
        with install_lock(home):  # static hosting or mem serve: the same locked, staged, sealed install
            recovered = recover_state(home)  # a damaged state.json, rebuilt before anything reads it
            try:
                result = _sync_bundle(home, source, on_progress=on_progress)
            except MemError as exc:
                mark_stale(home, exc.message, server=source.url,
                           refused_as_expired=exc.refused if isinstance(exc, ExpiredBundle) else None)
                with contextlib.suppress(MemError, OSError):
                    recheck_pending.finish(home)  # flags an earlier install owes are local work
                raise
            # flags the new bundle (or an earlier install that died or failed) owes
            result["flagged"], failed = recheck_pending.finish(home)
            if failed:
                result["recheck_failed"] = failed
        if recovered is not None:
            result["recovered"] = recovered
            for customer, fact_ids in (recovered.get("flagged") or {}).items():
                flagged = result.setdefault("flagged", {})
                flagged[customer] = sorted({*flagged.get(customer, []), *fact_ids})
        if result.get("status") == "updated" and config.ask.semantic != "off":
            result["embedded"] = _embed_policy(home, on_progress)
        if push_evidence:
            result["evidence"] = _push_evidence_quietly(home, client)
            result["withdrawals"] = _push_withdrawals_quietly(home, config, client)
        return result
    finally:
        if source is not client:
            source.close()
        if own_client:
            client.close()


#: How far the server's clock (its ``Date`` header) may be from this machine's before an expiry refusal says so.
CLOCK_SKEW_NOTED = timedelta(minutes=5)


class ExpiredBundle(VerificationError):
    """The offered bundle is past its ``expires_at`` by this machine's clock.

    This machine's clock decides, not the server's ``Date`` header: that header is not signed, so trusting
    it would let whoever replays an old signed bundle also make it look unexpired — what the expiry exists
    to stop. The header only helps say that this machine's clock is ahead, and the refusal is recorded as
    an expiry (``refused_as_expired``), which ``freshness`` judges again with the clock as it is then."""

    def __init__(self, manifest: Manifest, *, server_time: datetime | None) -> None:
        message = f"expired: bundle {manifest['version']} expired at {manifest['expires_at']}"
        now = clock.now()
        if server_time is not None and server_time < expires_at(manifest) and now - server_time > CLOCK_SKEW_NOTED:
            message += (f" by this machine's clock ({clock.isoformat(now)}), but the server's clock says "
                        f"{clock.isoformat(server_time)}: this machine's clock is "
                        f"{_duration(now - server_time)} ahead; correct it, then run `mem sync`")
        super().__init__(message)
        self.refused: RefusedAsExpired = {"version": manifest["version"], "expires_at": manifest["expires_at"]}


def _server_time(headers: dict[str, str]) -> datetime | None:
    """The server's clock from an HTTP ``Date`` header, or ``None`` (absent or unreadable)."""
    from email.utils import parsedate_to_datetime

    value = next((v for k, v in headers.items() if k.lower() == "date"), None)
    if not value:
        return None
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _duration(delta: timedelta) -> str:
    hours = delta.total_seconds() / 3600
    return f"{hours / 24:.1f} days" if hours >= 48 else f"{hours:.1f} h" if hours >= 1 else f"{hours * 60:.0f} min"


def _bundle_source(home: Path, config: Config, client: ServerClient) -> ServerClient:
    """Where bundles come from: the static base URL of ``mem login --bundles`` or ``server.bundles_url``
    (``StaticBundleClient``), else the server itself. Either way ``_sync_bundle`` verifies the same."""
    from mem.client.login import load_login

    login = load_login(home)
    url = (login.bundles if login else None) or config.server.bundles_url
    if not url:
        return client
    from mem.client.static_bundles import StaticBundleClient

    return StaticBundleClient(url)


def _embed_policy(home: Path, on_progress: ProgressCallback | None) -> int:
    """The sentence vectors of the new bundle's policy pages, into the client's cache (docs/ask.md).

    Made here, after the install and outside its lock, so the first question after a sync does not pay
    for every sentence of the wiki (45 ms each); ingest does the same on the service's side. Derived
    data: an encoder that fails leaves the questions to make the vectors they need (0 made).
    """
    from mem.client.bundle_memory import BundleServiceMemory
    from mem.core.text.vectors import embed_pages

    memory = BundleServiceMemory(home)
    folder = memory.cache_dir()
    if folder is None:
        return 0
    if on_progress is not None:
        on_progress(0, 0, "embedding policy sentences")
    pages = [(str(page.title), str(page.body)) for page in memory.pages("policy")]
    return embed_pages(folder, pages, live=lambda: pages)


def _push_evidence_quietly(home: Path, client: ServerClient) -> JsonObject:
    # Evidence has its own queue and retries; a failure there must not mark the bundle stale.
    from mem.client.evidence_push import push_evidence

    try:
        return push_evidence(home, client=client)
    except MemError as exc:
        return {"sent": 0, "error": exc.message}


def _push_withdrawals_quietly(home: Path, config: Config, client: ServerClient) -> JsonObject:
    # Shared decisions of customers who turned sharing off or erased them leave the know-how service;
    # like evidence, a failure stays queued and does not mark the bundle stale.
    from mem.client.share_upload import push_withdrawals

    try:
        return push_withdrawals(home, config=config, client=client)
    except MemError as exc:
        return {"withdrawn": 0, "error": exc.message}


def _sync_bundle(home: Path, client: ServerClient, *, on_progress: ProgressCallback | None) -> JsonObject:
    state = load_state(home)
    old_manifest = installed_manifest(home, state)
    latest = client.get_json("/v1/bundle/latest")
    version = latest.get("version") if isinstance(latest, dict) else None
    if not isinstance(version, int):
        raise NetworkError(f"server {client.url} answered /v1/bundle/latest without a version")
    base = f"/v1/bundle/{version}"
    manifest_bytes, manifest_headers = client.get_bytes(f"{base}/manifest.json", max_bytes=MANIFEST_BYTES,
                                                        what="a manifest")
    signature, _ = client.get_bytes(f"{base}/manifest.sig", max_bytes=SIGNATURE_BYTES, what="a signature")
    transitions_bytes, _ = client.get_bytes(f"{base}/transitions.json", max_bytes=TRANSITIONS_BYTES,
                                            what="a key transition chain")

    try:
        manifest = parse_manifest(manifest_bytes)
    except NeedsNewerMem:
        _refuse_unsigned_later_format(home, client, manifest_bytes, signature, transitions_bytes)
        raise
    key, trust_source = _signing_key(home, client, manifest["key_id"], transitions_bytes)
    if not signing.verify(key, manifest_bytes, signature):
        raise VerificationError(
            f"tampered manifest: the signature of bundle {manifest['version']} does not verify with "
            f"key {manifest['key_id']}")
    check_readable(manifest)  # a bundle for a newer mem: refused before anything is installed
    held = state.get("version")
    manifest_sha = hashlib.sha256(manifest_bytes).hexdigest()
    if isinstance(held, int) and manifest["version"] < held:
        moved = ""
        if state.get("key_id") and state.get("key_id") != manifest["key_id"]:
            # a new key AND an older number: what a service rebuilt on a new host without its .mem/ offers
            moved = (f"; it is signed by {manifest['key_id']}, not by {state.get('key_id')} that signed version "
                     f"{held}: a service moved or set up again without its .mem/ (key and bundle numbering) looks "
                     f"like this — ask the operator to copy .mem/ from the old host (docs/server.md, \"Moving the "
                     f"service\")")
        raise VerificationError(
            f"rollback: the server offers bundle version {manifest['version']}, "
            f"but this client already verified version {held}{moved}")
    if isinstance(held, int) and manifest["version"] == held and manifest_sha != state.get("manifest_sha256"):
        raise VerificationError(
            f"rollback: bundle version {held} was already verified here with different content")
    refuse_lowered(old_manifest, manifest)  # a higher number with older policy: a host from an older copy
    if clock.now() >= expires_at(manifest):
        raise ExpiredBundle(manifest, server_time=_server_time(manifest_headers))

    # The signed issued_at is a time that has certainly come (the service signed the bundle then): a clock behind
    # it is said once, and the times recorded here are never earlier, so a corrected clock does not call the
    # fresh bundle "not refreshed since" a year back (NEWUSER_REPORT19 #9).
    behind = clock_behind(manifest)
    now = clock.isoformat(max(clock.now(), clock.parse_datetime(str(manifest["issued_at"]))))
    if isinstance(held, int) and manifest["version"] == held and installed_dir(home, state) is not None:
        state["stale"], state["reason"], state["verified_at"] = False, None, now
        state.pop("refused_as_expired", None)
        state["server"], state["last_attempt"] = client.url, now
        save_state(home, state)
        return {"status": "up-to-date", "version": held, "previous_version": held, "files": len(manifest["files"]),
                "flagged": {}, "key_id": manifest["key_id"], **({"clock_behind": behind} if behind else {})}

    folder, reused = _download(home, client, manifest, manifest_bytes, signature, transitions_bytes, old_manifest,
                               installed_dir(home, state), on_progress=on_progress)
    try:  # one version names one text: the same number with another text is not this bundle's successor
        refuse_rewritten(old_manifest, rewritten_pages(old_manifest, installed_dir(home, state), manifest, folder),
                         manifest)
    except PolicyRollback:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    if trust_source is not None:
        save_trust(home, signing.public_pem(key), source=trust_source)
    new_state: BundleState = {"version": manifest["version"], "dir": folder.name, "verified_at": now,
                 "manifest_sha256": manifest_sha, "issued_at": manifest["issued_at"],
                 "expires_at": manifest["expires_at"], "key_id": manifest["key_id"], "server": client.url,
                 "stale": False, "reason": None, "last_attempt": now}
    from mem.customers.policy_change import changed_pages, vanished_pages
    from mem.customers.store import list_customers

    # What the new pages owe each customer's facts is written with the switch itself (one atomic
    # replace): a flagging that fails or is killed afterwards is finished later, never forgotten.
    if "recheck_pending" in state:
        new_state["recheck_pending"] = state["recheck_pending"]
    changed = changed_pages(page_versions(old_manifest), page_versions(manifest))
    # a page renamed is followed (facts keep the id they cite); one that left the wiki flags its facts
    renamed = page_renames(manifest)
    withdrawn = vanished_pages(page_versions(old_manifest), page_versions(manifest), renamed,
                               withdrawn_pages(manifest), withdrawn_pages(old_manifest))
    owed = (changed or withdrawn) and (home / "customers").is_dir()
    recheck_pending.owe(new_state, changed, list_customers(home) if owed else [],
                        renamed=renamed, withdrawn=withdrawn)
    save_state(home, new_state)
    _remove_old_folders(home, keep={folder.name, str(state.get("dir") or "")})
    return {"status": "updated", "version": manifest["version"], "previous_version": held,
            "files": len(manifest["files"]), "downloaded": len(manifest["files"]) - reused, "reused": reused,
            "flagged": {}, "key_id": manifest["key_id"], "key_rotated": trust_source == "rotation",
            "key_first_use": trust_source == "first-use", **({"clock_behind": behind} if behind else {})}


def clock_behind(manifest: Manifest) -> str | None:
    """One line when this machine's clock is behind the bundle's signed ``issued_at`` by more than
    ``CLOCK_SKEW_NOTED``: the bundle was issued "in its future", which only a wrong clock explains — this machine's
    behind, or the server's ahead (review 19): the line says which is behind which, not which is wrong."""
    now = clock.now()
    issued = clock.parse_datetime(str(manifest["issued_at"]))
    if issued - now <= CLOCK_SKEW_NOTED:
        return None
    return (f"bundle {manifest['version']} was issued at {manifest['issued_at']}, after this machine's clock "
            f"({clock.isoformat(now)}): this machine's clock is {_duration(issued - now)} behind the server's — "
            f"correct whichever is wrong (until then expiry and staleness are judged from the bundle's issue time)")


def _refuse_unsigned_later_format(home: Path, client: ServerClient, manifest_bytes: bytes, signature: bytes,
                                  transitions_bytes: bytes) -> None:
    """A manifest of a later ``mem-bundle/N`` is "for a newer mem" only when the service's key signed it: its shape is
    not this mem's to read, but its signature is, and an unsigned one saying so would have an operator upgrade for
    a forgery. Raises the tampered-manifest error when the signature does not verify; returns when it does."""
    raw = json.loads(manifest_bytes.decode("utf-8"))  # parse_manifest decoded it already
    key_id = raw.get("key_id") if isinstance(raw, dict) else None
    if not isinstance(key_id, str) or not key_id:
        raise VerificationError("tampered manifest: a later bundle format that names no signing key")
    key, _ = _signing_key(home, client, key_id, transitions_bytes)
    if not signing.verify(key, manifest_bytes, signature):
        raise VerificationError(f"tampered manifest: the signature of bundle {raw.get('version')} does not verify "
                                f"with key {key_id}")


def _signing_key(home: Path, client: ServerClient, key_id: str, transitions_bytes: bytes):
    """The key that must have signed the manifest, and how trust in it changes (None = unchanged)."""
    trust = load_trust(home)
    if trust is None:
        pem, _ = client.get_bytes("/v1/keys/public.pem", max_bytes=PUBLIC_KEY_BYTES, what="a public key")
        key = signing.load_public_pem(pem, origin="the server's public key")
        if signing.key_id(key) != key_id:
            raise VerificationError(
                f"wrong key: the manifest names {key_id}, the server's key is {signing.key_id(key)}")
        return key, "first-use"
    current = trusted_key(trust)
    if trust["key_id"] == key_id:
        return current, None
    try:
        transitions = json.loads(transitions_bytes).get("transitions", [])
        if not isinstance(transitions, list):
            raise ValueError("not a list")
    except (ValueError, AttributeError, UnicodeDecodeError):
        transitions = []
    return follow_transitions(current, key_id, transitions), "rotation"


def _download(home: Path, client: ServerClient, manifest: Manifest, manifest_bytes: bytes, signature: bytes,
              transitions_bytes: bytes, old_manifest: Manifest | None, installed: Path | None, *,
              on_progress: ProgressCallback | None) -> tuple[Path, int]:
    """Fetch and check every file into a staging folder, check it again on disk, seal it, and rename it
    to a folder name no install used before (the folder ``state.json`` names is never touched).

    A file the new manifest lists with the same path, length and SHA-256 as the installed bundle is
    copied from the installed folder instead of downloaded (after its hash is checked again): a new
    edition usually changes a few pages of a thousand, and every client fetching every file made
    bundle traffic grow with the wiki instead of with the change. Returns the folder and how many
    files were reused.
    """
    root = bundle_home(home)
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".incoming-", dir=root))
    old_files = old_manifest.get("files", []) if old_manifest else []
    old_hashes = {f["path"]: f["sha256"] for f in old_files}
    old_entries = {(f["path"], f["sha256"], f["length"]) for f in old_files}
    version = manifest["version"]
    reused = 0
    try:
        total = len(manifest["files"])
        for i, entry in enumerate(manifest["files"]):
            path = safe_path(entry["path"])
            data = None
            if installed is not None and (entry["path"], entry["sha256"], entry["length"]) in old_entries:
                data = _installed_copy(installed / FILES_DIR / path, entry)
            if data is not None:
                reused += 1
            else:
                try:  # a file is never longer than the manifest says: read one byte more at most
                    data, headers = client.get_bytes(f"/v1/bundle/{version}/files/{path}",
                                                     max_bytes=entry["length"],
                                                     what=f"{path} ({entry['length']} bytes in the manifest)")
                except ResponseTooLarge as exc:
                    raise VerificationError(f"tampered file: {path} is longer than the manifest says") from exc
                _check_file(entry, data, headers, version, old_hashes)
            if path == CONFIG_FILE:
                _check_settings(data, version)
            target = staging / FILES_DIR / path
            target.parent.mkdir(parents=True, exist_ok=True)
            _write_durably(target, data)
            if on_progress:
                on_progress(i + 1, total, path)
        _write_durably(staging / MANIFEST_FILE, manifest_bytes)
        _write_durably(staging / SIGNATURE_FILE, signature)
        _write_durably(staging / TRANSITIONS_FILE, transitions_bytes)
        problem = check_folder(staging, manifest)
        if problem:
            raise StorageError(f"the downloaded bundle {version} did not reach the disk whole ({problem})")
        seal(staging, manifest_bytes, manifest)
        final = root / f"v{version:08d}-{staging.name.removeprefix('.incoming-')}"
        os.replace(staging, final)
        fsync_dir(root)
        return final, reused
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _check_settings(data: bytes, version: int) -> None:
    """The client settings of bundle ``version``, checked before it is installed: a known setting with a wrong
    value refuses the bundle now, not every later command; one this mem does not know is named in a warning."""
    try:
        settings = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise VerificationError(f"bundle {version}: {CONFIG_FILE} is not JSON ({exc})") from exc
    if not isinstance(settings, dict):
        raise VerificationError(f"bundle {version}: {CONFIG_FILE} is not a JSON object")
    Config().overlay_shipped(settings, origin=f"bundle {version}")


def _installed_copy(path: Path, entry: ManifestFile) -> bytes | None:
    """The installed bundle's copy of a file the new manifest lists unchanged, if it is still intact."""
    try:
        if path.stat().st_size != entry["length"]:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == entry["sha256"] else None


def _check_file(entry: ManifestFile, data: bytes, headers: dict[str, str], version: int,
                old_hashes: dict[str, str]) -> None:
    digest = hashlib.sha256(data).hexdigest()
    if len(data) == entry["length"] and digest == entry["sha256"]:
        return
    served_as = headers.get("x-mem-bundle-version")
    if old_hashes.get(entry["path"]) == digest:
        raise VerificationError(
            f"mix-and-match: {entry['path']} is the file of an earlier bundle version, not of version {version}")
    if served_as is not None and served_as != str(version):
        raise VerificationError(
            f"mix-and-match: {entry['path']} came from bundle version {served_as}, not version {version}")
    what = "length" if len(data) != entry["length"] else "SHA-256"
    raise VerificationError(f"tampered file: {entry['path']} does not match the manifest ({what} differs)")


def _write_durably(path: Path, data: bytes) -> None:
    try:
        with open(path, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        if exc.filename is None and exc.errno is not None:
            # a failed write or fsync names no file: a full disk said "No space left on device" and nothing more
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise


def _remove_old_folders(home: Path, *, keep: set[str]) -> None:
    """Delete bundle folders other than ``keep`` (the new one and the one it replaced) and stagings
    left by an install that died; only ever called under the install lock."""
    root = bundle_home(home)
    for child in root.iterdir():
        if child.is_dir() and child.name not in keep and child.name.startswith(("v", ".incoming-")):
            with contextlib.suppress(OSError):
                shutil.rmtree(child)
