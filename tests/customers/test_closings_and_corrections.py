"""What a customer closes a conversation with, and what later corrects an agreement (new-user report 24: #2 closings,
#6 corrected order numbers, #8 context items pointing at a value, #10 a change of mind confirmed and a confirmation
after the agent first asked for something). Phrasings of this file's own."""

from __future__ import annotations

from datetime import date

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.fact_candidates import Turn, deterministic_candidates
from mem.customers.store import CustomerStore

from .test_extract import write_log

DAY = date(2026, 5, 4)


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2026-06-01T00:00:00Z"))
    return Config.load(home=isolated_env, env={})


def _run(*said: tuple[str, str], start: int = 0):
    turns = [Turn(f"t{i}", role, text, day=DAY) for i, (role, text) in enumerate(said)]
    return deterministic_candidates(turns, log_id="c1", reference=DAY, start=start)


REQUESTS = [
    (
        "Could you move the delivery of order QA-720451 to 8 Mill Lane, Derby? That is my new flat.",
        "I've moved the delivery of order QA-720451 to 8 Mill Lane, Derby.",
    ),
    (
        "주문 QA-720451 배송지를 대전시 유성구 대학로 9로 바꿔 주세요.",
        "주문 QA-720451 배송지를 대전시 유성구 대학로 9로 변경해 드렸습니다.",
    ),
    (
        "注文QA-720451の届け先を名古屋市中区栄3-3-3に変えてください。",
        "注文QA-720451の届け先を名古屋市中区栄3-3-3に変更いたしました。",
    ),
]
CLOSINGS = [
    "Thanks!",
    "Cheers, thank you.",
    "Brilliant, many thanks 🙏",
    "👍",
    "OK",
    "고맙습니다!",
    "どうもありがとうございました。",
]


@pytest.mark.parametrize(("request_", "confirmation"), REQUESTS)
@pytest.mark.parametrize("closing", CLOSINGS)
def test_a_closing_after_the_confirmation_of_a_request_is_no_fact(request_, confirmation, closing):
    alone = [c for c in _run(("customer", request_), ("agent", confirmation)) if c.agreement]
    closed = _run(("customer", request_), ("agent", confirmation), ("customer", closing))
    agreed = [c for c in closed if c.agreement]
    assert [c.text for c in agreed] == [c.text for c in alone] and len(agreed) == 1
    assert not any(e.quote == closing for c in closed for e in c.evidence)
    # extracted later than the request (its agreement is stored already): still nothing
    assert _run(("customer", request_), ("agent", confirmation), ("customer", closing), start=2) == []


def test_a_closing_still_takes_up_a_promise_beyond_the_request():
    found = [
        c
        for c in _run(
            ("customer", "Please resend order QA-720451, it never came."),
            (
                "agent",
                "I've resent order QA-720451 and as a goodwill gesture we will refund the "
                "delivery fee and add a free sample box.",
            ),
            ("customer", "Lovely, thank you!"),
        )
        if c.agreement
    ]
    assert any("(offered)" in c.text for c in found)


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        (
            "I've switched your plan to the yearly one.",
            "The service has switched your plan to the yearly one.",
        ),
        ("We'll courier a new charger to you tomorrow.", "The service will courier a new charger to you tomorrow"),
    ],
)
def test_an_offer_taken_up_says_what_the_service_did_never_the_customer(said, statement):
    found = [
        c
        for c in _run(("customer", "My charger stopped working."), ("agent", said), ("customer", "Thanks!"))
        if c.agreement
    ]
    assert len(found) == 1 and found[0].statement.startswith(statement), found
    assert "The customer has" not in found[0].statement and "The customer will" not in found[0].statement


@pytest.mark.parametrize("bare", ["Sure, done.", "All sorted!", "처리해 드렸습니다.", "対応いたしました。"])
def test_a_bare_done_after_a_report_takes_up_nothing(bare):
    found = _run(("customer", "Parcel QA-811200 came damaged."), ("agent", bare), ("customer", "Thanks!"))
    assert not any(c.agreement for c in found)


