"""Mail furniture a program adds (device footer, disclaimer, delimited signature) and a messenger's placeholder for a
deleted message are no facts (new-user report 22 #2)."""

from __future__ import annotations

from datetime import date

import pytest

from mem.core.text.mail_footer import footer_start, is_footer_line, is_placeholder
from mem.core.text.mail_furniture import furniture_spans
from mem.customers.fact_candidates import Turn, deterministic_candidates

DAY = date(2026, 3, 11)


def _texts(text: str) -> list[str]:
    turns = [Turn("t1", "customer", text, day=DAY)]
    return [c.text for c in deterministic_candidates(turns, log_id="c", reference=DAY)]


@pytest.mark.parametrize("line", [
    "Sent from my iPhone", "Sent from my Galaxy S23", "Get Outlook for Android", "iPhone에서 보냄",
    "나의 iPhone에서 보냄", "iPhoneから送信",
    "CONFIDENTIALITY NOTICE: This email and any attachments are confidential and intended solely for the addressee.",
    "This message and any attachments may contain privileged information.",
    "본 메일은 수신인만을 위한 기밀 정보를 포함하고 있습니다.",
    "この電子メールは機密情報を含み、宛先以外の方の閲覧を禁じます。",
])
def test_footer_lines(line):
    assert is_footer_line(line)


@pytest.mark.parametrize("line", [
    "Sent from my phone, sorry for the typos, but the mug is cracked.", "I sent it from my office yesterday.",
    "This email is to confirm my new address: 4 Park Row, York.", "메일로 보내 주세요.", "メールで送ってください。",
    "The confidential documents you asked for are attached.",
    # the customer's own word of how they sent something back (the round's review)
    "Sent via Royal Mail Tracked 24", "Sent with DHL tracking number 12345", "어제 부산 우체국에서 보냄",
    "편의점 택배에서 보냄",
])
def test_not_footer_lines(line):
    assert not is_footer_line(line)


@pytest.mark.parametrize("text", ["This message was deleted", "You deleted this message", "삭제된 메시지입니다.",
                                  "メッセージの送信を取り消しました"])
def test_placeholders(text):
    assert is_placeholder(text)
    assert not _texts(text)


@pytest.mark.parametrize("text", ["My last message was deleted by mistake, I meant to say I moved to Leeds.",
                                  "I deleted the app and this message is from my laptop."])
def test_not_placeholders(text):
    assert not is_placeholder(text)


def test_a_rendered_html_mail_keeps_only_the_body():
    text = ("Hi,\nMy order A-5531 arrived yesterday and the blue mug is cracked. I live at 14 Harbor Lane, Portland "
            "now, please send any replacement there.\nThanks,\nDana\nDana Whitfield\nSenior Buyer | Northwind Traders"
            "\nTel: +1 503 555 0142\nCONFIDENTIALITY NOTICE: This email and any attachments are confidential and "
            "intended solely for the addressee. If you received it in error, please delete it.")
    texts = _texts(text)
    assert not [t for t in texts if "CONFIDENTIALITY" in t or "Senior Buyer" in t], texts
    assert [t for t in texts if "Harbor Lane" in t]


@pytest.mark.parametrize("text", [
    "Great, thank you! Also please call me on my new number 503-555-0199, the old one is gone.\nSent from my iPhone",
    "お世話になっております。注文C-9902の領収書を再発行してください。\n連絡はメールでお願いします。\n--\n田中 美咲\n"
    "株式会社みどり商事 経理部\niPhoneから送信",
    "배송지를 부산시 해운대구 우동 123으로 바꿔 주세요.\n연락은 카카오톡으로 주세요.\n--\n김지훈\n한빛상사 총무팀\n"
    "iPhone에서 보냄",
])
def test_footer_and_delimited_signature_give_no_fact(text):
    texts = _texts(text)
    assert not [t for t in texts if "iPhone" in t or "株式会社みどり商事 経理部" in t or "한빛상사" in t], texts
    assert texts


def test_a_delimiter_inside_the_body_is_not_a_signature():
    lines = ["Here is the list:", "--", "I moved to Leeds and my new number is 07700 900111, please update both of "
             "them before the next delivery goes out."]
    assert footer_start(lines) == len(lines)
    assert furniture_spans("\n".join(lines)) == []
    assert footer_start(["Here is the list:", "--", "I moved to Leeds."]) == 3


# newuser24 #4: a "Name | Title | Company" line was nine words with its pipes, over a signature line's seven, so the
# signature was read as the customer's words: glued to the request before it, and its office address stored as theirs
@pytest.mark.parametrize("signature", [
    "\nBest,\nRohan\n--\nRohan Mehta | Head of Procurement | Larkspur Foods\n220 Pine St, Seattle, WA 98101",
    "\n--\nRohan Mehta | Head of Procurement | Larkspur Foods\n220 Pine St, Seattle, WA 98101",
    "\n--\nRohan Mehta · Procurement Lead · Larkspur Foods",
])
def test_a_pipe_separated_title_line_is_a_signature_line(signature):
    text = "Hi,\nThe kettle from order B-4410 leaks at the base. I'd like a refund." + signature
    candidates = deterministic_candidates([Turn("t1", "customer", text, day=DAY)], log_id="c", reference=DAY)
    said = [e.quote for c in candidates for e in c.evidence] + [c.statement for c in candidates]
    assert not [t for t in said if "Procurement" in t or "Pine St" in t], said
    assert [c for c in candidates if "refund" in c.text]
