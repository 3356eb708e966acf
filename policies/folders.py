"""A folder given to ``mem ingest``: the documents in it, as a help-centre export is one (newuser29 #13).

A folder was refused ("…/docs: not a file"), and a glob over an export's sub-folders hands ingest its images and
JSON too, each a refusal that stops the run. A folder now stands for the files in it and its sub-folders whose
kind a reader knows (``readers.KINDS``), in name order; hidden files and folders (``.git``, ``.DS_Store``) are
not documents, and nothing is read through a symbolic link (one may lead out of the folder). Files of other kinds
are left out and named in one warning; a folder holding no document is an error, since nothing would be ingested from
it, and so is one of more than ``MAX_FOLDER_FILES`` files (a home folder named by mistake).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from mem.core.errors import InvalidInput
from mem.core.wording import plural
from mem.policies.readers import KINDS

# The most files a folder may hold (documents or not, hidden ones aside): a folder named by mistake (a home folder,
# "/") is refused after this many rather than walked to its end and ingested
MAX_FOLDER_FILES = 5000


def _files_in(folder: Path) -> list[Path]:
    """The files under ``folder``, hidden files and folders left out, none reached through a symbolic link: a link
    in an export may lead out of it (``notes.md -> ~/.ssh/…``, a link to ``/``), and what is ingested is what the
    folder holds."""
    files: list[Path] = []
    for top, folders, names in os.walk(folder, followlinks=False):
        folders[:] = [f for f in folders if not f.startswith(".")]  # (not walked into: ``.git`` can be huge)
        for name in names:
            file = Path(top) / name
            if name.startswith(".") or file.is_symlink() or not file.is_file():
                continue
            files.append(file)
            if len(files) > MAX_FOLDER_FILES:
                raise InvalidInput(
                    f"{folder}: more than {MAX_FOLDER_FILES} files in the folder and its sub-folders; "
                    "name the folder of the export itself, or its documents"
                )
    return sorted(files)


# the workspace's own folders: its pages, the sources ingest keeps, its state — never documents to ingest
_WORKSPACE_FOLDERS = ("policies", "knowhow", "sources", ".mem", ".git")


def _refuse_workspace(folder: Path, workspace: Path) -> None:
    """Refuse a folder that is the workspace, holds it, or is one of its own folders: ``mem ingest .`` in the
    workspace read its pages, index and log back in as documents."""
    try:
        here, home = folder.resolve(), workspace.resolve()
    except OSError:
        return
    own = [home / name for name in _WORKSPACE_FOLDERS]
    if here == home or home.is_relative_to(here) or any(here == f or here.is_relative_to(f) for f in own):
        raise InvalidInput(
            f"{folder}: the folder holds the workspace or is part of it ({home}); name the folder of "
            "the documents to ingest"
        )


def documents_in(paths: Sequence[Path], *, workspace: Path | None = None) -> tuple[list[Path], list[str]]:
    """``paths`` with each folder replaced by its documents (sorted), and one warning per folder that held files
    of a kind ingest does not read. Files named on their own are kept as given, whatever their kind (their reader
    says why one cannot be read). Inside a folder, symbolic links are not followed (``_files_in``); a folder that is,
    holds or is part of ``workspace`` is refused (``_refuse_workspace``)."""
    documents: list[Path] = []
    warnings: list[str] = []
    for path in paths:
        if not path.is_dir():
            documents.append(path)
            continue
        if workspace is not None:
            _refuse_workspace(path, workspace)
        found: list[Path] = []
        other: list[Path] = []
        for file in _files_in(path):
            (found if file.suffix.lower() in KINDS else other).append(file)
        if not found:
            raise InvalidInput(f"{path}: a folder with no document ingest reads (kinds: {', '.join(sorted(KINDS))})")
        documents.extend(found)
        if other:
            shown = ", ".join(str(f.relative_to(path)) for f in other[:3])
            warnings.append(
                f"{path}: {plural(len(other), 'file')} of a kind ingest does not read left out ({shown}"
                f"{', …' if len(other) > 3 else ''})"
            )
    return documents, warnings
