"""What an answer states in short (issue #11 item 6, fourteenth round): the figure of the item the question names,
the number to call, and a yes or no only where both the question's and the rule's polarity are read — never a
verdict that contradicts the quoted rule. The sentences are written for these tests."""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import figure_of, in_short


@pytest.mark.parametrize(("sentence", "question", "figure"), [
    ("Each extra kilometre costs £0.20 on city bikes and £0.45 on cargo bikes.",
     "what is the charge per extra kilometre on a cargo bike?", "£0.45"),
    ("A late fee of £10 applies after 6 pm, rising to £40 for a locker left overnight.",
     "I left my bag in the locker overnight, how much is the fee?", "£40"),
    ("텍스트 후기는 200원, 동영상 후기는 1,000원의 포인트가 지급됩니다.", "동영상 후기 쓰면 포인트 얼마 받아요?",
     "1,000원"),
    ("一般席は1,500円、窓側席は2,000円です。", "窓側席の料金はいくらですか", "2,000円"),
])
def test_the_figure_is_the_one_the_question_s_key_word_stands_nearest(sentence, question, figure):
    assert figure_of(sentence, question) == figure


def test_without_a_key_word_near_one_figure_the_first_is_stated():
    # look-alike: the question names neither item, so no figure is preferred over the first
    assert figure_of("Each extra kilometre costs £0.20 on city bikes and £0.45 on cargo bikes.",
                     "how much does an extra kilometre cost?") == "£0.20"


@pytest.mark.parametrize(("sentence", "question", "figure"), [
    ("휴회 기간은 최소 14일, 최대 60일입니다.", "최대 며칠까지 쉴 수 있어요?", "60일"),
    ("休会は最短1か月、最長4か月です。", "最長で何か月休めますか", "4か月"),
    ("Bookings can be made at least 2 days and up to 90 days ahead.", "what is the maximum number of days ahead?",
     "up to 90 days"),
    ("Bookings can be made at least 2 days and up to 90 days ahead.", "what's the minimum notice in days?",
     "at least 2 days"),
])
def test_a_question_for_the_most_or_the_least_gets_the_figure_bounded_so(sentence, question, figure):
    assert figure_of(sentence, question) == figure


@pytest.mark.parametrize(("sentence", "question", "number"), [
    ("If your card is stolen abroad, call +44 161 496 0780 at any hour.",
     "my card got stolen in Rome, what number do I call?", "+44 161 496 0780"),
    ("Out of hours, ring the emergency line on 0800 048 2291.", "who do I ring at night?", "0800 048 2291"),
    ("야간에는 관리사무소(02-555-0143)로 연락하세요.", "밤에 문제 생기면 어디로 연락해요?", "02-555-0143"),
    ("夜間は緊急窓口（03-5550-1234）へお電話ください。", "夜はどこに連絡すればいいですか", "03-5550-1234"),
])
def test_a_number_to_call_is_stated_whole(sentence, question, number):
    assert figure_of(sentence, question) == number


def test_a_telephone_number_is_no_figure_of_another_question():
    # look-alike: "when" asks for a time; the number is not cut into "0800" or "048"
    sentence = "Ring the help line on 0800 048 2291 from 8am to 6pm."
    assert figure_of(sentence, "when can I ring the help line?") == "8am"
    assert figure_of("It was delivered on 2026-11-02 and costs £1,250.", "how much is it?") == "£1,250"


@pytest.mark.parametrize(("question", "sentences", "verdict"), [
    # a charge not made is no prohibition
    ("Can I bring my bike on the ferry?", ["Bicycles travel at no extra cost."], "yes"),
    ("Can I cancel the loan?", ["You can cancel the loan at any time without any early repayment fee."], "yes"),
    # a negation inside the condition's own clause sets the condition; the rule still allows
    ("I joined 3 days ago and have not used it. Can I get my money back?",
     ["If you cancel within 10 days and have not used the service, we refund the joining fee."], None),
])
def test_a_charge_not_made_or_a_negated_condition_is_not_a_no(question, sentences, verdict):
    short = in_short(question, sentences)
    assert (short[0] if short else None) != "no"
    if verdict:
        assert short == (verdict, "")


