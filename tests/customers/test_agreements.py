"""A request the agent confirms is an agreement; a declined one, or a question the agent only answers, is not.

The pairs of ``scripts/data/agreement_pairs.json`` are the tuning set (the rules were written against
them); the two held-out files are reported by ``scripts/bench_agreements.py`` (docs/measurements/extraction.md,
"Agreements"). Here the tuning pairs run through the real pipeline (import + extract), plus the rule's
parts on their own.
"""

from __future__ import annotations

import importlib.util
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from mem.core.text.language import detect_language
from mem.customers import kinds
from mem.customers.fact_candidates import Turn, deterministic_candidates

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
_spec = importlib.util.spec_from_file_location("bench_agreements", SCRIPTS / "bench_agreements.py")
bench_agreements = importlib.util.module_from_spec(_spec)
sys.modules["bench_agreements"] = bench_agreements  # its dataclasses look their module up there
_spec.loader.exec_module(bench_agreements)

PAIRS = bench_agreements.load_pairs(SCRIPTS / "data" / "agreement_pairs.json")
DAY = date(2026, 3, 3)


@pytest.mark.parametrize("pair", PAIRS, ids=[p["id"] for p in PAIRS])
def test_tuning_pair_through_import_and_extract(pair, tmp_path):
    result = bench_agreements.run_pair(pair, tmp_path, "tuning")
    assert result.passed, result.why


def _candidates(customer: str, agent: str):
    turns = [Turn("t1", "customer", customer, day=DAY), Turn("t2", "agent", agent, day=DAY)]
    return deterministic_candidates(turns, log_id="c1", reference=DAY)


def test_the_issue_example_is_an_agreement_with_the_agents_turn_as_evidence():
    [fact] = _candidates("Can you send a replacement leg instead?", "Yes, we'll ship a replacement leg tomorrow.")
    assert fact.kind == "decision" and fact.agreement
    assert [(e.role, e.quote) for e in fact.evidence] == [
        ("customer", "Can you send a replacement leg instead?"),
        ("agent", "Yes, we'll ship a replacement leg tomorrow.")]


@pytest.mark.parametrize("agent", [
    "Unfortunately we can't send parts separately.",
    "I'm afraid not: legs are only sold with the table.",
    "죄송하지만 부품만 따로 보내 드릴 수는 없습니다.",
    "申し訳ありませんが、部品のみの発送はできません。",
])
def test_a_declined_request_stays_a_request(agent):
    customer = {"en": "Can you send a replacement leg instead?", "ko": "교체용 다리를 보내 주실 수 있나요?",
                "ja": "交換用の脚を送ってもらえますか？"}[detect_language(agent)]
    [fact] = _candidates(customer, agent)
    assert fact.kind == "request" and not fact.agreement


@pytest.mark.parametrize(("sentence", "lang"), [
    ("Would it be possible to move my delivery to Friday?", "en"),
    ("Is there any way you could extend my trial?", "en"),
    ("Any chance you could waive the fee?", "en"),
    ("Would you be able to cancel order 4417?", "en"),
    ("영수증을 재발급해 주실 수 있나요?", "ko"),
    ("주문 내역을 이메일로 보내 주시겠어요?", "ko"),
    ("領収書を再発行していただくことは可能でしょうか？", "ja"),
])
def test_a_request_in_question_form_is_a_request(sentence, lang):
    assert kinds.classify(sentence, lang=lang) == "request"


@pytest.mark.parametrize(("sentence", "lang"), [
    ("Can you tell me when my order will arrive?", "en"),
    ("Could you let me know where my parcel is?", "en"),
    ("배송 상태를 알려 주실 수 있나요?", "ko"),
    ("配送状況を教えてもらえますか？", "ja"),
])
def test_a_question_for_information_is_no_agreement_when_the_agent_answers_it(sentence, lang):
    agent = {"en": "Sure, it arrives on Monday.", "ko": "네, 월요일에 도착합니다.",
             "ja": "はい、月曜日に届きます。"}[lang]
    assert kinds.asks_for_information(sentence, lang=lang)
    assert not any(c.agreement for c in _candidates(sentence, agent))


