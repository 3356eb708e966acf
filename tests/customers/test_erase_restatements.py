"""Erase reaches every turn that restates the erased fact: mem's own logged answers that quote it, and
imported agent turns that repeat its data (NEWUSER_REPORT15 #1). Each test greps every file mem wrote
for the customer (logs, memory.db, the index) and the backup payload for the erased words."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mem.core.config import Config
from mem.customers import CustomerStore, export_customer
from mem.customers.extract import extract_pending

CONVERSATION = [
    ("customer", "My passport number is XK4471923."),
    ("agent", "Got it, passport XK4471923 is on file."),
    ("customer", "I live at 3 Drizzlewick Lane in Bristol."),
    ("agent", "Thanks, parcels will go to 3 Drizzlewick Lane from now on."),
    ("customer", "Can you refund the shipping fee on my late parcel?"),
    ("agent", "Yes, we will refund the shipping fee on your late parcel."),
]


def files_holding(home: Path, customer: str, *words: str) -> list[str]:
    """Every file of the customer's folder holding one of ``words``, and the backup payload if it does."""
    found = [str(p.relative_to(home)) for p in (home / "customers" / customer).rglob("*")
             if p.is_file() and any(w.lower().encode() in p.read_bytes().lower() for w in words)]
    payload = gzip.decompress(export_customer(home, customer, include_logs=True)).decode("utf-8").lower()
    return found + [f"backup: {w}" for w in words if w.lower() in payload]


@pytest.fixture
def imported(isolated_env: Path, tmp_path: Path) -> Path:
    log = tmp_path / "conv.jsonl"
    log.write_text("".join(json.dumps({"role": role, "text": text, "time": f"2026-11-0{1 + n // 2}T10:0{n}:00Z",
                                       "conversation": "c1"}) + "\n" for n, (role, text) in enumerate(CONVERSATION)))
    with CustomerStore.open(isolated_env, "pp") as store:
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=isolated_env))
    return isolated_env


def _fact(store: CustomerStore, word: str) -> str:
    return next(f.id for f in store.facts.list(statuses=None) if word in f.text)


def test_an_agent_turn_that_repeated_the_data_loses_it(imported):
    with CustomerStore.open(imported, "pp") as store:
        store.facts.erase(_fact(store, "XK4471923"))
        store.facts.erase(_fact(store, "Drizzlewick"))
        turns = [t.text for t in store.log.conversations()[0].turns]
    assert files_holding(imported, "pp", "XK4471923", "Drizzlewick") == []
    assert turns[1] == "Got it, [erased] [erased] is on file."
    # the refund request and the agent's yes belong to another fact: they stay as they were said
    assert turns[4:] == [CONVERSATION[4][1], CONVERSATION[5][1]]


def test_an_erase_keeps_the_words_of_the_other_facts_of_the_conversation(imported):
    with CustomerStore.open(imported, "pp") as store:
        store.facts.erase(_fact(store, "XK4471923"))
        turns = [t.text for t in store.log.conversations()[0].turns]
    assert "Drizzlewick" in turns[3] and "refund the shipping fee" in turns[5]
    assert files_holding(imported, "pp", "XK4471923") == []


def test_mems_own_answer_that_quoted_the_fact_is_redacted(mem, isolated_env, tmp_path):
    workspace = tmp_path / "ws"
    assert mem("init", workspace).exit_code == 0
    said = "I bought a Quibbleton kettle 20 days ago and it arrived dented, my order is QX-55120."
    assert mem("--workspace", workspace, "ask", "-c", "r", said).exit_code == 0
    asked = mem("--workspace", workspace, "ask", "-c", "r", "Can I get a refund for the Quibbleton kettle?")
    assert asked.exit_code == 0 and "QX-55120" in asked.stdout  # the answer quotes the fact, and is logged
    facts = json.loads(mem("--json", "facts", "list", "-c", "r").stdout)
    fact_id = next(f["id"] for f in facts if "QX-55120" in f["text"])
    assert mem("facts", "erase", "-c", "r", fact_id, "--yes").exit_code == 0
    assert files_holding(isolated_env, "r", "QX-55120", "dented") == []
    # the later request is a fact of its own: its words stay
    assert files_holding(isolated_env, "r", "Can I get a refund for the Quibbleton kettle?")


def test_an_answer_that_cites_the_fact_in_other_words_loses_them(mem, isolated_env, tmp_path):
    workspace = tmp_path / "ws"
    assert mem("init", workspace).exit_code == 0
    for said in ("I keep my spare key under the blue flowerpot.", "Where is my spare key?"):
        assert mem("--workspace", workspace, "ask", "-c", "m", said).exit_code == 0
    with CustomerStore.open(isolated_env, "m") as store:
        fact = next(f for f in store.facts.list() if "flowerpot" in f.text)
        answers = [t for c in store.log.conversations() for t in c.turns if t.role == "agent"]
        assert fact.id in answers[-1].meta["fact_refs"]  # mem logs which facts an answer cites
        # a model's answer puts the fact in its own words: the citation finds it
        conversation = store.log.new_conversation(session="model")
        store.log.append_turn(conversation, role="agent", text="You said the spare key lies beneath a blue flowerpot.",
                              meta={"fact_refs": [fact.id], "engine": "model"})
        store.facts.erase(fact.id)
        said = store.log.get(conversation).turns[0].text
    assert "flowerpot" not in said and said.startswith("You said the")
    assert files_holding(isolated_env, "m", "flowerpot") == []


def test_what_counts_as_an_identifier():
    from mem.customers.log_scrub import identifiers

    said = ("My order is QX-55120, call 555-111-2222 or dana.w@example.com; passport XK4471923. "
            "Born 1987, bought on 2026-11-15 for 30 dollars.")
    # a year, a day mem writes on every fact line and an amount are no identifiers: they stay elsewhere
    assert identifiers([said]) == {"QX-55120", "555-111-2222", "dana.w@example.com", "XK4471923"}
