"""Round twenty-one of update judgement (docs/extraction.md, "A twenty-first round"): shapes several writers share.

- the reason told for leaving a value — the old channel or language named with the trouble it gives ("texts end up in
  my junk folder", "문자가 자꾸 스팸함으로 가요", 「メールだと見落としがちで」) or a negation glued to its verb ("전화
  못받아요") — goes with the change wherever in the conversation it was told: before it, with a question between them,
  or in the next message of the burst; alone it kept the old value active;
- a customer who introduces themselves by name alone, inside a message about something else ("…예약한 김하늘입니다",
  「佐藤花子です。…」, "hi it's Nora Quinlan I'm asking about…"), gives their name: a later change of name replaces it.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, find_slot, names_other_value

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, slot, names", [
    ("My texts always end up in the junk folder.", Slot("contact_channel", "email"), True),
    ("문자는 계속 스팸으로 분류돼요.", Slot("contact_channel", "kakaotalk"), True),
    ("メールは迷惑フォルダに入ってしまうので。", Slot("contact_channel", "sms"), True),
    ("일할 땐 전화 못받아요", Slot("contact_channel", "sms"), True),
    # look-alikes: the trouble is not the value's, or no other value is named
    ("The parcel went missing last week.", Slot("contact_channel", "email"), False),
    ("스팸 전화가 너무 많아서요.", Slot("contact_channel", "phone"), False),  # the value itself, not another
    ("잘못 알려드렸어요.", Slot("contact_channel", "email"), False),  # 잘못 (a mistake) is no negation of a channel
])
def test_a_reason_names_another_value_with_its_trouble(text, slot, names):
    assert names_other_value(text, slot) is names


@pytest.mark.parametrize("conversations, old, new", [
    # the reason told first, with a question between it and the change
    ([[("customer", "Please contact me by text.")],
      [("customer", "My texts keep getting buried under spam. Do you do email? Email me from now on please."),
       ("agent", "Sure, email it is.")]],
     "text", "Email me"),
    # the reason in the next message of the burst
    ([[("customer", "안내는 문자로 주세요.")],
      [("customer", "앞으로는 이메일로 연락 주세요."), ("customer", "문자는 계속 스팸으로 분류돼서 못 봐요.")]],
     "문자", "이메일"),
    # the trouble, no negation, right after the change
    ([[("customer", "連絡はメールでお願いします。")],
      [("customer", "今後はSMSで連絡してください。メールは迷惑フォルダに入ってしまうので。")]],
     "メール", "SMS"),
    # an answer language: the reason a message before the change
    ([[("customer", "日本語でお願いします。")],
      [("customer", "主人が手続きすることになりました。"),
       ("customer", "日本語はまだ難しいので、これから英語でお願いします。")]],
     "日本語", "英語"),
])
def test_a_reason_told_anywhere_in_the_conversation_goes_with_the_change(isolated_env, tmp_path, conversations,
                                                                         old, new):
    with _run(tmp_path, conversations) as store:
        active = _active(store)
        assert not any(old in text and new not in text for text in active), active
        assert any(new in text and old in text for text in active), active


def test_a_sentence_about_another_channel_without_a_reason_stays_its_own_fact(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please text me about deliveries.")],
        [("customer", "Email me from now on please."), ("customer", "I got your text about the van yesterday.")],
    ]) as store:
        assert any(text.startswith("I got your text") for text in _active(store))


def test_a_reason_of_another_slot_stays_its_own_fact(isolated_env, tmp_path):
    # "I thought about switching to e-mail but let's keep texts": no change, and the e-mail named is kept as said
    with _run(tmp_path, [
        [("customer", "Please text me about deliveries.")],
        [("customer", "I thought about switching to e-mail but let's keep texts.")],
    ]) as store:
        assert any("text me" in text for text in _active(store))


@pytest.mark.parametrize("text, name", [
    ("안녕하세요, 다음 주 도배 시공 예약한 김하늘입니다.", "김하늘"),
    ("요금제 상담받고 싶어요 박지훈입니다", "박지훈"),
    ("네 저 최서연 이요", "최서연"),
    ("佐藤花子です。網戸の張り替えをお願いしたいです", "佐藤花子"),
    ("申込書の件ですが、えっと、山口美穂と申します", "山口美穂"),
    ("hi it's Nora Quinlan I'm asking about the boiler service", "Nora Quinlan"),
])
def test_a_name_introduced_alone_is_the_customers_name(text, name):
    assert find_slot(text) == Slot("name", name)


@pytest.mark.parametrize("text", [
    "남편 김민수입니다",  # the husband, named after the word for him
    "담당자 박지훈입니다",
    "정기권이에요",  # a pass, a word of that shape
    "이번 주 주말반이요",
    "田中課長です。",  # a manager, by the title
    "夫の佐藤健です。",
    "hi it's Tuesday so the shop's shut",
    "김서윤 초3 여자아이예요",  # a child's name with no copula right after it
    "鈴木商店です。注文の件で連絡しました。",  # a business after a family name
    "山田工業です。",
    "佐藤歯科です。",
])
def test_look_alikes_of_a_self_introduction_fill_no_name(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "name"


@pytest.mark.parametrize("conversations, old, new", [
    ([[("customer", "안녕하세요, 다음 주 도배 시공 예약한 김하늘입니다. 벽지 샘플 볼 수 있을까요?")],
      [("customer", "개명해서 이름이 김하람으로 바뀌었어요.")]],
     "김하늘", "김하람"),
    ([[("customer", "佐藤花子です。網戸の張り替えをお願いしたいです"), ("agent", "承知しました。")],
      [("customer", "名前が変わりました、鈴木花子になりました。")]],
     "佐藤花子", "鈴木花子"),
    ([[("customer", "hi it's Nora Quinlan I'm asking about the boiler service")],
      [("customer", "I got married in May, my name is now Nora Devlin.")]],
     "Nora Quinlan", "Nora Devlin"),
])
def test_a_name_introduced_alone_is_replaced_by_a_later_change(isolated_env, tmp_path, conversations, old, new):
    with _run(tmp_path, conversations) as store:
        active = _active(store)
        assert not any(old in text for text in active), active
        assert any(new in text for text in active), active


def test_a_relatives_name_said_alone_is_not_replaced(isolated_env, tmp_path):
    # the holder's own name stays: the husband introduced later is no change of it
    with _run(tmp_path, [
        [("customer", "안녕하세요 학원 상담 예약한 이서진입니다.")],
        [("customer", "남편 김민수입니다 아내 대신 연락드려요.")],
    ]) as store:
        assert any("이서진" in text for text in _active(store))


@pytest.mark.parametrize("unit", ["김하늘입니다 ", "佐藤花子です。", "hi it's Nora Quinlan I ", "메일 스팸 "])
def test_the_new_readings_stay_linear_on_a_long_run(unit, assert_linear):
    def read(text: str) -> None:
        find_slot.__wrapped__(text)
        names_other_value(text, Slot("contact_channel", "sms"))

    assert_linear(lambda n: read(unit * (n // len(unit))), 200_000)


@pytest.mark.parametrize("conversations, kept", [
    ([[("customer", "水泳教室の保護者登録をしました。佐藤健二です。")],
      [("customer", "息子も申し込みたいです。名前は佐藤ゆうと、6歳です。")]],
     "佐藤健二"),
    ([[("customer", "hi it's Megan Ashdown I'm asking about swimming lessons")],
      [("customer", "My son wants to join as well. Name's Oliver Ashdown, he's seven.")]],
     "Megan Ashdown"),
])
def test_a_name_after_a_sentence_about_a_relative_is_the_relatives(isolated_env, tmp_path, conversations, kept):
    with _run(tmp_path, conversations) as store:
        assert any(kept in text for text in _active(store))
