"""Split a document into policy sections: one page per section, by the document's headings.

The rule (documented in docs/ingest.md):

- a single top-level heading that opens the document is its title, not a section; so is an
  unnumbered first heading with no text of its own directly over a heading of its level (the
  capitalised title line of a text or PDF file over "1. SCOPE");
- ``split="auto"`` (default, ``[ingest] split``): split at the shallowest heading level that has two
  or more headings below the title — numbered ("1.", "Article 3", "제3조") and unnumbered ``##``
  headings alike; deeper headings stay inside their section's page as sub-headings;
- ``split="h1"|"h2"|"h3"``: split at that level (a shallower heading with text of its own before its
  first sub-section becomes a page too; one without text only names the path);
- a heading with no text of its own is never a page: an unnumbered one directly over numbered headings of its own
  level (plain text's "DATA DELETION" over "1. Timeline") names the path of the numbered sections after it;
- ``split="none"`` or ``single=True`` (``--id``/``--title``): one page for the whole document;
- no headings → one page.

Text before the first section heading (other than the title) is a page of its own, titled with the
document's title; when it only states a version or date, it goes into the first page. Each section
remembers its heading path ("Returns › Exchanges") so pages cite document, path and PDF page.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date

from mem.core.config import INGEST_SPLITS
from mem.core.errors import InvalidInput
from mem.policies.grounding import find_dates
from mem.policies.readers import Block, Document, is_numbered

SPLITS = INGEST_SPLITS  # one list for `--split` and `ingest.split` (checked when mem.toml is read)
PATH_SEPARATOR = " › "


@dataclass
class Topic:
    title: str
    blocks: list[Block] = field(default_factory=list)
    level: int = 0  # heading level of the topic (0: no heading)
    heading_page: int | None = None  # PDF page of the topic's heading
    path: tuple[str, ...] = ()  # heading path below the document title, the section's own title last
    number: str = ""  # the heading's own clause number ("11", "3.2", "5" of 제5조): a renamed section keeps it

    @property
    def pages(self) -> list[int]:
        found = {b.page for b in self.blocks if b.page is not None}
        return sorted(found | ({self.heading_page} if self.heading_page is not None else set()))

    @property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks)

    @property
    def section(self) -> str:
        """The heading path as one string (empty for a whole-document page)."""
        return PATH_SEPARATOR.join(self.path)


def plan_topics(doc: Document, *, single: bool = False, split: str = "auto") -> tuple[str, list[Topic]]:
    """``(document title, topics)`` for ``doc``, split as ``split`` says (see the module docstring)."""
    if split not in SPLITS:
        raise InvalidInput(f"--split must be one of {', '.join(SPLITS)}, got {split!r}")
    blocks = without_contents(doc.blocks)
    headings = [i for i, b in enumerate(blocks) if b.is_heading]
    fallback = doc.title or _title_from_name(doc.path.stem)
    if not headings:
        return fallback, [Topic(fallback, list(blocks))]
    top = min(blocks[i].level for i in headings)
    tops = [i for i in headings if blocks[i].level == top]
    opens = not any(not b.is_heading for b in blocks[:tops[0]])
    title_at = tops[0] if opens and (len(tops) == 1 or _bare_title(blocks, tops[0])) else None
    if title_at is None and doc.title_in_full and fallback.casefold() in {blocks[i].text.casefold() for i in headings}:
        # the lines above the page's own heading (a trail kept as text) are a topic of their own: titled by the
        # <title> without its site name they would take the heading's name, id and section from it
        fallback = doc.title_in_full
    doc_title = strip_numbering(blocks[title_at].text) if title_at is not None else fallback
    below = [i for i in headings if i != title_at]
    if single or split == "none" or not below:
        return doc_title, [_whole(blocks, doc_title, skip=title_at)]
    if split == "auto":
        counts: dict[int, int] = {}
        for i in below:
            counts[blocks[i].level] = counts.get(blocks[i].level, 0) + 1
        level = min((lv for lv, n in counts.items() if n >= 2), default=None)
        if level is None:
            return doc_title, [_whole(blocks, doc_title, skip=title_at)]
    else:
        level = int(split[1])
    starts = [i for i in below if blocks[i].level <= level]
    if not starts:
        return doc_title, [_whole(blocks, doc_title, skip=title_at)]
    return doc_title, _split(blocks, starts, headings, skip=title_at, level=level, title=doc_title)


def without_contents(blocks: list[Block]) -> list[Block]:
    """``blocks`` without a table of contents: a run of lines that each name a heading further on
    ("1. Scope", "Refunds ........ 4", "- [Refunds](#refunds)"), with its "Contents" / "목차" / "目次"
    title. Kept, it became a page (or the introduction) whose "rules" were the section names, and
    "4. Refunds" was quoted as the rule for a refund question."""
    keys = [_entry_keys(b.text) for b in blocks]
    later: set[str] = set()
    names_later: list[set[str]] = [set()] * len(blocks)
    for i in range(len(blocks) - 1, -1, -1):
        names_later[i] = set(later)
        if blocks[i].is_heading:
            later |= set(keys[i])
    drop: set[int] = set()
    run: list[int] = []
    named = 0
    for i in [*range(len(blocks)), len(blocks)]:
        entry = i < len(blocks) and bool(keys[i]) and _may_be_entry(blocks[i], keys[i]) and all(
            k in names_later[i] or _CONTENTS_TITLE.match(k) for k in keys[i])
        if entry:
            run.append(i)
            named += sum(1 for k in keys[i] if k in names_later[i])
            continue
        if named >= 2:
            drop.update(run)
        run, named = [], 0
    return [b for i, b in enumerate(blocks) if i not in drop] if drop else blocks


def _may_be_entry(block: Block, keys: list[str]) -> bool:
    """A heading is a contents line only when it says so ("Contents") or leads dots to a page number:
    sub-headings repeated under every section ("Overview", "Details") are the document's own."""
    if not block.is_heading:
        return True
    return bool(_CONTENTS_TITLE.match(keys[0])) or _LEADER_AFTER_TEXT.search(block.text) is not None