def test_the_outbox_gets_only_the_agreements_sentences(isolated_env, config, tmp_path):
    signature = "Kind regards,\nPriya Shah\nUnit 4, 12 Dock Road, Hull HU1 2AA\n+44 7700 900555"
    rows = [
        (
            "e1",
            "2026-05-04T09:00:00",
            "customer",
            f"Hello,\n\nCould you move the delivery of order QA-720451 to 8 Mill Lane, Derby?\n\n{signature}",
        ),
        ("e1", "2026-05-04T09:30:00", "agent", "I've moved the delivery of order QA-720451 to 8 Mill Lane, Derby."),
        ("e1", "2026-05-04T10:00:00", "customer", "Thank you!"),
    ]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config)
        agreements = [f for f in store.facts.list() if f.agreement]
        pending = store.outbox.pending()
    assert len(agreements) == 1 and len(pending) == 1
    text = pending[0].text
    assert "Dock Road" not in text and "7700" not in text and "Thank you" not in text
    quotes = [q["quote"] for q in pending[0].quotes]
    assert text == f"{quotes[0]} → {quotes[1]}"


CORRECTIONS = [
    (
        "Please send order QA-720451 to 8 Mill Lane, Derby.",
        "Yes, we'll send order QA-720451 to 8 Mill Lane, Derby.",
        "My mistake, the order number is QA-720415, not QA-720451.",
    ),
    (
        "주문 QA-720451 대전시 유성구 대학로 9로 보내 주세요.",
        "네, 주문 QA-720451 대전시 유성구 대학로 9로 보내 드리겠습니다.",
        "주문번호가 QA-720451 이 아니라 QA-720415 예요.",
    ),
    (
        "注文QA-720451を名古屋市中区栄3-3-3に送ってください。",
        "はい、注文QA-720451を名古屋市中区栄3-3-3にお送りします。",
        "注文番号はQA-720451ではなくQA-720415です。",
    ),
]


@pytest.mark.parametrize(("request_", "confirmation", "correction"), CORRECTIONS)
def test_a_claimed_typo_never_changes_the_terms_of_an_agreement(
    isolated_env, config, tmp_path, request_, confirmation, correction
):
    # newuser28 #2 (newuser24 #6's decision reversed): the agreement keeps the number the service agreed to, is
    # flagged for a recheck naming the claim, and the correction is the customer's own statement beside it
    rows = [
        ("a", "2026-05-01T09:00:00", "customer", request_),
        ("a", "2026-05-01T09:05:00", "agent", confirmation),
        ("b", "2026-05-03T09:00:00", "customer", correction),
    ]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config)
        active = store.facts.list()
        pending = store.outbox.pending()
    agreed = [f for f in active if f.agreement]
    assert len(agreed) == 1, active
    assert "QA-720451" in agreed[0].text and "QA-720415" not in agreed[0].text
    assert "QA-720415" not in agreed[0].statement
    assert correction not in [e.quote for e in agreed[0].evidence]
    claims = [f for f in active if not f.agreement and correction in [e.quote for e in f.evidence]]
    assert len(claims) == 1
    # the recheck names the correction's fact, never the claimed number (it outlives the correction's turn)
    assert agreed[0].recheck.flag and claims[0].id in agreed[0].recheck.reason
    assert "QA-720415" not in agreed[0].recheck.reason
    # the evidence store gets the agreement as the service gave it, never one made from the claim
    assert all("QA-720415" not in item.text for item in pending)


REQUEST_TYPOS = [
    ("Please refund order QA-720451, it arrived broken.", "Sorry, typo: the order number is QA-720415, not QA-720451."),
    ("주문 QA-720451 환불해 주세요. 깨져서 왔어요.",
     "죄송해요, 오타예요. 주문번호는 QA-720451 이 아니라 QA-720415 예요."),
    ("注文QA-720451を返金してください。壊れて届きました。",
     "すみません、打ち間違いです。注文番号はQA-720451ではなくQA-720415です。"),
]


