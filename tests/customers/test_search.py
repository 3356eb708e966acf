"""Fact search: BM25 with boosts and recency, filters, hidden statuses, CJK, punctuation-proof queries."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers import CustomerStore, Evidence, Fact


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(isolated_env, "acme") as s:
        yield s


def add(store, text, *, kind="event", day=date(2024, 9, 1), quote=None):
    evidence = [Evidence("c1", f"t{text[:8]}", "customer", quote)] if quote else []
    return store.facts.add(Fact.new(kind, text, valid_at=day, evidence=evidence))


def texts(hits):
    return [h.fact.text for h in hits]


def test_stemmed_words_match(store):
    add(store, "Asked for a partial refund of the annual contract")
    add(store, "Changed the delivery address")
    assert texts(store.facts.search("refunds")) == ["Asked for a partial refund of the annual contract"]


def test_fact_text_outranks_evidence_quote(store):
    add(store, "Discussed the invoice", quote="the courier was late again")
    add(store, "Complained that the courier was late")
    assert texts(store.facts.search("courier")) == ["Complained that the courier was late", "Discussed the invoice"]


def test_recency_breaks_ties(store):
    add(store, "Asked about opening hours", day=date(2024, 1, 5))
    add(store, "Asked about opening hours", day=date(2024, 6, 5))
    add(store, "Asked about opening hours", day=date(2024, 3, 5))
    hits = store.facts.search("opening hours")
    assert [h.fact.valid_at.month for h in hits] == [6, 3, 1]


def test_filters_kind_status_since(store):
    add(store, "Agreed to a refund", kind="decision", day=date(2024, 9, 28))
    add(store, "Asked for a refund", kind="request", day=date(2024, 9, 20))
    add(store, "Old refund talk", kind="event", day=date(2023, 1, 1))
    assert texts(store.facts.search("refund", kinds=["decision"])) == ["Agreed to a refund"]
    assert set(texts(store.facts.search("refund", since=date(2024, 1, 1)))) == {"Agreed to a refund",
                                                                                "Asked for a refund"}
    assert len(store.facts.search("refund", limit=2)) == 2
    with pytest.raises(InvalidInput):
        store.facts.search("refund", kinds=["gossip"])
    with pytest.raises(InvalidInput):
        store.facts.search("refund", statuses=["deleted"])


def test_replaced_and_retracted_are_hidden_unless_asked(store):
    old = add(store, "Prefers email contact", kind="preference")
    new = store.facts.update(old.id, Fact.new("preference", "Prefers phone contact"))
    gone = add(store, "Wants contact on weekends", kind="preference")
    store.facts.retract(gone.id)
    assert [h.fact.id for h in store.facts.search("contact")] == [new.id]
    assert [h.fact.id for h in store.facts.search("contact", statuses=["replaced"])] == [old.id]
    assert {h.fact.id for h in store.facts.search("contact", statuses=["active", "replaced", "retracted"])} == {
        old.id, new.id, gone.id}


def test_korean_with_a_different_particle(store):
    add(store, "환불을 요청했다")
    add(store, "배송지를 변경했다")
    assert texts(store.facts.search("환불은")) == ["환불을 요청했다"]
    assert texts(store.facts.search("환불")) == ["환불을 요청했다"]


def test_japanese_without_spaces(store):
    add(store, "先週返金をお願いしました")
    add(store, "住所を変更しました")
    assert texts(store.facts.search("返金")) == ["先週返金をお願いしました"]
    assert texts(store.facts.search("返金について")) == ["先週返金をお願いしました"]


def test_japanese_word_written_in_hiragana(store):
    add(store, "ごみの日は火曜日です")
    add(store, "住所を変更しました")
    assert texts(store.facts.search("ごみ")) == ["ごみの日は火曜日です"]
    assert texts(store.facts.search("ごみの日はいつ")) == ["ごみの日は火曜日です"]


def test_cjk_in_evidence_quotes(store):
    add(store, "Asked for a refund", quote="年間契約なので例外で50%")
    assert texts(store.facts.search("年間契約")) == ["Asked for a refund"]


@pytest.mark.parametrize("query", ['"unterminated', "a:b", "(refund", "refund)", "+-!^~*", "title:[a TO b]",
                                   "AND OR NOT", "\\", "refund~2 OR", "", "   "])
def test_user_punctuation_never_breaks_search(store, query):
    add(store, "Asked for a refund")
    hits = store.facts.search(query)
    assert isinstance(hits, list)


def test_punctuated_query_still_finds_words(store):
    add(store, "Asked for a refund")
    assert texts(store.facts.search('"refund?!" (please)')) == ["Asked for a refund"]


@pytest.mark.parametrize("query", ["환불 되나요?", "교환도 하나요?", "설치해 주시나요?", "返品を頼んでもいいですか",
                                   "交換してもらえますか"])
def test_a_question_ending_finds_no_fact_that_only_shares_it(store, query):
    """"되나요" and the residence slot's "사나요" share only the ending "나요"; 頼んで and 住んで share "んで"."""
    add(store, "I moved to Seattle last week.", kind="attribute")
    add(store, "My name is Dana Kim.", kind="attribute")
    assert texts(store.facts.search(query)) == []


@pytest.mark.parametrize("query", ["어디 사나요?", "지금 어디 살아요?", "どこに住んでいますか", "住所はどこですか"])
def test_a_question_about_the_slot_still_finds_it(store, query):
    add(store, "I moved to Seattle last week.", kind="attribute")
    assert texts(store.facts.search(query)) == ["I moved to Seattle last week."]


def test_korean_and_japanese_topics_still_found_with_their_endings(store):
    add(store, "환불을 요청했다")
    add(store, "先週返金をお願いしました")
    assert texts(store.facts.search("환불 되나요?")) == ["환불을 요청했다"]
    assert texts(store.facts.search("返金できますか")) == ["先週返金をお願いしました"]
