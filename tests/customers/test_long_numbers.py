"""A bare number of fourteen or more digits is a reference the customer holds (docs/extraction.md, "A long bare
number").

A microchip or an animal registration number is fifteen digits with no letters and no frame a rule reads; told again
spaced in groups ("410 5550 0012 3465") it was read as a phone from its second group on, and a digit-swapped
restatement replaced nothing. Sentences are this file's own (none copied from a case file in scripts/); each shape has
a twin that must stay as it was.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import shape_values

from .test_update_structure import _active, _run


@pytest.mark.parametrize(("text", "value"), [
    ("the chip number is 956000012345678", "956000012345678"),
    ("the whole thing: 956 000 012 345 687", "956000012345687"),
    ("동물등록번호 410555000123456 입니다", "410555000123456"),
    ("410 5550 0012 3465 이에요.", "410555000123465"),
    ("マイクロチップは392100200300400です", "392100200300400"),
])
def test_a_long_bare_number_is_one_reference(text: str, value: str) -> None:
    assert [(v.name, v.value) for v in shape_values(text)] == [("order", value)]


@pytest.mark.parametrize("text", ["new number +81 80 5521 0937", "010 3344 5566 이에요", "07700 900123 after 5",
                                  "order 1234567890123 please"])
def test_a_phone_or_a_shorter_number_is_not_a_long_reference(text: str) -> None:
    assert all(v.name != "order" or len(v.value) < 14 for v in shape_values(text))


def test_a_digit_swapped_long_number_replaces_the_held_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "동물등록번호 410555000123456 입니다"), ("agent", "네, 등록했어요.")],
        [("customer", "등록증 다시 보니까 끝자리를 잘못 말씀드렸네요. 410 5550 0012 3465 이에요.")],
    ]) as store:
        active = _active(store)
        assert not any("410555000123456" in text for text in active)
        assert any("410 5550 0012 3465" in text for text in active)


def test_another_long_number_is_a_second_reference(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "동물등록번호 410555000123456 입니다"), ("agent", "네, 등록했어요.")],
        [("customer", "둘째 강아지도 맡길게요. 410 7770 0098 7654 이에요.")],
    ]) as store:
        active = _active(store)
        assert any("410555000123456" in text for text in active)
