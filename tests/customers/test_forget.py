"""The customer's rights over what never became a fact, and over everything (NEWUSER_REPORT15 #5): erase a
context item's text, forget a conversation or some of its turns, delete all of a customer's memory,
export it readably. Each surface is checked by grepping every file mem wrote for the erased words."""

from __future__ import annotations

import json
import time
from datetime import UTC
from pathlib import Path
from types import SimpleNamespace

import pytest

from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound
from mem.customers import CustomerStore
from mem.customers.erase_ledger import record_backup
from mem.customers.extract import extract_pending
from mem.customers.forget import delete_customer, forget_turns
from mem.customers.readable import readable_export

from .test_erase_restatements import files_holding

HEALTH = "I have diabetes and my chemotherapy starts Monday, so please deliver the order to my neighbour."
NAME = "Call me Bartholomew Quenby, I live at 3 Drizzlewick Lane"


def _import(home: Path, tmp_path: Path, customer: str, lines: list[tuple[str, str]]) -> str:
    log = tmp_path / f"{customer}.jsonl"
    log.write_text("".join(json.dumps({"role": role, "text": text, "time": f"2026-11-01T10:0{n}:00Z",
                                       "conversation": "k", "speaker": "Bart Q" if role == "customer" else None})
                           + "\n" for n, (role, text) in enumerate(lines)))
    with CustomerStore.open(home, customer) as store:
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=home))
        return store.log.conversations()[0].id


# context items ----------------------------------------------------------------------------------------
def test_context_erase_blanks_a_removed_items_text_in_the_context_log(mem, isolated_env):
    added = json.loads(mem("--json", "context", "add", "-c", "ctx", NAME).stdout)
    item = added["item"]["id"]
    assert mem("context", "remove", "-c", "ctx", item).exit_code == 0
    assert files_holding(isolated_env, "ctx", "Quenby")  # remove keeps the change, with its text
    erased = mem("context", "erase", "-c", "ctx", item)
    assert erased.exit_code == 0, erased.stderr
    assert files_holding(isolated_env, "ctx", "Quenby", "Drizzlewick") == []
    with CustomerStore.open(isolated_env, "ctx") as store:
        assert [(c["action"], c["text"]) for c in store.context.changes()] == [("added", "[erased]"),
                                                                              ("removed", "[erased]")]


def test_context_erase_of_an_item_made_from_a_fact_points_at_the_fact(mem, isolated_env, tmp_path):
    _import(isolated_env, tmp_path, "lang", [("customer", "From now on, please answer in Japanese.")])
    items = json.loads(mem("--json", "context", "list", "-c", "lang", "--all").stdout)["items"]
    made = next(i for i in items if i["fact_id"])
    result = mem("context", "erase", "-c", "lang", made["id"])
    assert result.exit_code == 2 and f"mem facts erase {made['fact_id']}" in result.stderr
    assert mem("context", "erase", "-c", "lang", "01NOSUCHITEM").exit_code == 2


# turns and conversations ------------------------------------------------------------------------------
def test_a_health_message_dropped_for_lack_of_consent_can_be_forgotten(mem, isolated_env, tmp_path):
    conversation = _import(isolated_env, tmp_path, "h", [("customer", HEALTH), ("agent", "Noted, we will do that.")])
    with CustomerStore.open(isolated_env, "h") as store:
        # the agreement is kept without its health reason (new-user report 27 #9), the reason itself is no fact
        kept = store.facts.list(statuses=None)
    assert [f.agreement for f in kept] == [True]
    assert not any(word in kept[0].text for word in ("diabetes", "chemotherapy"))
    assert files_holding(isolated_env, "h", "chemotherapy")  # the log turn still holds it, until forgotten
    result = mem("--json", "log", "forget", "-c", "h", conversation, "--turn", "1", "--yes")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {"conversation": conversation, "turns": 1, "erased_facts": [kept[0].id]}
    assert files_holding(isolated_env, "h", "chemotherapy", "diabetes", "Bart Q") == []
    with CustomerStore.open(isolated_env, "h") as store:
        turns = store.log.conversations()[0].turns
    # the agent's yes goes too: it was the erased agreement's evidence
    assert [t.text for t in turns] == ["[erased]", "[erased]"] and turns[0].speaker is None
    # a re-import of the same export does not bring it back
    again = mem("--json", "log", "import", "-c", "h", tmp_path / "h.jsonl")
    assert json.loads(again.stdout)["already_erased"] == 2  # both erased turns
    assert files_holding(isolated_env, "h", "chemotherapy") == []


