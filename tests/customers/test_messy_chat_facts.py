"""What a messy real chat leaves as facts (new-user report 32, findings 2, 7 and 8): a yes that tells the customer
how the service works is no agreement, a plan correction names the plan it keeps, a bare name under an e-mail's body
is its signature, a forwarded letter's greeting ends the covering line, a conclusion drawn from the agent's answer is
a reaction, a detail stated as "住所は…です" is an attribute, and a bare yes to an offer says what it took up. The
phrasings are this file's own (docs/measurements/extraction.md, "Thirty-second round … (fixG32)")."""

from __future__ import annotations

from datetime import date

import pytest

from mem.core.text.mail_furniture import furniture_spans
from mem.customers import kinds
from mem.customers.fact_candidates import Candidate, Turn, deterministic_candidates
from mem.customers.slots import Slot, find_slot

from .test_update_structure import _active, _run

DAY = date(2026, 4, 7)


def _read(*turns: tuple[str, str]) -> list[Candidate]:
    return deterministic_candidates([Turn(f"t{i}", role, text, day=DAY) for i, (role, text) in enumerate(turns)],
                                    log_id="c1", reference=DAY)


@pytest.mark.parametrize("customer, agent", [
    ("Can I bring my own bags to the refill station?", "Yes, just bring them clean and dry."),
    ("Can I return the lamp in store?", "Sure, you can bring it to any branch with the receipt."),
    ("Is it possible to swap sizes in store?", "Yes, take the receipt to any branch."),
    ("주말에도 픽업할 수 있나요?", "네, 토요일 오후 2시 전까지 오시면 됩니다."),
    ("割引クーポンは併用できますか？", "はい、レジで両方ご提示ください。"),
])
def test_a_yes_that_tells_the_customer_how_is_no_agreement(customer, agent):
    facts = _read(("customer", customer), ("agent", agent))
    assert facts and not any(f.agreement for f in facts)
    assert facts[0].kind == "request"


@pytest.mark.parametrize("customer, agent", [
    # the agent acts for them, or says yes and nothing else: still an agreement
    ("Can I move my fitting to Thursday?", "Yes, you can — I've moved it to Thursday at 3pm."),
    ("Can I get the late fee waived?", "Yes, of course."),
    ("Can you hold the jacket for me?", "Sure, just pop in by Friday. I've put it aside."),
    ("주말에 방문 수리 받을 수 있나요?", "네, 토요일 오전으로 예약해 드렸습니다."),
    ("受け取り日を変更できますか？", "はい、金曜日に変更いたしました。"),
])
def test_a_yes_that_acts_for_them_is_still_an_agreement(customer, agent):
    facts = _read(("customer", customer), ("agent", agent))
    assert any(f.agreement for f in facts)


def test_asking_the_service_to_act_is_not_a_question_of_what_they_may_do():
    assert kinds.asks_what_they_may_do("Can I collect it on Monday?")
    assert not kinds.asks_what_they_may_do("Can you collect it on Monday?")
    assert kinds.asks_what_they_may_do("월요일에 찾으러 가도 되나요?")
    assert not kinds.asks_what_they_may_do("월요일에 보내 주실 수 있나요?")
    assert kinds.asks_what_they_may_do("月曜日に取りに行けますか？")
    assert not kinds.asks_what_they_may_do("月曜日に送っていただけますか？")


@pytest.mark.parametrize("text, value", [
    ("Actually my plan is the fortnightly plan now, not weekly.", "fortnightly plan"),
    ("Our plan is annual now.", "annual"),
    ("We'd like to move over to the quarterly plan.", "quarterly plan"),
])
def test_a_plan_named_by_its_billing_period_fills_the_plan(text, value):
    assert find_slot(text) == Slot("tier", value)


def test_a_plan_correction_replaces_the_plan_changed_in_an_html_mail(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "I'm on the weekly plan."), ("agent", "Thanks, noted.")],
        [("customer", "<p>Hi,</p><p>I'd like to switch to the monthly plan please.</p><p>Oona</p>"),
         ("agent", "Done, monthly from next week.")],
        [("customer", "Actually my plan is the quarterly plan now, not monthly."), ("agent", "Thanks, noted.")],
    ]) as store:
        active = _active(store)
        assert any("quarterly" in text for text in active)
        assert not any("monthly plan please" in text or "weekly" in text for text in active)
        assert not any("Oona" in text for text in active)


