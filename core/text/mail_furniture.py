"""An e-mail's furniture: the salutation above the body and the sign-off and signature block below it.

A customer who writes e-mails opens each one with a salutation ("Dear Support,", "고객센터 담당자님께",
"サポート御中", "いつもお世話になっております。") and closes it with a sign-off and a signature ("Kind regards,\\nTomas
Reid\\nAccounts, Reid Ltd\\n07700 900111", "감사합니다.\\n서하은 드림", "よろしくお願いいたします。\\n――――\\n山岸 陽菜
\\n090-…"). Those lines come back, the same, under every e-mail: they are how the customer writes, not what they
tell the service now. Read as statements they did harm (the update cases of held-out 17 and train 15a): a signature
still showing the old e-mail address replaced the new one the body had just given, a sign-off with the old name kept
that name active after a name change, a bare name under the sign-off ranked first for a question about deliveries,
and a sign-off glued to the body's last sentence diluted its words.

``furniture_spans`` finds them by the e-mail's structure, line by line:

- **the closing**: from the last *sign-off line* — a closing formula on a line of its own ("Kind regards,",
  "Thanks,", "Cheers", "감사합니다.", "よろしくお願いいたします。"), a short line of at most three words ending in a
  comma ("Diolch yn fawr,"), a formula with the name after it ("Thanks, Rob Doyle"), or a Korean name line
  ending in 드림 / 올림 — to the end of the signature block after it: at most six short lines (a name, a role, a
  company, a phone, an address, a separator), none a sentence (a question, a Korean or Japanese sentence
  ending, more than seven words — a number, a postcode or a phone is no word: "Flat 2, 9 Canal Street, Manchester
  M1 3HE" has four —, a statement written without its full stop: "moved to 22 Hill St last week", "지난주에
  해운대로 이사함", 「金曜は家にいる」). A postscript ("PS …", "P.S.", "추신", "追伸") or a longer line ends the
  block: what follows is the customer's words again. With no such block under it, a closing formula in the last
  line still counts.
- **the salutation**: the first lines that only greet — "Dear …," / "Hi …," / "Hello again," (at most five
  words, ending in a comma), "…님께", "…담당자님", "안녕하세요.", "…様", "…御中", "お世話になっております。".

Under them, the lines a mail program adds — a device footer ("Sent from my iPhone", "iPhoneから送信"), a legal
disclaimer, a signature block under the "--" delimiter with no sign-off — are furniture too (``mail_footer``), and
the closing above them is found as if the message ended there (an HTML e-mail rendered to text has no blank line to
set them apart).

Both are a message's furniture only when the message has more than one line; extraction reads a line of them that
names a change ("thanks" then "new number …") as the customer's words all the same. Extraction
(``fact_candidates``) makes no fact of a furniture line that holds no value, and marks a fact made of
furniture lines (``Candidate.furniture``): a signature restates contact details, so judgement never lets
it replace or restate a value the customer holds (``judge``) — it can only add one the customer never gave.
"""

from __future__ import annotations

import re

from mem.core.text.mail_footer import footer_start, signature_words
from mem.core.text.pattern import lazy

