"""A "yes" in short only from a rule that speaks of what the question asks (nineteenth round): a sentence that rules
nothing out yet holds none of the asking clause's key words ("can I pay in cash?" on a sentence about money left over
from a sale) allows nothing of it — the answer quotes it and states no verdict. The sentences are written for these
tests."""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import _predicate_held, in_short


@pytest.mark.parametrize(("question", "sentences"), [
    ("Can I pay for my kayak hire in cash?", ["Any deposit left over after repairs is sent back to your card."]),
    ("Do members get free towels?", ["Your membership renews every year until you end it."]),
    ("猫を連れて泊まれますか？", ["お問い合わせ先：受付センター（info@example.com）"]),
    ("보조배터리 가지고 타도 되나요?", ["승선권은 출항 10분 전까지 매표소에서 받으실 수 있습니다."]),
])
def test_a_rule_that_holds_none_of_the_ask_says_no_yes(question, sentences):
    assert in_short(question, sentences) != ("yes", "")


@pytest.mark.parametrize(("question", "sentences"), [
    # look-alikes: the rule speaks of the ask (its own word or a related one), so its yes stands
    ("Can I pay for my kayak hire in cash?", ["You can pay for kayak hire in cash or by card at the hut."]),
    ("Can I bring my bike on the ferry?", ["Bikes can be taken on every ferry at no charge."]),
    ("자전거 가지고 타도 되나요?", ["자전거는 모든 배편에 가지고 탈 수 있습니다."]),
])
def test_a_rule_that_speaks_of_the_ask_keeps_its_yes(question, sentences):
    assert in_short(question, sentences) == ("yes", "")


def test_the_case_told_before_the_ask_is_not_what_is_asked():
    # the asking clause is "can I pay in cash?": "kayak" told before it is the case, not the ask
    assert _predicate_held("I hired a kayak yesterday, can I pay in cash?", "Cash is accepted at the hut.")
    assert not _predicate_held("I hired a kayak yesterday, can I pay in cash?", "Kayaks must be back by 6 pm.")


def test_a_question_with_no_key_word_is_not_judged():
    assert _predicate_held("Is that ok?", "Anything at all.")


def test_one_of_three_key_words_is_not_enough():
    # the measured cut (PREDICATE_HELD 0.34): "bring", "bike", "ferry" against a sentence holding only "ferry" — a
    # paraphrase the lexicon does not know ("bicycles") loses its yes; documented in docs/ask.md
    assert not _predicate_held("Can I bring my bike on the ferry?", "Bicycles can be taken on every ferry.")
