"""Candidate detection: distinct customers, counter-examples, proposals, interpretations."""

from __future__ import annotations

from mem.core.config import KnowhowSettings
from mem.knowhow.candidates import detect_candidates

SETTINGS = KnowhowSettings(min_customers=3, propose_min_customers=2, window_days=365)


def _rec(who, decision, condition="the purchase was over 14 days ago on an Enterprise plan", month=None, n=0):
    return {"pseudonym": f"p-{who}", "fact_ref": f"f-{who}-{n}", "condition": condition, "decision": decision,
            "policy_refs": [{"page": "refunds", "version": 4}], "month": month}


def test_three_distinct_customers_make_a_procedure_candidate():
    records = [_rec(w, "we agreed to negotiate a partial refund") for w in "abc"]
    [candidate] = detect_candidates(records, settings=SETTINGS)
    assert candidate.kind == "procedure" and candidate.status == "candidate"
    assert candidate.customers == 3 and candidate.counter_examples == 0
    assert candidate.then == "we agreed to negotiate a partial refund"
    assert candidate.policy_refs == [{"page": "refunds", "version": 4}]


def test_facts_of_one_customer_do_not_count_as_customers():
    records = [_rec("a", "we agreed to a partial refund", n=i) for i in range(5)] + [
        _rec("b", "we agreed to a partial refund")]
    [candidate] = detect_candidates(records, settings=SETTINGS)
    assert candidate.customers == 2 and candidate.facts == 6 and candidate.status == "proposal"


def test_one_customer_alone_is_not_even_a_proposal():
    assert detect_candidates([_rec("a", "we agreed to a partial refund", n=i) for i in range(4)],
                             settings=SETTINGS) == []


def test_counter_example_blocks_and_raises_an_interpretation():
    records = [_rec(w, "we agreed to a partial refund") for w in "abcd"] + [_rec("e", "we declined the refund")]
    found = {c.kind: c for c in detect_candidates(records, settings=SETTINGS)}
    assert found["procedure"].status == "blocked" and found["procedure"].counter_examples == 1
    assert found["interpretation"].status == "candidate" and found["interpretation"].customers == 5


def test_similar_wording_groups_and_other_situations_stay_apart():
    records = [
        _rec("a", "we agreed to a partial refund", "the purchase was 18 days ago on an Enterprise plan"),
        _rec("b", "we agreed to a partial refund", "Enterprise plan, purchase 20 days ago"),
        _rec("c", "agreed a partial refund", "purchase 16 days ago on an Enterprise plan"),
        _rec("d", "we declined the refund", "the item arrived broken"),
    ]
    found = detect_candidates(records, settings=SETTINGS)
    [procedure] = [c for c in found if c.status == "candidate"]
    assert procedure.customers == 3 and procedure.counter_examples == 0


def test_old_decisions_fall_out_of_the_window():
    from datetime import datetime

    from mem.core import clock

    clock.freeze(datetime(2026, 12, 1))
    records = [_rec(w, "we agreed to a partial refund", month="2024-01") for w in "abc"]
    assert detect_candidates(records, settings=SETTINGS) == []
    records = [_rec(w, "we agreed to a partial refund", month="2026-06") for w in "abc"]
    assert detect_candidates(records, settings=SETTINGS)[0].status == "candidate"


def test_reviews_mark_candidates():
    records = [_rec(w, "we agreed to a partial refund") for w in "abc"]
    [candidate] = detect_candidates(records, settings=SETTINGS)
    reviews = {candidate.id: {"decision": "rejected", "by": "ops", "at": "2026-12-01T00:00:00Z", "page_id": None}}
    [again] = detect_candidates(records, settings=SETTINGS, reviews=reviews)
    assert again.id == candidate.id and again.status == "rejected"


def _approved(candidate) -> dict:
    return {candidate.id: {"decision": "approved", "by": "ops", "at": "2026-12-01T00:00:00Z",
                           "page_id": "kh-x", "signature": candidate.situation_key}}


def test_an_approved_candidate_keeps_its_id_when_customers_whose_words_sort_first_join_it():
    # new-user report 19 section 7: "a damaged chair" sorts before "a damaged kettle", founded the situation
    # anew, and the approved candidate read "support fell to 0" with all its customers still sharing
    kettle = [_rec(w, "we waived the restocking fee", condition="the customer returned a damaged kettle")
              for w in "abc"]
    [approved] = detect_candidates(kettle, settings=SETTINGS)
    chair = [_rec(w, "we waived the restocking fee", condition="the customer returned a damaged chair")
             for w in "def"]
    found = detect_candidates(kettle + chair, settings=SETTINGS, reviews=_approved(approved))
    assert [(c.id, c.status, c.customers) for c in found] == [(approved.id, "approved", 6)]
    assert found[0].when == "the customer returned a damaged kettle"  # its own words on a tie (review 19)


def test_an_approved_outcome_keeps_its_id_when_another_outcome_founds_the_situation():
    waived = [_rec(w, "we waived the restocking fee", condition="the customer returned a damaged kettle")
              for w in "bcd"]
    [approved] = detect_candidates(waived, settings=SETTINGS)
    # a customer whose words sort first got a different decision in the same situation
    other = [_rec("a", "we waived the restocking fee", condition="the customer returned a damaged blender"),
             _rec("e", "we offered store credit", condition="the customer returned a damaged appliance kettle")]
    found = {c.id: c for c in detect_candidates(waived + other, settings=SETTINGS, reviews=_approved(approved))}
    assert found[approved.id].status == "approved" and found[approved.id].customers >= 3
