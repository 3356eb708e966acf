"""Round eighteen of update judgement (docs/extraction.md, "An eighteenth round"): a code the customer says was issued
anew replaces the held code of its kind; a new order is another order. Sentences are this file's own (none copied from
a case file in scripts/). The e-mail furniture of the same round is tested in test_mail_furniture.py.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import names_new_code

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, new", [
    ("the new booking reference is KT-5120", True),
    ("they re-issued the case under HB-2231", True),
    ("재접수해서 새 접수번호 MX-2291 받았어요", True),
    ("견적서가 재발급됐어요", True),
    ("新しい予約番号LB-4410が届きました", True),
    ("見積書を再発行してもらいました", True),
    # a new order is another order, and a number alone is no code issued anew
    ("I placed a new order today, OR-10587", False),
    ("새로 주문했어요", False),
    ("新しい注文をしました", False),
    ("my reference is KT-3304", False),
])
def test_a_code_issued_anew(text, new):
    assert names_new_code(text) == new


@pytest.mark.parametrize("first, second, old", [
    ("My booking reference is KT-3304.", "They moved my dates, so the new booking reference is KT-5120.", "KT-3304"),
    ("접수번호는 MX-1102예요.", "기사님이 재접수해서 새 접수번호 MX-2291 받았어요.", "MX-1102"),
    ("予約番号はLB-3021です。", "日程を変えたので新しい予約番号LB-4410が届きました。", "LB-3021"),
])
def test_a_code_issued_anew_replaces_the_held_one(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        assert not any(old in text for text in _active(store))


@pytest.mark.parametrize("first, second, old", [
    ("My order number is OR-10023.", "I placed a new order today, OR-10587, for the spare filter.", "OR-10023"),
    ("주문번호 OR-10023 입니다.", "새로 주문도 했어요, 주문번호 OR-10587이에요.", "OR-10023"),
])
def test_a_new_order_is_another_order(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        assert any(old in text for text in _active(store))


def test_a_code_issued_anew_is_read_in_linear_time_on_a_long_message_of_one_unit(assert_linear):
    for unit in ("new ", "새 ", "新しい", "re-", "新た", "a"):
        assert_linear(lambda n, u=unit: names_new_code(u * (n // len(u))), 200_000)
