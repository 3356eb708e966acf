"""Anonymisation on the client, before a decision fact may leave it (movement 4).

``scrub`` removes what identifies a person — e-mail addresses, phone numbers, account / order /
card numbers and other long digit runs, customer ids, and names (the operator's list in
``lint.person_names``, names after an honorific in English, Korean and Japanese). ``pseudonym``
replaces the customer id by a keyed HMAC with a secret that never leaves this home, so the server
can count distinct customers without learning who they are, and cannot test a guessed id.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Iterable
from pathlib import Path

from mem.core.errors import StorageError
from mem.core.fsio import atomic_write_bytes

SECRET_FILE = "share.key"

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?<![\w])\+?\d[\d ().-]{6,}\d(?![\w])")
_LABELLED_NUMBER = re.compile(
    r"(?i)\b(?:order|account|acct|invoice|ticket|member(?:ship)?|customer|card|contract|booking|reference|ref)\b"
    r"\s*(?:no\.?|number|id|#)?\s*[:#：＃]?\s*(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,}\b"
    # the tail of a card or account number identifies too ("card ending in 4242", "last four digits 4242")
    r"|(?i:\bending(?:\s+in)?|\blast\s+(?:4|four)(?:\s+digits)?|끝자리|下[4４]桁)\s*[:#：＃]?\s*\d{3,}"
    r"|(?:주문|계정|계좌|회원|카드|계약)\s*(?:번호)?\s*[:#：＃]?\s*(?=[A-Za-z-]*\d)[A-Za-z0-9-]{3,}"
    r"|(?:注文|アカウント|口座|会員|カード|契約)\s*(?:番号)?\s*[:#：＃]?\s*(?=[A-Za-z-]*\d)[A-Za-z0-9-]{3,}"
)
# Card numbers: 4-digit groups (13-19 digits), before the phone rule reads the tail as a phone number.
_CARD = re.compile(r"(?<![\w-])\d{4}(?:[ -]?\d{4}){2,3}(?:[ -]?\d{1,3})?(?![\w-])")
_LONG_NUMBER = re.compile(r"#\s?\d+|\b[A-Za-z]{0,4}\d[\dA-Za-z-]{4,}\b")
# Letters of Latin-script names, accents included (María, Müller, Łukasz): one capital, then small letters;
# an apostrophe or a hyphen may join parts (O'Brien, Jean-Luc, Anne-marie).
_UP = "A-ZÀ-ÖØ-ÞĀ-ž"
_LOW = "a-zß-öø-ÿĀ-ž"
_NAME_WORD = rf"[{_UP}](?:[{_LOW}]+|'[{_UP}]?[{_LOW}]+)(?:['-][{_UP}]?[{_LOW}]+)*"
_HONORIFIC_EN = re.compile(rf"\b(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Madam)\.?\s+{_NAME_WORD}(?:\s+{_NAME_WORD})?")
# Only the lead-in ignores case: the name itself must be capitalised, or "I am on the Enterprise plan"
# would lose "on the" and the condition of the decision with it.
_NAME_INTRO_EN = re.compile(rf"\b((?i:my name is|this is|i am|i'm|call me))\s+({_NAME_WORD}(?:\s+{_NAME_WORD})?)")
# A single capitalised word right after "customer"/"client" ("the customer Müller") is a name too.
_ROLE_NAME_EN = re.compile(rf"\b((?i:customers?|clients?|users?|members?))\s+(?!(?:Enterprise|Pro|Premium|Basic|"
                           rf"Business|Team|Free|Plus|Service|Support|Success)\b)({_NAME_WORD})")
# Two or more capitalised words in a row ("Jane Doe") read as a person's name unless they open with a
# word that starts sentences or names a product tier; privacy wins over the odd over-scrubbed phrase.
_CAPITALISED_RUN = re.compile(r"\b(?!(?:The|We|I|If|When|Our|Your|This|That|After|Before|For|On|In|At|As|Since|"
                              r"Because|Enterprise|Pro|Premium|Basic|Business|Team|Free|Plus)\b)"
                              rf"{_NAME_WORD}(?:\s+{_NAME_WORD})+\b")
_HONORIFIC_KO = re.compile(r"[가-힣]{2,4}\s?(?:님|씨|고객님|선생님)")
# "김민수 고객", "박지성 회원": a common Korean surname and a two-syllable given name before the word for
# customer or member. Only surname-led three-syllable words, so "기업 고객" (a business customer) stays.
_SURNAME_KO = ("김이박최정강조윤장임한오서신권황안송류유전홍고문양손배"
               "백허남심노하곽성차주우구민진나엄채원천방공현함변염여추도소석선설마길연위표명")
_ROLE_NAME_KO = re.compile(rf"(?<![가-힣])[{_SURNAME_KO}][가-힣]{{2}}(?=\s?(?:고객|회원))")
# Honorifics after a Japanese name, which may be written with a space between family and given name.
_HONORIFIC_JA = re.compile(r"(?:[\u4e00-\u9fff\u3040-\u30ff]{1,6}[ \u3000]?){1,2}(?:様|さん|さま|殿|氏)")


def scrub(text: str, *, names: Iterable[str] = (), customer_ids: Iterable[str] = (),
          customer_id_pattern: str | None = None) -> str:
    """``text`` with personal identifiers replaced by ``[email]``, ``[phone]``, ``[number]``, ``[name]``…"""
    out = _EMAIL.sub("[email]", text)
    out = _CARD.sub("[number]", out)
    for cid in customer_ids:
        if cid:
            # An identifier that merely contains the id ("ACC1042X99", "cust-1042-savings", "1042-7781")
            # is an account number built from it: the whole of it goes, not only the id inside.
            out = re.sub(rf"[A-Za-z0-9_-]*{re.escape(cid)}[A-Za-z0-9_-]*",
                         lambda m, cid=cid: "[customer]" if m.group(0).lower() == cid.lower() else "[number]",
                         out, flags=re.I)
    if customer_id_pattern:
        with contextlib.suppress(re.error):  # a broken pattern is lint's to report; other rules still apply
            out = re.sub(customer_id_pattern, "[customer]", out)
    out = _LABELLED_NUMBER.sub("[number]", out)
    out = _PHONE.sub("[phone]", out)
    out = _LONG_NUMBER.sub("[number]", out)
    for name in sorted((n for n in names if n and n.strip()), key=len, reverse=True):
        out = re.sub(r"\b" + re.escape(name.strip()) + r"\b", "[name]", out, flags=re.I)
    out = _HONORIFIC_EN.sub("[name]", out)
    out = _NAME_INTRO_EN.sub(lambda m: f"{m.group(1)} [name]", out)
    out = _ROLE_NAME_EN.sub(lambda m: f"{m.group(1)} [name]", out)
    out = _CAPITALISED_RUN.sub("[name]", out)
    out = _HONORIFIC_KO.sub("[name]", out)
    out = _ROLE_NAME_KO.sub("[name]", out)
    out = _HONORIFIC_JA.sub("[name]", out)
    return re.sub(r"\s{2,}", " ", out).strip()


def names_in(texts: Iterable[str]) -> list[str]:
    """Names a customer gave for themselves ("my name is …", "call me …") in their own facts or context."""
    found = []
    for text in texts:
        for match in _NAME_INTRO_EN.finditer(text):
            if match.group(1).lower() in ("my name is", "call me"):
                found.append(match.group(2))
        found += [m.group(1) for m in re.finditer(r"(?:제 이름은|저는)\s*([가-힣]{2,4})", text)]
        found += [m.group(1) for m in re.finditer(r"(?:私の名前は|名前は)\s*([\u4e00-\u9fff\u3040-\u30ff]{1,6})", text)]
    return found


def looks_personal(text: str) -> str | None:
    """What kind of personal identifier ``text`` still seems to hold (server-side guard), or ``None``."""
    for label, pattern in (("e-mail address", _EMAIL), ("phone number", _PHONE), ("account or order number",
                                                                                 _LABELLED_NUMBER)):
        if pattern.search(text):
            return label
    return None


def share_secret(home: Path) -> bytes:
    """The home's pseudonym key (32 random bytes, file mode 0600), created on first use."""
    path = Path(home) / SECRET_FILE
    try:
        data = path.read_bytes()
        if len(data) == 32:
            return data
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {exc.strerror}") from exc
    data = secrets.token_bytes(32)
    atomic_write_bytes(path, data, mode=0o600)
    os.chmod(path, 0o600)
    return data


def keyed(secret: bytes, purpose: str, value: str) -> str:
    return hmac.new(secret, f"{purpose}:{value}".encode(), hashlib.sha256).hexdigest()[:24]


def pseudonym(secret: bytes, customer_id: str) -> str:
    """The customer's stable, unlinkable stand-in: same customer → same value; no way back."""
    return "p-" + keyed(secret, "customer", customer_id)
