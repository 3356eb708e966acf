"""Customer context: budget, demotion of the least important item to a fact with history, proposals."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput, NotFound, Refused
from mem.customers import CustomerStore, Fact


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(isolated_env, "acme") as s:
        yield s


def test_items_within_budget_are_kept(store):
    store.context.add("Enterprise tier", source="service", budget_chars=100)
    change = store.context.add("Answer in Japanese", source="customer", budget_chars=100)
    assert change.kept and change.demoted == () and change.used_chars == len("Enterprise tier") + len(
        "Answer in Japanese")
    assert [i.text for i in store.context.items()] == ["Enterprise tier", "Answer in Japanese"]


def test_overflow_demotes_least_important_to_a_fact_with_history(store):
    store.context.add("Enterprise tier", source="service", budget_chars=40)
    store.context.add("Answer in Japanese", source="customer", budget_chars=40)
    change = store.context.add("Account manager: Sato", source="service", budget_chars=40)
    assert change.kept
    [demoted] = change.demoted
    assert demoted.text == "Answer in Japanese" and demoted.kind == "preference" and demoted.status == "active"
    assert [i.text for i in store.context.items()] == ["Enterprise tier", "Account manager: Sato"]
    history = store.facts.history(demoted.id)
    assert history[0].action == "demoted from context" and "over budget" in history[0].reason
    assert store.facts.search("Japanese")[0].fact.id == demoted.id
    assert [row["action"] for row in store.context.changes()] == ["added", "added", "added", "demoted"]


def test_new_item_can_be_the_one_demoted(store):
    store.context.add("Enterprise tier", source="service", budget_chars=20)
    change = store.context.add("Likes short answers", source="customer", budget_chars=20)
    assert not change.kept and change.demoted[0].text == "Likes short answers"


def test_equal_importance_demotes_the_oldest(store):
    store.context.add("first item", source="customer", budget_chars=20)
    change = store.context.add("second item", source="customer", budget_chars=20)
    assert [f.text for f in change.demoted] == ["first item"]


def test_promoted_fact_is_demoted_back_to_the_same_fact(store):
    fact = store.facts.add(Fact.new("attribute", "Is on the Enterprise plan", valid_at=date(2024, 1, 1)))
    store.context.add(fact.text, source="promoted", fact_id=fact.id, budget_chars=40)
    change = store.context.add("Answer in Japanese please", source="customer", budget_chars=40)
    assert [f.id for f in change.demoted] == [fact.id]
    assert [h.action for h in store.facts.history(fact.id)] == ["added", "promoted to context", "demoted from context"]
    assert len(store.facts.list()) == 1


def test_item_longer_than_budget_is_refused(store):
    with pytest.raises(Refused):
        store.context.add("x" * 50, source="customer", budget_chars=10)
    with pytest.raises(InvalidInput):
        store.context.add("   ", source="customer", budget_chars=10)
    with pytest.raises(InvalidInput):
        store.context.add("ok", source="gossip", budget_chars=10)


def test_key_replaces_service_slot(store):
    store.context.add("Standard tier", source="service", key="tier", budget_chars=100)
    change = store.context.add("Enterprise tier", source="service", key="tier", budget_chars=100)
    assert change.replaced.text == "Standard tier"
    assert [i.text for i in store.context.items()] == ["Enterprise tier"]


def test_unconfirmed_proposals_are_not_injected_until_confirmed(store):
    store.context.add("Enterprise tier", source="service", budget_chars=30)
    proposal = store.context.add("Asks for exceptions", source="promoted", confirmed=False, budget_chars=30)
    assert proposal.kept and [i.text for i in store.context.items()] == ["Enterprise tier"]
    assert len(store.context.items(include_unconfirmed=True)) == 2
    change = store.context.confirm(proposal.item.id, budget_chars=30)
    assert not change.kept and change.demoted[0].text == "Asks for exceptions"


def test_remove(store):
    item = store.context.add("Answer in Japanese", source="customer", budget_chars=100).item
    assert store.context.remove(item.id).id == item.id
    assert store.context.items() == []
    with pytest.raises(NotFound):
        store.context.remove(item.id)


def test_an_item_filling_an_every_conversation_slot_replaces_the_old_one_without_a_key(store):
    store.context.add("Enterprise tier", source="service", budget_chars=200)
    store.context.add("Answer in Japanese.", source="customer", budget_chars=200)
    store.context.add("Shipping address on file is the office.", source="service", budget_chars=200)
    change = store.context.add("Business tier", source="service", budget_chars=200)
    assert change.replaced.text == "Enterprise tier" and change.item.key == "tier"
    store.context.add("Answer in Korean.", source="customer", budget_chars=200)
    assert sorted(i.text for i in store.context.items()) == [
        "Answer in Korean.", "Business tier", "Shipping address on file is the office."]


def test_an_importance_sqlite_cannot_hold_is_refused_naming_it(store):
    """``--importance 99999999999999999999`` was "internal error: OverflowError" from SQLite."""
    with pytest.raises(InvalidInput, match="importance 99999999999999999999 is out of range"):
        store.context.add("Answer in Japanese", source="customer", budget_chars=600,
                          importance=99999999999999999999)
    assert store.context.items(include_unconfirmed=True) == []


@pytest.mark.parametrize("key", ["", "../x", "a b", "x" * 65])
def test_a_slot_key_given_by_hand_is_a_name(store, key):
    # `mem context set --key ""` or `--key ../x` was stored as a slot
    with pytest.raises(InvalidInput, match="invalid context key"):
        store.context.add("Business tier", source="service", budget_chars=600, key=key)
    assert store.context.add("Business tier", source="service", budget_chars=600, key="tier").item.key == "tier"


def test_cli_refuses_a_bad_key_before_a_store_is_made(mem, isolated_env):
    result = mem("context", "set", "-c", "new-cust", "--key", "../x", "--from-service", "Business tier")
    assert result.exit_code == 2 and result.stderr.startswith("Error: invalid context key '../x'")
    assert not (isolated_env / "customers" / "new-cust").exists()


def test_cli_add_refuses_a_tier_at_the_customers_request_before_a_store_is_made(mem, isolated_env):
    # `mem context add` is the customer's request; the contract tier a know-how condition reads is the service's
    result = mem("context", "add", "-c", "new-cust", "Enterprise tier")
    assert result.exit_code == 1 and result.stderr.startswith("Error: the customer's tier is set by the service only")
    assert "Traceback" not in result.stderr and not (isolated_env / "customers" / "new-cust").exists()
    assert mem("context", "set", "-c", "new-cust", "--from-service", "Enterprise tier").exit_code == 0


def test_cli_list_marks_a_tier_made_from_the_customers_words_before_as_not_injected(mem, isolated_env):
    with CustomerStore.open(isolated_env, "old-cust") as old:
        old.conn.execute("INSERT INTO context_items (id, key, text, source, importance, confirmed, fact_id, created_at)"
                         " VALUES ('i1', 'tier', 'Contract tier: enterprise.', 'customer', 2, 1, NULL,"
                         " '2025-05-01T00:00:00Z')")
        old.conn.commit()
    result = mem("context", "list", "-c", "old-cust")
    assert result.exit_code == 0 and "Contract tier: enterprise.  (the customer's claim" in result.stdout


@pytest.mark.parametrize("typed, stored", [
    ("Call me\x01 Dr Kim", "Call me Dr Kim"),
    ("Prefers email\rnot phone", "Prefers email not phone"),
    ("\ufeffVIP customer", "VIP customer"),
    ("Answer in\x1b[2J Korean\n", "Answer in Korean"),
])
def test_an_item_is_stored_without_control_characters_or_a_byte_order_mark(store, typed, stored):
    # they were kept as typed: invisible in every conversation's prompt, and counted against the budget
    change = store.context.add(typed, source="customer", budget_chars=600)
    assert change.item.text == stored and change.used_chars == len(stored)
    assert [i.text for i in store.context.items()] == [stored]


def test_an_item_of_control_characters_only_is_refused(store):
    with pytest.raises(InvalidInput, match="needs text"):
        store.context.add("\ufeff\x01\r", source="customer", budget_chars=600)


def test_a_corrected_fact_is_cleaned_like_a_context_item(store):
    fact = store.facts.add(Fact.new("preference", "Prefers email", valid_at=date(2024, 1, 1)))
    assert store.facts.edit(fact.id, text="\ufeffPrefers\x01 email\rnot phone").text == "Prefers email not phone"
    with pytest.raises(InvalidInput, match="empty"):
        store.facts.edit(fact.id, text="\x01 ")
