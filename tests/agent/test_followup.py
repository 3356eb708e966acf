"""A follow-up in a conversation ("and after 20 days?") is searched with its subject, the earlier question."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.agent.followup import followup_subject, is_followup
from mem.agent.retrieval import terms

REFUNDS = ("# Refunds\n\n## Refund window\n\nYou can get a full refund within 14 days of purchase.\n\n"
           "## Gift cards\n\nGift cards cannot be refunded.\n")
SHIPPING = ("# Shipping\n\n## Lost parcels\n\nIf a parcel has not arrived 10 business days after dispatch, "
            "we send a new one.\n")
REFUNDS_KO = "# 환불\n\n## 환불 기간\n\n환불은 구매일로부터 14일 이내에 가능합니다.\n"
SHIPPING_KO = "# 배송\n\n## 분실\n\n소포가 발송 후 10일이 지나도 도착하지 않으면 다시 보내 드립니다.\n"
REFUNDS_JA = "# 返金\n\n## 返金期間\n\n返金は購入日から14日以内に受け付けます。\n"
SHIPPING_JA = "# 配送\n\n## 紛失\n\n発送後10日たっても届かない場合は再送します。\n"


def _count(text: str) -> int:
    return len(terms(text))


@pytest.mark.parametrize("message", [
    "How about 40 days?", "Same for gift cards?", "But what if I opened the box first?",
    "Then what happens to the shipping cost?", "그럼 30일이 지나면요?", "선물 카드는요?", "주말에 주문하면요?",
    "では30日後は？", "ギフトカードの場合は？", "週末に注文したら？", "それなら送料はどうなりますか",
])
def test_followups_are_told_by_their_grammar(message):
    assert is_followup(message, _count(message))


@pytest.mark.parametrize("message", [
    "Can I get a refund for my broken blender?", "How long does a parcel take to arrive in Canada?",
    "환불 기간은 며칠인가요?", "선물 카드로 환불받을 수 있나요?",
    "返品の期限は何日ですか？", "ギフトカードは返金できますか？",
])
def test_standalone_questions_are_not_followups(message):
    assert not is_followup(message, _count(message))


def test_the_subject_is_the_last_question_that_was_not_a_followup():
    earlier = ["I ordered a lamp 5 days ago, can I return it for a refund?", "How about 40 days?"]
    assert followup_subject("and 60 days?", earlier, _count) == earlier[0]
    assert followup_subject("Can I get a refund for my broken blender?", earlier, _count) is None
    assert followup_subject("and 60 days?", [], _count) is None


@pytest.fixture
def workspace(mem, tmp_path: Path):
    def build(*docs: str) -> Path:
        ws = tmp_path / "ws"
        assert mem("init", ws).exit_code == 0
        for n, text in enumerate(docs):
            doc = tmp_path / f"doc{n}.md"
            doc.write_text(text, encoding="utf-8")
            result = mem("--workspace", ws, "ingest", doc)
            assert result.exit_code == 0, result.stderr
        return ws
    return build


def _after_first_answer(stdout: str) -> str:
    """The second answer and its sources: what follows the second answer's greeting (any language). (The first
    answer's sources header marked it until the nearest page of a "no rule" answer stopped being cited.)"""
    from mem.agent.language import phrase

    for language in ("en", "ko", "ja"):
        parts = stdout.split(phrase(language, "greeting"))
        if len(parts) > 2:
            return parts[2]
    raise AssertionError(stdout)


@pytest.mark.parametrize(("docs", "messages", "expected"), [
    ((REFUNDS, SHIPPING), "I ordered a lamp 5 days ago, can I return it for a refund?\nHow about 40 days?\n",
     "Your case (40 days) is beyond the 14-day window"),
    ((REFUNDS_KO, SHIPPING_KO), "구매 5일 후에 환불이 가능한가요?\n그럼 30일이 지나면요?\n",
     "고객님의 경우(30일)는 이 규정의 14일 기간을 넘었습니다."),
    ((REFUNDS_JA, SHIPPING_JA), "購入から5日ですが返金できますか？\nでは30日後は？\n",
     "お客様のケース（30日）は、この規定の14日の期間を過ぎています。"),
])
def test_chat_followup_keeps_the_subject_in_each_language(mem, workspace, docs, messages, expected):
    ws = workspace(*docs)
    result = mem("--workspace", ws, "chat", "-c", "f1", "--no-learn", input=messages)
    assert result.exit_code == 0, result.stderr
    second = _after_first_answer(result.stdout)
    assert expected in second
    assert "10" not in second  # not the lost-parcels rule, which also says "days after"


def test_script_followup_chain_keeps_the_first_subject(mem, workspace, tmp_path):
    ws = workspace(REFUNDS, SHIPPING)
    script = tmp_path / "s.jsonl"
    script.write_text('{"text": "I ordered a lamp 5 days ago, can I return it for a refund?"}\n'
                      '{"text": "How about 40 days?"}\n{"text": "and 9 days?"}\n', encoding="utf-8")
    result = mem("--workspace", ws, "ask", "-c", "f2", "--script", script, "--no-learn", "--json")
    assert result.exit_code == 0, result.stderr
    import json

    answers = [turn["answer"] for turn in json.loads(result.stdout)["turns"]]
    assert "Your case (40 days) is beyond" in answers[1]
    assert "Your case (9 days) is within" in answers[2]


def test_a_followup_that_changes_the_subject_is_searched_alone(mem, workspace):
    ws = workspace(REFUNDS, SHIPPING)
    result = mem("--workspace", ws, "chat", "-c", "f3", "--no-learn",
                 input="What happens if my parcel is lost?\nWhat about gift cards?\n")
    assert result.exit_code == 0, result.stderr
    assert "Gift cards cannot be refunded." in _after_first_answer(result.stdout)


def test_the_followups_word_replaces_the_sibling_it_turns_away_from(mem, workspace, tmp_path):
    """"And priority?" after "…standard delivery…": "standard" is left out, so the priority rule leads."""
    ws = workspace("# Delivery\n\n## Delivery speed\n\nStandard delivery takes 4 working days. "
                   "Priority delivery takes 2 working days.\n")
    result = mem("--workspace", ws, "chat", "-c", "f4", "--no-learn",
                 input="How long does standard delivery take?\nAnd priority?\n")
    assert result.exit_code == 0, result.stderr
    first, second = result.stdout.split("Sources:", 1)
    assert "In short: 4 working days" in first
    assert "In short: 2 working days" in second
