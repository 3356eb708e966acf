"""A kill in the middle of extraction, and two extracting processes at once, leave memory consistent."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore

CHILD = textwrap.dedent("""
    import json, sys, time
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore
    home = sys.argv[1]
    # small batches: each commits on its own, so the kill lands between and inside transactions
    config = Config.load(home=home, env={}).overlay({"extract": {"batch_turns": 6}})
    with CustomerStore.open(home, "cust-k", lock_timeout=60) as store:
        def progress(done, total, what):
            print("progress", done, flush=True)
            time.sleep(0.02)  # leaves the parent time to kill while work remains, even on a loaded machine
        report = extract_pending(store, config=config, on_progress=progress)
    print("report " + json.dumps({"added": len(report.added), "conversations": report.conversations}), flush=True)
""")

CONVERSATIONS = 90


def make_log(path: Path) -> Path:
    lines = []
    for n in range(CONVERSATIONS):
        day = f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}"
        lines += [
            {"session": f"s{n}", "time": f"{day}T10:00:00", "role": "customer",
             "text": f"I ordered item number {n} last week. Can I get a refund for order {n}?"},
            {"session": f"s{n}", "time": f"{day}T10:01:00", "role": "agent", "text": "Let me check that for you."},
            {"session": f"s{n}", "time": f"{day}T10:02:00", "role": "customer",
             "text": f"The parcel {n} arrived with a cracked lid and a missing manual."},
        ]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def run_child(home: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEM_")}
    return subprocess.Popen([sys.executable, "-c", CHILD, str(home)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


def consistent(home: Path) -> tuple[int, int]:
    """Every conversation is either fully extracted with its facts, or pending with none; returns counts."""
    with CustomerStore.open(home, "cust-k") as store:
        conversations = store.log.conversations()
        facts = store.facts.list(statuses=None)
        by_conversation: dict[str, int] = {}
        for fact in facts:
            if fact.kind == "trait":
                continue  # a trait quotes several conversations
            for evidence in fact.evidence:
                by_conversation[evidence.log_id] = by_conversation.get(evidence.log_id, 0) + 1
        done = 0
        for conversation in conversations:
            assert conversation.extracted in (0, len(conversation.turns))
            if conversation.extracted:
                done += 1
                assert by_conversation.get(conversation.id, 0) > 0
            else:
                assert by_conversation.get(conversation.id, 0) == 0, "facts of an unextracted conversation"
        quotes = [(e.turn, e.quote) for f in facts if f.kind != "trait" for e in f.evidence]
        assert len(quotes) == len(set(quotes)), "a turn was extracted twice"
        return done, len(facts)


_expected: list[int] = []


def expected_fact_count(tmp_path: Path) -> int:
    """Facts an uninterrupted single run makes from the same log (computed once per module)."""
    if _expected:
        return _expected[0]
    home = tmp_path / "reference-home"
    with CustomerStore.open(home, "cust-k") as store:
        store.log.import_file(make_log(tmp_path / "ref.jsonl"))
        extract_pending(store, config=Config.load(home=home, env={}))
        _expected.append(len(store.facts.list(statuses=None)))
        return _expected[0]


def test_kill_mid_extraction_then_rerun_completes(tmp_path):
    home = tmp_path / "home"
    with CustomerStore.open(home, "cust-k") as store:
        store.log.import_file(make_log(tmp_path / "log.jsonl"))
    child = run_child(home)
    seen = 0
    for line in child.stdout:
        if line.startswith("progress"):
            seen += 1
            if seen == 10:
                child.send_signal(signal.SIGKILL)
                break
    child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL, "extraction finished before the kill; the test proves nothing"
    done, _ = consistent(home)
    assert 10 <= done < CONVERSATIONS
    with CustomerStore.open(home, "cust-k") as store:
        report = extract_pending(store, config=Config.load(home=home, env={}))
    assert report.conversations == CONVERSATIONS - done
    done, facts = consistent(home)
    assert done == CONVERSATIONS
    assert facts == expected_fact_count(tmp_path)


def test_two_processes_extracting_at_once(tmp_path):
    home = tmp_path / "home"
    with CustomerStore.open(home, "cust-k") as store:
        store.log.import_file(make_log(tmp_path / "log.jsonl"))
    first, second = run_child(home), run_child(home)
    reports = []
    for child in (first, second):
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1].removeprefix("report ")))
    assert sum(r["conversations"] for r in reports) == CONVERSATIONS  # each conversation extracted exactly once
    done, facts = consistent(home)
    assert done == CONVERSATIONS and facts == expected_fact_count(tmp_path)


REJUDGE_CHILD = textwrap.dedent("""
    import sys, time
    import mem.customers.rejudge as rejudge_module
    from mem.customers.store import CustomerStore
    real_slot_of = rejudge_module.slot_of

    def slot_of_then_hang(fact):  # the Osaka home is saved as replaced, inside the transaction, by now
        if "Park Row" in fact.text:
            print("midway", flush=True)
            time.sleep(120)
        return real_slot_of(fact)

    rejudge_module.slot_of = slot_of_then_hang
    with CustomerStore.open(sys.argv[1], "cust-again", lock_timeout=60) as store:
        rejudge_module.rejudge(store)
""")


def test_kill_during_extract_again_leaves_every_fact_as_it_was(tmp_path, monkeypatch):
    import mem.customers.extract as extract_module
    from mem.customers.judge import Judgement
    from mem.customers.rejudge import rejudge

    home = tmp_path / "home"
    log = tmp_path / "again.jsonl"
    log.write_text("\n".join(json.dumps({"session": s, "time": t, "role": "customer", "text": x}) for s, t, x in [
        ("s1", "2025-09-28T10:00:00", "大阪市北区に住んでいます。"),
        ("s2", "2025-10-28T10:00:00", "住所変更です。福岡県福岡市中央区天神2-5-1になりました。"),
        ("s3", "2025-11-02T10:00:00", "My sister's address is 4 Park Row, York."),
    ]) + "\n")
    with CustomerStore.open(home, "cust-again") as store:  # as an older mem left it: every fact added
        store.log.import_file(log)
        monkeypatch.setattr(extract_module, "judge", lambda candidate, similar: Judgement("ADD", None, "older mem"))
        extract_pending(store, config=Config.load(home=home, env={}))
        monkeypatch.undo()
        before = [(f.id, f.status, f.superseded_by, f.supersedes) for f in store.facts.list(statuses=None)]
    assert sum(status == "active" for _, status, _, _ in before) == 3

    env = {k: v for k, v in os.environ.items() if not k.startswith("MEM_")}
    child = subprocess.Popen([sys.executable, "-c", REJUDGE_CHILD, str(home)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    line = child.stdout.readline()
    assert line.strip() == "midway", child.stderr.read()
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL

    with CustomerStore.open(home, "cust-again", lock_timeout=5) as store:  # the lock died with the process
        after = [(f.id, f.status, f.superseded_by, f.supersedes) for f in store.facts.list(statuses=None)]
        assert after == before  # the replacement saved before the kill is undone
        report = rejudge(store)  # and the next run does the whole job
        assert len(report.replaced) == 1
        active = [f.text for f in store.facts.list(statuses=["active"])]
    assert not any("大阪" in text for text in active) and any("福岡" in text for text in active)
