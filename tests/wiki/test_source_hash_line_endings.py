"""source-hash does not depend on the line endings git rewrites (core.autocrlf); mem init protects sources/
(new-user report 21 #5)."""

from __future__ import annotations

from pathlib import Path

from mem.core import clock
from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.lint import lint_workspace
from mem.wiki.workspace import init_workspace


def ingested(tmp_path: Path, text: bytes) -> tuple[Path, Path]:
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    ws = init_workspace(tmp_path / "ws")
    doc = tmp_path / "refunds.md"
    doc.write_bytes(text)
    ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"}))
    return ws, ws / "sources" / "refunds.md"


def hash_findings(ws: Path) -> list[str]:
    return [f.message for f in lint_workspace(ws, config=Config()).findings if f.rule == "source-hash"]


def test_init_keeps_sources_byte_for_byte_in_git(tmp_path):
    ws = init_workspace(tmp_path / "ws")
    assert "sources/** -text" in (ws / ".gitattributes").read_text()
    assert ".gitattributes" in gitrepo._run(ws, "ls-files").split()


def test_lf_source_checked_out_with_crlf_passes(tmp_path):
    ws, source = ingested(tmp_path, b"# Refunds\n\nWithin 14 days.\n\n# Shipping\n\nIn 3 days.\n")
    source.write_bytes(source.read_bytes().replace(b"\n", b"\r\n"))
    assert hash_findings(ws) == []


def test_crlf_source_checked_out_with_lf_passes(tmp_path):
    ws, source = ingested(tmp_path, b"# Refunds\r\n\r\nWithin 14 days.\r\n")
    source.write_bytes(source.read_bytes().replace(b"\r\n", b"\n"))
    assert hash_findings(ws) == []


def test_a_real_change_still_fails(tmp_path):
    ws, source = ingested(tmp_path, b"# Refunds\n\nWithin 14 days.\n")
    source.write_bytes(b"# Refunds\r\n\r\nWithin 30 days.\r\n")
    assert len(hash_findings(ws)) == 1