def test_forgetting_a_conversation_erases_the_facts_quoting_it(isolated_env, tmp_path):
    conversation = _import(isolated_env, tmp_path, "f", [("customer", "My passport number is XK4471923."),
                                                         ("agent", "Got it, it is on file.")])
    with CustomerStore.open(isolated_env, "f") as store:
        facts = [f.id for f in store.facts.list(statuses=None)]
        assert facts
        report = forget_turns(store, conversation)
        assert report["turns"] == 2 and sorted(report["erased_facts"]) == sorted(facts)
        assert store.facts.list(statuses=None) == []
        with pytest.raises(InvalidInput, match="has turns 1–2, not 3"):
            forget_turns(store, conversation, [3])
        with pytest.raises(NotFound):
            forget_turns(store, "nope")
    assert files_holding(isolated_env, "f", "XK4471923", "on file") == []


def test_bad_input_to_log_forget_is_one_line_and_changes_nothing(mem, isolated_env, tmp_path):
    conversation = _import(isolated_env, tmp_path, "b", [("customer", HEALTH)])
    for args in (("nope",), (conversation, "--turn", "4")):
        result = mem("log", "forget", "-c", "b", *args, "--yes")
        assert result.exit_code == 2 and result.stderr.startswith("Error: ") and len(result.stderr.splitlines()) == 1
    assert mem("log", "forget", "-c", "b", conversation).exit_code == 2  # no terminal to confirm on
    assert files_holding(isolated_env, "b", "chemotherapy")


# the whole memory -------------------------------------------------------------------------------------
def test_forget_deletes_all_of_a_customers_memory(mem, isolated_env, tmp_path):
    _import(isolated_env, tmp_path, "all", [("customer", "My passport number is XK4471923.")])
    assert mem("forget", "-c", "all").exit_code == 2  # asks, and there is no terminal
    result = mem("--json", "forget", "-c", "all", "--yes")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["server"]["reached"] is False  # never logged in: nothing on a server
    holding = [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()]
    assert holding == [] and not (isolated_env / "customers" / "all").exists()
    assert mem("forget", "-c", "all", "--yes").exit_code == 2  # nothing left to delete
    with pytest.raises(NotFound):
        delete_customer(isolated_env, "all")


def test_a_deletion_interrupted_after_its_rename_is_finished_by_the_next_store_opened(monkeypatch, isolated_env,
                                                                                      tmp_path):
    # kill -9 between moving the folder aside and removing it: the customer is never opened again, so the
    # next store opened on this client (any customer's) removes what is left
    _import(isolated_env, tmp_path, "gone", [("customer", "My passport number is XK4471923.")])

    def crash(path, *args, **kwargs):
        raise KeyboardInterrupt  # the process dies here

    monkeypatch.setattr("mem.customers.forget.shutil.rmtree", crash)
    with pytest.raises(KeyboardInterrupt):
        delete_customer(isolated_env, "gone")
    monkeypatch.undo()
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()]  # left aside
    with CustomerStore.open(isolated_env, "someone-else"):
        pass
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()] == []


@pytest.mark.parametrize("damage", ["lost", "malformed", "torn"])
def test_forget_deletes_a_customer_whose_memory_db_is_lost_or_damaged(mem, isolated_env, tmp_path, damage):
    # NEWUSER_REPORT16 #2: forget refused ("no memory for customer", "internal error: DatabaseError") and the
    # request log, the customer's own words, stayed on disk with no command to remove it
    _import(isolated_env, tmp_path, "d", [("customer", "My passport number is XK4471923.")])
    database = isolated_env / "customers" / "d" / "memory.db"
    if damage == "lost":
        database.unlink()
    elif damage == "malformed":
        with open(database, "r+b") as fh:  # a page past the header overwritten: SQLite opens it, then fails
            fh.seek(8192)
            fh.write(bytes(range(256)) * 16)
    else:
        with open(database, "r+b") as fh:  # a torn copy
            fh.truncate(3000)
    if damage == "lost":
        read = mem("export", "-c", "d")
        assert read.exit_code == 2 and "memory.db is missing" in read.stderr and "mem forget -c d" in read.stderr
    else:
        read = mem("export", "-c", "d")
        assert read.exit_code == 2 and "is damaged" in read.stderr and "internal error" not in read.stderr
        assert "mem forget -c d" in read.stderr and "Traceback" not in read.stderr
    result = mem("forget", "-c", "d", "--yes", "--local-only")
    assert result.exit_code == 0, result.stderr
    assert "cannot be read" in result.stderr and "deleted all memory of d" in result.stdout
    assert not (isolated_env / "customers" / "d").exists()
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()] == []