def _entry_keys(text: str) -> list[str]:
    """The heading name each line of ``text`` would be as a contents entry (empty for a blank block)."""
    found = []
    lines = []
    for line in text.splitlines():
        # plain text and PDF readers join a paragraph's lines: "Contents Scope .... 1 Claims .... 2"
        pieces = _leader_entries(line)
        if pieces:
            heading = _CONTENTS_PREFIX.match(pieces[0].strip())
            if heading:
                lines.append(heading.group(0))
                pieces[0] = pieces[0].strip()[heading.end():]
            lines.extend(pieces)
        else:
            lines.append(line)
    for line in lines:
        line = _LINK.sub(r"\1", line.strip()).lstrip("-*•·+ ").strip()
        line = _without_leader(line).strip()
        if not line:
            continue
        found.append(" ".join(strip_numbering(line).casefold().split()))
    return found


def _leader_entries(line: str) -> list[str]:
    """The entries of a line made only of two or more "Name .... 4" entries, else ``[]``.

    A split at the leaders, not a lazy ``(.+?)`` match tried from every position: that rescanned the
    rest of the line at each character, and a 28 KB wrapped paragraph of a .txt file took 25 s."""
    parts = _LEADER_RUN.split(line)
    if len(parts) < 3 or parts[-1].strip():
        return []
    pieces = [p.strip() for p in parts[:-1]]
    return pieces if all(pieces) else []


def _without_leader(line: str) -> str:
    """``line`` without its trailing dot leader and page number ("Refunds ........ 4" → "Refunds")."""
    return _cut_tail(_LEADER, line)


def _cut_tail(pattern: re.Pattern[str], text: str) -> str:
    """``text`` without the match of ``pattern`` (anchored at ``$``) that ends it.

    Only the last ``_TAIL`` characters are searched: a ``…$`` search restarts at every character, and
    runs of spaces, dots or digits made it quadratic in the line's length (a 500-space gap took 1 s)."""
    tail = text[-_TAIL:]
    match = pattern.search(tail)
    return text[:len(text) - len(tail) + match.start()] if match else text


