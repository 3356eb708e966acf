"""``mem bundle build``: pack the service memory into a signed, versioned bundle and publish it.

A bundle holds every policy and know-how page (exact file bytes), ``context.md`` and
``config.json`` (the client-side settings: context budget, extraction, trait and know-how/share
thresholds). The manifest lists SHA-256 and length of each file, the git commit the pages come from,
and is signed with the service key.

Only reviewed content ships: pages and ``context.md`` are read from the commit at HEAD, never from
the working files, and the build refuses (one line, nothing written) when a policy, know-how or
context file or ``mem.toml`` (whose client settings become ``config.json``) differs from HEAD
(modified, staged, deleted or never committed) or when ``mem lint`` reports errors — unless
``allow_lint_errors``, which the manifest then records finding by finding. With ``[bundle] require_review``
it also refuses while a policy page it would ship has no ``verified`` review naming the version that ships. With
``[bundle] branch`` it refuses a commit that is not on that release branch unless ``from_branch``; the manifest's
``branch`` always names the checked-out branch and whether the commit is on the release (or default) branch.
The folder is assembled under a temporary name and renamed into place, then ``LATEST`` is switched:
clients never see half a bundle, and versions only go up.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from mem import __version__
from mem.core import clock
from mem.core.config import CONFIG_FILE as SETTINGS_FILE
from mem.core.config import Config, SettingSections
from mem.core.errors import InvalidInput, Refused, StorageError
from mem.core.formats import BUNDLE_FORMAT, min_reader, written_by
from mem.core.fsio import PathArg, fsync_dir
from mem.core.json_types import JsonObject
from mem.core.wording import plural
from mem.server.keys import keys_dir, load_signing_key, load_transitions
from mem.server.published import bundle_dir, bundles_dir, latest_version, publish, versions
from mem.wire import signing
from mem.wire.manifest import (
    CONFIG_FILE,
    CONTEXT_FILE,
    FILES_DIR,
    FORMAT,
    MANIFEST_FILE,
    SIGNATURE_FILE,
    TRANSITIONS_FILE,
    Manifest,
    ManifestBranch,
    ManifestFile,
    ManifestPage,
    encode_manifest,
)

if TYPE_CHECKING:
    from mem.wiki.page import Page

#: Where a bundle keeps the edition in force beside a page dated after the build.
IN_FORCE_DIR = "in-force"

#: What a person reviews before it ships: these must equal HEAD for a build. ``mem.toml`` holds the
#: client settings ``config.json`` ships (read from the working file, so it must be the committed one).
REVIEWED = ("policies", "knowhow", CONTEXT_FILE, SETTINGS_FILE)

ProgressCallback = Callable[[int, int, str], None]


def client_settings(config: Config) -> SettingSections:
    return config.client_settings()


def collect_files(workspace: Path, config: Config) -> tuple[dict[str, bytes], list[ManifestPage], str]:
    """The bundle's files (path → bytes) and page list as committed at HEAD, and that commit's id.

    ``page_moves`` (the manifest's ``renamed`` and ``withdrawn``) is read from the same HEAD.

    Refused when the reviewed content differs from HEAD; an invalid page stops the build.
    """
    from mem.wiki import gitrepo
    from mem.wiki.in_force import why_not_in_force
    from mem.wiki.index import is_page_file_name
    from mem.wiki.page import parse_page

    workspace = Path(workspace)
    commit = gitrepo.head_sha(workspace)
    if commit is None:
        raise Refused("nothing is committed yet: ingest or commit the pages before building a bundle")
    dirty = [(rel, how) for rel, how in gitrepo.uncommitted(workspace, REVIEWED) if not _editor_file(rel)]
    if dirty:
        first, how = dirty[0]
        more = f" (and {len(dirty) - 1} more)" if len(dirty) > 1 else ""
        raise Refused(f"{first} {how}{more}: a bundle ships only committed content; commit or discard the "
                      "change first (git status)")
    files: dict[str, bytes] = {}
    pages: list[ManifestPage] = []
    unreviewed: list[str] = []
    today = clock.today()
    page_files = [rel for rel in gitrepo.tree_files(workspace, commit, ("policies", "knowhow"))
                  if rel.count("/") == 1 and is_page_file_name(rel.split("/", 1)[1])]
    for rel, data in gitrepo.show_many(workspace, commit, page_files).items():
        try:
            page = parse_page(data.decode("utf-8"), path=workspace / rel)
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{rel}: not UTF-8 text") from exc
        entry: ManifestPage | None = {"id": page.id, "type": page.type, "version": page.version, "path": rel}
        if why_not_in_force(page, today) is not None:
            entry, data = _in_force_now(workspace, page, {"id": page.id, "type": page.type,
                                                          "version": page.version, "path": rel}, data, today, files)
        if entry is not None:
            files[rel] = data
            pages.append(entry)
            if page.type == "policy" and not _reviewed(page, entry, data):
                unreviewed.append(page.id)
    if unreviewed and config.bundle.require_review:
        _refuse_unreviewed(unreviewed)
    tracked = gitrepo.tree_files(workspace, commit, (CONTEXT_FILE,))
    files[CONTEXT_FILE] = gitrepo.show_bytes(workspace, commit, CONTEXT_FILE) if tracked else b""
    _refuse_conflicted_context(files[CONTEXT_FILE])
    files[CONFIG_FILE] = (json.dumps(client_settings(config), sort_keys=True, indent=2) + "\n").encode("utf-8")
    return files, pages, commit


def _reviewed(page: Page, entry: ManifestPage, data: bytes) -> bool:
    """Whether the edition that ships (an earlier one when the committed one is not in force) has a review of
    its version (``mem.wiki.page.reviewed``): a ``verified`` entry kept over an edit names the old version."""
    from mem.wiki.page import parse_page, reviewed

    shipped = page if entry["version"] == page.version else parse_page(data.decode("utf-8"))
    return reviewed(shipped.meta)


def _refuse_unreviewed(ids: list[str]) -> None:
    """``[bundle] require_review``: one line naming the policy pages whose shipped version nobody reviewed."""
    shown = ", ".join(ids[:5]) + (f" (and {len(ids) - 5} more)" if len(ids) > 5 else "")
    raise Refused(f"{plural(len(ids), 'policy page')} without a review of the current version: {shown}; "
                  "[bundle] require_review is on: read each page, then `mem pages review PAGE… --by NAME` records "
                  "the review (mem lint's review-dropped names pages a revision took the review from)")


def _editor_file(rel: str) -> bool:
    """A file directly in a page folder that is no page by its name (``is_page_file_name``): an editor's lock,
    swap or backup file beside a page it has open. A bundle never ships one, so it does not stop the build."""
    from mem.wiki.index import in_page_folder, is_page_rel

    return in_page_folder(rel) and not is_page_rel(rel)


def _refuse_conflicted_context(data: bytes) -> None:
    """context.md is injected as instructions on every turn, and no earlier edition stands in for it the way
    one does for a page: a committed merge conflict (both sides would be rules) never ships, not even with
    ``--allow-lint-errors``."""
    from mem.wiki.in_force import conflict_lines, has_conflict

    text = data.decode("utf-8", errors="replace")
    if has_conflict(text):
        raise Refused(f"{CONTEXT_FILE} holds git merge-conflict markers (line {conflict_lines(text)[0]}): both "
                      "sides would be injected as instructions; keep one, delete the marker lines and commit")


def page_moves(workspace: Path, pages: list[ManifestPage], files: dict[str, bytes]) -> tuple[dict[str, str], list[str]]:
    """The manifest's ``renamed`` and ``withdrawn``: the policy page ids customer facts may still cite
    that this bundle no longer has (``mem.wiki.page_moves``; ``aliases`` read from the shipped files)."""
    from mem.wiki.page import split_frontmatter
    from mem.wiki.page_moves import current_aliases
    from mem.wiki.page_moves import page_moves as moves

    current: dict[str, list[str]] = {}
    for entry in pages:
        if entry["type"] == "policy":
            meta, _, _ = split_frontmatter(files[entry["path"]].decode("utf-8", errors="replace"))
            current[entry["id"]] = current_aliases(meta or {})
    found = moves(workspace, current)
    return found.renamed, found.withdrawn


def _in_force_now(workspace: Path, page: Page, entry: ManifestPage, data: bytes, today: date,
                  files: dict[str, bytes]) -> tuple[ManifestPage | None, bytes]:
    """What ships for a page whose committed edition is not in force (mem.wiki.in_force).

    A draft, or an edition with merge-conflict markers (let through by --allow-lint-errors), never
    ships: the latest earlier edition in force takes its place, or the page is left out. An edition
    dated after the build ships with the edition in force now beside it (``in_force``), so the client
    answers from that one until the date comes, and mentions the next."""
    from mem.wiki.history import edition_texts
    from mem.wiki.in_force import has_conflict, serve

    earlier = edition_texts(workspace, page.id)
    texts = {old.version: text for old, text in earlier}
    served = serve(page, today, lambda _: [old for old, _ in earlier])
    if page.status == "draft" or has_conflict(str(page.body)):
        if served is None:
            return None, data
        return {**entry, "version": served.version}, texts[served.version].encode("utf-8")
    if served is not None:
        rel = f"{IN_FORCE_DIR}/{entry['path']}"
        files[rel] = texts[served.version].encode("utf-8")
        entry = {**entry, "in_force": {"version": served.version, "path": rel}}
    return entry, data


def branch_gate(workspace: Path, commit: str, config: Config, *, from_branch: bool) -> ManifestBranch:
    """Which branch the build ships, checked against the release branch (docs/server.md, "Which branch ships").

    With ``[bundle] branch`` set, a commit that is not on that branch (an unmerged review branch checked out to run
    lint or ``mem ask --from-workspace``) is refused unless ``from_branch``; unset, nothing is refused and the
    record says whether the commit is on the default branch."""
    from mem.wiki import gitrepo

    name = gitrepo.current_branch(workspace)
    configured = config.bundle.branch.strip()
    release = configured or gitrepo.default_branch(workspace)
    where = f"branch {name!r}" if name else f"detached HEAD {commit[:10]}"
    merged: bool | None = None
    if release:
        tip = gitrepo.resolve_commit(workspace, release)
        if tip is None and configured and not from_branch:
            raise Refused(f"[bundle] branch names {release!r}, which is not a branch of this repository: fix the "
                          f"setting, or pass --from-branch to ship {where} (recorded in the manifest)")
        merged = gitrepo.contains(workspace, tip, commit) if tip is not None else None
    if configured and merged is False and not from_branch:
        raise Refused(f"{where} is not merged into the release branch {release!r} ([bundle] branch): merge it "
                      "first, or pass --from-branch to ship it anyway (recorded in the manifest)")
    return {"name": name, "release": release, "merged": merged, "configured": bool(configured),
            "from_branch": bool(from_branch and configured and merged is not True)}


def lint_gate(workspace: Path, config: Config, *, allow_lint_errors: bool) -> list[str]:
    """``mem lint``'s errors as ``path:line rule``; refused when there are any and they are not allowed."""
    from mem.server.intake import knowhow_decision_check
    from mem.wiki.lint import lint_workspace

    # in the server's workspace, a know-how page whose candidate was rejected is an error too (newuser26 #3)
    errors = lint_workspace(workspace, config=config, extra=[knowhow_decision_check(workspace, config)]).errors
    listed = [f"{f.path}:{f.line or 0} {f.rule}" for f in errors]
    if errors and not allow_lint_errors:
        first = errors[0]
        raise Refused(f"mem lint reports {plural(len(errors), 'error')}, first {first.path}:{first.line or 0} "
                      f"{first.rule}: {first.message}; fix them or pass --allow-lint-errors (recorded in the manifest)")
    return listed


@contextlib.contextmanager
def _build_lock(workspace: Path):
    folder = bundles_dir(workspace)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)

