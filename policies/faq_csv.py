"""A CSV of questions and answers (a help desk's FAQ export) or of canned replies, read as one section per row.

Read as text, ``faq.csv`` became one page holding the whole file on one line, header included, and answers
quoted "comma soup" from the wrong row. A CSV is now read when its header row names a question column and an
answer column (``question``/``answer``, ``Q``/``A``, ``FAQ``, ``질문``/``답변``, ``質問``/``回答`` …, case and
spacing aside): each row with both is a section — the question its heading, the answer its text — so each
row is a page of its own that cites the file. Other columns (category, dates) are not read, and ingest says
which. A CSV naming neither is a table — a price list — and is read by ``table_csv``; one with a column of a
person's contact (a list of people) is refused in one line.

A help desk's **canned replies** (Zendesk macros, Freshdesk canned responses, saved replies) export as a title and
a body (``Title``/``Body``, ``Name``/``Content``, ``제목``/``본문``, ``件名``/``本文`` …): read the same way, the title
the heading and the body the text, when no question and answer columns are named. A reply is written to be sent, so
its greeting, its sign-off and its placeholders (``{{ticket.requester.first_name}}``) are the reply's template, not
policy (``reply_templates``); an answer holding a placeholder is read the same way. A row an ``Active``
(``Enabled``, ``Status``, ``사용 여부``, ``有効``) column marks off (``FALSE``, ``no``, ``inactive``, ``archived``,
``0`` …) is a reply the help desk no longer sends: it is left out and counted.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.errors import InvalidInput
from mem.core.wording import plural
from mem.policies.reply_templates import placeholders, reply_text

if TYPE_CHECKING:
    from mem.policies.readers import Block

_QUESTION = re.compile(r"^(?:q|question|questions|faq|faq\s?question|query|질문|문의|자주\s?묻는\s?질문|質問|問い|"
                       r"よくある質問|設問)$", re.I)
_ANSWER = re.compile(r"^(?:a|answer|answers|response|reply|faq\s?answer|답변|답|대답|回答|答え|こたえ)$", re.I)
_TITLE = re.compile(r"^(?:title|name|subject|heading|topic|macro|macro\s?(?:name|title)|"
                    r"(?:canned\s?)?(?:response|reply)\s?(?:name|title)|template\s?(?:name|title)|"
                    r"제목|이름|항목|件名|タイトル|見出し|名前|名称)$", re.I)
_BODY = re.compile(r"^(?:body|content|contents|text|message|"
                   r"(?:response|reply|template|macro|comment)\s?(?:body|text)|본문|내용|메시지|本文|内容|メッセージ|文面)$",
                   re.I)
_ACTIVE = re.compile(r"^(?:active|enabled|status|state|published|is\s?active|사용|사용\s?여부|상태|有効|状態|公開)$",
                     re.I)
_OFF = re.compile(r"^(?:false|no|n|0|off|inactive|disabled|archived|deleted|draft|아니오|아니요|미사용|비활성|보관|"
                  r"無効|停止|非公開|いいえ)$", re.I)
# a column of a person's contact: a CSV holding one is a list of people ("name, email, message": a form's or a
# help desk's export of customer messages), never the help desk's canned replies, and read as them each customer's
# name and words became a policy page
_CONTACT = re.compile(r"^(?:e-?mail|e-?mail\s?address|phone|phone\s?number|mobile|tel|telephone|"
                      r"(?:customer|requester|sender|user|from)\s?(?:e-?mail|phone)|이메일|전화번호|연락처|휴대폰|メール|"
                      r"メールアドレス|電話番号?|連絡先)$", re.I)
_MAX_FIELD = 1 << 20


def csv_blocks(path: Path, text: str) -> tuple[list[Block], list[str]]:
    """``(blocks, warnings)`` of a question-and-answer CSV, or one ``InvalidInput`` saying why it is not one."""
    from mem.policies.readers import Block, literal_markdown

    csv.field_size_limit(max(csv.field_size_limit(), _MAX_FIELD))
    rows: list[list[str]] = []
    lines: list[int] = []  # the line of the file each row starts on, for the table reader's errors
    try:
        reader = csv.reader(io.StringIO(text), dialect=_dialect(text))
        start = 1
        for row in reader:
            if any(c.strip() for c in row):
                rows.append(row)
                lines.append(start)
            start = reader.line_num + 1
    except csv.Error as exc:
        raise InvalidInput(f"{path}: not a readable CSV file ({exc})") from exc
    if not rows:
        raise InvalidInput(f"{path}: no text found")
    # the columns' names: the first row of two or more cells (a spreadsheet's title row over them holds one)
    named = next((n for n, row in enumerate(rows) if sum(1 for c in row if c.strip()) >= 2), 0)
    header = [" ".join(cell.split()).strip("\ufeff ") for cell in rows[named]]
    question = next((n for n, name in enumerate(header) if _QUESTION.match(name)), None)
    answer = next((n for n, name in enumerate(header) if _ANSWER.match(name)), None)
    contact = next((name for name in header if _CONTACT.match(name)), None)
    if (question is None or answer is None) and contact is None:
        # canned replies: a title and a body (never a list of people's messages: "name, email, message")
        question = next((n for n, name in enumerate(header) if _TITLE.match(name)), None)
        answer = next((n for n, name in enumerate(header) if _BODY.match(name)), None)
    if question is None or answer is None:
        if contact is not None:
            found = ", ".join(repr(name) for name in header[:8]) + (" …" if len(header) > 8 else "")
            raise InvalidInput(f"{path}: a CSV with a column of a person's contact ({contact!r}) is a list of people, "
                               "not policy, and is not ingested; a CSV is read as questions and answers (question/"
                               f"answer, Q/A, 질문/답변, 質問/回答), canned replies (title/body) or a table; its first "
                               f"row is {found}")
        # no question and answer columns: a price list or another table, one page of labelled rows (``table_csv``)
        from mem.policies.table_csv import table_blocks

        return table_blocks(path, rows, lines), []
    active = next((n for n, name in enumerate(header) if n not in (question, answer) and _ACTIVE.match(name)), None)
    blocks: list[Block] = []
    skipped = inactive = templated = 0
    for row in rows[named + 1:]:
        if active is not None and active < len(row) and _OFF.match(row[active].strip()):
            inactive += 1
            continue
        asked = " ".join(row[question].split()) if question < len(row) else ""
        said = row[answer].strip() if answer < len(row) else ""
        if placeholders(said):
            templated += 1
            said = reply_text(said)
        if not asked or not said:
            skipped += 1
            continue
        blocks.append(Block(literal_markdown(asked), 2))
        for paragraph in re.split(r"\n\s*\n", said):
            if paragraph.strip():
                blocks.append(Block(literal_markdown(" ".join(paragraph.split()))))
    if not blocks:
        raise InvalidInput(f"{path}: no row has both a question and an answer")
    warnings = []
    others = [name or f"column {n + 1}" for n, name in enumerate(header) if n not in (question, answer, active)]
    if others:
        warnings.append(f"{path}: the column{'s' if len(others) > 1 else ''} {', '.join(map(repr, others))} "
                        f"{'are' if len(others) > 1 else 'is'} not read: each row's {header[question]!r} is a "
                        f"section's heading and its {header[answer]!r} the section's text")
    if inactive and active is not None:
        warnings.append(f"{path}: {plural(inactive, 'row')} that the column {header[active]!r} marks off "
                        f"{'are' if inactive > 1 else 'is'} left out: the help desk no longer sends "
                        f"{'them' if inactive > 1 else 'it'}")
    if templated:
        warnings.append(f"{path}: {plural(templated, 'reply', 'replies')} with template placeholders ({{{{…}}}}) "
                        "lose their greeting and sign-off, and a placeholder inside a sentence reads \"…\": the help "
                        "desk fills them in when it sends the reply")
    if skipped:
        warnings.append(f"{path}: {skipped} row{'s' if skipped > 1 else ''} without a question or an answer "
                        f"{'are' if skipped > 1 else 'is'} left out")
    return blocks, warnings


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    """Comma-separated unless the header line says semicolons or tabs (a spreadsheet's export in many locales). The
    header is the first of the first lines holding a separator: a table's title row over it may hold none."""
    head = text.split("\n", 10)[:10]
    first = next((line for line in head if any(sep in line for sep in ",;\t")), head[0])
    if "\t" in first and first.count("\t") >= first.count(","):
        return csv.excel_tab
    if ";" in first and first.count(";") > first.count(","):
        class Semicolon(csv.excel):
            delimiter = ";"
        return Semicolon
    return csv.excel