@pytest.mark.parametrize(("request_", "correction"), REQUEST_TYPOS)
def test_the_customers_typo_in_their_own_request_is_still_corrected(
    isolated_env, config, tmp_path, request_, correction
):
    rows = [("a", "2026-05-01T09:00:00", "customer", request_), ("b", "2026-05-01T09:03:00", "customer", correction)]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config)
        active = store.facts.list()
    assert not any(f.agreement for f in active)
    assert not any("QA-720451" in f.text and "QA-720415" not in f.text for f in active), active
    assert not any(f.recheck.flag for f in active)


MOVES = [
    (
        "I've moved. I live at 21 Quarry Hill, Leeds now. Please send everything to this address from now on.",
        "21 Quarry Hill",
        "I moved again, my new address is 3 Salt Lane, York.",
    ),
    (
        "이사했어요. 이제 광주시 북구 용봉로 77 에 살아요. 앞으로 이 주소로 보내 주세요.",
        "광주시 북구 용봉로 77",
        "또 이사했어요. 새 주소는 울산시 남구 삼산로 5 입니다.",
    ),
]


@pytest.mark.parametrize(("said", "value", "later"), MOVES)
def test_a_context_item_pointing_at_a_value_carries_it_and_ends_with_it(
    isolated_env, config, tmp_path, said, value, later
):
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "a.jsonl", [("a", "2026-05-01T09:00:00", "customer", said)]))
        extract_pending(store, config=config)
        items = [i.text for i in store.context.items(include_unconfirmed=True)]
        assert len(items) == 1 and value in items[0], items
        store.log.import_file(write_log(tmp_path / "b.jsonl", [("b", "2026-05-09T09:00:00", "customer", later)]))
        extract_pending(store, config=config)
        assert [i.text for i in store.context.items(include_unconfirmed=True)] == []
        assert any(c["action"] == "ended" for c in store.context.changes())


def test_a_pointer_with_no_value_makes_no_context_item(isolated_env, config, tmp_path):
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(
            write_log(
                tmp_path / "a.jsonl",
                [("a", "2026-05-01T09:00:00", "customer", "Please send everything to this address from now on.")],
            )
        )
        extract_pending(store, config=config)
        assert store.context.items(include_unconfirmed=True) == []


@pytest.mark.parametrize(
    ("again", "confirmed"),
    [
        (
            "Actually I changed my mind, I want to keep my tea subscription.",
            "Of course, I've reactivated your tea subscription.",
        ),
        (
            "Sorry, I changed my mind: I'd like to keep my tea subscription after all.",
            "No problem, I've reactivated your tea subscription; it carries on as before.",
        ),
    ],
)
def test_a_change_of_mind_the_service_confirms_is_an_agreement(isolated_env, config, tmp_path, again, confirmed):
    rows = [
        ("a", "2026-05-01T09:00:00", "customer", "Please cancel my tea subscription."),
        ("a", "2026-05-01T09:05:00", "agent", "Done: your tea subscription is cancelled from June."),
        ("b", "2026-05-03T09:00:00", "customer", again),
        ("b", "2026-05-03T09:05:00", "agent", confirmed),
    ]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
        extract_pending(store, config=config)
        active = store.facts.list()
        retracted = store.facts.list(statuses=("retracted",))
    assert [f.agreement for f in retracted] == [True]
    assert len(active) == 1 and active[0].agreement and "keep" in active[0].statement


@pytest.mark.parametrize(
    "said",
    [
        [
            ("customer", "I'd like to stop my tea subscription please."),
            ("agent", "Happy to help. What is the e-mail address on the account?"),
            ("customer", "priya@example.org"),
            ("agent", "I've cancelled your tea subscription; it ends in June."),
        ],
        [
            ("customer", "お茶の定期便を解約したいです。"),
            ("agent", "ご登録のお名前を教えていただけますか？"),
            ("customer", "山田花子です。"),
            ("agent", "定期便の解約を承りました。6月末で終了です。"),
        ],
    ],
)
def test_a_confirmation_after_the_agent_asked_for_something_agrees(said):
    agreed = [c for c in _run(*said) if c.agreement]
    assert len(agreed) == 1 and agreed[0].evidence[0].quote == said[0][1] and agreed[0].evidence[-1].turn == "t3"


