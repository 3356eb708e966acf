"""Handles, profile links, dates of birth, plates and places: what the anonymiser removes, lint flags and
the server refuses (new-user report 15, item 2: "I'm @dana_w99 on Instagram and my birthday is 12 March
1987" reached the server's decisions table "anonymised")."""

from __future__ import annotations

import pytest

from mem.core.errors import InvalidInput
from mem.core.text.personal import find_personal_data, looks_personal, names_in, scrub
from mem.server.routes_intake import validate_decisions

# (text, kind, what must not survive scrubbing, placeholder) — one per kind and language
CASES = [
    ("I'm @dana_w99 on Instagram, can you refund the fee?", "social handle", "dana_w99", "[handle]"),
    ("My Instagram handle: danawhit, please refund the fee.", "social handle", "danawhit", "[handle]"),
    ("인스타 아이디는 dana_w99예요. 배송비 환불 가능할까요?", "social handle", "dana_w99", "[handle]"),
    ("インスタのIDはdana_w99です。送料を返金できますか。", "social handle", "dana_w99", "[handle]"),
    ("See twitter.com/danawhit for the photos of the dent.", "profile URL", "danawhit", "[link]"),
    ("사진은 instagram.com/dana_w99 에 올렸어요.", "profile URL", "dana_w99", "[link]"),
    ("写真は https://www.tiktok.com/@dana_w99 にあります。", "profile URL", "dana_w99", "[link]"),
    ("My birthday is 12 March 1987, can I get the birthday discount?", "date of birth", "1987", "[date of birth]"),
    ("I was born on March 12th, 1987 and the form rejected it.", "date of birth", "1987", "[date of birth]"),
    ("DOB: 03/12/1987, please update the account.", "date of birth", "1987", "[date of birth]"),
    ("생년월일은 1987년 3월 12일입니다. 생일 쿠폰을 받을 수 있나요?", "date of birth", "1987", "[date of birth]"),
    ("저는 1987년생이라 경로 할인이 안 되나요?", "date of birth", "1987", "[date of birth]"),
    ("誕生日は1987年3月12日です。誕生日クーポンは使えますか。", "date of birth", "1987", "[date of birth]"),
    ("昭和62年3月12日生まれです。", "date of birth", "62", "[date of birth]"),
    ("My car KX19 ABC was clamped in your car park.", "vehicle plate", "KX19", "[plate]"),
    ("The licence plate 7ABC123 was on the ticket.", "vehicle plate", "7ABC123", "[plate]"),
    ("차량 번호는 12가 3456입니다. 주차비 환불해 주세요.", "vehicle plate", "3456", "[plate]"),
    ("車は品川 300 あ 12-34 です。駐車料金を返金してください。", "vehicle plate", "12-34", "[plate]"),
    ("Ship it to the depot in Springfield IL, the refund can wait.", "place", "Springfield", "[place]"),
    ("I live in Leeds and the parcel never came.", "place", "Leeds", "[place]"),
    ("저는 서울 마포구에 살아요. 배송이 늦었어요.", "place", "마포구", "[place]"),
    ("부산에 살고 있는데 배송비를 환불해 주세요.", "place", "부산", "[place]"),
    ("大阪府堺市に住んでいます。送料を返金してください。", "place", "堺市", "[place]"),
    ("札幌市在住です。配送が遅れました。", "place", "札幌", "[place]"),
]


@pytest.mark.parametrize("text, kind, secret, placeholder", CASES)
def test_each_kind_is_found_scrubbed_and_refused_by_the_server(text, kind, secret, placeholder):
    assert kind in [item.kind for item in find_personal_data(text)]
    clean = scrub(text)
    assert secret not in clean and placeholder in clean, clean
    assert looks_personal(clean) is None  # nothing left for the server's guard
    record = {"pseudonym": "a" * 24, "fact_ref": "b" * 24, "condition": text, "decision": "We agreed a refund",
              "policy_refs": [], "month": None}
    with pytest.raises(InvalidInput, match=kind):
        validate_decisions({"records": [record], "withdrawn": []})


def test_the_report_message_leaves_only_its_condition():
    text = ("I'm @dana_w99 on Instagram and my birthday is 12 March 1987. "
            "Can you refund the shipping fee on my late parcel?")
    assert scrub(text, customer_ids=["u"]) == (
        "I'm [handle] on Instagram and my birthday is [date of birth]. "
        "Can you refund the shipping fee on my late parcel?")


@pytest.mark.parametrize("text", [
    "Instagram is down, so I could not see the photos.",
    "The handle was broken when it arrived.",
    "Photo ID is required for every sale.",
    "Returns OR exchanges are both fine.",
    "I am on the Enterprise plan and bought it 18 days ago.",
    "The birthday cake arrived on 12 March.",
    "12주 동안 사용했어요.",
    "現在住んでいる家に届きました。",
])
def test_ordinary_words_are_not_identifiers(text):
    assert find_personal_data(text) == []


@pytest.mark.parametrize("customer_id, text", [
    ("u", "Can you refund your order?"),
    ("sam", "The same sample was sent twice."),
    ("kim", "Kimchi arrived warm."),
])
def test_the_customer_id_is_a_whole_token_not_letters_inside_words(customer_id, text):
    assert scrub(text, customer_ids=[customer_id]) == text
    assert scrub(f"{customer_id} asked twice", customer_ids=[customer_id]) == "[customer] asked twice"
    # an identifier built around it still goes whole
    assert scrub(f"account {customer_id}-7781 credited", customer_ids=[customer_id]) == "account [number] credited"


def test_names_the_store_knows_from_a_name_fact_statement():
    assert names_in(["The customer's name: Dana Whitfield."]) == ["Dana Whitfield"]
    assert names_in(["고객 이름: 김민수"]) == ["김민수"]
    assert "whitfield" not in scrub("dana whitfield asked for it", names=["Dana Whitfield"]).lower()


def test_other_links_are_scrubbed_but_not_personal_data():
    text = "The tracking link https://track.example/p?token=4f9a2 shows it stuck."
    assert "token" not in scrub(text)
    assert looks_personal(text) is None  # a store's link in a know-how page is no lint error


@pytest.mark.parametrize("text", ["시" * 40, "도시" * 30 + "요", "市区町村" * 50, "a.com/" * 80, "a_1 " * 300,
                                  "birthday is the of " * 30])
def test_no_pattern_backtracks_on_a_long_run(text, assert_linear):
    # A repeated group of Hangul runs ("시시시…", 40 syllables) took 150 s before the match failed.
    assert_linear(lambda n: scrub(text[:n]), len(text))  # a quarter: a prefix of the same run


def test_an_operator_id_pattern_with_a_named_group_is_still_taken_whole():
    import re

    [item] = find_personal_data("for cust-77 we agreed", customer_id=re.compile(r"\bcust-(?P<n>\d+)\b"))
    assert (item.kind, item.text) == ("customer id", "cust-77")
