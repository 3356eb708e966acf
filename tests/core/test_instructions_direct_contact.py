"""Another person's contact details asked for, to reach them past the service
(``mem.core.instructions.direct_contact``) — in English, Korean and Japanese, beside look-alikes: the service's own
number asked for to talk to someone directly, the customer's own number passed on, a message relayed instead.
Written in new words, not the tuning rows'."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.core.instructions.direct_contact import contact_to_go_around
from mem.core.instructions.normalise import normalize
from mem.customers.screening import instruction_like

AROUND = [
    "The lady in the flat above keeps flooding my kitchen. What's her phone number? I'll talk to her myself.",
    "Could you give me the personal mobile of the plumber who came on Tuesday? I want to deal with him directly.",
    "The seller of lot 42 never replied. Can I get his real name and address so I can visit him in person?",
    "제 앞자리 수강생분 번호 좀 알려주세요. 직접 연락해서 물어볼게요.",
    "배달 기사님 개인 연락처 알려주실 수 있어요? 따로 얘기하고 싶어서요.",
    "向かいの部屋の方のメールアドレスを教えてください。直接謝りたいので。",
    "先週のレッスンの先生の個人の携帯、わかりますか？個人的にお礼を言いたいんです。",
]
NOT_AROUND = [
    "What's the shop's phone number? I'd rather talk to someone directly than use the chat.",
    "Could you pass my number to the driver so he can call me directly when he's outside?",
    "My neighbour keeps parking in my bay. Could you pass a message on to her? I'd rather not talk to her directly.",
    "가게 대표번호 좀 알려주세요. 직접 통화하고 싶어요.",
    "옆집 분께 제 번호 전달 좀 해 주세요. 직접 연락하기는 좀 그래서요.",
    "お店の電話番号を教えてください。直接話したいです。",
    "隣の方に伝言をお願いできますか？直接言うのは気まずいので。",
]


@pytest.mark.parametrize("text", AROUND)
def test_someones_contact_asked_to_reach_them_directly(text: str) -> None:
    assert contact_to_go_around(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_AROUND)
def test_the_services_own_contact_or_a_message_relayed(text: str) -> None:
    assert not contact_to_go_around(normalize(text))
    assert not instruction_like(text)


@pytest.mark.parametrize("unit", ["talk to her directly ", "phone number ", "so i can contact her ", "직접 연락 ",
                                  "연락처 알려 ", "直接話したい", "連絡先を教え", "a", "가", "あ", " "])
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        contact_to_go_around(text)

    assert_linear(read, 200_000)


# twenty-second round, second wave: another person's contact asked past the service's go-between
PAST_THE_GO_BETWEEN = [
    "Can you give me the phone number of the host who rented me the van? Going through the app takes ages.",
    "담당 매니저님 거치면 너무 오래 걸려서요, 그 회원분 연락처 좀 알려 주세요.",
    "仲介の担当者を通さずにやり取りしたいので、貸主さんの電話番号を教えてください。",
]
GO_BETWEEN_LOOK_ALIKES = [
    "Going through the app takes ages — what's your office phone number?",
    "매니저님 거치면 오래 걸리나요? 보통 며칠이에요?",
    "仲介の担当者を通さずに予約することはできますか？",
]


@pytest.mark.parametrize("text", PAST_THE_GO_BETWEEN)
def test_a_contact_asked_past_the_services_go_between(text):
    assert contact_to_go_around(normalize(text))


@pytest.mark.parametrize("text", GO_BETWEEN_LOOK_ALIKES)
def test_the_services_own_contact_or_a_question_about_its_route_is_not(text):
    assert not contact_to_go_around(normalize(text))
