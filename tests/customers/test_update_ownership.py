"""Round thirteen of update judgement: whose home a sentence tells is decided clause by clause
(docs/extraction.md, "A thirteenth round").

A relative named in a clause of its own — after the value ("…, and my partner found work there") or as the owner of
a reason before it ("for my wife's new post", "息子の転校のため、") — no longer makes the customer's own town someone
else's. Sentences are this file's own (none copied from a case file in scripts/); each has look-alikes that must stay
someone else's.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("sentence, town", [
    # the relative in a later clause, as its subject
    ("We've settled in Dundee now, the old flat was sold and my wife found work at the port.", "Dundee"),
    # the relative owning the reason, in a phrase or a clause of its own before or after the value
    ("We moved to Perth for my husband's new post.", "Perth"),
    ("息子の転校のため、今は金沢市に住んでいます。", "金沢市"),
])
def test_a_relative_in_a_clause_of_their_own_leaves_the_customers_town_theirs(sentence, town):
    slot = find_slot(sentence)
    assert slot is not None and slot.name == "residence" and slot.value == town


@pytest.mark.parametrize("sentence", [
    # the relative in the value's own clause
    "My brother moved to Perth last spring.",
    "娘が金沢市に引っ越しました。",
    # the relative as the subject before the value, in another clause: what follows is still about them
    "My daughter got a place at uni, so she lives in Perth now.",
    "娘は大学に受かったので、金沢市に住んでいます。",
    # a what-if or a one-off reaches the whole sentence, whoever is named
    "If my partner gets the job, we might move to Perth.",
])
def test_a_relative_in_the_values_own_clause_or_as_its_subject_keeps_it_theirs(sentence):
    slot = find_slot(sentence)
    assert slot is None or slot.name != "residence"


def test_a_move_told_with_a_relatives_reason_replaces_the_town(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "I live in Carlisle, do you deliver there?"), ("agent", "Yes, we do.")],
        [("customer", "Quick update: we've moved to Lancaster for my wife's new job, so please use that from now.")],
    ]) as store:
        assert not any("Carlisle" in text for text in _active(store))
        assert "Lancaster" in store.facts.search("where does the customer live", limit=3)[0].fact.text


def test_a_relatives_move_does_not_replace_the_town(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "I live in Carlisle, do you deliver there?"), ("agent", "Yes, we do.")],
        [("customer", "My son has just moved to Lancaster for his new job, could you send him a gift box?")],
    ]) as store:
        assert any("Carlisle" in text for text in _active(store))


# -- a bare value answers the sentence before it -----------------------------------------------------------------

@pytest.mark.parametrize("first, second, held", [
    # added beside the one held, for a relative
    ("Please deliver the veg box to 4 Birch Walk, Alnwick.",
     "Could you also add my brother's flat as a second drop? 19 Tanner Row, Hexham.", "4 Birch Walk"),
    ("배송지는 전주시 완산구 효자로 31이에요.",
     "회사로도 가끔 받고 싶은데 배송지 추가 되나요? 전주시 덕진구 기린대로 88이요.", "효자로 31"),
    # for one delivery, at a relative's home
    ("届け先は札幌市中央区南三条西4-12です。",
     "来週の分は姉の家に届けてもらえますか？小樽市稲穂2-7-5です。", "南三条西4-12"),
])
def test_a_bare_value_after_a_request_for_someone_else_or_beside_the_held_one_keeps_the_held_one(
        isolated_env, tmp_path, first, second, held):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second)]]) as store:
        assert any(held in text for text in _active(store))


def test_a_bare_value_after_a_move_is_the_new_address(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please deliver the veg box to 4 Birch Walk, Alnwick."), ("agent", "OK.")],
        [("customer", "We've moved house. 19 Tanner Row, Hexham.")],
    ]) as store:
        assert not any("Birch Walk" in text for text in _active(store))
