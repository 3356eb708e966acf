"""Round twenty-six of update judgement (docs/extraction.md): the first value, given as background to a request, is
stored as the slot's value, so a later change has a value to replace — a Korean lot-number address told beside a
request ("집이 전주 효자동 31-4 단독이에요"), a repair's return address ("Return address: 9 Oak Road") and a Korean
town before what the message goes on to ("천안 살고 주로 주말에 불러요"). Someone else's value stays theirs: a
neighbour's house, a time of the past, a shop named as a second place, a place asked about too, the service's returns
address.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "text, value",
    [
        ("보일러 점검 신청해요 집이 전주 효자동 31-4 단독이에요", "효자동 31-4"),
        (
            "정수기 설치 부탁드려요 대전 유성구 봉명동 552 한빛아파트 103동 1402호",
            "유성구 봉명동 552 한빛아파트 103동 1402호",
        ),
        ("광주 서구 치평동 1208-3 2층이에요. 화요일 오전 가능할까요", "서구 치평동 1208-3"),
    ],
)
def test_a_korean_lot_number_address_beside_a_request_is_read(text, value):
    assert find_slot(text) is not None and find_slot(text).name == "address" and find_slot(text).value == value


@pytest.mark.parametrize(
    "text",
    [
        "어제 운동 2시간 했어요",
        "봉사 활동 2-3회 다녀왔어요",
        "고지서에 신월동 77-2 라고 돼 있는데 이거 앞집 거 같아요",
        "그땐 부산 수영구 광안동 120 살 때였어요",
        "가게는 인천 부평구 부평동 301-9 1층이에요.",
    ],
)
def test_a_number_a_neighbour_s_house_the_past_or_a_shop_is_no_address_of_theirs(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "address"


@pytest.mark.parametrize(
    "text, value",
    [
        ("Sending my boots in for new soles. Return address: 9 Oak Road, Leeds LS6 1AA.", "9 Oak Road, Leeds LS6 1AA"),
        ("Please fix the strap. Return address is 14 Park Lane, York YO1 7HH.", "14 Park Lane, York YO1 7HH"),
    ],
)
def test_the_customers_return_address_is_read(text, value):
    slot = find_slot(text)
    assert slot is not None and slot.name == "address" and slot.value == value


@pytest.mark.parametrize(
    "text",
    [
        "What's your returns address, is it still 4 Mill Road?",
        "Is the return address 12 Station Road?",
    ],
)
def test_the_services_returns_address_is_not_theirs(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "address"


@pytest.mark.parametrize(
    "text, value",
    [
        ("천안 살고 주로 주말에 불러요", "천안"),
        ("저희 광명 살고 애는 둘이에요", "광명"),
    ],
)
def test_a_korean_town_before_what_the_message_goes_on_to_is_the_home(text, value):
    assert find_slot(text) == find_slot(f"{value} 살아요")


@pytest.mark.parametrize("text", ["천안 살고 싶어요", "언니랑 같이 살고 있어요"])
def test_a_home_wished_for_or_shared_is_not_read_from_the_connective(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "residence" or slot.value not in ("천안", "언니랑")


def test_an_address_beside_a_request_is_replaced_by_a_later_move(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "보일러 점검 신청해요 집이 전주 효자동 31-4 단독이에요"), ("agent", "네 접수했습니다.")],
            [("customer", "이사했어요 이제 전주 덕진구 송천동 210-5 입니다"), ("agent", "주소 변경했습니다.")],
        ],
    ) as store:
        active = _active(store)
        assert any("송천동" in text for text in active) and not any("효자동 31-4" in text for text in active)


def test_a_second_place_asked_about_is_no_move(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "청소 정기 신청해요. 광주 서구 치평동 1208-3 2층이에요."), ("agent", "잡아드렸어요.")],
            [
                ("customer", "평일엔 가게에 있는데 거기서도 해주시나요? 광주 북구 용봉로 77 상가예요."),
                ("agent", "네 평일은 가게로 가능합니다."),
            ],
        ],
    ) as store:
        assert any("치평동 1208-3" in text for text in _active(store))
