"""Request log: appending turns, importing JSONL all-or-nothing, pending conversations, crash repair."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mem.core.errors import Conflict, InvalidInput, NotFound
from mem.customers import CustomerStore, Fact


@pytest.fixture
def home(isolated_env: Path) -> Path:
    return isolated_env


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return path


def test_append_turns_and_pending(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation(session="a3")
        t1 = store.log.append_turn(conv, role="user", text="Can I get a refund?", speaker="Aiko")
        t2 = store.log.append_turn(conv, role="assistant", text="Let me check.")
        assert (t1.role, t2.role, t1.session, t1.seq, t2.seq) == ("customer", "agent", "a3", 0, 1)
        [pending] = store.log.pending()
        assert [t.text for t in pending.new_turns] == ["Can I get a refund?", "Let me check."]
        store.log.mark_extracted(conv, 2)
        assert store.log.pending() == []
        store.log.append_turn(conv, role="customer", text="Thanks")
        assert [t.text for t in store.log.pending()[0].new_turns] == ["Thanks"]
        with pytest.raises(InvalidInput):
            store.log.mark_extracted(conv, 9)
        with pytest.raises(NotFound):
            store.log.append_turn("nope", role="customer", text="hi")
        with pytest.raises(InvalidInput):
            store.log.append_turn(conv, role="robot", text="hi")
        with pytest.raises(Conflict):
            store.log.append_turn(conv, role="customer", text="dup", turn_id=t1.id)
    logged = (home / "customers" / "acme" / "logs" / f"{conv}.jsonl").read_text().splitlines()
    assert [json.loads(line)["text"] for line in logged] == ["Can I get a refund?", "Let me check.", "Thanks"]
    assert set(json.loads(logged[0])) >= {"id", "session", "time", "role", "speaker", "text"}


def test_import_groups_by_session_and_keeps_turn_ids(home, tmp_path):
    path = write_jsonl(tmp_path / "log.jsonl", [
        {"session": "s1", "time": "2024-09-28T10:00:00Z", "role": "user", "text": "Hello", "id": "D1:1"},
        {"session": "s1", "time": "2024-09-28T10:01:00Z", "role": "assistant", "text": "Hi", "id": "D1:2"},
        "",
        {"session": "s2", "time": "2024-10-01", "speaker": "Bot", "text": "Welcome back"},
        {"session": "s2", "time": "2024-10-01", "speaker": "Aiko", "text": "先週返金をお願いしました"},
    ])
    with CustomerStore.open(home, "acme") as store:
        report = store.log.import_file(path, agent_speakers=["Bot"])
        assert (report["conversations"], report["turns"]) == (2, 4)
        first, second = store.log.pending()
        assert [t.id for t in first.turns] == ["D1:1", "D1:2"]
        assert first.session == "s1" and first.started_at.isoformat().startswith("2024-09-28")
        assert [t.role for t in second.turns] == ["agent", "customer"]
        again = store.log.import_file(path, agent_speakers=["Bot"])  # the same file: every turn is known
        assert (again["turns"], again["already_logged"], again["conversations"]) == (0, 4, 0)


def test_a_grown_export_with_turn_ids_imports_only_its_new_turns(home, tmp_path):
    # new-user report 23 #9: the second import of an export whose turns carry ids was refused whole
    # ("turn id 't0' is already in this customer's log"), so a cron re-importing a grown export never took a new turn
    lines = [{"id": f"t{i}", "conversation": "c1", "time": f"2026-11-01T10:0{i}:00Z",
              "role": "user" if i % 2 == 0 else "assistant", "text": f"message {i} about order {100 + i}"}
             for i in range(6)]
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(write_jsonl(tmp_path / "a.jsonl", lines[:4]))
        grown = store.log.import_file(write_jsonl(tmp_path / "b.jsonl", lines))
        assert (grown["turns"], grown["already_logged"], grown["continued"]) == (2, 4, 1)
        [conversation] = store.log.conversations()
        assert [t.id for t in conversation.turns] == [f"t{i}" for i in range(6)]
        changed = [*lines[:2], {**lines[2], "text": "message 2 about order 999"}, *lines[3:], {**lines[5], "id": "t6"}]
        with pytest.raises(InvalidInput, match=r"line 3: turn id 't2' is already in this customer's log with "
                                               r"another time, role or text; nothing was imported"):
            store.log.import_file(write_jsonl(tmp_path / "c.jsonl", changed))
        assert len(store.log.get(conversation.id).turns) == 6  # nothing of the refused file


def test_a_reimported_turn_with_an_id_that_an_erase_redacted_stays_erased(home, tmp_path):
    lines = [{"id": "t0", "time": "2026-11-01T10:00:00Z", "role": "user", "text": "My card ends 4242, refund it"},
             {"id": "t1", "time": "2026-11-01T10:01:00Z", "role": "assistant", "text": "Done."}]
    path = write_jsonl(tmp_path / "a.jsonl", lines)
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(path)
        [conversation] = store.log.conversations()
        store.log.redact({conversation.id: ["4242"]}, "[erased]")
        again = store.log.import_file(path)
        assert (again["turns"], again["already_logged"], again["already_erased"]) == (0, 1, 1)
        assert "4242" not in " ".join(t.text for t in store.log.get(conversation.id).turns)


@pytest.mark.parametrize("bad, message", [
    ("{not json", "line 2: not valid JSON"),
    ({"time": "2024-01-01", "role": "user", "text": 5}, "line 2: 'text' must be a string"),
    ({"time": "2024-01-01", "role": "user", "text": "x" * (256 * 1024 + 1)}, "line 2: the message is 262,145 bytes"),
    ({"time": "yesterday", "role": "user", "text": "x"}, "line 2: 'time'"),
    ({"time": "2024-01-01", "role": "robot", "text": "x"}, "line 2: unknown role"),
    ({"time": "2024-01-01", "text": "x"}, "line 2: needs a 'role' or a 'speaker'"),
    ({"time": "2024-01-01", "role": "user", "text": "x", "id": "same"}, "line 2: turn id 'same' appears twice"),
    # an internal RecursionError before
    ('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}", "line 2: not valid JSON .nested too deeply"),
])
def test_bad_line_names_the_line_and_imports_nothing(home, tmp_path, bad, message):
    path = write_jsonl(tmp_path / "bad.jsonl", [
        {"time": "2024-01-01", "role": "user", "text": "fine", "id": "same"}, bad,
    ])
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(InvalidInput, match=message.replace("(", r"\(").replace("'", "'")):
            store.log.import_file(path)
        assert store.log.conversations() == []
    assert list((home / "customers" / "acme" / "logs").glob("*.jsonl")) == []


def test_import_splits_on_newline_only_skips_empty_messages_and_names_unknown_keys(home, tmp_path):
    # U+2028 / U+0085 / form feed are legal inside a JSON string: str.splitlines() broke the line there
    odd = "first line\u2028second\u0085third\x0cfourth"
    path = tmp_path / "odd.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in [
        {"time": "2024-01-01", "role": "user", "text": odd, "turn": "t1", "channel": "web"},
        {"time": "2024-01-01", "role": "agent", "text": "", "turn": "t2"},
        {"time": "2024-01-01", "role": "user", "text": "   ", "turn": "t3", "mood": "ok"},
        {"time": "2024-01-01", "role": "agent", "text": "Noted.", "turn": "t4", "channel": "web"},
    ]), encoding="utf-8")
    with CustomerStore.open(home, "acme") as store:
        report = store.log.import_file(path)
        assert (report["turns"], report["skipped_empty"], report["unknown_keys"]) == (2, 2, ["channel", "mood"])
        [conversation] = store.log.conversations()
        # the line-ending controls (NEL, form feed) are newlines in the log (docs/customers.md, control characters)
        assert [(t.id, t.text) for t in conversation.turns] == [
            ("t1", "first line\u2028second\nthird\nfourth"), ("t4", "Noted.")]  # `turn` = turn id


def test_an_emoji_cut_in_half_is_repaired_not_an_internal_error(home, tmp_path):
    # exports that truncate by UTF-16 code units leave a lone surrogate escaped in the JSON; Python keeps
    # it and nothing can store it: the whole import failed with UnicodeEncodeError
    path = tmp_path / "cut.jsonl"
    path.write_text('{"time": "2024-01-01", "role": "user", "text": "I live in Rome \\ud83d", '
                    '"speaker": "Ana\\udc00"}\n'
                    '{"time": "2024-01-01", "role": "user", "text": "whole \\ud83d\\ude00 emoji"}\n',
                    encoding="utf-8")
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(path)["turns"] == 2
        [conversation] = store.log.conversations()
        assert [t.text for t in conversation.turns] == ["I live in Rome \ufffd", "whole \U0001f600 emoji"]
        assert conversation.turns[0].speaker == "Ana\ufffd"


def test_import_reads_the_chat_export_and_model_api_shapes(home, tmp_path):
    # {"role": "user", "content": …, "timestamp": …} is what chat platforms and model APIs export;
    # it used to import nothing ("6 empty messages skipped").
    path = write_jsonl(tmp_path / "export.jsonl", [
        {"role": "user", "content": "I ordered a standing desk, order A-55812.", "timestamp": "2026-11-20T10:00:00Z"},
        {"role": "assistant", "content": [{"type": "text", "text": "I see order A-55812."},
                                          {"type": "image", "source": "…"}], "created_at": "2026-11-20T10:00:05Z"},
        {"role": "user", "message": "It arrived with a cracked leg.", "date": "2026-11-20"},
        {"role": "user", "text": "The text key wins.", "content": "not this", "time": "2026-11-21",
         "timestamp": "1999-01-01"},
    ])
    with CustomerStore.open(home, "acme") as store:
        report = store.log.import_file(path)
        assert (report["turns"], report["skipped_empty"], report["unknown_keys"]) == (4, 0, [])
        turns = [t for c in store.log.conversations() for t in c.turns]
        assert [(t.role, t.text) for t in turns] == [
            ("customer", "I ordered a standing desk, order A-55812."), ("agent", "I see order A-55812."),
            ("customer", "It arrived with a cracked leg."), ("customer", "The text key wins.")]
        assert turns[-1].time.year == 2026


@pytest.mark.parametrize("shape", ["array", "messages", "bom-jsonl"])
def test_import_reads_one_json_document_of_messages_and_a_byte_order_mark(home, tmp_path, shape):
    # Chat exports come as one array of messages or {"messages": [...]}, and Windows tools write a
    # byte-order mark: each used to refuse the whole file ("each line must be a JSON object",
    # "Unexpected UTF-8 BOM").
    messages = [{"role": "user", "content": "My order number is 55120.", "timestamp": "2026-11-02T09:00:00Z"},
                {"role": "assistant", "content": "Thanks, I see it.", "timestamp": "2026-11-02T09:00:04Z"}]
    path = tmp_path / "export.json"
    if shape == "array":
        path.write_text(json.dumps(messages, indent=2), encoding="utf-8")
    elif shape == "messages":
        path.write_text(json.dumps({"model": "x", "messages": messages}), encoding="utf-8")
    else:
        path.write_text("\r\n".join(json.dumps(m) for m in messages) + "\r\n", encoding="utf-8-sig")
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(path)["turns"] == 2
        [conversation] = store.log.conversations()
        assert [(t.role, t.text) for t in conversation.turns] == [
            ("customer", "My order number is 55120."), ("agent", "Thanks, I see it.")]


def test_a_bad_message_of_a_json_array_is_named_by_its_position(home, tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps([{"role": "user", "content": "hi", "time": "2026-11-02"},
                                {"role": "user", "content": "no time"}]), encoding="utf-8")
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(InvalidInput, match=r"message 2: 'time' .* is required; nothing was imported"):
            store.log.import_file(path)
        assert store.log.conversations() == []


@pytest.mark.parametrize("row, message", [
    ({"role": "user", "content": {"text": "x"}, "time": "2024-01-01"}, "'content' must be a string"),
    ({"role": "user", "content": [{"type": "text", "text": 3}], "time": "2024-01-01"}, "'content' must be a string"),
    ({"role": "user", "content": "hi", "timestamp": "yesterday"}, "'timestamp' is not an ISO date"),
])
def test_import_aliases_are_checked_like_their_keys(home, tmp_path, row, message):
    path = write_jsonl(tmp_path / "bad.jsonl", [row])
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(InvalidInput, match=message):
            store.log.import_file(path)
        assert store.log.conversations() == []


@pytest.mark.parametrize("key, value", [
    ("timestamp", 1762074000), ("created", 1762074000.5), ("ts", "1762074000.000200"),
    ("create_time", 1762074000000), ("time", "1762074000"),
])
def test_import_reads_unix_time_in_seconds_or_milliseconds(home, tmp_path, key, value):
    # Slack's "ts", model-API "created" and JavaScript milliseconds used to refuse the whole file
    # with "'time' is required" although the line had a time.
    path = write_jsonl(tmp_path / "export.jsonl", [{"role": "user", "content": "I moved to Busan.", key: value}])
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(path)["unknown_keys"] == []
        [conversation] = store.log.conversations()
        assert conversation.turns[0].time.isoformat().startswith("2025-11-02T09:00:00")


@pytest.mark.parametrize("value, message", [
    ("03/12/2023 10:00", "'timestamp' is not an ISO date or datetime"),  # day/month or month/day: refused
    (True, "'timestamp' must be an ISO date or datetime, or Unix seconds"),
    ({"s": 1}, "'timestamp' must be an ISO date or datetime, or Unix seconds"),
    (1e300, "'timestamp' is not a time mem can read"),
])
def test_an_unreadable_time_is_refused_naming_its_key(home, tmp_path, value, message):
    path = write_jsonl(tmp_path / "export.jsonl", [{"role": "user", "content": "hi", "timestamp": value}])
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(InvalidInput, match=message):
            store.log.import_file(path)
        assert store.log.conversations() == []


def test_a_file_whose_messages_sit_under_an_unknown_key_says_so(home, tmp_path):
    path = write_jsonl(tmp_path / "odd.jsonl", [{"role": "user", "utterance": "hi", "time": "2024-01-01"}] * 2)
    with CustomerStore.open(home, "acme") as store, \
            pytest.raises(InvalidInput, match="2 lines had no 'text'; unknown keys: utterance"):
        store.log.import_file(path)


def test_message_size_limit_is_a_setting(home, tmp_path):
    path = write_jsonl(tmp_path / "big.jsonl", [{"time": "2024-01-01", "role": "user", "text": "é" * 600}])
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(InvalidInput, match="line 1: the message is 1,200 bytes, over the limit of 1,000"):
            store.log.import_file(path, max_message_bytes=1000)
        assert store.log.conversations() == []
        assert store.log.import_file(path, max_message_bytes=1200)["turns"] == 1


def test_cli_import_warns_once_about_unknown_keys_and_skipped_messages(mem, tmp_path):
    path = write_jsonl(tmp_path / "log.jsonl", [
        {"time": "2024-01-01", "role": "user", "text": "I live in Seoul.", "channel": "web"},
        {"time": "2024-01-01", "role": "user", "text": "", "channel": "web"},
        {"time": "2024-01-01", "role": "user", "text": "Hello", "channel": "app", "lang": "en"},
    ])
    result = mem("log", "import", str(path), "--customer", "cust-1")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("unknown keys") == 1 and "channel, lang" in result.stderr
    assert "skipped 1 empty message" in result.stderr and "1 empty messages" not in result.stderr


def test_cli_refuses_an_oversized_message_with_one_line(mem, tmp_path, monkeypatch):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "mem.toml").write_text("[extract]\nmax_message_bytes = 100\n")
    monkeypatch.setenv("MEM_WORKSPACE", str(workspace))
    path = write_jsonl(tmp_path / "log.jsonl", [{"time": "2024-01-01", "role": "user", "text": "ok"},
                                                 {"time": "2024-01-01", "role": "user", "text": "x" * 101}])
    result = mem("log", "import", str(path), "--customer", "cust-1")
    assert result.exit_code == 2
    assert "line 2: the message is 101 bytes" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert mem("log", "list", "--customer", "cust-1").stdout.strip() in ("", "(no conversations)")


def test_missing_file(home, tmp_path):
    with CustomerStore.open(home, "acme") as store, pytest.raises(InvalidInput, match="no such file"):
        store.log.import_file(tmp_path / "nope.jsonl")


def test_uncounted_log_lines_are_cut_on_open(home):
    code = f"""
        import os
        from mem.customers import CustomerStore, log_files
        with CustomerStore.open({str(home)!r}, "acme") as store:
            conv = store.log.new_conversation()
            store.log.append_turn(conv, role="customer", text="first, committed")
            original = log_files.append_lines
            def append_then_die(path, turns):
                original(path, turns)
                os._exit(9)                      # killed after the line, before the SQLite commit
            log_files.append_lines = append_then_die
            store.log.append_turn(conv, role="customer", text="second, never committed")
    """
    env = {**os.environ, "MEM_HOME": str(home)}
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True)
    assert result.returncode == 9, result.stderr
    with CustomerStore.open(home, "acme") as store:
        [conv] = store.log.conversations()
        assert [t.text for t in conv.turns] == ["first, committed"]
        store.log.append_turn(conv.id, role="customer", text="third")
        assert [t.text for t in store.log.get(conv.id).turns] == ["first, committed", "third"]
    assert not (home / "customers" / "acme" / "logs" / ".dirty").exists()


def test_rolled_back_turn_does_not_shadow_the_next(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation()
        with pytest.raises(RuntimeError), store.transaction():
            store.log.append_turn(conv, role="customer", text="rolled back")
            raise RuntimeError("boom")
        store.log.append_turn(conv, role="customer", text="kept")
        assert [t.text for t in store.log.get(conv).turns] == ["kept"]


def test_extraction_batch_marks_done_atomically(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation()
        store.log.append_turn(conv, role="customer", text="I moved to Kyoto")
        with store.transaction():
            store.facts.add(Fact.new("attribute", "Lives in Kyoto"))
            store.log.mark_extracted(conv, 1)
        assert store.log.pending() == []
        assert store.facts.search("Kyoto")


def test_turn_meta_is_kept(home, tmp_path):
    refs = {"policy_refs": [{"page": "refund", "version": 4}]}
    path = write_jsonl(tmp_path / "log.jsonl", [
        {"time": "2024-01-01", "role": "agent", "text": "Per policy v4…", "meta": refs},
    ])
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation()
        turn = store.log.append_turn(conv, role="agent", text="Refunds within 14 days.", meta=refs)
        assert store.log.get(conv).turns[0].meta == turn.meta
        # an agent turn is sealed too (mem.customers.answer_chain, new-user report 20 #3)
        assert {k: v for k, v in turn.meta.items() if k != "chain"} == refs and turn.meta["chain"].startswith("sha256:")
        store.log.import_file(path)
        assert [{k: v for k, v in c.turns[0].meta.items() if k != "chain"} for c in store.log.pending()] == [refs, refs]
        with pytest.raises(InvalidInput):
            store.log.append_turn(conv, role="agent", text="x", meta=["not", "an", "object"])


@pytest.mark.parametrize("time", ["0026-11-25", -62135596800, "0001-01-01T00:00:00-05:00",
                                  "9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00+14:00"])
def test_import_refuses_a_time_mem_cannot_store(home, tmp_path, time):
    """A year before 1000 was written as ``26-11-25…`` and broke every later read of the log; a time
    at the calendar's edge overflowed once moved to UTC. Both are refused with the line, nothing kept."""
    path = write_jsonl(tmp_path / "y.jsonl", [
        {"role": "user", "text": "Hello", "time": "2026-11-25T10:00:00Z"},
        {"role": "user", "text": "I moved to Seattle.", "time": time},
    ])
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(InvalidInput, match=r"line 2: 'time' is not a time mem can store.*nothing was imported"):
            store.log.import_file(path)
        assert store.log.conversations() == []


