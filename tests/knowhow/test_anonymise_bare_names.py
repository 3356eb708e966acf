"""Names with no honorific and no capital (mem.core.text.names): the anonymiser removes them before a
decision fact is shared, and leaves ordinary policy and decision sentences unchanged."""

from __future__ import annotations

import pytest

from mem.knowhow.anonymise import scrub


@pytest.mark.parametrize(("text", "left"), [
    # lower-case names after a cue that introduces or addresses a person
    ("my name is adaeze obi and the fee was waived.", "my name is [name] and the fee was waived."),
    ("thanks bartek, the voucher is attached.", "thanks [name], the voucher is attached."),
    ("spoke to wen li about the late parcel.", "spoke to [name] about the late parcel."),
    ("name: ilse berg, refunded the fee.", "name: [name], refunded the fee."),
    ("gave mrs okonkwo store credit.", "gave mrs [name] store credit."),
    # a given name that ends like a common word (-ly, -ed, -ise) is a name all the same
    ("call me kelly, the fee was waived.", "call me [name], the fee was waived."),
    ("tell waleed the parcel was re-sent.", "tell [name] the parcel was re-sent."),
    ("hi, this is denise.", "hi, this is [name]."),
    # a lone capitalised given name after a weaker cue
    ("Refund sent to Oluwaseun after the outage.", "Refund sent to [name] after the outage."),
    ("Since Kofi was charged twice we reversed one charge.", "Since [name] was charged twice we reversed one charge."),
])
def test_english_names_after_a_cue_in_any_case(text, left):
    assert scrub(text) == left


@pytest.mark.parametrize("text", [
    "I am happy to confirm the fee was waived.",
    "this is the standard answer for a double charge.",
    "thanks for waiting, the refund is on its way.",
    "tell them the discount applies once a year.",
    "spoke with billing, who reversed the charge.",
    "refunded shipping because the parcel was late.",
    "Upgraded to Premium for the rest of the year.",
    "Moved the renewal to January at no cost.",
    "Paid back to Visa within five days.",
    "i am not able to refund opened software.",
    "called back within the hour and waived the fee.",
])
def test_ordinary_english_after_a_cue_stays(text):
    assert scrub(text) == text


@pytest.mark.parametrize(("text", "gone"), [
    ("남궁민과 통화해서 요금을 조정했습니다.", None),  # a two-syllable surname is not in the list: see below
    ("김지호가 두 번 결제해서 한 건을 취소했습니다.", "김지호"),
    ("박서윤에게 교환 완료를 알렸습니다.", "박서윤"),
    ("제 이름은 윤하준이고 배송이 늦었습니다.", "윤하준"),
    ("고객 정민경의 요금제를 바꿨습니다.", "정민경"),
    ("접수자: 최현우, 처리: 전액 환불", "최현우"),
])
def test_korean_names_without_an_honorific_before_a_particle(text, gone):
    if gone is None:
        assert scrub(text) == text  # documented limit: compound surnames (남궁, 황보, 선우) are not caught
        return
    assert gone not in scrub(text) and "[name]" in scrub(text)


@pytest.mark.parametrize("text", [
    "배송비를 환불했습니다.",
    "위약금을 면제했습니다.",
    "이용자가 요청하면 청구서를 재발행합니다.",
    "정기 구독은 언제든지 해지할 수 있습니다.",
    "최소한의 수수료만 받습니다.",
    "고객이 두 번 결제한 경우 한 건을 취소합니다.",
])
def test_ordinary_korean_stays(text):
    assert scrub(text) == text


@pytest.mark.parametrize(("text", "gone"), [
    ("松本から二重請求の連絡があり、一件を取り消しました。", ["松本"]),
    ("木村 拓也の注文は全額返金。", ["木村", "拓也"]),
    ("私は斎藤です。解約手数料を免除しました。", ["斎藤"]),
    ("申請者：石井 花、送料を返金。", ["石井", "花"]),
])
def test_japanese_names_without_an_honorific(text, gone):
    out = scrub(text)
    assert "[name]" in out and not [g for g in gone if g in out], out


@pytest.mark.parametrize("text", [
    "山田町への配送は翌日になります。",
    "中村区の店舗では返品を受け付けます。",
    "中古品は返品を受け付けません。",
    "本日中に返金手続きを完了します。",
])
def test_ordinary_japanese_and_place_names_stay(text):
    assert scrub(text) == text
