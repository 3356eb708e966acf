"""Round nineteen of update judgement (docs/extraction.md, "A nineteenth round"): plans named by several words, a
size or a length; a plan the agent proposes and the customer agrees to replaces the one held; "Xはもう大丈夫です"
takes a wish back; a Korean sign-up told as "…구독할게요" is a fact. Sentences are this file's own (none copied from a
case file in scripts/).
"""

from __future__ import annotations

import pytest

from mem.customers import kinds
from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, value", [
    ("I'm on the Silver 40GB phone plan at the moment.", "silver 40gb"),
    ("We signed up for the 4-person 5-meals-a-week plan.", "4-person 5-meals-a-week"),
    ("our Green Saver Plus tariff ends in May", "green saver plus"),
    ("요가원 6개월 이용권 끊었어요", "6개월"),
    ("10회권으로 할게요", "10회"),
    ("스탠다드 24개월로 할게요", "스탠다드 24개월"),
    ("지금 격주 정기배송 받고 있어요", "격주"),
    ("スタンダード5TBプランで使っています", "スタンダード5tb"),
    ("夕刊だけの契約です", "夕刊だけ"),
    ("週2回のコースでお願いします", "週2回"),
])
def test_a_plan_named_by_several_words_a_size_or_a_length(text, value):
    slot = find_slot(text)
    assert slot is not None and slot.name == "tier" and slot.value == value


@pytest.mark.parametrize("text", [
    "whats in the Platinum plan",
    "how much is the Gold 100GB plan",
    "I need to talk to Priya about the plan.",
])
def test_a_plan_asked_about_or_a_name_before_a_plan_is_no_plan_held(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "tier"


@pytest.mark.parametrize("first, proposal, yes, old", [
    ("Hi, I'm on the Lite 5GB mobile plan.",
     "You'd save with the Plus 30GB plan. Shall I move you to the Plus 30GB plan from the next bill?",
     "yes go for it", "Lite 5GB"),
    ("필라테스 3개월 이용권 끊을게요.", "다음 달부터 12개월권으로 바꿔 드릴까요?", "네 그걸로 해주세요",
     "3개월 이용권"),
    ("ジムはライト1GBプランで使ってます。", "プレミアム3GBプランに変更しましょうか？", "はい、それで！", "ライト1GB"),
])
def test_a_plan_the_agent_proposes_and_the_customer_agrees_to_replaces_the_held_one(
        isolated_env, tmp_path, first, proposal, yes, old):
    later = [("customer", "Could I look at the options?"), ("agent", proposal), ("customer", yes)]
    with _run(tmp_path, [[("customer", first), ("agent", "Noted.")], later]) as store:
        assert not any(old in text for text in _active(store))


def test_a_plan_only_asked_about_is_kept(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "I'm on the Lite 5GB mobile plan."), ("agent", "Noted.")],
                         [("customer", "whats in the Max 80GB plan"), ("customer", "just curious, staying put"),
                          ("agent", "Max 80GB adds roaming.")]]) as store:
        assert any("Lite 5GB" in text for text in _active(store))


@pytest.mark.parametrize("text", [
    "ニュースレターはもう大丈夫です。",
    "前に電話はやめてって言ってたんですけど、もう大丈夫です",
    "担当の指名はもう結構です",
])
def test_no_longer_needed_in_japanese_takes_back(text):
    assert kinds.is_retraction(text, lang="ja")


def test_a_question_whether_it_is_fine_takes_nothing_back():
    assert not kinds.is_retraction("それはもう大丈夫ですか？", lang="ja")


def test_a_newsletter_no_longer_needed_is_taken_back(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "お花のニュースレターに登録したいです。"), ("agent", "登録いたしました。")],
                         [("customer", "引っ越しで忙しくて…ニュースレターはもう大丈夫です。"),
                          ("agent", "承知しました。")]]) as store:
        assert not any("ニュースレターに登録" in text for text in _active(store))


def test_a_korean_sign_up_promised_is_a_fact(isolated_env, tmp_path):
    conversation = [("customer", "제철 과일 월간 박스 구독할게요!"), ("agent", "구독 신청 완료됐습니다.")]
    with _run(tmp_path, [conversation]) as store:
        assert any("제철 과일 월간 박스" in text for text in _active(store))


def test_the_new_rules_read_a_long_message_of_one_unit_in_linear_time(assert_linear):
    from mem.customers.plan_names import PLAN_NAME_RULES
    from mem.customers.slots import _UNMARKED_QUESTION

    patterns = [pattern for _, pattern in PLAN_NAME_RULES] + [_UNMARKED_QUESTION]
    def read(text: str, lang: str) -> None:
        for pattern in patterns:
            list(pattern.finditer(text))
        kinds.is_retraction(text, lang=lang)

    for unit in ("a ", "A", "1", "1 ", "개월", "ア", "の", "Share ", "は", "もう", "what "):
        lang = "ja" if not unit.isascii() else "en"
        assert_linear(lambda n, u=unit, lang=lang: read(u * (n // len(u)), lang), 200_000)