# Every regex here runs on each line of a document at ingest, so none may rescan the rest of the line
# from every position: bracket classes stop at the next bracket, and leaders are found by a split.
_LINK = re.compile(r"\[([^\[\]]+)\]\([^()\[\]]*\)")
# dot leaders and the page number they lead to: "Refunds ........ 4", "Refunds … 4", "Refunds\t4"
# (no two neighbouring parts may match the same character: "\s*\t" or "\s*\d*\s*" backtrack
# through every split of a run of tabs or spaces)
_LEADER = re.compile(r"(?:(?<![^\S\t])|(?!\s))(?:[^\S\t]*(?:\.{2,}|…+|·{2,}|_{3,}|\t)(?:\s*\d+)?|\s+\d{1,3})\s*$")
_TAIL = 200  # the most of a line's end a leader and page number or a version suffix take
_LEADER_RUN = re.compile(r"(?:\.{3,}|…+|·{3,})\s*\d{0,3}")
_LEADER_AFTER_TEXT = re.compile(r"(?<=[^\n])(?:\.{3,}|…+|·{3,})")
_CONTENTS_PREFIX = re.compile(r"^(?:table\s+of\s+)?contents:?(?=\s)|^(?:목\s*차|차\s*례|目\s*次)(?=\s)", re.I)
_CONTENTS_TITLE = re.compile(r"^(?:table\s+of\s+)?contents:?$|^(?:목\s*차|차\s*례)$|^目\s*次$")


def _bare_title(blocks: list[Block], at: int) -> bool:
    """A first heading with no text of its own (or only version and date lines), followed by a
    heading of its level, that is not numbered: a plain-text or PDF title ("ACME RETURNS POLICY" over "1. SCOPE"), which
    has the same shape as the sections below it and used to become a page with nothing in it."""
    # version and date lines between them ("Last updated: 12 January 2026") are the title's, not a
    # section's: they made a page of their own that said only the date
    after = at + 1
    while after < len(blocks) and not blocks[after].is_heading and is_version_line(blocks[after].text):
        after += 1
    following = blocks[after] if after < len(blocks) else None
    return (following is not None and following.is_heading and following.level <= blocks[at].level
            and not is_numbered(blocks[at].text))


def _whole(blocks: list[Block], title: str, *, skip: int | None) -> Topic:
    kept = [b for i, b in enumerate(blocks) if i != skip]
    return Topic(title, kept, 0)


def _split(blocks: list[Block], starts: list[int], headings: list[int], *, skip: int | None,
           level: int, title: str) -> list[Topic]:
    topics: list[Topic] = []
    carry: list[Block] = [b for b in blocks[:starts[0]] if not b.is_heading]  # an introduction is not lost
    if any(not is_version_line(b.text) for b in carry):
        # An introduction with something to say is the document's own page, under its title: folded
        # into the first section it was cited as that section ("Domain basic" quoted the retail
        # policy's general rules) and became its summary; a version or date line alone still goes
        # with the first section.
        topics.append(Topic(title, carry, 0, None, ()))
        carry = []
    group: Block | None = None  # a text-less unnumbered heading over the numbered headings of its level
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(blocks)
        heading = blocks[start]
        body = list(blocks[start + 1:end])
        if group is not None and (heading.level < group.level or not is_numbered(heading.text)):
            group = None  # the next unnumbered heading of its level (or a shallower one) ends its group
        path = _path(blocks, headings, start, skip)
        if group is not None:  # under the headings over both, as its own heading's parent
            path = (*path[:-1], strip_numbering(group.text), path[-1])
        if not any(not b.is_heading for b in body):
            if heading.level < level:
                continue  # a parent heading with no text of its own only names its children's path
            following = blocks[end] if end < len(blocks) else None
            if following is not None and following.level == heading.level and is_numbered(following.text) \
                    and not is_numbered(heading.text):
                # "DATA DELETION" over "1. Timeline": plain text and a PDF's body-size heading lines give both one
                # level, so the capitals line was a page of its own holding only its "Source:" line; it heads the
                # numbered sections under it instead, as a title line over "1. SCOPE" is the document's title
                group = heading
                continue
        topics.append(Topic(page_title(heading.text), carry + body, heading.level, heading.page, path,
                            heading_number(heading.text)))
        carry = []
    if carry and topics:
        topics[0].blocks[:0] = carry
    return topics


def _path(blocks: list[Block], headings: list[int], start: int, skip: int | None) -> tuple[str, ...]:
    """The titles of the headings enclosing ``start`` (below the document title), its own last."""
    chain: list[Block] = [blocks[start]]
    for i in reversed([h for h in headings if h < start and h != skip]):
        if blocks[i].level < chain[0].level:
            chain.insert(0, blocks[i])
    return tuple(strip_numbering(b.text) for b in chain)