def test_forget_refuses_to_leave_shared_decisions_behind_when_not_logged_in(mem, isolated_env, tmp_path):
    _import(isolated_env, tmp_path, "s", [("customer", "Can you waive the restocking fee?"),
                                          ("agent", "Yes, we will waive the restocking fee this time.")])
    with CustomerStore.open(isolated_env, "s") as store:
        store.consent.set(share=True)
        store.consent.set(share=False)  # queues the withdrawal of what it shared
    result = mem("forget", "-c", "s", "--yes")
    assert result.exit_code == 1 and "not logged in" in result.stderr
    assert (isolated_env / "customers" / "s").exists()
    record_backup(isolated_env, "s", "B-7", "2026-12-01T10:00:00Z", expires_at="2026-12-15T10:00:00Z",
                  include_logs=True)
    local = mem("forget", "-c", "s", "--yes", "--local-only")
    assert local.exit_code == 0
    # new-user report 27 #6: what stays on the server is named, since nothing on this client can reach it afterwards
    assert "left on the server: 1 shared decisions in know-how" in local.stdout
    assert "backup B-7 (with request logs)" in local.stdout and "2026-12-15T10:00:00Z" in local.stdout


def test_forget_local_only_reports_what_it_left_in_json(mem, isolated_env, tmp_path):
    _import(isolated_env, tmp_path, "j", [("customer", "I live in Bristol."), ("agent", "Thanks.")])
    report = json.loads(mem("--json", "forget", "-c", "j", "--yes", "--local-only").stdout)
    assert report["left_on_server"] == {"shared_decisions": 0, "backup": None}


# the readable export ----------------------------------------------------------------------------------
def test_export_is_readable_and_holds_what_the_customer_said(mem, isolated_env, tmp_path):
    _import(isolated_env, tmp_path, "x", [("customer", "I live in Bristol."), ("agent", "Thanks.")])
    printed = json.loads(mem("export", "-c", "x").stdout)
    assert printed["format"] == "mem-customer-readable/1" and printed["customer"] == "x"
    assert [t["text"] for t in printed["conversations"][0]["turns"]] == ["I live in Bristol.", "Thanks."]
    assert "I live in Bristol." in printed["facts"][0]["text"]
    assert printed["facts"][0]["history"][0]["action"] == "added"
    out = tmp_path / "x-export.json"
    assert mem("export", "-c", "x", "--out", out).exit_code == 0
    assert json.loads(out.read_text())["facts"][0]["id"] == printed["facts"][0]["id"]
    assert out.stat().st_mode & 0o077 == 0
    refused = mem("export", "-c", "x", "--out", out)
    assert refused.exit_code == 2 and "exists already" in refused.stderr
    with CustomerStore.open(isolated_env, "x") as store:
        store.facts.erase(printed["facts"][0]["id"])
        document = readable_export(store)
    assert document["facts"] == [] and document["erased_facts"][0]["id"] == printed["facts"][0]["id"]
    assert "Bristol" not in json.dumps(document)


