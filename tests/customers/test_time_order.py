"""The value in force is the one the customer said last in time, whatever the import order (newuser24 #1;
docs/customers.md "Backfilling older history"): a conversation imported after a newer one is judged into history, and
``mem extract --again`` puts right a workspace where an older value replaced a newer one. Sentences are this file's
own."""

from __future__ import annotations

import json
from pathlib import Path

from mem.core.config import Config
from mem.customers import CustomerStore, extract_pending
from mem.customers.fact_record import Fact
from mem.customers.rejudge import rejudge

NEW = [("2026-08-20T09:00:00Z", "customer", "My new address is 7 Heron Way, Bath BA1 2QT."),
       ("2026-08-20T09:04:00Z", "agent", "Thanks, I've noted 7 Heron Way, Bath.")]
OLD = [("2026-06-03T11:00:00Z", "customer", "My new address is 40 Kiln Lane, Frome BA11 1AA."),
       ("2026-06-03T11:06:00Z", "agent", "Thanks, I've updated your address to 40 Kiln Lane, Frome.")]
NEW_KO = [("2026-08-20T09:00:00+09:00", "customer", "이사했어요. 이제 광주시 북구 용봉로 77 에 살아요.")]
OLD_KO = [("2026-06-03T10:00:00+09:00", "customer", "새 주소는 대전시 유성구 대학로 99 입니다.")]


def _import(store: CustomerStore, home: Path, name: str, turns: list[tuple[str, str, str]]) -> None:
    log = home / f"{name}.jsonl"
    log.write_text("".join(json.dumps({"conversation": name, "time": t, "role": r, "text": x}, ensure_ascii=False)
                           + "\n" for t, r, x in turns), encoding="utf-8")
    store.log.import_file(log)
    extract_pending(store, config=Config.load(home=home, env={}))


def _active_addresses(store: CustomerStore, *words: str) -> list[str]:
    return [f.text for f in store.facts.list(statuses=["active"]) if any(w in f.text for w in words)]


def test_older_history_imported_after_the_newer_one_goes_into_history(isolated_env, tmp_path):
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "new", NEW)
        _import(store, tmp_path, "old", OLD)
        active = _active_addresses(store, "Heron Way", "Kiln Lane")
        assert active and all("Heron Way" in text for text in active), active
        old = [f for f in store.facts.list(statuses=None) if "Kiln Lane" in f.text]
        assert old and all(f.status == "replaced" for f in old)
        newer = next(f for f in store.facts.list(statuses=["active"]) if "Heron Way" in f.text)
        assert any(f.superseded_by == newer.id for f in old)


def test_korean_backfill_keeps_the_later_home(isolated_env, tmp_path):
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "new", NEW_KO)
        _import(store, tmp_path, "old", OLD_KO)
        active = _active_addresses(store, "용봉로", "대학로")
        assert active and all("용봉로" in text for text in active), active


def test_the_same_history_imported_in_time_order_still_updates(isolated_env, tmp_path):
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "old", OLD)
        _import(store, tmp_path, "new", NEW)
        active = _active_addresses(store, "Heron Way", "Kiln Lane")
        assert active and all("Heron Way" in text for text in active), active


def test_extract_again_puts_right_an_older_value_that_replaced_a_newer_one(isolated_env, tmp_path):
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "new", NEW)
        _import(store, tmp_path, "old", OLD)
        # a workspace made before the fix: the older fact replaced the newer one
        newer = next(f for f in store.facts.list(statuses=None) if "Heron Way" in f.text)
        older = next(f for f in store.facts.list(statuses=None) if "Kiln Lane" in f.text)
        with store.transaction():
            store.facts.save(newer.replace(status="replaced", superseded_by=older.id, supersedes=None),
                             action="replaced", actor="test", reason="as an older mem left it")
            store.facts.save(older.replace(status="active", superseded_by=None, supersedes=newer.id),
                             action="added", actor="test", reason="as an older mem left it")
        report = rejudge(store)
        assert [f.text for f in store.facts.list(statuses=["active"]) if "Kiln Lane" in f.text] == []
        assert [f for f in store.facts.list(statuses=["active"]) if "Heron Way" in f.text]
        again = store.facts.get(older.id)
        assert again.status == "replaced" and again.superseded_by == newer.id
        assert store.facts.get(newer.id).supersedes == older.id
        assert report.reordered
        assert not rejudge(store).reordered  # twice changes nothing the second time


