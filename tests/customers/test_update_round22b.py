"""Round twenty-two, second wave, of update judgement (docs/extraction.md): the new name told after a marriage or a
change of name.

The message tells what happened (a wedding, a honeymoon, a deed poll, a new spelling; 結婚, 入籍, 婿入り, 姓が変わ…)
and then what the name is now — "It's now Jonah Abara", "Lena Moretti now, could you…", "結婚して、中島由香になり
ました", "苗字が変わり、今は西田智也です". That name replaces the one held. Look-alikes: a day or a job told after a
wedding ("It's now Easter Monday", "Tuesday Morning now works", "結婚して、専業主婦になりました"), a thing needed
after a change of name ("改名して、手続きが必要になりました").

Sentences are this file's own (none copied from a case file in scripts/).
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, find_slot, sentence_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, value", [
    ("The registry office changed the spelling on the certificate. It's now Jonah Abara, please fix the file.",
     "Jonah Abara"),
    ("Back from the wedding at last! Lena Moretti now, could you update the card?", "Lena Moretti"),
    ("We got married in March, so it is now Carys Whitlow on everything.", "Carys Whitlow"),
    ("去年結婚して、中島由香になりました。", "中島由香"),
    ("入籍しましたので、これからは松本沙織です。", "松本沙織"),
    ("苗字が変わり、今は西田智也です。", "西田智也"),
    ("姓が変わって岩田千夏となりました。", "岩田千夏"),
])


def test_the_name_after_a_marriage_or_a_change_of_name(text, value):
    assert find_slot(text) == Slot("name", value)


@pytest.mark.parametrize("before, sentence, value", [
    ("The registry office changed the spelling on my passport.", "It's now Jonah Abara.", "Jonah Abara"),
    ("Back from the honeymoon!", "Lena Moretti now, could you update the card?", "Lena Moretti"),
    ("苗字が変わりました。", "今は西田智也です。", "西田智也"),
])
def test_the_name_in_the_sentence_after_the_change(before, sentence, value):
    assert sentence_slot(sentence, before=before) == Slot("name", value)
    assert sentence_slot(sentence) is None or sentence_slot(sentence).name != "name"  # not without the change


@pytest.mark.parametrize("before, sentence", [
    ("My sister got married last week.", "It's now Laura Bakshi."),
    ("兄が婿入りしました。", "今は西田智也です。"),
])
def test_a_relatives_new_name_is_not_the_customers(before, sentence):
    slot = sentence_slot(sentence, before=before)
    assert slot is None or slot.name != "name"


@pytest.mark.parametrize("text", [
    "It's now Easter Monday so the office is shut.",
    "Our wedding was lovely. Tuesday Morning now works for the visit.",
    "結婚して、専業主婦になりました。",
    "改名して、手続きが必要になりました。",
    "結婚式は来月です。",
])
def test_no_name_in_a_day_a_job_or_a_need_told_beside_a_marriage(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "name"


@pytest.mark.parametrize("first, second, old", [
    ("Hello, my name is Jonah Abbara and I'd like to renew my permit.",
     "The registry office changed the spelling on my passport. It's now Jonah Abara, please update it.",
     "Jonah Abbara"),
    # (a marriage itself is a sensitive matter the store keeps no fact of: the change of surname is told here)
    ("はじめまして、中島由香と申します。", "苗字が変わりまして、今は藤井由香です。書類も直してください。",
     "中島由香"),
    ("はじめまして、中島由香と申します。", "姓が変わりました。藤井由香になりました。", "中島由香"),
])
def test_the_new_name_replaces_the_held_one(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        assert not any(old in text for text in _active(store))


def test_the_name_rules_read_a_long_message_of_one_unit_in_linear_time(assert_linear):
    from mem.customers import slots

    # the two rules of this round (the ones holding 婿入り or honeymoon) and the sentence-after reading; round 32's
    # rule of the name told as what the record will say holds the same change words and is timed with them
    new_rules = [p for name, p in slots._RULES
                 if name == "name" and ("婿入り" in p.pattern or "honeymoon" in p.pattern)]
    assert len(new_rules) == 3
    def read(text: str) -> None:
        for pattern in new_rules:
            list(pattern.finditer(text))
        slots._name_now(text, text)

    for unit in ("married ", "結婚", "姓が変わ", "今は", "a", "あ", "一", "Ab Cd now. "):
        assert_linear(lambda n, u=unit: read(u * (n // len(u))), 200_000)
    # the older 「姓が変わ…、」 rule, its gap now bounded, is linear too
    assert_linear(lambda n: slots.find_slot.__wrapped__("姓が変わ" * n), 50_000)