@pytest.mark.parametrize("text, furniture", [
    ("Please send it to the office.\nOona", ["Oona"]),
    ("Please send it to the office.\n— Oona Reyes", ["— Oona Reyes"]),
    # not a name under a finished sentence: the customer's words
    ("Please send it on\nMonday", []),
    ("Can you deliver it.\nFriday", []),
    ("My new city is\nLeeds", []),
])
def test_a_bare_name_under_the_body_is_its_signature(text, furniture):
    assert [text[a:b] for a, b in furniture_spans(text)] == furniture


def test_a_forwarded_letter_s_greeting_ends_the_covering_line():
    text = ("Sending this again, nobody replied:\nDear Support,\nCan you refund the second charge on my card? "
            "It was taken twice on 3 March.")
    assert [text[a:b] for a, b in furniture_spans(text)] == ["Dear Support,"]
    facts = _read(("customer", text))
    assert any(f.text.startswith("Can you refund the second charge") for f in facts)
    assert not any("Dear Support" in f.text or "nobody replied" in f.text and "refund" in f.text for f in facts)
    # a greeting as the first line is the letter's own: nothing before it to cut
    plain = "Dear Support,\nCan you refund the second charge on my card?"
    assert [plain[a:b] for a, b in furniture_spans(plain)] == ["Dear Support,"]
    # a colon line that introduces no letter leaves the message as it was
    assert furniture_spans("Two things:\nthe lid is cracked\nand the handle is loose.") == []


@pytest.mark.parametrize("text, drawn", [
    ("oh so that's not possible then", True),
    ("그럼 오늘은 안 되는 거네요", True),
    ("じゃあ今回は無理なんですね", True),
    ("so my refund is lost then", False),
    ("so the 12th is fine then", False),
    ("그럼 제 주문은 취소된 거네요", False),
    ("じゃあ私の注文はキャンセルなんですね", False),
    ("It's too late to change the address.", False),
    # the other person, or a decision before the remark: not a conclusion about the answer
    ("so you're closing the shop then", False),
    ("그럼 이걸로 할게요 생각보다 싸네요", False),
    ("じゃあそれでお願いしますね", False),
])
def test_a_conclusion_drawn_from_the_answer_names_nothing_of_their_own(text, drawn):
    assert kinds.draws_conclusion(text) is drawn


def test_a_conclusion_drawn_from_the_answer_is_no_fact():
    facts = _read(("customer", "Can I still swap the lamp?"), ("agent", "Swaps close after 14 days."),
                  ("customer", "hmm 😕 so it's not possible then"))
    assert not any("not possible" in f.text for f in facts)


@pytest.mark.parametrize("text", [
    "住所は大阪府豊中市です", "주소는 대전시 유성구입니다.", "電話番号は080-2222-3333です。",
])
def test_a_detail_stated_after_its_name_is_an_attribute(text):
    assert kinds.classify(text) == "attribute"


def test_a_bare_yes_to_an_offer_says_what_it_took_up_across_an_empty_message():
    facts = _read(("customer", "택배 상자가 찢어져서 왔어요."),
                  ("agent", "원하시면 새 상품으로 교환해 드릴 수 있습니다."), ("customer", ""),
                  ("customer", "네 그렇게 해 주세요"), ("agent", "교환 진행하겠습니다."))
    agreed = [f for f in facts if f.agreement]
    assert agreed and "교환해 드릴 수 있습니다" in agreed[0].text
    assert [e.role for e in agreed[0].evidence] == ["customer", "agent", "agent"]
    # a yes to a promise to find out takes up no offer
    facts = _read(("customer", "請求額が二重になっています。"), ("agent", "失礼しました。確認いたします。"),
                  ("customer", "お願いします。"), ("agent", "確認したところ誤りでしたので、返金いたします。"))
    assert not any("(offered:" in f.text for f in facts)
    # a yes that says what it wants carries its own subject: no offer copied in
    facts = _read(("customer", "The box came torn."), ("agent", "We can send a new one if you like."),
                  ("customer", "Can you send a new one please?"), ("agent", "I'll send it today."))
    assert not any("(offered:" in f.text for f in facts)