def test_extract_again_says_what_it_put_back_in_order(isolated_env, tmp_path, monkeypatch, mem):
    monkeypatch.setenv("MEM_HOME", str(tmp_path))
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "new", NEW)
        _import(store, tmp_path, "old", OLD)
        newer = next(f for f in store.facts.list(statuses=None) if "Heron Way" in f.text)
        older = next(f for f in store.facts.list(statuses=None) if "Kiln Lane" in f.text)
        with store.transaction():
            store.facts.save(newer.replace(status="replaced", superseded_by=older.id, supersedes=None),
                             action="replaced", actor="test", reason="as an older mem left it")
            store.facts.save(older.replace(status="active", superseded_by=None, supersedes=newer.id),
                             action="added", actor="test", reason="as an older mem left it")
    result = mem("extract", "--customer", "c1", "--again")
    assert result.exit_code == 0, result.stderr
    assert f"put in the order said: {newer.id} (said last) is in force again, {older.id} is history" in result.stdout


def test_said_on_is_the_day_the_words_were_said_never_the_day_they_are_about():
    """A fact whose quotes carry no day was said on a day nobody knows: not the future day it is about (rfixr24)."""
    from datetime import date

    from mem.customers.fact_record import Evidence, Fact
    from mem.customers.time_order import said_before, said_on

    about_next_year = Fact.new("event", "Moving to 3 Quay Street on 1 March 2031.", valid_at=date(2031, 3, 1),
                               evidence=[Evidence("log1", "t1", "customer", "Moving to 3 Quay St on 1 March 2031.")])
    assert said_on(about_next_year) is None
    said = [Evidence("log2", "t1", "customer", "I live at 9 Mill Road now.", said_on=date(2026, 9, 1))]
    assert not said_before(said, about_next_year)  # not "said before" a fact because it is about a later day
    dated = Fact.new("event", "Moving on 1 March 2031.", valid_at=date(2031, 3, 1), evidence=[
        Evidence("log1", "t1", "customer", "Moving on 1 March 2031.", said_on=date(2026, 10, 2))])
    assert said_on(dated) == date(2026, 10, 2)
    assert said_before(said, dated)


THREE = [("2026-04-01T09:00:00Z", "My address is 12 Abbey Road, Hull HU1 1AA."),
         ("2026-05-01T09:00:00Z", "My new address is 21 Quarry Hill, Leeds LS1 2AB."),
         ("2026-05-09T09:00:00Z", "I moved again, my new address is 3 Salt Lane, York YO1 7HH.")]


def test_a_backfill_between_two_links_of_a_chain_is_put_between_them_not_beside(isolated_env, tmp_path):
    """The newer fact already replaced another: the backfilled value said between the two goes between them in the
    chain — one fact replaced by each, no fork (rfixr24)."""
    with CustomerStore.open(tmp_path, "c1") as store:
        for name, (when, said) in (("first", THREE[0]), ("last", THREE[2]), ("between", THREE[1])):
            _import(store, tmp_path, name, [(when, "customer", said)])
        facts = {word: next(f for f in store.facts.list(statuses=None) if word in f.text)
                 for word in ("Abbey Road", "Quarry Hill", "Salt Lane")}
        first, between, last = facts["Abbey Road"], facts["Quarry Hill"], facts["Salt Lane"]
        assert last.status == "active" and between.status == "replaced" and first.status == "replaced"
        assert [f.id for f in store.facts.list(statuses=None) if f.superseded_by == last.id] == [between.id]
        assert (first.superseded_by, between.supersedes, between.superseded_by, last.supersedes) == (
            between.id, first.id, last.id, between.id)