def _remove_stale_staging(workspace: Path) -> None:
    """Delete the staging folders of builds killed before their rename (``kill -9``, power loss).

    Called under the build lock, so no build is writing one now; each was a bundle's worth of bytes
    (540 KB for a small wiki) left under ``.mem/bundles/`` for good."""
    for stale in bundles_dir(workspace).glob(".build-*"):
        if stale.is_dir():
            shutil.rmtree(stale, ignore_errors=True)

# A century: a manifest is re-signed with every bundle, and the expiry date must stay a date.
MAX_EXPIRES_DAYS = 36_500


def build_bundle(workspace: PathArg, *, config: Config, expires_days: int | None = None,
                 allow_lint_errors: bool = False, from_branch: bool = False,
                 on_progress: ProgressCallback | None = None) -> JsonObject:
    """Build, sign and publish the next bundle version from the commit at HEAD; returns its summary."""
    workspace = Path(workspace)
    days = config.bundle.expires_days if expires_days is None else expires_days
    if not 0 <= days <= MAX_EXPIRES_DAYS:  # a date past 9999 was "internal error: OverflowError"
        raise InvalidInput(f"a bundle cannot expire in {days:,} days (at most {MAX_EXPIRES_DAYS:,}: "
                           "--expires-days or [bundle] expires_days)")
    key = load_signing_key(workspace)
    from mem.wiki.store import reading

    with reading(workspace):  # a promote or ingest in flight finishes first: its files are committed, not "modified"
        files, pages, commit = collect_files(workspace, config)
        branch = branch_gate(workspace, commit, config, from_branch=from_branch)
        renamed, withdrawn = page_moves(workspace, pages, files)
        allowed = lint_gate(workspace, config, allow_lint_errors=allow_lint_errors)
    with _build_lock(workspace):
        _remove_stale_staging(workspace)
        version = max([latest_version(workspace) or 0, *versions(workspace)]) + 1
        issued = clock.now()
        entries: list[ManifestFile] = []
        for i, (rel, data) in enumerate(sorted(files.items())):
            entries.append({"path": rel, "sha256": hashlib.sha256(data).hexdigest(), "length": len(data)})
            if on_progress and (i % 50 == 0 or i == len(files) - 1):
                on_progress(i + 1, len(files), "hashing")
        manifest: Manifest = {"format": FORMAT, "version": version, "issued_at": clock.isoformat(issued),
                    "expires_at": clock.isoformat(issued + timedelta(days=days)),
                    "key_id": signing.key_id(key.public_key()), "commit": commit, "branch": branch,
                    "files": entries,
                    "pages": sorted(pages, key=lambda p: p["path"]),
                    # which mems can use it (mem.core.formats): an older client refuses it before installing it
                    "bundle_format": BUNDLE_FORMAT, "min_reader": min_reader(client_settings(config)),
                    "written_by": written_by(__version__)}
        if allowed:
            manifest["lint_errors_allowed"] = allowed
        if renamed:
            manifest["renamed"] = renamed
        if withdrawn:
            manifest["withdrawn"] = withdrawn
        renews = _same_content(workspace, version - 1, commit, entries)
        manifest_bytes = encode_manifest(manifest)
        signature = signing.sign(key, manifest_bytes)
        transitions = json.dumps({"transitions": load_transitions(workspace)}, indent=2).encode("utf-8")
        target = bundle_dir(workspace, version)
        staging = Path(tempfile.mkdtemp(prefix=f".build-{version}-", dir=bundles_dir(workspace)))
        try:
            for i, (rel, data) in enumerate(sorted(files.items())):
                path = staging / FILES_DIR / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                if on_progress and (i % 50 == 0 or i == len(files) - 1):
                    on_progress(i + 1, len(files), "writing")
            (staging / MANIFEST_FILE).write_bytes(manifest_bytes)
            (staging / SIGNATURE_FILE).write_bytes(signature)
            (staging / TRANSITIONS_FILE).write_bytes(transitions)
            shutil.copyfile(keys_dir(workspace) / "signing.pub.pem", staging / "signing.pub.pem")
            os.replace(staging, target)
            fsync_dir(target.parent)
        except OSError as exc:
            shutil.rmtree(staging, ignore_errors=True)
            raise StorageError(f"cannot write bundle {version} under {bundles_dir(workspace)}: {exc}") from exc
        publish(workspace, version)
    return {"version": version, "commit": commit, "branch": branch["name"], "release_branch": branch["release"],
            "merged": branch["merged"], "files": len(entries), "pages": len(pages),
            "lint_errors_allowed": len(allowed), "key_id": manifest["key_id"],
            "issued_at": manifest["issued_at"], "expires_at": manifest["expires_at"], "path": str(target),
            "same_content_as": renews}


def _same_content(workspace: Path, previous: int, commit: str, entries: list[ManifestFile]) -> int | None:
    """``previous`` when that bundle holds the same commit and files: the new version only renews the signature and
    the expiry. Building it is right (a scheduled build keeps clients' bundles from expiring) and costs clients
    nothing (sync copies unchanged files from the installed bundle), but the operator should know nothing changed."""
    try:
        earlier = json.loads((bundle_dir(workspace, previous) / MANIFEST_FILE).read_bytes())
    except (OSError, ValueError):
        return None
    same = earlier.get("commit") == commit and earlier.get("files") == entries
    return previous if same else None
