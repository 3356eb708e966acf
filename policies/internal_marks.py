"""Text a document marks as internal is left out of the customer-facing pages, with a warning naming it.

Wikis keep staff-only material beside the policy: a Notion toggle "Internal: carrier contracts" holding
"Our UPS contract number is 88-1234. Do not share it with customers.", a Confluence panel "Staff only: …",
a section "## Internal notes", "社内限定：…", "내부용: …". Read as text it became a rule, and ``mem ask``
gave any customer the contract number. Pages are what the agent may quote to customers, so ingest leaves
out (``drop_internal``):

- a section whose heading is an internal mark (below), with everything under it up to the next heading
  of its level or above;
- a toggle (``<details>``) whose ``<summary>`` is one, with its content — in Markdown and HTML;
- in HTML, a callout or panel (``<blockquote>``, a ``<div>``/``<section>``/``<aside>`` whose class names a
  callout, panel, macro, note or alert) whose first line is one;
- a paragraph (a Markdown ``>`` callout included) whose first line is one, or that tells the reader not to
  share what it says with customers ("Do not share it with customers.", "고객에게 공유하지 마세요",
  「お客様には共有しないでください」).

An internal mark opens the line (after a quote sign, an emoji, ``**``, a ``[!NOTE]`` tag or a bracket) and
is a label, not a sentence: "Internal", "Internal use only", "For internal use", "Staff only",
"Employees only", "Do not share", "Not for customers", "Confidential:", "내부용", "내부 전용", "사내 한정",
"직원 전용", "대외비", "社内限定", "社内用", "社外秘", "部外秘", "スタッフ限定" — followed by a colon, a dash,
a bracket or the end of the line. Every cut is named in one warning, so the author moves staff-only
material to a page of its own (or drops the mark, if customers may read it).
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mem.policies.readers import Block

# Every word is a literal or a bounded run: no pattern reads an open-ended word.
_END = r"\s{0,3}(?:[:：\-–—(（|\]\)】）」]|$)"
_LABEL = re.compile(
    r"^[\[(【（「]?\s{0,3}(?:"
    r"(?:for\s{1,3})?internal(?:\s{1,3}(?:use|only|notes?|info|information|guidance|process|details|policy))?"
    r"(?:\s{1,3}only)?"
    r"|(?:staff|employees?|agents?|team)(?:\s{1,3}members?)?\s{1,3}only"
    r"|(?:do\s{1,3}not|don['’]t)\s{1,3}share(?:\s{1,3}with\s{1,3}(?:customers|clients|the\s{1,3}customer))?"
    r"|not\s{1,3}for\s{1,3}(?:customers|clients|external\s{1,3}use|the\s{1,3}public|publication)"
    r"|(?:company\s{1,3}|strictly\s{1,3})?confidential"
    r"|(?:내부|사내|직원|상담원)\s?(?:용|전용|한정|공유용|참고용|참고|메모|자료|정보|지침)"
    r"|대외비|고객\s?(?:에게\s?)?(?:비공개|공유\s?금지|공개\s?금지|안내\s?금지)"
    r"|(?:社内|部内|内部|スタッフ|従業員|社員)(?:用|限定|のみ|向け|専用|メモ|資料|情報){1,2}"
    r"|社外秘|部外秘|関係者外秘|取扱注意|お客様(?:に|へ)?(?:は)?(?:非公開|共有しない|開示しない|伝えない)"
    rf"){_END}", re.I)
# "Do not share it with customers": the paragraph says its own words are not for customers.
_NOT_TO_SHARE = re.compile(
    r"\b(?:do\s{1,3}not|don['’]t|never|must\s{1,3}not)\s{1,3}(?:share|disclose|give\s{1,3}out|reveal|quote|mention)"
    r"\s{1,3}(?:it|this|these|them|that|this\s{1,3}(?:number|code|information|info|section|price))\s{1,3}"
    r"(?:with|to)\s{1,3}(?:customers|clients|the\s{1,3}customer|the\s{1,3}public|"
    # ("anyone outside the company", not a customer's own "anyone outside your household")
    r"anyone\s{1,3}outside\s{1,3}(?:the\s{1,3}|our\s{1,3})?(?:company|team|business|organi[sz]ation|office|staff))"
    # "Do not tell customers about goodwill points.": an order to staff (a sentence's start, or "agents/staff/you …")
    # naming what customers are not to hear of; "We do not tell customers of price drops" is a policy and stays
    r"|(?:^|[.!?:]\s{1,3}|\b(?:agents|staff|you)\s{1,3})(?:please\s{1,3})?(?:do\s{1,3}not|don['’]t|never|"
    r"must\s{1,3}not|should\s{1,3}not)\s{1,3}(?:tell|inform)\s{1,3}(?:customers|clients|the\s{1,3}customers?)"
    r"\s{1,3}(?:about|of)\b"
    r"|고객(?:에게|님께|분들께)(?:는)?\s?(?:공유|공개|안내|전달|언급)(?:하|되)?지\s?(?:마|말|않)"
    # "고객에게 굿윌 포인트에 대해 말하지 마세요", 「お客様にはグッドウィルポイントについて伝えないでください」
    r"|고객(?:에게|님께|분들께)(?:는)?\s?[^.。\n]{0,30}?에\s?(?:대해|관해)(?:서)?\s?(?:말하|알리|안내하|언급하|이야기하)지\s?(?:마|말|않)"
    r"|お客様(?:に|へ)(?:は)?[^.。\n]{0,30}?について(?:は)?(?:話さ|伝え|言わ|教え|お伝えし|案内し|説明し)ないで"
    r"|고객(?:에게|님께)(?:는)?\s?알려\s?주지\s?(?:마|말)"
    r"|お客様(?:に|へ)(?:は)?(?:共有|開示|案内|伝え|教え|お伝え)(?:し)?ないで", re.I)
_DETAILS_OPEN = re.compile(r"<details\b", re.I)
_DETAILS_CLOSE = re.compile(r"</details\s*>", re.I)
_SUMMARY = re.compile(r"<summary\b[^>]{0,200}>(.{0,300}?)</summary\s*>", re.I | re.S)
_TAG = re.compile(r"<[^<>]{0,200}>")
_ALERT_TAG = re.compile(r"^\[![A-Za-z]{1,12}\]")


def first_line(text: str) -> str:
    """The first line of ``text`` without what decorates a label: quote signs, emoji, emphasis marks, a list
    marker, tags, a ``[!NOTE]`` alert tag."""
    line = _TAG.sub(" ", text.strip().split("\n", 1)[0])
    for _ in range(6):
        before = line
        line = line.lstrip(" \t>*_~#-+•")
        line = _ALERT_TAG.sub("", line)
        while line and (unicodedata.category(line[0]).startswith("S") or line[0] in "\ufe0f\u200d"):
            line = line[1:]
        if line == before:
            break
    return line.strip()


def marked_internal(text: str) -> bool:
    """Whether a heading, a toggle's summary or a paragraph's first line is an internal mark."""
    return bool(_LABEL.match(first_line(text)))


def says_not_to_share(text: str) -> bool:
    """Whether a paragraph tells its reader not to share it with customers."""
    return bool(_NOT_TO_SHARE.search(text))


def drop_internal(blocks: list[Block]) -> tuple[list[Block], list[str]]:
    """``blocks`` without the parts marked internal (module docstring), and the first words of each part."""
    drop: set[int] = set()
    named: list[str] = []
    i = 0
    while i < len(blocks):
        block = blocks[i]
        if block.is_heading:
            if marked_internal(block.text):
                end = next((j for j in range(i + 1, len(blocks))
                            if blocks[j].is_heading and blocks[j].level <= block.level), len(blocks))
                drop.update(range(i, end))
                named.append(block.text)
                i = end
                continue
        elif _DETAILS_OPEN.search(block.text):
            end = _details_end(blocks, i)
            summary = _SUMMARY.search("\n".join(b.text for b in blocks[i:min(end, i + 2) + 1]))
            if summary and marked_internal(summary.group(1)):
                drop.update(range(i, end + 1))
                named.append(" ".join(_TAG.sub(" ", summary.group(1)).split()))
                i = end + 1
                continue
        elif marked_internal(block.text) or says_not_to_share(block.text):
            drop.add(i)
            named.append(first_line(block.text))
        i += 1
    if not drop:
        return blocks, []
    return [block for n, block in enumerate(blocks) if n not in drop], named


def _details_end(blocks: list[Block], start: int) -> int:
    """The block that closes the ``<details>`` opened in ``blocks[start]`` (nested toggles counted), or
    ``start`` when none does."""
    depth = 0
    for j in range(start, len(blocks)):
        if blocks[j].is_heading:
            continue
        depth += len(_DETAILS_OPEN.findall(blocks[j].text)) - len(_DETAILS_CLOSE.findall(blocks[j].text))
        if depth <= 0:
            return j
    return start


def internal_warning(shown: str, named: list[str]) -> str:
    """One warning naming what ``drop_internal`` left out of ``shown``'s pages."""
    first = " ".join(named[0].split())
    first = first if len(first) <= 60 else first[:59] + "…"
    many = len(named) > 1
    return (f"{shown}: {len(named)} part{'s' if many else ''} marked internal or not to be shared with customers "
            f"(first: {first!r}) {'are' if many else 'is'} left out of the pages: pages are what the agent tells "
            "customers; drop the mark and ingest again if customers may read it")