def test_extract_again_ends_what_names_the_value_it_puts_into_history_and_keeps_the_oldest_link(
        isolated_env, tmp_path, monkeypatch):
    """``mem extract --again`` puts an older value that replaced a newer one into history: the context item naming it
    ends with it, as with any update, and the link of the chain's oldest fact to the fact before it (not a
    replaced one: a retracted value) stays with the chain (rfixr24)."""
    import mem.customers.extract as extract

    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "last", [("2026-05-09T09:00:00Z", "customer", "My new address is 3 Salt Lane, York.")])
        monkeypatch.setattr(extract, "said_before", lambda evidence, fact: False)  # an older mem: no time order
        _import(store, tmp_path, "between", [("2026-05-01T09:00:00Z", "customer",
                                              "I've moved. I live at 21 Quarry Hill, Leeds now. "
                                              "Please send everything to this address from now on.")])
        monkeypatch.undo()
        items = store.context.items(include_unconfirmed=True)
        assert len(items) == 1 and "21 Quarry Hill" in items[0].text, items
        salt = next(f for f in store.facts.list(statuses=None) if "Salt Lane" in f.text)
        quarry = next(f for f in store.facts.list(statuses=["active"]) if "Quarry Hill" in f.text)
        assert salt.status == "replaced" and quarry.supersedes == salt.id
        gone = store.facts.add(Fact.new("attribute", "My address is 12 Abbey Road, Hull."), actor="test")
        with store.transaction():
            gone = store.facts.save(gone.replace(status="retracted", superseded_by=salt.id), action="retracted",
                                    actor="test", reason="taken back")
            store.facts.save(salt.replace(supersedes=gone.id), action="linked", actor="test", reason="as left")
        assert rejudge(store).reordered
        assert store.facts.get(salt.id).status == "active"
        assert store.context.items(include_unconfirmed=True) == []
        assert store.facts.get(quarry.id).supersedes == gone.id  # the chain's oldest now


def test_two_turns_under_a_day_apart_with_different_offsets_are_read_in_the_order_said(isolated_env, tmp_path):
    """Seoul's 2 June 08:00 +09:00 is 1 June 23:00 UTC; the Azores' 1 June 23:30 -01:00 is 2 June 00:30 UTC, said
    after it — the local days say the opposite. The Azores address, said last, stays in force though it was imported
    first (rfixr24)."""
    seoul = [("2026-06-02T08:00:00+09:00", "customer", "My new address is 4 Harbour Row, Busan.")]
    azores = [("2026-06-01T23:30:00-01:00", "customer", "My new address is 9 Praia Street, Ponta Delgada.")]
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "azores", azores)
        _import(store, tmp_path, "seoul", seoul)
        active = _active_addresses(store, "Harbour Row", "Praia Street")
        assert active and all("Praia Street" in text for text in active), active


def test_a_backfill_is_placed_in_the_chain_on_the_clock_it_was_judged_on(isolated_env, tmp_path):
    """Seoul's 2 June 08:00 +09:00 (1 June 23:00 UTC) was said before the Azores' 1 June 23:30 -01:00 (2 June 00:30
    UTC), though its local day is the later. The Azores address, judged said before the one in force, goes after the
    Seoul one in the chain, not before it: its place was read from the local days while the judgement used UTC."""
    seoul = ("2026-06-02T08:00:00+09:00", "customer", "My new address is 4 Harbour Row, Busan.")
    last = ("2026-06-10T09:00:00Z", "customer", "My new address is 12 Salt Lane, Leeds.")
    azores = ("2026-06-01T23:30:00-01:00", "customer", "My new address is 9 Praia Street, Ponta Delgada.")
    with CustomerStore.open(tmp_path, "c1") as store:
        for name, turn in (("seoul", seoul), ("last", last), ("azores", azores)):
            _import(store, tmp_path, name, [turn])
        facts = {word: next(f for f in store.facts.list(statuses=None) if word in f.text)
                 for word in ("Harbour Row", "Praia Street", "Salt Lane")}
        first, between, latest = facts["Harbour Row"], facts["Praia Street"], facts["Salt Lane"]
        assert (latest.status, between.status, first.status) == ("active", "replaced", "replaced")
        assert (first.superseded_by, between.supersedes, between.superseded_by, latest.supersedes) == (
            between.id, first.id, latest.id, between.id)


def test_extract_again_keeps_a_chain_judged_on_one_clock(isolated_env, tmp_path):
    """The Azores address said last (UTC) and kept in force at import stays in force after `mem extract --again`:
    put back in order by the local days, Seoul's (the later local day) was made active again."""
    seoul = [("2026-06-02T08:00:00+09:00", "customer", "My new address is 4 Harbour Row, Busan.")]
    azores = [("2026-06-01T23:30:00-01:00", "customer", "My new address is 9 Praia Street, Ponta Delgada.")]
    with CustomerStore.open(tmp_path, "c1") as store:
        _import(store, tmp_path, "azores", azores)
        _import(store, tmp_path, "seoul", seoul)
        assert all("Praia Street" in text for text in _active_addresses(store, "Harbour Row", "Praia Street"))
        assert not rejudge(store).reordered
        active = _active_addresses(store, "Harbour Row", "Praia Street")
        assert active and all("Praia Street" in text for text in active), active