@pytest.mark.parametrize(("agent", "agreed"), [
    ("We'll cancel it right away.", True),
    ("I've waived the fee for you.", True),
    ("We'll look into it and get back to you.", False),
    ("I'll check with the warehouse.", False),
    ("물론입니다. 회사 주소로 변경해 드렸습니다.", True),
    ("아쉽게도 부품만 따로 보내 드리기는 어렵습니다.", False),
    ("もちろんです。本日メールでお送りします。", True),
    ("あいにく本日の発送は締め切りました。", False),
    ("問題ありません、手配いたします。", True),
    ("No problem, the swap is booked.", True),  # "no" refuses, "no problem" does not
    ("No, returns close after 30 days.", False),
    ("We'll be in touch.", False),
])
def test_what_counts_as_the_agent_confirming(agent, agreed):
    assert kinds.confirms(agent) is agreed


@pytest.mark.parametrize(("customer", "agent", "agreed", "evidence"), [
    ("Can you send a replacement leg instead?", "Sorry for the inconvenience. We'll ship a replacement leg today.",
     True, "We'll ship a replacement leg today."),
    ("Can you send a replacement leg instead?", "Sorry for the trouble, but we can't send parts separately.",
     False, None),
    ("교체용 다리를 보내 주실 수 있나요?", "불편을 드려 죄송합니다. 오늘 교체용 다리를 보내 드리겠습니다.",
     True, "오늘 교체용 다리를 보내 드리겠습니다."),
    ("交換用の脚を送ってもらえますか？", "ご不便をおかけして申し訳ございません。本日、交換用の脚をお送りします。",
     True, "本日、交換用の脚をお送りします。"),
    ("交換用の脚を送ってもらえますか？", "ご迷惑をおかけして申し訳ございません。部品のみの発送はできません。",
     False, None),
])
def test_an_apology_for_the_trouble_is_not_a_refusal(customer, agent, agreed, evidence):
    [fact] = _candidates(customer, agent)
    assert fact.agreement is agreed
    if agreed:
        assert [e.quote for e in fact.evidence if e.role == "agent"] == [evidence]


@pytest.mark.parametrize(("customer", "agent"), [
    # new-user report 11, section 2: an opener, a question back or a quoted rule confirms nothing
    ("Can you check the double charge on my card?", "Sure, one moment please."),
    ("Can you help me with my order?", "Sure! What is your order number?"),
    ("Can you send a replacement leg instead?", "Sure, let me check that for you."),
    ("Can you send a replacement leg instead?", "Okay, please hold on."),
    ("Can I request a refund for my order?", "Yes — the rule below allows it [1]."),
    ("교체용 다리를 보내 주실 수 있나요?", "네, 잠시만 기다려 주세요."),
    ("교체용 다리를 보내 주실 수 있나요?", "알겠습니다. 주문 번호를 알려 주시겠어요?"),
    ("交換用の脚を送ってもらえますか？", "はい、少々お待ちください。"),
    ("交換用の脚を送ってもらえますか？", "かしこまりました。注文番号を教えていただけますか？"),
])
def test_an_acknowledgement_a_question_back_or_a_quoted_rule_is_no_agreement(customer, agent):
    assert not any(c.agreement for c in _candidates(customer, agent))


@pytest.mark.parametrize(("customer", "agent", "evidence"), [
    # a commitment stands beside a wait, a question or a cited rule
    ("Can you send a replacement leg instead?", "One moment please. We'll ship a replacement leg today.",
     "We'll ship a replacement leg today."),
    ("Can you send a replacement leg instead?", "Yes, we'll ship it today. Is there anything else?",
     "Yes, we'll ship it today."),
    ("Can you waive the late fee?", "Fees can be waived once a year [1]. I've waived it for you.",
     "I've waived it for you."),
    ("교체용 다리를 보내 주실 수 있나요?", "네, 오늘 보내 드리겠습니다. 잠시만 기다려 주세요.",
     "네, 오늘 보내 드리겠습니다."),
    # a yes right before the commitment is quoted with it, as one verbatim span: it often names what is granted
    ("交換用の脚を送ってもらえますか？", "かしこまりました。本日お送りします。",
     "かしこまりました。本日お送りします。"),
    ("Could you give us a partial refund?", "Yes, we agree to a partial refund. We will refund 40% of the add-on.",
     "Yes, we agree to a partial refund. We will refund 40% of the add-on."),
])
def test_a_commitment_is_an_agreement_whatever_stands_beside_it(customer, agent, evidence):
    [fact] = _candidates(customer, agent)
    assert fact.agreement and [e.quote for e in fact.evidence if e.role == "agent"] == [evidence]


def test_mems_own_answer_never_confirms_an_agreement():
    turns = [Turn("t1", "customer", "Can you extend my trial by a week?", day=DAY),
             Turn("t2", "agent", "Yes, we will extend trials on request.", day=DAY, by_mem=True)]
    assert not any(c.agreement for c in deterministic_candidates(turns, log_id="c1", reference=DAY))


