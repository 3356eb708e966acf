"""newuser26 #13: a Japanese situation made the know-how id ``kh-10``, and the anonymiser turned "7-day window" into
"[number] window" in a candidate — durations and policy figures are no personal data; identifiers still go."""

from __future__ import annotations

import pytest

from mem.core.text.personal import scrub
from mem.knowhow.candidates import Candidate
from mem.knowhow.promote import page_id_for


def _candidate(when: str, refs: list) -> Candidate:
    return Candidate(
        id="c-1",
        kind="procedure",
        status="candidate",
        when=when,
        then="送料を返金する",
        customers=3,
        counter_examples=0,
        facts=3,
        policy_refs=refs,
        situation_key="0123456789abcdef" * 4,
    )


@pytest.mark.parametrize(
    ("when", "refs", "page_id"),
    [
        ("配送が10日以上遅れている", [{"page": "shipping-times", "version": 2}], "kh-shipping-times"),
        ("배송이 10일 이상 지연된 경우", [{"page": "returns-ko-2", "version": 1}], "kh-returns-ko-2"),
        ("配送が10日以上遅れている", [], "kh-0123456789ab"),  # no page to name it after: the situation's key, not "10"
        ("a parcel is 10 days late", [{"page": "shipping-times", "version": 2}], "kh-parcel-10-days-late"),
    ],
)
def test_a_korean_or_japanese_situation_is_named_after_its_policy_page(when, refs, page_id):
    assert page_id_for(_candidate(when, refs)) == page_id


@pytest.mark.parametrize(
    "text",
    [
        "I know it is past the 7-day window, but could you still refund the damaged chair?",
        "We agreed on a 30-day return and a 12-month warranty.",
        "Refunds take a 5-business-day wait.",
    ],
)
def test_durations_joined_to_their_unit_are_kept(text):
    assert scrub(text) == text


@pytest.mark.parametrize("text", ["order 12345678 was late", "my code is 7-day-1234", "ticket AB12-34567 please"])
def test_identifiers_are_still_masked(text):
    scrubbed = scrub(text)
    assert "[number]" in scrubbed and not any(ch.isdigit() for ch in scrubbed)
