"""``MEM_NOW`` fixes mem's one clock for a program that uses mem as a library, as it does for the CLI (new-user
report 32 #6: the same file was refused by ``mem log import`` and accepted by ``import_file``; a fact learnt
through ``mem.agent.ask`` took the real day while ``mem serve`` used ``MEM_NOW``)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.errors import InvalidInput
from mem.customers import CustomerStore


def test_mem_now_in_the_environment_fixes_the_clock_without_the_cli(monkeypatch):
    monkeypatch.setenv("MEM_NOW", "2026-11-01T00:00:00Z")
    assert clock.now() == datetime(2026, 11, 1, tzinfo=UTC)
    assert clock.is_frozen() and clock.today().isoformat() == "2026-11-01"


def test_without_mem_now_the_clock_is_the_real_time(monkeypatch):
    monkeypatch.delenv("MEM_NOW", raising=False)
    before = datetime.now(UTC)
    assert before <= clock.now() <= datetime.now(UTC)
    assert not clock.is_frozen()


def test_the_environment_is_read_when_asked_not_at_import(monkeypatch):
    monkeypatch.setenv("MEM_NOW", "2026-11-01")
    assert clock.now() == datetime(2026, 11, 1, tzinfo=UTC)
    monkeypatch.setenv("MEM_NOW", "2026-12-24T08:30:00+01:00")
    assert clock.now() == datetime(2026, 12, 24, 7, 30, tzinfo=UTC)


def test_freeze_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("MEM_NOW", "2026-11-01T00:00:00Z")
    clock.freeze(datetime(2030, 1, 1, tzinfo=UTC))
    assert clock.now() == datetime(2030, 1, 1, tzinfo=UTC)
    clock.freeze(None)
    assert clock.now() == datetime(2026, 11, 1, tzinfo=UTC)


def test_an_unreadable_mem_now_is_refused_as_the_cli_refuses_it(monkeypatch):
    monkeypatch.setenv("MEM_NOW", "next tuesday")
    with pytest.raises(InvalidInput, match="MEM_NOW is not an ISO date or datetime: 'next tuesday'"):
        clock.now()


@pytest.fixture
def late_line(tmp_path: Path) -> Path:
    path = tmp_path / "f.jsonl"
    path.write_text(json.dumps({"time": "2026-11-20T10:00:00Z", "role": "customer", "text": "hello there"}) + "\n")
    return path


def test_import_file_refuses_a_line_after_mem_now_as_mem_log_import_does(monkeypatch, tmp_path, late_line):
    monkeypatch.setenv("MEM_NOW", "2026-11-01T00:00:00Z")
    with CustomerStore.open(tmp_path / "home", "x") as store, pytest.raises(InvalidInput, match="is after now"):
        store.log.import_file(late_line)


def test_import_file_takes_the_same_line_when_mem_now_is_after_it(monkeypatch, tmp_path, late_line):
    monkeypatch.setenv("MEM_NOW", "2026-11-21T00:00:00Z")
    with CustomerStore.open(tmp_path / "home", "x") as store:
        assert store.log.import_file(late_line)["turns"] == 1


def test_a_fact_learnt_through_the_library_is_dated_by_mem_now(mem, monkeypatch, tmp_path, isolated_env):
    from mem.agent import ask
    from mem.core.config import Config
    from mem.wiki.service_memory import WorkspaceServiceMemory

    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    monkeypatch.setenv("MEM_NOW", "2026-11-01T09:00:00Z")
    config = Config.load(workspace=ws, home=isolated_env)
    ask(config, "c1", "I moved to 12 Elm Street, Leeds.", service=WorkspaceServiceMemory(ws), learn=True)
    with CustomerStore.open(isolated_env, "c1", create=False) as store:
        facts = store.facts.list()
    assert facts and {clock.isoformat(fact.recorded_at)[:10] for fact in facts if fact.recorded_at} == {"2026-11-01"}
