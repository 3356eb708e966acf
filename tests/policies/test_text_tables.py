"""A plain-text table aligned with blanks keeps each row its own line, read with its column labels."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.policies.readers import text_blocks

EN = """Price changes from 1 April 2027

1. New prices

The following plans change price on 1 April 2027.

Plan          Current price    New price
Basic         $8.00            $9.00
Standard      $12.00           $14.00
Premium       $18.00           $21.00

Customers on annual plans keep their current price until renewal.
"""
JA = """料金改定のお知らせ

第1条（料金の改定）
2027年4月1日より、別表のとおり月額料金を改定します。

別表
プラン　　　　現行価格　　　新価格
ライト　　　　980円　　　　1,080円
スタンダード　1,980円　　　2,180円
プレミアム　　2,980円　　　3,280円

第2条（年払いの場合）
年払いのお客様は、次回更新日まで現行価格が適用されます。
"""
KO = """요금 변경 안내

1. 변경 요금
2027년 4월 1일부터 아래 요금표와 같이 월 요금이 변경됩니다.

요금표
요금제\t현재 요금\t변경 후 요금
베이직\t8,000원\t9,000원
스탠다드\t12,000원\t14,000원
프리미엄\t18,000원\t21,000원

2. 연간 요금제
연간 요금제 고객은 다음 갱신일까지 현재 요금이 유지됩니다.
"""


@pytest.mark.parametrize(("text", "row", "after"), [
    (EN, "Plan: Standard; Current price: $12.00; New price: $14.00.",
     "Customers on annual plans keep their current price until renewal."),
    # the short line right above the table is its caption, read with each row
    (JA, "別表 プラン: スタンダード; 現行価格: 1,980円; 新価格: 2,180円.",
     "年払いのお客様は、次回更新日まで現行価格が適用されます。"),
    (KO, "요금표 요금제: 스탠다드; 현재 요금: 12,000원; 변경 후 요금: 14,000원.",
     "2027년 4월 1일부터 아래 요금표와 같이 월 요금이 변경됩니다."),
])
def test_each_row_of_a_spaced_table_is_its_own_block_with_its_labels(text, row, after):
    texts = [block.text for block in text_blocks(text)]
    assert row in texts
    assert after in texts  # the line before or after the table stays itself, not a row
    assert sum(1 for t in texts if t.count(";") == 2) == 3  # three rows, the labels no row of their own


def test_a_rule_under_the_labels_and_a_table_without_labels():
    text = "Fees\n\nItem        Fee\n----------  -------\nLate return  $5\nLost card    $10\n"
    assert [b.text for b in text_blocks(text)][1:] == ["Item: Late return; Fee: $5.", "Item: Lost card; Fee: $10."]
    text = "Zones:\n\nZone 1    $3.00\nZone 2    $4.50\nZone 3    $6.00\n"
    assert [b.text for b in text_blocks(text)][1:] == ["Zone 1 | $3.00", "Zone 2 | $4.50", "Zone 3 | $6.00"]


def test_prose_with_two_blanks_between_sentences_is_no_table():
    prose = ("You may cancel at any time.  Refunds are paid to the card you used within\n"
             "five working days.  A plan bought in a sale is refunded at the price you\n"
             "paid.  Gift cards are never refunded.  Ask us if in doubt.\n")
    assert [b.text for b in text_blocks(prose)] == [" ".join(prose.split("\n")).strip()]
    # one row under its labels, and a "Label:  value" list, stay text as before
    short = "Plan      Price\nBasic     $8.00\n"
    assert [b.text for b in text_blocks(short)] == ["Plan      Price Basic     $8.00"]
    labels = "Phone:     555 0100\nE-mail:    help@example.com\nHours:     9 to 5\n"
    assert len(text_blocks(labels)) == 1


def test_ragged_columns_are_no_table():
    # cut into the same number of pieces, but the pieces do not line up: a list of phrases, not columns
    text = "Bring a towel  and shoes\nLockers cost extra  at the desk\nNo glass  anywhere in the pool area\n"
    assert len(text_blocks(text)) == 1


@pytest.mark.parametrize(("name", "text", "question", "row", "other"), [
    ("en.txt", EN, "What is the new price of the Standard plan?", "Standard; Current price: $12.00", "Premium;"),
    ("ja.txt", JA, "スタンダードの新価格はいくらですか？", "スタンダード; 現行価格: 1,980円", "プレミアム;"),
    ("ko.txt", KO, "스탠다드 요금제의 변경 후 요금은 얼마인가요?", "스탠다드; 현재 요금: 12,000원", "프리미엄;"),
])
def test_ask_quotes_the_row_the_question_is_about(mem, tmp_path: Path, name, text, question, row, other):
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    result = mem("--workspace", ws, "ask", "-c", "t", question)
    assert result.exit_code == 0, result.stderr
    source = next(line for line in result.stdout.splitlines() if line.strip().startswith("[1] policy"))
    quoted = source.split(": ", 1)[1]
    assert row in quoted and other not in quoted  # the row itself is quoted, not the whole table as one sentence


SCHEDULE = """2. FUEL  (anything returned less than full)

   Petrol ......................................  2.60 per litre
   Diesel ......................................  2.40 per litre
   Minimum refuelling charge ...................  10.00

5. ADMIN

   Replacement ignition key (plant) ............  35.00
   Parking / PCN / congestion charge handling ..  25.00 plus the
                                                  fine itself
   Returned bank transfer or card chargeback ...  20.00
"""
SCHEDULE_JA = "料金表\n\n　延長料金（1日）・・・・・・1,000円\n　紛失時の再発行・・・・・・500円\n"


def test_a_schedule_with_dot_leaders_keeps_one_row_per_line():
    texts = [block.text for block in text_blocks(SCHEDULE)]
    assert "Diesel | 2.40 per litre" in texts and "Minimum refuelling charge | 10.00" in texts
    # the line set under the last cell continues it; the rows around it stay their own
    assert "Parking / PCN / congestion charge handling | 25.00 plus the fine itself" in texts
    assert "Returned bank transfer or card chargeback | 20.00" in texts
    # a leader row is never a row of labels, though it holds no figure
    assert "Light dust | no charge" in [b.text for b in text_blocks("Light dust .......  no charge\nMud ....  15.00\n")]
    assert [b.text for b in text_blocks(SCHEDULE_JA)][1:] == ["延長料金（1日） | 1,000円", "紛失時の再発行 | 500円"]


def test_an_ellipsis_or_a_lone_leader_line_is_no_table():
    prose = "We will call you... and then send the kit.\nWait for the e-mail... it comes within a day.\n"
    assert len(text_blocks(prose)) == 1
    one = "Total ............  £5.00\nPaid by card on the day of hire.\n"
    assert len(text_blocks(one)) == 1  # one leader row among prose stays the paragraph it was
