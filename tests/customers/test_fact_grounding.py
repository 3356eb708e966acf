from __future__ import annotations

from mem.customers.fact_grounding import LogTurn, check_evidence, quote_occurs
from mem.customers.fact_record import Evidence

TURNS = [
    LogTurn("t1", "customer", "Hi. We have an annual contract, so can I get 50% as an exception?"),
    LogTurn("t2", "agent", "Yes, we can offer 50% as an exception."),
]


def ev(turn: str, role: str, quote: str) -> Evidence:
    return Evidence(log_id="c1", turn=turn, role=role, quote=quote)


def test_verbatim_customer_quote_is_grounded():
    assert check_evidence([ev("t1", "customer", "can I get 50% as an exception?")], TURNS) is None


def test_invented_quote_is_refused():
    problem = check_evidence([ev("t1", "customer", "I was promised a full refund")], TURNS)
    assert problem and "not found verbatim" in problem


def test_paraphrase_and_case_change_are_refused_whitespace_is_not():
    assert not quote_occurs("we have an Annual Contract", TURNS[0].text)
    assert quote_occurs("We have an\n annual   contract", TURNS[0].text)
    assert quote_occurs("年間契約　です", "年間契約 です")  # full-width space (NFKC)


def test_agent_words_ground_only_an_agreement_confirmation():
    customer = ev("t1", "customer", "can I get 50% as an exception?")
    agent = ev("t2", "agent", "Yes, we can offer 50% as an exception.")
    assert check_evidence([agent], TURNS, agreement=True) == "no quote from the customer's own messages"
    assert "only the customer's own words" in check_evidence([customer, agent], TURNS, agreement=False)
    assert check_evidence([customer, agent], TURNS, agreement=True) is None


def test_unknown_turn_and_tiny_quote_are_refused():
    assert "not in this conversation" in check_evidence([ev("t9", "customer", "Hi. We have")], TURNS)
    assert check_evidence([ev("t1", "customer", "Hi")], TURNS) is not None
    assert check_evidence([], TURNS) == "no evidence quote"
