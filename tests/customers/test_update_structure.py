"""Where a changed value stands in a sentence, read by structure rather than by phrase: an address or phone
number known by its shape, a clause cut at a Korean or Japanese connective, a value stated beside a question,
a reason clause after the value, a move told without its place, a value that belongs to someone else's home
or to the customer's past, a wish reversed. The phrasings here are this file's own, not those of any case file
in scripts/ (docs/extraction.md, "Update judgement", round four)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from mem.core.config import Config
from mem.customers import kinds
from mem.customers.extract import extract_pending
from mem.customers.fact_candidates import Candidate, Turn, deterministic_candidates
from mem.customers.fact_record import Evidence, Fact
from mem.customers.judge import judge
from mem.customers.slots import Slot, answered_slot, find_slot, slot_in
from mem.customers.store import CustomerStore

DAY = date(2025, 10, 6)


@pytest.mark.parametrize("text, slot", [
    # an address by its shape, whatever verb or particle stands around it
    ("Everything can go to 41 Rowan Crescent from next week.", Slot("address", "41 Rowan Crescent")),
    ("Deliveries should now come to 9 Quarry Hill, Bath.", Slot("address", "9 Quarry Hill, Bath")),
    ("Could you post the spare to my new flat at 6 Cedar Way?", Slot("address", "6 Cedar Way")),
    ("We've moved to 22 Harbour Row.", Slot("address", "22 Harbour Row")),
    ("제 주소 대구시 수성구 달구벌대로 300, 5층이에요.", Slot("address", "대구시 수성구 달구벌대로 300, 5층")),
    ("다음 달부터는 광주시 서구 상무대로 88로 보내 주세요.", Slot("address", "광주시 서구 상무대로 88")),
    ("来月から神奈川県横浜市中区本町2-5-1 ベイコート402に届けてください。",
     Slot("address", "神奈川県横浜市中区本町2-5-1 ベイコート402")),
    # a phone number by its shape
    ("For anything urgent it's 0161 496 0732.", Slot("phone", "01614960732")),
    ("앞으로 연락은 010-5555-0192로 주세요.", Slot("phone", "01055550192")),
    ("今後は080-3333-4444にお願いします。", Slot("phone", "08033334444")),
])
def test_an_address_or_a_phone_number_is_known_by_its_shape(text, slot):
    assert find_slot(text) == slot


@pytest.mark.parametrize("text, slot", [
    # the value's clause ends at a connective ending, so the question after it does not hide it
    ("저는 울산에 살고 있는데 새벽 배송도 되나요?", Slot("residence", "울산")),
    ("長野に住んでいるんですけど、冬も届きますか？", Slot("residence", "長野")),
    # a move as a noun, a move told with a direction particle, "X resident", "call X home"
    ("実は来月、金沢への引っ越しが決まりました。", Slot("residence", "金沢")),
    ("지난주에 세종에 이사 왔어요.", Slot("residence", "세종")),
    ("We've been living in Galway since the spring.", Slot("residence", "Galway")),
    ("We now call Tromsø home.", Slot("residence", "Tromsø")),
    ("We're down in Plymouth now.", Slot("residence", "Plymouth")),
    ("引っ越し先は岡山です。", Slot("residence", "岡山")),
    # the name of whoever orders or books
    ("予約者名は森田です。", Slot("name", "森田")),
    ("주문자명은 한지민입니다.", Slot("name", "한지민")),
    ("The name on the order should be Dana Whitfield now.", Slot("name", "Dana Whitfield")),
    # a language or channel said to do, preferred to another, or in a language not listed before
    ("English is fine now, thanks.", Slot("language", "English")),
    ("Actually, Portuguese please from now on.", Slot("language", "Portuguese")),
    ("베트남어로 답해 주세요.", Slot("language", "Vietnamese")),
    ("I'd rather you texted me.", Slot("contact_channel", "sms")),
    ("전화보다는 카톡이 편해요.", Slot("contact_channel", "kakaotalk")),
    ("電話よりメールでお願いします。", Slot("contact_channel", "email")),
    ("Calls are fine now.", Slot("contact_channel", "phone")),
    ("We pay for the Studio plan.", Slot("tier", "studio")),
    ("Confirmation code is QW8812.", Slot("order", "QW8812")),
    ("We're on Starter.", Slot("tier", "starter")),  # a known plan name, the clause ending there
    ("We bumped ourselves up to Growth last week.", Slot("tier", "growth")),
    ("Weekday mornings are better for deliveries now.", Slot("delivery_time", "weekday mornings")),
])

def test_a_slot_is_read_where_its_value_stands(text, slot):
    assert slot_in(text) == slot


@pytest.mark.parametrize("text", ["I'm on free shipping, right?", "I am on holiday now."])
def test_on_a_word_that_names_a_plan_elsewhere_is_no_plan(text):
    assert slot_in(text) is None


@pytest.mark.parametrize("text", [
    "어머니 댁 주소는 대구시 수성구 달구벌대로 300이에요.",  # a relative's home
    "大学のころはsaki@campus.example.ac.jpを使っていました。",  # the customer's past
    "Is your shop at 41 Rowan Crescent?",  # asking what the service has
    "Please send the card to my aunt at 5 Birch Close.",  # someone reached at an address
])
def test_a_value_of_someone_elses_or_of_the_past_fills_no_slot(text):
    assert find_slot(text) is None


def _turn(role: str, text: str, number: int) -> Turn:
    return Turn(id=f"t{number}", role=role, text=text, speaker=None, day=DAY, policy_refs=())


def test_a_value_stated_beside_a_question_is_a_fact():
    turns = [_turn("customer", "I'm in Cork, so the Irish rate applies to me, right?", 0),
             _turn("agent", "Yes, it does.", 1)]
    found = deterministic_candidates(turns, log_id="c0", reference=DAY)
    assert [c.slot for c in found] == [Slot("residence", "Cork")]


def test_a_reason_after_the_value_is_cut_and_the_value_kept():
    # a sensitive reason (a wife's new post is not one: new-user report 12, item 6, mem.core.text.sensitive)
    turns = [_turn("customer", "We've relocated to Dundee for my chemo at the cancer centre, so winter gear matters.",
                   0)]
    found = deterministic_candidates(turns, log_id="c0", reference=DAY)
    assert [c.slot for c in found] == [Slot("residence", "Dundee")]
    assert "chemo" not in found[0].evidence[0].quote


@pytest.mark.parametrize("cue, reply, slot", [
    ("We moved last month. Where to?", "Norwich, near the cathedral.", Slot("residence", "Norwich")),
    ("We moved last month. Where to?", "To 14 Elm Grove, Norwich.", Slot("address", "14 Elm Grove, Norwich")),
    ("이사했어요.", "청주요.", Slot("residence", "청주")),
])
def test_a_move_told_without_its_place_makes_the_reply_the_place(cue, reply, slot):
    assert answered_slot(cue, reply) == slot


@pytest.mark.parametrize("lang, text", [
    ("en", "Please go back to including the packing slip."),
    ("en", "I've changed my mind about the paper statements."),
    ("ko", "포장 이제 다시 해 주셔도 돼요."),
    ("ja", "チラシの同封は今後なしでお願いします。"),
    ("ja", "サンプルの送付を止めてもらえますか。"),
])
def test_a_wish_reversed_or_called_off_as_a_request_is_a_retraction(lang, text):
    assert kinds.is_retraction(text, lang=lang)


def _fact(kind: str, text: str, agent: str | None = None) -> Fact:
    evidence = [Evidence("c0", "t0", "customer", text)]
    if agent:
        evidence.append(Evidence("c0", "t1", "agent", agent))
    return Fact.new(kind, f"{text} → {agent}" if agent else text, valid_at=DAY, evidence=evidence)


def _candidate(kind: str, text: str, lang: str) -> Candidate:
    return Candidate(kind=kind, text=text, evidence=(Evidence("c1", "t1", "customer", text),), valid_at=DAY,
                     slot=slot_in(text), retraction=kinds.is_retraction(text, lang=lang),
                     correction=kinds.is_correction(text, lang=lang), lang=lang)


def test_a_reversal_that_gives_a_slots_value_again_is_an_update_not_a_deletion():
    old = _fact("decision", "일본어로 답해 주세요.", agent="네, 일본어로 답변드리겠습니다.")
    verdict = judge(_candidate("event", "다시 한국어로 해 주셔도 돼요.", "ko"), [old])
    assert verdict.action == "UPDATE" and verdict.target is old


def _run(home: Path, conversations: list[list[tuple[str, str]]]) -> CustomerStore:
    home.mkdir(parents=True, exist_ok=True)
    store = CustomerStore.open(home, "c1")
    for number, turns in enumerate(conversations):
        log = home / f"log{number}.jsonl"
        log.write_text("".join(json.dumps({"session": f"s{number}", "time": f"2025-0{number + 3}-01T10:0{k}:00Z",
                                           "role": role, "text": text}, ensure_ascii=False) + "\n"
                               for k, (role, text) in enumerate(turns)), encoding="utf-8")
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=home, env={}))
    return store


def _active(store: CustomerStore) -> list[str]:
    return [f.text for f in store.facts.list(statuses=["active"])]


def test_a_city_given_beside_a_question_is_replaced_by_a_move_in_the_middle_of_a_later_message(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "저는 목포에 살고 있는데 냉동식품도 배송되나요?"), ("agent", "네, 가능합니다.")],
        [("customer", "지난번 만두 맛있었어요. 그리고 이번 달에 여수로 이사했어요. 냉동 박스는 언제 또 들어오나요?"),
         ("agent", "다음 주에 입고됩니다.")],
    ]) as store:
        assert not any("목포" in text for text in _active(store))
        assert "여수" in store.facts.search("고객은 어디 살아요?", limit=3)[0].fact.text


def test_an_agreed_address_is_replaced_by_a_request_to_send_to_a_new_place(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please send the spare cartridge to 3 Tanner Street, Ely."), ("agent", "Sure, it ships today.")],
        [("customer", "Could you send the next cartridge to our new house at 18 Willow Close, Ely?"),
         ("agent", "Of course.")],
    ]) as store:
        assert not any("Tanner" in text for text in _active(store))
        assert "Willow" in store.facts.search("which address should the customer's parcels go to", limit=3)[0].fact.text


def test_a_japanese_address_told_by_its_shape_replaces_the_earlier_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "送り先は福岡県福岡市中央区天神1-1-1です。")],
        [("customer", "次回から新居の福岡県福岡市早良区西新4-2-8 パークハイツ203に送ってもらえますか？"),
         ("agent", "はい、次回から変更いたします。")],
    ]) as store:
        assert not any("天神" in text for text in _active(store))
        assert "西新" in store.facts.search("お届け先の住所", limit=3)[0].fact.text


@pytest.mark.parametrize("text, slot", [
    # a mistake owned up to gives its value by shape, in the same sentence or the next
    ("I swapped two digits in the booking reference, it's TRQ5512.", Slot("order", "TRQ5512")),
    ("예약번호 거꾸로 적었어요. BK-8814예요.", Slot("order", "BK-8814")),
])
def test_a_mistake_owned_up_to_gives_the_value_that_follows(text, slot):
    assert slot_in(text) == slot


def test_a_plan_named_in_the_first_clause_of_a_reply():
    assert answered_slot("Which plan are you on now?", "Scale, the yearly one.") == Slot("tier", "scale")


@pytest.mark.parametrize("text", [
    "회사 동료 이메일 jun@work.example로 견적서 사본 보내 주세요.",  # a colleague's address, no particle
    "山田さんの携帯は070-1234-5678です。",  # someone named as another person
    "김민수 씨 번호 010-2222-3333으로 연락 주세요.",
    "Tom's number is 07700 900111.",
])
def test_a_value_of_a_named_other_person_fills_no_slot(text):
    assert slot_in(text) is None


@pytest.mark.parametrize("conversations, old, new, wish", [
    ([[("customer", "네 맞아요 저 망원동 살아요. 그리고 배송은 매달 15일쯤으로 받고 싶어요"),
       ("agent", "네, 15일 전후로 받으실 수 있도록 메모해 두겠습니다.")],
      [("customer", "저 이번에 부산 해운대구로 이사했어요! 주소 바꿔주세요"),
       ("agent", "네, 부산 해운대구로 주소 변경 도와드릴게요."),
       ("customer", "아 그리고 15일 배송 그거 취소할게요 그냥 원래대로 보내주세요"),
       ("agent", "네, 배송일 지정은 취소하고 원래 일정대로 보내드리겠습니다.")]], "망원동", "해운대구", "15일쯤"),
    ([[("customer", "Yes that's right, I live in Camden. And I'd like my boxes around the 15th of each month."),
       ("agent", "Sure, I've noted deliveries around the 15th.")],
      [("customer", "We've just moved to Leeds! Please change my address"),
       ("agent", "Of course, I'll update your address to Leeds."),
       ("customer", "Oh and cancel that 15th delivery thing, just send it like before"),
       ("agent", "Done, the delivery day is cancelled and boxes go out on the usual schedule.")]],
     "Camden", "Leeds", None),
    ([[("customer", "はい、そうです。中野に住んでいます。あと配送は毎月15日ごろにしてほしいです"),
       ("agent", "承知しました。15日前後にお届けできるようメモしておきます。")],
      [("customer", "この度、福岡市博多区に引っ越しました！住所を変えてください"),
       ("agent", "福岡市博多区への住所変更を承ります。"),
       ("customer", "あと15日配送のやつはキャンセルで、やっぱり元通りに送ってください"),
       ("agent", "はい、配送日の指定を取り消し、通常どおりお送りします。")]], "中野", "博多区", None),
])
def test_a_go_back_that_names_the_delivery_day_leaves_the_move_of_the_same_conversation(
        isolated_env, tmp_path, conversations, old, new, wish):
    # newuser30 #7: "15일 배송 그거 취소할게요 그냥 원래대로" undoes the day it names; the address given before it in
    # the conversation stays changed (the old one was active again beside the new)
    with _run(tmp_path, conversations) as store:
        active = _active(store)
        assert not any(old in text for text in active)
        assert any(new in text for text in active)
        if wish is not None:  # the Korean wish is taken back as well (the English and Japanese ones: a known limit)
            assert not any(wish in text for text in active)


@pytest.mark.parametrize("text, named", [
    ("아 그리고 15일 배송 그거 취소할게요 그냥 원래대로 보내주세요", True),
    ("Cancel the delivery date please, back to how it was", True),
    ("あと15日配送のやつはキャンセルで、やっぱり元通りに送ってください", True),
    ("그냥 원래대로 해주세요", False),
    ("Actually keep the old one, we're staying put", False),
    ("We moved on the 15th, keep the old one", False),
])
def test_a_go_back_names_a_delivery_day(text, named):
    from mem.customers.slots import names_delivery_day

    assert names_delivery_day(text) is named


@pytest.mark.parametrize("text, remark", [
    ("오늘 날씨 진짜 좋네요", True),
    ("今日めっちゃ暑いですね〜", True),
    ("It's freezing today isn't it", True),
    ("Lovely weather today!", True),
    ("비가 많이 오네요", True),
    ("いい天気ですね！", True),
    # something of the customer's own: what happened, a number, a wish, or a reaction to what was told
    ("It's so hot the chocolate melted in the box", False),
    ("날씨가 너무 더워서 초콜릿이 다 녹았어요", False),
    ("今日は暑すぎてチョコが溶けてました", False),
    ("It's hot, please send ice packs", False),
    ("It's 35 degrees today", False),
    ("It's great!", False),
    ("hot", False),
])
def test_a_remark_on_the_weather_is_small_talk(text, remark):
    assert kinds.remarks_on_the_weather(text) is remark
    if remark:
        assert kinds.is_small_talk(text) and kinds.says_nothing_of_their_own(text)


@pytest.mark.parametrize("turns, kept", [
    ([("customer", "오늘 날씨 진짜 좋네요"), ("agent", "그러게요! 무엇을 도와드릴까요?"),
      ("customer", "정기구독 주소 확인하고 싶어요. 저 망원동 살아요")], "망원동"),
    ([("customer", "今日めっちゃ暑いですね〜"), ("agent", "本当ですね。ご用件をどうぞ。"),
      ("customer", "配送は午前中にしてほしいです")], "午前中"),
    ([("customer", "It's freezing today isn't it"), ("agent", "It is! How can I help?"),
      ("customer", "Please send the next box to 12 Elm Road, Leeds.")], "Elm Road"),
])
def test_small_talk_about_the_weather_is_no_fact(isolated_env, tmp_path, turns, kept):
    # newuser30 #13: the weather remark was an active event fact and was listed in answers
    with _run(tmp_path, [turns]) as store:
        active = _active(store)
        assert any(kept in text for text in active)
        assert not any(word in text for text in active for word in ("날씨", "暑い", "freezing"))