def _damage_first_record(home: Path, tmp_path: Path, *, record: int = 1) -> tuple[str, Path]:
    """Import three turns for ``acme`` and break stored record ``record`` the way an older mem did
    (the year 26 written as ``26``); returns the conversation id and its log file."""
    path = write_jsonl(tmp_path / "g.jsonl", [
        {"role": "user", "text": "I live in Boston now.", "time": "2026-10-27T10:00:00Z"},
        {"role": "user", "text": "My dog is called Rex.", "time": "2026-10-28T10:00:00Z"},
        {"role": "user", "text": "I moved to Seattle.", "time": "2026-11-25T10:00:00Z"},
    ])
    with CustomerStore.open(home, "acme") as store:
        [conv] = store.log.import_file(path)["conversation_ids"]
    _damage(home, conv, record)
    return conv, home / "customers" / "acme" / "logs" / f"{conv}.jsonl"


def _damage(home: Path, conv: str, record: int) -> None:
    log = home / "customers" / "acme" / "logs" / f"{conv}.jsonl"
    lines = log.read_text().splitlines()
    lines[record - 1] = lines[record - 1].replace('"2026-', '"26-', 1)
    log.write_text("\n".join(lines) + "\n")


def test_a_damaged_record_is_skipped_not_fatal(home, tmp_path, capsys):
    """One unreadable stored record (an older mem wrote the year 26 as ``26``) is skipped and named
    in a ``DamagedRecord`` warning — the library itself writes nothing to stderr: the rest of the log
    is still listed, extracted and redacted, and seq stays right."""
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.log_files import DamagedRecord

    conv, log = _damage_first_record(home, tmp_path)
    with CustomerStore.open(home, "acme") as store, \
            pytest.warns(DamagedRecord, match="record 1 cannot be read and is skipped"):
        [conversation] = store.log.conversations()
        assert [t.seq for t in conversation.turns] == [1, 2]
        assert capsys.readouterr().err == ""
        extract_pending(store, config=Config.load(home=home, env={}))
        assert store.log.pending() == []
        assert store.log.row(conv)["extracted"] == 3
        store.log.redact({conv: ["Rex", "Boston"]}, "[erased]")
    texts = [json.loads(line)["text"] for line in log.read_text().splitlines()]
    assert texts == ["I live in [erased] now.", "My dog is called [erased].", "I moved to Seattle."]


