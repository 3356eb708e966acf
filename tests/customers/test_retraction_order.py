"""A customer's memory is the same whatever order their conversations are imported in (newuser32 #1): a retraction
said after a fact takes it back whether it was imported before or after it, and is spent on it as it is when read
after it (a confirmed cancellation is the retraction alone). Sentences are this file's own."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from mem.core.config import Config
from mem.customers import CustomerStore, extract_pending

Turns = list[tuple[str, str, str]]

BOOKED: Turns = [("2026-09-01T10:00:00Z", "customer", "I booked 2 seats for the poetry evening on 20 October."),
                 ("2026-09-01T10:02:00Z", "agent", "Great, your 2 seats are booked.")]
CANCELLED: Turns = [
    ("2026-10-15T10:00:00Z", "customer",
     "I can't come to the poetry evening on 20 October after all, can you cancel my 2 seats?"),
    ("2026-10-15T10:03:00Z", "agent", "Yes, I've cancelled your 2 seats and refunded you.")]
# the clean twin: a later question about the same evening takes nothing back
ASKED: Turns = [("2026-10-15T10:00:00Z", "customer", "Is there step-free access at the poetry evening on 20 October?"),
                ("2026-10-15T10:03:00Z", "agent", "Yes, the reading room is step-free.")]
JA_START: Turns = [("2026-09-10T10:00:00+09:00", "customer", "毎月の新刊案内メールを送ってほしいです。"),
                   ("2026-09-10T10:03:00+09:00", "agent", "承知しました。新刊案内メールを登録しました。")]
JA_STOP: Turns = [("2026-11-02T10:00:00+09:00", "customer", "新刊案内メールはもう大丈夫です、止めてください。"),
                  ("2026-11-02T10:04:00+09:00", "agent", "承知しました。新刊案内メールを停止いたしました。")]
KO_START: Turns = [("2026-09-10T10:00:00+09:00", "customer", "매주 금요일 원두 정기배송 신청할게요."),
                   ("2026-09-10T10:03:00+09:00", "agent", "네, 원두 정기배송 신청해 드렸습니다.")]
KO_STOP: Turns = [("2026-11-02T10:00:00+09:00", "customer", "원두 정기배송 이제 안 보내주셔도 돼요."),
                  ("2026-11-02T10:04:00+09:00", "agent", "네, 원두 정기배송 해지해 드렸습니다.")]


def _import(store: CustomerStore, home: Path, name: str, turns: Turns) -> None:
    log = home / f"{name}.jsonl"
    log.write_text("".join(json.dumps({"conversation": name, "time": t, "role": r, "text": x}, ensure_ascii=False)
                           + "\n" for t, r, x in turns), encoding="utf-8")
    store.log.import_file(log)
    extract_pending(store, config=Config.load(home=home, env={}))


def _facts(home: Path, customer: str, conversations: list[tuple[str, Turns]]) -> dict[str, list[str]]:
    with CustomerStore.open(home, customer) as store:
        for name, turns in conversations:
            _import(store, home, name, turns)
        found: dict[str, list[str]] = {}
        for fact in store.facts.list(statuses=["active", "replaced", "retracted"]):
            if fact.kind != "trait":
                found.setdefault(fact.status, []).append(fact.text)
        return {status: sorted(texts) for status, texts in found.items()}


def _both_orders(home: Path, first: tuple[str, Turns], second: tuple[str, Turns]) -> tuple[dict, dict]:
    return _facts(home, "in-order", [first, second]), _facts(home, "newest-first", [second, first])


def test_a_confirmed_cancellation_takes_the_booking_back_in_both_orders(isolated_env, tmp_path):
    in_order, newest_first = _both_orders(tmp_path, ("a", BOOKED), ("b", CANCELLED))
    assert in_order.get("active") == newest_first.get("active"), (in_order, newest_first)
    for facts in (in_order, newest_first):
        assert [t for t in facts.get("active", []) if "seats" in t] == [], facts
        assert any("booked" in t for t in facts["retracted"]), facts
    # imported first, the cancellation was stored (nothing to take back yet); spent on the booking, it is retracted
    assert any("cancel my 2 seats" in t for t in newest_first["retracted"]), newest_first


def test_a_later_question_about_the_booking_takes_nothing_back_in_either_order(isolated_env, tmp_path):
    in_order, newest_first = _both_orders(tmp_path, ("a", BOOKED), ("b", ASKED))
    for facts in (in_order, newest_first):
        assert any("booked 2 seats" in t for t in facts["active"]), facts
        assert "retracted" not in facts, facts


def test_a_retraction_said_before_the_fact_takes_nothing_back(isolated_env, tmp_path):
    # the stop said first (an earlier day), the wish said after it: the wish is in force whichever came first
    stop = [("2026-08-01T10:00:00+09:00", r, x) for _, r, x in JA_STOP]
    in_order, newest_first = _both_orders(tmp_path, ("a", stop), ("b", JA_START))
    for facts in (in_order, newest_first):
        assert any("送ってほしい" in t for t in facts.get("active", [])), facts


def test_korean_subscription_stopped_later_is_stopped_in_both_orders(isolated_env, tmp_path):
    in_order, newest_first = _both_orders(tmp_path, ("a", KO_START), ("b", KO_STOP))
    assert in_order.get("active") == newest_first.get("active"), (in_order, newest_first)
    assert [t for t in newest_first.get("active", []) if "신청할게요" in t] == [], newest_first


def test_the_same_active_facts_whatever_the_order_of_a_small_history(isolated_env, tmp_path):
    """Every order of four conversations (English and Japanese, a booking and a subscription, each taken back
    later) leaves the same active facts."""
    history = [("book", BOOKED), ("ja-start", JA_START), ("cancel", CANCELLED), ("ja-stop", JA_STOP)]
    seen = {}
    for number, order in enumerate(itertools.permutations(history)):
        facts = _facts(tmp_path, f"c{number}", list(order))
        seen[tuple(name for name, _ in order)] = facts.get("active", [])
    first = seen[("book", "ja-start", "cancel", "ja-stop")]
    assert {tuple(active) for active in seen.values()} == {tuple(first)}, seen
    assert not any("booked" in t or "送ってほしい" in t for t in first), first
