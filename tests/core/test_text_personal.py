"""Personal data: one pattern set for lint and the anonymiser, including the cases where the two once disagreed."""

from __future__ import annotations

import re

import pytest

from mem.core.text.personal import find_personal_data, looks_personal, scrub
from mem.wiki.lint_text import personal_data


def kinds(text: str, **options) -> list[str]:
    return [item.kind for item in find_personal_data(text, **options)]


# Each was caught by only one of the two former pattern sets; now lint flags it and scrub removes it.
ONCE_DISAGREED = [
    # the anonymiser's, which lint missed
    ("Refund for order #88231 approved", "account or order number", "88231"),
    ("card ending in 4242 was charged twice", "account or order number", "4242"),
    ("주문번호 12345 환불", "account or order number", "12345"),
    ("call 01012345678 after six", "phone number", "01012345678"),
    ("call 555-0134 after six", "phone number", "555-0134"),
    ("write to josé.garcía@correo.es", "e-mail address", "garcía"),
    ("Mr. John Smith asked for a refund", "person name", "Smith"),
    # lint's, which the anonymiser missed or cut short
    ("call (555) 123-4567 after six", "phone number", "(555"),
]


@pytest.mark.parametrize("line, kind, secret", ONCE_DISAGREED)
def test_lint_and_scrub_agree_on_cases_they_once_disagreed_on(line, kind, secret):
    assert kind in kinds(line)
    assert [n for n, _ in personal_data([line])] == [1]
    assert secret not in scrub(line)


def test_listed_cjk_names_are_found_before_a_particle():
    # The anonymiser matched listed names between \b…\b, which never holds inside Japanese or Korean text.
    for line, name in (("田中は年間契約なので返金で合意", "田中"), ("김민수는 연간 계약", "김민수")):
        assert kinds(line, names=[name]) == ["person name"]
        assert name not in scrub(line, names=[name])
        assert list(personal_data([line], person_names=[name]))


def test_dates_versions_and_amounts_are_not_personal():
    line = "Effective 2026-01-15 (until 15/02/2027), version 1.2.3, orders over $1,000 for 3 items within 14 days."
    assert kinds(line) == [] and looks_personal(line) is None
    assert "[phone]" not in scrub("bought on 2026-01-15")  # a date was once scrubbed as a phone number


def test_customer_ids_listed_or_by_pattern():
    assert kinds("for cust-42 we agreed", customer_ids=["cust-42"]) == ["customer id"]
    assert kinds("cust_77 got it", customer_id=re.compile(r"\bcust[-_][A-Za-z0-9]+\b")) == ["customer id"]


def test_scrub_only_heuristics_stay_out_of_lint():
    # Capitalised runs and Korean/Japanese honorifics also hit ordinary words: scrubbed, never a lint error.
    line = "The Refund Policy applies; 고객님께 안내하고 お客様に返金します."
    assert kinds(line) == []
    assert "Refund Policy" not in scrub(line)
