"""NEWUSER_REPORT20 #1 and #2: what the anonymiser let leave the client, and look-alikes that must stay readable."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mem.knowhow.anonymise import scrub


@pytest.mark.parametrize(("customer_id", "text", "expected"), [
    ("carol", "Yes, Carol Jenkins, we agree to refund 40%.", "Yes, [customer], we agree to refund 40%."),
    ("dave", "Yes, Dave Okonkwo-Smith, we agree to a partial refund", "Yes, [customer], we agree to a partial refund"),
    ("alice", "Yes, Alice Wonderly, we agree.", "Yes, [customer], we agree."),
    ("jenkins", "Yes, Carol Jenkins, we agree.", "Yes, [customer], we agree."),  # the id is the surname
    ("carol", "Carol Ann Jenkins agreed to the voucher.", "[customer] agreed to the voucher."),
    ("taro", "はい、Taro Yamada様、50%の返金に同意します。", "はい、[customer]様、50%の返金に同意します。"),
    ("carol", "yes carol jenkins, we agree to refund 40%.", "yes [customer], we agree to refund 40%."),
])
def test_a_customer_id_that_is_part_of_a_name_takes_the_whole_name(customer_id: str, text: str, expected: str) -> None:
    assert scrub(text, customer_ids=[customer_id]) == expected


@pytest.mark.parametrize(("customer_id", "text", "expected"), [
    ("carol", "Yes Carol, we agree.", "Yes [customer], we agree."),  # "Yes" opens the sentence, it is no name
    ("carol", "We told Carol Enterprise pricing applies.", "We told [customer] Enterprise pricing applies."),
    ("carol", "refund carol today.", "refund [customer] today."),
    ("carol", "carol agreed, the voucher is sent.", "[customer] agreed, the voucher is sent."),
])
def test_the_words_beside_a_customer_id_that_are_no_name_stay(customer_id: str, text: str, expected: str) -> None:
    assert scrub(text, customer_ids=[customer_id]) == expected


@pytest.mark.parametrize(("text", "secret"), [
    ("네, 박지영 팀장과 상의해 50% 환불에 동의합니다.", "박지영"),
    ("김민수 과장님께 확인받아 환불했습니다.", "김민수"),
    ("이서연 대리가 승인했습니다.", "이서연"),
    ("최지훈 부장님이 요청해서 수수료를 면제했습니다.", "최지훈"),
    ("Refund 40% to carol.jenkins at gmail dot com, order 55501234.", "carol.jenkins"),
    ("Refund 40% to carol.jenkins at gmail dot com, order 55501234.", "gmail"),
    ("Send the receipt to dana (at) example (dot) org please.", "dana"),
    ("Send the receipt to kim[at]mail.kr please.", "kim"),
    ("Agreed: refund sent to IBAN DE89 3704 0044 0532 0130 00.", "DE89"),
    ("Agreed: refund sent to GB29NWBK60161331926819.", "GB29"),
    ("We agreed to refund 50%; customer id c-1042 aka alice_w on Slack.", "alice_w"),
    ("Ping dana.w99 on Slack when it is done.", "dana.w99"),
    ("We agreed to refund jenkins 40% after the outage.", "jenkins"),
    ("credit okafor $20 for the late parcel.", "okafor"),
])
def test_shapes_the_anonymiser_let_through(text: str, secret: str) -> None:
    assert secret not in scrub(text)


@pytest.mark.parametrize("text", [
    "We agreed to refund postage 40%.",
    "We agreed to refund shipping 5 euros.",
    "We refund tax 20% of orders.",
    "Refund the fee 40%.",
    "Credit customers 10% on renewal.",
    "We pay half 50% now.",
    "Please meet at the office. Then call.",
    "The Pro plan, aka the business tier, costs 20.",
    "Slack is down today.",
    "Our team on Slack will reply.",
    "Use the US20 SALE CODE today.",
    "신규 대리점 팀장과 상의했습니다.",
    "정규직 사원에게는 할인이 적용됩니다.",
    "고객센터 팀장이 승인했습니다.",
    "연간 계약 고객은 부분 환불을 받을 수 있습니다.",
    # a noun with its particle before a title, and a word of the decision between a grant verb and the amount
    # (round-20 review: they were taken for names)
    "수수료 조정은 본부장 승인 후 가능합니다.",
    "요금제 변경은 매니저에게 요청하세요.",
    "중개보수 조정은 담당 공인중개사와 협의합니다.",
    "We agreed to refund members 40% of the fee.",
    "We refund subscribers 20% after an outage.",
    "Credit points 500 to the account.",
    "We refund minus 10% handling.",
    "Check the credit score 700 first.",
    "We pay upfront 50% and the rest later.",
])
def test_ordinary_decision_text_stays_readable(text: str) -> None:
    assert scrub(text) == text


# (one run of a single letter is slow in a rule older than these, quadratic before this round too: not timed here)
@pytest.mark.parametrize("text", ["a at " * 40_000, "A " * 100_000, "가" * 200_000, "1 " * 100_000,
                                  "x (at) " * 30_000, "AB12 " * 40_000])
def test_the_new_patterns_read_a_long_message_in_linear_time(text: str, assert_linear: Callable[..., None]) -> None:
    assert_linear(lambda n: scrub(text[:n], customer_ids=["carol"]), len(text))  # a quarter: a prefix of the run


# the customer id widened over the name beside it, and the check that a span is not taken twice, read the whole
# run (or every span taken so far) at every mention: 12,000 mentions of "Carol" took 60 CPU s
@pytest.mark.parametrize("text", ["Carol " * 12_000, "carol " * 12_000, "Zed Carol " * 8_000, "a@b.co " * 30_000])
def test_a_message_naming_the_customer_many_times_reads_in_linear_time(text: str,
                                                                      assert_linear: Callable[..., None]) -> None:
    assert_linear(lambda n: scrub(text[:n], customer_ids=["carol"]), len(text))  # a quarter: a prefix of the run
