"""A numbered clause whose sentence runs over two or more lines (hard-wrapped as e-mails, SLAs and plain-text terms
are, at 72-80 columns) is one paragraph, never a heading over the rest of its own sentence; a numbered heading
(short, no sentence, its body under it) stays a heading. Judged by structure: whether the line was broken by the
wrap (the next line's first word would not have fitted on it, at the document's widest line) or the next line goes
on in lower case — not by the words."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mem.policies.readers import Document, text_blocks
from mem.policies.sectioning import plan_topics


def _wrap(clause: str, width: int) -> str:
    return textwrap.fill(clause, width=width, break_long_words=False, break_on_hyphens=False)


# a title line alone above the first heading is a heading of its rank, the document's title (newuser30 #12)
def _blocks(text: str) -> list[tuple[str, int]]:
    return [(b.text, b.level) for b in text_blocks(text)]


def _hangul_wrap(clause: str, columns: int) -> str:
    """``clause`` broken at spaces so that no line is wider than ``columns`` terminal columns (Hangul is two)."""
    lines: list[str] = []
    for word in clause.split(" "):
        line = f"{lines[-1]} {word}" if lines else word
        if lines and sum(2 if ord(c) > 0x1100 else 1 for c in line) <= columns:
            lines[-1] = line
        else:
            lines.append(word)
    return "\n".join(lines)


def _kana_wrap(clause: str, chars: int) -> str:
    """``clause`` cut every ``chars`` characters, as a Japanese text editor wraps (anywhere, even inside a word)."""
    return "\n".join(clause[i:i + chars] for i in range(0, len(clause), chars))


EMAIL_CLAUSES = [
    "1.1. Subscribers may terminate their Brightline membership immediately, without giving any reason, from "
    "the account page or by replying to this message.",
    "1.2. Cancellation within fourteen days of the first payment entitles subscribers to a full refund of that "
    "payment.",
    "2.1. Refunds are returned to the original payment card within five working days of the cancellation.",
]


def test_an_e_mail_wrapped_at_72_columns_keeps_each_numbered_clause_whole():
    text = ("Brightline subscription terms\n\n1. Cancelling\n\n" + _wrap(EMAIL_CLAUSES[0], 72) + "\n\n"
            + _wrap(EMAIL_CLAUSES[1], 72) + "\n\n2. Refunds\n" + _wrap(EMAIL_CLAUSES[2], 72))
    assert all(len(line) <= 72 for line in text.splitlines())
    assert _blocks(text) == [
        ("Brightline subscription terms", 1), ("1. Cancelling", 1), (EMAIL_CLAUSES[0], 0), (EMAIL_CLAUSES[1], 0),
        ("2. Refunds", 1), (EMAIL_CLAUSES[2], 0),
    ]


def test_an_sla_wrapped_at_80_columns_keeps_its_section_clauses_whole():
    credit = ("Section 4.2 The Provider shall credit the Customer ten percent of the monthly fee for every "
              "full hour of unavailability beyond the monthly allowance.")
    measured = ("4.3. Availability is measured every minute from three independent monitoring locations "
                "and reported monthly.")
    ending = "Either party may end this agreement with ninety days' written notice."
    text = ("SERVICE LEVEL AGREEMENT\n\n4. Service credits\n\n" + _wrap(credit, 80) + "\n\n" + _wrap(measured, 80)
            + "\n\n5. Termination\n" + ending)
    assert _blocks(text) == [("SERVICE LEVEL AGREEMENT", 1), ("4. Service credits", 1), (credit, 0), (measured, 0),
                             ("5. Termination", 1), (ending, 0)]
    _, topics = plan_topics(Document(Path("sla.txt"), "text", text.encode(), text_blocks(text)))
    assert [(t.title, t.text) for t in topics] == [("Service credits", credit + "\n" + measured),
                                                   ("Termination", ending)]


def test_a_clause_broken_by_hand_before_the_margin_goes_on_in_lower_case():
    # an e-mail written with short lines: the line did not reach the margin, but the next line is the same sentence
    text = ("1. Cancelling\n\n1.1 Subscribers may cancel their plan at\nany time from the account page.\n\n"
            "2. Refunds\nRefunds are paid within five working days of the cancellation request.")
    assert _blocks(text) == [
        ("1. Cancelling", 1), ("1.1 Subscribers may cancel their plan at any time from the account page.", 0),
        ("2. Refunds", 1), ("Refunds are paid within five working days of the cancellation request.", 0),
    ]


@pytest.mark.parametrize("text", [
    # a numbered heading with its body under it, hard-wrapped at 72 columns or not wrapped at all
    "1. Refunds and cancellations\n" + _wrap(EMAIL_CLAUSES[2] + " " + EMAIL_CLAUSES[0][5:], 72),
    "1. Refunds\nRefunds are paid within five working days.\n\n2. Deliveries\nOrders ship the same day.",
    "3.1 Eligible purchases\nAll purchases made in the last 30 days qualify.",
    # underlined with a rule, in a text wrapped at 72 columns: the rule goes on with no sentence
    "2. Assessment, credit and transcripts\n" + "~" * 37 + "\n\n" + _wrap(EMAIL_CLAUSES[0], 72),
])
def test_a_short_numbered_heading_over_its_body_stays_a_heading(text):
    assert text_blocks(text)[0].is_heading


KO_PARAGRAPH = ("① 회원은 서비스를 이용하는 경우 다른 회원의 개인정보를 수집하거나 "
                "타인의 명의를 도용하는 행위를 하여서는 아니 됩니다.")
KO_SECOND = "② 회원은 관계 법령과 이 약관의 규정을 준수하여야 합니다."


def test_a_korean_article_with_its_wrapped_first_paragraph_on_its_line_is_the_article_over_the_paragraph():
    wrapped = _hangul_wrap("제3조(회원의 의무) " + KO_PARAGRAPH, 80)
    assert len(wrapped.splitlines()) >= 2
    text = "서비스 이용약관\n\n" + wrapped + "\n" + KO_SECOND + "\n\n제4조(요금)\n요금은 매월 1일에 청구합니다."
    assert _blocks(text) == [
        ("서비스 이용약관", 1), ("제3조(회원의 의무)", 1), (KO_PARAGRAPH, 0), (KO_SECOND, 0), ("제4조(요금)", 1),
        ("요금은 매월 1일에 청구합니다.", 0),
    ]


def test_a_korean_wrapped_paragraph_under_its_article_stays_one_paragraph():
    text = "제3조(회원의 의무)\n" + _hangul_wrap(KO_PARAGRAPH, 80) + "\n" + KO_SECOND
    assert _blocks(text) == [("제3조(회원의 의무)", 1), (KO_PARAGRAPH, 0), (KO_SECOND, 0)]


JA_FIRST = "会員は、当社所定の方法により届け出ることにより、いつでも本契約を解約することができます。"
JA_SECOND = "２　解約の効力は、当社が届出を受理した日の属する月の末日に生じるものとします。"


def test_a_japanese_article_with_its_wrapped_clause_on_its_line_is_the_article_over_the_clause():
    text = "利用規約\n\n" + _kana_wrap("第5条（解約）" + JA_FIRST, 36) + "\n" + _kana_wrap(JA_SECOND, 36)
    assert _blocks(text) == [("利用規約", 1), ("第5条（解約）", 1), (JA_FIRST, 0), (JA_SECOND, 0)]


@pytest.mark.parametrize("rest", [[JA_SECOND], []])
def test_a_japanese_paragraph_cut_inside_a_word_is_joined_without_a_blank(rest):
    # Japanese sets no blank between words: the wrap cut "解約する" / "ことができます", not two words (and a text with
    # no blank in any line is wrapped all the same)
    text = "\n".join(["第5条（解約）", _kana_wrap(JA_FIRST, 36), *(_kana_wrap(r, 36) for r in rest)])
    assert _blocks(text) == [("第5条（解約）", 1), (JA_FIRST, 0), *((r, 0) for r in rest)]
