"""A state recorded as done before it is (``mem.core.instructions.records_ahead``) — in English, Korean and Japanese,
beside look-alikes: a customer who did pay asking for the record to be put right, a customer who will pay at pickup and
asks nothing of the record, a record asked with a later act that is a different one. Written in new words, not the
tuning rows'."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.core.instructions.normalise import normalize
from mem.core.instructions.records_ahead import record_ahead_of_act
from mem.customers.screening import instruction_like

AHEAD = [
    "Could you mark my deposit as paid on the system? I'll bring the cash in on Friday.",
    "Just list the hire bike as returned so the clock stops. I'll drop it back tomorrow morning.",
    "Please log that I've already sent the signed form back. Honestly I haven't posted it yet but it's on my desk.",
    "수강료 입금 완료로 처리해 주세요. 월급 들어오면 금요일에 바로 입금할게요.",
    "대여 물품 반납했다고 기록해 주세요. 아직 못 돌려드렸는데 주말에 가져갈게요.",
    "会費は支払い済みにしておいてください。来週払いますので。",
    "レンタル品は返却したことにしてもらえますか？まだ返してないんですけど、明日持っていきます。",
]
NOT_AHEAD = [
    "I paid by bank transfer this morning — can you mark the invoice as paid? I'll send the receipt later.",
    "My card got declined online, so can I pay at pickup instead? I'll pay at the counter on Friday.",
    "Is my order showing as paid? The bank says the money left my account yesterday.",
    "어제 계좌이체로 입금했어요. 입금 완료로 처리됐는지 확인해 주실 수 있나요?",
    "카드가 한도초과라서요. 다음 주에 결제할게요. 그때까지 주문 보류해 주세요.",
    "昨日振り込みました。支払い済みになっているか確認してもらえますか？",
    "来週払いますので、それまで予約を取り置きしてもらえますか？",
]


@pytest.mark.parametrize("text", AHEAD)
def test_a_done_state_recorded_with_the_act_owned_later(text: str) -> None:
    assert record_ahead_of_act(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_AHEAD)
def test_a_true_record_put_right_or_a_later_payment_alone(text: str) -> None:
    assert not record_ahead_of_act(normalize(text))
    assert not instruction_like(text)


@pytest.mark.parametrize("unit", ["mark it as paid ", "i'll pay later ", "note i returned ", "결제 완료로 ",
                                  "다음 주에 드릴게 ", "했다고 ", "ことにして", "当日", "まだ", "a", "가", "あ", " "])
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        record_ahead_of_act(text)

    assert_linear(read, 200_000)
