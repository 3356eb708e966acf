"""Secrets in a customer's words, masked before the words leave the client as agreement evidence.

The evidence store keeps the service's proof of what was agreed (docs/server.md, "The evidence store"); a
payment card or a password the customer typed into the same message is no part of that proof, and the
service must not hold it. ``mask_secrets`` replaces:

- **payment-card numbers**: 13-19 digits in a row, single spaces or dashes allowed between them, that pass
  the Luhn check (a 16-digit order number that fails it is left alone) → ``[card number]``;
- **next to a card number** (after it, within ``_NEAR`` characters): an expiry (``09/28``, ``09/2028``,
  ``09-28``) → ``[expiry]`` and a lone 3-4 digit run (the card's security code) → ``[security code]``;
- **in a text with a card number**, an expiry with its label anywhere ("expiry 09/28", "유효기간 09/28",
  "有効期限 09/28"; without a card, "my trial expires 09/28" is a date of the agreement and stays);
- **labelled secrets anywhere**: a security code (CVV, CVC, CSC, "security code", 보안코드, セキュリティコード)
  and the credentials the
  injection detector already names (password, passcode, PIN, one-time code / OTP, verification code;
  비밀번호, 암호, 인증번호; パスワード, 暗証番号, 認証コード) followed by their value → the value masked.

The label stays ("CVV [security code]"): the evidence still says what kind of thing was given. Full-width
digits and the marks between them (＋, －, ／) are read as ASCII first, and the evidence keeps them so;
a grouped number after a card ("+44 7700 900123") is no security code and stays whole.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

CARD = "[card number]"
EXPIRY = "[expiry]"
SECURITY_CODE = "[security code]"
SECRET = "[secret]"

# digit groups with at most one space or dash between digits; the Luhn check then picks the card inside
# (ASCII neighbours only: "カード4111…" and "카드번호4111…" write the number right after the word)
_DIGIT_RUN = lazy(r"(?<![0-9A-Za-z-])\d(?:[ -]?\d){12,}(?![0-9A-Za-z])")
_EXPIRY_VALUE = r"(?:0?[1-9]|1[0-2])\s?[/-]\s?(?:\d{4}|\d{2})(?!\d)"
_NEAR = 40  # characters after a card number in which an expiry or a security code belongs to it
# a security code is a lone run: not a group of a longer number ("call +44 7700 900123" after the card is a phone
# number, and its "7700" was masked as the code, the rest left: newuser27 #8)
_EXPIRY_AFTER_CARD = lazy(rf"(?<![\d/]){_EXPIRY_VALUE}")
_CODE_AFTER_CARD = lazy(r"(?<![\d/])(?<![\d+][ .-])\d{3,4}(?![\d/])(?![ .-]\d)")
_LABELLED_EXPIRY = lazy(
    rf"(?i:\b(?:exp(?:iry|iration|ires)?\.?(?:\s+date)?|valid\s+(?:thru|through|until))\b|유효\s?기간|有効期限)"
    rf"\s*(?:is|:|：|은|는|は)?\s*({_EXPIRY_VALUE})")
_LABELLED_CODE = lazy(
    r"(?i:\b(?:cvv2?|cvc2?|csc|cid|security\s+code|card\s+code)\b|보안\s?코드|セキュリティ\s?コード)"
    r"\s*(?:is|:|：|은|는|は)?\s*(\d{3,4})(?!\d)")
_CREDENTIAL = lazy(
    r"(?i:\b(?:password|passcode|passphrase|pin(?:\s+code)?|one-?time\s+(?:code|password)|otp|"
    r"verification\s+code|access\s+code|login\s+code)\b|비밀\s?번호|암호|인증\s?번호|パスワード|暗証番号|認証コード)"
    r"\s*(?:is|was|:|：|=|은|는|は)?\s*([A-Za-z0-9!#$%&*+=?@^_~.-]*\d[A-Za-z0-9!#$%&*+=?@^_~.-]*|"
    r"[A-Za-z0-9!#$%&*+=?@^_~-]{4,}(?=\s*(?:[.,;!?。、]|$)))")
# full-width digits and the marks written between them ("０９／２８", "＋４４", "４１１１－…") as ASCII, one character
# for one; the long vowel mark "ー" stays (カード is a word, not a dash between digits)
_FULL_WIDTH = str.maketrans({**{chr(0xFF10 + n): str(n) for n in range(10)}, "＋": "+", "－": "-", "／": "/",
                             "．": ".", "（": "(", "）": ")", "\u3000": " "})
_TRAILING = lazy(r"[.,;:!?]+$")


def luhn_valid(digits: str) -> bool:
    """The Luhn checksum every payment-card number carries."""
    total = 0
    for n, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if n % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _card_in(run: str) -> int:
    """The length of the longest leading part of ``run`` that is a card number (13-19 digits, Luhn), or 0."""
    best, digits = 0, 0
    for i, ch in enumerate(run):
        if ch.isdigit():
            digits += 1
            if 13 <= digits <= 19 and luhn_valid("".join(c for c in run[:i + 1] if c.isdigit())):
                best = i + 1
    return best


def mask_secrets(text: str) -> str:
    """``text`` with card numbers, their expiry and security code, and labelled secrets masked."""
    if not any(ch.isdigit() for ch in text) and not _CREDENTIAL.search(text):
        return text
    # full-width digits and dashes read as ASCII ("４１１１ …", "＋４４ ７７００ ９００１２３"), as the anonymiser
    # reads them: a card typed in full width was not found, and a full-width phone number was cut in two
    text = text.translate(_FULL_WIDTH)
    out: list[str] = []
    last, near = 0, False
    for match in _DIGIT_RUN.finditer(text):
        length = _card_in(match.group(0))
        if length:
            out += [text[last:match.start()], CARD]
            last = match.start() + length
            near = True
    out.append(text[last:])
    return _mask_around("".join(out), CARD if near else None, codes_after=True)


def mask_card_details(text: str, mark: str) -> str:
    """``text`` whose card numbers another rule already replaced by ``mark`` (the anonymiser's ``[number]``), with
    what belongs to them masked too: a labelled security code or credential anywhere, and — when ``mark`` is in
    the text — a labelled expiry and an expiry right after the mark ("[number] exp 11/29 cvv 418" →
    "[number] exp [expiry] cvv [security code]"). An unlabelled 3-4 digit run after ``mark`` stays: after an
    order number it is a quantity or a price, not a security code."""
    if not any(ch.isdigit() for ch in text) and not _CREDENTIAL.search(text):
        return text
    return _mask_around(text, mark if mark in text else None, codes_after=False)


def _mask_around(text: str, mark: str | None, *, codes_after: bool) -> str:
    # labelled values first, so that a password after the card is masked as what its label says
    text = _LABELLED_CODE.sub(lambda m: m.group(0)[:m.start(1) - m.start(0)] + SECURITY_CODE, text)
    text = _CREDENTIAL.sub(_mask_value, text)
    if mark is not None:
        text = _LABELLED_EXPIRY.sub(lambda m: m.group(0)[:m.start(1) - m.start(0)] + EXPIRY, text)
        # what follows a card number: its expiry and security code
        spans = [(m.end(), m.end() + _NEAR) for m in re.finditer(re.escape(mark), text)]
        pieces, last = [], 0
        for start, end in spans:
            if start < last:
                continue
            window = _EXPIRY_AFTER_CARD.sub(EXPIRY, text[start:end])
            # the expiry first: a code after it ("09/28 123") then follows "[expiry]", not a digit group
            pieces += [text[last:start], _CODE_AFTER_CARD.sub(SECURITY_CODE, window) if codes_after else window]
            last = end
        pieces.append(text[last:])
        text = "".join(pieces)
    return text


def _mask_value(match: re.Match[str]) -> str:
    # the label stays, the value goes; the sentence's own full stop or question mark after it stays
    value = match.group(1)
    tail = _TRAILING.search(value)
    kept = tail.group(0) if tail and len(tail.group(0)) < len(value) else ""
    return match.group(0)[:match.start(1) - match.start(0)] + SECRET + kept
