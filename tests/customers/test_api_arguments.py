"""The Python API takes what is natural for a path, a time, a day — or says what it wants in a MemError
(NEWUSER_REPORT18 #8) — and ``import_file`` returns the record ``mem log import --json`` prints (#11)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound
from mem.customers import CustomerStore, Fact


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(str(isolated_env), "acme") as opened:  # a str home, as before
        yield opened


def test_append_turn_takes_an_iso_string_for_its_time(store):
    conversation = store.log.new_conversation(session="s", started_at="2026-01-01T09:00:00Z")
    turn = store.log.append_turn(conversation, role="customer", text="hello", time="2026-01-01T10:00:00Z")
    assert turn.time.astimezone(UTC) == datetime(2026, 1, 1, 10, 0, tzinfo=UTC)  # before: AttributeError
    day = store.log.append_turn(conversation, role="customer", text="a bare date", time="2026-01-02")
    assert day.time.astimezone(UTC).date() == date(2026, 1, 2)


@pytest.mark.parametrize("bad", ["yesterday", "2026-13-45", 1767225600, b"2026-01-01"])
def test_a_time_that_is_not_one_is_invalid_input(store, bad):
    conversation = store.log.new_conversation(session="s")
    with pytest.raises(InvalidInput, match="turn time"):
        store.log.append_turn(conversation, role="customer", text="hello", time=bad)
    with pytest.raises(InvalidInput, match="started_at"):
        store.log.new_conversation(session="t", started_at=bad)
    assert [len(c.turns) for c in store.log.conversations()] == [0]  # nothing half-written


def test_facts_since_takes_an_iso_date(store):
    store.facts.add(Fact.new("event", "Asked for a refund of the blue kettle", valid_at=date(2026, 3, 1)), actor="t")
    assert [f.text for f in store.facts.list(since="2026-02-01")] == ["Asked for a refund of the blue kettle"]
    assert store.facts.list(since="2026-04-01") == []
    assert len(store.facts.search("kettle", since="2026-02-01")) == 1  # before: AttributeError
    with pytest.raises(InvalidInput, match="since"):
        store.facts.list(since="last spring")


def test_ingest_takes_a_str_workspace(tmp_path):
    from mem.policies import ingest_documents
    from mem.wiki import init_workspace

    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    ws = init_workspace(tmp_path / "ws")
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n", encoding="utf-8")
    config = Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})
    results = ingest_documents(str(ws), str(doc), config=config)  # before: TypeError "/: 'str' and 'str'"
    assert results and results[0].pages
    with pytest.raises(NotFound, match="no workspace at .*does not exist"):  # the line lint_workspace gives
        ingest_documents(str(tmp_path / "nope"), str(doc), config=config)
    with pytest.raises(InvalidInput, match="workspace must be a path"):
        ingest_documents(42, str(doc), config=config)  # type: ignore[arg-type]


def test_import_file_returns_what_the_cli_prints(store, tmp_path, isolated_env):
    from mem.cli.main import main

    lines = [{"session": "s1", "time": "2026-01-01T10:00:00Z", "role": "customer",
              "text": "<p>Hi, my <b>order</b> is late</p>"},
             {"session": "s1", "time": 0, "role": "agent", "text": "Sorry to hear that."}]
    log = tmp_path / "chats.jsonl"
    log.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    report = store.log.import_file(log)
    for key in ("early_times", "html_messages", "quoted_history"):  # before: only the CLI added them
        assert key in report
    assert report["html_messages"] == 1 and report["early_times"] == 1
    store.close()

    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["--home", str(isolated_env), "log", "import", "--json", "-c", "globex", str(log)]) == 0
    printed = json.loads(out.getvalue())
    assert set(printed) == set(report)


@pytest.mark.parametrize("budget", [-1, "600", 1.5, None])
def test_a_context_budget_that_is_not_one_is_invalid_input(store, budget):
    with pytest.raises(InvalidInput, match="budget_chars"):  # before: Refused "the whole context budget is -1"
        store.context.add("Prefers e-mail", source="service", budget_chars=budget)
    assert store.context.items() == []
