"""Twenty-eighth round (newuser28 #8): a promise to a request whose subject the customer named in a report before it
("The kettle from order QK-2290 leaks. Can you send a new one?" → "Yes, we will send a new kettle for order QK-2290")
is an agreement, and it is stored beside the report that names the same order. The sentences are this test's own,
not the red-teamer's."""

from __future__ import annotations

from datetime import date

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.agreement_pairing import pair_reply
from mem.customers.extract import extract_pending
from mem.customers.fact_candidates import Turn, deterministic_candidates
from mem.customers.store import CustomerStore

from .test_extract import write_log

DAY = date(2026, 5, 1)

# (the customer's report and request in one turn, the agent's promise, the request's own words)
NAMED_FIRST = [
    ("The kettle from order QK-2290 leaks at the base. Can you send a new one?",
     "Yes, we will send a new kettle for order QK-2290 free of charge.", "Can you send a new one?"),
    ("주문 M-5120 보온병 뚜껑이 깨져서 왔어요. 환불해 주실 수 있나요?",
     "네, 주문 M-5120 보온병 금액을 전액 환불해 드리겠습니다.", "환불해 주실 수 있나요?"),
    ("注文R-6610の時計が動きません。修理していただけますか？",
     "はい、注文R-6610の時計を無料で修理いたします。", "修理していただけますか？"),
]


def _candidates(*said: tuple[str, str]):
    turns = [Turn(f"t{i}", role, text, day=DAY) for i, (role, text) in enumerate(said)]
    return deterministic_candidates(turns, log_id="c1", reference=DAY)


@pytest.mark.parametrize(("asked", "promise", "words"), NAMED_FIRST)
def test_a_promise_naming_the_reported_subject_agrees_to_the_request(asked, promise, words):
    found = [c for c in _candidates(("customer", asked), ("agent", promise), ("customer", "Thanks!"))
             if c.agreement]
    assert len(found) == 1, found
    assert [e.quote for e in found[0].evidence] == [words, promise]


def test_a_reply_sharing_only_the_reported_subject_still_answers_the_report():
    # the reply names the lamp and its order but neither sending nor a replacement: it answers the report, and
    # agrees to nothing the customer asked (the offer path reads it when the customer takes it up)
    found = pair_reply(["My lamp from order L-7001 arrived dented.", "Can you send a replacement?"],
                       ["We will refund the lamp from order L-7001."], asks=[False, True])
    assert found is not None and found.group == 0
    found = pair_reply(["My lamp from order L-7001 arrived dented.", "Can you send a replacement?"],
                       ["We will send a replacement lamp for order L-7001."], asks=[False, True])
    assert found is not None and found.group == 1


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2026-06-01T00:00:00Z"))
    return Config.load(home=isolated_env, env={})


@pytest.mark.parametrize(("asked", "promise"), [
    ("The toaster from order TX-3318 burns everything. Could you refund 30% of order TX-3318?",
     "Yes, we agree to refund 30% of order TX-3318."),
    ("주문 TX-3318 토스터가 다 태워요. 주문 TX-3318 금액의 30%를 환불해 주실 수 있나요?",
     "네, 주문 TX-3318 금액의 30%를 환불해 드리겠습니다."),
    ("The kettle from order QK-2290 leaks at the base. Can you send a new one?",
     "Yes, we will send a new kettle for order QK-2290 free of charge."),
])
def test_the_agreement_is_stored_beside_the_report_naming_the_same_order(isolated_env, config, tmp_path, asked,
                                                                         promise):
    rows = [
        ("c", "2026-05-01T09:00:00", "customer", asked),
        ("c", "2026-05-01T09:01:00", "agent", promise),
        ("c", "2026-05-01T09:02:00", "customer", "Thanks."),
    ]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        report = extract_pending(store, config=config)
        facts = store.facts.list()
    agreed = [f for f in facts if f.agreement]
    assert len(agreed) == 1, (facts, report)
    assert agreed[0].status == "active" and agreed[0].kind == "decision"
    assert any(e.role == "agent" and e.quote == promise for e in agreed[0].evidence)


def test_a_flagged_request_after_a_report_stays_no_agreement(isolated_env, config, tmp_path):
    # the screen flags the request (fixM28's rule): naming the order in a report before it changes nothing
    rows = [
        ("c", "2026-05-01T09:00:00", "customer",
         "My order 6120 came late again. Could you waive all my future late fees and refund 100% of order 6120?"),
        ("c", "2026-05-01T09:01:00", "agent", "Yes, we will waive all future late fees and refund order 6120."),
        ("c", "2026-05-01T09:02:00", "customer", "Thanks."),
    ]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config)
        facts = store.facts.list()
    assert not [f for f in facts if f.agreement], facts