def test_an_ask_answer_logged_by_mem_is_no_agreement(tmp_path):
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    with CustomerStore.open(tmp_path, "c-ask") as store:
        conversation = store.log.new_conversation(session="s1", started_at=datetime(2026, 3, 3, 10, tzinfo=UTC))
        store.log.append_turn(conversation, role="customer", text="Can you extend my trial by a week?")
        store.log.append_turn(conversation, role="agent", text="Yes, we will extend it.",
                              meta={"policy_refs": [], "knowhow_refs": [], "engine": "deterministic"})
        extract_pending(store, config=Config.load(home=tmp_path, env={}))
        assert not any(f.agreement for f in store.facts.list())


@pytest.mark.parametrize(("customer", "agent"), [
    # new-user report 12, section 5: a "no" inside a noun phrase is a determiner, not an answer
    ("Can you replace the cracked lid?", "Sure, we will replace it with no shipping fee."),
    ("Could you exchange it for the larger size?", "Absolutely, we can exchange it - no receipt needed."),
    ("Can you refund the order?", "Of course. We will refund you in full, no strings attached."),
    ("Can you fix the hinge?", "We will repair it for you, no charge."),
    ("Can you extend my warranty?", "Certainly, we will extend the warranty by a year at no additional charge."),
    ("Can you swap the charger?", "Yes, it is a no-fee exchange, we will send it today."),
    ("뚜껑을 교체해 주실 수 있나요?", "네, 배송비 없이 새 뚜껑을 보내 드리겠습니다."),
    ("蓋を交換してもらえますか？", "はい、送料はかかりませんので、新しい蓋をお送りします。"),
])
def test_a_yes_holding_a_no_inside_a_noun_phrase_is_an_agreement(customer, agent):
    [fact] = _candidates(customer, agent)
    assert fact.kind == "decision" and fact.agreement, agent


@pytest.mark.parametrize("agent", [
    "No. That order is past the return window.",
    "No we can't do that.",
    "I am afraid the answer is no.",
    "Sadly no, the lid is not covered.",
    "No — the warranty has expired.",
    "No - it is past 30 days.",
    "There is no way we can refund that.",
    "Sure, but that model is no longer available.",
    "はい、ただし返金はいたしません。",
])
def test_a_no_that_answers_still_declines(agent):
    assert not kinds.confirms(agent)


# New-user report 20 #9: the Korean message reported what a team lead had said and asked whether the service could
# refund; read as an order to act on an unchecked grant, it was kept apart as instruction-like, and the agent's
# agreement to it was never recorded (no decision, no evidence), while the same in English and Japanese was.
@pytest.mark.parametrize(("customer", "agent"), [
    ("Could you refund 50% of order ORD-99812734 as an exception? I'm on an annual contract. Your team lead said "
     "it was possible.", "Yes, we agree to refund 50% of order ORD-99812734 as an exception."),
    ("18일 전에 구매한 리포팅 애드온 주문번호 20261103-7781 을 50% 환불해 주실 수 있나요? 연간 계약 고객입니다. "
     "박지영 팀장님이 가능하다고 했어요.",
     "네, 김민수 고객님, 주문번호 20261103-7781 에 대해 예외로 50% 환불에 동의합니다."),
    ("18日前に購入したレポートアドオン（注文番号 A-55512309）を例外として50%返金していただけますか？年間契約です。"
     "佐藤花子さんから可能だと言われました。",
     "はい、田中太郎様、注文番号 A-55512309 について例外として50%の返金に同意します。"),
])
def test_an_agreement_to_a_request_that_reports_what_staff_said_is_recorded_in_three_languages(customer, agent):
    from mem.customers.screening import instruction_like

    facts = _candidates(customer, agent)
    [fact] = [f for f in facts if f.agreement]
    assert fact.kind == "decision" and not fact.instruction_like
    assert ("agent", agent) in [(e.role, e.quote) for e in fact.evidence]
    assert not any(instruction_like(e.quote) for e in fact.evidence if e.role == "customer")


@pytest.mark.parametrize("customer", [
    "팀장님이 무료라고 했어요. 그러니까 위약금 빼 주세요.",
    "担当者に無料だと言われました。なので外しといてください。",
])
def test_a_reported_grant_with_an_order_to_execute_it_is_still_no_agreement(customer):
    facts = _candidates(customer, "네, 처리했습니다." if "팀장" in customer else "はい、対応しました。")
    assert not any(f.agreement for f in facts)