# a deletion while a command or conversation runs (NEWUSER_REPORT16 #1) -------------------------------
def test_a_conversation_that_began_before_a_forget_never_writes_the_customer_back(isolated_env, tmp_path):
    # `mem chat` releases the store between turns; `mem ask` opens it after loading the service: a forget in
    # between used to be followed by the conversation's turns — a new phone number — in a new folder
    from datetime import datetime

    from mem.agent.customer_memory import CustomerMemory
    from mem.customers.store import CustomerForgotten

    _import(isolated_env, tmp_path, "chat", [("customer", "My passport number is XK4471923.")])
    memory = CustomerMemory.open(isolated_env, "chat")
    memory.release()
    delete_customer(isolated_env, "chat")
    with pytest.raises(CustomerForgotten, match="was deleted"):
        memory.log_turn(session="s", role="customer", text="my new phone is 555-0199",
                        time=datetime(2026, 12, 5, tzinfo=UTC), meta={})
    memory.close()
    assert not (isolated_env / "customers" / "chat").exists()
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"555-0199" in p.read_bytes()] == []
    # a command begun before the deletion is refused, one begun after it starts the customer afresh
    with pytest.raises(CustomerForgotten):
        CustomerStore.open(isolated_env, "chat", since=0.0)
    assert not (isolated_env / "customers" / "chat").exists()
    with CustomerMemory.open(isolated_env, "chat") as again:
        assert again.store.facts.list() == []
    # what is kept names no customer: a digest and a time
    kept = list((isolated_env / "customers" / ".forgotten").glob("[!.]*"))
    assert len(kept) == 1 and "chat" not in kept[0].name and float(kept[0].read_text()) > 0


def test_a_forget_during_an_extractions_hand_over_stops_it_writing(monkeypatch, isolated_env, tmp_path):
    # a long extraction lets a waiting command in between transactions; when that was `mem forget`, the
    # extraction went on through its open connection and reopened the index in a folder it made again
    from mem.customers.store import CustomerForgotten

    _import(isolated_env, tmp_path, "long", [("customer", "My passport number is XK4471923.")])
    store = CustomerStore.open(isolated_env, "long")
    monkeypatch.setattr("mem.customers.store.time", SimpleNamespace(  # this module's time only, not time.sleep
        sleep=lambda _s: delete_customer(isolated_env, "long"), time=time.time))
    with pytest.raises(CustomerForgotten, match="deleted or replaced"):
        store.hand_over()
    store.close()
    assert not (isolated_env / "customers" / "long").exists()


def test_forgotten_records_older_than_a_day_are_dropped(isolated_env):
    from mem.customers._layout import customers_root, forgotten_since, mark_forgotten

    root = customers_root(isolated_env)
    mark_forgotten(root, "old", now=1_000.0)
    assert forgotten_since(root, "old", 0.0) == 1_000.0 and forgotten_since(root, "old", 1_001.0) is None
    mark_forgotten(root, "new", now=1_000.0 + 2 * 24 * 3600)
    assert forgotten_since(root, "old", 0.0) is None and len(list((root / ".forgotten").glob("[!.]*"))) == 1


# review of round 16 ----------------------------------------------------------------------------------
def _case_insensitive(monkeypatch, hidden: str) -> None:
    """customers/<hidden> exists (it is the twin's folder, as on macOS or Windows) but is listed only under
    the twin's own name, as a case-insensitive file system lists it."""
    import os

    real = os.scandir

    class Listing(list):
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return None

    def scandir(path):
        with real(path) as entries:
            return Listing(entry for entry in entries if entry.name != hidden)

    monkeypatch.setattr("mem.customers._layout.os.scandir", scandir)


def test_forget_of_a_case_twin_never_deletes_the_other_customer(monkeypatch, isolated_env, tmp_path):
    from mem.customers.forget import stop_sharing

    _import(isolated_env, tmp_path, "acme", [("customer", "My passport number is XK4471923.")])
    (isolated_env / "customers" / "ACME").mkdir()  # stands for customers/acme seen through another case
    _case_insensitive(monkeypatch, "ACME")
    with pytest.raises(InvalidInput, match="differs only in case"):
        stop_sharing(isolated_env, "ACME")  # no memory.db under that name: it returned early, unchecked
    with pytest.raises(InvalidInput, match="differs only in case"):
        delete_customer(isolated_env, "ACME")
    assert (isolated_env / "customers" / "ACME").is_dir()
    assert not list((isolated_env / "customers").glob(".forgotten/[!.]*"))  # nothing recorded as deleted


def test_a_refused_open_does_not_write_the_forgotten_id_back_as_a_lock_file(isolated_env, tmp_path):
    from mem.customers.store import CustomerForgotten

    _import(isolated_env, tmp_path, "jo.example.com", [("customer", "My passport number is XK4471923.")])
    delete_customer(isolated_env, "jo.example.com")
    locks = isolated_env / "customers" / ".locks"
    assert not (locks / "jo.example.com.lock").exists()
    with pytest.raises(CustomerForgotten):
        CustomerStore.open(isolated_env, "jo.example.com", since=0.0)
    assert not (locks / "jo.example.com.lock").exists()


