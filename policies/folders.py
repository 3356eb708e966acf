"""A folder given to ``mem ingest``: the documents in it, as a help-centre export is one (newuser29 #13).

A folder was refused ("…/docs: not a file"), and a glob over an export's sub-folders hands ingest its images and
JSON too, each a refusal that stops the run. A folder now stands for the files in it and its sub-folders whose
kind a reader knows (``readers.KINDS``), in name order; hidden files and folders (``.git``, ``.DS_Store``) are
not documents. Files of other kinds are left out and named in one warning; a folder holding no document is an
error, since nothing would be ingested from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mem.core.errors import InvalidInput
from mem.policies.readers import KINDS


def documents_in(paths: Sequence[Path]) -> tuple[list[Path], list[str]]:
    """``paths`` with each folder replaced by its documents (sorted), and one warning per folder that held files
    of a kind ingest does not read. Files named on their own are kept as given, whatever their kind (their reader
    says why one cannot be read)."""
    documents: list[Path] = []
    warnings: list[str] = []
    for path in paths:
        if not path.is_dir():
            documents.append(path)
            continue
        found: list[Path] = []
        other: list[Path] = []
        for file in sorted(path.rglob("*")):
            relative = file.relative_to(path)
            if any(part.startswith(".") for part in relative.parts) or not file.is_file():
                continue
            (found if file.suffix.lower() in KINDS else other).append(file)
        if not found:
            raise InvalidInput(f"{path}: a folder with no document ingest reads (kinds: "
                               f"{', '.join(sorted(KINDS))})")
        documents.extend(found)
        if other:
            shown = ", ".join(str(f.relative_to(path)) for f in other[:3])
            warnings.append(f"{path}: {len(other)} file(s) of a kind ingest does not read left out ({shown}"
                            f"{', …' if len(other) > 3 else ''})")
    return documents, warnings
