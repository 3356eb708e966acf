"""Round nineteen of update judgement (docs/extraction.md, "A nineteenth round"): a code read out of order or with a
letter for a digit is the held code corrected; a code told with the words that say it was issued anew, known only by
its shape, replaces the held one; a read-back that names the town as "your town" or puts the value first ("I'll put X
down as …") is agreed to; a place said without a comma ends where the next clause begins. Sentences are this file's
own (none copied from a case file in scripts/).
"""

from __future__ import annotations

import pytest

from mem.customers import slots
from mem.customers.judge import _near_twin

from .test_update_structure import _active, _run


@pytest.mark.parametrize("old, new, twin", [
    ("KT-30718", "KT-37081", True),  # the same characters in another order
    ("AB-620495", "AB-620954", True),
    ("ZX-44B-210", "ZX-448-210", True),  # a letter read as the digit it looks like
    ("RF-7O312", "RF-70312", True),
    ("KT-30718", "KT-30781", True),  # two swapped, as before
    # another code: other characters, or a letter that looks like no digit
    ("KT-30718", "KT-52964", False),
    ("ZX-44K-210", "ZX-448-210", False),
    ("30718", "3071", False),
])
def test_a_code_read_out_of_order_is_its_twin(old, new, twin):
    assert _near_twin(old, new) == twin


@pytest.mark.parametrize("first, second, old", [
    # held in words no rule reads, known by its shape; the correction read off another line
    ("I'm chasing the boiler order, it's HX-52190 on the quote", "sorry the real one is HX-59021 on the order form",
     "HX-52190"),
    ("注文番号は、えっと、ＨＸ－５２１９０です", "すみません、見積書の番号を読んでました。注文書だと HX-59021 です",
     "ＨＸ－５２１９０"),
    ("Parking booked, reference MP-33S-907.", "Checked again, the reference is MP-335-907, a five not an S.",
     "MP-33S-907"),
])
def test_a_code_corrected_by_its_twin_replaces_the_held_one(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "Thanks.")], [("customer", second), ("agent", "Thanks.")]]) \
            as store:
        assert not any(old in text for text in _active(store))


@pytest.mark.parametrize("first, second, old", [
    ("My van booking is VB-2231-K.", "You sent me a new reference after the date change, so it's VB-8840-T now.",
     "VB-2231-K"),
    ("견적번호 HQ-44120 으로 문의했어요.", "다시 견적 받아서 견적번호가 HQ-70981로 새로 나왔어요.", "HQ-44120"),
])
def test_a_code_issued_anew_known_by_its_shape_replaces_the_held_one(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        assert not any(old in text for text in _active(store))


def test_a_new_order_known_by_its_shape_is_still_another_order(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "Order HX-52190 is the boiler."), ("agent", "Thanks.")],
                         [("customer", "I placed another order, HX-77341, for the radiator valves."),
                          ("agent", "Thanks.")]]) as store:
        assert any("HX-52190" in text for text in _active(store))


@pytest.mark.parametrize("question, reply, town", [
    ("Got it. I'll put Alcester down as your town instead of Evesham then?", "Lovely, thanks", "Alcester"),
    ("So I'll change your area from Evesham to Alcester, is that right?", "yep that's the one", "Alcester"),
])
def test_a_town_read_back_as_your_town_is_agreed(isolated_env, tmp_path, question, reply, town):
    with _run(tmp_path, [
        [("customer", "Hi, we're in Evesham, is that in your area?"), ("agent", "Yes, we cover Evesham.")],
        [("customer", "Hello again, we've moved."), ("agent", "Where are you now?"),
         ("customer", "Just off the high street in Alcester."), ("agent", question), ("customer", reply)],
    ]) as store:
        assert not any("Evesham" in text and "Alcester" not in text for text in _active(store))
        assert town in store.facts.search("which town does the customer live in", limit=3)[0].fact.text


@pytest.mark.parametrize("text, town", [
    ("Hi, we're in Alcester if that matters for the delivery charge", "Alcester"),
    ("morning I'm in Evesham and I wanted to ask about the bins", "Evesham"),
    ("we're out in Pershore so is that inside your patch", "Pershore"),
    # a stay, not a home; and a place that runs on into more words
    ("I'm in Paris for a week", None),
    ("I'm in London if you need me next week", None),
])
def test_a_place_said_without_a_comma_ends_where_the_next_clause_begins(text, town):
    slot = slots.find_slot(text)
    assert (slot.value if slot is not None and slot.name == "residence" else None) == town


def test_the_new_readings_are_linear_on_a_long_message_of_one_unit(assert_linear):
    for unit in ("sorry 1 ", "your town ", "I'm in Ab if that "):
        assert_linear(lambda n, u=unit: slots.find_slot.__wrapped__(u * (n // len(u))), 100_000)
