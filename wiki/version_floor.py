"""Every version a page id was ever given: in git (all refs and the reflog) and in published bundles.

A version number names one text for good: customer facts cite ``page vN``, and clients recheck them
when the number rises. After ``git reset``, ``git revert`` or ``git rm``, the page file alone says
a lower number than one already committed (and maybe shipped), so ingest numbers a new text above
the highest of all of these, and lint compares the page with what bundles published. The server's
bundles (``.mem/bundles/<n>/``, laid out by ``mem.server.published``) are kept for good, so they
remember a version after the reflog has expired.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mem.core.errors import NotFound
from mem.wiki import gitrepo

BUNDLES = Path(".mem") / "bundles"
_VERSION_LINE = re.compile(r"^\+version:\s*(\d+)\s*$")


@dataclass(frozen=True)
class Published:
    """One page version as a bundle shipped it (the first bundle that shipped these bytes)."""

    bundle: int
    version: int
    sha256: str
    file: Path  # the page file inside that bundle


def committed_versions(workspace: Path, relpaths: Sequence[str], *, everywhere: bool = True) -> dict[str, int]:
    """Path → the highest ``version:`` any commit ever wrote there: every branch, tag and reflog entry,
    so a commit undone by ``git reset`` still counts while git remembers it. One git process.

    ``everywhere=False``: only the commits HEAD's history holds (``git revert`` leaves its reverted version
    there), not a branch not merged yet — what a page that keeps its text is measured against: another
    branch's revision of it is no reason to give the unchanged page a new number (NEWUSER_REPORT15 #11)."""
    try:
        out = gitrepo.patches_everywhere(workspace, relpaths, everywhere=everywhere)
    except NotFound:
        return {}  # no repository: nothing was ever committed
    found: dict[str, int] = {}
    path = ""
    for line in out.splitlines():
        if line.startswith("diff --git "):
            path = line.rsplit(" b/", 1)[-1]
        elif line.startswith("+version:"):
            match = _VERSION_LINE.match(line)
            if match:
                found[path] = max(found.get(path, 0), int(match.group(1)))
    return found


def texts_by_version(workspace: Path, relpaths: Sequence[str]) -> dict[str, dict[int, set[str]]]:
    """Path → version → every rule text (``mem.wiki.page.rule_text``) HEAD's history gave the page under
    that version, both sides of its merges included: two texts under one number — a merge of two clones
    that each made a "version 2", a rebase, a hand edit committed without a new number — is what lint's
    ``version-history`` reports. One ``git log`` and one ``git cat-file``; a page one commit made is not read."""
    from mem.wiki.page import rule_text, split_frontmatter

    try:
        commits = gitrepo.commits_in_head(workspace, relpaths)
    except NotFound:
        return {}
    specs = [f"{sha}:{rel}" for rel, shas in commits.items() if len(shas) > 1 for sha in shas]
    found: dict[str, dict[int, set[str]]] = {}
    for spec, data in gitrepo.read_blobs(workspace, specs).items():
        if data is None:
            continue
        meta, body, _ = split_frontmatter(data.decode("utf-8", errors="replace"))
        version = (meta or {}).get("version")
        if isinstance(version, int) and not isinstance(version, bool):
            found.setdefault(spec.split(":", 1)[1], {}).setdefault(version, set()).add(rule_text(body))
    return found


def published_pages(workspace: Path) -> dict[str, dict[int, list[Published]]]:
    """Page id → version → each distinct file a published bundle shipped under that version."""
    folder = Path(workspace) / BUNDLES
    try:
        numbers = sorted(int(p.name) for p in folder.iterdir() if p.is_dir() and p.name.isascii() and p.name.isdigit())
    except OSError:
        return {}
    found: dict[str, dict[int, list[Published]]] = {}
    for number in numbers:
        bundle = folder / f"{number:08d}"
        try:
            manifest = json.loads((bundle / "manifest.json").read_bytes())
        except (OSError, ValueError):
            continue  # a bundle being built or damaged: the client refuses it too
        if not isinstance(manifest, dict):
            continue
        hashes = {str(f.get("path")): str(f.get("sha256")) for f in manifest.get("files") or [] if isinstance(f, dict)}
        for entry in manifest.get("pages") or []:
            if not isinstance(entry, dict) or not isinstance(entry.get("version"), int):
                continue
            rel = str(entry.get("path"))
            shipped = found.setdefault(str(entry.get("id")), {}).setdefault(entry["version"], [])
            sha = hashes.get(rel, "")
            if not any(p.sha256 == sha for p in shipped):
                shipped.append(Published(number, entry["version"], sha, bundle / "files" / rel))
    return found


def highest_published(published: dict[int, list[Published]]) -> Published | None:
    return max((p for shipped in published.values() for p in shipped), key=lambda p: p.version, default=None)
