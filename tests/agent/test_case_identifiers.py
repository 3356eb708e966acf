"""An order number the customer quotes names their case, not the topic (new-user report 24, #9).

"Can I get a refund for order SO-500123? It arrived 20 days ago." was answered from the page about order-number
corrections ("Order numbers have the form SO- followed by six digits.") instead of the refund rule, which the same
question without the number got: the number's letters ("so") and the noun naming it ("order") were key words that
page held. A question about the identifier itself ("Is SO-50012 a valid order number?") is still answered there.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mem.agent.answering import answer_question
from mem.agent.case_identifiers import about_identifier, case_free, identifiers, without_named_case
from mem.agent.retrieval import says_something_of
from mem.agent.rule_quote import asked_terms, choose_rule, question_units
from mem.core.config import Config
from mem.customers.fact_record import Evidence, Fact
from mem.policies.ingest import ingest_documents
from mem.wiki.service_memory import WorkspaceServiceMemory
from mem.wiki.workspace import init_workspace

POLICY = {
    "en": "# Shop policy\n\n## Refunds\n\nRefunds are accepted within 14 days of delivery. Opened cosmetics cannot "
    "be refunded. Refunds go back to the original payment method within 5 business days.\n\n"
    "## Shipping address changes\n\nThe delivery address of an order can be changed until the order is "
    "shipped.\n\n"
    "## Order number corrections\n\nCustomers must give the order number that appears in the confirmation "
    "e-mail. Order numbers have the form SO- followed by six digits.\n",
    "ko": "# 쇼핑몰 정책\n\n## 환불\n\n환불은 배송 완료 후 14일 이내에 가능합니다. "
    "개봉한 화장품은 환불되지 않습니다.\n\n"
    "## 주문번호 정정\n\n고객은 확인 메일에 있는 주문번호를 알려 주셔야 합니다. "
    "주문번호는 SO-와 숫자 여섯 자리로 이루어집니다.\n",
    "ja": "# ショップ規約\n\n## 返金\n\n返金は配達から14日以内に受け付けます。開封済みの化粧品は返金できません。\n\n"
    "## 注文番号の訂正\n\nお客様は確認メールに記載の注文番号をお伝えください。注文番号はSO-と6桁の数字です。\n",
}
REFUND_RULE = {
    "en": "Refunds are accepted within 14 days of delivery.",
    "ko": "환불은 배송 완료 후 14일 이내에 가능합니다.",
    "ja": "返金は配達から14日以内に受け付けます。",
}
WITH_NUMBER = {
    "en": [
        "Can I get a refund for order SO-500123? It arrived 20 days ago and the lid is cracked.",
        "Can I get a refund for order SO-500123?",
        "My order number is SO-500123. Can I get a refund? It arrived 20 days ago.",
    ],
    "ko": ["주문 SO-500123 환불 가능한가요? 20일 전에 도착했어요.", "주문번호는 SO-500123이에요. 환불 가능한가요?"],
    "ja": ["注文 SO-500123 の返金はできますか？20日前に届きました。", "注文番号はSO-500123です。返金はできますか？"],
}
ABOUT_THE_NUMBER = {
    "en": ["Is SO-50012 a valid order number?", "I typed SO-500132 but it should be SO-500123, can you fix it?"],
    "ko": ["SO-50012는 올바른 주문번호인가요?"],
    "ja": ["SO-50012は正しい注文番号ですか？"],
}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("refund for order SO-500123?", ["SO-500123"]),
        ("주문번호는 A-20931이에요.", ["A-20931"]),
        ("注文番号はJ-88213です。", ["J-88213"]),
        ("quote BR-22817-B and BM-20260202-7781", ["BR-22817-B", "BM-20260202-7781"]),
        ("invoice INV2024001, order #48213", ["INV2024001", "#48213"]),
        # names of things, not a customer's case
        ("Does COVID-19 delay shipping? Is the RTX4090 covered? Is A4 paper sold? By 5pm? 500ml?", []),
        ("주문번호 형식이 SO-로 시작하나요?", []),
    ],
)
def test_identifiers_are_letters_and_digits_of_a_case(text, found):
    assert identifiers(text) == found


def test_the_number_and_the_noun_naming_it_leave_the_request():
    assert "SO" not in case_free("Can I get a refund for order SO-500123?")
    assert "order" in case_free("Can I get a refund for order SO-500123?")
    assert without_named_case("Can I get a refund for order SO-500123?").split() == [
        "Can",
        "I",
        "get",
        "a",
        "refund",
        "for",
        "?",
    ]
    assert without_named_case("주문번호는 A-20931이에요. 환불되나요?").split() == [".", "환불되나요?"]
    assert without_named_case("注文番号はJ-88213です。返金できますか？").split() == ["。返金できますか？"]
    assert without_named_case("Can I get a refund?") is None


@pytest.mark.parametrize(
    "question",
    [q for qs in ABOUT_THE_NUMBER.values() for q in qs]
    + ["Is SO-50012 correct?", "SO-50012 틀렸어요. 바꿀 수 있나요?"],
)
def test_a_question_about_the_identifier_keeps_it(question):
    assert about_identifier(question)
    assert case_free(question) == question and without_named_case(question) is None


@pytest.mark.parametrize(
    "question",
    [q for qs in WITH_NUMBER.values() for q in qs]
    + ["My order number is SO-500123, can I get a refund? The wrong size came."],
)
def test_a_question_that_quotes_its_order_number_is_not_about_it(question):
    assert not about_identifier(question)


def test_the_identifiers_letters_are_no_key_word_and_the_order_it_names_is_the_case():
    question = "Can I get a refund for order SO-500123?"
    assert "so" not in {term for unit in question_units(question) for term in unit.grams}
    assert frozenset([frozenset(["refund"])]) in asked_terms(question)


def _body(language: str, heading: str) -> str:
    """One section of ``POLICY[language]``: the text under the ``## heading`` line."""
    return POLICY[language].split(f"## {heading}\n\n", 1)[1].split("\n\n## ", 1)[0]


