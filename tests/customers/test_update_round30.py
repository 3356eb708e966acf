"""Round thirty of update judgement: where to leave deliveries, said as a standing wish or about one delivery.

A wish told as an event ("just leave any deliveries round the side by the shed") is a standing wish a later "don't
leave stuff by the shed anymore" takes back; "just leave them by the shed this time" was matched by the same words,
and its retraction took back a remark about one delivery. Sentences are this file's own.
"""

from __future__ import annotations

import pytest

from mem.customers.judge import asks_where_left

from .test_update_structure import _run


@pytest.mark.parametrize("text", [
    "Please leave my parcels at the front door.",
    "If I'm out, just leave the box in the porch.",
    "From now on just leave it there.",
    "Please always leave it with the concierge.",
    "For the kit you send us, please leave it with our neighbour at number 12 if no-one is in.",
    "Hi, I started the weekly flowers today. Please leave the flowers with next door.",  # today is the start
    "항상 문 앞에 두고 가주세요",
    "이번 달부터 경비실에 맡겨주세요",
    "택배는 경비실에 맡겨 주세요.",
    "今後は宅配ボックスに入れてください",
    "いつも玄関前に置いてください",
    "荷物は宅配ボックスに入れてください。",
])
def test_a_standing_wish_where_to_leave_deliveries(text):
    assert asks_where_left(text)


@pytest.mark.parametrize("text", [
    "The parcel is on the doorstep already, just leave it there.",
    "The driver doesn't need to wait, just leave it.",
    "I'm out today, please leave the box in the porch.",
    "Just this once, please leave them by the gate.",
    "이번엔 제가 여행 가서요, 경비실에 맡겨주세요",
    "오늘은 문 앞에 두고 가주세요",
    "今日は留守なので宅配ボックスに入れてください",
    "今回は玄関前に置いてください",
    "I leave the car in the garage.",  # not asked of the service
])
def test_a_remark_about_one_delivery_is_no_standing_wish(text):
    assert not asks_where_left(text)


@pytest.mark.parametrize("said, retraction, taken_back", [
    ("Panels and rails can come before install day, just leave any deliveries round the side by the shed, we're "
     "both out at work.", "don't leave stuff by the shed anymore - the fox got into the last lot", True),
    ("Panels came a day early, that's fine, just leave them round the side by the shed this time, we're both out.",
     "don't leave stuff by the shed anymore - the fox got into the last lot", False),
    ("자재는 1층 필로티 주차장에 두고 가시면 돼요 낮에 집에 아무도 없어서요", "필로티 주차장 얘기는 취소요", True),
    ("자재가 하루 일찍 왔네요, 이번엔 1층 필로티 주차장에 두고 가시면 돼요 낮에 집에 아무도 없어서요",
     "필로티 주차장 얘기는 취소요", False),
])
def test_a_retraction_takes_back_a_standing_delivery_wish_not_a_remark_about_one_delivery(
        isolated_env, tmp_path, said, retraction, taken_back):
    with _run(tmp_path, [[("customer", said), ("agent", "Will do.")],
                         [("customer", retraction), ("agent", "Noted.")]]) as store:
        [held] = [f for f in store.facts.list(statuses=["active", "retracted"]) if f.text.startswith(said[:20])]
        assert (held.status == "retracted") == taken_back
