"""Sentence splitting for English, Korean and Japanese: chat messages (with exact offsets) and page bodies.

``split_sentences`` returns each sentence with its start and end offsets in the original message,
so an evidence quote built from one or several adjacent sentences is a verbatim slice of what the
customer wrote (grounding depends on that). Boundaries:

- ``. ! ?`` (and runs like ``?!`` or ``...``) followed by whitespace, except after common
  abbreviations (``Mr.``, ``e.g.``) and inside numbers (``3.5``);
- ``。！？`` and full-width ``．`` anywhere (Japanese/Chinese punctuation needs no space after);
- a Korean sentence ending (``…습니다``, ``…어요``, ``…했다`` …) followed by whitespace, because
  Korean chat often omits the final period;
- what closes a clause in chat instead of a full stop, followed by whitespace and a word: a tilde run in
  Korean and Japanese ("받아~ 새 회사"), laughter or crying after a word ("별로였어 ㅋㅋ 새해…"; at the start of a
  message it opens the sentence instead), an emoji ("cute 😍 I love it");
- line breaks.

A dot leader is no full stop: a run of three or more full stops followed by a figure ("Helix / flat ........ £30",
"| £30"), or a run of four or more followed by a small letter ("...... charged as a full journey"), ends no
sentence, so a price row is one sentence with its price. "..." before a word and any run before a capital still end
one ("We'll see... Then decide.").

``page_sentences`` reads a markdown page body or a fact text instead: lines wrapped inside one
paragraph are joined, headings, bullets and footnote marks removed; a line that opens with a clause or item
number ("（１）", "①", "３　", "제3호") starts a sentence of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mem.core.text.cjk import HANGUL_SYLLABLES
from mem.core.text.pattern import lazy
from mem.core.text.tables import markdown_table_rows

_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc",
     "e.g", "i.e", "a.m", "p.m", "no", "inc", "ltd", "co", "approx", "dept"]
)
_KOREAN_ENDINGS = (
    "습니다", "니다", "어요", "아요", "에요", "예요", "해요", "세요", "네요", "군요", "거든요", "까요",
    "죠", "었다", "았다", "했다", "한다", "이다", "겠다",
)
_CJK_LETTER = rf"{HANGUL_SYLLABLES}\u3040-\u30ff\u4e00-\u9fff"
_EMOJI = "\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50"
_BOUNDARY = lazy(
    r"(?P<latin>(?<![.!?])[.!?]++[\"')\]]*)(?=\s)"
    r"|(?P<cjk>[。！？．]+[」』）)\"']*)"
    r"|(?P<ko>(?:" + "|".join(_KOREAN_ENDINGS) + rf"))(?=[ \t]+[{HANGUL_SYLLABLES}])"
    rf"|(?P<chat>(?:(?<![~～〜])[~～〜]++|(?<=[^\sㅋㅎㅠㅜ~～〜])[ \t]*(?:[ㅋㅎㅠㅜ]{{2,}}|\^\^))"
    rf"(?=[ \t]+[{_CJK_LETTER}])"
    rf"|(?<![{_EMOJI}])[{_EMOJI}][\ufe0f\u200d{_EMOJI}]*+(?=[ \t]+\w))"
    r"|(?P<nl>\n+)"
)


@dataclass(frozen=True)
class Sentence:
    """One sentence: its text (stripped) and its span ``[start, end)`` in the message."""

    text: str
    start: int
    end: int


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of ``text`` in order, each with its exact span in ``text``."""
    sentences: list[Sentence] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        end = match.end()
        if match.group("latin") and _is_abbreviation(text, match.start()):
            continue
        if (match.group("latin") or match.group("cjk")) and _is_dot_leader(text, end):
            continue  # "Minimum charge ...... 10.00": a leader between a label and its figure
        _append(sentences, text, start, end)
        start = end
    _append(sentences, text, start, len(text))
    return sentences


_LONGEST_ABBREVIATION = max(len(a) for a in _ABBREVIATIONS)


