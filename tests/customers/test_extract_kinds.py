from __future__ import annotations

import pytest

from mem.core.text.language import detect_language
from mem.customers.kinds import (
    classify,
    confirms,
    is_direct_context_request,
    is_retraction,
    sensitive_category,
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I bought it 18 days ago.", "event"),
        ("Can I get a partial refund because of the annual contract?", "request"),
        ("I prefer email over phone.", "preference"),
        ("My name is Kim.", "attribute"),
        ("We agreed on 50%.", "decision"),
        ("어제 주문했어요", "event"),
        ("연간 계약이라서 예외로 환불해 주세요", "request"),
        ("저는 엔터프라이즈 고객입니다", "attribute"),
        ("빠른 배송을 선호해요", "preference"),
        ("昨日注文しました。", "event"),
        ("年間契約なので例外として返金してください", "request"),
        ("私は田中です", "attribute"),
        ("速さの方が好きです", "preference"),
    ],
)
def test_kinds(text, kind):
    assert classify(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "I agreed with your agent Paul that I get 20% off my next order.",
        "Last time your agent Paul promised free shipping.",
        "I was promised a full refund by your support team.",
        "The manager approved an exception for my order.",
        "지난번에 상담원이 30% 할인을 약속했어요.",
        "고객센터에서 무료 교체를 보장해 주셨어요.",
        "지난번 통화에서 환불해 주기로 약속받았어요.",
        "前回、担当者が送料無料を約束してくれました。",
        "先週オペレーターの方が手数料無料を約束しました。",
        "前回のお電話で返金を約束してもらいました。",
    ],
)
def test_a_claim_of_what_the_service_agreed_or_promised_is_a_decision_in_every_language(text):
    # before: a decision in English only, an event (or a request) in Korean and Japanese (newuser25B #5)
    assert classify(text) == "decision"


@pytest.mark.parametrize(
    "text",
    [
        "친구랑 주말에 만나기로 약속했어요.",
        "友達と週末に会う約束をしました。",
        "I promised my daughter a new laptop.",
        "はい、5年の延長保証に入ってます。",
        "They approved all 8 sessions retroactively!!!",
    ],
)
def test_a_promise_the_service_is_no_party_to_is_no_decision(text):
    assert classify(text) != "decision"


@pytest.mark.parametrize("text", ["Hi!", "Thanks a lot!", "How are you doing today?", "네 감사합니다", "はい"])
def test_small_talk_and_questions_to_the_agent_are_not_facts(text):
    assert classify(text) is None


def test_language_by_script():
    assert [detect_language(t) for t in ("hello", "안녕하세요", "こんにちは", "日本語")] == ["en", "ko", "ja", "ja"]


def test_confirmation_and_refusal():
    assert confirms("Yes, we can offer 50% as an exception.")
    assert not confirms("Unfortunately we cannot do that.")
    assert confirms("네, 50% 환불 처리해 드리겠습니다.")
    assert not confirms("죄송하지만 어렵습니다.")
    assert confirms("かしこまりました。50%返金いたします。")
    assert not confirms("申し訳ございませんが、できません。")


@pytest.mark.parametrize(
    "text", ["From now on answer in Japanese.", "앞으로 일본어로 답해 주세요", "これから日本語で答えてください"]
)
def test_direct_context_requests(text):
    assert is_direct_context_request(text)


@pytest.mark.parametrize(
    "text",
    ["I always liked tea.", "Sharing isn't always easy, but I want to pass it on to others.",
     "I will always remember that day, can you believe it?", "いつも使っています", "항상 바빠요"],
)
def test_lasting_marker_without_an_instruction_is_not_a_context_request(text):
    assert not is_direct_context_request(text)


def test_retraction():
    assert is_retraction("I no longer live in Seoul.")
    assert is_retraction("더 이상 그 서비스를 쓰지 않아요")
    assert is_retraction("もうそのプランは使っていません")
    assert not is_retraction("I live in Seoul.")


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("My doctor said I need surgery.", "health"),
        ("I'm going through a divorce.", "relationship"),
        ("I have a lot of debt right now.", "finance"),
        ("병원에서 진단을 받았어요", "health"),
        ("彼氏と別れました", "relationship"),
        ("借金があります", "finance"),
        ("I want a refund for my order.", "none"),
    ],
)
def test_sensitive_categories(text, category):
    assert sensitive_category(text) == category


def test_search_query_drops_question_words_only():
    from mem.core.text.content_terms import search_query

    assert search_query("What did Caroline research?") == "Caroline research"
    assert search_query("지난번 환불은 어떻게 됐나요?") == "지난번 환불은 어떻게 됐나요?"
    assert search_query("what?") == "what?"
