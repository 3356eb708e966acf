"""Round twenty-one, second wave, of update judgement (docs/extraction.md): the channel or the answer language said
in a sentence no slot rule read.

The contact channel asked for with a verb of giving or receiving, in the three languages — "문자 주세요" with no
particle, "이메일로만 보내 주시면", 「電話で知らせてください」, 「LINEでもらえますか」, "WhatsApp me", "can you text
me", "let me know by phone call", "I'd rather get a phone call" — is the customer's channel: a later change replaces
it, and the change told so replaces the old one. The answer language asked for the same way ("일본어로 보내주시면",
"한국어로 주시면 됩니다", 「ベトナム語でいただけますか」, 「日本語でやりとり」) is the answer language; the unease a
language gives (「日本語の書類だと不安で」) is a reason for leaving it, as its difficulty is.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, find_slot, names_other_value

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, value", [
    ("세탁 끝나면 카톡 주세요", "kakaotalk"),
    ("결과는 메일 주시면 됩니다.", "email"),
    ("영수증은 이메일로만 보내 주세요.", "email"),
    ("앞으로 안내는 문자로 다 보내주세요", "sms"),
    ("修理が終わったら電話で教えてください。", "phone"),
    ("請求書はメールでください", "email"),
    ("次回からはLINEでいただけると助かります。", "line"),
    ("Could you whatsapp me when the frame is ready?", "whatsapp"),
    ("Please just text me the tracking link.", "sms"),
    ("Can you let me know by email once it ships?", "email"),
    ("I'd rather have a text message than a call.", "sms"),
])
def test_a_channel_asked_for_with_a_verb_of_giving_is_read(text, value):
    assert find_slot(text) == Slot("contact_channel", value)


@pytest.mark.parametrize("text", [
    "어제 전화 주셨는데 못 받았어요",  # a call made, not one asked for
    "문자 주신 거 확인했어요",
    "メールでもらった番号にかけました",  # received in the past
    "電話でいただいた件ですが",
    "You called me yesterday about the boiler.",
    "Can you call me back about the invoice?",  # one call back about one thing
    "I got a phone call from your driver.",
    "Did you get my text?",
])
def test_look_alikes_of_a_channel_asked_for_fill_no_channel(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "contact_channel"


def test_a_number_given_for_texts_is_still_the_phone():
    # the channel rule must not take the number's sentence from the phone: the number is the value said
    assert find_slot("배송 출발하면 010-5521-3390으로 문자 주세요") == Slot("phone", "01055213390")


@pytest.mark.parametrize("conversations, old, new", [
    ([[("customer", "수리 끝나면 전화 주세요."), ("agent", "네 연락드릴게요.")],
      [("customer", "요즘 회의가 많아서요. 앞으로는 문자로 연락 주세요.")]],
     "전화", "문자"),
    ([[("customer", "入荷したら電話で知らせてください。")],
      [("customer", "これからはメールでの連絡をお願いします。")]],
     "電話", "メール"),
    ([[("customer", "Could you let me know by phone call when my glasses are ready?")],
      [("customer", "Please email me from now on, I'm hard to reach on the phone at work.")]],
     "phone call", "email me"),
])
def test_a_channel_asked_for_is_replaced_by_a_later_change(isolated_env, tmp_path, conversations, old, new):
    with _run(tmp_path, conversations) as store:
        active = _active(store)
        assert not any(old in text and new not in text for text in active), active
        assert any(new in text for text in active), active


@pytest.mark.parametrize("conversations, new", [
    ([[("customer", "연락은 이메일로 부탁드려요.")],
      [("customer", "메일을 잘 못 봐서요. 그냥 카톡 주세요.")]],
     "카톡"),
    ([[("customer", "連絡はメールでお願いします。")],
      [("customer", "今後の連絡はLINEでもらえますか？")]],
     "LINE"),
    ([[("customer", "Please contact me by email.")],
      [("customer", "I never open my inbox. WhatsApp me instead from now on.")]],
     "WhatsApp"),
])
def test_a_change_asked_for_with_a_verb_of_giving_replaces_the_old_channel(isolated_env, tmp_path, conversations,
                                                                           new):
    with _run(tmp_path, conversations) as store:
        active = _active(store)
        assert any(new in text for text in active), active
        assert not any(text.startswith(("연락은 이메일", "連絡はメール", "Please contact me by email"))
                       for text in active), active


@pytest.mark.parametrize("unit", ["전화 주세요 ", "문자로 다 ", "メールでください。", "WhatsApp me ",
                                  "let me know by "])
def test_the_new_readings_stay_linear_on_a_long_run(unit, assert_linear):
    assert_linear(lambda n: find_slot.__wrapped__(unit * (n // len(unit))), 200_000)


@pytest.mark.parametrize("text, value", [
    ("앞으로 청구서는 영어로 보내주세요.", "English"),
    ("안내는 중국어로 주시면 감사하겠습니다", "Chinese"),
    ("次回から請求書は英語でもらえますか？", "English"),
    ("ご案内は韓国語でいただけると助かります", "Korean"),
    ("スタッフさんとは日本語でやりとりしたいです", "Japanese"),
])
def test_a_language_asked_for_with_a_verb_of_giving_is_read(text, value):
    assert find_slot(text) == Slot("language", value)


@pytest.mark.parametrize("text", [
    "영어로 보내주신 메일 잘 받았어요",  # a mail sent, not a language asked for
    "英語でもらった資料を読みました",
])
def test_look_alikes_of_a_language_asked_for_fill_no_language(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "language"


@pytest.mark.parametrize("text, names", [
    ("祖父は英語のメールだと不安になるようで…", True),
    ("영어 안내문은 좀 불안해요", True),
    ("English forms make my dad nervous.", True),
    ("明日の天気が不安です", False),  # no other language named
])
def test_the_unease_a_language_gives_is_a_reason_to_leave_it(text, names):
    assert names_other_value(text, Slot("language", "Korean")) is names
