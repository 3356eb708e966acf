"""Round five of update judgement: structures, not phrases (docs/extraction.md, "Update judgement", round five).

Each test names one structural reason a change was missed or a non-change was taken for one: a home held in a
place, Korean adnominal and connective forms of 살다, Japanese plain-speech verbs, a value stated in a reason
clause before a question, a name set beside the words that name it, a value said to be someone else's by a
pronoun, a slot the same message says stays as it is, a retraction that calls what it takes back "the old one",
an agent's question for the place, and retractions in polite and casual Korean and Japanese. The phrasings are
this file's own, not those of any case file in scripts/.
"""

from __future__ import annotations

import pytest

from mem.customers import kinds
from mem.customers.slots import Slot, answered_slot, find_slot, kept_slots, query_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, slot", [
    # a home rented, owned or shared in a place is where the customer lives
    ("We rent a two-bed flat in Lund.", Slot("residence", "Lund")),
    ("I share an apartment in Turku with a friend.", Slot("residence", "Turku")),
    ("We bought a house in Whitby last spring.", Slot("residence", "Whitby")),
    ("hi, Dundee based here, do you sell tent pegs?", Slot("residence", "Dundee")),
    # Korean adnominal and connective forms: "X 사는 <noun>", "X 사는데 …?"
    ("청주 사는 대학생이에요.", Slot("residence", "청주")),
    ("제주에 사는데 배송비가 추가되나요?", Slot("residence", "제주")),
    ("원주에 거주하는 회사원입니다.", Slot("residence", "원주")),
    # Japanese plain speech
    ("先月、仙台に移ったんだ。", Slot("residence", "仙台")),
    ("最近松本に越したよ。", Slot("residence", "松本")),
    # a value in a reason clause before the question it grounds
    ("シルバー会員なので割引されますか？", Slot("tier", "シルバー")),
    ("실버 회원이니까 할인되죠?", Slot("tier", "실버")),
    ("I'm a Silver member so I get the discount, right?", Slot("tier", "silver")),
    # a name set beside the words that name it
    ("The booking is under my name, Priya Raman.", Slot("name", "Priya Raman")),
    ("My name's Jo Park.", Slot("name", "Jo Park")),
    # a place named first and lived in "there"
    ("The firm posted me to Perth and I live there now.", Slot("residence", "Perth")),
    # what the number is for, or its topic, between the number's name and the value
    ("The reservation number for the cottage weekend is BX2290.", Slot("order", "BX2290")),
    ("注文番号ですが、明細を見たらQ-7719でした。", Slot("order", "Q-7719")),
    ("예약번호 말인데요, 문자 다시 보니 R-5521이에요.", Slot("order", "R-5521")),
])
def test_a_value_is_read_in_structures_no_rule_read_before(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "서울 사는 친구 집으로 보내 주세요.",  # the friend's home, not the customer's
    "His number is 07700 900222.",  # a value said to be someone else's by a pronoun
    "My flatmate Sam will collect it, her email is sam.k@example.org.",
    "그 사람 이메일은 minji@example.kr이에요.",
    "彼女の携帯は080-2222-7777です。",
    "I'm thinking of moving to Bergen next year.",  # a plan, not yet theirs
    "프리미엄 요금제로 바꾸면 얼마나 더 내요?",  # a condition asked about
])
def test_a_value_of_someone_else_or_of_a_plan_fills_no_slot(text):
    assert find_slot(text) is None


def test_a_question_for_the_place_makes_the_reply_the_place():
    assert answered_slot("Which town are you in now?", "Malmö, close to the sea.") == Slot("residence", "Malmö")
    assert answered_slot("어느 도시로 가셨어요?", "창원이요.") == Slot("residence", "창원")
    assert answered_slot("どちらへお引っ越しされたんですか？", "甲府だよ。") == Slot("residence", "甲府")


@pytest.mark.parametrize("query, slot", [
    # Korean and Japanese inflect the slot's word inside a longer one
    ("이 손님 거주지가 어디예요?", "residence"),
    ("손님이 사는 곳", "residence"),
    ("この方の住んでいる街は？", "residence"),
    ("会員ランクを教えて", "tier"),
    ("배송 가능 지역", None),  # a delivery area, not where the customer lives
])
def test_a_search_question_about_a_slot_in_korean_or_japanese_names_it(query, slot):
    assert query_slot(query) == slot


def test_a_slot_said_to_stay_as_it_is():
    assert kept_slots(["이번만 회사로 보내 주세요.", "제 배송지는 그대로 두세요."]) == {"address"}
    assert kept_slots(["私の電話番号はそのままでお願いします。"]) == {"phone"}
    assert kept_slots(["My email address stays the same."]) == {"email"}
    assert kept_slots(["Please send it to 4 Mill Lane."]) == frozenset()