@pytest.mark.parametrize(
    ("language", "refunds", "numbers"),
    [("en", "Refunds", "Order number corrections"), ("ko", "환불", "주문번호 정정"), ("ja", "返金", "注文番号の訂正")],
)
def test_the_order_number_page_does_not_answer_a_refund_question_that_quotes_a_number(language, refunds, numbers):
    for question in WITH_NUMBER[language]:
        assert not choose_rule(_body(language, numbers), question, heading=numbers).answers, question
        assert REFUND_RULE[language] in choose_rule(_body(language, refunds), question, heading=refunds).sentences
    if language == "en":  # the order-number page answers a question about the number, as before
        assert choose_rule(_body(language, numbers), ABOUT_THE_NUMBER["en"][0], heading=numbers).answers


@pytest.fixture
def shop(tmp_path: Path):
    def ingest(language: str) -> WorkspaceServiceMemory:
        ws = init_workspace(tmp_path / f"ws-{language}")
        doc = tmp_path / f"shop-policy-{language}.md"
        doc.write_text(POLICY[language], encoding="utf-8")
        ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"}))
        return WorkspaceServiceMemory(ws)

    return ingest


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
def test_a_refund_question_quoting_its_order_number_is_answered_by_the_refund_rule(shop, language):
    service = shop(language)
    for question in WITH_NUMBER[language]:
        answer = answer_question(question, service=service, customer=None)
        cited = [c.block for c in answer.citations if c.block.memory == "policy"]
        assert cited and cited[0].id != _page_id(service, "SO-"), question
        assert REFUND_RULE[language] in answer.text, question
    for question in ABOUT_THE_NUMBER[language]:
        answer = answer_question(question, service=service, customer=None)
        # the page found first (a "no rule" answer names its nearest page without citing it)
        found = [b for b in answer.retrieved if b["memory"] == "policy"]
        assert found and found[0]["id"] == _page_id(service, "SO-"), question


def _page_id(service: WorkspaceServiceMemory, holding: str) -> str:
    [page] = [page for page in service.pages("policy") if holding in str(page.body)]
    return str(page.id)


@pytest.mark.parametrize(
    "question",
    ["Did you fix my order number SO-330091?", "주문번호 SO-330091 수정됐나요?", "注文番号SO-330091を修正できますか？"],
)
def test_a_change_asked_of_the_number_named_as_a_number_is_about_it(question):
    assert about_identifier(question)


@pytest.mark.parametrize(
    "question", ["Can I change order SO-1234 to express?", "주문번호는 SO-500123이에요. 배송지 변경 가능한가요?"]
)
def test_a_change_of_the_order_itself_is_not_about_its_number(question):
    assert not about_identifier(question)


def _fact(fact_id: str, text: str, quote: str) -> Fact:
    return Fact(
        id=fact_id,
        kind="request",
        text=text,
        valid_at=date(2026, 11, 4),
        evidence=(Evidence(log_id="L1", turn="t1", role="customer", quote=quote),),
    )


def test_a_fact_about_another_order_is_not_cited_for_the_number_quoted():
    """A fact shares "order" with a question that quotes its order number, but is about another order."""
    other = _fact(
        "01FACTOTHERORDER0000000000",
        "Sorry, the order number is SO-330091 not SO-330019",
        "Sorry, the order number is SO-330091 not SO-330019",
    )
    same = _fact(
        "01FACTSAMEORDER00000000000",
        "The lid of SO-500123 arrived cracked",
        "The lid of SO-500123 arrived cracked",
    )
    question = "Can I get a refund for order SO-500123?"
    assert not says_something_of(other, question)
    assert says_something_of(same, question)
    assert says_something_of(other, "Did you fix my order number SO-330091?")
    # without a number quoted, the words decide as before
    assert says_something_of(other, "What is my order number?")
