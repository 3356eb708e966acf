"""A change written as "old → new" (newuser30 #7): the value after the arrow is the one changed to. Read before as the
first value of its slot, "번호도 바뀌었어요 010-2345-6789 → 010-9876-5432 로요" stored the old number as the new one.

Sentences are this file's own (none copied from a case file in scripts/)."""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, slot, value", [
    ("그리고 번호도 바뀌었어요 010-2345-6789 → 010-9876-5432 로요", "phone", "01098765432"),
    ("Mobile number update: 07700 900123 -> 07700 900456 please", "phone", "07700900456"),
    ("電話番号が変わりました。090-1111-2222⇒090-3333-4444です", "phone", "09033334444"),
    ("주문번호 A-1234 → A-5678 로 정정할게요", "order", "A-5678"),
    ("email change: jo.old@example.com => jo.new@example.org", "email", "jo.new@example.org"),
    # no arrow: the value as before; a quoted reply's "> " on the next line is no arrow
    ("my phone is 07700 900123", "phone", "07700900123"),
    ("my new number is 07700 900456\n> my number is 07700 900123", "phone", "07700900456"),
])
def test_the_value_after_an_arrow_is_the_one_changed_to(text: str, slot: str, value: str) -> None:
    found = find_slot(text)
    assert found is not None and (found.name, found.value) == (slot, value)


def test_an_arrow_change_replaces_the_old_number(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "제 번호는 010-2345-6789예요."), ("agent", "확인했습니다.")],
        [("customer", "그리고 번호도 바뀌었어요 010-2345-6789 → 010-9876-5432 로요"), ("agent", "변경해 드렸습니다.")],
    ]) as store:
        active = " ".join(_active(store))
        assert "010-9876-5432" in active
        assert not any(text.endswith("010-2345-6789예요.") for text in _active(store))


@pytest.mark.parametrize("text", [
    "Order A-1234 -> 2 items missing",
    "order #A-1234 → 3rd attempt to reach you",
    "주문번호 A-1234 → 3일째 안 와요",
])
def test_a_count_after_the_arrow_is_no_new_order_number(text: str) -> None:
    found = find_slot(text)
    assert found is not None and (found.name, found.value) == ("order", "A-1234")


@pytest.mark.parametrize("text, slot, value", [
    # a customer's own arrow that changes nothing: times after a number, places, steps
    ("my number is 07700 900123 -> 1800-2000 is best", "phone", "07700900123"),
    ("電話 090-1111-2222 → 1800-2100でお願いします", "phone", "09011112222"),
    ("Seoul → Busan trip next week, my number is 010-2345-6789", "phone", "01023456789"),
    ("1 → 2 steps done, my order is A-1234", "order", "A-1234"),
    # the clean twin: a new number as long as the old one, give or take a prefix, is the change
    ("+44 7700 900123 -> 07700 900456", "phone", "07700900456"),
])
def test_an_arrow_to_something_else_changes_nothing(text: str, slot: str, value: str) -> None:
    found = find_slot(text)
    assert found is not None and (found.name, found.value) == (slot, value)