def _is_abbreviation(text: str, dot: int) -> bool:
    """Whether the run of ASCII letters and dots ending at ``dot`` is an abbreviation ("Mr", "e.g").

    Looks back at most a few characters: searching ``text[:dot]`` for the run, as this once did,
    copied and scanned the whole message before every full stop — quadratic, 401 s on a 1 MB message.
    """
    if text[dot] != ".":
        return False
    start = dot
    while start > 0 and (text[start - 1] == "." or ("a" <= text[start - 1].lower() <= "z")):
        start -= 1
        if dot - start > _LONGEST_ABBREVIATION + 1:
            return False  # a longer run is a word, never one of the abbreviations
    return text[start:dot].lower().rstrip(".") in _ABBREVIATIONS


# A dot leader between a label and its figure: a run of three or more full stops ("．" too), then blanks and an
# optional table cell mark ("Helix / flat ........ | £30"), then a figure; or a run of four or more, then a small
# letter ("...... charged as a full journey", "...... no charge"). Prose's "..." before a word, and any run before a
# capital, still end a sentence. The run is counted back at most four marks, so a long leader costs no more.
_LEADER_FULL_STOPS = ".．"
_AFTER_LEADER = lazy(r"[ \t\u3000]*+(?:\|[ \t\u3000]*+)?(?P<next>\S)")
_CURRENCY = "£$€¥₩₹＄￥￡"


def _is_dot_leader(text: str, end: int) -> bool:
    """Whether the full stops ending at ``end`` are a dot leader (above), not a sentence's end."""
    run = 0
    while run < 4 and end - run > 0 and text[end - run - 1] in _LEADER_FULL_STOPS:
        run += 1
    return run >= 3 and _leads_to_figure(text, end, long_run=run >= 4)


def _leads_to_figure(text: str, end: int, long_run: bool) -> bool:
    """Whether a leader ending at ``end`` leads to a row's figure: a digit or currency sign; after a long run, a
    small letter too ("no charge")."""
    after = _AFTER_LEADER.match(text, end)
    if after is None:
        return False
    following = after.group("next")
    return following.isdigit() or following in _CURRENCY or (long_run and following.islower())


def _append(out: list[Sentence], text: str, start: int, end: int) -> None:
    chunk = text[start:end]
    stripped = chunk.strip()
    if not stripped:
        return
    lead = len(chunk) - len(chunk.lstrip())
    begin = start + lead
    out.append(Sentence(stripped, begin, begin + len(stripped)))


_PAGE_SENTENCE_END = lazy(r"(?<=[.!?])\s+|(?<=[。！？])|\n+")
_FOOTNOTE = lazy(r"(?<!\\)\[\^[^\]]+\]")
# a markdown backslash escape ("\\[^9]", "\\## not a heading"): the reader sees the character alone
_ESCAPE = lazy(r"\\([!-/:-@\[-`{-~])")
_HEADING = lazy(r"^\s*#+\s*")
_BULLET = lazy(r"^\s*(?:[-*+]|\d+[.)])\s+")
# A numbered paragraph or item of a statute-style document opens a line of its own: "（１）", "(2)", "①", "３　"
# (a full-width space after the number), "3．", "가.", "第2項", "제3호". Such a line is a new clause even without a
# full stop before it ("（３）セール品" then "３　返金は…"): joined as a wrapped line, an item ran into the next
# paragraph, and a "when" question was answered with another clause's time. The marker stays in the sentence.
_CLAUSE_MARK = lazy(r"^\s*(?:[（(]\s*[0-9０-９一二三四五六七八九十]{1,3}\s*[)）]|[①-⑳㉑-㉟]|"
                    r"[0-9０-９]{1,3}(?:　|[．）](?!\d))|[가나다라마바사아자차카타파하][.)]\s|"
                    r"(?:第|제)\s*[0-9０-９一二三四五六七八九十]{1,3}\s*(?:項|号|항|호))")
# The numbering of a Korean or Japanese legal text (약관, 規約): a paragraph (항/項: "① …", "２　…") and an item
# (호/号/목: "(1) …", "（１）…", "１）…", "一　…", "가. …"; "(a) …" in English). Each opens a rule of its own on its
# line, as a bullet does; the mark is kept in the sentence, as the document cites it.
LEGAL_PARAGRAPH = r"[\u2460-\u2473\u3251-\u325f\u32b1-\u32bf]|[0-9０-９]{1,2}\u3000|[０-９]{1,2}[ \t]"
# (a 목 letter is one of 가나다…하, never any syllable: "(주)한빛몰" names a company)
LEGAL_ITEM = (r"[(（](?:[0-9０-９]{1,3}|[一二三四五六七八九十]{1,3}|[가나다라마바사아자차카타파하]|[a-zA-Z]|"
              r"[ァ-ヶ])[)）]|[０-９]{1,3}[）．]|[一二三四五六七八九十]{1,3}[\u3000、]|"
              r"[가나다라마바사아자차카타파하][.)][ \t]")
