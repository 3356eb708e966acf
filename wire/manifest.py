"""The bundle: its folder layout and its manifest, whose exact bytes the service signs and the client verifies.

A bundle version is one folder, the same on the server (``.mem/bundles/<n>/``) and on the client
(``<home>/bundle/v0000000n/``)::

    manifest.json     the manifest below
    manifest.sig      its signature
    transitions.json  signed key transitions (``{"transitions": [...]}``)
    files/            every listed file: policies/…, knowhow/…, context.md, config.json

Format ``mem-bundle/1``, a JSON object with sorted keys::

    {"format": "mem-bundle/1", "version": 7, "issued_at": "...Z", "expires_at": "...Z",
     "key_id": "ed25519:…", "files": [{"path": "policies/refunds.md", "sha256": "…", "length": 812}, …],
     "pages": [{"id": "refunds", "type": "policy", "version": 4, "path": "policies/refunds.md"}, …],
     "renamed": {"refund-window": "refund-period"}, "withdrawn": ["liquid-damage"]}

``bundle_format`` (the bundle format of the mem that built it), ``min_reader`` (the oldest bundle format a
client must read to use it) and ``written_by`` (``mem 0.1.0+f61e428``) say which mem can read it
(``mem.core.formats``): a client whose bundle format is below ``min_reader`` refuses the bundle before it installs
anything (``NeedsNewerMem``), and so does one offered a manifest of a later ``mem-bundle/N``. A manifest without
them is of bundle format 1 (mems up to December 2026), which every client reads.

``renamed`` (old policy page id → the id the page carries now) and ``withdrawn`` (policy page ids the
wiki once had and no longer has) are optional (``mem.wiki.page_moves``): customer facts cite the old
ids for good, and the client follows a rename or flags a withdrawal with them (docs/server.md).

The signature (``manifest.sig``) is the 64 raw Ed25519 bytes over the manifest file exactly as
served, so stock OpenSSL verifies it::

    openssl pkeyutl -verify -pubin -inkey signing.pub.pem -rawin -in manifest.json -sigfile manifest.sig
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import PurePosixPath
from typing import Any, NotRequired, TypedDict, cast

from mem.core.clock import parse_datetime
from mem.core.errors import VerificationError
from mem.core.formats import BUNDLE_FORMAT

FORMAT = "mem-bundle/1"
MANIFEST_FILE = "manifest.json"
SIGNATURE_FILE = "manifest.sig"
TRANSITIONS_FILE = "transitions.json"
FILES_DIR = "files"
#: Inside ``files/``: the service context, and the client settings (``CLIENT_SECTIONS`` of ``mem.toml``).
CONTEXT_FILE = "context.md"
CONFIG_FILE = "config.json"
_SHA = re.compile(r"[0-9a-f]{64}")  # matched whole (fullmatch): "$" accepts a trailing newline
JsonLike = Any  # a manifest as read off the disk, not yet checked
_LATER_FORMAT = re.compile(r"mem-bundle/([0-9]{1,9})")


class NeedsNewerMem(VerificationError):
    """A bundle this mem cannot use: its manifest names a newer reader (``min_reader``) or a later
    ``mem-bundle/N``. Refused before anything is installed; the client keeps its last good bundle."""


class ManifestFile(TypedDict):
    """One file of a bundle: its path under ``files/``, hash and length."""

    path: str
    sha256: str
    length: int


class InForce(TypedDict):
    """The edition of a page in force when the bundle was built, shipped beside a later-dated one."""

    version: int
    path: str


class ManifestPage(TypedDict):
    """One page of a bundle: id, ``policy`` or ``knowhow``, its version and the file holding it."""

    id: str
    type: str
    version: int
    path: str
    # a page whose ``effective`` date is after the build: the edition in force at the build, which
    # answers until that date ({"version": N, "path": "in-force/policies/ID.md"})
    in_force: NotRequired[InForce]


class ManifestBranch(TypedDict):
    """Where the bundle's commit came from: the checked-out branch (None: a detached HEAD), the release branch
    it was checked against (``[bundle] branch``, else the default branch; None when there is none), whether the
    commit is on it (None: nothing to check against), whether the release branch was configured, and whether
    ``--from-branch`` let a commit off the configured branch through."""

    name: str | None
    release: str | None
    merged: bool | None
    configured: bool
    from_branch: bool


class Manifest(TypedDict):
    """A ``mem-bundle/1`` manifest as built by ``mem.server.bundle`` and checked by ``parse_manifest``."""

    format: str
    version: int
    issued_at: str
    expires_at: str
    key_id: str
    files: list[ManifestFile]
    pages: NotRequired[list[ManifestPage]]
    commit: NotRequired[str]  # the workspace commit the pages come from
    branch: NotRequired[ManifestBranch]  # the branch that commit was built from and whether it is released
    lint_errors_allowed: NotRequired[list[str]]  # ``path:line rule`` of each lint error let through
    renamed: NotRequired[dict[str, str]]  # old policy page id → current id (``mem.wiki.page_moves``)
    withdrawn: NotRequired[list[str]]  # policy page ids removed from the wiki, renamed to nothing
    bundle_format: NotRequired[int]  # the bundle format of the mem that built it (absent: 1)
    min_reader: NotRequired[int]  # the oldest bundle format that can use it (absent: 1)
    written_by: NotRequired[str]  # "mem 0.1.0+f61e428": the mem that built it, for the refusal's message


def encode_manifest(manifest: Manifest) -> bytes:
    return (json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


# path is Any on purpose: it comes from a manifest read off the wire and is checked here.
def safe_path(path: Any) -> str:
    """A bundle file path: relative, forward slashes, no ``..`` — it becomes a path on the client."""
    if not isinstance(path, str) or not path or "\\" in path or "\x00" in path:
        raise ValueError(f"bad file path {path!r}")
    parts = PurePosixPath(path).parts
    if path.startswith("/") or any(p in ("..", ".", "") for p in parts) or parts[0].startswith("."):
        raise ValueError(f"bad file path {path!r}")
    return path


def parse_manifest(data: bytes) -> Manifest:
    """Decode and check the shape of a manifest; anything malformed is a tampered manifest."""
    try:
        manifest = json.loads(data.decode("utf-8"))
        if not isinstance(manifest, dict):
            raise ValueError("not a JSON object")
        if _LATER_FORMAT.fullmatch(str(manifest.get("format"))) and manifest.get("format") != FORMAT:
            check_readable(manifest)  # a later mem-bundle/N: its shape is not this mem's to check
        if manifest.get("format") != FORMAT:
            raise ValueError(f"format is not {FORMAT}")
        for name in ("bundle_format", "min_reader"):
            number = manifest.get(name, 1)
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                raise ValueError(f"{name} must be a positive integer")
        version = manifest["version"]
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError("version must be a positive integer")
        for name in ("issued_at", "expires_at"):
            parse_datetime(str(manifest[name]))
        if not isinstance(manifest["key_id"], str):
            raise ValueError("key_id must be text")
        paths = set()
        for entry in manifest["files"]:
            safe_path(entry["path"])
            if not _SHA.fullmatch(str(entry["sha256"])) or not isinstance(entry["length"], int) or entry["length"] < 0:
                raise ValueError(f"bad hash or length for {entry['path']}")
            paths.add(entry["path"])
        for page in manifest.get("pages", []):
            if page["path"] not in paths or not isinstance(page["version"], int):
                raise ValueError(f"page {page.get('id')!r} names a file not in the manifest")
            earlier = page.get("in_force")
            if earlier is not None and (not isinstance(earlier, dict) or earlier.get("path") not in paths):
                raise ValueError(f"page {page.get('id')!r} names an edition in force not in the manifest")
        renamed = manifest.get("renamed", {})
        if not isinstance(renamed, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                    for k, v in renamed.items()):
            raise ValueError("renamed must map page ids to page ids")
        withdrawn = manifest.get("withdrawn", [])
        if not isinstance(withdrawn, list) or not all(isinstance(w, str) for w in withdrawn):
            raise ValueError("withdrawn must be a list of page ids")
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise VerificationError(f"tampered manifest: not a valid {FORMAT} manifest ({exc})") from exc
    return cast(Manifest, manifest)  # every field read above has the type Manifest names


def _written_by(manifest: Any) -> str:
    by = manifest.get("written_by") if isinstance(manifest, dict) else None
    return f", written by {by}" if isinstance(by, str) and by else ""


# JsonLike (Any): a manifest read off the disk of a home a newer mem synced, not yet checked as a Manifest.
def check_readable(manifest: Manifest | JsonLike, *, what: str = "bundle") -> None:
    """``NeedsNewerMem`` when the manifest is of a later ``mem-bundle/N`` or its ``min_reader`` is above this mem's
    bundle format: call it once the signature verified, before anything is installed (``mem sync``), and on the
    bundle installed in a home a newer mem synced (``what``: "the installed bundle")."""
    if not isinstance(manifest, dict):
        return
    later = _LATER_FORMAT.fullmatch(str(manifest.get("format")))
    if later and int(later.group(1)) > 1:
        raise NeedsNewerMem(f"{what} {manifest.get('version')} needs a newer mem: it is {manifest.get('format')} "
                            f"and this mem reads {FORMAT}{_written_by(manifest)} (mem --version; upgrade mem)")
    needed = manifest.get("min_reader", 1)
    if isinstance(needed, int) and needed > BUNDLE_FORMAT:
        raise NeedsNewerMem(
            f"{what} {manifest.get('version')} needs a newer mem: it is for bundle format {needed} and up, this mem "
            f"reads bundle format {BUNDLE_FORMAT}{_written_by(manifest)} (mem --version; upgrade mem)")


def expires_at(manifest: Manifest) -> datetime:
    return parse_datetime(str(manifest["expires_at"]))


def page_versions(manifest: Manifest | None, type: str = "policy") -> dict[str, int]:
    if not manifest:
        return {}
    return {p["id"]: p["version"] for p in manifest.get("pages", []) if p.get("type") == type}


def page_renames(manifest: Manifest | None) -> dict[str, str]:
    """Old policy page id → the id it carries in this bundle (only ids this bundle has)."""
    if not manifest:
        return {}
    present = {p["id"] for p in manifest.get("pages", [])}
    return {old: new for old, new in manifest.get("renamed", {}).items() if new in present and old not in present}


def withdrawn_pages(manifest: Manifest | None) -> list[str]:
    """Policy page ids this bundle's wiki once had and no longer has (renamed to nothing)."""
    if not manifest:
        return []
    present = {p["id"] for p in manifest.get("pages", [])}
    return [page for page in manifest.get("withdrawn", []) if page not in present]
