"""git merges of the two files every mem commit touches: ``log.md`` and ``index.md``.

Every ingest, promotion and ``lint --fix`` appends to ``log.md`` and regenerates ``index.md``, so two policy
branches always conflicted in both, whatever pages they changed (new-user report 26 #10). git's built-in
``union`` merge driver keeps both sides' lines instead: ``log.md`` is append-only, so the union is both
branches' entries; ``index.md`` may come out with both sides' row for a page, which ``mem lint`` reports as
``index-outdated`` and ``mem lint --fix`` (or the next ingest) regenerates from the pages.

``mem init`` writes ``MERGE_ATTRIBUTES`` into ``.gitattributes``; a workspace made before gets it in the next commit
``Wiki.write`` makes (``upgraded``), so every clone that pulls that commit merges the same way.
"""

from __future__ import annotations

from pathlib import Path

from mem.wiki.source_bytes import GITATTRIBUTES_FILE

MERGE_ATTRIBUTES = (
    "# mem: log.md is append-only and index.md is regenerated from the pages: parallel branches merge\n"
    "# without a conflict (both sides' lines are kept; `mem lint --fix` regenerates index.md after a merge)\n"
    "/log.md merge=union\n"
    "/index.md merge=union\n"
)


def upgraded(workspace: Path) -> bytes | None:
    """``.gitattributes`` with ``MERGE_ATTRIBUTES`` added, or None when it already names the union merge of
    ``log.md`` (or cannot be read: then it is left as it is)."""
    path = Path(workspace) / GITATTRIBUTES_FILE
    try:
        existing = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError):
        return None
    if "log.md merge=union" in existing:
        return None
    return ((existing.rstrip("\n") + "\n\n" if existing.strip() else "") + MERGE_ATTRIBUTES).encode("utf-8")