@pytest.mark.parametrize("lang, text", [
    # polite and casual registers, Korean
    ("ko", "포인트 알림은 이제 안 보내셔도 됩니다."),
    ("ko", "쿠폰 문자 이제 안 받아도 돼."),
    ("ko", "정기구독 그만할래요."),
    ("ko", "그 멤버십 끊을게."),
    ("ko", "이제는 그냥 포장해 주셔도 돼요."),  # permission for what they had asked not to be done
    # polite and casual registers, Japanese
    ("ja", "アプリの通知、止めてくれる？"),
    ("ja", "ポイント便はやめにします。"),
    ("ja", "セールのお知らせは停止でお願いします。"),
    ("ja", "もうチラシ入れなくていいよ。"),
])
def test_a_retraction_is_read_in_polite_and_casual_registers(lang, text):
    assert kinds.is_retraction(text, lang=lang)


def test_a_move_whose_place_answers_the_agents_question_two_conversations_after_the_home(isolated_env, tmp_path):
    # value, small talk, change: the home, a conversation about something else, then the move told in two turns
    with _run(tmp_path, [
        [("customer", "My husband and I rent a small house in Lund.")],
        [("customer", "Do the wool socks shrink in the wash?"), ("agent", "Not below 30 degrees.")],
        [("customer", "We relocated at the end of May."), ("agent", "Exciting! Which town are you in now?"),
         ("customer", "Malmö, close to the sea.")],
    ]) as store:
        assert not any("Lund" in text for text in _active(store))
        assert "Malmö" in store.facts.search("which town does the customer live in", limit=3)[0].fact.text


@pytest.mark.parametrize("conversations, new, query", [
    ([[("customer", "연락처는 010-4100-2200이에요.")],
      [("customer", "휴대폰 새로 개통했어요. 새 번호는 010-5300-6600입니다. 예전 번호는 이제 안 써요.")]],
     "010-5300-6600", "고객 연락처"),
    ([[("customer", "携帯は090-1200-3400です。")],
      [("customer", "番号が変わりました。080-5600-7800です。以前の番号はもう解約しました。")]],
     "080-5600-7800", "顧客の携帯番号"),
    ([[("customer", "My mobile is 07700 900311.")],
      [("customer", "New phone! The number is now 07700 900488. The old number no longer works.")]],
     "07700 900488", "customer's phone number"),
])
def test_taking_back_the_old_value_never_takes_back_the_new_one_given_with_it(isolated_env, tmp_path, conversations,
                                                                              new, query):
    with _run(tmp_path, conversations) as store:
        first = store.facts.search(query, limit=3)[0].fact
        assert first.status == "active" and new in first.text
        assert sum(1 for text in _active(store) if any(ch.isdigit() for ch in text)) == 1


def test_a_value_in_a_message_that_keeps_the_slot_as_it_is_is_not_an_update(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "제 번호는 010-7000-8000이에요.")],
        [("customer", "오늘은 남편이 받을 거예요. 010-9000-1000으로 연락 주세요. 제 번호는 그대로 두시고요.")],
    ]) as store:
        assert any("010-7000-8000" in text for text in _active(store))


@pytest.mark.parametrize("conversations, gone", [
    ([[("customer", "앞으로 포장에 리본은 달지 말아 주세요.")],
      [("customer", "전에 리본 빼 달라고 했던 거요, 이번부터는 달아 주셔도 돼요.")]], "리본은 달지"),
    ([[("customer", "今後は納品書を同封してください。"), ("agent", "承知しました。")],
      [("customer", "前にお願いした納品書の件ですが、もう入れなくて大丈夫です。")]], "納品書を同封"),
    ([[("customer", "Please add a handwritten card to every order."), ("agent", "Sure, noted.")],
      [("customer", "The handwritten card I asked for before can stop now, thanks.")]], "handwritten card"),
])
def test_a_retraction_that_refers_back_to_an_earlier_wish_takes_that_wish_back(isolated_env, tmp_path, conversations,
                                                                               gone):
    with _run(tmp_path, conversations) as store:
        assert not any(gone in text for text in _active(store))
        assert any(gone in f.text for f in store.facts.list(statuses=["retracted"]))


@pytest.mark.parametrize("conversations, query, new, town", [
    ([[("customer", "We live in Harrogate.")], [("customer", "We've moved to 9 Castle Wynd, Inverness.")]],
     "where does the customer live", "Castle Wynd", "Harrogate"),
    ([[("customer", "저는 청주에 살아요.")], [("customer", "새 주소는 강원도 춘천시 중앙로 55예요.")]],
     "고객 거주지", "춘천", "청주"),
    ([[("customer", "金沢に住んでいます。")],
      [("customer", "転居しました。新しい住所は富山県富山市新総曲輪1-7です。")]],
     "顧客の住まい", "富山", "金沢"),
])
def test_a_new_street_address_told_as_a_move_replaces_the_town(isolated_env, tmp_path, conversations, query, new, town):
    with _run(tmp_path, conversations) as store:
        assert not any(town in text for text in _active(store))
        assert new in store.facts.search(query, limit=3)[0].fact.text


def test_a_new_address_in_the_same_town_leaves_the_town(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "I live in Harrogate.")],
                         [("customer", "We've moved to 2 Valley Drive, Harrogate.")]]) as store:
        assert any("I live in Harrogate" in text for text in _active(store))