def test_the_cli_prints_a_damaged_record_once_per_command(home, tmp_path, mem):
    """The CLI turns the library's warning into one ``warning:`` line, once however often the
    command reads the log, and again in the next command."""
    conv, _ = _damage_first_record(home, tmp_path)
    for _ in range(2):
        result = mem("log", "list", "-c", "acme")
        assert result.exit_code == 0
        assert result.stderr.count("warning: the request log") == 1
        assert f"warning: the request log {conv}.jsonl: record 1 cannot be read and is skipped (" in result.stderr


def test_damaged_records_left_to_extract_do_not_keep_a_conversation_pending(home, tmp_path):
    """A conversation whose only unextracted records are damaged stayed pending for ever: every
    ``extract`` and ``ask`` read it again, warned again and found nothing to do. Extraction passes
    over them once (``damaged_skipped``), whether they stand alone or after the last readable turn."""
    import warnings

    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.log_files import DamagedRecord

    config = Config.load(home=home, env={})
    conv, _ = _damage_first_record(home, tmp_path, record=3)  # after the last readable turn
    with pytest.warns(DamagedRecord, match="record 3 cannot be read"), CustomerStore.open(home, "acme") as store:
        report = extract_pending(store, config=config)
        assert (report.turns, report.damaged_skipped) == (2, 1)
        assert store.log.pending() == [] and store.log.row(conv)["extracted"] == 3
        store.log.append_turn(conv, role="customer", text="I moved to Denver.")
    _damage(home, conv, 4)  # the only record left to extract
    with pytest.warns(DamagedRecord, match=r"record [34] cannot be read"), CustomerStore.open(home, "acme") as store:
        assert [c.id for c in store.log.pending()] == [conv]
        report = extract_pending(store, config=config)
        assert (report.turns, report.damaged_skipped) == (0, 1)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # nothing reads the conversation again: no second warning
            assert store.log.pending() == []
            assert extract_pending(store, config=config).damaged_skipped == 0
        assert store.log.row(conv)["extracted"] == 4


