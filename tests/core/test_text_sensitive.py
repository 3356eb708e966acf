"""The sensitive-topic word classes (mem.core.text.sensitive): new-user report 12, item 6, and the labelled set."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from mem.core.text.sensitive import CATEGORIES, is_sensitive, sensitive_category

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_sensitive", ROOT / "scripts" / "bench_sensitive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("text", [
    "The screen broke after two days.", "I bought a gift for my wife.", "Please send it to my husband.",
    "Can you ship it via your partner courier?", "The ex-display model has a scratch.",
    "The motor of my standing desk broke. Can I get a refund?", "Yes, we will refund the standing desk in full.",
    "Does the price include taxes?", "I'm sick of waiting.", "서비스 장애로 결제가 안 됐어요.", "システム障害です。",
    "경기도 용인시로 주소가 바뀌었습니다.", "정당한 환불 요청입니다.", "미사용 제품인데 반품되나요?",
])
def test_ordinary_support_sentences_sharing_the_words_are_not_sensitive(text):
    assert sensitive_category(text) == "none"


@pytest.mark.parametrize(("text", "category"), [
    ("My chemo starts Monday.", "health"), ("I have HIV.", "health"), ("I had a heart attack", "health"),
    ("I am in a wheelchair", "health"), ("My kid has autism", "health"), ("I was in the ICU", "health"),
    ("ICU에 일주일 있었어요.", "health"), ("HIVの検査を受けました。", "health"),
    ("I'm going through a divorce.", "relationship"), ("My ex has the card.", "relationship"),
    ("I'm flat broke.", "finance"), ("I'm fasting for Ramadan.", "religion"),
    ("I came out as gay last year.", "sexuality"), ("I voted for the Labour party.", "politics"),
])
def test_sensitive_sentences_of_every_category(text, category):
    assert sensitive_category(text) == category and is_sensitive(text)


def test_the_categories_are_the_ones_consent_and_facts_accept():
    from mem.customers.consent import CATEGORIES as CONSENT
    from mem.customers.fact_record import SENSITIVE

    assert set(CATEGORIES) == set(CONSENT) == set(SENSITIVE) - {"none"}
    assert {"religion", "sexuality", "politics"} <= set(CATEGORIES)


def test_labelled_set_has_three_languages_and_its_figures_hold():
    bench = _bench()
    cases = bench.load_cases()
    assert len(cases) >= 60
    from mem.core.text.language import detect_language

    langs = {detect_language(text) for text, _ in cases}
    assert langs == {"en", "ko", "ja"}
    result = bench.measure(sensitive_category, cases)
    row = result["table"]["sensitive"]
    # the figures docs/customers.md gives (a tuning set: it was read while the classes were written)
    assert row["tp"] == row["predicted"] == row["actual"] == 44, result["wrong"]


# new-user report 13, item 10: an impairment said of the speaker (or someone named) is health; a service for people who
# have one speaks of no one in particular
@pytest.mark.parametrize(("text", "expected"), [
    ("わたしは目が見えにくいので、文字の大きい説明書はありますか。", "health"),
    ("足が不自由で、玄関先まで運んでもらえますか。", "health"),
    ("聴覚障害があるためチャットでお願いします。", "health"),
    ("귀가 잘 안 들려서 문자로 연락 주세요.", "health"),
    ("다리가 불편해서 문 앞까지 배달해 주세요.", "health"),
    ("I'm hard of hearing, so please email me instead of calling.", "health"),
    ("My husband is visually impaired; can the manual come in large print?", "health"),
    ("My daughter has a mobility impairment.", "health"),
    ("耳が不自由な方向けに字幕をご用意しています。", "none"),
    ("画面が見えにくいです。", "none"),
    ("거동이 불편하신 분은 방문 수거를 신청하세요.", "none"),
    ("화면이 잘 안 보여요.", "none"),
    ("사용하기 불편해요.", "none"),
    ("We offer captions for customers who are hard of hearing.", "none"),
    ("The print is hard to read.", "none"),
])
def test_an_impairment_said_of_a_person(text, expected):
    assert sensitive_category(text) == expected


# new-user report 27, item 3: common conditions told in everyday words passed all four guards (own sentences, not the
# report's); and the look-alikes that share their words stay ordinary
@pytest.mark.parametrize("text", [
    "Sorry, my psoriasis is bad this month and the wool makes it worse.",
    "허리 디스크 때문에 설치 기사님이 들어 주셨으면 해요.",
    "持病の喘息があるので、ほこりの出ない物がいいです。",
    "Since my hip replacement I can't reach the top shelf.",
    "I'm 32 weeks pregnant-ish, well, 32 weeks along, so no lifting.",
    "My mum is bedridden, I'll sign for her.",
    "통풍 때문에 발이 아파서 신발을 바꾸고 싶어요.",
    "インフルエンザで寝込んでいて連絡が遅れました。",
])
def test_everyday_health_details_are_health(text):
    assert sensitive_category(text) == "health"


@pytest.mark.parametrize("text", [
    "My tablet's battery is sick, it won't hold a charge.", "The router has been unwell all week.",
    "통풍구 덮개가 빠져 있었어요.", "외장 디스크가 인식이 안 돼요.", "감기 조심하세요!",
    "風邪をひかないようにしてください。",
    "アレルギー表示を見せてください。", "通信障害で注文できませんでした。", "The fever-tree mixers were flat.",
    "We're expecting the courier at noon.",
])
def test_look_alikes_of_everyday_health_words_are_not_health(text):
    assert sensitive_category(text) == "none"


def test_health_check_set_figures_hold_on_the_half_not_tuned_on():
    """docs/measurements/lint.md (twenty-eighth round, priv28): the classes were chosen on the odd rows only."""
    bench = _bench()
    cases = bench.load_cases("health")
    assert sum(want == "health" for _, want in cases) >= 120 and sum(want == "none" for _, want in cases) >= 120
    even = bench.measure(sensitive_category, bench.halves(cases)["even"])["table"]["sensitive"]
    assert even["tp"] >= 56, even  # 56 / 65 measured
    assert even["predicted"] - even["tp"] <= 1, even  # 1 / 64 look-alikes flagged