def test_a_forget_during_a_hand_over_leaves_no_lock_file(monkeypatch, isolated_env, tmp_path):
    from mem.customers.store import CustomerForgotten

    _import(isolated_env, tmp_path, "long", [("customer", "My passport number is XK4471923.")])
    store = CustomerStore.open(isolated_env, "long")
    monkeypatch.setattr("mem.customers.store.time", SimpleNamespace(  # this module's time only, not time.sleep
        sleep=lambda _s: delete_customer(isolated_env, "long"), time=time.time))
    with pytest.raises(CustomerForgotten):
        store.hand_over()
    store.close()
    assert not (isolated_env / "customers" / ".locks" / "long.lock").exists()


def test_a_policy_change_or_evidence_push_after_a_forget_never_makes_the_customer_again(monkeypatch, isolated_env,
                                                                                        tmp_path):
    # both read the list of customers, then open each: a forget in between used to make customers/<id> again
    from mem.client.evidence_push import push_evidence
    from mem.customers import policy_change

    _import(isolated_env, tmp_path, "pc", [("customer", "My passport number is XK4471923.")])
    real = policy_change.changed_pages

    def forget_then(old, new):  # runs after the time is taken, before the list is read and each store opened
        delete_customer(isolated_env, "pc")
        return real(old, new)

    import mem.customers as customers_package

    snapshot = customers_package.list_customers(isolated_env)
    monkeypatch.setattr(policy_change, "changed_pages", forget_then)
    monkeypatch.setattr("mem.customers.store.list_customers", lambda _home: snapshot)
    assert policy_change.flag_policy_changes(isolated_env, {"p": 1}, {"p": 2}) == {}
    assert not (isolated_env / "customers" / "pc").exists()
    monkeypatch.setattr(customers_package, "list_customers", lambda _home: snapshot)
    assert push_evidence(isolated_env, client=object())["sent"] == 0
    assert not (isolated_env / "customers" / "pc").exists()


def test_forgotten_records_are_named_by_a_digest_keyed_per_home(isolated_env, tmp_path):
    import hashlib

    from mem.customers._layout import customers_root, forgotten_since, mark_forgotten

    root = customers_root(isolated_env)
    mark_forgotten(root, "dana")
    names = [p.name for p in (root / ".forgotten").glob("[!.]*")]
    assert names and hashlib.sha256(b"dana").hexdigest() not in names  # not reversible by hashing guesses
    assert ((root / ".forgotten" / ".key").stat().st_mode & 0o077) == 0
    other = customers_root(tmp_path / "other-home")
    mark_forgotten(other, "dana")
    assert [p.name for p in (other / ".forgotten").glob("[!.]*")] != names  # another home, another name
    assert forgotten_since(root, "dana", 0.0) is not None and forgotten_since(root, "dan", 0.0) is None


def test_a_half_written_forgotten_record_is_dropped(isolated_env):
    import os

    from mem.customers._layout import customers_root, mark_forgotten

    root = customers_root(isolated_env)
    mark_forgotten(root, "first")
    left = root / ".forgotten" / ".abc.tmp"  # kill -9 between writing a record and moving it into place
    left.write_text("")  # nothing written yet: it does not parse
    os.utime(left, (0, 0))
    mark_forgotten(root, "second")
    assert not left.exists()


def test_a_forget_whose_rename_fails_leaves_no_record_of_a_deletion(monkeypatch, isolated_env, tmp_path):
    from mem.core.errors import StorageError
    from mem.customers._layout import customers_root, forgotten_since

    _import(isolated_env, tmp_path, "stay", [("customer", "My passport number is XK4471923.")])

    import os

    real = os.replace

    def refuse(source, target):
        if os.path.basename(source) == "stay":  # moving the customer's folder aside (the record goes through)
            raise PermissionError(13, "Permission denied")
        real(source, target)

    monkeypatch.setattr("mem.customers.forget.os.replace", refuse)
    with pytest.raises(StorageError, match="cannot delete"):
        delete_customer(isolated_env, "stay")
    monkeypatch.undo()
    assert (isolated_env / "customers" / "stay" / "memory.db").is_file()
    assert forgotten_since(customers_root(isolated_env), "stay", 0.0) is None
    with CustomerStore.open(isolated_env, "stay", since=0.0) as store:  # running commands go on
        assert store.log.conversations()


