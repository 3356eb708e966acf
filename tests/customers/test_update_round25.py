"""Round twenty-five of update judgement (docs/extraction.md): a home told in a clause ending in "-는데요" before a
question in the same unpunctuated message ("순천 사는데요 토요일 방문도 되나요?") is the customer's home, as it was
before with "-는데"; and a delivery time held is taken back when the customer says any time suits now ("이제 시간
상관없어요", "もう夕方指定じゃなくて大丈夫です", "any time's fine now") — a new time said instead still replaces it.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import any_time, find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "text, value",
    [
        ("순천 사는데요 토요일 방문도 되나요?", "순천"),
        ("안녕하세요 저 김해 사는데요 이번 주 배송 가능할까요", "김해"),
        ("순천 사는데 토요일 방문도 되나요?", "순천"),  # the "-는데" read before, unchanged
    ],
)
def test_a_home_in_a_clause_before_a_question_is_read(text, value):
    home = find_slot(f"{value} 살아요")
    assert home is not None and find_slot(text) == home


@pytest.mark.parametrize("text", ["순천은 어떤데요 토요일 방문도 되나요?", "순천 지점은 어디인데요 주차 되나요?"])
def test_a_town_asked_about_is_still_no_home(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "residence"


@pytest.mark.parametrize(
    "text",
    [
        "이제 시간 상관없어요, 편하실 때 주세요",
        "요즘 집에 있어서 아무 때나 갖다 주셔도 돼요",
        "もう夕方指定じゃなくて大丈夫です",
        "在宅勤務なのでいつでも受け取れます",
        "I work from home now, any time's fine for the drop-off.",
        "Whenever suits your driver, the time doesn't matter now.",
    ],
)
def test_any_time_suiting_now_is_read(text):
    assert any_time(text)


@pytest.mark.parametrize(
    "text",
    [
        "오후 7시 이후에 배송해 주세요",
        "夕方指定でお願いします",
        "Please deliver after 6pm, any day is fine.",
        "What time does the driver usually come?",
    ],
)
def test_a_time_wished_or_asked_about_is_not_any_time(text):
    assert not any_time(text)


def test_any_time_suiting_now_takes_back_the_delivery_time_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "배송은 저녁 7시 이후에 부탁드려요"), ("agent", "네 저녁 7시 이후로 메모했습니다.")],
            [("customer", "이제 재택근무라 시간 상관없어요! 편하실 때 갖다 주세요"), ("agent", "알겠습니다.")],
        ],
    ) as store:
        assert not any("7시" in text for text in _active(store))


def test_any_time_suiting_now_takes_back_the_japanese_delivery_time_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "配達は夕方にお願いします"), ("agent", "夕方のお届けで承りました。")],
            [("customer", "もう夕方指定じゃなくて大丈夫です。"), ("agent", "承知しました。")],
        ],
    ) as store:
        assert not any("夕方にお願い" in text for text in _active(store))


def test_a_new_time_given_still_replaces_the_one_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "배송은 저녁 7시 이후에 부탁드려요"), ("agent", "네 저녁 7시 이후로 메모했습니다.")],
            [("customer", "이제 오전 10시 이전에 배송해 주세요"), ("agent", "네 변경했습니다.")],
        ],
    ) as store:
        active = _active(store)
        assert any("10시" in text for text in active) and not any("7시 이후에 부탁" in text for text in active)


def test_any_time_with_no_delivery_time_held_takes_nothing_back(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "I live in Harrogate."), ("agent", "Noted.")],
            [("customer", "I work from home now, any time's fine for the drop-off."), ("agent", "Great.")],
        ],
    ) as store:
        assert any("Harrogate" in text for text in _active(store))


def test_a_home_before_a_question_is_replaced_by_a_later_move(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "순천 사는데요 토요일 방문도 되나요?"), ("agent", "네 순천 토요일 가능합니다.")],
            [("customer", "이번 달에 여수로 이사했어요."), ("agent", "주소 변경했습니다.")],
        ],
    ) as store:
        active = _active(store)
        assert any("여수" in text for text in active) and not any("순천 사는데요" in text for text in active)
