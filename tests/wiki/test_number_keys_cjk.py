"""Quantity keys of Korean and Japanese statements (newuser26 #6): a clean Korean returns document was reported as
conflicting ('고객 배송일로' is 30일 here but 7일 there) — the key was the generic subject 고객 (customer) and the
starting point 배송일로부터 (from the delivery date), a frame, not a quantity. The same document in three languages
must stay clean, and a real conflict must still be found in each."""

from __future__ import annotations

import pytest

from mem.wiki.lint_numbers import conflicts, statements

# (return-window page, damage-report page): two windows counted from the same day — clean
CLEAN = {
    "en": (
        "Customers may return unused items within 30 days of delivery for a full refund.",
        "If an item arrives damaged, the customer must report it within 7 days of delivery with a photo.",
    ),
    "en-from": (
        "From the date of delivery, customers have 30 days to return unused items.",
        "From the date of delivery customers have 7 days to report damage with a photo.",
    ),
    "ko": (
        "고객은 배송일로부터 30일 이내에 미사용 상품을 반품하고 전액 환불받을 수 있습니다.",
        "상품이 파손된 상태로 도착한 경우, 고객은 배송일로부터 7일 이내에 사진과 함께 신고해야 합니다.",
    ),
    "ko-purchase": (
        "구매자는 구매일부터 30일 이내에 반품할 수 있습니다.",
        "구매자는 수령일로부터 7일 이내에 파손을 신고해야 합니다.",
    ),
    "ja": (
        "お客様は、商品到着から30日以内であれば未使用品を返品できます。",
        "商品が破損して届いた場合、お客様は到着から7日以内に写真を添えてご連絡ください。",
    ),
    "ja-same-frame": (
        "お客様は商品到着から30日以内に返品できます。",
        "お客様は商品到着から7日以内に破損をご連絡ください。",
    ),
    # the day counted back from, and a relative clause before 부터 — frames too
    "ja-before": ("宿泊日の14日前までのキャンセルは無料です。", "宿泊日の3日前までのキャンセルは宿泊料金の20%です。"),
    "ko-before": ("이용일 7일 전까지 취소하면 전액 환불됩니다.", "이용일 3일 전까지 취소하면 50%를 환불합니다."),
    "ko-relative": (
        "상품을 받은 날부터 3개월 이내에 청약철회를 할 수 있습니다.",
        "상품을 받은 날부터 7일 이내에 교환을 신청할 수 있습니다.",
    ),
    "ja-percent-base": (
        "団体予約は宿泊料金の30%を申込金としてお支払いいただきます。",
        "前日の取消しは宿泊料金の20%を申し受けます。",
    ),
}

# the same quantity stated twice with different values — a conflict
CONFLICT = {
    "en": ("Refunds are accepted within 30 days of delivery.", "The refund window is 14 days."),
    "ko": ("반품은 배송일로부터 30일 이내에 가능합니다.", "반품은 배송일로부터 14일 이내에 가능합니다."),
    "ja": ("返品は商品到着から30日以内に受け付けます。", "返品は到着から14日以内に受け付けます。"),
    "ko-percent": ("취소 수수료는 10%입니다.", "취소 수수료는 20%입니다."),
    "ja-fee": ("キャンセル料は3,000円です。", "キャンセル料は5,000円です。"),
}


def _conflicts(first: str, second: str):
    return conflicts([("a.md", list(statements([first]))), ("b.md", list(statements([second])))])


@pytest.mark.parametrize("language", sorted(CLEAN))
def test_two_windows_from_the_same_day_are_not_one_quantity(language):
    assert _conflicts(*CLEAN[language]) == []


@pytest.mark.parametrize("language", sorted(CONFLICT))
def test_the_same_quantity_with_two_values_still_conflicts(language):
    found = _conflicts(*CONFLICT[language])
    assert len(found) == 2


def test_the_starting_point_and_the_generic_subject_are_not_the_key():
    keys = [
        s.key
        for s in statements(
            [
                CLEAN["ko"][0],
                CLEAN["ja"][0],
                CONFLICT["ko"][0],
                CONFLICT["ja"][1],
                "환불은 영업일 기준 5일 이내에 처리됩니다.",
            ]
        )
    ]
    assert keys == ["반품", "返品", "환불 기준"]  # the first two have no quantity before their number: no statement


def test_a_calendar_date_is_no_period_in_korean_or_japanese() -> None:
    """"2027년 2월 5일(금)" and "2월 6일(토)부터 2월 9일(화)까지" on two notice pages were reported as '월' being
    5일 here but 6일 there (newuser30 #15), and "2026년" was a period of 2,026 years; a period beside a date is still
    read."""
    notice_a = ["2027년 2월 5일(금) 오후 2시까지 결제된 주문은 연휴 전에 발송됩니다.",
                "이 약관은 2026년 3월 1일부터 시행한다."]
    notice_b = ["2027년 2월 6일(토)부터 2월 9일(화)까지는 배송이 중단됩니다.", "本規約は2026年4月1日から施行します。"]
    assert list(statements(notice_a)) == [] and list(statements(notice_b)) == []
    assert conflicts([("a.md", list(statements(notice_a))), ("b.md", list(statements(notice_b)))]) == []
    kept = list(statements(["2월 1일부터 청약철회는 7일 이내에 가능합니다."]))
    assert [(s.dimension, s.low) for s in kept] == [("duration", 7.0)]