def test_a_rule_that_rules_out_still_says_no():
    # look-alike: a plain prohibition and a negated main clause keep their no
    assert in_short("Can I bring my dog to the pool?", ["Dogs are not allowed in the pool area."]) == ("no", "")
    assert in_short("Can I get a refund?", ["If you cancel, no refund is given."]) != ("yes", "")


@pytest.mark.parametrize(("question", "sentences", "short"), [
    ("Is there a charge for a high chair?", ["High chairs are free on request."], ("no", "")),
    ("Do I have to pay for a second key card?", ["Replacement key cards are free of charge."], ("no", "")),
    ("Is the second key card free?", ["Additional key cards are free of charge."], ("yes", "")),
    ("주차 요금 내야 하나요?", ["투숙객 주차는 무료입니다."], ("아니요", None)),
    ("駐車料金はかかりますか", ["宿泊者の駐車は無料です。"], ("no", "")),
    ("is there a fee if I move my visit with 2 days' notice?",
     ["If you move a visit with less than 3 days' notice, a change fee of £25 applies and we cannot keep your slot."],
     ("figure", "£25 applies")),
])
def test_a_question_about_a_charge_is_answered_by_the_charge_or_its_absence(question, sentences, short):
    got = in_short(question, sentences)
    if short[0] == "아니요":
        assert got == ("no", "")
    else:
        assert got == short


def test_a_free_rule_with_a_condition_or_a_figure_is_no_verdict_on_a_charge():
    # look-alike: free only over an amount, or only on a condition — the answer is not a flat no
    assert in_short("Is there a delivery charge?", ["Delivery is free on orders over £60."]) != ("no", "")
    assert in_short("Is there a fee to replace it?", ["If it is faulty, we replace it free of charge."]) != ("no", "")
    assert in_short("Can I charge my scooter here?", ["Scooters can be charged at no extra cost."]) == ("yes", "")


@pytest.mark.parametrize("question", [
    "I bought it 5 weeks ago, is it too late to add cover?", "5주 전에 샀는데 이제 보험 드는 건 너무 늦었나요?",
    "5週間前に買ったんですが、もう手遅れですか？",
])
def test_a_question_whose_yes_is_the_limit_gets_no_verdict(question):
    short = in_short(question, ["Cover can be added within 30 days of purchase."])
    assert short is None or short[0] not in ("yes", "no")


def test_a_sentence_of_clauses_rules_by_the_clause_the_question_names():
    sentence = "Lockers are for members only; leaving food in a locker is not allowed."
    assert in_short("Can I leave food in my locker?", [sentence]) == ("no", "")
    # look-alike: the question names the first clause's words, whose "only" is a condition
    assert in_short("Can members use the lockers?", [sentence]) == ("depends", "")


@pytest.mark.parametrize(("question", "sentences"), [
    ("Can I get a second welcome discount?", ["A welcome discount is given only once per account."]),
    ("I already swapped the size once. Can I swap it again?", ["Each item can be swapped once."]),
    ("요금제를 2주 전에 바꿨는데 또 바꿀 수 있나요?", ["요금제는 30일에 한 번만 변경할 수 있습니다."]),
    ("先月プランを変えたんですが、もう一度変更できますか", ["プランの変更は1回限りです。"]),
])
def test_asking_to_do_again_what_a_rule_allows_once_is_a_no(question, sentences):
    assert in_short(question, sentences) == ("no", "")


def test_a_repeat_past_the_period_or_a_question_that_asks_no_leave_gets_no_such_no():
    # look-alikes: the told time is past the period; the service is asked what it does again
    assert in_short("I changed my plan 3 months ago, can I change it again?",
                    ["You can change your plan once every 30 days."]) != ("no", "")
    assert in_short("Do you check my address again every year?",
                    ["We check your address once a year."]) != ("no", "")
