"""Round 22 (plan22): a plan chosen, taken, switched to or held, named with its plan noun, and its look-alikes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.customers import slots


@pytest.mark.parametrize(("text", "value"), [
    ("We'll go with the weekend riders package, starting Saturday.", "weekend riders package"),
    ("I'm on the student gym membership and want to book a class.", "student gym membership"),
    ("For next year I'd prefer the paperless billing option please.", "paperless billing option"),
    ("Please put me on the two-adult ski pass.", "two-adult ski pass"),
    ("수영장 새벽반 등록할게요", "수영장 새벽반"),
    ("필라테스 12회권으로 할게요", "12회"),
    ("요가 주 2회 60분 코스로 부탁드립니다.", "주 2회 60분 코스"),
    ("커피 원두 정기 패키지 이용하고 있어요.", "커피 원두 정기 패키지"),
    ("市民菜園区画（20㎡）で申し込みます", "市民菜園区画(20㎡)"),
    ("朝刊配達パック（平日）を利用中です。", "朝刊配達パック(平日)"),
])
def test_a_plan_chosen_or_held_is_read_with_its_noun(text: str, value: str) -> None:
    slot = slots.find_slot(text)
    assert slot is not None and slot.name == "tier" and slot.value == value.lower()


@pytest.mark.parametrize("text", [
    "How much is the weekend riders package?",          # asking what a plan costs
    "No thanks, I'll stick with what I have.",          # the agent's suggestion declined
    "My brother is on the student gym membership.",     # someone else's plan
    "I'm not sure I'm on the right tariff.",            # no plan named
    "I'll take the bus to the depot.",                  # taking something that is no plan
    "수영장 새벽반은 몇 시예요?",                          # asking about a class
    "절반으로 할게요",                                     # "half" is no class
    "카드로 할게요",                                       # a payment chosen
    "朝ヨガコースはいくらですか？",                        # asking the price
    "料金プランにします",                                   # a word for any plan
])
def test_look_alikes_name_no_plan(text: str) -> None:
    slot = slots.find_slot(text)
    assert slot is None or slot.name != "tier"


def test_the_agent_proposing_a_change_to_a_plan_with_he_no_is_taken_up() -> None:
    proposal = "それでしたら家族向けプラン（4名）への変更はいかがでしょう。"
    slot = slots.proposed_slot("はい、それでお願いします", proposal)
    assert slot is not None and slot.name == "tier" and "家族向けプラン" in slot.value


@pytest.mark.parametrize("unit", ["I'm on the a b ", "주말 주말반 ", "가가 가 ", "プランプラン（", "区画で"])
def test_a_long_repeated_message_is_read_in_linear_time(unit: str, assert_linear: Callable[..., None]) -> None:
    assert_linear(lambda n: slots.find_slot.__wrapped__(unit * (n // len(unit))), 200_000)
