"""Rough edges a new user met on first contact, each pinned: workspace errors, readable output, flags, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.customers.store import CustomerStore

POLICY = "# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n"


@pytest.fixture
def workspace(mem, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    (tmp_path / "refund.md").write_text(POLICY, encoding="utf-8")
    assert mem("-w", ws, "ingest", tmp_path / "refund.md", "--id", "refund-policy", "--title", "Refund policy"
               ).exit_code == 0
    return ws


@pytest.mark.parametrize("args", [
    ["pages", "list"], ["pages", "history", "refund-policy"], ["promote"], ["ingest", "{doc}"], ["bundle", "build"],
    ["lint"], ["keys", "show"], ["accounts", "list"], ["evidence", "list"], ["serve", "--port", "0"],
    ["ask", "--customer", "acme", "--no-learn", "Can I get a refund?"],
])
def test_every_command_that_needs_a_workspace_says_the_same_line(mem, tmp_path, args):
    doc = tmp_path / "doc.md"
    doc.write_text(POLICY, encoding="utf-8")
    missing = tmp_path / "nonexistent"
    result = mem("--workspace", missing, *[a.replace("{doc}", str(doc)) for a in args])
    assert result.exit_code == 2
    assert result.stderr == (f"Error: no workspace at {missing}: the folder does not exist (moved or renamed? pass "
                             f"--workspace with its new place; mem init {missing} makes a new one)\n")
    assert result.stdout == ""
    assert not missing.exists()


def test_sync_result_reads_as_sentences(mem, capsys):
    from rich.console import Console

    from mem.cli.sync import render_sync

    console = Console(record=True, width=100)
    render_sync(console, {"status": "updated", "version": 5, "previous_version": 4, "files": 7,
                          "key_id": "ed25519:0123456789abcdef", "key_rotated": False,
                          "flagged": {"acme": ["01A", "01B"], "zen": ["01C"]},
                          "evidence": {"sent": 4, "customers": 1}})
    text = console.export_text()
    assert text.splitlines() == [
        "installed bundle v5 (was v4): 7 files, signed by ed25519:0123456789abcdef",
        "acme: 2 facts flagged for recheck (a linked policy changed)",
        "zen: 1 fact flagged for recheck (a linked policy changed)",
        "agreement evidence sent to the service: 4 items from 1 customer",
    ]
    assert "{" not in text and "False" not in text and "key_rotated" not in text


def test_generic_records_show_no_python_or_json_literals():
    from rich.console import Console

    from mem.cli.output import print_record

    console = Console(record=True, width=100)
    print_record(console, {"key_rotated": False, "evidence": {"sent": 4, "customers": 4}, "ids": ["a", "b"]})
    text = console.export_text()
    assert "False" not in text and "{" not in text and "'" not in text
    assert "key_rotated  no" in text and "evidence     sent 4; customers 4" in text


def test_flags_show_no_value_placeholder_and_a_flag_given_a_value_is_explained(mem, workspace):
    shown = mem("lint", "--help").stdout
    assert "<bool>" not in shown and "--strict" in shown
    result = mem("-w", workspace, "lint", "--strict", "true")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "(--strict is a flag and takes no value: write --strict alone, not --strict true)" in result.stderr


def test_an_option_that_takes_a_value_somewhere_gets_no_flag_hint(mem, workspace, tmp_path):
    """`--version` is the root's flag but `pages show --version N`'s number: a wrong number is not told
    that --version takes no value."""
    policy = tmp_path / "p.md"
    policy.write_text("# P\n\n## Refunds\n\nRefund in 14 days.\n\n## Shipping\n\nShip in 2 days.\n")
    assert mem("-w", workspace, "ingest", policy).exit_code == 0
    result = mem("-w", workspace, "pages", "show", "refunds", "--version", "0")
    assert result.exit_code != 0 and "no version 0" in result.stderr
    assert "is a flag" not in result.stderr


def test_pages_search_refuses_a_limit_below_one(mem, workspace):
    result = mem("-w", workspace, "pages", "search", "refund", "-n", "0")
    assert result.exit_code == 2 and "0 is not in the range 1<=x<=500" in result.stderr


def test_every_flag_of_every_command_hides_its_metavar():
    from mem.cli.app import build_command

    def walk(command):
        for param in command.params:
            if getattr(param, "is_flag", False):
                assert param.metavar == "", (command.name, param.name)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(build_command())


@pytest.fixture
def a_fact(mem, tmp_path) -> str:
    log = tmp_path / "log.jsonl"
    log.write_text('{"session": "s1", "time": "2026-09-01T10:00:00Z", "role": "customer", '
                   '"text": "I moved to Lisbon last month."}\n', encoding="utf-8")
    imported = mem("log", "import", "-c", "acme", log)
    assert imported.stderr == "imported 1 turn in 1 conversation for acme\n"  # no "1 turns in 1 conversations"
    extracted = mem("extract", "-c", "acme")
    assert extracted.stdout.startswith("1 conversation, 1 turn (deterministic engine): 1 added")
    return json.loads(mem("facts", "list", "-c", "acme", "--json").stdout)[0]["id"]


def test_erase_without_a_terminal_needs_yes_and_exits_2(mem, a_fact, isolated_env):
    result = mem("facts", "erase", a_fact, "-c", "acme")
    assert result.exit_code == 2
    assert result.stderr == "Error: erasing asks for confirmation, and there is no terminal: pass --yes\n"
    with CustomerStore.open(isolated_env, "acme") as store:
        assert store.facts.get(a_fact).id == a_fact


def test_erase_answered_no_is_a_refusal_exit_1(mem, a_fact, monkeypatch, isolated_env):
    monkeypatch.setattr("mem.cli.facts.can_ask", lambda: True)  # as if a person sat at a terminal
    result = mem("facts", "erase", a_fact, "-c", "acme", input="n\n")
    assert result.exit_code == 1
    assert result.stderr.endswith(f"Error: not erased: {a_fact} stays\n")


def test_pages_list_keeps_long_ids_whole_on_a_narrow_terminal(mem, workspace, tmp_path, monkeypatch):
    long_id = "refund-policy-for-enterprise-annual-contracts-v2"
    (tmp_path / "long.md").write_text(POLICY, encoding="utf-8")
    assert mem("-w", workspace, "ingest", tmp_path / "long.md", "--id", long_id, "--title", "Refund policy, "
               "Enterprise annual contracts").exit_code == 0
    monkeypatch.setenv("COLUMNS", "80")
    out = mem("-w", workspace, "pages", "list").stdout
    assert long_id in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_pages_diff_of_a_page_with_one_version_says_so(mem, workspace):
    result = mem("-w", workspace, "pages", "diff", "refund-policy")
    assert result.exit_code == 0
    assert result.stdout == "refund-policy has only one version: there is nothing to compare it with\n"


def test_ask_before_any_login_does_not_try_the_default_server(mem, workspace, isolated_env):
    result = mem("-w", workspace, "ask", "-c", "acme", "Can I get a refund after 20 days?")
    assert result.exit_code == 0
    assert "127.0.0.1:8765" not in result.stderr and "cannot reach" not in result.stderr
    assert "warning" not in result.stderr


def test_an_agreement_waiting_before_login_is_said_once_as_queued(mem, workspace, isolated_env):
    from mem.customers import Evidence, Fact

    with CustomerStore.open(isolated_env, "acme") as store:
        store.facts.add(Fact.new("decision", "Agreed a 50% refund as an exception", agreement=True,
                           evidence=[Evidence(log_id="c0", turn="1", role="customer",
                                              quote="could you refund 50% as an exception?")]))
        assert len(store.outbox.pending()) == 1
    result = mem("-w", workspace, "ask", "-c", "acme", "Can I get a refund after 20 days?")
    assert result.exit_code == 0
    assert result.stderr.count("not logged in; agreement evidence stays queued") == 1
    assert "cannot reach" not in result.stderr
    assert not [line for line in result.stderr.splitlines() if line.startswith("warning") and "evidence" in line]
    with CustomerStore.open(isolated_env, "acme") as store:
        assert len(store.outbox.pending()) == 1


def test_init_without_a_folder_creates_the_workspace_the_next_command_looks_for(mem, tmp_path, monkeypatch):
    # MEM_WORKSPACE (or the global --workspace) names where every later command looks; init used to
    # ignore it and create the workspace in the current folder, so the next command found none.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEM_WORKSPACE", str(tmp_path / "from-env"))
    assert mem("init").exit_code == 0
    assert (tmp_path / "from-env" / "mem.toml").is_file()
    assert not (tmp_path / "mem.toml").exists()
    assert mem("pages", "list").exit_code == 0

    assert mem("--workspace", tmp_path / "from-flag", "init").exit_code == 0
    assert (tmp_path / "from-flag" / "mem.toml").is_file()

    monkeypatch.delenv("MEM_WORKSPACE")
    assert mem("init", tmp_path / "explicit").exit_code == 0
    assert mem("init").exit_code == 0  # no folder named anywhere: here
    assert (tmp_path / "mem.toml").is_file()


def test_no_help_text_holds_a_bracketed_word_that_rich_would_swallow():
    # Rich reads "[extract]" as a style tag and drops it: "`[extract] max_message_bytes`" showed as
    # "` max_message_bytes`". Settings are named with dots in help (extract.max_message_bytes).
    import re

    from mem.cli.app import build_command

    found = []

    def walk(command, path):
        for text in [command.help or "", *(getattr(p, "help", None) or "" for p in command.params)]:
            found.extend(f"{path}: {m.group(0)}" for m in re.finditer(r"(?<!\\)\[[a-z][a-z_./ -]*\]", text))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(build_command(), "mem")
    assert found == []


def test_a_path_the_file_system_refuses_is_one_line_not_an_internal_error(mem, tmp_path):
    result = mem("init", tmp_path / ("x" * 5000))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: File name too long: ") and "internal error" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 300


def test_an_argument_that_is_not_utf8_is_one_line_not_an_internal_error(mem, workspace):
    # Python keeps undecodable argv bytes as lone surrogates ("\udcff" for b"\xff"); a question holding
    # one reached the request log and failed there as an internal UnicodeEncodeError
    result = mem("ask", "--customer", "c1", "refund \udcff please")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: argument 4 ('refund \ufffd please') is not UTF-8 text")
    assert len(result.stderr.strip().splitlines()) == 1


def test_stored_control_characters_are_printed_escaped(mem, isolated_env):
    # text stored before intake stripped them (or a store written by other means): an escape sequence
    # retitled and cleared the operator's terminal, a bidi override reordered the line
    from mem.customers import Evidence, Fact

    with CustomerStore.open(isolated_env, "esc") as store:
        store.facts.add(Fact.new("attribute", "I live in Lyon.\x1b]0;owned\x07\x1b[2J\u202e", evidence=[
            Evidence(log_id="c1", turn="1", role="customer", quote="I live in Lyon.\x1b[2J")]))
    listed = mem("facts", "list", "-c", "esc")
    assert listed.exit_code == 0 and "\x1b" not in listed.stdout and "\u202e" not in listed.stdout
    assert "I live in Lyon.\\x1b]0;owned\\x07\\x1b[2J\\u202e" in listed.stdout
    as_json = mem("facts", "list", "-c", "esc", "--json")
    assert "\u202e" not in as_json.stdout
    assert json.loads(as_json.stdout)[0]["text"] == "I live in Lyon.\x1b]0;owned\x07\x1b[2J\u202e"
    error = mem("facts", "show", "-c", "esc", "nope\x1b[2J")
    assert error.exit_code == 2 and "\x1b" not in error.stderr


def test_a_repeated_customer_option_is_refused(mem, isolated_env):
    # Click kept the last of `-c cc -c dd` silently: a command touches exactly one customer's memory
    for args in (("-c", "cc", "-c", "dd"), ("-c", "cc", "--customer=dd"), ("-ccc", "--customer", "dd")):
        result = mem("facts", "list", *args)
        assert result.exit_code == 2 and result.stderr.startswith("Error: --customer/-c is given more than once")
    # the value of another option is not an option, even when it reads "-c"
    single = mem("context", "set", "-c", "cc", "--key", "tier", "--from-service", "-c")
    assert "more than once" not in single.stderr


def test_a_folder_without_mem_toml_and_a_moved_workspace_get_their_own_advice(mem, tmp_path):
    # a workspace renamed under the user (or under a running command) said "run mem init": a second, empty
    # workspace at the old place was the wrong fix
    workspace = tmp_path / "ws"
    assert mem("init", str(workspace)).exit_code == 0
    workspace.rename(tmp_path / "ws-moved")
    moved = mem("--workspace", workspace, "pages", "list")
    assert moved.exit_code == 2 and "the folder does not exist (moved or renamed? pass --workspace" in moved.stderr
    plain = tmp_path / "plain"
    plain.mkdir()
    result = mem("--workspace", plain, "pages", "list")
    assert result.exit_code == 2
    assert result.stderr == f"Error: no workspace at {plain}: no mem.toml in it (mem init {plain} makes one there, " \
                            "or pass --workspace)\n"


def test_a_full_disk_or_a_file_size_limit_is_said_with_the_file():
    import errno

    from mem.cli.main import _os_error

    assert _os_error(OSError(errno.EFBIG, "File too large", "/ws/sources/big.md")) == (
        "File too large (over the file size limit: ulimit -f): /ws/sources/big.md")
    full = _os_error(OSError(errno.ENOSPC, "No space left on device", "/ws/x"))  # the one line (newuser23 #8)
    assert full.startswith("cannot write /ws/x: the disk holding /ws is full (")
    assert full.endswith(" free): free some space and run the command again")
    assert _os_error(OSError(errno.ENOSPC, "No space left on device")) == (
        "the disk is full: free some space and run the command again")
