"""Round nine of update judgement: the reason goes with the change, a value added beside the one held, and other
words for the same wish (docs/extraction.md, "Update judgement", round nine).

A reason that names the value being left ("He doesn't read Spanish", "I never check my email") is part of the
change, not a fact of its own that keeps the old value active; a second address the customer *adds* leaves the
first; a call asked for before a visit is taken back by another verb of getting in touch; the new wish told
before the clause that takes the old one back is kept. The phrasings are this file's own, not those of any case
file in scripts/.
"""

from __future__ import annotations

import pytest

from mem.customers import kinds
from mem.customers.slots import Slot, find_slot, names_other_value, query_slot, slot_in

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, slot", [
    # the language phrase made a noun by の, or the language before the answer as one noun
    ("今後は韓国語での回答をお願いします。", Slot("language", "Korean")),
    ("これからは英語でのご案内で大丈夫です。", Slot("language", "English")),
    ("이제부터는 일본어 답변이 편해요.", Slot("language", "Japanese")),
    ("English replies from now on, please.", Slot("language", "English")),
    # the name the membership or account is held under
    ("会員名は橋本ゆりです。", Slot("name", "橋本ゆり")),
    ("회원명은 최다은이에요.", Slot("name", "최다은")),
    # the parcels given into someone's hands
    ("Please hand my parcels to the caretaker from now on.", Slot("delivery_place", "caretaker")),
])
def test_a_value_is_read_in_its_noun_form(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "I teach English support classes on Fridays.",  # no answer asked for in a language
    "商品名はKT-220です。",  # a product's name is not the customer's
    "Could you hand it to the manager?",  # one errand, no parcels named
])
def test_look_alikes_of_the_noun_forms_fill_no_slot(text):
    slot = find_slot(text)
    assert slot is None or slot.name not in ("language", "name", "delivery_place")


@pytest.mark.parametrize("text, slot, names", [
    ("He doesn't read Spanish.", Slot("language", "English"), True),
    ("My Italian is too rusty these days.", Slot("language", "English"), True),
    ("I honestly never open my email.", Slot("contact_channel", "sms"), True),
    ("전화는 낮에 못 받아요.", Slot("contact_channel", "email"), True),
    # look-alikes: no negation, or another slot's words
    ("My daughter speaks Spanish too.", Slot("language", "English"), False),
    ("I never check the tracking page.", Slot("language", "English"), False),
])
def test_a_reason_names_another_value_of_the_slot_with_a_negation(text, slot, names):
    assert names_other_value(text, slot) is names


@pytest.mark.parametrize("conversations, old, new", [
    # the reason after the change
    ([[("customer", "Please write to me in German.")],
      [("customer", "My wife runs the account now, so answer in English from now on. She can't read German.")]],
     "German", "English"),
    # the reason before the change
    ([[("customer", "Please contact me by email.")],
      [("customer", "I hardly ever check email. Text me from now on.")]],
     "email", "Text me"),
])
def test_a_reason_naming_the_old_value_goes_with_the_change(isolated_env, tmp_path, conversations, old, new):
    with _run(tmp_path, conversations) as store:
        active = _active(store)
        assert not any(old in text and new not in text for text in active)
        assert any(new in text and old in text for text in active)


def test_a_sentence_naming_another_value_without_a_reason_stays_its_own_fact(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please write to me in German.")],
        [("customer", "Answer in English from now on. My daughter speaks Spanish too.")],
    ]) as store:
        active = _active(store)
        assert any(text.startswith("My daughter speaks Spanish") for text in active)


@pytest.mark.parametrize("conversations, first", [
    ([[("customer", "Send my orders to 14 Quarry Lane, Frome.")],
      [("customer", "Could you add 3 Mill Yard, Bath as another delivery address for weekdays?")]],
     "14 Quarry Lane"),
    ([[("customer", "배송지는 광주시 북구 용봉로 77이에요.")],
      [("customer", "회사 주소 광주시 서구 상무대로 900도 배송지로 추가해 주세요.")]],
     "용봉로 77"),
    ([[("customer", "配送先は福岡県福岡市中央区天神2-4-1です。")],
      [("customer", "職場の福岡県福岡市博多区博多駅前3-2-8もお届け先として追加をお願いします。")]],
     "天神2-4-1"),
])
def test_an_address_added_beside_the_first_leaves_it(isolated_env, tmp_path, conversations, first):
    with _run(tmp_path, conversations) as store:
        assert any(first in text for text in _active(store))


