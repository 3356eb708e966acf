"""What a re-ingest needs to tell a committed hand edit of a page from the text ingest wrote.

A page revised from its document used to be rewritten whole, so a reviewer's committed edit was lost
as soon as ANY section of the document changed. To keep it, ingest must know (a) whether the page's
own section changed since the page was written — the previous edition, read back from the bytes its
``sources`` entry records — and (b) whether the page differs from what ingest last committed for it
(the page at the last ingest commit that wrote its text). Both are read only for pages a re-ingest
would revise, and the previous edition once per document.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from mem.core.errors import MemError
from mem.policies.readers import read_document
from mem.policies.sectioning import Topic, plan_topics
from mem.wiki import gitrepo
from mem.wiki.page import parse_page


class PreviousEditions:
    """The sections of the editions the workspace's pages were made from, read lazily and once."""

    def __init__(self, workspace: Path, *, max_bytes: int, single: bool, split: str) -> None:
        self.workspace = workspace
        self.max_bytes = max_bytes
        self.single = single
        self.split = split
        self._topics: dict[tuple[str, str], dict[str, Topic] | None] = {}

    def topic(self, source: dict[str, object]) -> Topic | None:
        """The section ``source`` names, as the edition with its recorded hash had it; ``None`` when those
        bytes are gone (neither the kept file nor HEAD's copy has them) or the section is not in them."""
        rel, sha = str(source.get("file") or ""), str(source.get("sha256") or "")
        if not rel or not sha:
            return None
        key = (rel, sha)
        if key not in self._topics:
            self._topics[key] = self._read(rel, sha)
        topics = self._topics[key]
        return None if topics is None else topics.get(str(source.get("section") or ""))

    def _read(self, rel: str, sha: str) -> dict[str, Topic] | None:
        data = self._bytes(rel, sha)
        if data is None:
            return None
        with tempfile.TemporaryDirectory(prefix="mem-edition-") as scratch:
            path = Path(scratch) / Path(rel).name  # the reader picks the format by the name, as at ingest
            path.write_bytes(data)
            try:
                _, topics = plan_topics(read_document(path, max_bytes=self.max_bytes), single=self.single,
                                        split=self.split)
            except MemError:
                return None
        return {topic.section: topic for topic in topics}

    def _bytes(self, rel: str, sha: str) -> bytes | None:
        # the kept file holds the edition unless it was edited since (lint's source-hash) or is being
        # re-ingested in place; then HEAD's copy may still hold it
        try:
            data = (self.workspace / rel).read_bytes()
        except OSError:
            data = None
        if data is not None and hashlib.sha256(data).hexdigest() == sha:
            return data
        try:
            data = gitrepo.show_bytes(self.workspace, "HEAD", rel)
        except MemError:
            return None
        return data if hashlib.sha256(data).hexdigest() == sha else None


def last_ingested_body(workspace: Path, relpath: str, page_id: str) -> tuple[str, str] | None:
    """``(commit, body)`` of the page at the last ``mem ingest`` commit that wrote its text, or ``None``.

    The commit message lists ``page: ID vN CHANGE`` per page; a ``source-updated`` commit only refreshed
    the hash (and may have kept a hand edit), so it is not ingest's text."""
    escaped = "".join("\\" + ch if ch == "." else ch for ch in page_id)  # ids are [A-Za-z0-9._-]
    try:
        sha = gitrepo.last_commit_matching(workspace, relpath,
                                           f"^page: {escaped} v[0-9]+ (created|revised|replaced)( |$)")
        if sha is None:
            return None
        return sha, parse_page(gitrepo.show_file(workspace, sha, relpath)).body
    except MemError:
        return None
