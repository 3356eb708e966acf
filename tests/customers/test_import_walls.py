"""newuser22: what an import file from another tool must not do — put a second customer's lines into the first one's
memory (#4), hand the helpdesk's internal notes to the customer (#14) — and what a file in another format is told
(#11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers import CustomerStore
from mem.customers.log_files import parse_import_data


@pytest.fixture
def home(isolated_env: Path) -> Path:
    return isolated_env


def lines(*rows: dict) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()


def turn(text: str, **more: object) -> dict:
    return {"time": "2026-06-04T10:00:00Z", "role": "customer", "text": text, **more}


@pytest.mark.parametrize("key", ["customer", "customer_id", "visitor_id", "requester_id", "contact_id"])
def test_a_line_naming_another_customer_refuses_the_file_before_anything_is_written(home, tmp_path, key):
    path = tmp_path / "chat.jsonl"
    path.write_bytes(lines(turn("I live in Denver.", **{key: "v-omar"}), turn("Thanks", **{key: "v-omar"}),
                           turn("My name is now Lena Brandt-Okafor.", **{key: "v-lena"})))
    with CustomerStore.open(home, "cust-omar", create=True) as store:
        with pytest.raises(InvalidInput, match=rf"line 3: '{key}' names customer 'v-lena', but line 1 named "
                                               r"'v-omar'.*nothing was imported"):
            store.log.import_file(path)
        assert store.log.conversations() == []


def test_one_customer_named_throughout_imports_and_is_no_unknown_key(home, tmp_path):
    # the export's own id need not be mem's: only a second customer in the same file is refused
    path = tmp_path / "chat.jsonl"
    path.write_bytes(lines(turn("I live in Denver.", customer="v-omar"), turn("Hi", customer_id="v-omar"),
                           turn("no key on this line")))
    with CustomerStore.open(home, "cust-omar", create=True) as store:
        report = store.log.import_file(path)
    assert (report["turns"], report["unknown_keys"], report["named_customer"]) == (3, [], "v-omar")


def test_a_customer_key_that_is_no_string_is_refused(home):
    with pytest.raises(InvalidInput, match=r"line 1: 'customer' must be a string"):
        parse_import_data(lines(turn("hi", customer={"id": 1})), "f.jsonl")


@pytest.mark.parametrize("marks", [
    {"meta": {"public": False}}, {"public": False}, {"private": True}, {"is_internal": True},
    {"internal": "true"}, {"visibility": "internal"}, {"type": "note"}, {"meta": {"part_type": "Note"}},
    {"role": "note"}, {"role": "internal_note"},
])
def test_an_internal_note_is_left_out_and_counted(home, tmp_path, marks):
    path = tmp_path / "ticket.jsonl"
    note = {"time": "2026-03-11T11:03:00Z", "role": "agent", "speaker": "Marco",
            "text": "Internal note: customer is VIP. Don't offer more than 50%.", **marks}
    path.write_bytes(lines(turn("My mug arrived cracked."), note, {**turn("Thanks"), "public": True}))
    with CustomerStore.open(home, "cust-dana", create=True) as store:
        report = store.log.import_file(path)
        [conversation] = store.log.conversations()
    assert (report["turns"], report["internal_notes"]) == (2, 1)
    assert [t.text for t in conversation.turns] == ["My mug arrived cracked.", "Thanks"]


def test_a_public_line_and_a_type_that_is_no_note_stay(home):
    parsed = parse_import_data(lines(turn("a", public=True), turn("b", type="message"), turn("c", private=False)),
                               "f.jsonl")
    assert (len(parsed.turns), parsed.internal_notes) == (3, 0)


def test_a_file_of_internal_notes_only_says_so(home):
    with pytest.raises(InvalidInput, match=r"no turns to import \(2 internal notes left out\)"):
        parse_import_data(lines(turn("a", public=False), turn("b", role="note")), "notes.jsonl")


EXPECTS = "mem imports JSON lines: one JSON object per line with 'time'"


@pytest.mark.parametrize("content, what", [
    (json.dumps({"export": {"brand": "Acme"}, "tickets": [{"id": 1, "comments": [{"body": "hi"}]}]}, indent=2),
     r"one JSON document with no list of messages mem can find \(top-level keys: export, tickets\)"),
    (json.dumps({"tickets": [{"messages": [{"text": "hi"}]}]}),
     r"one JSON document with no list of messages mem can find \(top-level keys: tickets\)"),
    ("chat_id,visitor_id,timestamp,sender_type,message\nLC-1,v1,2026-06-03 14:00:40,visitor,\"Hi, there\"\n",
     r"a CSV \(or tab-separated\) table"),
    ("From dana@example.com Tue Mar 10 09:00:00 2026\nSubject: mug\n\nhello\n", r"an e-mail file \(mbox\)"),
    ("03/07/2026, 18:02 - Omar Haddad: Hi, it's Omar again, order D-3301\n", r"a text file \(a chat app's export\?\)"),
])
def test_a_file_in_another_format_is_told_what_mem_reads(content, what):
    with pytest.raises(InvalidInput) as caught:
        parse_import_data(content.encode(), "export")
    message = caught.value.message
    assert message.startswith("export: ") and EXPECTS in message and "docs/customers.md" in message
    assert "not valid JSON" not in message and "\n" not in message
    assert __import__("re").search(what, message)


def test_a_jsonl_file_with_a_broken_line_still_names_the_line():
    with pytest.raises(InvalidInput, match=r"bad.jsonl: line 1: not valid JSON"):
        parse_import_data(b'{"time": "2026-01-01", "text": \n' + lines(turn("ok")), "bad.jsonl")
    with pytest.raises(InvalidInput, match=r"bad.jsonl: line 1: 'time' is not an ISO date"):
        parse_import_data(lines(turn("ok", time="03/12/2026")), "bad.jsonl")


def test_a_file_naming_another_customer_of_this_client_is_refused(mem, tmp_path):
    lena = tmp_path / "lena.jsonl"
    lena.write_bytes(lines(turn("I'd like my invoices in German.", customer="cust-lena")))
    assert mem("log", "import", str(lena), "--customer", "cust-lena").exit_code == 0
    again = tmp_path / "again.jsonl"
    again.write_bytes(lines(turn("My name is now Lena Brandt-Okafor.", customer="cust-lena")))
    wrong = mem("log", "import", str(again), "--customer", "cust-omar")
    assert wrong.exit_code == 2
    assert "its lines name customer 'cust-lena', who has memory on this client" in wrong.stderr
    assert mem("facts", "list", "--customer", "cust-omar").exit_code == 2   # no memory was made for cust-omar
    # the export's own id, no customer here, is let through
    visitor = tmp_path / "v.jsonl"
    visitor.write_bytes(lines(turn("I live in Denver.", customer="v-1001")))
    assert mem("log", "import", str(visitor), "--customer", "cust-omar").exit_code == 0


def test_one_turn_pretty_printed_is_told_to_go_on_one_line():
    pretty = json.dumps(turn("I live in Oslo."), indent=2).encode()
    with pytest.raises(InvalidInput, match=r"one JSON object spread over several lines .*mem imports JSON lines"):
        parse_import_data(pretty, "turn.json")
