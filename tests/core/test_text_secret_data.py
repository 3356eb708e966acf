"""Secrets masked before agreement evidence leaves the client (new-user report 11, section 2)."""

from __future__ import annotations

import pytest

from mem.core.text.secret_data import luhn_valid, mask_secrets


@pytest.mark.parametrize(("text", "masked"), [
    ("Can you check the double charge on my card 4111 1111 1111 1111, expiry 09/28?",
     "Can you check the double charge on my card [card number], expiry [expiry]?"),
    ("card 4111-1111-1111-1111 09/28 123 please", "card [card number] [expiry] [security code] please"),
    ("My card is 4111111111111111 exp 09/2028 cvv 737.", "My card is [card number] exp [expiry] cvv [security code]."),
    ("My PIN is 4821, card 5500 0000 0000 0004.", "My PIN is [secret], card [card number]."),
    ("CVC: 123 and my password is hunter22.", "CVC: [security code] and my password is [secret]."),
    ("카드 4111 1111 1111 1111 유효기간 09/28, 비밀번호는 1234입니다.",
     "카드 [card number] 유효기간 [expiry], 비밀번호는 [secret]입니다."),
    ("カード4111111111111111、有効期限 09/28。暗証番号は1234です。",
     "カード[card number]、有効期限 [expiry]。暗証番号は[secret]です。"),
])
def test_card_data_and_labelled_secrets_are_masked(text, masked):
    assert mask_secrets(text) == masked


@pytest.mark.parametrize("text", [
    "Order 1234 5678 9012 3456 arrived late.",  # 16 digits that fail the Luhn check: no card
    "Can you extend my trial by a week? It expires 09/28.",  # an expiry with no card is the agreement's date
    "I paid 1,299 dollars on 2026-11-01 for order 4417.",
    "Yes, we'll ship a replacement leg tomorrow.",
])
def test_what_is_no_secret_stays(text):
    assert mask_secrets(text) == text


def test_luhn():
    assert luhn_valid("4111111111111111") and luhn_valid("5500000000000004")
    assert not luhn_valid("1234567890123456")
