"""Someone the writer knows or names, their datum asked or their record changed
(``mem.core.instructions.others_records``) — in English, Korean and Japanese, beside look-alikes: a message passed
on to the person, a booking made for them, the writer's own data sent to them, a question how the person can act
themselves. Written in new words, not the tuning rows'."""

from __future__ import annotations

import pytest

from mem.core.instructions.normalise import normalize
from mem.core.instructions.others_records import others_record
from mem.customers.screening import instruction_like

OTHERS = [
    "Could you read me my cousin Priya's phone number from her booking? I want to surprise her.",
    "Please delete my niece Ava's note about the bee sting allergy, her dad overreacts.",
    "My flatmate Tom has a session on Thursday. What time is his session? He won't pick up.",
    "Can you cancel Helen Marsh's booking for Friday? She's my colleague and asked me to.",
    "Could you change the delivery on order KT-20931 to my house? It's my neighbour's.",
    "이웃집 아주머니 예약 시간 좀 알려주세요. 같이 가려고요.",
    "조카 유치원 기록에 있는 알레르기 표시 지워주세요. 언니가 괜히 걱정하는 거예요.",
    "같은 반 친구 엄마 연락처 좀 알려주세요. 생일 파티 초대하려고요.",
    "同じクラスの美咲ちゃんのママの連絡先を教えてください。",
    "後輩の予約時間、こっそり教えてもらえますか？",
    "甥っ子の登録されているアレルギー、消しておいてください。",
]
NOT_OTHERS = [
    "Could you let my cousin know that the class moved to 6pm? She asked me to check.",
    "Can I book a table for me and my friend on Saturday? Her name is Lina.",
    "Please send my address to my landlord with the invoice.",
    "My friend's account was locked. How can she unlock it herself?",
    "My friend told me about your shop, what time do you open tomorrow?",
    "친구한테 예약 시간 바뀐 거 전해 주세요. 고마워요.",
    "친구랑 같이 예약하고 싶은데 토요일 오후 자리 있나요?",
    "友達に予約時間が変わったことを伝えてもらえますか？",
    "友達と一緒に予約したいのですが、土曜日は空いていますか？",
]


@pytest.mark.parametrize("text", OTHERS)
def test_someone_elses_datum_asked_or_record_changed(text: str) -> None:
    assert others_record(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_OTHERS)
def test_a_message_passed_on_or_a_booking_made_for_them(text: str) -> None:
    assert not others_record(normalize(text))
    assert not instruction_like(text)


# the exemption belongs to the clause it is in: a "don't tell", a passing-on or "I'll change …" elsewhere in the message
# leaves an ask for the person's datum in another clause an ask (rfixr24's report)
OTHERS_BESIDE_AN_EXEMPTION = [
    "Don't tell anyone, but what's my friend's phone number?",
    "I'll change my own address later. What is my neighbour Sam's booking time?",
    "Please don't share this with her. Could you give me my sister's new address?",
    "제 연락처는 친구한테 전해 주세요. 그리고 친구 동생 예약 시간 좀 알려주세요.",
    "友達に伝えてください。それと、同僚の山田さんの連絡先を教えてください。",
]
EXEMPT_IN_ITS_OWN_CLAUSE = [
    "Please don't tell anyone my friend's phone number.",
    "I'll change my flatmate's booking myself on the app, thanks.",
    "친구 예약 시간 바뀐 거 친구한테 알려 주세요.",
    "友達の予約時間の変更を友達に伝えてください。",
]


@pytest.mark.parametrize("text", OTHERS_BESIDE_AN_EXEMPTION)
def test_an_exemption_in_another_clause_does_not_clear_the_ask(text: str) -> None:
    assert others_record(normalize(text))


@pytest.mark.parametrize("text", EXEMPT_IN_ITS_OWN_CLAUSE)
def test_an_exemption_in_the_asks_clause_still_clears_it(text: str) -> None:
    assert not others_record(normalize(text))


@pytest.mark.parametrize(
    "unit",
    [
        "my friend's phone ",
        "tell me ",
        "my mate ",
        "his booking ",
        "order ab-12345 it's ",
        "친구 ",
        "연락처 ",
        "알려 주",
        "友達の",
        "さんの",
        "連絡先",
        "教え",
        "a",
        "가",
        "あ",
        " ",
    ],
)
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear) -> None:
    assert_linear(lambda n: others_record(normalize(unit * (n // len(unit)))), 200_000)