def _sqlite_error(tmp_path: Path, kind: str) -> Exception:
    import sqlite3

    if kind == "notadb":
        path = tmp_path / "garbage.db"
        path.write_bytes(b"not a database at all" * 400)
        statement, conn = "SELECT * FROM sqlite_master", sqlite3.connect(path)
    else:
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE TABLE t (a INTEGER PRIMARY KEY)")
        conn.execute("INSERT INTO t VALUES (1)")
        statement = "INSERT INTO t VALUES (1)"
    try:
        conn.execute(statement)
    except sqlite3.DatabaseError as exc:
        return exc
    finally:
        conn.close()
    raise AssertionError("no error")


def test_only_sqlites_corrupt_and_not_a_database_count_as_damage(monkeypatch, isolated_env, tmp_path):
    from mem.core.errors import StorageError
    from mem.customers import db
    from mem.customers.forget import stop_sharing

    damage, constraint = _sqlite_error(tmp_path, "notadb"), _sqlite_error(tmp_path, "constraint")
    assert db.is_damage(damage) and not db.is_damage(constraint)
    assert db.damage_in(StorageError("x").with_traceback(None)) is None
    _import(isolated_env, tmp_path, "dm", [("customer", "My passport number is XK4471923.")])
    for raised, expected in ((damage, "is damaged"), (constraint, None), (ValueError("bad record"), "is damaged")):
        def fail(_store, raised=raised):
            raise raised

        monkeypatch.setattr("mem.customers.erase.erased_decisions", fail)
        if expected is None:  # not damage: said in one line, not an internal error, and nothing is deleted
            with pytest.raises(StorageError, match="cannot read the memory"):
                stop_sharing(isolated_env, "dm")
        else:
            pending, why = stop_sharing(isolated_env, "dm")
            assert pending == 0 and expected in why


def test_a_forget_while_a_command_loads_its_settings_refuses_its_writes(monkeypatch, isolated_env, tmp_path):
    # the command's start was taken after its imports and Config.load: a forget in that time (seconds on a
    # loaded machine) was "before" the command, and the command made the customer again
    from mem.cli import app
    from mem.cli.main import main

    _import(isolated_env, tmp_path, "slow", [("customer", "My passport number is XK4471923.")])
    real = app.Config.load

    def load_while_forgotten(*args, **kwargs):
        delete_customer(isolated_env, "slow")
        return real(*args, **kwargs)

    monkeypatch.setattr(app.Config, "load", load_while_forgotten)
    assert main(["consent", "-c", "slow", "--share", "off"]) == 2
    assert not (isolated_env / "customers" / "slow").exists()


def test_a_conversation_older_than_the_forgotten_record_still_never_writes_the_customer_back(isolated_env,
                                                                                            tmp_path):
    # mem mcp runs for days: once another forget dropped the record (kept a day), a conversation that began
    # before the deletion wrote the customer back
    import shutil
    from datetime import datetime

    from mem.agent.customer_memory import CustomerMemory
    from mem.customers.store import CustomerForgotten

    _import(isolated_env, tmp_path, "days", [("customer", "My passport number is XK4471923.")])
    memory = CustomerMemory.open(isolated_env, "days")
    memory.release()
    delete_customer(isolated_env, "days")
    shutil.rmtree(isolated_env / "customers" / ".forgotten")  # the record dropped a day later
    with pytest.raises(CustomerForgotten, match="deleted or replaced"):
        memory.log_turn(session="s", role="customer", text="my new phone is 555-0199",
                        time=datetime(2026, 12, 5, tzinfo=UTC), meta={})
    memory.close()
    assert not (isolated_env / "customers" / "days").exists()


def test_an_mcp_session_starts_a_new_conversation_after_a_refused_call(isolated_env, tmp_path, monkeypatch):
    from mem.agent.mcp_server import CustomerSession
    from mem.customers.store import CustomerForgotten
    from mem.wiki.service_memory import WorkspaceServiceMemory

    _import(isolated_env, tmp_path, "mcp", [("customer", "My passport number is XK4471923.")])
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "mem.toml").write_text("")
    session = CustomerSession(Config.load(workspace=workspace, home=isolated_env), "mcp",
                              service=WorkspaceServiceMemory(workspace), learn=False)
    session.log_turn("customer", "hello")
    delete_customer(isolated_env, "mcp")
    with pytest.raises(CustomerForgotten):
        session.log_turn("customer", "my new phone is 555-0199")
    assert "logged" in session.log_turn("customer", "hello again")  # a new conversation, begun after it
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"555-0199" in p.read_bytes()] == []