# an item's letter and its full stop; the blanks before it are read apart (``_BLANKS``): "\s*가\." searched a run
# of blanks from each of them to its end (quadratic)
# A FAQ's question line and the answer line under it: "**Q. 현수막 한 장만 주문해도 되나요?**" / "**A.** 네, …",
# "Q: …" / "A: …" (``page_sentences`` reads them without their marks). One run of blanks, then the bold mark and
# the blanks after it: two runs side by side split a line of blanks every way (200 KB of spaces took 21 s).
_QUESTION_MARK = lazy(r"^[ \t]*(?:(?:\*\*|__)[ \t]*)?Q[ \t]*[.:：．](?:\*\*|__)?[ \t]")
# A line that holds a dot leader ("Petrol ........ 2.60 per litre", "Nostril ・・・・ ¥5,000") is a row of a price
# list or schedule: it opens a unit of its own, as a bullet does, so rows without a full stop are not read as one
# wrapped paragraph (held-out 27's text schedule). Each run is matched once, from its first mark (linear).
_LEADER_RUN = lazy(r"(?<![.．…·・‥])(?:[.．]{3,}+|…{2,}+|[·・‥]{3,}+)(?=[ \t\u3000])")
_ANSWER_MARK = lazy(r"^[ \t]*(?:(?:\*\*|__)[ \t]*)?A[ \t]*[.:：．](?:\*\*|__)?[ \t]")
_ITEM_LETTER = lazy(r"[가나다라마바사아자차카타파하]\.")
_BLANKS = lazy(r"\s*")
_LEGAL_MARK = lazy(rf"^[ \t]*(?:{LEGAL_PARAGRAPH}|{LEGAL_ITEM})")


def page_sentences(text: str) -> list[str]:
    """Sentences of a page body or fact text, with markdown headings, bullets and footnote marks removed.

    Lines wrapped inside one paragraph are joined first, so a sentence is never cut at a line end. A FAQ's
    question line and the answer line under it ("**Q. …?**" / "**A.** …", "Q: …" / "A: …") are read without
    their marks, the question opening the answer's first sentence: a question alone is never a rule.
    """
    units: list[str] = []
    current: list[str] = []
    table: list[str] = []
    asked = False  # the last line was a FAQ's question ("**Q. …?**")
    kind = ""  # "q" or "a" when the current unit opened with a FAQ's question or answer mark
    asking: dict[int, str] = {}  # the index of an answer's unit → its question
    question_text = ""

    def close() -> None:
        nonlocal question_text
        joined = " ".join(current)
        if kind == "q":
            if question_text:
                units.append(question_text)  # a question with no answer line under it stays a sentence
            question_text = joined
            return
        if kind == "a" and question_text:
            asking[len(units)] = question_text
        elif question_text:
            units.append(question_text)  # a question with no answer line under it stays a sentence
        question_text = ""
        units.append(joined)

    for raw in text.splitlines():
        line = raw.strip()
        if table and not line.startswith("|"):
            units += markdown_table_rows(table)  # a table row is read with its column labels
            table = []
        opening = line[:1]  # most lines open with neither mark: read no pattern for them
        question = _QUESTION_MARK.match(raw) if opening in ("Q", "*", "_") else None
        answer = _ANSWER_MARK.match(raw) if asked and opening in ("A", "*", "_") else None
        asked = bool(question) or (asked and not line)
        mark = question or answer
        if mark:
            raw = line = raw[mark.end():].strip()
        starts_unit = (not line or _HEADING.match(raw) or _BULLET.match(raw) or _CLAUSE_MARK.match(raw)
                       or _LEGAL_MARK.match(raw) or line.startswith(("[^", "---", "|")) or question or answer
                       or _is_leader_row(line))
        if starts_unit and current:
            if kind or question_text:
                close()
            else:
                units.append(" ".join(current))
            current = []
            kind = ""
        if question or answer:
            kind = "q" if question else "a"
        if line.startswith("|"):
            table.append(line)
            continue
        if not line or line.startswith(("[^", "---")):
            continue
        if _HEADING.match(raw):
            units.append(_HEADING.sub("", raw).strip())
            continue
        current.append(_BULLET.sub("", line))
    if current:
        close()
    if question_text:
        units.append(question_text)
    if table:
        units += markdown_table_rows(table)
    sentences: list[str] = []
    for n, unit in enumerate(units):
        if n in asking:
            pieces = _unit_pieces(unit)
            if pieces:
                # "현수막 한 장만 주문해도 되나요? 네, 1장부터 주문 가능하며 …": the answer read under its question
                pieces[0] = " ".join([*_unit_pieces(asking[n]), pieces[0]])
            sentences += pieces
            continue
        sentences += _unit_pieces(unit)
    return sentences


