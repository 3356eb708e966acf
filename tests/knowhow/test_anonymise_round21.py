"""The words after a customer id that are the service's, not the customer's name (round 20's closing note)."""

from __future__ import annotations

import pytest

from mem.knowhow.anonymise import scrub


@pytest.mark.parametrize(("text", "expected"), [
    ("Carol Refund approved, 40% back.", "[customer] Refund approved, 40% back."),
    ("Carol Warranty claim accepted.", "[customer] Warranty claim accepted."),
    ("We gave Carol Store credit of 20%.", "We gave [customer] Store credit of 20%."),
    ("Yes, Carol Jenkins Support, we agree.", "Yes, [customer] Support, we agree."),
])
def test_service_words_after_the_id_stay(text, expected):
    assert scrub(text, customer_ids=["carol"]) == expected


@pytest.mark.parametrize("surname", ["Jenkins", "Baker", "White", "Brown", "Okonkwo-Smith", "Wonderly", "King",
                                     # surnames that are also service or everyday words
                                     "Park", "Price", "Day", "Post", "Cash", "Holiday"])
def test_a_surname_after_the_id_still_goes_with_it(surname):
    assert scrub(f"Yes, Carol {surname}, we agree to refund 40%.", customer_ids=["carol"]) == \
        "Yes, [customer], we agree to refund 40%."