def test_an_address_added_as_the_new_one_replaces_the_first(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Send my orders to 14 Quarry Lane, Frome.")],
        [("customer", "Please add my new address, 3 Mill Road, Bath, and remove the old one.")],
    ]) as store:
        assert not any("14 Quarry Lane" in text for text in _active(store))


@pytest.mark.parametrize("conversations, old", [
    ([[("customer", "Always phone me before the fitter arrives, the gate is locked.")],
      [("customer", "The gate is fixed now, so there's no need to ring ahead anymore.")]],
     "phone me before"),
    ([[("customer", "방문 전에 꼭 문자 한 번 주세요."), ("agent", "네, 방문 전에 문자 드리겠습니다.")],
      [("customer", "이제는 미리 연락 안 하셔도 돼요.")]],
     "문자 한 번"),
    ([[("customer", "伺う前に必ずお電話ください。")],
      [("customer", "もう事前の連絡はなくて大丈夫です。")]],
     "お電話ください"),
])
def test_a_call_before_a_visit_is_taken_back_by_another_word_for_getting_in_touch(isolated_env, tmp_path,
                                                                                 conversations, old):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text for text in _active(store))


def test_taking_back_another_wish_leaves_the_call_before_a_visit(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Always phone me before the fitter arrives, the gate is locked.")],
        [("customer", "No need to gift wrap my orders anymore.")],
    ]) as store:
        assert any("phone me before" in text for text in _active(store))


def test_the_new_wish_told_before_the_retracting_clause_is_kept(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please call me before the driver comes.")],
        [("customer", "From now on please just leave parcels by the garage door, there's no need to call me "
                      "ahead anymore.")],
    ]) as store:
        active = _active(store)
        assert not any("call me before" in text for text in active)
        assert any("garage door" in text for text in active)


def test_a_korean_correction_said_as_told_wrongly_gives_the_code():
    assert slot_in("제가 예약번호를 틀리게 알려드렸네요, 다시 보니 BK-55102 예요.") == Slot("order", "BK-55102")
    assert slot_in("틀린 그림 찾기 이벤트 언제 해요?") is None


@pytest.mark.parametrize("query", ["テーブルの発送先", "定期便の配達先", "書類の送付先"])
def test_a_destination_named_by_a_sending_noun_asks_for_the_address(query):
    assert query_slot(query) == "address"


@pytest.mark.parametrize("text, slot", [
    # a known plan name before any plan noun, a Japanese plan named in kanji
    ("We'll go with the Starter package for now.", Slot("tier", "starter")),
    ("月額の家族プランに入っています。", Slot("tier", "家族")),
    ("年払いコースに変更したいです。", Slot("tier", "年払い")),
    # Korean ways of living and of moving somewhere
    ("대전에서 자취하고 있어요.", Slot("residence", "대전")),
    ("직장 때문에 세종으로 옮겼어요.", Slot("residence", "세종")),
    ("청주에 사는 회원입니다.", Slot("residence", "청주")),
    # a Japanese name updated to
    ("会員情報の名前を松田あかりに更新してください。", Slot("name", "松田あかり")),
    # the parcels as the subject of "go", a Korean drop point the delivery is made to
    ("Parcels can go in the blue box by the shed.", Slot("delivery_place", "blue box by the shed")),
    ("배송은 관리실로 해 주세요.", Slot("delivery_place", "관리실")),
])
def test_more_forms_of_a_value(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "料金プランを教えてください。",  # a word for any plan, no plan named
    "今のプランに満足しています。",
    "배송지를 회사로 옮겼어요.",  # an object moved, not the customer
    "배송은 다음 주로 해 주세요.",  # when, not where
    "가입한 회원입니다.",  # a verb's adnominal form names no level
])
def test_look_alikes_of_the_more_forms_fill_no_such_slot(text):
    slot = find_slot(text)
    assert slot is None or slot.name not in ("tier", "residence", "delivery_place")