def test_a_new_request_in_the_answer_is_not_skipped_over():
    said = [
        ("customer", "Please stop my tea subscription."),
        ("agent", "What is the e-mail address on the account?"),
        ("customer", "priya@example.org. Can you also refund last month?"),
        ("agent", "I've refunded last month."),
    ]
    agreed = [c for c in _run(*said) if c.agreement]
    assert all(c.evidence[0].turn != "t0" for c in agreed)


def test_the_outbox_text_leaves_out_a_quote_an_operator_corrected():
    """An agreement whose customer quote an operator corrected (``mem facts edit --text``) carries both quotes; the
    outbox text is its current words — the correction, not the words it replaced beside it."""
    from mem.customers.fact_record import CORRECTED_ROLE, OPERATOR_ROLE, Evidence, Fact
    from mem.customers.outbox import evidence_text

    fact = Fact.new(
        "request",
        "Send order QA-720451 to 8 Mill Lane, Derby.",
        agreement=True,
        evidence=[
            Evidence("c1", "t0", CORRECTED_ROLE, "Send order QA-720451 to 8 Mill Lane, Derbu.", said_on=DAY),
            Evidence(
                "correction",
                "2026-06-01T00:00:00",
                OPERATOR_ROLE,
                "Send order QA-720451 to 8 Mill Lane, Derby.",
                speaker="operator",
                said_on=DAY,
            ),
            Evidence("c1", "t1", "agent", "I've moved order QA-720451 to 8 Mill Lane, Derby.", said_on=DAY),
        ],
    )
    assert evidence_text(fact) == (
        "Send order QA-720451 to 8 Mill Lane, Derby. → I've moved order QA-720451 to 8 Mill Lane, Derby."
    )


def test_a_long_chat_of_closings_is_read_without_reading_it_all_again():
    """Each "Thanks!" after an "I've …" reads the customer's message before it again when that one was extracted
    earlier — and that one, a closing too, the one before it: 800 such exchanges ran out of Python's stack. The
    re-reading is bounded; the last closing reads as it does in a short chat."""

    def chat(exchanges: int) -> list[Turn]:
        turns = [
            Turn("t0", "customer", "Could you move the delivery of order QA-720451 to 8 Mill Lane, Derby?", day=DAY)
        ]
        for i in range(exchanges):
            turns.append(
                Turn(f"a{i}", "agent", f"I've moved the delivery of order QA-72{i:04d} to {i + 1} Mill Lane.", day=DAY)
            )
            turns.append(Turn(f"c{i}", "customer", "Great, thanks!", day=DAY))
        return turns

    def last(turns: list[Turn]) -> list[tuple[str, bool]]:
        found = deterministic_candidates(turns, log_id="c1", reference=DAY, start=len(turns) - 1)
        return [(c.kind, c.agreement) for c in found]

    assert last(chat(1_000)) == last(chat(3))


def test_a_correction_said_before_the_agreement_does_not_correct_it(isolated_env, config, tmp_path):
    """A backfill: the agreement about order QA-720451 (3 May) imported first, a message of 1 May naming the number
    imported after it. Words said before the agreement cannot correct it: it stays in force with its number (the
    earlier words go into history, ``time_order``), where the corrected agreement took its place and its evidence's
    latest day — the agreement's own — hid that the correction came first."""
    request_, confirmation, correction = CORRECTIONS[0]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        store.log.import_file(
            write_log(
                tmp_path / "new.jsonl",
                [
                    ("a", "2026-05-03T09:00:00", "customer", request_),
                    ("a", "2026-05-03T09:05:00", "agent", confirmation),
                ],
            )
        )
        extract_pending(store, config=config)
        store.log.import_file(write_log(tmp_path / "old.jsonl", [("b", "2026-05-01T09:00:00", "customer", correction)]))
        extract_pending(store, config=config)
        agreed = [f for f in store.facts.list() if f.agreement]
    assert len(agreed) == 1 and "QA-720451" in agreed[0].statement, agreed
    assert correction not in [e.quote for e in agreed[0].evidence]
