"""``scripts/audit_facts.py --labelled``: the measure of fact quality against hand-labelled sentences.

Scores must mean what docs/extraction.md says: a fact is junk only when every labelled sentence its
customer quote covers is junk; recall counts labelled fact sentences covered by some fact, so storing
nothing scores 0 % recall; bad label files are refused with one line naming the line.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers.fact_record import Evidence

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
_spec = importlib.util.spec_from_file_location("audit_facts", SCRIPTS / "audit_facts.py")
audit = importlib.util.module_from_spec(_spec)
sys.modules["audit_facts"] = audit  # its dataclasses look their module up there
_spec.loader.exec_module(audit)

TURNS = {
    "t1": ("customer", "Hi! I bought a kettle last week. The lid is broken. Thanks so much!"),
    "t2": ("agent", "Sorry to hear that. Which colour?"),
    "t3": ("customer", "Blue. You are the best!"),
}
LABELS = [
    ("t1", "Hi!", "junk"), ("t1", "I bought a kettle last week.", "fact"), ("t1", "The lid is broken.", "fact"),
    ("t1", "Thanks so much!", "junk"), ("t3", "Blue.", "fact"), ("t3", "You are the best!", "junk"),
]


def _write(folder: Path, name: str = "chat") -> Path:
    conversation = folder / f"{name}.jsonl"
    conversation.write_text("".join(json.dumps({"id": turn, "time": "2026-01-05T10:00:00", "role": role, "text": text,
                                                "session": "s1"}) + "\n" for turn, (role, text) in TURNS.items()),
                            encoding="utf-8")
    (folder / f"{name}.labels.jsonl").write_text("".join(
        json.dumps({"turn": turn, "sentence": sentence, "label": label, "why": "test"}) + "\n"
        for turn, sentence, label in LABELS), encoding="utf-8")
    return conversation


class _Fact:
    def __init__(self, *quotes: tuple[str, str]) -> None:
        self.kind = "event"
        self.evidence = tuple(Evidence(log_id="c", turn=turn, role="customer", quote=quote, said_on=date(2026, 1, 5))
                              for turn, quote in quotes)


def _labels(tmp_path: Path) -> list:
    path = _write(tmp_path)
    return audit.read_labels(path.with_name("chat.labels.jsonl"), audit.read_conversation(path))


def test_a_fact_is_junk_only_when_every_sentence_it_covers_is_junk(tmp_path: Path) -> None:
    labels = _labels(tmp_path)
    facts = [_Fact(("t1", "Hi! I bought a kettle last week.")),  # a junk and a fact sentence: not junk
             _Fact(("t3", "You are the best!")),  # junk only
             _Fact(("t1", "Thanks so much!"), ("t3", "You are the best!"))]  # junk in two turns
    result = audit.score(facts, TURNS, labels, "chat")
    assert (result.facts, result.junk, result.unlabelled) == (3, 2, 0)
    assert result.junk_share == pytest.approx(2 / 3)
    assert (result.fact_sentences, result.covered) == (3, 1)
    assert [label.sentence for label in result.missed] == ["The lid is broken.", "Blue."]


def test_storing_nothing_has_no_recall_and_a_quote_outside_the_labels_is_counted_apart(tmp_path: Path) -> None:
    labels = _labels(tmp_path)
    assert audit.score([], TURNS, labels, "chat").recall == 0.0
    odd = audit.score([_Fact(("t2", "Which colour?"))], TURNS, labels, "chat")
    assert (odd.facts, odd.junk, odd.unlabelled, odd.junk_share) == (1, 0, 1, 0.0)


def test_a_quote_covers_a_sentence_when_it_overlaps_half_of_the_shorter(tmp_path: Path) -> None:
    label = audit.Label("t1", 10, 30, "x" * 20, "fact", "")
    assert audit.covers((10, 30), label)
    assert audit.covers((15, 22), label)  # a clause inside the sentence
    assert audit.covers((0, 20), label)  # half of the sentence
    assert not audit.covers((0, 14), label)  # four characters of it
    assert not audit.covers((30, 40), label)


@pytest.mark.parametrize(("line", "message"), [
    ({"turn": "t9", "sentence": "Blue.", "label": "fact"}, "turn 't9' is not in the conversation"),
    ({"turn": "t2", "sentence": "Which colour?", "label": "junk"}, "is not a customer turn"),
    ({"turn": "t3", "sentence": "Blue.", "label": "maybe"}, "label must be"),
    ({"turn": "t3", "sentence": "Red.", "label": "fact"}, "not verbatim in turn 't3'"),
])
def test_bad_labels_are_refused_naming_the_line(tmp_path: Path, line: dict, message: str) -> None:
    path = _write(tmp_path)
    labels = path.with_name("chat.labels.jsonl")
    labels.write_text(labels.read_text(encoding="utf-8") + json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match=f"line 7: .*{message}"):
        audit.read_labels(labels, audit.read_conversation(path))


def test_the_script_scores_a_folder_file_by_file_and_overall(tmp_path: Path) -> None:
    _write(tmp_path, "one")
    _write(tmp_path, "two")
    done = subprocess.run([sys.executable, str(SCRIPTS / "audit_facts.py"), "--labelled", str(tmp_path), "--show"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| one") or line.startswith("| two")
            or line.startswith("| **all**")]
    assert len(rows) == 3
    one, two, total = ([cell.strip() for cell in row.split("|")] for row in rows)
    assert one[2:] == two[2:]  # the same conversation scores the same
    assert int(total[6]) == 6  # three fact sentences in each file
    assert int(total[2]) == 2 * int(one[2]) and int(total[7]) == 2 * int(one[7])
    missed = 3 - int(one[7])
    assert done.stdout.count("one: missed ") == missed


def test_a_labelled_conversation_dated_after_today_is_scored(tmp_path: Path) -> None:
    # held-out sets are written with made-up dates (held-out 5's ja-15 is dated 2027-01-03): `mem log import` refuses a
    # time after now as a device clock ahead, and the audit refused the whole folder with it
    path = _write(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("2026-01-05", "2031-01-05"), encoding="utf-8")
    facts = audit.extract_file(path, tmp_path / "home")
    assert facts and all(e.said_on.year == 2031 for fact in facts for e in fact.evidence if e.role == "customer")


def test_the_script_refuses_a_conversation_without_labels_in_one_line(tmp_path: Path) -> None:
    _write(tmp_path).with_name("chat.labels.jsonl").unlink()
    done = subprocess.run([sys.executable, str(SCRIPTS / "audit_facts.py"), "--labelled", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no labels file" in done.stderr


@pytest.mark.parametrize("folder", ["conversations", "conversations_check"])
def test_the_labelled_conversations_are_labelled_in_full(folder: str) -> None:
    """Every customer sentence of scripts/data/<folder> has a label (what the junk share is read over)."""
    files = audit.labelled_files(SCRIPTS / "data" / folder)
    assert {path.name[:2] for path in files} == {"en", "ko", "ja"}
    for path in files:
        turns = audit.read_conversation(path)
        labels = audit.read_labels(path.with_name(path.name.removesuffix(".jsonl") + ".labels.jsonl"), turns)
        for turn, (role, text) in turns.items():
            if role == "customer":
                spans = sorted((label.start, label.end) for label in labels if label.turn == turn)
                assert spans, f"{path.name}: {turn} has no label"
                covered = sum(end - start for start, end in spans)
                assert covered >= len(text.replace(" ", "")) * 0.9, f"{path.name}: {turn} is not labelled in full"
