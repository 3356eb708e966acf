"""Round twenty-four of update judgement (docs/extraction.md): a home the customer lived at once, told as the
time of something else ("when I lived at …", "when we lived in …"), is their past, not their value now — it
replaces nothing they hold. A move told in the same words ("we've moved", "I live at … now") still is one.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "text",
    [
        "Back when I lived at 4 Orchard Row, Hexham NE46 1AB you fitted our first boiler.",
        "We had the same sofa when we lived in Harrogate, it wore well.",
        "When I lived at Flat 9, 30 Dock Street, Leith I ordered the same lamp.",
    ],
)
def test_a_home_told_as_the_time_of_something_else_is_no_value(text):
    slot = find_slot(text)
    assert slot is None or slot.name not in ("address", "residence")


@pytest.mark.parametrize(
    "text, name",
    [
        ("I live at 4 Orchard Row, Hexham NE46 1AB now.", "address"),
        ("We've moved, the new address is 12 Wick Lane, Hexham NE46 3PQ.", "address"),
        ("When I moved I took the lamp with me; I live in Harrogate now.", "residence"),
    ],
)
def test_a_home_said_as_now_is_still_read(text, name):
    slot = find_slot(text)
    assert slot is not None and slot.name == name


def test_a_past_home_named_later_keeps_the_address_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "Please deliver the bed frame to 18 Mill Lane, Totnes TQ9 5AA."), ("agent", "Booked.")],
            [
                ("customer", "Could you find the rug I bought when I lived at 3 Fore Street, Dartmouth TQ6 9AB?"),
                ("agent", "Found it, still in stock."),
            ],
        ],
    ) as store:
        assert any("18 Mill Lane" in text for text in _active(store))


def test_a_move_after_the_address_still_replaces_it(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "Please deliver the bed frame to 18 Mill Lane, Totnes TQ9 5AA."), ("agent", "Booked.")],
            [
                (
                    "customer",
                    "We've moved! New address is 3 Fore Street, Dartmouth TQ6 9AB, please send the rug there.",
                ),
                ("agent", "Updated."),
            ],
        ],
    ) as store:
        assert not any("18 Mill Lane" in text for text in _active(store))
