"""An export's furniture, recognised by where it stands in the document, left out of the pages.

A wiki or slide export carries more than the policy: Confluence's "Created by Jane Ops, last modified by
Raj Patel on Nov 02, 2026" line and its trailing "Attachments:" and "Comments:" sections, a deck's title
slide ("Acme Mugs | Confidential | Q4 kickoff") and its closing "Questions? / Thank you!" slide. Read as
text, each became a policy page, and ``mem ask`` cited the "Created by" page as "the nearest page". The
HTML reader drops the same furniture by its markup (``readers._FURNITURE``); this module finds it in the
blocks of every format (a Confluence page saved as Markdown or text, a deck saved as PDF) by structure:

- a page-metadata line: a short paragraph that opens with "Created by" / "Last modified by" / "Last
  updated by" and holds a date ("… on Nov 02, 2026"; not "Created by hand in Stoke-on-Trent, …", "Owned by
  Acme Mugs Ltd, …"), or with 작성자: / 最終更新者: …, and says nothing else;
- in a document with such a metadata line (a wiki's export), appendix sections at its end: a heading that is only
  "Attachments" or "Comments" (첨부 파일, 댓글, 添付ファイル, コメント), with what is under it, when no other section
  follows (a policy's own last section "Attachments", on what a customer may attach, is policy);
- a slide deck (a PDF whose pages each open with a heading of one level, the title slide's title maybe set
  larger): the title slide's lines under the deck's title (short lines that are no sentence, alone on page 1,
  each a "Company | Confidential | Q4 kickoff" line, who presents, a quarter or a date — not "Effective 1 March
  2027", "Members in the UK only"), and a closing slide at the end whose heading and lines are only "Questions?",
  "Q&A", "Thank you!" (질문, 감사합니다, 質疑応答, ありがとうございました …).

Every cut is named in one warning, so the ingest summary says what was left out.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mem.policies.readers import Block, Document

_METADATA = re.compile(r"^(?:created|last\s+(?:modified|updated|edited|changed)|modified|updated|edited|owned)"
                       r"\s+by\s+\S|^(?:작성자|최종\s?수정자?|수정자|作成者|最終更新者|更新者)\s*[:：]", re.I)
# ... and, in English, a date on the line: "Created by hand in Stoke-on-Trent, so small marks are no fault" and "Owned
# by Acme Mugs Ltd, company number 01234567" are policy, "… last modified by Raj Patel on Nov 02, 2026" is not
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?"
_DATE = re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"
                   rf"|\b{_MONTH}\s{{1,3}}\d{{1,2}}(?:st|nd|rd|th)?,?\s{{1,3}}\d{{4}}\b"
                   rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s{{1,3}}{_MONTH}\s{{1,3}}\d{{4}}\b"
                   r"|\b(?:today|yesterday|\d{1,3}\s(?:minutes?|hours?|days?|weeks?|months?|years?)\sago)\b", re.I)
_APPENDIX = re.compile(r"^(?:attachments?|comments?|첨부\s?파일|첨부|댓글|添付ファイル|添付|コメント)\s*[:：]?$", re.I)
_CLOSING = re.compile(r"^(?:any\s+)?questions?\s*[?？!！.]?$|^q\s*&\s*a$"
                      r"|^thank\s+you(?:\s+(?:all|very\s+much))?\s*[!！.]?$|^thanks\s*[!！.]?$|^질문\s*[?？]?$|^질의\s?응답$|^감사합니다\s*[!！.]?$|^質問\s*[?？]?$"
                      r"|^質疑応答$|^(?:ご清聴)?ありがとうございました\s*[!！。]?$", re.I)
# a title slide's line that is the deck's own furniture: a "Company | Confidential | Q4 kickoff" line, who presents, a
# quarter or a date alone — not a line of scope under the title ("Effective 1 March 2027", "Members in the UK only")
_SUBTITLE = re.compile(r"[|·•]|\b(?:confidential|internal|kick-?off|presented\s+by|prepared\s+by|presenter|agenda|"
                       r"draft|all[- ]hands|town\s*hall|q[1-4]|fy\s?\d{2,4}|h[12])\b"
                       rf"|^\s*(?:{_MONTH}\s{{1,3}})?(?:\d{{1,2}}\s{{1,3}})?\d{{4}}\s*$", re.I)
_SENTENCE_END = (".", "!", "?", "。", "！", "？", ":", "：")


def drop_furniture(doc: Document) -> list[str]:
    """Take the furniture out of ``doc.blocks``; the warnings that name what was left out."""
    cut: list[tuple[str, str]] = [("page metadata", block.text) for block in doc.blocks if _metadata(block)]
    kept = [block for block in doc.blocks if not _metadata(block)]
    if cut:  # a wiki's export (its page-metadata line): its trailing Attachments / Comments are its furniture, while a
        # policy's own last section "Attachments" ("you may attach up to five photos") is policy
        kept, appendix = _without_appendix(kept)
        cut += appendix
    if doc.kind == "pdf":
        kept, slides = _without_slide_furniture(kept)
        cut += slides
    if not cut or not any(block.text.strip() for block in kept):
        return []  # a document that is nothing but furniture is left as it is: its reader's error says so
    doc.blocks = kept
    what = list(dict.fromkeys(kind for kind, _ in cut))
    first = " ".join(cut[0][1].split())
    first = first if len(first) <= 60 else first[:59] + "…"
    return [f"{doc.shown}: the export's furniture is left out ({', '.join(what)}; first: {first!r}): it is not "
            "policy"]


def _metadata(block: Block) -> bool:
    text = block.text.strip()
    if block.is_heading or len(text) > 160 or "\n" in text:
        return False
    match = _METADATA.match(text)
    return match is not None and (not text.isascii() or _DATE.search(text) is not None)


def _without_appendix(blocks: list[Block]) -> tuple[list[Block], list[tuple[str, str]]]:
    """``blocks`` without the trailing Attachments / Comments sections."""
    headings = [i for i, block in enumerate(blocks) if block.is_heading]

    def appendix(i: int) -> bool:
        return bool(_APPENDIX.match(blocks[i].text.strip()))

    def trailing(k: int) -> bool:
        """Every heading after ``headings[k]`` is an appendix one or a sub-heading of the one before it."""
        last = headings[k]
        for j in headings[k + 1:]:
            if appendix(j):
                last = j
            elif blocks[j].level <= blocks[last].level:
                return False
        return True

    start = next((i for k, i in enumerate(headings) if appendix(i) and trailing(k)), None)
    if start is None or not any(block.is_heading for block in blocks[:start]):
        return blocks, []  # the whole document is the appendix: not furniture of anything
    cut = [("attachments" if blocks[i].text.strip().lower().startswith("attach") or "添付" in blocks[i].text
            or "첨부" in blocks[i].text else "comments", blocks[i].text) for i in headings if i >= start
           and appendix(i)]
    return blocks[:start], cut


def _without_slide_furniture(blocks: list[Block]) -> tuple[list[Block], list[tuple[str, str]]]:
    """A deck's title-slide lines and closing slide (see the module docstring)."""
    headings = [i for i, block in enumerate(blocks) if block.is_heading]
    if len(headings) < 3 or headings[0] != 0 or blocks[0].page != 1:
        return blocks, []
    # a deck: every page after the first opens with a heading of one level, and the first with one of that level or
    # above — deck templates set the title slide's title larger than the content slides' titles (new-user report 29)
    level = blocks[headings[1]].level
    if blocks[0].level > level:
        return blocks, []
    pages = {block.page for block in blocks}
    opens = {blocks[i].page for i in headings if (blocks[i].level == level or i == 0)
             and (i == 0 or blocks[i - 1].page != blocks[i].page)}
    if None in pages or opens != pages:
        return blocks, []
    cut: list[tuple[str, str]] = []
    drop: set[int] = set()
    subtitle = range(1, headings[1])
    if 0 < len(subtitle) <= 3 and blocks[headings[1]].page != 1 and all(
            blocks[i].page == 1 and len(blocks[i].text) <= 80 and not blocks[i].text.rstrip().endswith(_SENTENCE_END)
            and all(_SUBTITLE.search(line) for line in blocks[i].text.split("\n") if line.strip())
            for i in subtitle):
        cut += [("title slide", blocks[i].text) for i in subtitle]
        drop.update(subtitle)
    last = headings[-1]
    if _CLOSING.match(blocks[last].text.strip()) and all(
            _CLOSING.match(block.text.strip().lstrip("-•* ").strip()) for block in blocks[last + 1:]):
        cut.append(("closing slide", blocks[last].text))
        drop.update(range(last, len(blocks)))
    return [block for i, block in enumerate(blocks) if i not in drop], cut