def _is_leader_row(line: str) -> bool:
    """Whether ``line`` holds a dot leader between a label and its figure (``_LEADER_RUN``)."""
    if not any(mark in line for mark in ".．…·・‥"):
        return False  # most lines have no run of marks: read no pattern for them
    for run in _LEADER_RUN.finditer(line):
        if _leads_to_figure(line, run.end(), long_run=len(run.group().replace("…", "...")) >= 4):
            return True
    return False


def _unit_pieces(unit: str) -> list[str]:
    """The sentences of one unit of a page (a paragraph, an item, a table row), marks removed."""
    pieces = (_ESCAPE.sub(r"\1", piece.strip().strip("*_").strip()) for piece in _page_pieces(_FOOTNOTE.sub("", unit)))
    return [piece for piece in pieces if piece]


# Before a name ("Dr. Kim", "St. Louis") these never end a sentence; the other abbreviations do
# when a capital follows ("…bags, boxes, etc. Returns are…").
_TITLES = frozenset(["mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st"])
# The next part of a Korean date written with full stops ("2027. 8. 28.", "7. 9.(금) 17:00", eight writers' notices
# and terms): cut at each of its stops, a 공고's "거주 기간 : 2027. 8. 28.(토) ~ 2027. 12. 18.(토)" became four
# pieces and a quote held "2.(월)부터 선착순으로 진행". A number that goes on ("3.5") or is no date part ("15. 20%")
# ends the sentence as before.
_DATE_PART = lazy(r"[0-9]{1,2}\.(?![0-9])")
_TIME_OF_DAY = lazy(r"\b[ap]\.m$", re.IGNORECASE)
_TIME_ZONE = lazy(r"[A-Z]{2,4}\b")


def _page_pieces(unit: str) -> list[str]:
    """A paragraph cut at its sentence ends, not after an abbreviation that goes on.

    "There cannot be any change of product types, e.g. modify shirt to shoe." is one rule: cut at
    "e.g.", its second half was quoted alone and read as a yes.
    """
    pieces: list[str] = []
    start = 0
    mark = _CLAUSE_MARK.match(unit)  # "가. …": the item's own number ends no sentence
    for match in _PAGE_SENTENCE_END.finditer(unit):
        if mark and match.start() < mark.end():
            continue
        dot = match.start() - 1
        end = match.start()
        if _is_dot_leader(unit, end):
            continue  # "Helix / flat ........ | £30": a leader between a label and its figure
        if end - start >= 2 and _ITEM_LETTER.fullmatch(unit, end - 2, end) and _BLANKS.fullmatch(unit, start, end - 2):
            continue  # "가. 상품이 …": the full stop of an item's mark ends no sentence
        if dot >= 1 and unit[dot] == "." and unit[dot - 1].isdigit() and _DATE_PART.match(unit, match.end()):
            continue  # "2027. 8. 28.(토)": a Korean date's year and month end no sentence
        if match.group().strip(" \t") == "" and dot >= 0 and _is_abbreviation(unit, dot):
            word = unit[max(0, dot - _LONGEST_ABBREVIATION):dot].replace(".", " ").split()[-1:]
            following = unit[match.end():match.end() + 1]
            if (word and word[0].lower() in _TITLES) or not following.isupper():
                continue
            if _TIME_OF_DAY.search(unit, 0, dot) and _TIME_ZONE.match(unit, match.end()):
                continue  # "ordered before 1 p.m. ET; …": a time zone, not a new sentence
        pieces.append(unit[start:match.start()])
        start = match.end()
    pieces.append(unit[start:])
    return pieces
