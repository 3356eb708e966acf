"""Slots read in context: a bare value after its announcement or the agent's question, a correction
that gives only the value, and values that are not the customer's own."""

from __future__ import annotations

import pytest

from mem.customers.judge import _near_twin
from mem.customers.slots import Slot, answered_slot, find_slot, slot_in


@pytest.mark.parametrize("asked, reply, slot", [
    ("새 번호가 어떻게 되세요?", "010-7781-3052입니다.", Slot("phone", "01077813052")),
    ("정확한 주문번호를 알려주시겠어요?", "20261104-8821이에요.", Slot("order", "20261104-8821")),
    ("新しいご住所を教えていただけますか？", "東京都杉並区荻窪4-12-3です。", Slot("address", "東京都杉並区荻窪4-12-3")),
    ("Sure, which language would you prefer?", "English please, my colleague reads these too.",
     Slot("language", "English")),
    ("どちらのプランに変更されましたか？", "ライトプランです。", Slot("tier", "ライト")),
    ("What's the name on the booking?", "Priya Raman", Slot("name", "Priya Raman")),
])
def test_a_bare_value_fills_the_slot_the_agent_asked_for(asked, reply, slot):
    assert answered_slot(asked, reply) == slot
    assert find_slot(reply) is None or find_slot(reply) == slot


def test_a_long_reply_or_a_question_about_nothing_fills_no_slot():
    assert answered_slot("What's your new number?", "Well, it is a long story, " * 5 + "0412 555 081") is None
    assert answered_slot("How are you today?", "Fine, 010-7781-3052 is my office") is None


@pytest.mark.parametrize("words, slot", [
    ("죄송한데 제 이름을 잘못 말씀드렸어요. 김지현입니다.", Slot("name", "김지현")),
    ("あ、注文番号打ち間違えてました。JP-30971です。", Slot("order", "JP-30971")),
    ("sorry, typo — it's 58213 not 58231.", Slot("order", "58213")),
    ("아 잘못 썼네요, 월드컵로21길 34가 맞아요.", Slot("address", "월드컵로21길 34")),
])
def test_a_value_after_its_announcement_or_in_a_correction_fills_the_slot(words, slot):
    assert slot_in(words) == slot


@pytest.mark.parametrize("text, slot", [
    ("Quick one — we're in Lyon now, so please adjust my call times.", Slot("residence", "Lyon")),
    ("요즘은 부산에서 지내고 있어요.", Slot("residence", "부산")),
    ("先月から福岡で暮らしています。", Slot("residence", "福岡")),
    ("Our team grew, so I bumped us up to Business last night.", Slot("tier", "business")),
    ("We're on the Starter plan for now.", Slot("tier", "starter")),
    ("Would you mind texting me from now on instead?", Slot("contact_channel", "sms")),
    ("やっぱりメールのほうが助かります、通知が多すぎて見落とすので。", Slot("contact_channel", "email")),
    ("이제부터는 문 앞에 두고 가 주세요.", Slot("delivery_place", "문 앞")),
    ("I'm living in Chicago with my sister.", Slot("residence", "Chicago")),
    ("I live in Leeds, near the store.", Slot("residence", "Leeds")),  # "the store" is no one else's value
])
def test_more_ways_of_stating_a_slot(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "My brother has just moved to Vienna, so I might order a few things to his place.",
    "Fun fact, I grew up in Nairobi — lived there until I was twelve.",
    "If we moved to Vancouver next year, would my rate change?",
    "Can you also send a copy of the invoice to my accountant at books@lindqvist-accounting.se?",
    "동생이 이번에 광주로 이사 갔어요.",
    "혹시 제가 판교로 이사 가면 배송비가 달라지나요?",
    "고객센터 번호가 1588-1234 맞나요?",
    "娘が大阪に引っ越したので、そちら宛てにも注文するかもしれません。",
    "子どもの頃は広島に住んでいたんですよ。",
])
def test_someone_elses_past_or_hypothetical_value_is_not_the_customers(text):
    assert find_slot(text) is None


def test_two_codes_one_swap_apart_are_one_mistyped_code():
    assert _near_twin("20261104-8812", "20261104-8821") and _near_twin("JP-30917", "JP-30971")
    assert not _near_twin("58231", "58231") and not _near_twin("A-100", "B-2000")
    assert not _near_twin("55120", "91844")


def test_an_agent_asking_back_agrees_to_nothing_yet():
    from datetime import date

    from mem.customers.fact_candidates import Turn, deterministic_candidates

    turns = [Turn("1", "customer", "I'd like a replacement for the cracked lamp.", day=date(2026, 1, 1)),
             Turn("2", "agent", "Sure, which colour would you prefer?", day=date(2026, 1, 1))]
    [candidate] = deterministic_candidates(turns, log_id="l", reference=date(2026, 1, 1))
    assert not candidate.agreement
    turns[1] = Turn("2", "agent", "Sure, we'll ship a new lamp tomorrow.", day=date(2026, 1, 1))
    [candidate] = deterministic_candidates(turns, log_id="l", reference=date(2026, 1, 1))
    assert candidate.agreement


def test_an_announcement_without_its_value_is_no_fact_but_goes_with_the_value():
    from datetime import date

    from mem.customers.fact_candidates import Turn, deterministic_candidates

    day = date(2026, 1, 1)
    alone = [Turn("1", "customer", "メールアドレスが変わりました。", day=day)]
    assert deterministic_candidates(alone, log_id="l", reference=day) == []
    joined = [Turn("1", "customer", "Ugh, I misspelled my own email. It's m.okafor@gmail.com.", day=day)]
    [candidate] = deterministic_candidates(joined, log_id="l", reference=day)
    assert candidate.text == "Ugh, I misspelled my own email. It's m.okafor@gmail.com."
    assert candidate.slot == Slot("email", "m.okafor@gmail.com")
    asked = [Turn("1", "customer", "The reference I gave you was wrong.", day=day),
             Turn("2", "agent", "No problem — what's the correct one?", day=day),
             Turn("3", "customer", "QX7-4401, sorry about that.", day=day)]
    [candidate] = deterministic_candidates(asked, log_id="l", reference=day)
    assert candidate.slot == Slot("order", "QX7-4401")
    assert candidate.text.startswith("(asked: The reference I gave you was wrong. No problem")