# a closing formula, the whole line (English, Korean, Japanese)
_SIGN_OFF = lazy(
    r"(?:(?:kind|best|warm|warmest|many|with many|all the|very best)\s+)?"
    r"(?:regards|wishes|thanks|thank you|cheers|best|sincerely|take care|speak soon|talk soon)"
    r"(?:\s+(?:again|so much|very much|in advance|for your help|for your time))?\s*[,.!]*"
    r"|(?:yours\s+)?(?:sincerely|faithfully|truly)\s*[,.]?"
    r"|(?:정말\s*|다시\s*한번\s*|미리\s*)?(?:감사합니다|감사드립니다|고맙습니다)\s*[.!~^]*"
    r"|(?:以上、?\s*)?(?:何卒|引き続き|今後とも|どうぞ)?\s*よろしくお願い(?:いた|致)?し(?:ます|上げます)\s*[。！!]*",
    re.I,
)
# a closing formula with the sender's name after it on the same line ("Thanks, Rob Doyle", "감사합니다. 윤민서 드림")
_SIGN_OFF_NAMED = lazy(
    r"(?:(?:kind|best|warm|many)\s+)?(?:regards|wishes|thanks|cheers|best)\s*,\s*[^\W\d_][^\s,.!?]*"
    r"(?:\s+[^\W\d_][^\s,.!?]*){0,2}\s*\.?",
    re.I,
)
# a Korean sign-off with the name: "염수빈 드림", "(주)빛고을소프트 기획팀 탁은비 올림"
# (it starts where no blank is before it, and its blanks before the closing word are read once: a run of blanks is
# read from its first character only, in linear time; a line is matched whole, from its start)
_KO_NAMED = lazy(r"(?<!\s)[^\n]{1,30}?\s*+(?:드림|올림|배상)\s*[.!]?")
# a short line ending in a comma: "Diolch yn fawr,", "Yours,"
# (from a word's first character, each run read once: linear on a long word)
_COMMA_LINE = lazy(r"(?<![^\s,])[^\W\d_][^\s,]*+(?:\s++[^\s,]++){0,2},")
# a postscript opens the customer's words again
_POSTSCRIPT = lazy(r"(?:p\.?\s?s\b|추신|追伸)", re.I)
# a separator line of a signature block ("--", "――――――", "________")
_SEPARATOR = lazy(r"[-_=*~―─—–━・]{2,}\s*")
# salutations (the whole line)
_SALUTATION = lazy(
    r"(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|morning|afternoon|greetings|to whom)\b"
    r"[^\n,:]{0,40}[,:!]?"
    r"|[^\n]{0,40}?(?:님께|께|님)\s{0,3}[.,!]?"
    r"|(?:안녕하세요|안녕하십니까)\s{0,3}[.!~^]*"
    r"|[^\n]{0,40}?(?:様|御中|さま|殿)\s{0,3}[、,]?"
    r"|(?:いつも|大変)?\s{0,3}お世話になって(?:おり|い)ます\s{0,3}[。！!]?",
    re.I,
)
# the end of a sentence, where a signature line has none: a question, a Korean or Japanese sentence ending
_SENTENCE_END = lazy(r"(?:[?？]|[다요죠][.!~]?|[。．]|です|ます)\s*$")
_MAX_WORDS_SIGNATURE = 7
# a statement with content, where a signature line names ("I work from home on Fridays now", "moved to 22 Hill St last
# week", "지난주에 해운대로 이사함", 「金曜は家にいる」): a sentence's own small words — a pronoun, an auxiliary, a
# preposition of time or place, a time word, in lower case (a name, a role, a company or an address holds none or one:
# "Head of Sales", "Flat 2, The Old Bakery") — or a Korean or Japanese case particle between words with a verb's
# ending after it
_SENTENCE_WORD = lazy(r"\b(?:I|i|i'm|I'm|we|we're|my|our|me|us|it|it's|is|are|was|were|will|have|has|had|am|be|to|"
                      r"from|on|in|into|since|till|until|now|last|next|this|today|tomorrow|yesterday|not|can|could|"
                      r"would|please)\b")
_MIN_WORDS_STATEMENT = 4
_KO_STATEMENT = lazy(r"[가-힣](?:에|에서|으로|를|을|까지|부터)\s+[^\n]*[가-힣](?:함|음|됨|임|했|어|아|야|지|네|게|고)$")
_JA_STATEMENT = lazy(r"[一-龥ァ-ヶー](?:に|を|で|へ|から|まで)[^\n]*[ぁ-ん]$")
_SHORT = 60  # a signature line is at most this long
_MAX_SIGNATURE = 6  # lines under the sign-off
_MAX_WORDS_SALUTATION = 5


def furniture_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` spans of ``text`` that are its salutation and its closing (module docstring)."""
    if "\n" not in text.strip():
        return []
    whole = _lines(text)
    # a device footer, a disclaimer or a delimited signature at the end (``mail_footer``): the furniture above it is
    # read as if the message ended there
    footer = footer_start([line for _, _, line in whole], signs_off=_is_sign_off)
    lines = whole[:footer]
    spans: list[tuple[int, int]] = []
    if lines:
        opening = _salutation_end(lines)
        if opening is not None:
            spans.append((lines[0][0], opening))
        else:
            forwarded = _forwarded_salutation(lines)
            if forwarded is not None:
                spans.append(forwarded)
                opening = forwarded[1]
        closing = _closing(lines) or _name_under_body(lines)
        if closing is not None and (opening is None or closing[0] >= opening):
            spans.append(closing)
    if footer < len(whole):
        spans.append((whole[footer][0], whole[-1][1]))
    return spans


def within(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` lies inside one of ``spans``."""
    return any(a <= start and end <= b for a, b in spans)


def _lines(text: str) -> list[tuple[int, int, str]]:
    """The non-blank lines of ``text``: (start, end, stripped text)."""
    out = []
    position = 0
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped:
            lead = len(raw) - len(raw.lstrip())
            out.append((position + lead, position + lead + len(stripped), stripped))
        position += len(raw) + 1
    return out


def _salutation_end(lines: list[tuple[int, int, str]]) -> int | None:
    end = None
    for _, stop, line in lines[:3]:
        if len(line) > _SHORT or len(line.split()) > _MAX_WORDS_SALUTATION or _SALUTATION.fullmatch(line) is None:
            break
        end = stop
    if end is not None and end == lines[-1][1]:
        return None  # the whole message greets: no body to set it apart from
    return end


def _forwarded_salutation(lines: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The salutation of a letter the customer forwards or pastes under a line of their own that announces it
    ("Forwarding what I sent your shop team, they never answered:\nHello Larkspur team,\nI'd like to know …",
    "아래 메일 다시 보냅니다:\n안녕하세요.\n…"): the line before it ends in a colon. Read as the customer's words, the
    greeting glued the covering line to the letter's request (newuser32 #8)."""
    for index in (1, 2):
        if index + 1 >= len(lines) or not lines[index - 1][2].rstrip().endswith((":", "：")):
            continue
        start, stop, line = lines[index]
        if len(line) <= _SHORT and len(line.split()) <= _MAX_WORDS_SALUTATION and _SALUTATION.fullmatch(line):
            return start, stop
    return None


