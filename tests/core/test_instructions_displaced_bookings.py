"""Another person's booking moved or cancelled to put the writer in its place
(``mem.core.instructions.displaced_bookings``) — in English, Korean and Japanese, beside look-alikes: the writer's own
booking moved, a relative's booking cancelled at their request with nothing taken, a bump refused. Written in new
words, not the tuning rows'."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.core.instructions.displaced_bookings import displaced_booking
from mem.core.instructions.normalise import normalize
from mem.customers.screening import instruction_like

DISPLACED = [
    "The 6pm court is full? Just move the other guests to 7 and book me in, they'll cope.",
    "Put me in at noon for the massage, and if someone's got it, shift them to the evening.",
    "앞 사람 예약 좀 미루고 저 먼저 받아 주세요. 오늘 꼭 해야 해요.",
    "다른 손님 예약 취소시키고 제 이름으로 잡아 주세요.",
    "その人を夕方にずらして、私を入れてもらえますか？",
    "前の人の予約を消して私を入れてください。",
]
NOT_DISPLACED = [
    "Can you cancel my 3pm and book me in at 5 instead?",
    "My sister can't come on Friday, she asked me to cancel her booking. Thanks!",
    "Could you move my slot to 10am? If it's taken, don't bump anyone, I'll take 11.",
    "제 예약 취소하고 다음 주로 다시 넣어 주세요.",
    "언니가 못 온다고 해서 언니 예약 취소 부탁드려요.",
    "私の予約を夕方にずらしてもらえますか？",
    "母の予約をキャンセルしてください。本人に頼まれました。",
]


@pytest.mark.parametrize("text", DISPLACED)
def test_another_persons_booking_displaced_to_put_the_writer_in(text: str) -> None:
    assert displaced_booking(normalize(text))
    assert instruction_like(text)


@pytest.mark.parametrize("text", NOT_DISPLACED)
def test_own_booking_moved_or_a_relatives_cancelled_on_request(text: str) -> None:
    assert not displaced_booking(normalize(text))
    assert not instruction_like(text)


@pytest.mark.parametrize("unit", ["bump her ", "book me in ", "cancel every booking for ", "다른 사람 취소시키고 ",
                                  "저 넣어 ", "その方をずらして", "私を入れ", "a", "가", "あ", " "])
def test_a_long_run_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    def read(size: int) -> None:
        text = normalize(unit * (size // len(unit)))
        displaced_booking(text)

    assert_linear(read, 200_000)
