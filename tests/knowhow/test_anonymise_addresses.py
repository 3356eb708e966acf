"""Postal addresses, full-width and spaced phone numbers, and polite verb endings in the anonymiser
(NEWUSER_REPORT13 #3). The shapes here are not the report's: other towns, other layouts, other widths."""

from __future__ import annotations

import pytest

from mem.customers.fact_record import Evidence, Fact
from mem.knowhow.anonymise import looks_personal, scrub, without_doubtful_sentences
from mem.knowhow.share import shared_records


@pytest.mark.parametrize("text, secrets", [
    # Japanese: 丁目/番/号, a building's floor, a postcode before a prefecture, a building's room
    ("大阪市北区梅田3丁目1番3号 グランフロント5階へ交換品を届けました。", ["梅田3丁目", "1番3号", "グランフロント5階"]),
    ("〒530-0011 大阪府大阪市北区大深町4-20に返送しました。", ["530-0011", "大深町4-20"]),
    ("福岡市博多区博多駅前2-1-1 博多ビル804号室に再送。", ["博多駅前2-1-1", "804号室"]),
    ("札幌市中央区北一条西2丁目へ送料無料で送りました。", ["北一条西2丁目"]),
    # Korean: road + building number + floor, a lot number, a neighbourhood in brackets, 동/호 on their own
    ("경기도 수원시 영통구 광교로 45-2, 3층으로 교환품을 보냈습니다.", ["광교로 45-2", "3층"]),
    ("서울시 강남구 역삼동 123-45번지로 다시 보냈어요.", ["역삼동 123-45"]),
    ("대구광역시 수성구 범어로 77 (범어동) 으로 무상 교환했습니다.", ["범어로 77", "범어동"]),
    ("1203동 504호 앞에 두고 갔다고 해서 재발송했습니다.", ["1203동 504호"]),
    # English and other Latin layouts
    ("Shipped to 1600 Amphitheatre Parkway, Mountain View, CA 94043 at no charge.", ["1600 Amphitheatre", "94043"]),
    ("Flat 3, 12 Oxford Road, Manchester M13 9PL got a free replacement.", ["Flat 3", "12 Oxford Road", "M13 9PL"]),
    ("Resent the parcel to Hauptstraße 12 after the loss.", ["Hauptstraße 12"]),
    ("Refund cheque mailed to PO Box 4410.", ["4410"]),
    # phones: full width, a katakana long mark as the dash, spaces, a particle glued to the number
    ("電話は０３－５５５５－１２３４です、折り返し返金を案内。", ["５５５５", "１２３４"]),
    ("090ー8765ー4321に連絡して返品を受けました。", ["8765", "4321"]),
    ("02 345 6789로 연락드리고 환불했습니다.", ["345", "6789"]),
    ("+81 80 2222 3333に折り返しました。", ["2222", "3333"]),
])
def test_addresses_and_phones_are_removed(text, secrets):
    clean = scrub(text, customer_ids=["c-1"])
    for secret in secrets:
        assert secret not in clean, clean
    assert looks_personal(clean) is None


@pytest.mark.parametrize("text", [
    "교환품을 보내 주세요.", "내일 다시 연락 주세요", "확인하시고 결제하세요.", "주소지는 변경되었습니다.",
    "즉시 카드로 3개월 할부가 가능합니다.", "배송은 2-3일 걸리며 제주도는 추가 배송비 5,000원입니다.",
    "제3호에 따라 환불했습니다.", "2호선 역 근처 매장에서 교환했습니다.",
    "1-2営業日以内に返金します。", "東京都内は翌日配送です。", "本市の条例により返品不可です。",
    "Refunds within 30 days on the Business plan.", "We shipped 3 units of the Pro plan.",
])
def test_ordinary_decision_text_is_left_as_it_is(text):
    assert without_doubtful_sentences(scrub(text, customer_ids=["c-1"])) == text


def test_a_sentence_with_a_trace_of_an_address_is_dropped_rather_than_sent():
    # a town written in hiragana has no layout the address patterns know; its block number is a trace
    dropped = without_doubtful_sentences
    assert dropped("あざみ野2-5-8の自宅へ送りました。返金は不要としました。") == "返金は不要としました。"
    assert dropped("Left it at the back door, unit 4. We refunded shipping.") == "We refunded shipping."
    assert dropped("산들길 12번길 다음 집으로 보냈습니다. 배송비 면제.") == "배송비 면제."


def _fact(text: str) -> Fact:
    return Fact.new("decision", text, evidence=[Evidence("L1", "t1", "customer", text)])


def test_shared_records_carry_no_address_and_an_address_only_decision_is_withdrawn():
    facts = [_fact("広島市中区紙屋町1-4-3 第二ビル1203号室へ交換品を送れますか → はい、無料でお送りします"),
             _fact("교환품을 인천시 연수구 컨벤시아대로 165, 2201호로 보내 주세요 → 산들길 12번길 옆집으로 보냈습니다")]
    records, withdrawn = shared_records("c-1", facts, secret=b"k" * 32)
    assert len(records) == 1 and len(withdrawn) == 1
    sent = str(records)
    for secret in ("紙屋町", "1-4-3", "1203", "컨벤시아", "2201"):
        assert secret not in sent
    assert "無料でお送りします" in records[0]["decision"]


def test_the_server_guard_refuses_an_address_the_client_left():
    assert looks_personal("交換品を広島市中区紙屋町1-4-3に送付") == "postal address"
    assert looks_personal("교환품을 인천시 연수구 컨벤시아대로 165로 보냈습니다") == "postal address"
