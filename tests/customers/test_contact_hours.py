"""A standing wish limiting when the customer is contacted, and leave that lifts it (twenty-seventh round, wish27;
docs/extraction.md, "When the customer may be contacted").

"Please don't phone me before noon" is lifted by "ring me whenever" or "週末でも電話して大丈夫です", which share no
word with it or only a day's name: the limit is retracted. Leave at another time than the one left out, leave for one
day only, and leave given with no limit held change nothing. The phrasings are this file's own, not those of any case
file in scripts/.
"""

from __future__ import annotations

import pytest

from mem.customers import contact_hours

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "text",
    [
        "My shifts changed, so feel free to ring me whenever.",
        "Call any time now, honestly.",
        "Morning calls are fine these days.",
        "いつでもお電話ください。",
        "週末でも電話して大丈夫です。",
        "夜も連絡OKです。",
        "이제 언제든지 전화 주세요.",
        "평일 저녁에도 연락 주셔도 돼요.",
    ],
)
def test_leave_to_be_contacted_lifts_a_limit(text):
    assert contact_hours.lifts_limit(text)


@pytest.mark.parametrize(
    "text",
    [
        "You can call the office any time to check.",  # the customer calling, not being called
        "連絡ありがとうございます。",
        "전화 주셔서 감사합니다.",
        "土日も営業していますか？",
        "Just today, call whenever you need me.",  # one day only
        "오늘만 언제든 전화 주세요.",
        "電話して大丈夫です。",  # leave with no time named: no "even then"
    ],
)
def test_look_alikes_lift_nothing(text):
    assert not contact_hours.lifts_limit(text)


@pytest.mark.parametrize(
    "text",
    [
        "Please do not call me any time before 9am.",
        "Honestly, never ring me whenever it suits you.",
        "いつでも電話しないでください。",
        "언제든 전화하지 마세요.",
    ],
)
def test_leave_negated_is_no_leave(text):
    # a limit told again in the words of leave (review of the twenty-seventh round): it lifted the limit held
    assert not contact_hours.lifts_limit(text)
    assert not contact_hours.lifted_by("Please don't phone me after 8pm.", text)


@pytest.mark.parametrize(
    "text, limits",
    [
        ("Please don't phone me after 8pm.", True),
        ("Never ring before lunch, I'm on nights.", True),
        ("平日の昼間は電話しないでください。", True),
        ("連絡は夕方以降にしてください。", True),
        ("저녁에는 전화하지 마세요.", True),
        ("Please call me when it arrives.", False),
        ("連絡先を変更しました。", False),
        ("전화번호가 바뀌었어요.", False),
    ],
)
def test_a_limit_on_contact_is_read(text, limits):
    assert contact_hours.limits_contact(text) is limits


def test_leave_at_a_named_time_lifts_only_a_limit_naming_it():
    assert contact_hours.lifted_by("週末は連絡しないでください。", "週末でも電話して大丈夫です。")
    assert not contact_hours.lifted_by("夜9時以降は電話しないでください。", "週末でも電話して大丈夫です。")
    assert contact_hours.lifted_by("夜9時以降は電話しないでください。", "いつでもお電話ください。")


@pytest.mark.parametrize(
    "limit, leave, gone",
    [
        (
            "Please don't phone me before noon, I sleep late after my shifts.",
            "My shifts changed, so feel free to ring me whenever.",
            "before noon",
        ),
        (
            "週末は電話しないでください。部活の送り迎えがあるので。",
            "部活が終わったので、週末でも電話して大丈夫です。",
            "週末は電話しないで",
        ),
        (
            "저녁에는 전화하지 마세요. 애들 재워야 해서요.",
            "애들이 커서 이제 언제든지 전화 주세요.",
            "저녁에는 전화하지 마세요",
        ),
    ],
)
def test_a_limit_on_contact_is_retracted_when_lifted(isolated_env, tmp_path, limit, leave, gone):
    with _run(
        tmp_path,
        [
            [("customer", limit), ("agent", "Noted.")],
            [("customer", leave), ("agent", "Thanks.")],
        ],
    ) as store:
        assert not any(gone in text for text in _active(store))


@pytest.mark.parametrize(
    "limit, leave, kept",
    [
        # leave at another time than the one left out
        ("週末は電話しないでください。", "平日の夜でも電話して大丈夫です。", "週末は電話しないで"),
        # leave for one day only
        ("Please don't phone me before noon.", "Just today, call whenever you need me.", "before noon"),
    ],
)
def test_a_limit_on_contact_stays_beside_other_leave(isolated_env, tmp_path, limit, leave, kept):
    with _run(
        tmp_path,
        [
            [("customer", limit), ("agent", "Noted.")],
            [("customer", leave), ("agent", "Thanks.")],
        ],
    ) as store:
        assert any(kept in text for text in _active(store))
