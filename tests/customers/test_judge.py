from __future__ import annotations

from datetime import date

from mem.customers.fact_candidates import Candidate
from mem.customers.fact_record import Evidence, Fact
from mem.customers.slots import find_slot

DAY = date(2025, 9, 28)


def fact(kind: str, text: str, day: date = DAY) -> Fact:
    return Fact.new(kind, text, valid_at=day, evidence=[Evidence("c0", "t0", "customer", text)])


def cand(kind: str, text: str, day: date = DAY, **extra) -> Candidate:
    from mem.customers import kinds

    return Candidate(kind=kind, text=text, evidence=(Evidence("c1", "t1", "customer", text),), valid_at=day,
                     slot=find_slot(text), retraction=kinds.is_retraction(text), correction=kinds.is_correction(text),
                     **extra)


def test_new_fact_is_added():
    from mem.customers.judge import judge

    assert judge(cand("event", "I bought a blue kettle."), [fact("event", "I live in Seoul.")]).action == "ADD"


def test_exact_and_near_duplicates_are_none():
    from mem.customers.judge import judge

    old = fact("preference", "I prefer email over phone.")
    assert judge(cand("preference", "I prefer email over phone."), [old]).action == "NONE"
    assert judge(cand("preference", "I prefer e-mail over phone!"), [old]).action == "NONE"
    assert judge(cand("preference", "I prefer EMAIL over phone"), [old]).action == "NONE"


def test_the_same_request_on_another_day_is_a_new_event():
    from mem.customers.judge import judge

    old = fact("request", "Can I get a refund as an exception?", date(2025, 8, 12))
    assert judge(cand("request", "Can I get a refund as an exception?"), [old]).action == "ADD"


def test_same_slot_other_value_updates():
    from mem.customers.judge import judge

    old = fact("attribute", "I live in Seoul.")
    result = judge(cand("attribute", "I moved to Busan."), [old])
    assert result.action == "UPDATE" and result.target.id == old.id


def test_retraction_deletes_the_matching_fact():
    from mem.customers.judge import judge

    old = fact("attribute", "I live in Seoul.")
    other = fact("preference", "I prefer email over phone.")
    result = judge(cand("attribute", "I no longer live in Seoul."), [other, old])
    assert result.action == "DELETE" and result.target.id == old.id


def test_retraction_with_nothing_to_retract_is_added():
    from mem.customers.judge import judge

    assert judge(cand("event", "I no longer drink coffee."), [fact("event", "I bought a kettle.")]).action == "ADD"


def test_correction_updates_a_similar_fact_of_the_same_kind():
    from mem.customers.judge import judge

    old = fact("preference", "I like green tea in the morning.")
    result = judge(cand("preference", "Actually I like black tea in the morning."), [old])
    assert result.action == "UPDATE"


def test_replaced_facts_are_ignored():
    from mem.customers.judge import judge

    old = fact("preference", "I prefer email over phone.").replace(status="replaced")
    assert judge(cand("preference", "I prefer email over phone."), [old]).action == "ADD"
