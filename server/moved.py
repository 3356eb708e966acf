"""Noticing a service workspace that moved without its ``.mem/`` (NEWUSER_REPORT17 #8).

``git clone`` carries the wiki (pages, sources, ``mem.toml``) but not ``<workspace>/.mem/``: the
signing key, the accounts and API tokens, the customers' backup vault, the evidence store and the
bundle numbering are git-ignored server state. On a clone, ``mem bundle build`` said only "no signing
key: run `mem keys init`", and following it made a new key and bundle version 1 — a key no client
trusts and a version below the one every client already verified (``rollback``), so every client was
stranded even after being re-pinned. This module tells that situation apart and says what to copy.

A workspace "looks moved" when it has no private signing key and no bundle was ever built in it, but
its git repository has a remote (``git clone`` always sets one) and ``mem init`` did not make it here:
``mem init`` leaves ``.mem/made-here`` (``MADE_HERE``), which git ignores, so a clone never has it. A new
service set up with ``mem init`` is not flagged, with or without a remote added before its first key
(``git remote add origin …`` then ``mem keys init``); a new service that is a clone of a wiki repository
on purpose passes ``mem keys init --new-service``.
"""

from __future__ import annotations

import configparser
from pathlib import Path

from mem.server.published import latest_version, versions

#: The docs section an operator moving a service reads.
DOCS = 'docs/server.md, "Moving the service"'


def git_remote(workspace: Path) -> tuple[str, str] | None:
    """``(name, url)`` of the workspace repository's first remote, read from ``.git/config`` (no git process),
    or None (no repository, no remote, a config that cannot be read)."""
    config_file = Path(workspace) / ".git" / "config"
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(config_file.read_text(encoding="utf-8", errors="replace"))
    except (OSError, configparser.Error):
        return None
    for section in parser.sections():
        if section.startswith('remote "') and section.endswith('"') and parser.has_option(section, "url"):
            return section[len('remote "'):-1], parser.get(section, "url")
    return None


def moved_without_state(workspace: Path) -> str | None:
    """A description of why ``workspace`` looks like a copy of a service without its ``.mem/``, or None."""
    from mem.server.keys import PRIVATE, keys_dir

    if (keys_dir(workspace) / PRIVATE).exists() or latest_version(workspace) is not None or versions(workspace):
        return None
    from mem.wiki.store import STATE_DIR
    from mem.wiki.workspace import MADE_HERE

    if (Path(workspace) / STATE_DIR / MADE_HERE).exists():
        return None
    remote = git_remote(workspace)
    if remote is None:
        return None
    name, url = remote
    return f"this workspace is a git clone (remote {name!r}: {url}) with no signing key and no bundle ever built"


def what_to_copy(workspace: Path) -> str:
    """One sentence: what git does not carry, what to copy, and why a new key is the wrong way out."""
    state = Path(workspace) / ".mem"
    return (f"git does not carry .mem/ (signing key, accounts and tokens, backups vault, evidence, bundle numbering): "
            f"if the service it came from already published bundles, stop it and copy its .mem/ to {state} "
            f"(e.g. `rsync -a OLD_WORKSPACE/.mem/ {state}/`; {DOCS}) — a new key and bundle version 1 are refused "
            f"by every client; for a new service: `mem keys init --new-service`")


def missing_key_message(workspace: Path, folder: Path) -> str:
    """The error for a build (or any signing) without a private key: what to do depends on how it came to be."""
    moved = moved_without_state(workspace)
    if moved is not None:
        return f"no signing key in {folder}: {moved}; {what_to_copy(workspace)}"
    built = versions(workspace)
    if built or latest_version(workspace) is not None:
        last = max([latest_version(workspace) or 0, *built])
        return (f"no signing key in {folder}, but bundles up to v{last} were built here: the key was lost or left "
                f"behind — restore {folder} from where it was; `mem keys init` makes a key no client trusts "
                f"(hand every client the new signing.pub.pem for `mem login --trust-key`, as after a compromise; "
                f"{DOCS})")
    return f"no signing key in {folder}: run `mem keys init`"


def serve_warning(workspace: Path) -> str | None:
    """What ``mem serve`` says at start on a workspace that looks moved without its ``.mem/``, or None."""
    moved = moved_without_state(workspace)
    if moved is None:
        return None
    return (f"{moved}: it has no accounts, backups or bundles of the service it came from, and clients that "
            f"verified that service's bundles will refuse this one; {what_to_copy(workspace)}")