def test_forget_erases_what_an_interrupted_restore_left_and_says_so(mem, isolated_env, tmp_path):
    # new-user report 25B #2: `kill -9` while a restore builds the new store leaves it, decrypted, in
    # customers/.restore-<id>-<ulid>/; `mem status` named nothing and `mem forget` said "no memory" (exit 2)
    from mem.core.ids import new_id

    _import(isolated_env, tmp_path, "busy", [("customer", "My passport number is XK4471923.")])
    root = isolated_env / "customers"
    (root / "busy").rename(root / f".restore-busy-{new_id()}")  # the new store, incomplete (no marker)
    status = json.loads(mem("--json", "status").stdout)
    assert status["interrupted_restores"] == ["busy"] and status["interrupted_imports"] == []
    result = mem("--json", "forget", "-c", "busy", "--yes")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["remains_only"] is True
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()] == []
    assert json.loads(mem("--json", "status").stdout)["interrupted_restores"] == []
    assert mem("forget", "-c", "busy", "--yes").exit_code == 2  # now there is nothing left to delete


def test_forget_tells_an_operator_it_erased_the_remains(mem, isolated_env, tmp_path):
    from mem.core.ids import new_id

    _import(isolated_env, tmp_path, "busy", [("customer", "My passport number is XK4471923.")])
    root = isolated_env / "customers"
    (root / "busy").rename(root / f".trash-busy-{new_id()}")  # killed between the two renames of the swap
    (root / f".restore-busy-{new_id()}").mkdir()
    result = mem("forget", "-c", "busy", "--yes", "--local-only")
    assert result.exit_code == 0, result.stderr
    # the old store was put back by the settling and then deleted: the customer's whole memory, not remains
    assert result.stdout.startswith("deleted all memory of busy on this client")
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()] == []


def test_settling_one_customers_restore_leaves_another_customers_alone(isolated_env, tmp_path):
    # customer "a-b"'s restore is being built under its own lock; settling customer "a" must not take it
    from mem.core.ids import new_id
    from mem.customers._layout import recover_swap

    _import(isolated_env, tmp_path, "a", [("customer", "My order is 1234.")])
    root = isolated_env / "customers"
    other = root / f".restore-a-b-{new_id()}"
    other.mkdir()
    (other / "memory.db").write_bytes(b"in progress")
    recover_swap(root, "a")
    assert (other / "memory.db").read_bytes() == b"in progress"


def test_forget_of_an_interrupted_first_import_says_what_it_erased(mem, isolated_env, tmp_path):
    from mem.core.ids import new_id

    _import(isolated_env, tmp_path, "fresh", [("customer", "My passport number is XK4471923.")])
    root = isolated_env / "customers"
    (root / "fresh").rename(root / f".import-fresh-{new_id()}")  # a first import killed before its rename
    result = mem("forget", "-c", "fresh", "--yes", "--local-only")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("deleted the remains of an interrupted restore or import of fresh")
    assert [p for p in isolated_env.rglob("*") if p.is_file() and b"XK4471923" in p.read_bytes()] == []


def test_a_command_begun_before_forget_erased_a_restores_remains_never_writes_the_customer_back(isolated_env,
                                                                                               tmp_path):
    # the remains-only erasure is recorded as a deletion's is: a conversation that began before it is refused, one
    # begun after it starts the customer afresh
    from mem.core.ids import new_id
    from mem.customers.forget import settle_remains
    from mem.customers.store import CustomerForgotten

    _import(isolated_env, tmp_path, "busy", [("customer", "My passport number is XK4471923.")])
    root = isolated_env / "customers"
    (root / "busy").rename(root / f".restore-busy-{new_id()}")  # the new store, incomplete (no marker)
    assert settle_remains(isolated_env, "busy") is True
    with pytest.raises(CustomerForgotten):
        CustomerStore.open(isolated_env, "busy", since=0.0)
    assert not (root / "busy").exists()
    with CustomerStore.open(isolated_env, "busy") as again:
        assert again.facts.list() == []
