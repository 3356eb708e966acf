"""A lasting wish told beside a sensitive reason (twenty-seventh round, wish27; docs/extraction.md, "Sensitive
facts"): without consent the reason is not stored, but the wish is no secret — the clauses that ask for it are kept,
as the clauses that fill a slot are. The phrasings are this file's own, not those of any case file in scripts/.
"""

from __future__ import annotations

import pytest

from .test_update_structure import _run


def _all_texts(store):
    return [f.text for f in store.facts.list(statuses=["active", "replaced", "retracted"])]


@pytest.mark.parametrize(
    "message, wish, reason",
    [
        (
            "Please never phone before noon, I'm on chemotherapy and sleep most mornings.",
            "never phone before noon",
            "chemotherapy",
        ),
        ("While my back surgery heals, please always carry the boxes up to the flat.", "carry the boxes up", "surgery"),
    ],
)
def test_the_wish_is_kept_without_its_reason(isolated_env, tmp_path, message, wish, reason):
    with _run(tmp_path, [[("customer", message)]]) as store:
        texts = _all_texts(store)
        assert any(wish in text for text in texts)
        assert not any(reason in text for text in texts)


def test_a_sensitive_statement_with_no_wish_stays_unstored(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "I'm on chemotherapy at the moment, it's been a hard year.")]]) as store:
        assert not any("chemotherapy" in text for text in _all_texts(store))


def test_a_one_time_request_beside_a_sensitive_reason_stays_unstored(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "My dialysis is on Friday, can you bring the order on Thursday?")]]) as store:
        assert not any("Thursday" in text or "dialysis" in text for text in _all_texts(store))
