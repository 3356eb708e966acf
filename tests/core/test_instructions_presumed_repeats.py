"""A concession from last time presupposed to hold again (``mem.core.instructions.presumed_repeats``) — in English,
Korean and Japanese, beside look-alikes: last time recalled or asked about, the repeat asked as an open question, the
same thing made again. Written in new words, after the rule, not the tuning rows'."""

from __future__ import annotations

import pytest

from mem.core.instructions import customer_message_reason
from mem.core.instructions.normalise import normalize
from mem.core.instructions.presumed_repeats import presumed_repeat

PRESUMED = [
    "You knocked the storage charge off last time when I was a week late, so just do the same for unit 14.",
    "The delivery was free of charge previously for orders over two boxes - do the same for this one please.",
    "저번처럼 배송비 무료로 해 주세요. 이번에도 두 박스예요.",
    "지난번처럼 연체료는 빼 주시는 거죠? 이틀밖에 안 늦었어요.",
    "前回は出張費を免除していただいたので、今回も当然無料ですよね。",
    "この前と同じく、今回の送料もサービスでお願いします。前回は無料でした。",
]
NOT_PRESUMED = [
    "Last time you waived the storage charge, which was kind. Is that something you do for everyone?",
    "You gave me free delivery last time. Could you do the same this time?",
    "Last time the engraving was free with the offer, so do the same design on the new ring please.",
    "지난번에 연체료 면제해 주셨는데 이번에도 가능한지 궁금해요.",
    "저번 상담 때 배송비 무료라고 하셨는데 영수증에는 그대로 있어요. 확인 부탁드려요.",
    "前回は送料無料でしたが、今回も無料ですか？",
    "前回の見積もりは無料でした。今回の見積もりもお願いできますか。",
]


@pytest.mark.parametrize("text", PRESUMED)
def test_a_concession_from_last_time_taken_as_settled_is_an_order(text):
    assert presumed_repeat(normalize(text))
    assert customer_message_reason(text) is not None


@pytest.mark.parametrize("text", NOT_PRESUMED)
def test_last_time_recalled_or_the_repeat_asked_is_not(text):
    assert not presumed_repeat(normalize(text))


# (review32) the repeat's words under a check or a "don't": the customer asks whether last time's concession holds,
# or forbids it, and settles nothing — "확인해 주세요" holds "해 주세요", "今回も使えるか確認してください" holds
# "今回も…してください", "don't do that again" holds "do that again"
CHECKED_OR_REFUSED = [
    "지난번처럼 무료 수리 가능한지 확인해 주세요.",
    "저번처럼 배송비 할인되는지 체크해 주세요.",
    "前回の割引コードが使えなかったので、今回も使えるか確認してください。",
    "前回は送料無料だったので、今回も無料かどうか教えてください。",
    "Last time the delivery was free. Please check whether it is the same again.",
    "Last time you gave me a discount by mistake, please don't do that again.",
]


@pytest.mark.parametrize("text", CHECKED_OR_REFUSED)
def test_the_repeat_checked_or_refused_is_not(text):
    assert not presumed_repeat(normalize(text))


def test_an_order_after_a_deadline_word_still_is():
    # "까지" ends in 지 as "가능한지" does, and is no question of whether
    assert presumed_repeat(normalize("지난번처럼 배송비 무료로 이번 주까지 해 주세요."))


@pytest.mark.parametrize("unit", ["last time free do the same ", "지난번처럼 무료 가능한지 확인해 주세요 ",
                                  "前回 無料 今回も使えるか確認してください", "don't do that again free previously "])
def test_a_long_run_is_read_in_linear_time(unit, assert_linear):
    assert_linear(lambda n: presumed_repeat(normalize(unit * (n // len(unit)))), 200_000)
