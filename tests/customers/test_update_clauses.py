"""Round eight of update judgement: where the value stands (docs/extraction.md, "Update judgement", round eight).

A direction word between "live" and "in", a cleft that makes the home its topic ("사는 데가 X라서", "住んでるのは
X"), the polite connective a finished move is told in ("Xに移りまして、"), a channel named by its gerund, the parcels
as the object of a wish or the subject of a passive, a way of receiving named as a noun, the service's own details
named only in a later clause, and "cancel the …" calling a standing wish off. The phrasings are this file's own,
not those of any case file in scripts/.
"""

from __future__ import annotations

import pytest

from mem.customers import kinds
from mem.customers.slots import Slot, answered_slot, find_slot, query_slot, slot_in

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, slot", [
    # a direction word between the verb and "in"
    ("we live over in Mildura, so shipping takes ages", Slot("residence", "Mildura")),
    ("I live down in Hobart.", Slot("residence", "Hobart")),
    # the home as the topic of a cleft, the copula in a connective form
    ("제가 사는 곳이 여수라서 택배가 하루 더 걸려요.", Slot("residence", "여수")),
    ("저희 사는 동네가 안동인데 배송 되나요?", Slot("residence", "안동")),
    ("住んでるのは函館なんだ。", Slot("residence", "函館")),
    ("今住んでいるところは旭川です。", Slot("residence", "旭川")),
    # the polite connective of a finished move, then another matter about a store
    ("先月、福井に移りまして、受け取り店舗を変更したいです。", Slot("residence", "福井")),
    # a channel named by its verb as a noun
    ("Calling is the easiest way to reach me.", Slot("contact_channel", "phone")),
    ("Emailing works better for me.", Slot("contact_channel", "email")),
    # the parcels as the object of a wish or the subject of a passive
    ("From now on I'd like my parcels left at the side gate.", Slot("delivery_place", "side gate")),
    ("Packages should be held at the post office on Mill Street instead.",
     Slot("delivery_place", "post office on mill street")),
    # a way of receiving named as a noun
    ("今後は営業所止めでお願いします。", Slot("delivery_place", "営業所止め")),
    ("앞으로는 편의점 픽업으로 해 주세요.", Slot("delivery_place", "편의점 픽업")),
])
def test_a_value_is_read_where_it_stands(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text", [
    "Two parcels went missing at the front desk last month.",  # what happened, not where they are wanted
    "店舗の住所は、大阪府大阪市北区梅田1-2-3ですか？",  # the service's own, named before the value
    "고객센터 번호가 1588-0000인가요?",
])
def test_what_happened_or_the_services_own_fills_no_slot(text):
    assert find_slot(text) is None


@pytest.mark.parametrize("text", [
    "Please cancel the weekly flower box.",
    "Cancel my tea club, it's too much tea.",
])
def test_cancel_calls_a_standing_wish_off(text):
    assert kinds.is_retraction(text, lang="en")


def test_a_confirmed_sign_up_is_taken_back_by_cancelling_part_of_its_name(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Could you enrol me in the fortnightly tea club?"),
         ("agent", "Done, you're enrolled in the fortnightly tea club.")],
        [("customer", "Please cancel the tea club, I have more tea than I can drink.")],
    ]) as store:
        assert not any("tea club" in text for text in _active(store))
        assert any("tea club" in f.text for f in store.facts.list(statuses=["retracted"]))


@pytest.mark.parametrize("conversations, query, new, old", [
    ([[("customer", "I live out in Mildura, the heat is something else")],
      [("customer", "hi! the fan arrived fine. we moved to Bendigo last month btw. is there a winter sale?")]],
     "where does the customer live", "Bendigo", "Mildura"),
    ([[("customer", "제가 사는 데가 여수라서 택배가 늦어요.")],
      [("customer", "안녕하세요. 지난번 교환 감사합니다. 저 이제 순천 살아요. 적립금은 언제 들어오나요?")]],
     "고객 거주지", "순천", "여수"),
    ([[("customer", "住んでるのは函館だよ。")],
      [("customer", "こんにちは。実は札幌に移りまして、受け取り店舗も変えたいです。")]],
     "お客様はどこに住んでいますか", "札幌", "函館"),
])
def test_a_home_told_in_a_cleft_is_replaced_by_a_move_in_a_chatty_message(isolated_env, tmp_path, conversations,
                                                                          query, new, old):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text for text in _active(store))
        assert new in store.facts.search(query, limit=3)[0].fact.text


