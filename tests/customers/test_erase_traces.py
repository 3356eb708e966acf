"""Erase reaches the records built from the erased fact: a trait's quotes, an update's reason, context
items promoted from it and their context log, and the know-how share of a decision (NEWUSER_REPORT9 #1)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import pytest

from mem.core.config import Config
from mem.customers import CustomerStore, Evidence, Fact
from mem.customers.extract import extract_pending
from mem.customers.learning import share_decisions
from mem.knowhow.share import shared_records

LINES = [
    ("a", "2026-10-01", "I prefer window seats, my seat code is ZX81."),
    ("b", "2026-10-05", "I prefer window seats again."),
    ("c", "2026-10-09", "I prefer window seats as usual."),
    ("d", "2026-10-10", "I live in Bostonville."),
    ("e", "2026-10-12", "I moved to Seattle."),
    ("f", "2026-10-13", "My name is Alice Park."),
]


@pytest.fixture
def learnt(isolated_env: Path, tmp_path: Path) -> Path:
    log = tmp_path / "tr.jsonl"
    log.write_text("".join(json.dumps({"role": "user", "text": text, "time": f"{day}T10:00:00Z",
                                       "conversation": conv}) + "\n" for conv, day, text in LINES))
    with CustomerStore.open(isolated_env, "t1") as store:
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=isolated_env))
    return isolated_env


def _by_text(store: CustomerStore, start: str) -> Fact:
    return next(f for f in store.facts.list(statuses=None) if f.text.startswith(start))


def _files_holding(home: Path, word: str) -> list[str]:
    return [p.name for p in (home / "customers" / "t1").rglob("*")
            if p.is_file() and word.lower().encode() in p.read_bytes().lower()]


def test_an_erase_after_a_correction_still_redacts_the_words_it_corrected(learnt):
    # a correction (facts edit --text) replaces the fact's customer evidence; the erase finds the old
    # quote in the fact's history and redacts it in the log too
    from mem.customers.erase import erase_fact

    with CustomerStore.open(learnt, "t1") as store:
        fact = _by_text(store, "I live in Bostonville")
        store.facts.edit(fact.id, text="I live in Portlandia.")
        erase_fact(store, fact.id)
    assert _files_holding(learnt, "Bostonville") == [] and _files_holding(learnt, "Portlandia") == []


def test_a_trait_built_from_the_erased_fact_loses_its_quote(learnt):
    with CustomerStore.open(learnt, "t1") as store:
        zx = _by_text(store, "I prefer window seats, my seat")
        trait = store.facts.list(kinds=["trait"])[0]
        assert zx.id in trait.support and any("ZX81" in e.quote for e in trait.evidence)
        store.facts.erase(zx.id)
        trait = store.facts.get(trait.id)
        assert trait.status == "active" and len(trait.evidence) == 2 and zx.id in trait.support
        assert not any("ZX81" in e.quote for e in trait.evidence)
        assert all(h.fact is None or "ZX81" not in json.dumps(h.fact.to_dict()) for h in store.facts.history(trait.id))
        assert store.facts.search("ZX81") == []
    assert _files_holding(learnt, "ZX81") == []


def test_a_trait_left_with_no_supporting_fact_is_erased_with_the_last_one(learnt):
    with CustomerStore.open(learnt, "t1") as store:
        trait = store.facts.list(kinds=["trait"])[0]
        for fact_id in trait.support:
            store.facts.erase(fact_id)
        assert [h.action for h in store.facts.history(trait.id)] == ["erased"]
    assert _files_holding(learnt, "window") == []


def test_the_reason_of_the_update_no_longer_names_the_erased_value(learnt):
    with CustomerStore.open(learnt, "t1") as store:
        old, new = _by_text(store, "I live in"), _by_text(store, "I moved to")
        assert "Bostonville" in store.facts.history(new.id)[0].reason
        store.facts.erase(old.id)
        assert store.facts.history(new.id)[0].reason == "new residence: [erased] → Seattle"
        assert store.facts.get(new.id).supersedes == old.id  # the id stays: it holds no words
    assert _files_holding(learnt, "Bostonville") == []


@pytest.mark.parametrize("removed_first", [False, True])
def test_a_context_item_promoted_from_the_erased_fact_goes_with_its_log(learnt, removed_first):
    with CustomerStore.open(learnt, "t1") as store:
        name = _by_text(store, "My name is")
        item = next(i for i in store.context.items(include_unconfirmed=True) if i.fact_id == name.id)
        store.context.confirm(item.id, budget_chars=600)
        if removed_first:
            store.context.remove(item.id)
        store.facts.erase(name.id)
        assert store.context.items(include_unconfirmed=True) == []
        changes = [c for c in store.context.changes() if c["item_id"] == item.id]
        assert changes and {c["text"] for c in changes} == {"[erased]"}  # the times and actions stay
    assert _files_holding(learnt, "Alice") == []


class _Sharer:
    def __init__(self, error: str | None = None) -> None:
        self.error = error
        self.withdrawn: list[list[str]] = []

    def share_decisions(self, customer_id: str, decisions: Sequence[Fact], *, own_texts: Sequence[str],
                        erased: Sequence[str] = ()) -> dict:
        _, withdrawn = shared_records(customer_id, decisions, secret=b"k" * 32, erased=erased)
        self.withdrawn.append(withdrawn)
        return {"sent": 0, "error": self.error} if self.error else {"sent": 0, "withdrawn": len(withdrawn)}


def test_an_erased_shared_decision_is_withdrawn_like_a_retracted_one(isolated_env):
    with CustomerStore.open(isolated_env, "t1") as store:
        store.consent.set(share=True)
        kept, gone = (store.facts.add(Fact.new("decision", text, valid_at=date(2026, 10, 1), evidence=[
            Evidence("c", "t", "customer", text)])) for text in ("We refunded the mug", "We waived the fee"))
        retracted = store.facts.add(Fact.new("decision", "We sent a voucher", valid_at=date(2026, 10, 1)))
        store.facts.retract(retracted.id)
        store.facts.erase(gone.id)
        offline = _Sharer(error="cannot reach server")
        share_decisions(store, offline)
        assert len(offline.withdrawn[0]) == 2  # the retracted one and the erased one
        online = _Sharer()
        share_decisions(store, online)  # the erased one waited for a share that reached the service
        assert len(online.withdrawn[0]) == 2
        share_decisions(store, online)  # the service took it: only the retracted record withdraws again
        assert len(online.withdrawn[1]) == 1
        assert store.facts.get(kept.id).status == "active"


def test_an_erased_decision_not_yet_withdrawn_survives_export_and_restore(isolated_env):
    # erased offline, then restored on another device before any share reached the service: the
    # restored memory must still withdraw it, or the shared copy outlives the customer's erase
    from mem.customers.erase import erased_decisions
    from mem.customers.portable import export_customer, import_customer

    with CustomerStore.open(isolated_env, "t1") as store:
        store.consent.set(share=True)
        gone = store.facts.add(Fact.new("decision", "We waived the fee", valid_at=date(2026, 10, 1)))
        store.facts.erase(gone.id)
    data = export_customer(isolated_env, "t1")
    import_customer(isolated_env, "t1", data)
    with CustomerStore.open(isolated_env, "t1") as store:
        assert erased_decisions(store) == [gone.id]
        online = _Sharer()
        share_decisions(store, online)
        assert len(online.withdrawn[0]) == 1
        assert erased_decisions(store) == []


def test_an_export_with_malformed_erased_decisions_is_refused(isolated_env):
    import gzip

    from mem.core.errors import InvalidInput
    from mem.customers.portable import export_customer, import_customer

    with CustomerStore.open(isolated_env, "t1") as store:
        store.facts.add(Fact.new("decision", "We waived the fee", valid_at=date(2026, 10, 1)))
    payload = json.loads(gzip.decompress(export_customer(isolated_env, "t1")))
    payload["erased_decisions"] = [1, 2]
    with pytest.raises(InvalidInput, match="erased_decisions"):
        import_customer(isolated_env, "t1", gzip.compress(json.dumps(payload).encode()))
    with CustomerStore.open(isolated_env, "t1") as store:  # nothing replaced
        assert len(store.facts.list(kinds=["decision"])) == 1


# NEWUSER_REPORT11 #1: erase wrote "[erased]" into the logged turn, so the next import of the same (or a
# grown) export no longer found it logged and brought the erased words back
# the words looked for are not digits alone: "7781" can occur by chance in a random id or key in hex
ERASE_EXPORT = [{"role": "user", "text": "My locker code is 7781 at Kvitfjell.", "time": "2026-11-01T10:00:00Z"},
                {"role": "user", "text": "I live in Oslo.", "time": "2026-11-01T10:05:00Z"}]


def _erase_locker_code(home: Path, export: Path) -> None:
    export.write_text("".join(json.dumps(row) + "\n" for row in ERASE_EXPORT))
    with CustomerStore.open(home, "t1") as store:
        store.log.import_file(export)
        extract_pending(store, config=Config.load(home=home))
        store.facts.erase(_by_text(store, "My locker code").id)
    assert _files_holding(home, "Kvitfjell") == []


def test_a_reimport_of_the_same_or_a_grown_export_does_not_bring_an_erased_turn_back(isolated_env, tmp_path, mem):
    export = tmp_path / "e.jsonl"
    _erase_locker_code(isolated_env, export)
    result = mem("log", "import", "-c", "t1", export)
    assert result.exit_code == 0
    assert "skipped 1 turn erased at the customer's request (not imported again)" in result.stderr
    assert "skipped 1 turn already in the log" in result.stderr
    grown = tmp_path / "grown.jsonl"
    grown.write_text(export.read_text() + json.dumps(
        {"role": "user", "text": "Thanks!", "time": "2026-11-02T09:00:00Z"}) + "\n")
    with CustomerStore.open(isolated_env, "t1") as store:
        report = store.log.import_file(grown)
        assert (report["turns"], report["already_logged"], report["already_erased"]) == (1, 1, 1)
        extract_pending(store, config=Config.load(home=isolated_env))
        assert not any("Kvitfjell" in f.text for f in store.facts.list(statuses=None))
    # the tombstone is a keyed hash: no file of the customer holds the words, nor an unkeyed hash of them
    assert _files_holding(isolated_env, "Kvitfjell") == []
    import hashlib
    plain = hashlib.sha256("\0".join(("2026-11-01T10:00:00Z", "customer", ERASE_EXPORT[0]["text"])).encode())
    assert _files_holding(isolated_env, plain.hexdigest()) == []


def test_the_erased_turns_tombstones_survive_export_and_restore(isolated_env, tmp_path):
    from mem.customers.portable import export_customer, import_customer

    export = tmp_path / "e.jsonl"
    _erase_locker_code(isolated_env, export)
    import_customer(isolated_env, "t1", export_customer(isolated_env, "t1"))
    with CustomerStore.open(isolated_env, "t1") as store:
        report = store.log.import_file(export)
        assert (report["turns"], report["already_erased"]) == (0, 1)


# NEWUSER_REPORT13 #4: an erase made by an older mem (fa3cec2 and before) left only "[erased]" in the
# logged turn — no tombstone — so the first re-import with the current mem brought the words back
def _as_an_older_mem_erased(home: Path, export: Path) -> None:
    """The customer's store as the older mem left it after the erase: the logged turn redacted, the
    fact gone, and no ``erased_turns`` tombstones (that version kept none)."""
    _erase_locker_code(home, export)
    with CustomerStore.open(home, "t1") as store, store.transaction():
        store.conn.execute("DELETE FROM meta WHERE key = 'erased_turns'")


@pytest.mark.parametrize("text", [
    "My locker code is 7781 at Kvitfjell.",
    "제 사물함 비밀번호는 7781이에요. 위치는 Kvitfjell 지점입니다.",  # the quote is one sentence of two
])
def test_an_erase_made_by_an_older_mem_is_honoured_at_the_next_reimport(isolated_env, tmp_path, mem, text):
    rows = [dict(ERASE_EXPORT[0], text=text), ERASE_EXPORT[1]]
    export = tmp_path / "e.jsonl"
    export.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    with CustomerStore.open(isolated_env, "t1") as store:
        store.log.import_file(export)
        extract_pending(store, config=Config.load(home=isolated_env))
        fact = next(f for f in store.facts.list() if "7781" in f.text)
        store.facts.erase(fact.id)
    with CustomerStore.open(isolated_env, "t1") as store, store.transaction():
        store.conn.execute("DELETE FROM meta WHERE key = 'erased_turns'")
    assert _files_holding(isolated_env, "Kvitfjell") == []
    result = mem("log", "import", "-c", "t1", export)
    assert result.exit_code == 0, result.stderr
    assert "skipped 1 turn erased at the customer's request (not imported again)" in result.stderr
    with CustomerStore.open(isolated_env, "t1") as store:
        extract_pending(store, config=Config.load(home=isolated_env))
        assert not any("7781" in f.text for f in store.facts.list(statuses=None))
        # the older record is carried over as a tombstone: the next import finds it the current way
        assert store.log.import_file(export)["already_erased"] == 1
    assert _files_holding(isolated_env, "Kvitfjell") == []


def test_an_older_erase_stands_for_one_line_and_only_a_line_that_reads_as_the_redacted_turn(isolated_env, tmp_path):
    export = tmp_path / "e.jsonl"
    _as_an_older_mem_erased(isolated_env, export)  # the whole turn became "[erased]"
    other = tmp_path / "other.jsonl"
    rows = [ERASE_EXPORT[0], dict(ERASE_EXPORT[0], text="Where is my parcel?")]
    other.write_text("".join(json.dumps(row) + "\n" for row in rows))
    with CustomerStore.open(isolated_env, "t1") as store:
        report = store.log.import_file(other)
        assert (report["turns"], report["already_erased"]) == (1, 1)
        assert [t.text for c in store.log.conversations() for t in store.log.get(c.id).turns
                if t.text == "Where is my parcel?"] == ["Where is my parcel?"]
    # an older erase of a quote inside the turn: the words around "[erased]" must be the line's
    log = next((isolated_env / "customers").rglob("logs/*.jsonl"))
    lines = log.read_text().splitlines()
    record = json.loads(lines[0])
    record["text"] = "Hello. [erased] Bye."
    log.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n")
    partial = tmp_path / "partial.jsonl"
    partial.write_text(json.dumps(dict(ERASE_EXPORT[0], text="Hello. Another thing. Bye now.")) + "\n"
                       + json.dumps(dict(ERASE_EXPORT[0], text="Hello. My code is 7781. Bye.")) + "\n")
    with CustomerStore.open(isolated_env, "t1") as store:
        report = store.log.import_file(partial)
        assert (report["turns"], report["already_erased"]) == (1, 1)
