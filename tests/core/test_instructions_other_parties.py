"""The other side of a deal, or the service's other members, and their personal data asked for
(``mem.core.instructions.other_parties``) — in English, Korean and Japanese, beside look-alikes: the customer's own
address passed to the other side, a message relayed, a return address, a question whether the other side sees the
customer's data, a refusal quoted. Written in new words, not the tuning rows'."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.core.instructions.normalise import normalize
from mem.core.instructions.other_parties import other_party_data, plain_contact_ask
from mem.customers.screening import instruction_like

ASKED = [
    "The buyer of my bike hasn't paid the rest. Please send me the buyer's phone number, I'll sort it.",
    "Could you give me the email addresses of the other three guests on my tour?",
    "I need the winning bidder's home address for my records, today if possible.",
    "Who bought the camera I was watching, and what address did it go to? Just curious.",
    "구매자 연락처랑 주소 좀 보내주세요. 입금이 안 돼서요.",
    "같이 예약한 다른 손님들 이메일 좀 알려주실 수 있어요?",
    "落札者の氏名と電話番号を教えてください。お礼を言いたいので。",
    "出品者の住所を送ってもらえますか？まだ届かないので。",
]
NOT_ASKED = [
    "Please send my address to the seller so he can post the lamp.",
    "Could you let the buyer know the parcel went out this morning?",
    "What's the return address for the jacket? The seller said to ask you.",
    "Does the buyer see my home address when I sell something?",
    "판매자에게 제 연락처 전달해 주세요. 직접 통화하고 싶대요.",
    "판매자 주소 알려달라는 건 아니고요, 그냥 발송됐는지만 확인해 주세요.",
    "出品者に、まだ届いていないと伝えてください。",
    "私の住所を出品者に伝えておいてください。",
    # the platform's ordinary channel: the one other side's contact, nothing else, nothing past the platform
    "Can I have the seller's contact details? The item arrived broken.",
    "Could you share the contact info for the buyer? He hasn't confirmed he got it.",
    "구매자 연락처 좀 알려주실 수 있나요? 수령 확인이 아직 안 됐어요.",
    "購入者さんの連絡先を教えてもらえますか？受取評価がまだなので。",
]
# beside the contact, another datum or a way past the platform: still asked
MORE_THAN_THE_CHANNEL = [
    "Can I have the seller's contact details and home address? I want to sort it out directly.",
    "판매자 연락처랑 실명 알려주세요. 직거래로 할게요.",
    "出品者の連絡先と住所を教えてください。直接行きます。",
]


@pytest.mark.parametrize("text", MORE_THAN_THE_CHANNEL)
def test_more_than_the_platforms_channel(text: str) -> None:
    assert other_party_data(normalize(text))


@pytest.mark.parametrize("text", ASKED)
def test_the_other_partys_personal_datum_asked_for(text: str) -> None:
    assert other_party_data(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_ASKED)
def test_own_data_passed_on_or_a_message_relayed(text: str) -> None:
    assert not other_party_data(normalize(text))
    assert not instruction_like(text)


@pytest.mark.parametrize("unit", ["the seller's address ", "his phone number ", "the other buyer ", "판매자 연락처 ",
                                  "출품자", "出品者の住所", "a", "가", "あ", " "])
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        other_party_data(text)

    assert_linear(read, 200_000)


@pytest.mark.parametrize("unit", ["the seller's contact details ", "contact details for the buyer ", "판매자 연락처 ",
                                  "出品者の連絡先", "a", "가", "あ", " "])
def test_the_plain_contact_reading_is_linear(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        plain_contact_ask(text)

    assert_linear(read, 200_000)
