"""Is the offered bundle a descendant of the one installed here? (NEWUSER_REPORT19 #1, #2)

A higher bundle number alone does not make a bundle newer: a host restarted from an older copy of the
workspace (a snapshot, a second host set up from an old copy) signs with the same key and numbers its
builds from its own ``.mem/bundles/`` — it publishes the *older* policy as bundle N+1, and clients took
it. The page versions say what the bundle number cannot: versions only rise (docs/ingest.md), and one
version names one rule text for good. So before a bundle is installed, every policy page the installed
bundle and the offered one both hold is compared:

- its version went *down* (``fees`` v2 → v1): refused, "rollback: bundle 3 takes policy page fees down
  from version 2 (bundle 2 installed here) to version 1 …";
- its version is the same but its rule text (``mem.wiki.page.rule_text``: footnotes and ``Source:``
  lines do not count) is not: refused, "… carries policy page fees version 2 with another text …".

The refusal is a ``PolicyRollback`` (a ``VerificationError``): the last good bundle stays installed and
the client is marked stale with the one-line reason, like every other refusal of ``mem sync``. So the
customer facts made under the installed text (``fees v2``, 25 euros) stay true to what the client answers
from (#2): no bundle that changes a cited page's text without raising its version is ever installed. The
operator's way back is a build from the workspace that holds the newest policy (docs/server.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mem.core.errors import VerificationError
from mem.core.wording import plural
from mem.wire.manifest import FILES_DIR, Manifest, ManifestPage

#: Where the docs tell the operator what happened and how to recover.
DOCS = 'docs/server.md, "Only one host builds; a host restored from an older copy"'


class PolicyRollback(VerificationError):
    """The offered bundle lowers a policy page's version, or changes its text under the same version."""

    def __init__(self, message: str, *, page: str, installed: int, offered: int) -> None:
        super().__init__(message)
        self.page, self.installed, self.offered = page, installed, offered


@dataclass(frozen=True)
class PageChange:
    """A policy page the offered bundle takes back (``offered < installed``) or rewrites under one number."""

    page: str
    installed: int
    offered: int


def _policy_pages(manifest: Manifest | None) -> dict[str, ManifestPage]:
    if not manifest:
        return {}
    return {p["id"]: p for p in manifest.get("pages", []) if p.get("type") == "policy"}


def _file_sha(manifest: Manifest, path: str) -> str | None:
    return next((f["sha256"] for f in manifest["files"] if f["path"] == path), None)


def _rule_text(folder: Path, path: str) -> str | None:
    from mem.wiki.page import rule_text, split_frontmatter

    try:
        text = (folder / FILES_DIR / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return rule_text(split_frontmatter(text)[1])


def lowered_pages(installed: Manifest | None, offered: Manifest) -> list[PageChange]:
    """Policy pages both bundles hold whose version is lower in ``offered``."""
    old = _policy_pages(installed)
    return [PageChange(page, old[page]["version"], entry["version"])
            for page, entry in sorted(_policy_pages(offered).items())
            if page in old and entry["version"] < old[page]["version"]]


def rewritten_pages(installed: Manifest | None, installed_folder: Path | None, offered: Manifest,
                    offered_folder: Path) -> list[PageChange]:
    """Policy pages both bundles hold at the same version whose rule text differs (files read from both
    folders; a page whose file bytes are the same is not read). An installed file that cannot be read is
    not judged."""
    if installed is None or installed_folder is None:
        return []
    old = _policy_pages(installed)
    changes = []
    for page, entry in sorted(_policy_pages(offered).items()):
        before = old.get(page)
        if before is None or before["version"] != entry["version"]:
            continue
        if _file_sha(installed, before["path"]) == _file_sha(offered, entry["path"]):
            continue
        was, now = _rule_text(installed_folder, before["path"]), _rule_text(offered_folder, entry["path"])
        if was is not None and now is not None and was != now:
            changes.append(PageChange(page, before["version"], entry["version"]))
    return changes


def refuse_lowered(installed: Manifest | None, offered: Manifest) -> None:
    """``PolicyRollback`` naming the first policy page whose version ``offered`` takes down."""
    lowered = lowered_pages(installed, offered)
    if lowered and installed is not None:
        first = lowered[0]
        more = f" (and {plural(len(lowered) - 1, 'more page')})" if len(lowered) > 1 else ""
        raise PolicyRollback(
            f"rollback: bundle {offered['version']} takes policy page {first.page} down from version "
            f"{first.installed} (bundle {installed['version']} installed here) to version {first.offered}{more}: "
            f"the server publishes older policy, as a host restarted from an older copy of its workspace does; "
            f"keeping bundle {installed['version']} ({DOCS})",
            page=first.page, installed=first.installed, offered=first.offered)


def refuse_rewritten(installed: Manifest | None, changes: list[PageChange], offered: Manifest) -> None:
    """``PolicyRollback`` naming the first policy page ``offered`` gives another text under the same version."""
    if changes and installed is not None:
        first = changes[0]
        more = f" (and {plural(len(changes) - 1, 'more page')})" if len(changes) > 1 else ""
        raise PolicyRollback(
            f"rollback: bundle {offered['version']} carries policy page {first.page} version {first.offered} with "
            f"another text than version {first.installed} in bundle {installed['version']} installed here{more}: "
            f"one version names one text, so two hosts published different policy under one key; keeping bundle "
            f"{installed['version']} ({DOCS})",
            page=first.page, installed=first.installed, offered=first.offered)

