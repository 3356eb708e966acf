"""A source document's recorded SHA-256 against a checkout whose line endings git rewrote.

``mem ingest`` records the SHA-256 of the bytes it copied into ``sources/``; ``mem lint`` (rule ``source-hash``)
and ``mem bundle build`` check the file against it. Git for Windows clones with ``core.autocrlf=true`` by default:
a text file committed with LF is written out with CRLF (and a CRLF file is committed as LF), so a clean clone —
``git status`` says nothing changed — failed with one ``source-hash`` error per page.

Two defences:

- ``mem init`` writes a ``.gitattributes`` that marks ``sources/`` as ``-text`` (``GITATTRIBUTES``): git then
  keeps those bytes exactly, whatever ``core.autocrlf`` says, in every clone made after it is committed.
- For workspaces made before (or cloned before the attribute was there), ``same_but_line_endings`` tells a file
  whose only difference from the recorded bytes is the one git makes: every LF written as CRLF, or every CRLF
  as LF. Such a file passes the rule; any other change still fails it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

GITATTRIBUTES_FILE = ".gitattributes"
GITATTRIBUTES = (
    "# mem records the SHA-256 of each document under sources/ (mem lint: source-hash): git must keep its bytes,\n"
    "# whatever core.autocrlf says (Git for Windows rewrites line endings by default)\n"
    "sources/** -text\n"
)
# a source bigger than this is not read again to try its other line endings (the hash of its bytes decides)
_MAX_REREAD = 64 * 1024 * 1024


def same_but_line_endings(path: Path, expected: str) -> bool:
    """Whether ``path`` holds the bytes whose SHA-256 is ``expected`` with git's line-ending conversion applied
    (LF → CRLF on checkout, CRLF → LF on commit)."""
    try:
        if path.stat().st_size > _MAX_REREAD:
            return False
        data = path.read_bytes()
    except OSError:
        return False
    if b"\n" not in data or b"\x00" in data[:8192]:
        return False  # no line to convert, or a binary file (git converts neither)
    variants = []
    if b"\r\n" in data:
        variants.append(data.replace(b"\r\n", b"\n"))  # checked out with CRLF, recorded with LF
    if b"\r" not in data:
        variants.append(data.replace(b"\n", b"\r\n"))  # recorded with CRLF (ingested on Windows), committed as LF
    return any(hashlib.sha256(variant).hexdigest() == expected for variant in variants)
