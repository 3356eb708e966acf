"""An offer or promise the agent made of its own accord, taken up by the customer, is an agreement (new-user report
22 #1); a reply answers the customer's sentence it shares words with (#3)."""

from __future__ import annotations

from datetime import date

import pytest

from mem.customers import kinds
from mem.customers.agreement_pairing import pair_reply
from mem.customers.fact_candidates import Turn, deterministic_candidates

DAY = date(2026, 3, 3)


def _run(*said: tuple[str, str]):
    turns = [Turn(f"t{i}", role, text, day=DAY) for i, (role, text) in enumerate(said)]
    return deterministic_candidates(turns, log_id="c1", reference=DAY)


def _agreed(candidates):
    return [c for c in candidates if c.agreement]


@pytest.mark.parametrize(("report", "offer", "reply", "promised"), [
    ("My order arrived and the blue mug is cracked.",
     "Sorry about that! As a goodwill gesture we will refund 50% of the order.", "Great, thank you!",
     "we will refund 50%"),
    ("The lid doesn't fit and the box was open.",
     "I'm sorry, Omar. I can offer a full refund once you send it back.", "OK, deal.", "full refund"),
    ("The return label you sent expired.", "New label sent. We'll also waive the restocking fee for you.", "👍",
     "waive the restocking fee"),
    ("머그컵이 두 개 깨져서 왔어요.", "확인했습니다. 두 개 모두 무상으로 다시 보내 드리겠습니다.", "감사합니다 ㅎㅎ",
     "무상으로"),
    ("届いたマグの色が違いました。", "正しい色のマグを無料でお送りします。", "ありがとうございます！", "無料で"),
])
def test_an_offer_taken_up_is_an_agreement(report, offer, reply, promised):
    found = _agreed(_run(("customer", report), ("agent", offer), ("customer", reply)))
    assert len(found) == 1, found
    agent = [e for e in found[0].evidence if e.role == "agent"][0]
    assert promised in agent.quote
    assert [e.quote for e in found[0].evidence if e.role == "customer"]


@pytest.mark.parametrize(("report", "offer", "reply"), [
    # declined
    ("The mug is chipped.", "We'll send you a replacement mug tomorrow.", "No thanks, I'd rather keep it."),
    ("컵이 깨졌어요.", "새 제품으로 보내 드리겠습니다.", "아니요 괜찮아요."),
    ("マグが欠けていました。", "新しいマグをお送りします。", "いいえ、結構です。"),
    # an offer not said yes to
    ("The mug is chipped.", "I can offer a 20% discount on your next order.", "Hmm, what about a refund instead?"),
    # a reply that says something else
    ("The mug is chipped.", "We'll send a courier to collect it.", "My number is 07700 900111."),
    ("컵이 깨졌어요.", "택배 수거 보내드릴게요.", "010 2287 6105 이에요"),
    # the agent says why it writes
    ("안녕하세요.", "안녕하세요, 한빛카드입니다. 결과 안내차 연락드렸습니다.", "아 네 안녕하세요!"),
    ("Hello?", "Hi, I'm reaching out about your order from last week.", "Sure, thanks."),
    # only a promise to find out
    ("The mug is chipped.", "I'll check whether we can refund it.", "Thanks."),
    ("컵이 깨졌어요.", "환불 가능한지 확인해 보겠습니다.", "감사합니다."),
    ("マグが欠けていました。", "返金できるか確認いたします。", "ありがとうございます。"),
])
def test_a_declined_offer_or_a_promise_to_look_is_no_agreement(report, offer, reply):
    assert not _agreed(_run(("customer", report), ("agent", offer), ("customer", reply)))


def test_no_reply_yet_agrees_to_nothing():
    assert not _agreed(_run(("customer", "The mug is chipped."), ("agent", "We'll send a replacement tomorrow.")))


@pytest.mark.parametrize("apology", ["Sorry about that!", "I'm sorry, Omar.", "죄송합니다.", "申し訳ございません。"])
def test_an_apology_of_its_own_is_no_refusal(apology):
    follow = {"Sorry about that!": "We'll ship a new one today.", "I'm sorry, Omar.": "We'll ship a new one today.",
              "죄송합니다.": "새 제품으로 보내 드리겠습니다.",
              "申し訳ございません。": "新しいマグをお送りします。"}[apology]
    assert kinds.confirms(f"{apology} {follow}")
    refusal = {"Sorry about that!": "We can't refund it.", "I'm sorry, Omar.": "We can't refund it.",
               "죄송합니다.": "환불은 어렵습니다.", "申し訳ございません。": "返金はできません。"}[apology]
    assert not kinds.confirms(f"{apology} {refusal}")


@pytest.mark.parametrize(("customer", "agent", "asked", "answer"), [
    ("Hallo, I'd like to get my invoices in German please, and my name is now Lena Brandt-Okafor after my wedding.",
     "Congratulations! I've updated the name. Invoices will be in German from now on.",
     "invoices in German", "Invoices will be in German"),
    ("주문번호 B-7710 배송지를 부산시 해운대구 우동 123으로 바꿔 주세요. 이사했어요.\n연락은 카카오톡으로 주세요.",
     "김지훈 고객님, 배송지를 변경해 드렸습니다.", "부산시", "배송지를 변경해"),
    ("注文C-9902の領収書を会社名「株式会社みどり商事」で再発行してください。\n連絡はメールでお願いします。",
     "田中様、領収書を再発行いたしました。", "領収書", "領収書を再発行いたしました"),
])
def test_a_reply_answers_the_request_it_shares_words_with(customer, agent, asked, answer):
    found = _agreed(_run(("customer", customer), ("agent", agent)))
    assert len(found) == 1, found
    quotes = {e.role: e.quote for e in found[0].evidence}
    assert asked in quotes["customer"] and answer in quotes["agent"]


def test_pairing_prefers_shared_terms_then_requests():
    found = pair_reply(["My package hasn't arrived.", "Can you resend it?"], ["We'll resend it today."],
                       asks=[False, True])
    assert found is not None and found.group == 1
    assert pair_reply(["Thanks."], ["Done."], asks=[False]) is None


@pytest.mark.parametrize("refusal", [
    "We will not be able to refund opened items.",
    "We will not refund opened items, as the terms say.",
    "We do not offer refunds on sale items.",
])
def test_a_refusal_in_full_words_taken_with_an_ok_is_no_agreement(refusal):
    # (the round's review: "ok" after it made "(offered) ok → We will not be able to refund…" an agreement)
    assert not kinds.commits(refusal)
    assert not _agreed(_run(("customer", "The mug arrived cracked."), ("agent", refusal), ("customer", "ok")))
