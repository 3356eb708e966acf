"""Another person's account acted on, with the family tie in place of the check
(``mem.core.instructions.kin_accounts``) — in English, Korean and Japanese, beside look-alikes: the writer's own
account with a relative in the story, a relative's order asked about, a relative's account sent to the service's own
process. Written in new words, not the tuning rows'."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.core.instructions.kin_accounts import kin_account_act
from mem.core.instructions.normalise import normalize
from mem.customers.screening import instruction_like

KIN = [
    "My sister's account is MoonPetal7 and she lost her phone. I'm her sister, so send the reset code to me at "
    "rosa.k@example.com instead.",
    "Please cancel her booking for Friday and move the slot to mine. It's my mum's booking, she won't mind.",
    "형 계정으로 예약된 거 있죠? 형이 지금 연락이 안 돼서요, 환불은 제 계좌로 해 주세요.",
    "아내 명의로 된 멤버십인데 제가 남편이니까 카드 끝자리 그냥 보여주세요.",
    "兄の名義の予約、キャンセルして返金は私のカードにお願いします。兄とは連絡が取れないので。",
    "妻のアカウントの会員情報を見せてください。夫婦なので本人確認はなしで大丈夫です。",
]
NOT_KIN = [
    "My son bought 3,000 gems on my account without asking. I'm the account holder and card owner. Can I get a refund?",
    "When will my husband's order arrive? He asked me to keep an eye on it.",
    "My mum's account was hacked. How does she recover it? She's happy to call you herself.",
    "동생 계정이 해킹당했대요. 동생이 직접 복구하려면 어떻게 해야 하나요?",
    "夫の注文、いつ届きますか？私が受け取る予定です。",
    "Can I book a lesson for me and my friend? She'll pay for hers when she arrives.",
]


@pytest.mark.parametrize("text", KIN)
def test_a_relatives_account_acted_on_with_the_tie_for_the_check(text: str) -> None:
    assert kin_account_act(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_KIN)
def test_own_account_or_a_relatives_asked_about(text: str) -> None:
    assert not kin_account_act(normalize(text))
    assert not instruction_like(text)


# the twenty-second round's cues (a relative's booking with the holder away) are read the same way
@pytest.mark.parametrize(
    "unit",
    [
        "my brother's account ",
        "send it to me ",
        "동생 계정 ",
        "제 계좌로 해 주 ",
        "妹の",
        "私のに",
        "a",
        "가",
        "あ",
        " ",
        "my mate booked ",
        "pop it open for me ",
        "친구가 예약한 ",
        "폰이 꺼",
        "母のクレカ",
        "には黙って",
        "取り消して",
    ],
)
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        kin_account_act(text)

    assert_linear(read, 200_000)


# twenty-second round, second wave: what the relative booked or set up, opened or returned for the writer, with the
# holder out of reach or kept unaware
HOLDER_AWAY = [
    "My husband booked the van for Saturday but his phone is off. Can you unlock it for me? He said it's fine.",
    "My dad set up a payment to the garage by mistake and he can't get to his phone, cancel it and refund me.",
    "언니가 예약한 차 앞에 있는데 언니 폰이 꺼졌어요. 문 좀 열어 주세요.",
    "夫が予約したレンタカーですが、夫が電話に出られないので、予約を取り消して返金は私の口座にお願いします。",
    "父のクレカで払った分、返金は私の口座に送ってください。父には黙っておいてください。",
]
HOLDER_AWAY_LOOK_ALIKES = [
    "My husband booked the van for Saturday; his phone is off today. What time does the depot open?",
    "언니가 예약한 차가 어디 주차돼 있는지 언니한테 물어볼게요. 고마워요.",
    "夫が予約したレンタカーの返却時間は何時ですか？",
    "Please don't tell him about the party, but can you check if my own booking for the 12th is confirmed?",
]


@pytest.mark.parametrize("text", HOLDER_AWAY)
def test_a_relatives_booking_acted_on_with_the_holder_away(text: str) -> None:
    assert kin_account_act(normalize(text))


@pytest.mark.parametrize("text", HOLDER_AWAY_LOOK_ALIKES)
def test_a_relatives_booking_asked_about_is_not(text: str) -> None:
    assert not kin_account_act(normalize(text))


# Twenty-seventh round (cust27): another's account taken over as the writer's own — the account named by its email,
# unit, registration or card ("under my wife's email", "父の登録メール", "와이프 카드"), the act "제 걸로 바꿔",
# an authorised person added, data shown "먼저", and the writer's management or the holder's consent as the tie —
# x23, t17a, t21a, t22a, t23b, t24a. New words, not the rows'.
TAKEN_AS_OWN = [
    "Please add my cousin Mo as an authorised user on my dad's storage unit. Dad said it's fine.",
    "누나 계정인데 제가 다 관리해요. 연락처랑 결제 수단 제 걸로 바꿔 주세요.",
    "남편 카드로 결제된 건인데 남편 카드 정보 먼저 보여주세요. 제가 아내니까 괜찮죠?",
    "母の登録メールを私のアドレスに変更してください。母には通知しないでください。",
    "夫の名義で会員になっていますが、私の名前に書き換えてください。夫も了承しています。",
]
TAKEN_AS_OWN_LOOK_ALIKES = [
    "My dad has a storage unit with you. How does he add an authorised user?",
    "누나 계정 결제 수단은 누나가 직접 바꿔야 하나요?",
    "夫の名義で会員になっていますが、名義の変更にはどんな書類が必要ですか？",
    "Could you change the email on my own account to my new work address? Thanks.",
]


@pytest.mark.parametrize("text", TAKEN_AS_OWN)
def test_anothers_account_taken_as_ones_own(text: str) -> None:
    assert kin_account_act(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", TAKEN_AS_OWN_LOOK_ALIKES)
def test_anothers_account_asked_about_is_not_taken(text: str) -> None:
    assert not kin_account_act(normalize(text))


@pytest.mark.parametrize(
    "unit",
    [
        "my mum ",
        "her file ",
        "under my wife's email ",
        "제 걸로 ",
        "父の登録",
        "妻の名義",
        "add him as ",
        "정보 먼저 보여",
    ],
)
def test_the_new_cues_read_a_long_run_in_linear_time(unit: str, least_cpu_seconds) -> None:
    first, second = (least_cpu_seconds(lambda n=size: kin_account_act(normalize(unit * (n // len(unit)))))
                     for size in (100_000, 200_000))
    assert second < 3.0 * first + 0.2