@pytest.mark.parametrize("text, slot", [
    ("We're on the Weekend Warrior plan.", Slot("tier", "weekend warrior")),  # a plan's name of two words
    # the address said to change to a town, no street number: where they live
    ("주소지가 김해로 바뀌었어요.", Slot("residence", "김해")),
    ("住所が松本に変わりました。", Slot("residence", "松本")),
    ("My address has changed to Derby.", Slot("residence", "Derby")),
    ("저희 집은 익산이에요.", Slot("residence", "익산")),  # the home said to be a place
    ("Deliveries go to my back gate.", Slot("delivery_place", "back gate")),
    ("I'd like parcels to go to the side door now.", Slot("delivery_place", "side door")),
    # under the name of
    ("予約は森田えみの名前で入っています。", Slot("name", "森田えみ")),
    ("한소희 이름으로 예약했어요.", Slot("name", "한소희")),
])
def test_a_value_named_by_its_place_in_the_sentence(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text, name", [
    ("My address has changed to 5 Elm Road.", "address"),  # a street number: the address itself
    ("저희 집은 아파트예요.", None),  # a kind of home, not a place
    ("The deliveries went to the wrong house.", None),  # what happened
    ("会社の名前で登録しています。", None),  # a company's or a relative's name
    ("夫の名前で予約しました。", None),
    ("남편 이름으로 예약했어요.", None),
])
def test_look_alikes_of_a_value_named_by_its_place(text, name):
    slot = find_slot(text)
    assert (slot.name if slot else None) == name


@pytest.mark.parametrize("text, taken_back", [
    ("I bought a bread knife, so please stop slicing it.", True),
    ("Stop wrapping the mugs, it wastes paper.", True),
    ("It stopped working yesterday.", False),  # no one is asked to stop
    ("I can't stop laughing at the card.", False),
])
def test_the_service_asked_to_stop_doing_something_takes_a_wish_back(text, taken_back):
    assert kinds.is_retraction(text, lang="en") is taken_back


def test_a_wish_the_agent_confirmed_is_taken_back_by_stop_and_its_verb(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Could you make sure the cheese is grated for every order?"),
         ("agent", "Certainly - the cheese will be grated from now on.")],
        [("customer", "I got a grater for my birthday, so please stop grating it.")],
    ]) as store:
        assert not any("grated" in text for text in _active(store))


@pytest.mark.parametrize("text, slot", [
    # a plan raised or lowered to a named one, no plan noun needed
    ("베이직으로 내려 주세요.", Slot("tier", "베이직")),
    ("ゴールドに上げてください。", Slot("tier", "ゴールド")),
    ("Bump me to Pro, please.", Slot("tier", "pro")),
    # what the plan is, named after the copula; a plan name holding a number
    ("Our cover is the Home Plus policy now.", Slot("tier", "home plus")),
    ("月3回コースを使っています。", Slot("tier", "月3回")),
    ("10기가 요금제예요.", Slot("tier", "10기가")),
])
def test_a_plan_raised_lowered_or_named_after_the_copula(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "택배를 2층으로 내려 주세요.",  # an object lowered, not a plan
    "볼륨 좀 올려 주세요.",
    "울산으로 내려갔어요.",  # a move down to a town
    "Bump me to the front of the queue.",
    "My plan is to visit next week.",
])
def test_look_alikes_of_a_plan_raised_or_lowered(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "tier"


def test_a_name_question_by_the_member_word_finds_the_new_name(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "教室の会員名は原田ともで登録しています。")],
        [("customer", "このたび結婚しまして、新しい名前は中川ともです。")],
    ]) as store:
        assert query_slot("会員名") == "name"
        assert "中川とも" in store.facts.search("会員名", limit=3)[0].fact.text