# a bare name signed under the body with no closing word ("…please.\nPriya", "… 2AD.\nTom Okafor"): one to three
# capitalised words, nothing else
_BARE_NAME = lazy(r"[-–—~]?\s?(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b|(?:January|February|March|April|May|June|"
                  r"July|August|September|October|November|December)\b)"
                  r"[A-Z][a-z'’-]{1,20}(?: [A-Z][a-z'’-]{1,20}){0,2}")
# the line above it ends a sentence, so the name is not the end of that sentence split over two lines
_ENDS_SENTENCE = lazy(r"[.!?。！？]\s*$")


def _name_under_body(lines: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The last line when it is a bare name under a body whose last sentence ended above it (newuser32 #7: an HTML
    e-mail's ``<p>Priya</p>`` was glued into the plan change's quote and shown back to the customer)."""
    if len(lines) < 2:
        return None
    start, stop, line = lines[-1]
    if _BARE_NAME.fullmatch(line) is None or _SENTENCE_WORD.search(line) \
            or _ENDS_SENTENCE.search(lines[-2][2]) is None:
        return None
    return start, stop


def is_sign_off(line: str) -> bool:
    """A closing formula on a line of its own ("Kind regards,", "감사합니다.", "よろしくお願いいたします。"), with the
    sender's name after it, or a short line ending in a comma (module docstring)."""
    return _is_sign_off(line.strip())


def is_signature_line(line: str) -> bool:
    """A line of a signature block under a sign-off: a name, a role, a company, a phone, an address
    (``_signature_line``)."""
    return _signature_line(line.strip())


def _is_sign_off(line: str) -> bool:
    if len(line) > _SHORT:
        return False
    return _SIGN_OFF.fullmatch(line) is not None or _SIGN_OFF_NAMED.fullmatch(line) is not None \
        or _KO_NAMED.fullmatch(line) is not None or _COMMA_LINE.fullmatch(line) is not None


def _signature_line(line: str) -> bool:
    """A name, a role, a company, a phone, an address, a separator: short, and no sentence (no question, no Korean
    or Japanese sentence ending, at most seven words, numbers and postcodes not counted: ``signature_words``; no
    statement without its full stop: ``_statement``)."""
    return len(line) <= _SHORT and signature_words(line) <= _MAX_WORDS_SIGNATURE \
        and _SENTENCE_END.search(line) is None and _POSTSCRIPT.match(line) is None and not _statement(line)


def _statement(line: str) -> bool:
    """Whether ``line`` says something, though it ends with no punctuation ("moved to 22 Hill St last week", "I work
    from home on Fridays now", "지난주에 해운대로 이사함", 「先週横浜に引っ越した」): the customer's words, never a line
    of the signature under a sign-off (read only on a line short enough to be one)."""
    words = line.split()
    if len(words) >= _MIN_WORDS_STATEMENT and len(_SENTENCE_WORD.findall(line)) >= 2:
        return True
    return _KO_STATEMENT.search(line) is not None or _JA_STATEMENT.search(line) is not None


def _closing(lines: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The span from the last sign-off line to the end of the signature block under it."""
    for index in range(len(lines) - 1, max(len(lines) - 2 - _MAX_SIGNATURE, 0), -1):
        start, _, line = lines[index]
        if not _is_sign_off(line):
            continue
        end = index
        while end + 1 < len(lines) and end - index < _MAX_SIGNATURE and _signature_line(lines[end + 1][2]):
            end += 1
        if end + 1 < len(lines) and _SEPARATOR.fullmatch(lines[end + 1][2]) is None \
                and _POSTSCRIPT.match(lines[end + 1][2]) is None:
            continue  # the customer's words go on under it: not the closing
        return start, lines[end][1]
    return None
