"""Search sees more than the fact sentence: the turns around it, who said it, and only the topic words of a question."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mem.core.text.content_terms import search_query
from mem.customers import CustomerStore, Evidence, Fact
from mem.customers.fact_index import INDEX_VERSION, STAMP


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(isolated_env, "acme") as s:
        yield s


def conversation(store, *turns: tuple[str, str]) -> tuple[str, list[str]]:
    """Log a conversation of (role, text) turns; returns its id and the turn ids."""
    conv = store.log.new_conversation(session="s1")
    ids = [store.log.append_turn(conv, role=role, text=text).id for role, text in turns]
    return conv, ids


def fact_on(store, conv: str, turn: str, text: str, *, speaker: str | None = None) -> Fact:
    evidence = [Evidence(conv, turn, "customer", text, speaker=speaker)]
    return store.facts.add(Fact.new("event", text, valid_at=date(2024, 9, 1), evidence=evidence))


def ids(hits) -> list[str]:
    return [h.fact.id for h in hits]


def test_a_fact_is_found_by_the_words_of_the_turn_it_answers(store):
    conv, turns = conversation(
        store,
        ("agent", "Did you manage to install the firmware update on the router?"),
        ("customer", "Yes, twice, and it still drops every evening."),
    )
    answer = fact_on(store, conv, turns[1], "Yes, twice, and it still drops every evening.")
    assert ids(store.facts.search("firmware router")) == [answer.id]


def test_the_fact_own_words_outrank_its_context(store):
    conv, turns = conversation(
        store,
        ("agent", "Is the invoice address still right?"),
        ("customer", "It is, nothing changed."),
        ("customer", "The invoice was charged twice though."),
    )
    context_only = fact_on(store, conv, turns[1], "It is, nothing changed.")
    own_words = fact_on(store, conv, turns[2], "The invoice was charged twice though.")
    assert ids(store.facts.search("invoice")) == [own_words.id, context_only.id]


def test_the_turn_after_a_fact_is_context_too(store):
    conv, turns = conversation(
        store,
        ("customer", "We moved last month."),
        ("agent", "Noted: deliveries now go to the Busan warehouse address."),
    )
    moved = fact_on(store, conv, turns[0], "We moved last month.")
    assert ids(store.facts.search("Busan warehouse")) == [moved.id]


def test_unconsented_sensitive_turns_are_not_context(store):
    conv, turns = conversation(
        store,
        ("agent", "How is your diabetes treatment going?"),
        ("customer", "Better, the new plan works."),
    )
    answer = fact_on(store, conv, turns[1], "Better, the new plan works.")
    assert store.facts.search("diabetes treatment") == []
    store.consent.set(allow=["health"])
    store.facts.reindex()
    assert ids(store.facts.search("diabetes treatment")) == [answer.id]


def test_context_of_cjk_turns_is_searchable(store):
    conv, turns = conversation(
        store,
        ("agent", "年間契約の更新はいかがですか？"),
        ("customer", "はい、お願いします。"),
    )
    answer = fact_on(store, conv, turns[1], "はい、お願いします。")
    assert ids(store.facts.search("年間契約")) == [answer.id]


def test_evidence_speaker_is_searchable(store):
    conv, turns = conversation(store, ("customer", "The parcel arrived damaged."))
    fact = fact_on(store, conv, turns[0], "The parcel arrived damaged.", speaker="Mirela")
    assert ids(store.facts.search("Mirela")) == [fact.id]


def test_erase_leaves_no_trace_in_the_context_of_neighbours(store):
    conv, turns = conversation(
        store,
        ("customer", "My locker code is zebracactus."),
        ("customer", "And please deliver on Fridays."),
    )
    secret = fact_on(store, conv, turns[0], "My locker code is zebracactus.")
    fact_on(store, conv, turns[1], "And please deliver on Fridays.")
    assert len(store.facts.search("zebracactus")) == 2  # the neighbour holds it as context
    store.facts.erase(secret.id)
    assert store.facts.search("zebracactus") == []


def test_a_missing_log_costs_only_the_context(store):
    fact = store.facts.add(Fact.new("event", "Asked about the warranty", valid_at=date(2024, 9, 1),
                                    evidence=[Evidence("../../etc", "t1", "customer", "the warranty?")]))
    store.facts.reindex()
    assert ids(store.facts.search("warranty")) == [fact.id]


def test_question_words_are_dropped_from_the_query(store):
    chatty = store.facts.add(Fact.new("event", "What did you think? I did feel that way", valid_at=date(2024, 9, 1)))
    refund = store.facts.add(Fact.new("request", "Asked for a refund of the annual plan", valid_at=date(2024, 9, 1)))
    assert search_query("What did I say about the refund?") == "refund"
    assert ids(store.facts.search("What did I think about the refund?")) == [refund.id]
    # Only question words: the query is kept as typed rather than emptied.
    assert ids(store.facts.search("what did you think")) == [chatty.id]


def test_an_index_of_the_previous_schema_is_rebuilt_on_open(isolated_env: Path):
    with CustomerStore.open(isolated_env, "acme") as store:
        conv, turns = conversation(
            store, ("agent", "Which plan are you on?"), ("customer", "Enterprise, since March."))
        answer = fact_on(store, conv, turns[1], "Enterprise, since March.")
        folder = store.folder / "index"
    stamp_file = folder / STAMP
    version, db_stamp = stamp_file.read_text().split()
    assert version == INDEX_VERSION
    stamp_file.write_text(f"facts-1 {db_stamp}\n")  # as an index built before the context field
    with CustomerStore.open(isolated_env, "acme") as store:
        assert ids(store.facts.search("plan")) == [answer.id]
    assert stamp_file.read_text().split()[0] == INDEX_VERSION
