"""Round sixteen of update judgement: the agent states the new value, the customer only agrees (docs/extraction.md,
"Update judgement", round sixteen).

The customer's agreement is the evidence; the agent's value is the new value only when the customer agreed to the
turn that put it. A "no", or a yes to this one time only, keeps the value held. Sentences are this file's own (none
copied from a case file in scripts/), each mechanism with a look-alike that must not change the fact held.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, answers_proposal, national_number, proposed_slot, shape_values

from .test_update_structure import _active, _run


def _first(store, query: str):
    return store.facts.search(query, limit=3)[0].fact


def _agent_words(fact) -> str:
    return " ".join(e.quote for e in fact.evidence if e.role == "agent")


# -- how the reply opens ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reply, lang, asked, opens", [
    ("ha, yes that's the one", "en", True, "yes"),
    ("go on then", "en", True, "yes"),
    ("does that cost extra?", "en", True, None),
    ("nah, keep it as it is", "en", True, "no"),
    ("yes, but just this once", "en", True, "no"),  # a yes to this one time only keeps the value held
    ("cheers, noted", "en", False, "yes"),  # an acknowledgement of a value the agent says it set
    ("cheers, noted", "en", True, None),  # ... answers no question
    ("네네 그걸로요", "ko", True, "yes"),
    ("아뇨 이번만요", "ko", True, "no"),
    ("うん、それで", "ja", True, "yes"),
    ("いえ、今回だけで大丈夫です", "ja", True, "no"),
])
def test_how_a_reply_opens_against_a_proposal(reply, lang, asked, opens):
    assert answers_proposal(reply, lang=lang, asked=asked) == opens


# -- the value the agent puts ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("customer, agent, context, slot", [
    # the value in the sentence before the question, the slot named there
    ("yep", "The Hedge Plus plan adds a second cut each month. Shall I move you onto it?", "", "tier"),
    # a town the agent reads off a form, the move told by the customer before
    ("ha, yes", "Thanks for the form. Is that Kendal?", "We've moved house recently.", "residence"),
    # a channel is its own slot's value
    ("go on then", "No charge at all. So Signal from now on?", "", "contact_channel"),
    ("네 그걸로 해주세요", "그럼 가족 요금제로 변경해 드릴까요?", "", "tier"),
    ("はい、お願いします", "お住まいを八王子市に変更しておきますね", "先月引っ越しました。", "residence"),
    # a number with its country code, put as a question
    ("넵 그렇게 해주세요", "+82 10-3141-5926 로 저장하면 될까요?", "번호 바꿨어요.", "phone"),
])
def test_the_value_the_agent_puts_is_read(customer, agent, context, slot):
    found = proposed_slot(customer, agent, context)
    assert found is not None and found.name == slot


@pytest.mark.parametrize("customer, agent, context", [
    # a question back is no yes
    ("does that cost anything?", "So Signal from now on?", ""),
    # a statement acknowledged that sets nothing
    ("thanks!", "Your parcel left the depot this morning.", ""),
    # the value still held, asked about
    ("yes", "Is it still the Hedge Plus plan?", ""),
    # a town with nothing naming a home or an address: no slot to put it in
    ("yes please", "Shall I send the brochure to Kendal?", ""),
])
def test_no_value_is_put(customer, agent, context):
    assert proposed_slot(customer, agent, context) is None


# -- whole conversations -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("conversations, old, new, query", [
    # a yes that goes on to say more
    ([[("customer", "I'm on the Monthly Mow plan for the back lawn.")],
      [("customer", "The grass is growing like mad this spring."),
       ("agent", "The Fortnightly Mow plan would keep on top of it. Shall I switch you to the Fortnightly Mow plan?"),
       ("customer", "Yep, and could the gardener use the side gate from now on?")]],
     "Monthly Mow", "Fortnightly Mow", "which lawn plan is the customer on"),
    ([[("customer", "수영 강습은 주 2회 요금제로 할게요.")],
      [("customer", "아이가 더 다니고 싶대요."), ("agent", "그럼 주 4회 요금제로 변경해 드릴까요?"),
       ("customer", "네 그걸로요! 시간은 그대로 저녁 6시로 해주세요")]],
     "주 2회", "주 4회", "수영 강습 요금제"),
    ([[("customer", "今は週2日プランを使っています。")],
      [("customer", "在宅が増えたので回数を増やしたいです。"),
       ("agent", "週4日プランがございます。週4日プランに切り替えますか？"), ("customer", "うん、それで！")]],
     "週2日", "週4日", "お弁当の契約プラン"),
])
def test_a_value_the_agent_proposes_and_the_customer_agrees_to_replaces_the_old_one(
        isolated_env, tmp_path, conversations, old, new, query):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text and new not in text for text in _active(store))
        first = _first(store, query)
        assert first.agreement and new in _agent_words(first)
        # the wall: the customer's words are as they said them
        assert new not in " ".join(e.quote for e in first.evidence if e.role == "customer")


@pytest.mark.parametrize("conversations, old, new", [
    # a code the agent reissues, acknowledged
    ([[("customer", "My booking reference is KT-3952, can I add a late checkout?")],
      [("customer", "We've had to change our dates, can you redo the booking?"),
       ("agent", "Done: the old booking is cancelled and your new reference is KT-4410."),
       ("customer", "great, thanks")]],
     "KT-3952", "KT-4410"),
    # a code the agent finds, one digit swapped from the one given
    ([[("customer", "Where is my order? Number is PB-62718.")],
      [("customer", "Sorry, I think I gave you the wrong number before."),
       ("agent", "No problem. There's an order in your name, PB-62178 - is that the one?"),
       ("customer", "That's it yes!")]],
     "PB-62718", "PB-62178"),
    # a number with its country code, the agent's statement acknowledged
    ([[("customer", "連絡先は090-1357-2468です")],
      [("customer", "携帯の番号が変わりました。国番号つきでお願いします"), ("agent", "+81 80-2468-1357 で登録しますね"),
       ("customer", "はい、それで大丈夫です")]],
     "090-1357-2468", "+81 80-2468-1357"),
])
def test_a_code_or_number_the_agent_states_replaces_the_held_one(isolated_env, tmp_path, conversations, old, new):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text and new not in text for text in _active(store))
        assert any(new in text for text in _active(store))


@pytest.mark.parametrize("conversations, held", [
    # a "no" to making a one-off value lasting keeps the value held
    ([[("customer", "Please send the veg box to 4 Canal Street, Leeds LS1 4AB every week.")],
      [("customer", "Could this week's box go to my office instead? 12 Mercer Road, Leeds LS2 7EE."),
       ("agent", "Of course. Shall I make Mercer Road your delivery address from now on?"),
       ("customer", "no, only this week")]],
     "4 Canal Street"),
    ([[("customer", "영수증은 minji.k@mail.example 로 보내주세요")],
      [("customer", "이번 영수증만 회사 메일로 받을 수 있을까요? minji@office.example 이에요"),
       ("agent", "앞으로 모든 메일을 그 주소로 바꿔 드릴까요?"), ("customer", "아뇨 이번만요")]],
     "minji.k@mail.example"),
    ([[("customer", "会員登録お願いします。名前は山田太郎です")],
      [("customer", "今日は息子の山田次郎が受け取りに行きます"), ("agent", "会員名を次郎様に変更しますか？"),
       ("customer", "いや、会員は僕のままで。")]],
     "山田太郎"),
    # a yes to this one time only
    ([[("customer", "Please always leave parcels with the concierge.")],
      [("customer", "Could today's parcel go in the porch?"),
       ("agent", "Sure. Shall we leave them in the porch from now on?"), ("customer", "Just this once yes")]],
     "concierge"),
])
def test_a_no_or_a_one_off_keeps_the_value_held(isolated_env, tmp_path, conversations, held):
    with _run(tmp_path, conversations) as store:
        assert any(held in text for text in _active(store))


# -- a phone number with its country code -------------------------------------------------------------------------

@pytest.mark.parametrize("written, national", [
    ("+44 7700 900123", "07700900123"),
    ("+447700900123", "07700900123"),
    ("+44 (0)7700 900123", "07700900123"),
    ("+82 10-3141-5926", "01031415926"),
    ("+81 80-2468-1357", "08024681357"),
    ("+1 (415) 555-0100", "4155550100"),
    ("+39 06 1234 5678", "0612345678"),
    ("07700 900123", "07700900123"),
])
def test_a_phone_number_is_compared_as_dialled_at_home(written, national):
    assert national_number(written) == national


def test_a_number_with_its_country_code_is_known_by_its_shape():
    assert shape_values("Reach me on +44 7700 900123 from Monday") == (Slot("phone", "07700900123"),)


# -- one thing sent elsewhere, the held value named as the usual one ------------------------------------------------

@pytest.mark.parametrize("conversations, held", [
    ([[("customer", "Send the service reminders to lena.park@mailbox.example please.")],
      [("customer", "Could you email the invoice to bills@parkstudio.example? Keep the reminders going to my usual "
                    "email.")]],
     "lena.park@mailbox.example"),
    ([[("customer", "정기배송 주소는 광주 서구 상무대로 100, 301호예요.")],
      [("customer", "이번 한 번만 회사로 보내주세요. 광주 북구 첨단과기로 20이요. 다른 배송은 원래 주소로 해주세요.")]],
     "상무대로 100"),
    ([[("customer", "通知は hana.k@mail.example にお願いします。")],
      [("customer", "今回の請求書だけ経理の acc@hana-design.example に送ってもらえますか？"
                    "それ以外はいつものアドレスでお願いします。")]],
     "hana.k@mail.example"),
])
def test_a_second_value_for_one_thing_keeps_the_usual_one(isolated_env, tmp_path, conversations, held):
    with _run(tmp_path, conversations) as store:
        assert any(held in text for text in _active(store))


def test_a_change_that_names_the_old_value_is_still_a_change(isolated_env, tmp_path):
    # the look-alike: "the old one" said while giving a new value is no value kept
    with _run(tmp_path, [[("customer", "My email is lena.park@mailbox.example.")],
                         [("customer", "I have a new email, lena@newhome.example. The old one is closed.")]]) as store:
        assert not any("lena.park@mailbox.example" in text and "newhome" not in text for text in _active(store))


# -- a change taken back later in the same conversation ---------------------------------------------------------------

@pytest.mark.parametrize("conversations, held", [
    ([[("customer", "Our address is 5 Larch Road, Bakewell.")],
      [("customer", "Please change our address to 12 Orchard Way, Matlock, we're moving next month."),
       ("agent", "Noted."),
       ("customer", "Sorry, scrap that - the purchase collapsed and we're staying put. Keep the old one.")]],
     "5 Larch Road"),
    ([[("customer", "배송지는 전주 완산구 효자로 15예요.")],
      [("customer", "배송지를 전주 덕진구 백제대로 567로 바꿔주세요."), ("agent", "확인했습니다."),
       ("customer", "아 죄송해요, 그냥 원래 주소로 해주세요. 이사가 미뤄졌어요.")]],
     "효자로 15"),
    ([[("customer", "住所は静岡市葵区呉服町2-1です。")],
      [("customer", "住所を浜松市中区元城町100-2に変更してください。"), ("agent", "承知しました。"),
       ("customer", "すみません、やっぱり元のままでお願いします。")]],
     "呉服町2-1"),
])
def test_a_change_taken_back_in_the_same_conversation_keeps_the_held_value(isolated_env, tmp_path, conversations,
                                                                            held):
    with _run(tmp_path, conversations) as store:
        assert any(held in text for text in _active(store))


def test_a_change_not_taken_back_still_replaces_the_held_value(isolated_env, tmp_path):
    # the look-alike: a later turn that keeps something else (the delivery day) takes back no change of address
    with _run(tmp_path, [[("customer", "Our address is 5 Larch Road, Bakewell.")],
                         [("customer", "Please change our address to 12 Orchard Way, Matlock."), ("agent", "Done."),
                          ("customer", "Thanks! Same delivery day as before please.")]]) as store:
        assert not any("5 Larch Road" in text for text in _active(store))


def test_a_no_that_gives_a_new_value_replaces_the_held_one(isolated_env, tmp_path):
    # the look-alike of a decline: "no, not that number — use this one" is a new value, whatever the question said
    with _run(tmp_path, [[("customer", "연락처는 02-2211-3344 입니다.")],
                         [("customer", "수리 접수하려고요."),
                          ("agent", "기존 번호 02-2211-3344로 연락드려도 될까요?"),
                          ("customer", "아뇨 그 번호 이제 안 써요. 010-7788-9900으로 해주세요"),
                          ("agent", "네, 연락처를 010-7788-9900으로 변경했습니다.")]]) as store:
        assert not any("02-2211-3344" in text and "010-7788-9900" not in text for text in _active(store))
