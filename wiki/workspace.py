"""``mem init``: a new workspace — a git repository holding the service's memory (docs/design.md)."""

from __future__ import annotations

from pathlib import Path

from mem.core.config import CONFIG_FILE, render_template
from mem.core.errors import Conflict, StorageError
from mem.core.fsio import PathArg, atomic_write_text
from mem.wiki import gitrepo
from mem.wiki.index import INDEX_FILE, render_index
from mem.wiki.merge_attributes import MERGE_ATTRIBUTES
from mem.wiki.service_context import CONTEXT_FILE, CONTEXT_TEMPLATE
from mem.wiki.source_bytes import GITATTRIBUTES, GITATTRIBUTES_FILE
from mem.wiki.store import LOG_FILE, STATE_DIR

GITIGNORE = """\
# mem: server state and anything that belongs to a customer never enters this repository.
/.mem/
customers/
*.db
*.db-journal
*.db-wal
*.sqlite
*.sqlite3
logs/
*.jsonl
"""

FOLDERS = ("policies", "knowhow", "sources")
MARKERS = (CONFIG_FILE, INDEX_FILE, LOG_FILE, CONTEXT_FILE, "policies", "knowhow")
#: Left in ``.mem/`` by ``mem init``: this workspace was made here, not copied by ``git clone`` (``.mem/`` is
#: git-ignored, so a clone never carries it). ``mem.server.moved`` reads it: a remote added to a new service
#: before its first key is not a service moved without its state.
MADE_HERE = "made-here"


def init_workspace(path: PathArg) -> Path:
    """Create a workspace at ``path`` (made if missing) with one initial commit; returns its path.

    Refuses (``Conflict``) when ``path`` already holds a workspace or any of its files, so nothing of
    an existing service is overwritten. An existing git repository without mem files is reused.
    """
    path = Path(path).expanduser().resolve()
    if path.exists() and not path.is_dir():
        raise Conflict(f"{path} exists and is not a folder")
    present = [name for name in MARKERS if (path / name).exists()]
    if present:
        raise Conflict(f"{path} already holds a workspace ({', '.join(present)}); nothing was changed")
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not (path / ".git").exists():
            gitrepo.init_repo(path)
        for folder in FOLDERS:
            (path / folder).mkdir(exist_ok=True)
            (path / folder / ".gitkeep").touch()
        (path / STATE_DIR).mkdir(exist_ok=True)
        atomic_write_text(path / STATE_DIR / MADE_HERE, "made by `mem init` in this folder (not a git clone)\n")
        atomic_write_text(path / CONFIG_FILE, render_template())
        atomic_write_text(path / CONTEXT_FILE, CONTEXT_TEMPLATE)
        atomic_write_text(path / INDEX_FILE, render_index([]))
        atomic_write_text(path / LOG_FILE, "# Log\n\nAppend-only record of changes to this wiki, newest last.\n")
        ignore = path / ".gitignore"
        existing = ignore.read_text(encoding="utf-8") if ignore.exists() else ""
        atomic_write_text(ignore, (existing.rstrip("\n") + "\n\n" if existing else "") + GITIGNORE)
        attributes = path / GITATTRIBUTES_FILE  # sources/ kept byte for byte by git (wiki.source_bytes)
        existing = attributes.read_text(encoding="utf-8") if attributes.exists() else ""
        atomic_write_text(attributes, (existing.rstrip("\n") + "\n\n" if existing else "") + GITATTRIBUTES + "\n"
                          + MERGE_ATTRIBUTES)  # log.md and index.md merge without conflicts (wiki.merge_attributes)
    except OSError as exc:
        raise StorageError(f"cannot create workspace in {path}: {exc.strerror}") from exc
    files = [CONFIG_FILE, CONTEXT_FILE, INDEX_FILE, LOG_FILE, ".gitignore", GITATTRIBUTES_FILE,
             *(f"{f}/.gitkeep" for f in FOLDERS)]
    gitrepo.commit(path, files, "init: new mem workspace")
    return path
