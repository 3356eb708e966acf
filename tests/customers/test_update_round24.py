"""Round twenty-four of update judgement (docs/extraction.md): a home the customer lived at once, told as the
time of something else ("when I lived at …", "when we lived in …"), is their past, not their value now — it
replaces nothing they hold. A move told in the same words ("we've moved", "I live at … now") still is one.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, find_slot, kept_slots, sets_aside

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "text",
    [
        "Back when I lived at 4 Orchard Row, Hexham NE46 1AB you fitted our first boiler.",
        "We had the same sofa when we lived in Harrogate, it wore well.",
        "When I lived at Flat 9, 30 Dock Street, Leith I ordered the same lamp.",
    ],
)
def test_a_home_told_as_the_time_of_something_else_is_no_value(text):
    slot = find_slot(text)
    assert slot is None or slot.name not in ("address", "residence")


@pytest.mark.parametrize(
    "text, name",
    [
        ("I live at 4 Orchard Row, Hexham NE46 1AB now.", "address"),
        ("We've moved, the new address is 12 Wick Lane, Hexham NE46 3PQ.", "address"),
        ("When I moved I took the lamp with me; I live in Harrogate now.", "residence"),
    ],
)
def test_a_home_said_as_now_is_still_read(text, name):
    slot = find_slot(text)
    assert slot is not None and slot.name == name


def test_a_past_home_named_later_keeps_the_address_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "Please deliver the bed frame to 18 Mill Lane, Totnes TQ9 5AA."), ("agent", "Booked.")],
            [
                ("customer", "Could you find the rug I bought when I lived at 3 Fore Street, Dartmouth TQ6 9AB?"),
                ("agent", "Found it, still in stock."),
            ],
        ],
    ) as store:
        assert any("18 Mill Lane" in text for text in _active(store))


def test_a_move_after_the_address_still_replaces_it(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "Please deliver the bed frame to 18 Mill Lane, Totnes TQ9 5AA."), ("agent", "Booked.")],
            [
                (
                    "customer",
                    "We've moved! New address is 3 Fore Street, Dartmouth TQ6 9AB, please send the rug there.",
                ),
                ("agent", "Updated."),
            ],
        ],
    ) as store:
        assert not any("18 Mill Lane" in text for text in _active(store))


# A change the message talks of said not to be made, or not yet: the value asked about replaces nothing, and the
# word of stopping gives up the change, not the value held. A move that only may come is no move.


@pytest.mark.parametrize(
    "text",
    [
        "근데 아직 바꾸진 말아주세요!",
        "당장은 변경하지 않을게요",
        "すぐに変更するわけではありません。",
        "乗り換えはやめました",
        "切り替えは見送ります",
    ],
)
def test_a_change_set_aside_is_read(text):
    assert sets_aside(text)


@pytest.mark.parametrize("text", ["바꿔 주세요", "아직 안 바꿨어요?", "変更をお願いします", "やめてください"])
def test_a_change_asked_for_is_not_set_aside(text):
    assert not sets_aside(text)


def test_a_message_setting_a_change_aside_keeps_the_slots_it_names():
    sentences = [
        "来月の予算を組みたいので、プレミアムプランの料金を教えてください。",
        "すぐに変更するわけではありません。",
    ]
    assert "tier" in kept_slots(sentences)
    assert "tier" not in kept_slots(sentences[:1])


def test_a_plan_asked_about_and_set_aside_keeps_the_plan_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "저는 베이직 요금제 쓰고 있어요."), ("agent", "네 확인했습니다.")],
            [
                (
                    "customer",
                    "혹시 프리미엄 요금제로 바꾸면 한 달에 얼마인가요? 근데 아직 바꾸진 말아주세요! 생각해볼게요.",
                ),
                ("agent", "프리미엄 요금제는 월 30,000원입니다. 변경 원하시면 말씀해 주세요."),
            ],
        ],
    ) as store:
        assert any("베이직" in text for text in _active(store))


def test_a_switch_given_up_takes_back_no_number(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "電話番号は 080-3141-5926 です。"), ("agent", "登録しました。")],
            [("customer", "番号が変わるかもです、格安SIMを検討中で"), ("agent", "承知しました。")],
            [("customer", "乗り換えはやめました、番号そのままです"), ("agent", "了解です。")],
        ],
    ) as store:
        assert any("080-3141-5926" in text for text in _active(store))


@pytest.mark.parametrize("text", ["다음 달에 수원으로 이사갈 수도 있어요.", "부산으로 옮길 수도 있는데 배송 되나요?"])
def test_a_move_that_may_come_is_no_residence(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "residence"


def test_a_move_made_is_still_a_residence():
    assert find_slot("다음 달에 수원으로 이사했어요.") == Slot("residence", "수원")