@pytest.mark.parametrize("text", [
    # a move supposed, not made
    "Suppose we moved to Tromsø, would shipping cost more?",
    "In case I relocate to Aarhus in spring, can the plan move with me?",
    # a home wished for
    "I'd love to live in Porto one day.",
    "나중에는 강릉에 살고 싶어요.",
    "いつか鎌倉に住みたいです。",
    # a Korean move in a conditional form, a Japanese one in the dictionary form before a condition
    "내년에 목포로 이사하게 되면 주소 바꿀게요.",
    "松江に引っ越すことになったら連絡します。",
    "盛岡へ転居する場合、手続きは必要ですか。",
    # what someone else is said to have done
    "언니네가 춘천으로 이사했대요.",
    "姪が長崎に引っ越したそうです。",
])
def test_a_supposed_wished_or_reported_move_fills_no_slot(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "residence"


@pytest.mark.parametrize("text", [
    "Those weekly reminder emails can stop, I use the app now.",
    "Actually, I've changed my mind, the paper catalogue is fine.",
    "Keep them coming, the samples were lovely after all.",
    "You can start adding the gift notes again.",
])
def test_a_standing_wish_called_off_or_reversed_in_english(text):
    assert kinds.is_retraction(text, lang="en")


def test_a_matter_referred_back_to_and_no_longer_needed_takes_back_a_wish_told_as_an_event(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "発送のたびに梱包の写真を毎回送ってほしいです。")],
        [("customer", "前に頼んだ梱包の写真の件、もう大丈夫です。")],
    ]) as store:
        assert not any("毎回送って" in text for text in _active(store))


def test_a_wish_that_can_stop_at_the_end_of_its_clause_is_taken_back(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please always send me a text when my order ships.")],
        [("customer", "Those shipping texts can stop, I check the app now.")],
    ]) as store:
        assert not any("send me a text" in text for text in _active(store))


@pytest.mark.parametrize("text, slot", [
    # a name set by "update / correct the name to", a Korean surname alone, 개명 as the verb or before the copula
    ("Please correct my name to Ines Duarte.", Slot("name", "Ines Duarte")),
    ("결혼하면서 성이 윤으로 바뀌었어요.", Slot("name", "윤")),
    ("이름을 박하람으로 개명했어요.", Slot("name", "박하람")),
    ("작년에 개명해서 이제 정다온이에요.", Slot("name", "정다온")),
    # an adverb between the copula and a code; a code right after a Japanese particle
    ("Sorry, the booking reference is actually MV-3318.", Slot("order", "MV-3318")),
    # "A ではなく B", "A가 아니라 B": the code denied first, the right one after it
    ("予約番号はT-4410ではなくT-4401です。", Slot("order", "T-4401")),
    ("주문번호는 B-7720이 아니라 B-7702예요.", Slot("order", "B-7702")),
])
def test_a_name_or_a_code_is_read_where_it_stands(text, slot):
    assert find_slot(text) == slot


def test_a_code_after_a_japanese_particle_keeps_its_letters():
    assert slot_in("問い合わせ番号を打ち間違えました。正しくはM-30917です。") == Slot("order", "M-30917")


def test_a_part_of_the_address_named_alone_announces_the_address():
    assert answered_slot("番地を間違えました。", "三条2-41-3が正しいです。") == Slot("address", "三条2-41-3")
    assert answered_slot("Sorry, I gave you the wrong house number.", "It's 81 Birch Avenue.") \
        == Slot("address", "81 Birch Avenue")


def test_the_value_after_the_one_denied_is_the_answer():
    assert answered_slot("이름을 바꿨어요.", "이제 최유진 말고 한유진으로 해 주세요.") == Slot("name", "한유진")


@pytest.mark.parametrize("text", [
    "이번 주문만 회사 주소인 대전시 서구 둔산로 100으로 보내 주세요.",
    "今回だけ、職場の大阪府大阪市北区梅田3-1-1に送ってください。",
    "Just this once, send it to 22 Quay Street, Bristol.",
])
def test_a_value_for_one_order_only_is_no_standing_value(text):
    assert find_slot(text) is None


def test_an_address_for_one_order_only_leaves_the_address(isolated_env, tmp_path):
    with _run(tmp_path, [[("customer", "주소는 대전시 유성구 대학로 99예요.")],
                         [("customer", "이번 주문만 회사 주소인 대전시 서구 둔산로 100으로 보내 주세요.")]]) as store:
        assert any("대학로 99" in text for text in _active(store))


@pytest.mark.parametrize("text", [
    "이제 배송 완료 사진은 안 찍어 주셔도 돼요.",  # the verb and 주셔도 apart
    "그 리본 포장 건은 이제 괜찮아요.",  # the matter named, then no longer needed
    "紙袋は今後いらないです。",
    "梱包材は普通の量に戻してください。",  # back to the usual
])
def test_a_wish_called_off_in_korean_or_japanese_registers(text):
    lang = "ko" if any("\uac00" <= ch <= "\ud7a3" for ch in text) else "ja"
    assert kinds.is_retraction(text, lang=lang)


@pytest.mark.parametrize("query, slot", [
    ("customer's current surname", "name"),
    ("荷物の送り先", "address"),
    ("お客様の居住地", "residence"),
    ("荷物の置き場所", "delivery_place"),
    ("where to leave the customer's parcels", "delivery_place"),
])
def test_a_search_question_names_its_slot(query, slot):
    assert query_slot(query) == slot