def is_version_line(text: str) -> bool:
    """Whether a line only states a version, date or similar document metadata, in English, Korean or
    Japanese, one statement or several ("Version 7. Effective 1 October 2026.", "시행일: 2026년 10월 1일",
    "2026年10月1日改定")."""
    line = " ".join(text.split())
    if not line:
        return False
    pieces = [p for p in _METADATA_BREAK.split(line) if p.strip()]
    return all(_VERSION_LINE.match(p.strip()) or _CJK_VERSION_LINE.match(p.strip()) for p in pieces)


# Two metadata statements on one line: an English full stop before a capital, or a CJK full stop.
_METADATA_BREAK = re.compile(r"(?<=\.)\s+(?=[A-Z])|(?<=[。．])\s*")


_VERSION_LINE = re.compile(
    r"^(?:(?:document\s+)?(?:effective(?:\s+date)?|last\s+(?:updated|revised|modified)|updated|version|revision|rev\.?|"
    r"date|published|issued)\b(?:[^.\n]|\.(?=\d)){0,60}\.?|v\d+(?:\.\d+)*\.?|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\.?)$",
    re.I,
)

# The Korean and Japanese shapes of the same lines: "시행일: 2026년 10월 1일", "2026. 10. 1. 개정",
# "本規約は2026年10月1日から施行します。" An effective-date line above 제1조 / 第1条 made a page of
# its own that said only the date (and shifted every clause's page id by one).
_CJK_DATE = r"(?:\d{4}\s*(?:년|年|[-/.])\s*\d{1,2}\s*(?:월|月|[-/.])\s*\d{1,2}\s*(?:일|日|\.)?)"
_CJK_VERSION_LINE = re.compile(
    r"^[\[(（【]?\s*(?:(?:본\s*약관은|이\s*약관은|本規約は|本会則は|この規約は|本約款は)\s*)?"
    r"(?:(?:최초\s*)?(?:시행일|시행|개정일|개정|최종\s*(?:수정|개정|변경)일?|공고일|제정일|제정|버전)\s*[:：]?\s*|"
    r"(?:施行日|施行|改定日|改定|改訂日|改訂|制定日|制定|最終(?:更新|改定|改訂)日?|更新日|発効日)\s*[:：]?\s*)?"
    r"(?:" + _CJK_DATE + r"|(?:제\s*)?\d+\s*판|第\s*\d+\s*版|v\d+(?:\.\d+)*)\s*"
    r"(?:(?:부터\s*)?(?:시행|개정|제정|적용)(?:합니다|한다|됩니다|함)?|(?:から\s*)?(?:施行|改定|改訂|制定|適用|更新)"
    r"(?:します|する|されます|いたします)?)?\s*[\])）】]?\s*[.。．]?$"
)


_NUMBER_PREFIX = re.compile(
    r"^(?:(?:article|section|chapter|part|clause|§)\s*\d+[a-z]?[.:)]?\s*[-–—:.]?\s*|제\s*\d+\s*[조장절]\s*|"
    r"第\s*\d+\s*[条章節]\s*|\d{1,2}(?:\.\d{1,2}){0,2}[.)]?\s+)",
    re.I,
)


def strip_numbering(title: str) -> str:
    """``"3. Refunds"`` → ``"Refunds"``; ``"Article 3 – Refunds"`` → ``"Refunds"`` (kept if nothing is left)."""
    stripped = _NUMBER_PREFIX.sub("", title.strip()).strip(" -–—:.")
    stripped = _cut_tail(_VERSION_SUFFIX, stripped).strip(" -–—:.")
    # "제1조 (목적)", "第1条（目的）", "Article 1 [Purpose]": the bracketed name is the title
    stripped = re.sub(r"^[(（\[【「]([^()（）\[\]【】「」]*)[)）\]】」]$", r"\1", stripped.strip())
    return stripped or title.strip()


