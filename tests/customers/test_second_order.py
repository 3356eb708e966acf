"""One order number replaced another held only by its shape (closing note of round 19): "58312" after "58321" is
two digits swapped — the held code mistyped — unless the customer says it is one more order they have. A second
order is added beside the first; a correction still replaces (docs/extraction.md, "Twentieth round"). Sentences are
this file's own (none copied from a case file in scripts/)."""

from __future__ import annotations

import pytest

from mem.customers.judge import another_of_many

from .test_update_structure import _active, _run


@pytest.mark.parametrize("first, second, old, new", [
    ("My order number is 58321, when will it ship?", "And I also have order 58312 - where is that one?",
     "58321", "58312"),
    ("Booking KT-40718 is for Saturday.", "I made a second booking last night, KT-40781, for the Sunday.",
     "KT-40718", "KT-40781"),
    ("Tracking my order 77140 please.", "Could you look up 77104 as well? That's my sister's gift I ordered.",
     "77140", "77104"),
    ("주문번호 30917 배송 언제 되나요?", "다른 주문 30971도 있는데 그건 언제 도착해요?", "30917", "30971"),
    ("주문번호 AB-62049 확인 부탁드려요.", "주문 하나 더 했어요. 번호는 AB-62094예요.", "AB-62049", "AB-62094"),
    ("注文番号は44172です。", "別の注文44127もあります。こちらの配送日を教えてください。", "44172", "44127"),
    ("注文番号はQR-5083です。", "もう一つ注文しました。QR-5038です。", "QR-5083", "QR-5038"),
])
def test_a_second_order_the_customer_also_has_is_added_beside_the_first(isolated_env, tmp_path, first, second, old,
                                                                         new):
    with _run(tmp_path, [[("customer", first), ("agent", "Thanks.")], [("customer", second), ("agent", "Thanks.")]]) \
            as store:
        active = _active(store)
        assert any(old in text and new not in text for text in active)
        assert any(new in text for text in active)


@pytest.mark.parametrize("first, second, old", [
    ("My order number is 58321, when will it ship?", "My mistake, the order number is 58312.", "58321"),
    ("My order number is 58321.", "Also, I gave you the wrong order number, it's 58312.", "58321"),
    ("Booking KT-40718 is for Saturday.", "Sorry, another typo from me: the booking is KT-40781.", "KT-40718"),
    ("주문번호 30917 배송 언제 되나요?", "죄송해요, 주문번호 30971이 맞아요.", "30917"),
    ("注文番号は44172です。", "すみません、注文番号は44127の間違いでした。", "44172"),
])
def test_a_correction_still_replaces_the_held_order(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "Thanks.")], [("customer", second), ("agent", "Thanks.")]]) \
            as store:
        assert not any(old in text for text in _active(store))


@pytest.mark.parametrize("words, value, another", [
    ("I also have order 58312", "58312", True),
    ("58312 as well please", "58312", True),
    ("58312도 확인해 주세요", "58312", True),
    ("58312も調べてください", "58312", True),
    ("use 58312 instead of the other order", "58312", False),  # the first is dropped
    ("the order number is 58312", "58312", False),
    ("58312 is the one I meant", "58312", False),
    ("58312도요", "58312", True),
    # a word the particle opens asks about the one order (round-20 review)
    ("주문 58312 도착했나요?", "58312", False),
    ("58312도착 예정일이 언제예요?", "58312", False),
    ("58312 도와주세요", "58312", False),
    ("58312もう届きましたか？", "58312", False),
    ("order 58312, too late to cancel?", "58312", False),
])
def test_what_says_another_code(words, value, another):
    assert another_of_many(words, value) == another


def test_the_additive_patterns_read_a_long_run_in_linear_time(assert_linear):
    for char in ("a", " ", "1", "주", "注", "-"):
        assert_linear(lambda n, c=char: another_of_many(c * n, "58312"), 200_000)


@pytest.mark.parametrize("first, second, old", [
    ("주문번호 30917 배송 언제 되나요?", "주문 30971 도착했나요?", "30917"),
    ("注文番号は44172です。", "注文番号44127もう届きましたか？", "44172"),
])
def test_a_near_twin_asked_about_is_still_the_held_one_mistyped(isolated_env, tmp_path, first, second, old):
    # "도착" (arrived) and "もう" (already) open with the particle's letter; no second order is said (round-20 review)
    with _run(tmp_path, [[("customer", first), ("agent", "Thanks.")], [("customer", second), ("agent", "Thanks.")]]) \
            as store:
        assert not any(old in text for text in _active(store))


def test_the_words_of_leave_read_a_run_of_their_cue_in_linear_time(assert_linear):
    # "안" then any word up to "셔도" read each run of "안안안…" to its end from every syllable (round-20 review:
    # tests/test_pattern_scaling.py's words scan caught judge._TURN_WORDS at its threshold)
    from mem.customers import judge

    for pattern in (judge._LEAVE_OFF, judge._TURN_WORDS):
        assert_linear(lambda n, p=pattern: p.search("안" * n), 16_000)
