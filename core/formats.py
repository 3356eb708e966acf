"""The on-disk formats this mem reads and writes, and the one line ``mem --version`` prints.

Three things outlive the mem that wrote them, and each carries a number a later (or earlier) mem reads
before anything else (docs/upgrading.md):

- a customer's ``memory.db``: ``STORE_SCHEMA`` in ``PRAGMA user_version``. An older store is upgraded in
  place (the copy before the upgrade is kept beside it, ``mem.customers.db``); a newer one is refused,
  "written by a newer mem";
- the workspace's ``mem.toml``: ``WORKSPACE_FORMAT``, written as ``format = N`` at its top by ``mem init``.
  A setting this mem does not know is a typo in a file of this format or older (refused, naming it), and a
  setting of a newer mem in a file of a higher format (read with one warning line naming it, ignored);
- a signed bundle: ``BUNDLE_FORMAT`` in its manifest (``bundle_format``), beside ``min_reader``: the
  oldest bundle format a client must read to use it. A client refuses a bundle whose ``min_reader`` it
  does not reach before it installs anything, and keeps its last good bundle; in a bundle it may read, a
  client setting it does not know is read with one warning line and ignored.

Kept light on purpose: ``mem --version`` imports this module and nothing heavy (no git, no SQLite).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

#: ``PRAGMA user_version`` of ``memory.db`` this mem writes (and the highest it reads).
STORE_SCHEMA = 5
#: ``format`` of ``mem.toml`` this mem writes (and the highest whose settings it all knows). 1: files
#: without the line (mems up to December 2026); 2: the line, and ``model.timeout``, ``extract.host_agent_confirms``;
#: 3: ``bundle.require_review``; 4: ``bundle.branch``.
#: Bump it with every setting added to ``mem.core.config`` (tests/core/test_formats.py holds the list).
WORKSPACE_FORMAT = 4
#: The workspace format each setting added after format 1 belongs to: a ``mem.toml`` of a lower ``format`` line
#: that holds one is told to raise the line (``Config.overlay_file``), or an older mem that reads the line would
#: take the setting for a typo.
SETTINGS_SINCE: dict[str, int] = {"model.timeout": 2, "extract.host_agent_confirms": 2, "bundle.require_review": 3,
                                   "bundle.branch": 4}
#: ``bundle_format`` of the manifests this mem writes. 1: manifests without it (they named no reader).
BUNDLE_FORMAT = 2
#: ``min_reader`` of the manifests this mem writes at least: raise it only when a change is one an older client
#: must not ignore; a new client setting alone does not need it (``CLIENT_SETTINGS_SINCE``).
BUNDLE_MIN_READER = 1
#: The bundle format each client setting first shipped in, for those added after format 1. Format-1 clients refuse
#: a setting they do not know, so a bundle leaves such a setting out while it holds its default (the client's own
#: default is the same) and names the format in ``min_reader`` when it ships one (``min_reader``).
CLIENT_SETTINGS_SINCE: dict[str, int] = {"extract.host_agent_confirms": 2}


def min_reader(settings: Mapping[str, Mapping[str, object]]) -> int:
    """The oldest bundle format that can use a bundle shipping ``settings`` (section → key → value)."""
    return max([BUNDLE_MIN_READER, *(CLIENT_SETTINGS_SINCE.get(f"{section}.{key}", 1)
                                     for section, values in settings.items() for key in values)])


def build() -> str:
    """The commit this mem runs from, when it runs from a git checkout (``0.1.0+f61e428``); else empty.

    Read from the files in ``.git`` (no git process, no gitpython): ``mem --version`` must stay instant."""
    root = Path(__file__).resolve().parent.parent
    try:
        git = root / ".git"
        if git.is_file():  # a worktree: "gitdir: /path/.git/worktrees/name"
            git = Path(git.read_text(encoding="utf-8").split(":", 1)[1].strip())
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
        if not head.startswith("ref:"):
            return head[:7]
        ref = head.split(":", 1)[1].strip()
        common = git
        if (git / "commondir").is_file():
            common = (git / (git / "commondir").read_text(encoding="utf-8").strip()).resolve()
        for folder in (git, common):
            if (folder / ref).is_file():
                return (folder / ref).read_text(encoding="utf-8").strip()[:7]
        packed = common / "packed-refs"
        if packed.is_file():
            for line in packed.read_text(encoding="utf-8").splitlines():
                if line.endswith(" " + ref):
                    return line[:7]
    except (OSError, IndexError, UnicodeDecodeError):
        pass
    return ""


def version_line(version: str) -> str:
    """``mem 0.1.0+f61e428 (store schema 5, workspace format 2, bundle format 2)``."""
    commit = build()
    return (f"mem {version}{'+' + commit if commit else ''} (store schema {STORE_SCHEMA}, workspace format "
            f"{WORKSPACE_FORMAT}, bundle format {BUNDLE_FORMAT})")


def written_by(version: str) -> str:
    """What a manifest's ``written_by`` says: the version line without the parentheses."""
    commit = build()
    return f"mem {version}{'+' + commit if commit else ''}"