@pytest.mark.parametrize("text, slot", [
    ("택배는 직접 받을게요.", Slot("delivery_place", "직접")),
    ("직접 받으러 갈게요.", None),  # no parcels named: an errand
])
def test_parcels_received_in_person(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text, taken_back", [
    ("I won't need the reminder texts anymore.", True),
    ("The courier doesn't have to knock from now on.", True),  # the obligation denied, for the time to come
    ("Please scrap the paper statements.", True),
    ("I don't have to work today.", False),  # no lasting word: one day
    ("I won't need to go out for it.", False),
])
def test_a_need_or_obligation_denied_for_the_time_to_come_takes_a_wish_back(text, taken_back):
    assert kinds.is_retraction(text, lang="en") is taken_back


@pytest.mark.parametrize("text, slot", [
    ("안산에서 혼자 살고 있어요.", Slot("residence", "안산")),  # an adverb between the place and the verb
    ("이번에 오산으로 집을 옮겼어요.", Slot("residence", "오산")),  # the home as what is moved
])
def test_korean_homes_with_an_adverb_or_the_home_moved(text, slot):
    assert find_slot(text) == slot


def test_a_move_told_with_a_marriage_keeps_the_town_not_the_marriage(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "안산에서 혼자 살고 있어요.")],
        [("customer", "결혼하면서 오산으로 집을 옮겼어요.")],
    ]) as store:
        active = _active(store)
        assert not any("안산" in text for text in active)
        assert any("오산" in text and "결혼" not in text for text in active)


@pytest.mark.parametrize("text, slot", [
    # a plan's name of capitalised words or a number with its unit, before a plan noun
    ("We pay for the Small Office bundle.", Slot("tier", "small office")),
    ("My broadband is the 200 Mbps package.", Slot("tier", "200 mbps")),
    ("Switch me to annual billing, please.", Slot("tier", "annual")),  # a billing period
    # a plan by how often it comes
    ("주 2회 배송 상품 쓰고 있어요.", Slot("tier", "주 2회")),
    ("毎月お届けの契約です。", Slot("tier", "毎月")),
    # a Japanese name registered under, or changed to by a marriage
    ("会員登録は岡田美樹でしています。", Slot("name", "岡田美樹")),
    ("入籍して岡田から三浦になりました。", Slot("name", "三浦")),
    # the parcels' place in the -ing form
    ("Could you start leaving them at the side gate?", Slot("delivery_place", "side gate")),
])
def test_plans_names_and_places_in_more_forms(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "Send it to the Main Street office.",  # no plan noun
    "주 3회 운동하고 있어요.",  # how often they exercise, no plan
    "毎週お届けありがとうございます。",  # thanks for the weekly delivery, no change or contract
])
def test_look_alikes_of_plans_in_more_forms(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "tier"


@pytest.mark.parametrize("text, slot", [
    # a place said to suit the parcels: kept as a fact that fills the slot (it was dropped as an evaluation)
    ("Side gate is best for parcels.", Slot("delivery_place", "side gate")),
    ("Deliveries: back porch.", Slot("delivery_place", "back porch")),
    ("택배는 현관 앞이 편해요.", Slot("delivery_place", "현관 앞")),
    ("경비실 맡기는 게 편해요.", Slot("delivery_place", "경비실")),
    ("荷物は裏口のほうが助かります。", Slot("delivery_place", "裏口")),
    ("不在のときは宅配ボックスでお願いします。", Slot("delivery_place", "宅配ボックス")),
])
def test_a_place_said_to_suit_the_parcels(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "This price is fine for me.",  # no parcels
    "택배는 빨리 오는 게 좋아요.",  # how fast, not where
])
def test_look_alikes_of_a_place_said_to_suit_the_parcels(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "delivery_place"


def test_a_drop_point_told_as_what_suits_is_replaced_later(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "The carport is best for deliveries.")],
        [("customer", "From now on please leave parcels with reception at my office.")],
    ]) as store:
        active = _active(store)
        assert not any("carport" in text for text in active)
        assert any("reception" in text for text in active)
