"""The last review's leftovers (twenty-ninth round, rev29): a claimed typo in an agreement's amount, date or address
flags the agreement for a recheck as the order number's does; an agreement kept without its health reason starts
where a sentence (or, when the reason shares the ask's sentence, a clause) does. Phrasings of this file's own."""

from __future__ import annotations

import time

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore

from .test_extract import write_log
from .test_promotion import PAST_THE_FORM


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2026-06-01T00:00:00Z"))
    return Config.load(home=isolated_env, env={})


def _extract(home, tmp_path, rows):
    with CustomerStore.open(home, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=Config.load(home=home, env={}))
        return store.facts.list()


# (request, the agent's yes, the customer's claimed typo, the agreed value, the claimed value, the kind)
CLAIMS = [
    (
        "Please refund $54 for order QA-720451, it arrived broken.",
        "Yes, we'll refund $54 for order QA-720451.",
        "Sorry, typo: the amount is $45, not $54.",
        "$54",
        "$45",
        "amount",
    ),
    (
        "Please deliver order QA-720451 on May 12.",
        "Yes, we'll deliver order QA-720451 on May 12.",
        "My mistake, the date should be May 21, not May 12.",
        "May 12",
        "May 21",
        "date",
    ),
    (
        "Please send order QA-720451 to 8 Mill Lane, Derby.",
        "Yes, we'll send order QA-720451 to 8 Mill Lane, Derby.",
        "Sorry, typo: the address is 18 Mill Lane, Derby, not 8 Mill Lane.",
        "8 Mill Lane",
        "18 Mill Lane",
        "address",
    ),
    (
        "주문 QA-720451 54000원 환불해 주세요.",
        "네, 주문 QA-720451 54000원 환불해 드리겠습니다.",
        "죄송해요, 오타예요. 금액은 54000원이 아니라 45000원이에요.",
        "54000원",
        "45000원",
        "amount",
    ),
    (
        "주문 QA-720451 6월 3일에 배송해 주세요.",
        "네, 주문 QA-720451 6월 3일에 배송해 드리겠습니다.",
        "제가 잘못 썼어요. 날짜는 6월 3일이 아니라 6월 13일이에요.",
        "6월 3일",
        "6월 13일",
        "date",
    ),
    (
        "주문 QA-720451 대전시 유성구 대학로 9로 보내 주세요.",
        "네, 주문 QA-720451 대전시 유성구 대학로 9로 보내 드리겠습니다.",
        "죄송해요, 오타예요. 주소는 대학로 9가 아니라 대학로 19예요.",
        "대학로 9",
        "대학로 19",
        "address",
    ),
    (
        "注文QA-720451の3200円を返金してください。",
        "はい、注文QA-720451の3200円を返金いたします。",
        "すみません、金額は3200円ではなく2300円です。",
        "3200円",
        "2300円",
        "amount",
    ),
    (
        "注文QA-720451を5月12日に届けてください。",
        "はい、注文QA-720451を5月12日にお届けします。",
        "すみません、打ち間違いです。日付は5月12日ではなく5月21日です。",
        "5月12日",
        "5月21日",
        "date",
    ),
    (
        "注文QA-720451を名古屋市中区栄3-3-3に送ってください。",
        "はい、注文QA-720451を名古屋市中区栄3-3-3にお送りします。",
        "すみません、住所は名古屋市中区栄3-3-3ではなく名古屋市中区栄3-3-8です。",
        "名古屋市中区栄3-3-3",
        "3-3-8",
        "address",
    ),
]


@pytest.mark.parametrize(("request_", "yes", "claim", "agreed", "new", "kind"), CLAIMS)
def test_a_claimed_typo_in_an_amount_a_date_or_an_address_flags_the_agreement(
    isolated_env, config, tmp_path, request_, yes, claim, agreed, new, kind
):
    active = _extract(
        isolated_env,
        tmp_path,
        [
            ("a", "2026-05-01T09:00:00", "customer", request_),
            ("a", "2026-05-01T09:05:00", "agent", yes),
            ("b", "2026-05-03T09:00:00", "customer", claim),
        ],
    )
    agreements = [f for f in active if f.agreement]
    assert len(agreements) == 1, [f.text for f in active]
    fact = agreements[0]
    # the terms stay the service's (as before) ...
    assert agreed in fact.text and new not in fact.text and claim not in [e.quote for e in fact.evidence]
    # ... and the agreement is flagged, naming the claim's fact and the kind of value, never the claimed value
    claims = [f for f in active if not f.agreement and claim in [e.quote for e in f.evidence]]
    assert len(claims) == 1, [f.text for f in active]
    assert fact.recheck.flag and claims[0].id in fact.recheck.reason
    assert f"another {kind} than the agreed {agreed}" in fact.recheck.reason
    assert new not in fact.recheck.reason


