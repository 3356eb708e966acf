"""A help desk's canned replies as a CSV (policies/faq_csv.py, policies/reply_templates.py): the reply's words are the
page; its greeting, sign-off, placeholders and the replies it no longer sends are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.policies.faq_csv import csv_blocks
from mem.policies.reply_templates import placeholders, reply_text

ZENDESK = '''Title,Body,Category,Active,Last updated
Order not arrived - standard,"Hi {{ticket.requester.first_name}},

Standard delivery takes 3–5 business days from dispatch. If your order has not arrived after 7 business days, \
reply to this e-mail and we will open an investigation with the carrier.

Best regards,
{{current_user.first_name}}
Lumora Customer Care",Delivery,TRUE,2026-10-01
Old refund window,"Hi {{ticket.requester.first_name}}, refunds take 14 days. Thanks, {{current_user.first_name}}",\
Returns,FALSE,2025-01-01
Refund for an order,"Hi {{ticket.requester.first_name}}, your refund for order {{ticket.external_id}} reaches \
your card within 5 business days. Kind regards, {{current_user.first_name}} – Lumora Care",Returns,TRUE,2026-09-12
'''


def _texts(blocks) -> list[str]:
    return [block.text for block in blocks]


def test_canned_replies_are_one_section_per_title_without_greeting_sign_off_or_placeholders(tmp_path: Path) -> None:
    blocks, warnings = csv_blocks(tmp_path / "macros.csv", ZENDESK)
    texts = _texts(blocks)
    assert texts[0] == "Order not arrived - standard"
    assert texts[1].startswith("Standard delivery takes 3–5 business days") and texts[1].endswith("with the carrier.")
    assert texts[2:] == ["Refund for an order",
                         "Your refund for order … reaches your card within 5 business days."]
    assert not any("{{" in text or "Best regards" in text or "Lumora Care" in text for text in texts)
    # the reply marked off is left out and counted; the Active column is not reported as unread
    assert any("1 row that the column 'Active' marks off is left out" in warning for warning in warnings)
    assert any("2 replies with template placeholders" in warning for warning in warnings)
    assert not any("'Active'" in warning and "not read" in warning for warning in warnings)
    assert not any("refunds take 14 days" in text for text in texts)


@pytest.mark.parametrize("reply, kept", [
    ("안녕하세요 {{name}}님,\n환불은 영업일 기준 5일 이내에 처리됩니다.\n감사합니다.\n{{agent}} 드림",
     "환불은 영업일 기준 5일 이내에 처리됩니다."),
    ("{{customer.name}}様\n返品は商品到着後30日以内に受け付けております。\nよろしくお願いいたします。\n{{agent.name}}",
     "返品は商品到着後30日以内に受け付けております。"),
    ("Hi {%customer.firstName%}, one discount code per order. Thanks, {%user.firstName%}",
     "One discount code per order."),
    # the team under the sender, after a comma or a bar, goes with the sign-off
    ("Hi {{name}}, returns are free. Kind regards, {{agent.name}}, Acme Support", "Returns are free."),
    ("Hi {{name}}, returns are free. Kind regards, {{agent.name}} | Acme Care", "Returns are free."),
    # a clause after the thanks goes on with the policy: it is no team under a name
    ("Refund approved. Thanks {{first_name}}, the money is back within 5-7 business days",
     "Refund approved. Thanks …, the money is back within 5-7 business days"),
    # no placeholder: an FAQ's answer is the policy's own words, greeting-like or not
    ("Hi there, we ship within 2 days.", "Hi there, we ship within 2 days."),
])
def test_a_reply_keeps_what_it_says(reply: str, kept: str) -> None:
    assert reply_text(reply) == kept


def test_placeholders_are_found_in_every_help_desks_syntax() -> None:
    assert placeholders("Hi {{first_name | fallback: \"there\"}} and {%customer.firstName%}, {{ticket.id}}") == [
        '{{first_name | fallback: "there"}}', "{%customer.firstName%}", "{{ticket.id}}"]


def test_an_faq_answer_with_a_placeholder_is_read_as_a_reply(tmp_path: Path) -> None:
    text = ('Question,Answer\nCan I use two codes?,"Hi {{ticket.requester.first_name}}, only one discount code '
            'can be used per order. Thanks, {{current_user.first_name}}"\n')
    blocks, _ = csv_blocks(tmp_path / "faq.csv", text)
    assert _texts(blocks) == ["Can I use two codes?", "Only one discount code can be used per order."]


def test_a_csv_with_neither_questions_nor_titles_is_a_table(tmp_path: Path) -> None:
    blocks, warnings = csv_blocks(tmp_path / "x.csv", "Col1,Col2\na,b\n")
    assert _texts(blocks) == ["Col1: a; Col2: b."] and warnings == []


def test_a_csv_of_peoples_messages_is_no_canned_replies(tmp_path: Path) -> None:
    # "name, email, message" is a list of customers' messages: read as title and body, each customer's name and words
    # were a policy page
    with pytest.raises(InvalidInput, match="'Email'.* is a list of people, not policy"):
        csv_blocks(tmp_path / "messages.csv", "Name,Email,Message\nJane Roe,jane@mailbox.example,Please refund me\n")
    with pytest.raises(InvalidInput, match="'연락처'.* is a list of people"):
        csv_blocks(tmp_path / "문의.csv", "이름,연락처,내용\n김민지,010-1234-5678,환불해 주세요\n")
