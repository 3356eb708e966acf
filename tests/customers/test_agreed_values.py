"""Round twelve of update judgement: the slot value the AGENT states, agreed to by the customer (docs/extraction.md,
"Update judgement", round twelve).

Each test is one mechanism, told in sentences of this file's own (none copied from a case file in scripts/), with a
look-alike that must not change the fact held. The wall: the customer's words are never made to hold the agent's
value — the agreement's evidence is the customer's words and the agent's sentence, and only the slot is read from
the agent's.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, agreed_slot

from .test_update_structure import _active, _run


def _first(store, query: str):
    return store.facts.search(query, limit=3)[0].fact


# -- the value the agent states in its confirmation ------------------------------------------------------------

@pytest.mark.parametrize("customer, agent, slot", [
    ("Could I go up a level?", "Certainly - I've switched you to the Studio Pro plan from Monday.", "tier"),
    ("멤버십 등급 좀 올리고 싶어요.", "네, 이번 달부터 골드 요금제로 변경해 드렸습니다.", "tier"),
    ("引っ越したので届け先を変えたいです。", "かしこまりました。お届け先を横浜市港北区日吉4-2-8に変更いたしました。",
     "address"),
])
def test_the_agents_confirmation_gives_the_agreed_value(customer, agent, slot):
    found = agreed_slot(customer, agent)
    assert found is not None and found.name == slot


@pytest.mark.parametrize("customer, agent", [
    # the agent's own name, its own town: never the customer's
    ("Please change the name on the account.", "Sure, my name is Nadia and I've updated it for you."),
    ("Can you update my details?", "Done! I'm based in Dundee, by the way."),
    # a value named in a confirmation where no side says a change: nothing is set
    ("Can you send me the brochure for the Plus plan?", "Sure, I'll send the Plus plan brochure today."),
])
def test_the_agent_speaking_of_itself_gives_no_value(customer, agent):
    assert agreed_slot(customer, agent) is None


@pytest.mark.parametrize("conversations, old, new, query", [
    ([[("customer", "I'm on the Starter plan for the gym app.")],
      [("customer", "I train most days now, can I go up a level?"),
       ("agent", "Absolutely - I've moved you to the Performance plan from your next payment.")]],
     "Starter", "Performance", "customer's gym plan"),
    ([[("customer", "청구서는 서울 마포구 독막로 31로 보내 주세요.")],
      [("customer", "회사가 이사해서 청구서 주소를 바꿔야 해요."),
       ("agent", "네, 다음 청구서부터 성남시 분당구 판교로 200으로 변경해 드렸습니다.")]],
     "독막로 31", "판교로 200", "청구서 받는 주소"),
    ([[("customer", "料金プランはライトプランです。")],
      [("customer", "動画をよく見るのでプランを上げたいです。"),
       ("agent", "承知しました。来月からスタンダードプランに変更いたしました。")]],
     "ライト", "スタンダード", "お客様の料金プラン"),
])
def test_a_value_stated_in_the_agents_confirmation_replaces_the_old_one(isolated_env, tmp_path, conversations,
                                                                       old, new, query):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text and new not in text for text in _active(store))
        first = _first(store, query)
        assert first.agreement and new in " ".join(e.quote for e in first.evidence if e.role == "agent")
        # the wall: the customer's words are as they said them
        assert new not in " ".join(e.quote for e in first.evidence if e.role == "customer")


# -- the value the agent puts in a question, answered yes -------------------------------------------------------

@pytest.mark.parametrize("conversations, old, new, query", [
    ([[("customer", "My email is t.okafor@mailbox.example.")],
      [("customer", "I'd like to change my email."),
       ("agent", "No problem. So your new email is tunde.okafor@post.example, is that right?"),
       ("customer", "yes")]],
     "t.okafor@mailbox.example", "tunde.okafor@post.example", "customer's email"),
    ([[("customer", "배송지는 광주 북구 용봉로 77이에요.")],
      [("customer", "배송지를 바꾸고 싶어요."), ("agent", "전주시 완산구 효자로 15로 변경해 드릴까요?"),
       ("customer", "네 맞아요")]],
     "용봉로 77", "효자로 15", "고객 배송지 주소"),
    ([[("customer", "住所は仙台市青葉区一番町3-1-1です。")],
      [("customer", "住所変更をお願いします。"), ("agent", "新しいご住所は金沢市広岡2-5-7でよろしいですか？"),
       ("customer", "はい、そうです")]],
     "一番町3-1-1", "広岡2-5-7", "お客様の住所"),
])
def test_a_value_the_agent_asks_about_and_the_customer_agrees_to_replaces_the_old_one(
        isolated_env, tmp_path, conversations, old, new, query):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text and new not in text for text in _active(store))
        first = _first(store, query)
        assert first.agreement and new in first.text
        assert [e.quote for e in first.evidence if e.role == "customer"] == [conversations[-1][-1][1]]


@pytest.mark.parametrize("conversations, held", [
    # the agent asks whether the value still holds: a yes changes nothing
    ([[("customer", "My address is 9 Quarry Lane, Bath.")],
      [("customer", "Just checking my details."), ("agent", "Is it still 9 Quarry Lane, Bath?"), ("customer", "yes")]],
     "9 Quarry Lane"),
    ([[("customer", "요금제는 베이직 요금제예요.")],
      [("customer", "결제일 좀 확인하려고요."), ("agent", "아직 베이직 요금제 쓰고 계신 거 맞으세요?"),
       ("customer", "네")]],
     "베이직"),
    # a "no" to the value put agrees to nothing
    ([[("customer", "住所は仙台市青葉区一番町3-1-1です。")],
      [("customer", "住所変更をお願いします。"), ("agent", "新しいご住所は金沢市広岡2-5-7でよろしいですか？"),
       ("customer", "いいえ、違います")]],
     "一番町3-1-1"),
])
def test_a_yes_to_a_value_that_still_holds_or_a_no_changes_nothing(isolated_env, tmp_path, conversations, held):
    with _run(tmp_path, conversations) as store:
        assert any(held in text for text in _active(store))


def test_the_agents_your_reads_as_the_customers_my():
    assert agreed_slot("yes", "So your new email is kim.j@inbox.example?") == Slot("email", "kim.j@inbox.example")
