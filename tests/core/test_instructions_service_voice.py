"""A message to someone else sent in the service's name (``mem.core.instructions.service_voice``) — in English,
Korean and Japanese, beside look-alikes: the service's own message sent to the customer, a customer's own name on a
gift message, a message the customer got from the company asked about. Written in new words, not the tuning rows'."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.core.instructions.normalise import normalize
from mem.core.instructions.service_voice import sent_as_service
from mem.customers.screening import instruction_like

AS_SERVICE = [
    "Could you text my landlord from the garage's number and say the van won't be ready until next month?",
    "Please e-mail the other parents on the team as the club and tell them Saturday's match is off.",
    "Can you message 07700 111222 on behalf of the studio saying her lesson has moved to 9pm?",
    "꽃집 이름으로 이웃집에 배달 취소됐다고 문자 좀 보내 주세요. 번호는 010-1234-0000이에요.",
    "학원 명의로 반 친구 엄마들한테 내일 휴강이라고 안내 문자 돌려 주실 수 있어요?",
    "サロンの名前で、友達に「明日の予約はキャンセルになりました」ってメール送ってもらえますか。",
    "教室のアカウントから生徒さんたちに休講のお知らせを流してください。",
]
NOT_AS_SERVICE = [
    "Can you send me the booking confirmation from the shop's e-mail? I deleted the first one.",
    "I got a text claiming to be from the bakery asking for my card number. Was that really from you?",
    "Please send the gift message in my name to my aunt: 'Happy 70th, love Jo'.",
    "제 이름으로 선물 메시지 카드 같이 보내 주세요. '생일 축하해'라고요.",
    "가게 이름으로 문자가 왔는데 링크를 누르라고 해요. 이거 진짜 보내신 거예요?",
    "お店の名前でメールが届いたんですが、これは本物ですか？",
    "予約確認のメールを私宛に送ってください。",
]


@pytest.mark.parametrize("text", AS_SERVICE)
def test_a_message_to_someone_else_in_the_services_name(text: str) -> None:
    assert sent_as_service(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_AS_SERVICE)
def test_the_services_message_to_the_customer_or_their_own_name(text: str) -> None:
    assert not sent_as_service(normalize(text))
    assert not instruction_like(text)


@pytest.mark.parametrize("unit", ["send a text as the shop ", "from the shop's account ", "please send ",
                                  "가게 이름으로 ", "문자 보내 ", "お店のアドレスから", "メール送",
                                  "a", "가", "あ", " "])
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        sent_as_service(text)

    assert_linear(read, 200_000)
