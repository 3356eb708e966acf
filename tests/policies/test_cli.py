"""`mem ingest` from the command line: output, --json, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "service-terms.pdf"


@pytest.fixture
def ws(mem, tmp_path):
    result = mem("init", tmp_path / "ws")
    assert result.exit_code == 0, result.stderr
    return tmp_path / "ws"


def test_ingest_pdf_json(mem, ws):
    result = mem("--workspace", ws, "ingest", FIXTURE, "--json")
    assert result.exit_code == 0, result.stderr
    [data] = json.loads(result.stdout)
    assert data["source"] == "sources/service-terms.pdf" and data["commit"]
    assert [p["id"] for p in data["pages"]] == ["refunds", "annual-plans", "shipping", "data-retention"]


def test_ingest_human_output_and_idempotence(mem, ws, tmp_path):
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\nRefunds within 14 days.\n")
    first = mem("--workspace", ws, "ingest", doc)
    assert first.exit_code == 0 and "refund-policy" in first.stdout and "committed" in first.stderr
    second = mem("--workspace", ws, "ingest", doc)
    assert second.exit_code == 0 and "unchanged" in second.stdout
    assert "no change, nothing committed" in second.stderr


@pytest.mark.parametrize("setup, code, message", [
    (lambda p: None, 2, "no such file"),
    (lambda p: p.write_bytes(b""), 2, "empty"),
    (lambda p: p.write_bytes(b"\x00\x01" * 100), 2, "binary"),
])
def test_bad_input_is_one_line_error(mem, ws, tmp_path, setup, code, message):
    path = tmp_path / "doc.txt"
    setup(path)
    result = mem("--workspace", ws, "ingest", path)
    assert result.exit_code == code
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_oversize_is_a_refusal_exit_1(mem, ws, tmp_path):
    (ws / "mem.toml").write_text((ws / "mem.toml").read_text().replace("max_bytes = 52428800", "max_bytes = 5"))
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund\n\nWithin 14 days.\n")
    result = mem("--workspace", ws, "ingest", doc)
    assert result.exit_code == 1 and "over the ingest limit" in result.stderr


def test_ingest_options(mem, ws, tmp_path):
    doc = tmp_path / "terms.md"
    doc.write_text("# A\n\nOne.\n\n# B\n\nTwo.\n")
    result = mem("--workspace", ws, "ingest", doc, "--id", "terms", "--title", "Terms", "--effective", "2026-05-01",
                 "--json")
    assert result.exit_code == 0, result.stderr
    assert [p["id"] for p in json.loads(result.stdout)[0]["pages"]] == ["terms"]
    shown = json.loads(mem("--workspace", ws, "pages", "show", "terms", "--json").stdout)
    assert shown["meta"]["effective"] == "2026-05-01" and shown["meta"]["title"] == "Terms"


def test_ingest_outside_a_workspace(mem, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    doc = tmp_path / "a.md"
    doc.write_text("# A\n\nx\n")
    result = mem("ingest", doc)
    assert result.exit_code == 2 and "no workspace" in result.stderr


def test_piped_run_prints_no_progress_bar(mem, ws):
    result = mem("--workspace", ws, "ingest", FIXTURE)
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [line for line in result.stderr.splitlines() if "committed" in line]
