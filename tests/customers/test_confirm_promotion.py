"""Confirming a fact runs customer-context path (b): a confirmed every-conversation attribute or trait gets in."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from pathlib import Path

import pytest

from mem.core.config import Config, ContextSettings
from mem.customers.fact_record import Evidence, Fact
from mem.customers.promotion import confirm_fact, consider_promotion, needed_every_conversation
from mem.customers.store import CustomerStore


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(isolated_env, "cust-c") as opened:
        yield opened


def config_with(isolated_env: Path, **context) -> Config:
    base = Config.load(home=isolated_env, env={})
    return dataclasses.replace(base, context=ContextSettings(**{**dataclasses.asdict(base.context), **context}))


def attribute(text: str, **extra) -> Fact:
    return Fact.new("attribute", text, valid_at=date(2025, 5, 1), evidence=[Evidence("c", "t", "customer", text)],
                    **extra)


def trait(quotes: list[str], **extra) -> Fact:
    return Fact.new("trait", "Keeps asking for answers in Japanese", valid_at=date(2025, 5, 1), origin="inferred",
                    support=["f1", "f2", "f3"], evidence=[Evidence("c", f"t{i}", "customer", q)
                                                          for i, q in enumerate(quotes)], **extra)


def confirmed_texts(store) -> list[str]:
    return [item.text for item in store.context.items()]


def test_confirming_a_proposed_promotion_puts_it_into_context(store, isolated_env):
    config = config_with(isolated_env)  # confirm_promotions on: extraction only proposes
    fact = store.facts.add(attribute("I use a screen reader."))
    assert consider_promotion(store, fact, config=config).action == "proposed"
    assert confirmed_texts(store) == []
    result = confirm_fact(store, fact.id, config=config)
    assert result.fact.confirmed
    assert result.context.action == "added"
    assert confirmed_texts(store) == ["Accessibility need: screen reader."]
    assert len(store.context.items(include_unconfirmed=True)) == 1  # the proposal itself, now confirmed


def test_confirming_an_attribute_never_proposed_promotes_it(store, isolated_env):
    fact = store.facts.add(attribute("私の名前は田中です。"))
    result = confirm_fact(store, fact.id, config=config_with(isolated_env))
    assert result.context.action == "added"
    assert confirmed_texts(store) == ["Address the customer as 田中."]
    assert [e.action for e in store.facts.history(fact.id)][-2:] == ["confirmed", "promoted to context"]


def test_no_room_leaves_it_a_fact_and_demotes_nothing(store, isolated_env):
    config = config_with(isolated_env, budget_chars=45)
    store.context.add("Keep every answer under fifty words.", source="service", budget_chars=45)
    fact = store.facts.add(attribute("We are on the Enterprise plan."))
    consider_promotion(store, fact, config=config)
    result = confirm_fact(store, fact.id, config=config)
    assert result.fact.confirmed
    assert result.context.action == "skipped" and result.demoted == ()
    assert confirmed_texts(store) == ["Keep every answer under fifty words."]


def test_a_trait_is_eligible_only_once_confirmed(store, isolated_env):
    fact = store.facts.add(trait(["Please answer in Japanese.", "Answer in Japanese again please."]))
    assert needed_every_conversation(fact) is None
    result = confirm_fact(store, fact.id, config=config_with(isolated_env))
    assert result.context.action == "added"
    assert confirmed_texts(store) == ["Answer in Japanese."]


def test_other_facts_are_confirmed_without_context(store, isolated_env):
    fact = store.facts.add(Fact.new("event", "The parcel came late.", valid_at=date(2025, 5, 1)))
    result = confirm_fact(store, fact.id, config=config_with(isolated_env))
    assert result.fact.confirmed and result.context is None
    assert confirmed_texts(store) == []


def test_cli_confirm_after_extraction_promotes_the_attribute(mem, isolated_env, tmp_path):
    log = tmp_path / "log.jsonl"
    lines = [
        {"session": "s1", "time": "2025-05-01T10:00:00Z", "role": "agent",
         "text": "Anything we should know to help you?"},
        {"session": "s1", "time": "2025-05-01T10:00:05Z", "role": "customer",
         "text": "I use a screen reader."},
    ]
    log.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert mem("log", "import", "--customer", "acme", str(log)).exit_code == 0
    assert mem("extract", "--customer", "acme").exit_code == 0
    facts = json.loads(mem("facts", "list", "-c", "acme", "--kind", "attribute", "--json").stdout)
    assert len(facts) == 1
    assert json.loads(mem("context", "list", "-c", "acme", "--json").stdout)["items"] == []
    result = mem("facts", "confirm", facts[0]["id"], "-c", "acme", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["confirmed"] is True and data["context"]["action"] == "added"
    items = json.loads(mem("context", "list", "-c", "acme", "--json").stdout)["items"]
    assert [item["text"] for item in items] == ["Accessibility need: screen reader."]
    human = mem("facts", "confirm", facts[0]["id"], "-c", "acme")
    assert human.exit_code == 0 and facts[0]["id"] in human.stdout


def test_confirm_fact_is_public_api_and_every_export_resolves():
    import mem.customers as customers
    from mem.customers.promotion import confirm_fact

    assert "confirm_fact" in customers.__all__ and customers.confirm_fact is confirm_fact
    for name in customers.__all__:
        assert getattr(customers, name) is not None


def test_confirming_a_tier_the_customer_stated_leaves_it_a_fact(store, isolated_env):
    """The customer (or an operator) confirming "we are on the Enterprise plan" confirms their words, not the
    account: the tier comes from the service only (mem context set --from-service)."""
    fact = store.facts.add(attribute("We are on the Enterprise plan."))
    result = confirm_fact(store, fact.id, config=config_with(isolated_env, confirm_promotions=False))
    assert result.fact.confirmed
    assert result.context.action == "skipped" and "from the service only" in result.context.reason
    assert store.context.items(include_unconfirmed=True) == []
