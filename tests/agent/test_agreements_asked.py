"""A question about the customer's own agreements gets them, cited: "What did you promise me last time?"."""

from __future__ import annotations

from datetime import date

import pytest

from mem.agent.agreements_asked import asks_about_agreements
from mem.agent.answering import answer_question
from mem.customers.fact_record import Evidence, Fact

from .conftest import open_customer

ASKED = "Could you send the spare charger too?"
AGREED = f"{ASKED} → Yes, we will send a spare charger with the next order."


def _customer(tmp_path):
    agreed = Fact(id="01AGREEDCHARGER00000000000", kind="decision", text=AGREED, valid_at=date(2026, 10, 2),
                  evidence=(Evidence(log_id="L", turn="t1", role="customer", quote=ASKED),), agreement=True)
    said = Fact(id="01SAIDCITY0000000000000000", kind="attribute", text="I live in Lyon.", valid_at=date(2026, 10, 3),
                evidence=(Evidence(log_id="L", turn="t2", role="customer", quote="I live in Lyon."),))
    return open_customer(tmp_path, "cust-p", [agreed, said], [])


@pytest.mark.parametrize("question", [
    "What exactly did you commit to last month?", "Did we make an arrangement about my order?",
    "Can you remind me what was agreed?", "저번에 합의한 내용이 뭐였죠?", "뭘 보내 주기로 하셨나요?",
    "この前の約束は何でしたっけ？", "どんな取り決めになっていましたか",
])
def test_a_question_about_agreements_gets_them_cited(service, tmp_path, question):
    assert asks_about_agreements(question)
    with _customer(tmp_path) as customer:
        answer = answer_question(question, service=service, customer=customer)
    assert ASKED in answer.text and "we will send a spare charger" in answer.text
    cited = [c.block.id for c in answer.citations]
    assert "01AGREEDCHARGER00000000000" in cited
    assert "Lyon" not in answer.text  # only the agreements are what it asks for


@pytest.mark.parametrize("text", ["I agree.", "We agreed on that, thanks.", "How do refunds work?",
                                  "I disagree with this charge.", "네, 동의합니다.", "了解しました。"])
def test_statements_and_other_questions_do_not_ask_about_agreements(text):
    assert not asks_about_agreements(text)
