"""What ``mem log import`` reads from the shapes real exports take: model-API content parts, HTML
bodies, quoted e-mail history, times with a UTC offset (new-user report 11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers import CustomerStore


@pytest.fixture
def home(isolated_env: Path) -> Path:
    return isolated_env


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return path


def imported(home: Path, path: Path, **kwargs) -> list:
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(path, **kwargs)
        return [t for c in store.log.conversations() for t in c.turns]


# report section 3 -----------------------------------------------------------------------------------------------
def test_every_part_type_that_carries_text_is_read(home, tmp_path):
    path = write_jsonl(tmp_path / "resp.jsonl", [
        {"role": "user", "content": [{"type": "input_text", "text": "My order arrived broken."}],
         "time": "2026-11-01T10:00:00Z"},
        {"role": "assistant", "content": [{"type": "output_text", "text": "We will ship a replacement.",
                                           "annotations": []}], "time": "2026-11-01T10:01:00Z"},
        {"role": "assistant", "content": [{"type": "text", "text": {"value": "Tracking follows.",
                                                                    "annotations": []}}],
         "time": "2026-11-01T10:02:00Z"},
        {"role": "user", "content": [{"type": "input_image", "image_url": "data:…"}], "time": "2026-11-01T10:03:00Z"},
    ])
    with CustomerStore.open(home, "acme") as store:
        report = store.log.import_file(path)
        turns = [t for c in store.log.conversations() for t in c.turns]
    assert [t.text for t in turns] == ["My order arrived broken.", "We will ship a replacement.", "Tracking follows."]
    assert report["skipped_empty"] == 1  # a photo alone is an empty message, as before


def test_a_message_whose_parts_carry_no_text_is_refused_naming_the_part_type(home, tmp_path):
    path = write_jsonl(tmp_path / "tool.jsonl", [
        {"role": "user", "content": "Hello", "time": "2026-11-01T10:00:00Z"},
        {"role": "assistant", "content": [{"type": "tool_call", "id": "c1"}], "time": "2026-11-01T10:01:00Z"},
    ])
    with pytest.raises(InvalidInput, match=r"line 2: 'content' has no text part \(part types: tool_call\)"):
        imported(home, path)


# report section 12 ----------------------------------------------------------------------------------------------
def test_agent_speaker_matches_without_regard_to_case_or_surrounding_spaces(home, tmp_path):
    path = write_jsonl(tmp_path / "sp.jsonl", [
        {"speaker": "Dana", "text": "Can you send a replacement?", "time": "2026-11-01T10:00:00Z"},
        {"speaker": " acme  support ", "text": "Yes, we will ship one.", "time": "2026-11-01T10:01:00Z"},
    ])
    turns = imported(home, path, agent_speakers=["Acme Support"])
    assert [t.role for t in turns] == ["customer", "agent"]


def test_a_lower_case_rfc_3339_time_is_read(home, tmp_path):
    path = write_jsonl(tmp_path / "t.jsonl", [{"role": "user", "text": "Hi", "time": "2026-12-05t02:30:00z"}])
    assert imported(home, path)[0].time.isoformat() == "2026-12-05T02:30:00+00:00"


def test_a_time_before_1990_imports_with_one_warning_naming_the_lines(mem, tmp_path):
    path = write_jsonl(tmp_path / "zero.jsonl", [
        {"role": "user", "text": "I live in Oslo.", "time": 0},
        {"role": "user", "text": "Hello.", "time": "2026-11-01T10:00:00Z"},
        {"role": "user", "text": "I moved.", "time": "1970-01-02"},
    ])
    result = mem("log", "import", str(path), "--customer", "c1")
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "before 1990" in line]
    assert len(warnings) == 1 and "lines 1, 3:" in warnings[0]
    assert "imported 3 turns" in result.stderr
