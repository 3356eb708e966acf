"""Round fourteen of update judgement: the held value said to go on as before (docs/extraction.md, "A fourteenth
round").

A message that gives a second address, phone or e-mail and says, in any frame, that the customer's held one goes on
as before ("Leith is still home", "keep us as the default contact", "집 배송은 평소대로", "窓口はこれまで通り私です")
adds the new value beside the held one. Sentences are this file's own (none copied from a case file in scripts/);
each mechanism has a look-alike that must still update.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import kept_slots

from .test_update_structure import _active, _run


@pytest.mark.parametrize("sentences, slots", [
    (["Could you also clean the shed at 8 Fern Lane, Leith each spring?", "Bute Road is still home."],
     {"address", "phone", "email"}),
    (["Please copy my assistant on invoices, jo.ward@millbank.example.", "Keep us as the default contact."],
     {"address", "phone", "email"}),
    (["사무실로도 샘플 하나 보내 주세요, 광주 서구 상무대로 14요.", "집 배송지는 평소대로 해 주세요."], {"address"}),
    (["請求書は経理の小池にも送ってください。", "窓口はこれまで通り私です。"], {"address", "phone", "email"}),
])
def test_a_held_value_said_to_go_on_as_before_keeps_its_slots(sentences, slots):
    assert kept_slots(sentences) == slots


@pytest.mark.parametrize("sentences", [
    # a change announced in the same message: the new value is the customer's own, whatever else goes on as before
    ["I've changed my email, it's now kit.r@pondmail.example.", "Everything else as usual."],
    ["새 주소는 광주 서구 상무대로 14예요.", "배송 요일은 평소대로 해 주세요."],
    # a closing, not a value going on
    ["メールは kana.s@hoshi.example にお願いします。", "引き続きよろしくお願いします。"],
])
def test_no_slot_is_kept_where_a_change_is_announced_or_only_a_closing_is_said(sentences):
    assert kept_slots(sentences) == frozenset()


def test_a_second_address_beside_a_home_said_to_go_on_keeps_the_home(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please deliver the firewood to 12 Bute Road, Rothesay."), ("agent", "Will do.")],
        [("customer", "We've taken a caravan at 3 Shore Walk, Largs for the summer, could you drop a bag there "
                      "monthly? Rothesay is still home and still gets the invoices.")],
    ]) as store:
        assert any("12 Bute Road" in text for text in _active(store))


def test_a_new_address_with_the_rest_as_usual_replaces_the_held_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please deliver the firewood to 12 Bute Road, Rothesay."), ("agent", "Will do.")],
        [("customer", "We've moved to 3 Shore Walk, Largs. Deliveries as usual on Fridays please.")],
    ]) as store:
        assert not any("12 Bute Road" in text for text in _active(store))


def test_a_colleagues_email_in_copy_keeps_the_customers_own(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "견적서는 dh.yoon@sanmaru.example 로 보내 주세요."), ("agent", "네.")],
        [("customer", "다음 견적서는 회계 담당에게도 보내 주세요, mj.ko@sanmaru.example 입니다. 받는 사람은 원래대로 "
                      "저로 해 주시고요.")],
    ]) as store:
        assert any("dh.yoon@sanmaru.example" in text for text in _active(store))


# -- a retraction reaches the wish by its object ----------------------------------------------------------------

def test_a_hyphenated_wish_is_named_by_its_parts(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please sign me up for the fortnightly gutter-cleaning rounds."), ("agent", "Done!")],
        [("customer", "Could you cancel the gutter cleaning? My brother-in-law does it now."),
         ("agent", "Of course, cancelled.")],
    ]) as store:
        assert not any("gutter-cleaning rounds" in text for text in _active(store))


@pytest.mark.parametrize("signed_up, taken_back, wish", [
    ("원두 정기배송 신청할게요", "요즘 커피를 끊어서 다음 달부터 원두는 안 보내 주셔도 돼요", "원두 정기배송"),
    ("季節の花の定期便を申し込みます。", "花の定期便は来月から止めてください。", "季節の花"),
    ("Put me down for the cheese-of-the-month boxes too.", "I'll pass, please cancel the cheese boxes.",
     "cheese-of-the-month"),
])
def test_a_sign_up_told_as_an_event_is_taken_back_by_its_object(isolated_env, tmp_path, signed_up, taken_back, wish):
    with _run(tmp_path, [[("customer", signed_up)], [("customer", taken_back)]]) as store:
        assert not any(wish in text for text in _active(store))


def test_a_retraction_of_another_thing_leaves_the_sign_up(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "원두 정기배송 신청할게요")],
        [("customer", "원두 포장 스티커는 안 붙여 주셔도 돼요")],
    ]) as store:
        assert any("원두 정기배송" in text for text in _active(store))


def test_an_answer_to_a_question_for_the_new_value_is_the_new_value_whatever_goes_on_as_before(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please deliver the firewood to 12 Bute Road, Rothesay."), ("agent", "Will do.")],
        [("customer", "We've sold up and gone, so the firewood should follow us."),
         ("agent", "Lovely! What's the new address?"),
         ("customer", "It's 3 Shore Walk, Largs KA30 8QE. Same gate code as before.")],
    ]) as store:
        assert not any("12 Bute Road" in text for text in _active(store))
