"""Movement 6: a tendency repeated on distinct days becomes an inferred trait."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.fact_record import Evidence, Fact
from mem.customers.store import CustomerStore
from mem.customers.traits import find_tendencies


def fact(kind: str, quote: str, day: date) -> Fact:
    return Fact.new(kind, quote, valid_at=day, evidence=[Evidence("c", "t", "customer", quote)])


def write_log(path: Path, rows) -> Path:
    path.write_text("\n".join(json.dumps({"session": s, "time": t, "role": r, "text": x}) for s, t, r, x in rows))
    return path


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2025-10-21T00:00:00Z"))
    return Config.load(home=isolated_env, env={})


def test_design_example_three_exception_requests_become_a_trait(isolated_env, config, tmp_path):
    """Reference flow step 7 (docs/design.md): 8/12, 9/28 and a third day, all asking for an exception
    citing the annual contract."""
    rows = [
        ("a1", "2025-08-12T10:00:00", "customer", "We have an annual contract, so can I get a refund as an exception?"),
        ("a1", "2025-08-12T10:01:00", "agent", "Unfortunately that is not possible."),
        ("a2", "2025-09-28T10:00:00", "customer",
         "Because of the annual contract, could you make an exception and refund 50%?"),
        ("a2", "2025-09-28T10:01:00", "agent", "Yes, we can offer 50% as an exception."),
        ("a3", "2025-10-20T10:00:00", "customer",
         "Like last time, can I get a partial refund for a purchase 18 days ago? We have an annual contract, "
         "so please make an exception."),
    ]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        report = extract_pending(store, config=config)
        assert len(report.traits_added) == 1
        trait = store.facts.get(report.traits_added[0])
        assert trait.kind == "trait" and trait.origin == "inferred" and not trait.confirmed
        assert {"exception", "annual", "contract"} <= set(trait.text.replace(",", "").split())
        supported = [store.facts.get(i) for i in trait.support]
        assert sorted(str(f.valid_at) for f in supported) == ["2025-08-12", "2025-09-28", "2025-10-20"]
        assert all(e.role == "customer" for e in trait.evidence)
        # an inferred, unconfirmed trait never reaches customer context
        assert all(item.fact_id != trait.id for item in store.context.items(include_unconfirmed=True))


def test_repetitions_on_one_day_are_not_a_tendency():
    day = date(2025, 9, 28)
    same_day = [fact("request", f"Can I get an exception for the annual contract, take {i}?", day) for i in range(3)]
    assert find_tendencies(same_day, min_repeats=3, min_distinct_days=2) == []
    spread = [dataclasses.replace(f, valid_at=date(2025, 9, 28 - i)) for i, f in enumerate(same_day)]
    found = find_tendencies(spread, min_repeats=3, min_distinct_days=2)
    assert len(found) == 1 and found[0].days == 3


def test_thresholds_come_from_config():
    facts = [fact("preference", "I prefer express shipping even if it costs more.", date(2025, 1, d)) for d in (1, 5)]
    assert find_tendencies(facts, min_repeats=3, min_distinct_days=2) == []
    assert len(find_tendencies(facts, min_repeats=2, min_distinct_days=2)) == 1


def test_unrelated_requests_do_not_make_a_trait():
    facts = [
        fact("request", "Can you send me the invoice for March?", date(2025, 3, 1)),
        fact("request", "Please change my delivery address.", date(2025, 4, 1)),
        fact("request", "Could I get a discount code for the next order?", date(2025, 5, 1)),
    ]
    assert find_tendencies(facts, min_repeats=3, min_distinct_days=2) == []


def test_korean_and_japanese_tendencies():
    ko = [fact("request", "연간 계약이라서 예외로 환불해 주세요", date(2025, 8, d)) for d in (1, 9, 20)]
    ja = [fact("request", "年間契約なので例外として返金してください", date(2025, 8, d)) for d in (1, 9, 20)]
    for facts, term in ((ko, "예외"), (ja, "例外")):
        found = find_tendencies(facts, min_repeats=3, min_distinct_days=2)
        assert len(found) == 1 and term in found[0].signature and term in found[0].text()


def test_stale_trait_gets_a_recheck_flag(isolated_env, tmp_path):
    from mem.customers.traits import flag_stale_traits

    config = Config.load(home=isolated_env, env={})
    with CustomerStore.open(isolated_env, "cust-b") as store:
        supports = [store.facts.add(fact("request", "An exception for the annual contract, please.", date(2025, 1, d)))
                    for d in (1, 2, 3)]
        trait = store.facts.add(Fact.new("trait", "Tends to ask for: exception, annual contract",
                                         valid_at=date(2025, 1, 3),
                                   origin="inferred", support=[f.id for f in supports]))
        assert flag_stale_traits(store, config=config, today=date(2025, 6, 1)) == []
        assert flag_stale_traits(store, config=config, today=date(2025, 7, 15)) == [trait.id]
        assert store.facts.get(trait.id).recheck.flag
        assert flag_stale_traits(store, config=config, today=date(2025, 8, 1)) == []  # flagged once


def test_a_tendency_seen_again_in_one_run_keeps_one_trait(isolated_env, config, tmp_path):
    rows = [(f"s{day}", f"2025-09-{day:02d}T10:00:00", "customer",
             f"Our annual contract should allow an exception, can you refund order {day}?") for day in range(1, 9)]
    with CustomerStore.open(isolated_env, "cust-t") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config.overlay({"extract": {"batch_turns": 3}}))
        traits = store.facts.list(kinds=["trait"])
        assert len(traits) == 1 and len(traits[0].support) == 8
        # the statement did not change: every growth step is a history row of the one trait, not a new version
        assert store.facts.list(kinds=["trait"], statuses=["replaced"]) == []
        history = store.facts.history(traits[0].id)
        assert history[0].action == "added" and {h.action for h in history[1:]} == {"supported"}
        listed = [i for h in history for i in h.fact.support]  # each row lists the supporters it added
        assert sorted(listed) == sorted(traits[0].support) and len(listed) == len(set(listed))


def test_a_trait_whose_statement_changes_is_a_new_version(isolated_env, config, tmp_path):
    rows = [(f"s{day}", f"2025-09-{day:02d}T10:00:00", "customer",
             f"Our annual contract should allow an exception, can you refund order {day}?") for day in range(1, 4)]
    rows += [(f"s{day}", f"2025-09-{day:02d}T10:00:00", "customer",
              f"Our annual contract should allow an exception for order {day}.") for day in range(4, 6)]
    with CustomerStore.open(isolated_env, "cust-v") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config.overlay({"extract": {"batch_turns": 1}}))
        active = store.facts.list(kinds=["trait"])
        old = store.facts.list(kinds=["trait"], statuses=["replaced"])
        assert len(active) == 1 and "refund" not in active[0].text
        assert old and all(o.superseded_by and "refund" in o.text for o in old)


def test_a_trait_carries_its_latest_support_so_memory_grows_linearly(isolated_env, config, tmp_path, monkeypatch):
    """A list of every supporter in every version of a trait made memory grow with the square of the history
    (NEWUSER_REPORT14 #3). A trait lists its latest MAX_SUPPORT supporters, one habit stays one trait when the facts
    search finds are older than the ones it lists, and a growth with the same statement is one history row that
    lists only the supporters it added, not a new version and two full snapshots (NEWUSER_REPORT15 closing note)."""
    from mem.customers import traits

    monkeypatch.setattr(traits, "MAX_SUPPORT", 3)
    monkeypatch.setattr(traits, "_POOL", 2)  # the search finds few neighbours, not the latest supporters
    rows = [(f"s{day}", f"2025-09-{day:02d}T10:00:00", "customer",
             f"Our annual contract should allow an exception, can you refund order {day}?") for day in range(1, 13)]
    with CustomerStore.open(isolated_env, "cust-l") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config.overlay({"extract": {"batch_turns": 1}}))
        active = store.facts.list(kinds=["trait"])
        assert len(active) == 1, [t.text for t in active]
        assert len(active[0].support) == 3
        latest = sorted(store.facts.list(kinds=["request"]), key=lambda f: f.valid_at)[-1]
        assert latest.id in active[0].support
        every = store.facts.list(kinds=["trait"], statuses=None)
        assert every == active  # one statement, one record: growth is not a new version
        history = store.conn.execute("SELECT action, snapshot FROM fact_history WHERE fact_id = ?",
                                     (active[0].id,)).fetchall()
        assert len(history) > 3 and {row[0] for row in history} == {"added", "supported"}
        # a growth row lists only the supporters it added, so history grows with them, not with their square
        assert all(len(json.loads(row[1]).get("support", [])) <= 1 for row in history if row[0] == "supported")