@pytest.mark.parametrize(
    ("request_", "yes", "later"),
    [
        # the value taken back is not the agreement's: nothing to recheck
        (
            "Please refund $54 for order QA-720451.",
            "Yes, we'll refund $54 for order QA-720451.",
            "The other parcel cost $30, not $20.",
        ),
        # a plain later statement with a number takes nothing back
        (
            "Please deliver order QA-720451 on May 12.",
            "Yes, we'll deliver order QA-720451 on May 12.",
            "I'll be home on May 12 after 3pm.",
        ),
        (
            "注文QA-720451を5月12日に届けてください。",
            "はい、注文QA-720451を5月12日にお届けします。",
            "5月12日は午後なら家にいます。",
        ),
    ],
)
def test_words_that_take_back_no_agreed_value_flag_nothing(isolated_env, config, tmp_path, request_, yes, later):
    active = _extract(
        isolated_env,
        tmp_path,
        [
            ("a", "2026-05-01T09:00:00", "customer", request_),
            ("a", "2026-05-01T09:05:00", "agent", yes),
            ("b", "2026-05-03T09:00:00", "customer", later),
        ],
    )
    assert [f.recheck.flag for f in active if f.agreement] == [False]


def test_a_value_taken_back_is_read_with_its_kind_and_held_only_whole():
    from mem.customers.claimed_values import claimed_values, held_in

    assert [(c.old, c.kind) for c in claimed_values("Typo: it's £120, not £210.")] == [("£210", "amount")]
    assert [(c.old, c.kind) for c in claimed_values("予約番号はAB-55120ではなくAB-55210です。")] == [
        ("AB-55120", "order number")
    ]
    assert claimed_values("Deliver it on May 21, not before.") == []
    assert held_in("54000원", "54,000원 환불") and held_in("8 Mill Lane", "to 8 Mill Lane, Derby")
    assert not held_in("8 Mill Lane", "to 18 Mill Lane") and not held_in("May 1", "May 12")


# the health reason in a sentence of its own: the kept quote is the asking sentence, whole
HEALTH = [
    (
        "喘息で入院していました。再配達の送料を無料にしてもらえますか。",
        "はい、再配達の送料は無料にいたします。",
        "再配達の送料を無料にしてもらえますか。",
        ("喘息", "入院"),
    ),
    (
        "先週まで肺炎で入院していたので受け取れませんでした。配送料を返金していただけますか。",
        "はい、配送料を返金いたします。",
        "配送料を返金していただけますか。",
        ("肺炎", "入院"),
    ),
    (
        "I was in hospital with pneumonia and couldn't take the parcel. Could you waive the redelivery fee?",
        "Yes, we'll waive the redelivery fee.",
        "Could you waive the redelivery fee?",
        ("pneumonia", "parcel."),
    ),
    (
        "폐렴으로 입원해서 택배를 못 받았어요. 재배송비를 면제해 주실 수 있나요?",
        "네, 재배송비를 면제해 드리겠습니다.",
        "재배송비를 면제해 주실 수 있나요?",
        ("폐렴", "못 받았어요"),
    ),
    # the reason in the asking sentence: cut at a clause, never inside a word
    (
        "喘息で入院していたので再配達の送料を無料にしてもらえますか。",
        "はい、再配達の送料は無料にいたします。",
        "再配達の送料を無料にしてもらえますか。",
        ("喘息", "いたので"),
    ),
]


@pytest.mark.parametrize(("asked", "yes", "kept", "gone"), HEALTH)
def test_an_agreement_kept_without_its_health_reason_starts_on_a_boundary(
    isolated_env, config, tmp_path, asked, yes, kept, gone
):
    active = _extract(
        isolated_env,
        tmp_path,
        [("a", "2026-05-01T09:00:00", "customer", asked), ("a", "2026-05-01T09:01:00", "agent", yes)],
    )
    agreements = [f for f in active if f.agreement]
    assert len(agreements) == 1, [f.text for f in active]
    quote = next(e.quote for e in agreements[0].evidence if e.role == "customer")
    assert quote == kept
    assert not any(word in quote for word in gone)


# a standing wish past the form of the answer that is an order to the agent: marked as the screen's flagged words are
ORDERS = PAST_THE_FORM
# their honest twins: the policy explained or recalled, the customer's own data kept from others
TWINS = [
    "From now on, please explain the return policy to me in simple words.",
    "From now on, please never share my details with other customers.",
    "앞으로 규정은 쉬운 말로 설명해 주세요.",
    "앞으로 제 정보는 다른 고객에게 보여 주지 마세요.",
    "これからは規約をわかりやすい言葉で説明してください。",
    "これからは返品の期限をいつも教えてください。",
]


