"""Thirty-first round: the old value named beside the new one in the same message is history (upd31e,
docs/extraction.md "The old value named beside the new").

The sentence giving the new value replaced the held fact, but the sentence of the same message that sets the old
value aside ("I don't check email any more", "이메일은 더 이상 안 봐요", "メールはもう見ていません") stayed active
beside it. Sentences are this file's own; each caught shape has a twin where the old value is still wanted for
something else and must stay in force.
"""

from __future__ import annotations

import pytest

from mem.customers.old_beside_new import old_values_beside

from .test_update_structure import _active, _run


@pytest.mark.parametrize("held, change, old_sentence", [
    ("Please email me about my deliveries.",
     "Text me from now on please. I don't check email any more.", "I don't check email any more."),
    ("배송 알림은 이메일로 보내주세요.",
     "앞으로는 문자로 연락 주세요. 이메일은 더 이상 안 봐요.", "이메일은 더 이상 안 봐요."),
    ("配送の連絡はメールでお願いします。",
     "これからはLINEで連絡ください。メールはもう見ていません。", "メールはもう見ていません。"),
])
def test_the_old_channel_set_aside_beside_the_new_one_is_history(isolated_env, tmp_path, held, change, old_sentence):
    with _run(tmp_path, [[("customer", held)], [("customer", change)]]) as store:
        assert not any(old_sentence in text for text in _active(store))
        assert any(old_sentence in f.text for f in store.facts.list(statuses=["replaced"]))


@pytest.mark.parametrize("held, change, kept", [
    # the old channel still wanted for something else: no negation, it stays in force
    ("Please email me about my deliveries.",
     "Text me from now on please. Invoices by email are still fine.", "Invoices by email are still fine."),
    ("配送の連絡はメールでお願いします。",
     "これからはLINEで連絡ください。請求書はメールで大丈夫です。", "請求書はメールで大丈夫です。"),
])
def test_the_old_channel_still_wanted_for_something_else_stays(isolated_env, tmp_path, held, change, kept):
    with _run(tmp_path, [[("customer", held)], [("customer", change)]]) as store:
        assert any(kept in text for text in _active(store))


def test_nothing_is_set_aside_without_a_replaced_value():
    assert old_values_beside([], []) == []
