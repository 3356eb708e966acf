"""An e-mail notice saved as plain text: its sign-off, sender and mailing lines are not its last section's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.policies.mail_closing import closing_lines
from mem.policies.readers import read_document

BODY_EN = """Price changes from 1 April 2027

1. New prices

The Standard plan goes up to $14.00 a month on 1 April 2027.

2. Annual plans

Customers on annual plans keep their current price until renewal.
"""
CLOSING_EN = """
Kind regards,
The Northwind Billing team
support@northwind.example | +1 555 0100 (Mon-Fri 9am-5pm)

To unsubscribe from these notices, visit northwind.example/unsubscribe.
"""
BODY_JA = """料金改定のお知らせ

第1条（料金の改定）
2027年4月1日より、スタンダードプランの月額料金を2,180円に改定します。

第2条（年払いの場合）
年払いのお客様は、次回更新日まで現行価格が適用されます。
"""
CLOSING_JA = """
今後ともよろしくお願いいたします。
株式会社ノースウィンド　カスタマーサポート
お問い合わせ：support@northwind.example
※本メールは送信専用です。
"""
BODY_KO = """요금 변경 안내

1. 변경 요금
2027년 4월 1일부터 스탠다드 요금제의 월 요금이 14,000원으로 변경됩니다.

2. 연간 요금제
연간 요금제 고객은 다음 갱신일까지 현재 요금이 유지됩니다.
"""
CLOSING_KO = """
감사합니다.
노스윈드 고객지원팀 드림
문의: support@northwind.example
수신을 원하지 않으시면 수신거부를 눌러 주세요.
"""
CASES = [
    ("en.txt", BODY_EN, CLOSING_EN, ["Kind regards", "Billing team", "unsubscribe"], "support@northwind.example"),
    ("ja.txt", BODY_JA, CLOSING_JA, ["よろしく", "カスタマーサポート", "送信専用"],
     "お問い合わせ：support@northwind.example"),
    ("ko.txt", BODY_KO, CLOSING_KO, ["감사합니다", "드림", "수신거부"], "문의: support@northwind.example"),
]


def _read(tmp_path: Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_document(path, max_bytes=0)


@pytest.mark.parametrize(("name", "body", "closing", "gone", "contact"), CASES)
def test_the_closing_of_an_e_mail_notice_is_left_out_and_its_contact_kept(tmp_path, name, body, closing, gone, contact):
    doc = _read(tmp_path, name, body + closing)
    text = "\n".join(block.text for block in doc.blocks)
    assert not [word for word in gone if word in text]
    assert contact in text  # how to reach the service is what customers ask: it stays
    assert [block.text for block in doc.blocks][-2] == body.strip().split("\n")[-1]  # the last rule is itself
    assert any("closing is left out" in warning for warning in doc.warnings)
    # the same sections, so the same pages and page ids, as the notice without its closing
    plain = _read(tmp_path, "plain-" + name, body)
    assert [b.text for b in doc.blocks if b.is_heading] == [b.text for b in plain.blocks if b.is_heading]


def test_a_rule_under_the_signature_keeps_the_closing_whole():
    closing = "\nKind regards,\nThe Northwind Billing team\n"
    text = BODY_EN + closing + "P.S. Business plans are not affected by this change.\n"
    assert closing_lines(text) == []
    text = BODY_EN + CLOSING_EN + "Service notices like this one cannot be unsubscribed from.\n"
    assert closing_lines(text) == []


def test_a_sign_off_that_is_not_the_end_is_no_closing():
    # "Thanks," inside the document, with rules under it: not a closing
    text = "Rules\n\nThanks,\nfor reading these rules.\nBookings close at 6pm.\nRefunds take 5 days to arrive.\n"
    assert closing_lines(text) == []
    # a document with no sign-off keeps its contact section
    text = BODY_EN + "\n3. Contact\n\nsupport@northwind.example | +1 555 0100\n"
    assert closing_lines(text) == []


@pytest.mark.parametrize(
    "last",
    [
        "Customers may opt out of marketing calls by replying STOP.",
        "You can opt out of auto-renewal at any time in Settings.",
        "To unsubscribe from the loyalty programme, ask at any branch.",
    ],
)
def test_an_opt_out_rule_at_the_end_of_a_policy_stays(last):
    # a policy's last line that says how customers stop something else than the mailing (review of round 27)
    assert closing_lines(BODY_EN + "\n" + last + "\n") == []
    # a bare link text under a closing is still the mailing's
    mailing = "To unsubscribe from these notices, visit northwind.example/unsubscribe."
    text = BODY_EN + CLOSING_EN.replace(mailing, "Unsubscribe")
    assert text.split("\n")[max(closing_lines(text))] == "Unsubscribe"


def test_only_the_mailing_lines_go_when_there_is_no_sign_off():
    text = BODY_EN + "\nYou're receiving this e-mail because you have a Northwind account.\n"
    lines = text.split("\n")
    assert [lines[n] for n in closing_lines(text)] == [lines[-2]]


def test_ingested_page_has_no_sign_off(mem, tmp_path):
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "notice.txt"
    doc.write_text(BODY_EN + CLOSING_EN, encoding="utf-8")
    result = mem("--workspace", ws, "ingest", doc)
    assert result.exit_code == 0 and "closing is left out" in result.stderr
    page = (ws / "policies" / "annual-plans.md").read_text(encoding="utf-8")
    assert "Kind regards" not in page and "unsubscribe" not in page and "support@northwind.example" in page
