"""Round fifteen of update judgement: a value known by its shape replaces the held one in any frame
(docs/extraction.md, "A fifteenth round").

An e-mail address, a phone number or a reference code is read by its shape wherever it stands (``slots.shape_values``),
and judgement compares it with the value the customer holds for that slot, however either was told: two values in one
sentence ("new mobile … and email …") change both slots, and a code told without a slot's word ("the right one is …")
corrects a held code of its shape. Sentences are this file's own (none copied from a case file in scripts/); each has
a look-alike that must not change.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot, shape_values

from .test_update_structure import _active, _run


def test_shapes_are_read_in_any_frame_but_never_someone_elses():
    assert {v.name for v in shape_values("Fresh handset: 07911 123 456, and mail goes to ro.vance@kelp.example")} \
        == {"phone", "email"}
    assert [v.value for v in shape_values("保証書を見たらQZ-7731-02と書いてありました。")] == ["QZ-7731-02"]
    assert shape_values("My brother's number is 07911 654 321.") == ()
    assert shape_values("We ordered 40 chairs in 2024.") == ()  # a count and a year are no code


def test_a_phone_and_an_email_in_one_sentence_replace_both(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please service the boiler next week. Reach me on 07911 222 333 or at ro.vance@kelp.example."),
         ("agent", "Booked.")],
        [("customer", "Fresh handset from work: 07911 444 555, and mail goes to r.vance@tidewater.example now.")],
    ]) as store:
        active = _active(store)
        assert not any("07911 222 333" in text for text in active)
        assert any("07911 444 555" in text for text in active)


def test_a_phone_given_for_someone_else_beside_an_email_leaves_the_customers_phone(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please service the boiler next week. Reach me on 07911 222 333 or at ro.vance@kelp.example."),
         ("agent", "Booked.")],
        [("customer", "My brother's number is 07911 444 555 if you need a spare key.")],
    ]) as store:
        assert any("07911 222 333" in text for text in _active(store))


def test_a_code_of_the_held_codes_shape_corrects_it_in_any_frame(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "I'm chasing the refund for claim WX-5820-14."), ("agent", "Looking into it.")],
        [("customer", "Checked the letter again. The one printed on it is WX-5802-14.")],
    ]) as store:
        active = _active(store)
        assert not any("WX-5820-14" in text for text in active)
        assert any("WX-5802-14" in text for text in active)


def test_a_code_of_another_shape_is_a_second_code(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "I'm chasing the refund for claim WX-5820-14."), ("agent", "Looking into it.")],
        [("customer", "Also the parcel with tracking 88120045 never came.")],
    ]) as store:
        assert any("WX-5820-14" in text for text in _active(store))


# -- a standing wish turned around by leave of the opposite polarity, matched by what it is about ------------------

def test_leave_to_do_what_a_wish_forbade_takes_the_wish_back(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "When you deliver the logs, please don't tip them onto the lawn."), ("agent", "Noted.")],
        [("customer", "The lawn is being dug up for a patio, so you can tip them there from now on.")],
    ]) as store:
        assert not any("don't tip them" in text for text in _active(store))


def test_leave_about_another_thing_keeps_the_wish(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "When you deliver the logs, please don't tip them onto the lawn."), ("agent", "Noted.")],
        [("customer", "The driver can park on the verge, that's fine.")],
    ]) as store:
        assert any("don't tip them" in text for text in _active(store))


def test_korean_and_japanese_leave_turns_the_wish_around(isolated_env, tmp_path):
    with _run(tmp_path / "ko", [
        [("customer", "샐러드 주문할 때 양파는 넣지 마세요."), ("agent", "네, 알겠습니다.")],
        [("customer", "요즘은 잘 먹어요. 양파 넣으셔도 돼요.")],
    ]) as store:
        assert not any("양파는 넣지" in text for text in _active(store))
    with _run(tmp_path / "ja", [
        [("customer", "お弁当に椎茸は入れないでください。"), ("agent", "承知しました。")],
        [("customer", "克服したので、椎茸は入れてもらって大丈夫です。")],
    ]) as store:
        assert not any("入れないで" in text for text in _active(store))


def test_korean_leave_about_another_thing_keeps_the_wish(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "샐러드 주문할 때 양파는 넣지 마세요."), ("agent", "네, 알겠습니다.")],
        [("customer", "드레싱은 따로 주셔도 돼요.")],
    ]) as store:
        assert any("양파는 넣지" in text for text in _active(store))


def test_leave_not_to_do_what_was_asked_takes_a_lasting_wish_back(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "검침 오시기 전에는 항상 문자 한 통 주세요."), ("agent", "네, 그렇게 할게요.")],
        [("customer", "이제 문자는 생략하셔도 괜찮아요.")],
    ]) as store:
        assert not any("항상 문자" in text for text in _active(store))


# newuser24 #4: an address told with its city and a US state and ZIP is stored whole — "I moved to 1 Market St, San
# Francisco, CA 94105." was "1 Market St" (the value ended at the first comma), and an address line's ZIP was cut
# to three digits ("CA 941": the postcode shape read a British outward code)
@pytest.mark.parametrize("text, value", [
    ("We relocated to 77 Birch Ave, Portland, OR 97205.", "77 Birch Ave, Portland, OR 97205"),
    ("Please send my orders to 18 Cedar Street, Boulder, CO 80302 from now on, we live there now.",
     "18 Cedar Street, Boulder, CO 80302"),
    ("I'm now at 9 Wharf Road, Hull HU1 2BX.", "9 Wharf Road, Hull HU1 2BX"),
    ("900 Lake Shore Dr, Chicago, IL 60611", "900 Lake Shore Dr, Chicago, IL 60611"),
    ("45 Summit Ave, St Paul, MN 55102-1234", "45 Summit Ave, St Paul, MN 55102-1234"),
])
def test_an_address_is_read_whole_with_its_city_state_and_zip(text, value):
    slot = find_slot(text)
    assert slot is not None and slot.name == "address" and slot.value == value, slot