def test_mem_extract_reports_damaged_records_once(home, tmp_path, mem):
    _damage_first_record(home, tmp_path, record=3)
    first = mem("extract", "-c", "acme")
    assert first.exit_code == 0
    assert first.stderr.count("warning: the request log") == 1
    assert "passed over 1 damaged request-log record (named in the warnings above)" in first.stdout
    again = mem("extract", "-c", "acme")
    assert again.exit_code == 0 and "warning" not in again.stderr and "damaged" not in again.stdout


def test_turns_of_a_conversation_are_imported_in_time_order(home, tmp_path):
    """A newest-first export made the older message replace the newer fact; within a conversation
    turns are sorted by time (stable: equal times keep file order) and the import says so."""
    path = write_jsonl(tmp_path / "u.jsonl", [
        {"role": "user", "text": "I live in Boston now.", "time": "2026-11-27T10:00:00Z"},
        {"role": "user", "text": "I live in Seattle now.", "time": "2026-10-01T10:00:00Z"},
        {"session": "s2", "role": "user", "text": "First.", "time": "2026-10-01"},
        {"session": "s2", "role": "agent", "text": "Second.", "time": "2026-10-01"},
    ])
    with CustomerStore.open(home, "acme") as store:
        report = store.log.import_file(path)
        assert report["reordered"] == 1
        first, second = sorted(store.log.conversations(), key=lambda c: c.session)
        assert [t.text for t in first.turns] == ["I live in Seattle now.", "I live in Boston now."]
        assert [t.seq for t in first.turns] == [0, 1]
        assert first.started_at.month == 10
        assert [t.text for t in second.turns] == ["First.", "Second."]


