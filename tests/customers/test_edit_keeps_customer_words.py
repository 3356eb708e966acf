"""``mem facts edit --text`` keeps the customer's quote and stores the correction as the operator's
(who, when); the fact's date follows a day the corrected text names (NEWUSER_REPORT20 #10)."""

from __future__ import annotations

import json
from datetime import date

from mem.customers import CustomerStore, Evidence, Fact

QUOTE = "I bought the reporting add-on 18 days ago, order number ORD-99812734, delivered to 42 Elm Street."
FIXED = "I bought the reporting add-on 25 days ago, order number ORD-99812734."


def _seed(home) -> Fact:
    with CustomerStore.open(home, "alice") as store:
        return store.facts.add(Fact.new("event", QUOTE, valid_at=date(2026, 11, 2), evidence=[
            Evidence("c1", "c1-0001", "customer", QUOTE, speaker="Alice", said_on=date(2026, 11, 20))]))


def test_the_customer_quote_stays_and_the_correction_is_the_operators(isolated_env):
    fact = _seed(isolated_env)
    with CustomerStore.open(isolated_env, "alice") as store:
        edited = store.facts.edit(fact.id, text=FIXED, reason="customer corrected the day", by="dpo")
    customer = [e for e in edited.evidence if e.role in ("customer", "customer-corrected")]
    assert [(e.role, e.quote) for e in customer] == [("customer-corrected", QUOTE)]
    [correction] = [e for e in edited.evidence if e.role == "operator"]
    assert (correction.quote, correction.speaker, correction.log_id) == (FIXED, "dpo", "correction")
    assert correction.turn.startswith("20")  # when
    assert not any(e.role == "customer" and e.quote == FIXED for e in edited.evidence)
    # the statement reads the correction, the date follows it
    assert "25 days ago (2026-10-26)" in edited.statement and "18 days" not in edited.statement
    assert edited.valid_at == date(2026, 10, 26)


def test_a_corrected_text_naming_no_day_keeps_the_date_and_an_explicit_date_wins(isolated_env):
    fact = _seed(isolated_env)
    with CustomerStore.open(isolated_env, "alice") as store:
        assert store.facts.edit(fact.id, text="I bought the reporting add-on.").valid_at == date(2026, 11, 2)
        assert store.facts.edit(fact.id, text=FIXED, valid_at=date(2026, 10, 1)).valid_at == date(2026, 10, 1)
        again = store.facts.edit(fact.id, text="I bought the analytics add-on 25 days ago.")
    # a second correction replaces the first; the customer's own words are still there, once
    assert [e.role for e in again.evidence] == ["customer-corrected", "operator"]
    assert again.evidence[0].quote == QUOTE


def test_facts_show_labels_the_correction_as_the_operators(mem, isolated_env):
    fact = _seed(isolated_env)
    result = mem("facts", "edit", fact.id, "-c", "alice", "--text", FIXED, "--by", "dpo")
    assert result.exit_code == 0, result.stderr
    shown = mem("facts", "show", fact.id, "-c", "alice").stdout
    assert f'evidence (customer, before the correction): "{QUOTE}"' in shown
    assert "correction (operator dpo, " in shown and f'"{FIXED}"' in shown
    assert f'evidence (customer): "{FIXED}"' not in shown
    assert "2026-10-26  event" in shown
    data = json.loads(mem("--json", "facts", "show", fact.id, "-c", "alice").stdout)
    assert [e["role"] for e in data["evidence"]] == ["customer-corrected", "operator"]


def test_an_answer_does_not_quote_the_corrected_words_as_the_customers(mem, isolated_env, tmp_path):
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n", encoding="utf-8")
    assert mem("--workspace", ws, "ingest", doc, "--id", "refund-policy").exit_code == 0
    fact = _seed(isolated_env)
    assert mem("facts", "edit", fact.id, "-c", "alice", "--text", FIXED, "--by", "dpo").exit_code == 0
    result = mem("--workspace", ws, "ask", "-c", "alice", "--dry-run", "When did I buy the reporting add-on?")
    assert result.exit_code == 0, result.stderr
    assert FIXED in result.stdout  # the fact, as corrected
    assert f'you said: "{QUOTE}"' not in result.stdout and f'you said: "{FIXED}"' not in result.stdout