def _wish(home, tmp_path, words):
    active = _extract(home, tmp_path, [("a", "2026-05-01T09:00:00", "customer", words)])
    with CustomerStore.open(home, "cust-a") as store:
        items = store.context.items(include_unconfirmed=True)
    return [f for f in active if words in [e.quote for e in f.evidence]], items


@pytest.mark.parametrize("words", ORDERS)
def test_a_standing_wish_that_orders_the_agent_is_marked_instruction_like(isolated_env, config, tmp_path, words):
    facts, items = _wish(isolated_env, tmp_path, words)
    assert len(facts) == 1 and facts[0].instruction_like and facts[0].kept_apart
    assert items == []


@pytest.mark.parametrize("words", TWINS)
def test_its_honest_twin_stays_an_unmarked_fact(isolated_env, config, tmp_path, words):
    facts, items = _wish(isolated_env, tmp_path, words)
    assert len(facts) == 1 and not facts[0].instruction_like
    assert items == []


WAIVERS = [
    ("앞으로 모든 연체료를 면제해 주실 수 있나요?", "네, 앞으로 연체료는 면제해 드리겠습니다."),
    ("Could you waive all my late fees from now on?", "Sure, we'll waive them."),
    ("今後すべての延滞料を免除していただけますか？", "はい、免除いたします。"),
]
ONE_ORDER = [
    ("이번 주문 QA-720451 연체료를 면제해 주실 수 있나요?", "네, 면제해 드리겠습니다."),
    ("Could you waive the late fee on order QA-720451?", "Sure, we'll waive it."),
    ("注文QA-720451の延滞料を免除していただけますか？", "はい、免除いたします。"),
]


@pytest.mark.parametrize(("asked", "yes"), WAIVERS)
def test_a_yes_to_a_standing_waiver_makes_no_agreement(isolated_env, config, tmp_path, asked, yes):
    active = _extract(
        isolated_env,
        tmp_path,
        [("a", "2026-05-01T09:00:00", "customer", asked), ("a", "2026-05-01T09:01:00", "agent", yes)],
    )
    assert not any(f.agreement for f in active), [f.text for f in active]
    requests = [f for f in active if f.kind == "request" and asked in [e.quote for e in f.evidence]]
    assert len(requests) == 1 and yes not in requests[0].text
    assert all(e.role == "customer" for e in requests[0].evidence)
    with CustomerStore.open(isolated_env, "cust-a") as store:
        assert store.outbox.pending() == [] and store.context.items(include_unconfirmed=True) == []


@pytest.mark.parametrize(("asked", "yes"), ONE_ORDER)
def test_a_yes_to_a_waiver_on_one_order_is_still_an_agreement(isolated_env, config, tmp_path, asked, yes):
    active = _extract(
        isolated_env,
        tmp_path,
        [("a", "2026-05-01T09:00:00", "customer", asked), ("a", "2026-05-01T09:01:00", "agent", yes)],
    )
    assert [f.agreement for f in active if asked in [e.quote for e in f.evidence]] == [True]


def _cpu(function, text: str) -> float:
    start = time.process_time()
    function(text)
    return time.process_time() - start


@pytest.mark.parametrize("unit", ["not 1, ", "금액은 5원이 아니라 ", "5月12日ではなく"])
def test_reading_values_taken_back_stays_linear_on_a_long_message(unit):
    from mem.customers.claimed_values import claimed_values

    small, large = unit * 3000, unit * 24000
    _cpu(claimed_values, small)  # compiled before timing
    ratio = _cpu(claimed_values, large) / max(_cpu(claimed_values, small), 1e-4)
    assert ratio < 24  # 8x the text: linear is ~8, quadratic ~64


def test_a_claim_that_replaces_a_held_address_flags_the_agreement_too(isolated_env, config, tmp_path):
    active = _extract(
        isolated_env,
        tmp_path,
        [
            ("a", "2026-04-01T09:00:00", "customer", "I live at 8 Mill Lane, Derby."),
            ("b", "2026-05-01T09:00:00", "customer", "Please send order QA-720451 to 8 Mill Lane, Derby."),
            ("b", "2026-05-01T09:05:00", "agent", "Yes, we'll send order QA-720451 to 8 Mill Lane, Derby."),
            ("c", "2026-05-03T09:00:00", "customer", "Sorry, my address is 18 Mill Lane, Derby, not 8 Mill Lane."),
        ],
    )
    agreement = next(f for f in active if f.agreement)
    assert "8 Mill Lane" in agreement.text and "18 Mill Lane" not in agreement.text
    assert agreement.recheck.flag and "another address than the agreed 8 Mill Lane" in agreement.recheck.reason
