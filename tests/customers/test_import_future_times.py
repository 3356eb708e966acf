"""A turn dated after now is a wrong clock, not the customer's latest word (new-user report 19 section 6): a
2031 preference from a device whose clock was ahead replaced the one the customer gave yesterday."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers import CustomerStore


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return path


@pytest.fixture
def future_file(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "fut.jsonl", [
        {"role": "user", "text": "Please call me by phone.", "time": "2027-01-09T09:00:00Z"},
        {"role": "user", "text": "I prefer e-mail from now on.", "time": "2031-06-01T09:00:00Z"},
    ])


def test_a_time_after_now_refuses_the_file_naming_the_line_and_nothing_is_imported(
        isolated_env, monkeypatch, mem, future_file):
    monkeypatch.setenv("MEM_NOW", "2027-01-10T12:00:00Z")
    result = mem("log", "import", str(future_file), "--customer", "fut")
    assert result.exit_code == 2
    assert "line 2: time 2031-06-01T09:00:00+00:00 is after now (2027-01-10T12:00:00+00:00)" in result.stderr
    assert "--allow-future-times" in result.stderr and "Traceback" not in result.stderr
    assert not (isolated_env / "customers" / "fut").exists()  # a refused file leaves no store behind


def test_allow_future_times_imports_them_with_one_warning(isolated_env, monkeypatch, mem, future_file):
    monkeypatch.setenv("MEM_NOW", "2027-01-10T12:00:00Z")
    result = mem("--json", "log", "import", str(future_file), "--customer", "fut", "--allow-future-times")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["future_times"] == 1
    warnings = [line for line in result.stderr.splitlines() if "a time after now" in line]
    assert len(warnings) == 1 and "line 2:" in warnings[0]


def test_a_time_within_a_day_ahead_is_a_time_zone_not_a_wrong_clock(isolated_env, tmp_path):
    from mem.core import clock

    clock.freeze(clock.parse_datetime("2027-01-10T12:00:00Z"))
    try:
        # Kiribati's local time written as if it were UTC is 14 hours ahead: still imported
        path = write_jsonl(tmp_path / "tz.jsonl", [
            {"role": "user", "text": "Hello.", "time": "2027-01-11T02:00:00Z"}])
        with CustomerStore.open(isolated_env, "tz") as store:
            assert store.log.import_file(path)["future_times"] == 0
        late = write_jsonl(tmp_path / "late.jsonl", [
            {"role": "user", "text": "Hello.", "time": "2027-01-11T12:00:01Z"}])
        with CustomerStore.open(isolated_env, "tz2") as store, pytest.raises(InvalidInput, match="after now"):
            store.log.import_file(late)
    finally:
        clock.freeze(None)
