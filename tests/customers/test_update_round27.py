"""Round twenty-seven of update judgement (docs/extraction.md): a message that changes two values at once — a phone
and an e-mail in one sentence ("mobile is … and email …", "010 … / …@… 입니다") — is one fact that fills both slots,
so a question about either finds it first. A phone that is someone else's, only asked about, or a relative's own
where they write for the holder fills no slot of the fact.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers import fact_index
from mem.customers.fact_record import Evidence, Fact

from .test_update_reading import _run


def _fact(text: str, kind: str = "event") -> Fact:
    return Fact.new(kind, text, evidence=[Evidence("c0", "t0", "customer", text)])


@pytest.mark.parametrize(
    "first, second, change, query, value",
    [
        (
            "I'm on 01632 960 444 or m.hale@oldmail.example",
            "Hi, is the clock mended? My phone died last week and I lost every number on it.",
            "Both changed: mobile is 07700 900 333 and email mira@newmail.example now.",
            "phone number for the customer",
            "07700 900 333",
        ),
        (
            "연락처 010-5555-1111, 메일 jiho@old.example 입니다",
            "휴대폰 번호 목록이 다 날아가서 고객센터 번호도 잃어버렸어요.",
            "번호랑 메일 둘 다 바뀌었어요. 010 8888 2222 / jiho.kim@new.example 입니다.",
            "고객 휴대폰 번호",
            "010 8888 2222",
        ),
        (
            "電話 090-1111-2222、メール aya@old.example です。",
            "スマホの電話番号リストが消えて、御社の電話番号もわからなくなりました。",
            "電話番号とメール変わりました。080-3333-4444 / aya.new@new.example です。",
            "お客様の電話番号",
            "080-3333-4444",
        ),
    ],
)
def test_a_phone_changed_beside_an_e_mail_is_found_by_a_question_about_the_phone(
    isolated_env, tmp_path, first, second, change, query, value
):
    conversations = [[("customer", first)], [("customer", second)], [("customer", change)]]
    with _run(tmp_path / "both", conversations) as store:
        assert value in store.facts.search(query, limit=3)[0].fact.text


@pytest.mark.parametrize(
    "text, slots",
    [
        ("Mobile is 07700 900 333 and email mira@newmail.example now.", {"phone", "email"}),
        ("010 8888 2222 / jiho.kim@new.example 입니다.", {"phone", "email"}),
        ("My address is 4 Elm Row and my number is 07700 900 123.", {"phone"}),
        ("Write to mira@newmail.example please.", {"email"}),
        # someone else's number, a question about a number, no value at all: no slot of the fact's own
        ("My neighbour's number is 07700 900 999, she has a key.", set()),
        ("Is 07700 900 999 your number for the workshop?", set()),
        ("The clock still loses ten minutes a day.", set()),
    ],
)
def test_a_fact_s_phone_and_e_mail_bits_are_its_own_values(text, slots):
    code = fact_index._shape_codes(_fact(text))
    assert {name for name in ("phone", "email") if code & fact_index._SLOT_CODES[name]} == slots


@pytest.mark.parametrize(
    "text, slots",
    [
        # a relative writing for the holder: their own number is not the holder's, the holder's is
        ("Hi, this is Joan, Harold's daughter. Call me on 07700 900 519 if the van is late.", set()),
        ("Hi, I'm Harold's daughter. Dad's new number is 07700 900 777.", {"phone"}),
    ],
)
def test_a_delegate_s_own_number_fills_no_slot_of_the_holder(text, slots):
    code = fact_index._shape_codes(_fact(text))
    assert {name for name in ("phone", "email") if code & fact_index._SLOT_CODES[name]} == slots


def test_a_trait_fills_no_slot_by_its_shape():
    assert fact_index._shape_codes(_fact("Reachable on 07700 900 333.", kind="trait")) == 0


def test_each_slot_is_its_own_bit():
    codes = list(fact_index._SLOT_CODES.values())
    assert len(set(codes)) == len(codes) and all(code & (code - 1) == 0 for code in codes)
