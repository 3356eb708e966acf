"""Fact search reads the index and the query in one form: NFC, accents folded, İ/ı handled (new-user report 21 #1)."""

from __future__ import annotations

import unicodedata
from datetime import date
from pathlib import Path

import pytest

from mem.customers import CustomerStore, Fact


@pytest.fixture
def store(isolated_env: Path):
    with CustomerStore.open(isolated_env, "acme") as s:
        yield s


def texts(hits):
    return [h.fact.text for h in hits]


@pytest.mark.parametrize("stored, queries", [
    ("I moved to Zürich last week.", ["Zürich", "Zurich", "zürich", "ZÜRICH", "ZURICH"]),
    ("Hello, I'm Zoë from Malmö.", ["Malmö", "malmo", "from Malmö", "Zoë", "Zoe"]),
    ("Ich möchte eine Rückerstattung.", ["Rückerstattung", "Ruckerstattung"]),
    ("The customer's residence: İzmir.", ["İzmir", "izmir", "IZMIR", "Izmir"]),
    ("Tôi chuyển đến Đà Nẵng.", ["Nẵng", "Da Nang", "chuyển", "Đà"]),
    ("Mieszkam w Krakowie, ul. Łódzka.", ["Łódzka", "lodzka"]),
    ("我的订单号是48213", ["48213"]),
])
def test_accented_words_are_found_by_either_spelling(store, stored, queries):
    store.facts.add(Fact.new("event", stored, valid_at=date(2026, 11, 20)))
    store.facts.add(Fact.new("event", "Asked about the opening hours", valid_at=date(2026, 11, 20)))
    for query in queries:
        assert texts(store.facts.search(query)) == [stored], query


@pytest.mark.parametrize("form", ["NFC", "NFD"])
def test_decomposed_text_and_query_meet(store, form):
    store.facts.add(Fact.new("event", unicodedata.normalize(form, "I moved to Zürich, 부산으로 이사했어요"),
                             valid_at=date(2026, 11, 20)))
    for query in ("Zürich", unicodedata.normalize("NFD", "Zürich"), "부산", unicodedata.normalize("NFD", "부산")):
        assert len(store.facts.search(query)) == 1, (form, query)


def test_search_form_keeps_other_scripts_and_ascii():
    from mem.core.text.search_form import search_form

    assert search_form("refund policy") == "refund policy"
    assert search_form(unicodedata.normalize("NFD", "が返品")) == "が返品"  # kana voicing is a letter
    assert search_form(unicodedata.normalize("NFD", "부산")) == "부산"
    assert search_form("Straße İzmir ı") == "Strasse Izmir i"


@pytest.mark.parametrize("stored, queries", [
    ("会員番号はＡＢ１２３４です。", ["AB1234", "ab1234", "ＡＢ１２３４"]),
    ("ｸﾚｼﾞｯﾄｶｰﾄﾞで払いました。", ["クレジットカード", "ｸﾚｼﾞｯﾄｶｰﾄﾞ"]),
    ("ＶＩＰ 등급으로 올려 주세요.", ["VIP", "vip"]),
    ("My locker is Ｂ７.", ["B7", "b7"]),
])
def test_a_fact_is_found_in_either_width(store, stored, queries):
    store.facts.add(Fact.new("event", stored, valid_at=date(2026, 11, 20)))
    store.facts.add(Fact.new("event", "Asked about the opening hours", valid_at=date(2026, 11, 20)))
    for query in queries:
        assert texts(store.facts.search(query)) == [stored], query