def heading_number(heading: str) -> str:
    """The clause number a heading opens with, digits only ("11 Moving home" → "11", "Article 3 – Refunds" → "3",
    "제5조 (환불)" → "5"), "" when none; a dated entry's day is no number."""
    text = heading.strip()
    match = _NUMBER_PREFIX.match(text)
    if match is None or entry_date(" ".join(text.split())) is not None:
        return ""
    return ".".join(re.findall(r"\d+", match.group()))


# the article of Korean and Japanese terms, which customers and staff cite it by ("약관 제5조", "規約第8条")
_CITED_ARTICLE = re.compile(r"^(?:제\s*\d+\s*조(?:\s*의\s*\d+)?|第\s*\d+\s*条(?:\s*の\s*\d+)?)")


def page_title(heading: str) -> str:
    """A section's page title: its heading without clause number and version marker (``strip_numbering``), save
    the article number of Korean and Japanese terms — "제5조 (청약철회 및 환불)", "第8条（返品・返金）" — which is
    how the article is cited; "약관 제5조 내용이 뭐예요?" found no page titled "청약철회 및 환불". The heading path
    (``sources[].section``) and the page id are made without it, as before, so no page changes its identity.
    A dated entry's heading ("7 December 2026 — Money-back period now 45 days") is its title as written: its
    "7" is the entry's day, not a clause number (``entry_date``)."""
    text = " ".join(heading.split())
    if entry_date(text) is not None:
        return text.strip(" -–—:|")
    if _CITED_ARTICLE.match(text):
        return _cut_tail(_VERSION_SUFFIX, text).strip(" -–—:.") or text
    return strip_numbering(heading)


# The date a dated entry's heading opens with (a changelog's, a "what's changed" page's): "7 December 2026",
# "December 7th, 2026", "2026-11-03", "2026/11/03", "2026년 12월 7일", "2026年12月7日" — then the end, or a separator
# and the entry's words. Anchored at the start and bounded, so a long heading is read once.
_MONTH_NAME = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
               r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_ENTRY_DATE = re.compile(
    rf"^(?:\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{4}}/\d{{1,2}}/\d{{1,2}}|\d{{1,2}}(?:st|nd|rd|th)?[ \t]{{1,3}}{_MONTH_NAME},?"
    rf"[ \t]{{1,3}}\d{{4}}|{_MONTH_NAME}[ \t]{{1,3}}\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]{{1,3}}\d{{4}}|"
    r"\d{4}[ \t]{0,2}[년年][ \t]{0,2}\d{1,2}[ \t]{0,2}[월月][ \t]{0,2}\d{1,2}[ \t]{0,2}[일日])"
    r"(?=$|[ \t]{0,3}[-–—:|·,(（]|[ \t\u3000])",
    re.I,
)


def entry_date(heading: str) -> tuple[date, str] | None:
    """``(day, words)`` of a heading that opens with a date — a dated entry of a changelog or a "what's changed"
    page ("7 December 2026 — Money-back period now 45 days" → 2026-12-07, "Money-back period now 45 days") —
    or None (no date first, or no such day: "31 February 2026")."""
    text = " ".join(heading.split())
    match = _ENTRY_DATE.match(text)
    if match is None:
        return None
    days, _ = find_dates(match.group(0).replace("/", "-"))
    if len(days) != 1:
        return None
    return days.pop(), text[match.end():].strip(" -–—:|·,\u3000")


_VERSION_SUFFIX = re.compile(
    r"(?:(?<!\s)|(?!\s))(?:(\s*(?:[-–—:(]\s*)?(?:v|ver\.?|version|rev\.?|revision)\s*\d+(?:\.\d+)*\)?|\s*\(\s*\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s*\))\s*$)",
    re.I,
)


def strip_version_suffix(text: str) -> str:
    """``"terms-v2"`` → ``"terms"``, ``"Refunds (2026-01-01)"`` → ``"Refunds"``."""
    return _cut_tail(_VERSION_SUFFIX, text)


def slugify(title: str) -> str:
    """A page id from a title: ASCII lower-case words joined by ``-``, without a version suffix."""
    title = _cut_tail(_VERSION_SUFFIX, title)
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:60].rstrip("-")


def _title_from_name(stem: str) -> str:
    words = re.sub(r"[_\-]+", " ", stem).strip()
    words = _cut_tail(_VERSION_SUFFIX, words) or words
    return words[:1].upper() + words[1:] if words else "Document"
