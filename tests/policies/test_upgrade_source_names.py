"""A document with a non-ASCII file name ingested by an older mem (fa3cec2 and before) is revised, not doubled,
by the current ingest (NEWUSER_REPORT13 #5).

That mem kept "약관.md" as ``sources/md`` (every non-ASCII letter dropped), numbered its Korean sections
``md-1``, ``md-2`` and recorded no ``sources[].name``. The current mem keeps it as ``sources/79928e09.md``,
so the first ingest after the upgrade made a second set of pages while the old ones kept answering.
The workspace here is written as that older mem wrote it (its page files and source, one commit).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

OLD_TEXT = "# 약관\n\n## 환불\n\n구매 후 7일 이내 환불 가능합니다.\n\n## 배송\n\n배송비는 3,000원입니다.\n"

OLD_PAGE = """---
id: {id}
type: policy
title: {title}
version: 1
status: active
effective: 2026-12-01
summary: {text}
sources:
- id: md
  file: sources/md
  sha256: {sha}
  section: {title}
generated:
  by: mem ingest (deterministic)
  at: '2026-12-01T09:49:20Z'
---

{text} [^1]

[^1]: sources/md, "{title}"
"""


@pytest.fixture
def old_ws(tmp_path: Path) -> Path:
    """A workspace where the older mem ingested 약관.md: sources/md, pages md-1 and md-2 without a name."""
    clock.freeze(clock.parse_datetime("2026-12-05T09:00:00Z"))
    ws = init_workspace(tmp_path / "ws")
    data = OLD_TEXT.encode("utf-8")
    sha = hashlib.sha256(data).hexdigest()
    (ws / "sources").mkdir(exist_ok=True)
    (ws / "sources" / "md").write_bytes(data)
    for page_id, title, text in (("md-1", "환불", "구매 후 7일 이내 환불 가능합니다."),
                                 ("md-2", "배송", "배송비는 3,000원입니다.")):
        (ws / "policies" / f"{page_id}.md").write_text(OLD_PAGE.format(id=page_id, title=title, text=text, sha=sha),
                                                      encoding="utf-8")
    gitrepo._run(ws, "add", "-A")
    gitrepo._run(ws, "commit", "-q", "-m", "ingest: 환불 v1, 배송 v1 (sources/md)")
    return ws


def _config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_new_edition_revises_the_pages_the_older_mem_made(old_ws, tmp_path):
    doc = _write(tmp_path / "docs", "약관.md", OLD_TEXT.replace("7일", "14일"))
    [result] = ingest_documents(old_ws, [doc], config=_config(old_ws))
    assert result.source == "sources/md"
    assert [(p.id, p.version, p.change) for p in result.pages] == [("md-1", 2, "revised"),
                                                                    ("md-2", 1, "source-updated")]
    wiki = Wiki(old_ws)
    assert sorted(p.id for p in wiki.pages("policy")) == ["md-1", "md-2"]
    assert "14일" in wiki.get("md-1").body
    assert wiki.get("md-1").sources[0]["name"] == "약관.md"  # recorded from now on
    assert not list((old_ws / "sources").glob("*.md"))
    # and the next edition finds them by the recorded name
    doc.write_text(OLD_TEXT.replace("7일", "30일"), encoding="utf-8")
    [again] = ingest_documents(old_ws, [doc], config=_config(old_ws))
    assert [(p.id, p.change) for p in again.pages] == [("md-1", "revised"), ("md-2", "source-updated")]


def test_the_same_file_again_changes_nothing(old_ws, tmp_path):
    doc = _write(tmp_path / "docs", "약관.md", OLD_TEXT)
    [result] = ingest_documents(old_ws, [doc], config=_config(old_ws))
    assert [(p.id, p.change) for p in result.pages] == [("md-1", "unchanged"), ("md-2", "unchanged")]


def test_another_document_does_not_take_the_older_pages(old_ws, tmp_path):
    # the older mem kept this one as sources/md too, but none of its sections is the older pages'
    doc = _write(tmp_path / "docs", "利用規約.md", "# 利用規約\n\n## 返品\n\n到着後8日以内に返品できます。\n")
    [result] = ingest_documents(old_ws, [doc], config=_config(old_ws))
    assert result.source != "sources/md"
    assert all(p.change == "created" for p in result.pages)
    assert "7일" in Wiki(old_ws).get("md-1").body and Wiki(old_ws).get("md-1").version == 1


def test_pages_adopted_by_one_file_are_not_taken_by_another_with_the_same_sections(old_ws, tmp_path):
    edition = OLD_TEXT.replace("7일", "14일")
    ingest_documents(old_ws, [_write(tmp_path / "a", "약관.md", edition)], config=_config(old_ws))
    [result] = ingest_documents(old_ws, [_write(tmp_path / "b", "규정.md", edition)], config=_config(old_ws))
    assert result.source != "sources/md" and Wiki(old_ws).get("md-1").sources[0]["name"] == "약관.md"
