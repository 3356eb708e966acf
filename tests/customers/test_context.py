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
    store.add_context("Enterprise tier", source="service", budget_chars=100)
    change = store.add_context("Answer in Japanese", source="customer", budget_chars=100)
    assert change.kept and change.demoted == () and change.used_chars == len("Enterprise tier") + len(
        "Answer in Japanese")
    assert [i.text for i in store.context_items()] == ["Enterprise tier", "Answer in Japanese"]


def test_overflow_demotes_least_important_to_a_fact_with_history(store):
    store.add_context("Enterprise tier", source="service", budget_chars=40)
    store.add_context("Answer in Japanese", source="customer", budget_chars=40)
    change = store.add_context("Account manager: Sato", source="service", budget_chars=40)
    assert change.kept
    [demoted] = change.demoted
    assert demoted.text == "Answer in Japanese" and demoted.kind == "preference" and demoted.status == "active"
    assert [i.text for i in store.context_items()] == ["Enterprise tier", "Account manager: Sato"]
    history = store.history(demoted.id)
    assert history[0].action == "demoted from context" and "over budget" in history[0].reason
    assert store.search("Japanese")[0].fact.id == demoted.id
    assert [row["action"] for row in store.context_log()] == ["added", "added", "added", "demoted"]


def test_new_item_can_be_the_one_demoted(store):
    store.add_context("Enterprise tier", source="service", budget_chars=20)
    change = store.add_context("Likes short answers", source="customer", budget_chars=20)
    assert not change.kept and change.demoted[0].text == "Likes short answers"


def test_equal_importance_demotes_the_oldest(store):
    store.add_context("first item", source="customer", budget_chars=20)
    change = store.add_context("second item", source="customer", budget_chars=20)
    assert [f.text for f in change.demoted] == ["first item"]


def test_promoted_fact_is_demoted_back_to_the_same_fact(store):
    fact = store.add(Fact.new("attribute", "Is on the Enterprise plan", valid_at=date(2024, 1, 1)))
    store.add_context(fact.text, source="promoted", fact_id=fact.id, budget_chars=40)
    change = store.add_context("Answer in Japanese please", source="customer", budget_chars=40)
    assert [f.id for f in change.demoted] == [fact.id]
    assert [h.action for h in store.history(fact.id)] == ["added", "promoted to context", "demoted from context"]
    assert len(store.list_facts()) == 1


def test_item_longer_than_budget_is_refused(store):
    with pytest.raises(Refused):
        store.add_context("x" * 50, source="customer", budget_chars=10)
    with pytest.raises(InvalidInput):
        store.add_context("   ", source="customer", budget_chars=10)
    with pytest.raises(InvalidInput):
        store.add_context("ok", source="gossip", budget_chars=10)


def test_key_replaces_service_slot(store):
    store.add_context("Standard tier", source="service", key="tier", budget_chars=100)
    change = store.add_context("Enterprise tier", source="service", key="tier", budget_chars=100)
    assert change.replaced.text == "Standard tier"
    assert [i.text for i in store.context_items()] == ["Enterprise tier"]


def test_unconfirmed_proposals_are_not_injected_until_confirmed(store):
    store.add_context("Enterprise tier", source="service", budget_chars=30)
    proposal = store.add_context("Asks for exceptions", source="promoted", confirmed=False, budget_chars=30)
    assert proposal.kept and [i.text for i in store.context_items()] == ["Enterprise tier"]
    assert len(store.context_items(include_unconfirmed=True)) == 2
    change = store.confirm_context(proposal.item.id, budget_chars=30)
    assert not change.kept and change.demoted[0].text == "Asks for exceptions"


def test_remove(store):
    item = store.add_context("Answer in Japanese", source="customer", budget_chars=100).item
    assert store.remove_context(item.id).id == item.id
    assert store.context_items() == []
    with pytest.raises(NotFound):
        store.remove_context(item.id)


def test_an_item_filling_an_every_conversation_slot_replaces_the_old_one_without_a_key(store):
    store.add_context("Enterprise tier", source="service", budget_chars=200)
    store.add_context("Answer in Japanese.", source="customer", budget_chars=200)
    store.add_context("Shipping address on file is the office.", source="service", budget_chars=200)
    change = store.add_context("Business tier", source="service", budget_chars=200)
    assert change.replaced.text == "Enterprise tier" and change.item.key == "tier"
    store.add_context("Answer in Korean.", source="customer", budget_chars=200)
    assert sorted(i.text for i in store.context_items()) == [
        "Answer in Korean.", "Business tier", "Shipping address on file is the office."]