def test_cli_import_warns_when_times_go_backwards(mem, tmp_path):
    path = write_jsonl(tmp_path / "u.jsonl", [
        {"role": "user", "text": "I live in Boston now.", "time": "2026-11-27T10:00:00Z"},
        {"role": "user", "text": "I live in Seattle now.", "time": "2026-10-01T10:00:00Z"},
    ])
    result = mem("log", "import", "-c", "u", str(path))
    assert result.exit_code == 0
    assert "times went backwards in 1 conversation: their turns were imported in time order" in result.stderr


def test_a_bare_date_orders_days_not_the_turns_within_one(home, tmp_path):
    """A bare date is midnight: it must not move a message before the 10:00 turns of its own day."""
    path = write_jsonl(tmp_path / "m.jsonl", [
        {"role": "user", "text": "Newest day.", "time": "2026-11-21"},
        {"role": "user", "text": "Morning.", "time": "2026-11-20T10:00:00Z"},
        {"role": "user", "text": "Later that day.", "date": "2026-11-20"},
    ])
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(path)["reordered"] == 1
        [conversation] = store.log.conversations()
        assert [t.text for t in conversation.turns] == ["Morning.", "Later that day.", "Newest day."]


def test_a_refused_import_leaves_no_customer_behind(mem, isolated_env, tmp_path):
    """A refused file created an empty store: `facts list` then said "(no facts)", not "no memory"."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"oops"\n')
    result = mem("log", "import", "-c", "c-x", bad)
    assert result.exit_code == 2 and "nothing was imported" in result.stderr
    assert not (isolated_env / "customers" / "c-x").exists()
    assert mem("facts", "list", "-c", "c-x").exit_code != 0


def test_many_unknown_keys_are_counted_not_all_named(mem, tmp_path):
    """A line with 500,000 keys printed every name (4.4 MB on stderr)."""
    line = {"role": "user", "text": "hello", "time": "2026-11-25", **{f"k{i}": 1 for i in range(5000)}}
    path = write_jsonl(tmp_path / "k.jsonl", [line])
    result = mem("log", "import", "-c", "u", path)
    assert result.exit_code == 0
    assert "ignored unknown keys: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9 and 4,990 more (known:" in result.stderr
    assert len(result.stderr) < 1000


def test_reimporting_the_same_export_without_ids_does_not_double_the_log(home, tmp_path):
    """Turns without ids already logged (same time, role and text) are skipped and counted; new ones
    in the file are imported; two identical lines of one file are both kept."""
    rows = [{"role": "user", "text": "I live in Boston.", "time": "2026-11-25T10:00:00.250Z"},
            {"role": "assistant", "text": "Noted.", "time": "2026-11-25T10:00:05Z"},
            {"role": "user", "text": "Yes.", "time": "2026-11-25T10:01:00Z"},
            {"role": "user", "text": "Yes.", "time": "2026-11-25T10:01:00Z"}]
    path = write_jsonl(tmp_path / "a.jsonl", rows)
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(path)["turns"] == 4
        again = store.log.import_file(path)
        assert (again["turns"], again["already_logged"], again["conversations"]) == (0, 4, 0)
        grown = write_jsonl(tmp_path / "b.jsonl", [*rows, {"role": "user", "text": "Thanks.", "time": "2026-11-26"}])
        report = store.log.import_file(grown)
        assert (report["turns"], report["already_logged"]) == (1, 4)
        assert sum(len(c.turns) for c in store.log.conversations()) == 5


def test_control_characters_never_enter_the_log(home, tmp_path):
    # an escape sequence retitled or cleared the operator's terminal when the fact was listed, a NUL
    # broke every OS call it reached, a bidi override reordered the line: intake strips them (tab and
    # newline stay) in an import and in a turn appended by ask, chat, --script or MCP log_turn
    path = tmp_path / "esc.jsonl"
    path.write_text(json.dumps({"role": "user", "time": "2026-11-03T10:00:00Z", "speaker": "Ana\x1b[31m\nB",
                                "text": "I live in Lyon.\x1b]0;owned\x07\x1b[2J\x00 \u202eok\tyes"}) + "\n")
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(path)
        conv = store.log.new_conversation()
        store.log.append_turn(conv, role="customer", text="I moved\x00 to Paris.\x9b2J")
        texts = [t.text for c in store.log.conversations() for t in c.turns]
        assert sorted(texts) == ["I live in Lyon. ok\tyes", "I moved to Paris."]
        assert [t.speaker for c in store.log.conversations() for t in c.turns if t.speaker] == ["Ana B"]


# NEWUSER_REPORT11 #8: a re-import of a grown export put the agent's yes alone in a new conversation, never
# read with the request it answers, so the agreement was lost
REQUEST = {"role": "user", "text": "My blender arrived cracked. Can you send a replacement jar?",
           "time": "2026-11-20T23:58:00Z", "conversation": "tk-1"}
AGREED = {"role": "assistant", "text": "Yes, we'll ship a replacement jar tomorrow.", "time": "2026-11-21T00:01:00Z",
          "conversation": "tk-1"}


@pytest.mark.parametrize("second", [[REQUEST, AGREED], [AGREED]], ids=["grown export", "only the new turn"])
def test_a_grown_export_continues_its_conversation_and_the_agreement_is_read(home, tmp_path, mem, second):
    d1, d2 = write_jsonl(tmp_path / "d1.jsonl", [REQUEST]), write_jsonl(tmp_path / "d2.jsonl", second)
    assert mem("log", "import", "-c", "d", d1).exit_code == 0
    assert mem("extract", "-c", "d").exit_code == 0
    result = mem("log", "import", "-c", "d", d2)
    assert result.exit_code == 0 and "(1 continuing a logged one)" in result.stderr
    assert mem("extract", "-c", "d").exit_code == 0
    with CustomerStore.open(home, "d") as store:
        [conversation] = store.log.conversations()
        assert [t.role for t in conversation.turns] == ["customer", "agent"]
        assert [t.seq for t in conversation.turns] == [0, 1] and not conversation.pending
        [fact] = store.facts.list()  # the request became the agreement: no second fact beside it
        assert (fact.kind, fact.agreement) == ("decision", True)
        assert [e.role for e in fact.evidence] == ["customer", "agent"]
        assert sorted(f.status for f in store.facts.list(statuses=None)) == ["active", "replaced"]
        assert len(store.outbox.pending()) == 1


def test_a_continued_conversation_repeats_no_fact(home, tmp_path):
    from mem.core.config import Config
    from mem.customers.extract import extract_pending

    rows = [{"role": "user", "text": "I live in Oslo and my name is Ana Souza.", "time": "2026-11-01T10:00:00Z",
             "conversation": "c1"},
            {"role": "assistant", "text": "Thanks Ana, noted.", "time": "2026-11-01T10:01:00Z", "conversation": "c1"}]
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(write_jsonl(tmp_path / "a.jsonl", rows[:1]))
        extract_pending(store, config=Config.load(home=home))
        before = sorted(f.text for f in store.facts.list())
        report = store.log.import_file(write_jsonl(tmp_path / "b.jsonl", rows))
        assert (report["continued"], report["turns"]) == (1, 1)
        extract_pending(store, config=Config.load(home=home))
        assert sorted(f.text for f in store.facts.list()) == before


def test_files_without_a_key_continue_only_the_conversation_holding_their_turns(home, tmp_path):
    first = [{"role": "user", "text": "Hello.", "time": "2026-11-01T10:00:00Z"}]
    other = [{"role": "user", "text": "Another day.", "time": "2026-11-03T10:00:00Z"}]
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(write_jsonl(tmp_path / "a.jsonl", first))
        assert store.log.import_file(write_jsonl(tmp_path / "b.jsonl", other))["continued"] == 0
        grown = [*first, {"role": "assistant", "text": "Hi!", "time": "2026-11-01T10:00:05Z"}]
        assert store.log.import_file(write_jsonl(tmp_path / "c.jsonl", grown))["continued"] == 1
        assert sorted(len(c.turns) for c in store.log.conversations()) == [1, 2]


def test_the_import_keys_survive_export_and_restore(home, tmp_path):
    from mem.customers.portable import export_customer, import_customer

    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(write_jsonl(tmp_path / "d1.jsonl", [REQUEST]))
    import_customer(home, "acme", export_customer(home, "acme"))
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(write_jsonl(tmp_path / "d2.jsonl", [AGREED]))["continued"] == 1


# --- round 16, new-user report section 10: the small messages of `mem log import` --------------------------------


def test_import_reads_standard_input_for_a_dash(mem, tmp_path):
    # "-: no such file" though `mem ingest -` and `mem ask --script -` read standard input
    rows = [{"time": "2024-01-01", "role": "user", "text": "I live in Seoul."},
            {"time": "2024-01-01", "role": "agent", "text": "Noted."}]
    lines = "".join(json.dumps(r) + "\n" for r in rows)
    result = mem("log", "import", "-", "--customer", "cust-1", input=lines)
    assert result.exit_code == 0, result.stderr
    assert "imported 2 turns in 1 conversation" in result.stderr
    bad = mem("log", "import", "-", "--customer", "cust-2", input=lines + "{not json\n")
    assert bad.exit_code == 2
    assert bad.stderr.startswith("Error: standard input: line 3: not valid JSON")


@pytest.mark.parametrize("line, message", [
    ('{"time": "2024-01-01", "role": "user", "text": "a\x00b"}', "Invalid control character at column 50"),
    ('{"time": "2024-01-01", "role": "user", "text": "cut', "Unterminated string starting at column 48"),
    ('{"time": "2024-01-01" "role": "user"}', "Expecting ',' delimiter at column 23"),
])
def test_a_json_error_keeps_its_whole_phrase_and_column(home, tmp_path, line, message):
    # "(Invalid control character at)": json's message without the place it names
    path = tmp_path / "bad.jsonl"
    path.write_text('{"time": "2024-01-01", "role": "user", "text": "fine"}\n' + line + "\n", encoding="utf-8")
    with CustomerStore.open(home, "acme") as store, pytest.raises(InvalidInput) as caught:
        store.log.import_file(path)
    assert f"line 2: not valid JSON ({message}); nothing was imported" in caught.value.message


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_export_is_named_with_its_fix(home, tmp_path, encoding):
    path = tmp_path / "notepad.jsonl"
    text = json.dumps({"time": "2024-01-01", "role": "user", "text": "hi"}) + "\n"
    path.write_bytes((b"\xfe\xff" if encoding == "utf-16-be" else b"") + text.encode(encoding))
    with CustomerStore.open(home, "acme") as store, \
            pytest.raises(InvalidInput, match=r"UTF-16 .*re-save it as UTF-8"):
        store.log.import_file(path)


def test_a_latin1_export_names_the_line_and_byte(home, tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"time": "2024-01-01", "role": "user", "text": "ok"}\n'
                     b'{"time": "2024-01-01", "role": "user", "text": "caf\xe9"}\n')
    with CustomerStore.open(home, "acme") as store, \
            pytest.raises(InvalidInput, match=r"not UTF-8 text \(line 2, byte 104: 0xe9\)"):
        store.log.import_file(path)


def test_a_byte_order_mark_on_a_later_line_is_read_like_the_first(home, tmp_path):
    # two exports joined (cat a.jsonl b.jsonl), each saved by a Windows tool: line 2 was "Unexpected UTF-8 BOM
    # (decode using utf-8-sig)", Python's advice, while the same mark on line 1 was accepted
    path = tmp_path / "joined.jsonl"
    first = json.dumps({"time": "2024-01-01", "role": "user", "text": "I live in Seoul."})
    second = json.dumps({"time": "2024-01-02", "role": "user", "text": "Now in Busan.\ufeff"})
    path.write_text("\ufeff" + first + "\n\ufeff" + second + "\n", encoding="utf-8")
    with CustomerStore.open(home, "acme") as store:
        assert store.log.import_file(path)["turns"] == 2
    texts = [json.loads(line)["text"] for log in (home / "customers" / "acme" / "logs").glob("*.jsonl")
             for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(texts) == ["I live in Seoul.", "Now in Busan."]  # the mark inside a message is dropped too


def test_a_symlink_loop_is_named(home, tmp_path):
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(tmp_path / "loop.jsonl")
    with CustomerStore.open(home, "acme") as store, pytest.raises(InvalidInput, match="symlink loop"):
        store.log.import_file(loop)
