"""Personal data in text: one set of patterns for `mem lint` (know-how must be anonymous) and the anonymiser.

``find_personal_data`` finds identifiers — e-mail addresses, phone numbers, card numbers (4-digit
groups), account / order / card numbers (labelled: "order #88231", "card ending in 4242",
"주문번호 12345", "注文番号：A1234"), customer ids (listed — an identifier built around a listed id
goes whole — or by the operator's pattern), listed person names, and names marked as names (an
English title: "Mr. John Smith"; a Korean surname-led name before 씨: "이영희 씨"), and postal addresses by their layout
(``mem.core.text.address``), social handles, links to a person's page, dates of birth, vehicle plates
and places below country level (``mem.core.text.identifiers``). Lint reports these; the anonymiser
replaces them. Dates ("2026-01-15") and version numbers are not phone numbers. Every pattern reads
the text through ``fold`` (full-width digits and dashes as ASCII), and a Korean or Japanese particle
may touch a number.

``scrub`` goes further on text about to leave the client: it also removes unlabelled long digit
runs (dates included) and name-shaped words found by heuristics (capitalised word runs, "my name
is …", "the customer Müller", "김민수 고객", a name before an honorific in Korean and Japanese).
Names with no honorific and no capital ("my name is john smith", 김민수가, 高橋健一から) are found
by ``mem.core.text.names``, also scrub-only. Those heuristics also hit ordinary words ("Refund
Policy", "고객님", "우수한 고객", "お客様"): in an anonymised decision the cost is one word replaced
by ``[name]``, in lint it would be an error on a correct page, so only the scrubber uses them.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from mem.core.text import identifiers
from mem.core.text import names as bare_names
from mem.core.text.address import ADDRESS, DOUBTFUL
from mem.core.text.cjk import HAN, HANGUL_SYLLABLES, KANA, KATAKANA
from mem.core.text.pattern import lazy
from mem.core.text.secret_data import mask_card_details

EMAIL = "e-mail address"
PHONE = "phone number"
ACCOUNT_NUMBER = "account or order number"
CUSTOMER_ID = "customer id"
PERSON_NAME = "person name"
POSTAL_ADDRESS = "postal address"
SOCIAL_HANDLE = "social handle"
PROFILE_URL = "profile URL"
BIRTH_DATE = "date of birth"
VEHICLE_PLATE = "vehicle plate"
PLACE = "place"
KINDS = (EMAIL, PHONE, ACCOUNT_NUMBER, CUSTOMER_ID, PERSON_NAME, POSTAL_ADDRESS, SOCIAL_HANDLE, PROFILE_URL,
         BIRTH_DATE, VEHICLE_PLATE, PLACE)
_PLACEHOLDER = {EMAIL: "[email]", PHONE: "[phone]", ACCOUNT_NUMBER: "[number]", CUSTOMER_ID: "[customer]",
                PERSON_NAME: "[name]", POSTAL_ADDRESS: "[address]", SOCIAL_HANDLE: "[handle]", PROFILE_URL: "[link]",
                BIRTH_DATE: "[date of birth]", VEHICLE_PLATE: "[plate]", PLACE: "[place]"}


@functools.cache
def _fold_char(ch: str) -> str:
    folded = unicodedata.normalize("NFKC", ch)
    if len(folded) != 1:
        return ch  # "½", "㈱": kept, so a position in the folded text is the same in the original
    return "-" if folded in _DASHES else folded


# dashes written between the digits of a phone or block number (NFKC keeps them as they are)
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u30fc\ufe63"


def fold(text: str) -> str:
    """``text`` with each character in its NFKC form when that is one character, and dashes as "-":
    full-width digits and letters ("０９０－１２３４"), the ideographic space, "ー" and "−" between digits
    read as ASCII. Same length as ``text``, so a span found in one is the same span in the other."""
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else _fold_char(ch) for ch in text)

# Unicode local parts and domains (maria.garcia@correo.es, 마리아@예시.kr); "%" as in old mail routing.
_EMAIL = lazy(r"(?<![\w.%+-])[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")
# An e-mail address spelled out so a filter misses it: "carol.jenkins at gmail dot com", "dana (at) example
# (dot) org", "kim[at]mail.kr". A bracketed "at", or a spelled "dot": "meet at the office." stays.
_AT_WORD = r"(?:[ \t]*[(\[{<](?i:at)[)\]}>][ \t]*|[ \t]+(?i:at)[ \t]+)"
_DOT_WORD = r"(?:[ \t]*[(\[{<](?i:dot)[)\]}>][ \t]*|[ \t]+(?i:dot)[ \t]+)"
_SPELLED_EMAIL = lazy(
    rf"(?<![\w.%+-])[\w%+-]+(?:\.[\w%+-]+)*{_AT_WORD}[\w-]+(?:{_DOT_WORD}[\w-]+)+"
    rf"|(?<![\w.%+-])[\w%+-]+(?:\.[\w%+-]+)*[ \t]*[(\[{{<](?i:at)[)\]}}>][ \t]*[\w-]+(?:\.[\w-]+)+")
# An IBAN: a country code, two check digits, then groups of four letters or digits (DE89 3704 0044 0532 0130 00);
# read whole before the card rule took the digits after "DE89" and left the country and check digits.
_IBAN = lazy(r"(?<![0-9A-Za-z])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![0-9A-Za-z])")
# Candidates: digits with spaces, dots, dashes or brackets between them, or a "+" international form;
# then a candidate is kept only with 7-15 digits and when it is not a date.
# Around a number only Latin letters and digits count as a word: a Korean or Japanese particle touches
# it ("010 9876 5432로", "090-1234-5678です"), and read as a word it cut the number or hid it.
_PHONE = lazy(
    r"(?<![0-9A-Za-z_.+/-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)|\d{2,4})[ .-]?\d{3,4}[ .-]\d{4}(?![0-9A-Za-z_-])"
    r"|(?<![0-9A-Za-z_])\+?\(?\d[\d ().-]{6,}\d(?![0-9A-Za-z_])"
)
# Card numbers: 4-digit groups (13-19 digits), found before the phone rule would read the tail as a phone.
_CARD = lazy(r"(?<![0-9A-Za-z_-])\d{4}(?:[ -]?\d{4}){2,3}(?:[ -]?\d{1,3})?(?![0-9A-Za-z_-])")
_DATE = lazy(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4}")
_LABELLED_NUMBER = lazy(
    r"(?i)\b(?:order|account|acct|invoice|ticket|member(?:ship)?|customer|card|contract|booking|reference|ref)\b"
    r"\s*(?:no\.?|number|id|#)?\s*[:#：＃]?\s*(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,}\b"
    # the tail of a card or account number identifies too ("card ending in 4242", "last four digits 4242")
    r"|(?i:\bending(?:\s+in)?|\blast\s+(?:4|four)(?:\s+digits)?|끝자리|下[4４]桁)\s*[:#：＃]?\s*\d{3,}"
    r"|(?:주문|계정|계좌|회원|카드|계약)\s*(?:번호)?\s*[:#：＃]?\s*(?=[A-Za-z-]*\d)[A-Za-z0-9-]{3,}"
    r"|(?:注文|アカウント|口座|会員|カード|契約)\s*(?:番号)?\s*[:#：＃]?\s*(?=[A-Za-z-]*\d)[A-Za-z0-9-]{3,}"
)
# Letters of Latin-script names, accents included (María, Müller, Łukasz): one capital, then small letters;
# an apostrophe or a hyphen may join parts (O'Brien, Jean-Luc, Anne-marie).
_UP = "A-ZÀ-ÖØ-ÞĀ-ž"
_LOW = "a-zß-öø-ÿĀ-ž"
_NAME_WORD = rf"[{_UP}](?:[{_LOW}]+|'[{_UP}]?[{_LOW}]+)(?:['-][{_UP}]?[{_LOW}]+)*"
_TITLED_NAME = lazy(rf"\b(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Madam)\.?\s+{_NAME_WORD}(?:\s+{_NAME_WORD})?")
# "이영희 씨": a common Korean surname and a two-syllable given name before 씨, which follows names only.
_SURNAME_KO = ("김이박최정강조윤장임한오서신권황안송류유전홍고문양손배"
               "백허남심노하곽성차주우구민진나엄채원천방공현함변염여추도소석선설마길연위표명")
_KOREAN_NAME = lazy(rf"(?<![{HANGUL_SYLLABLES}])[{_SURNAME_KO}][{HANGUL_SYLLABLES}]{{2}}(?=\s?씨)")

# --- scrub-only heuristics (see the module docstring) ---
# a duration or a figure joined to its unit ("7-day window", "30-day", "12-month", "24-hour", "5-business-day") is
# the condition of a decision, not an identifier: "[number] window" made a candidate unreadable (newuser26 #13)
_LONG_NUMBER = lazy(r"#\s?\d+|\b(?!\d{1,4}-(?:(?:business|working|calendar)-)?"
                    r"(?:minute|hour|day|week|month|year|night|percent)s?\b(?![\w-]{0,40}\d))"
                    r"[A-Za-z]{0,4}\d[\dA-Za-z-]{4,}\b")
# Only the lead-in ignores case: the name itself must be capitalised, or "I am on the Enterprise plan"
# would lose "on the" and the condition of the decision with it.
_NAME_INTRO_EN = lazy(rf"\b((?i:my name is|this is|i am|i'm|call me))\s+({_NAME_WORD}(?:\s+{_NAME_WORD})?)")
# A single capitalised word right after "customer"/"client" ("the customer Müller") is a name too.
_ROLE_NAME_EN = lazy(rf"\b((?i:customers?|clients?|users?|members?))\s+(?!(?:Enterprise|Pro|Premium|Basic|"
                           rf"Business|Team|Free|Plus|Service|Support|Success)\b)({_NAME_WORD})")
# Two or more capitalised words in a row ("Jane Doe") read as a person's name unless they open with a
# word that starts sentences or names a product tier; privacy wins over the odd over-scrubbed phrase.
_CAPITALISED_RUN = lazy(r"\b(?!(?:The|We|I|If|When|Our|Your|This|That|After|Before|For|On|In|At|As|Since|"
                              r"Because|Enterprise|Pro|Premium|Basic|Business|Team|Free|Plus)\b)"
                              rf"{_NAME_WORD}(?:\s+{_NAME_WORD})+\b")
_HONORIFIC_KO = lazy(rf"[{HANGUL_SYLLABLES}]{{2,4}}\s?(?:님|씨|고객님|선생님)")
# "김민수 고객", "박지성 회원": surname-led three-syllable words before customer or member ("기업 고객",
# a business customer, stays); "우수한 고객" (an excellent customer) is caught too, hence scrub-only.
_ROLE_NAME_KO = lazy(rf"(?<![{HANGUL_SYLLABLES}])[{_SURNAME_KO}][{HANGUL_SYLLABLES}]{{2}}(?=\s?(?:고객|회원))")
# Honorifics after a Japanese name, which may be written with a space between family and given name.
_HONORIFIC_JA = lazy(rf"(?:[{HAN}{KANA}]{{1,6}}[ \u3000]?){{1,2}}(?:様|さん|さま|殿|氏)")
# a job title or a generic addressee before the honorific is no name (部長様, ご担当者様, 店長様, お客様, 皆様): kept;
# a name before the title still goes (山口課長様 → [name]課長様)
_TITLE_JA = lazy(r"(?:ご|御)?(?:部長|課長|係長|次長|社長|副社長|会長|店長|所長|院長|局長|室長|支店長|工場長|主任|"
                 r"担当者?|お客|客|皆|みな|奥|先生)[ \u3000]?$")


def _name_before_title(run: str) -> str:
    """``run`` (the words before a Japanese honorific) without a job title or generic addressee at its end."""
    title = _TITLE_JA.search(run)
    return run[: title.start()] if title else run


def _scrub_honorific_ja(match: re.Match[str]) -> str:
    whole = match.group(0)
    honorific = re.search(r"(?:様|さん|さま|殿|氏)$", whole)
    run = whole[: honorific.start()] if honorific else whole
    name = _name_before_title(run)
    if name == run:
        return "[name]"
    return ("[name]" if name.strip() else name) + whole[len(name):]


@dataclass(frozen=True)
class PersonalData:
    """One identifier found: its kind (one of ``KINDS``), the text and its span."""

    kind: str
    text: str
    start: int
    end: int


def find_personal_data(text: str, *, names: Iterable[str] = (), customer_ids: Iterable[str] = (),
                       customer_id: re.Pattern[str] | None = None) -> list[PersonalData]:
    """The identifiers in ``text``, in order, never overlapping (an e-mail is not also a name).

    ``names``: person names to find (the operator's ``lint.person_names``, names a customer gave);
    ``customer_ids``: ids to find literally; ``customer_id``: the operator's id pattern. The patterns
    read ``fold(text)`` (full-width "０９０－１２３４－５６７８" is a phone number); spans and texts are ``text``'s.
    """
    found: list[PersonalData] = []
    # the spans taken so far, never overlapping, so sorted by start they are sorted by end too: a new span
    # is checked against the one taken span that ends first after its start (bisect), not against all of them
    starts: list[int] = []
    ends: list[int] = []
    original, text = text, fold(text)

    def add(kind: str, matches: Iterable[re.Match[str] | _Span], *, inner: bool = False) -> None:
        for m in matches:
            # ``inner``: the pattern's named groups mark the identifier inside its label ("born on [12 March
            # 1987]"; mem.core.text.identifiers); an operator's customer id pattern is taken whole
            group = next((name for name in m.re.groupindex if m.group(name) is not None), 0) \
                if inner and isinstance(m, re.Match) else 0
            start, end = m.span(group)
            value = m.group(group)
            stripped = value.rstrip()
            end -= len(value) - len(stripped)
            if start == end:
                continue
            i = bisect.bisect_right(ends, start)
            if i < len(starts) and starts[i] < end:
                continue
            starts.insert(i, start)
            ends.insert(i, end)
            found.append(PersonalData(kind, original[start:end], start, end))

    def add_customer_id(cid: str) -> None:
        # The id as a whole token ("u" is not inside "you", "sam" not inside "sample"). An identifier
        # that merely contains it ("ACC1042X99", "cust-1042-savings", "1042-7781", "sam-77") is an
        # account number built from it: the whole of it goes, not only the id inside. A word that
        # contains it ("refund", "samsung": letters only, no joint around the id) is not one.
        escaped = re.escape(cid)
        for match in re.finditer(r"[A-Za-z0-9_-]*" + escaped + r"[A-Za-z0-9_-]*", text, re.I):
            token = match.group(0)
            if token.lower() == cid.lower():
                add(CUSTOMER_ID, [_whole_name(text, match)])
            elif not cid.isascii() or any(ch.isdigit() for ch in token) or re.search(
                    rf"(?:^|[-_]){escaped}(?:[-_]|$)", token, re.I):
                add(ACCOUNT_NUMBER, [match])

    if "/" in text:
        add(PROFILE_URL, identifiers.PROFILE_URL.finditer(text), inner=True)
    if "@" in text:
        add(EMAIL, _EMAIL.finditer(text))
    add(EMAIL, _SPELLED_EMAIL.finditer(text))
    add(ACCOUNT_NUMBER, (m for m in _IBAN.finditer(text) if sum(ch.isdigit() for ch in m.group(0)) >= 8))
    add(ACCOUNT_NUMBER, _CARD.finditer(text))
    for cid in sorted({i for i in customer_ids if i}, key=len, reverse=True):
        add_customer_id(cid)
    if customer_id is not None:
        add(CUSTOMER_ID, customer_id.finditer(text))
    add(ACCOUNT_NUMBER, _LABELLED_NUMBER.finditer(text))
    # before phone numbers: a postcode ("〒150-0002") or block number read as one cut the address
    add(POSTAL_ADDRESS, ADDRESS.finditer(text))
    add(BIRTH_DATE, identifiers.BIRTH_DATE.finditer(text), inner=True)
    add(VEHICLE_PLATE, identifiers.PLATE.finditer(text), inner=True)
    add(PHONE, (m for m in _PHONE.finditer(text) if _is_phone(m.group(0))))
    add(SOCIAL_HANDLE, identifiers.HANDLE.finditer(text), inner=True)
    add(PLACE, identifiers.PLACE.finditer(text), inner=True)
    pattern = names_pattern(names)
    if pattern is not None:
        add(PERSON_NAME, pattern.finditer(text))
    add(PERSON_NAME, _TITLED_NAME.finditer(text))
    add(PERSON_NAME, _KOREAN_NAME.finditer(text))
    return sorted(found, key=lambda item: item.start)


# A customer id that is a name ("carol", "taro", "jenkins") stands for the whole name around it: "Yes, Carol
# Jenkins, …" with id carol lost only "Carol", and the surname left beside "[customer]" was no longer a run of
# capitalised words for the name rules to find (NEWUSER_REPORT20 #1). The capitalised name words next to it,
# joined by a space or a hyphen, go with it — not a word that opens sentences or names a tier ("Yes Carol").
# Both read a bounded stretch: a name is a few words, and a message naming the customer thousands of times
# ("Carol Carol …") read the whole run beside every mention, quadratic (12,000 mentions: 60 CPU s).
_NAME_BEFORE = lazy(rf"(?:{_NAME_WORD}[ \t]+)+$")
_NAME_BEFORE_CHARS = 200
_SPACE = lazy(r"\s")
# blanks bounded: a leading [ \t]+ tried from every blank of a long run was quadratic (tests/test_pattern_scaling.py)
_NAME_AFTER = lazy(rf"(?:[ \t]{{1,3}}{_NAME_WORD}){{1,6}}")
_LOWER_AFTER = lazy(rf"[ \t]{{1,3}}([{_LOW}]+(?:['-][{_LOW}]+)*)(?=[,.])")
_NOT_NAME_WORDS = frozenset(str.split(
    "The We I If When Our Your This That After Before For On In At As Since Because Yes No Hi Hello Hey Dear "
    "Thanks Thank Sorry Ok Okay Sure Please And Or But So Then Also Enterprise Pro Premium Basic Business Team "
    "Free Plus"))


@dataclass(frozen=True)
class _Span:
    """A widened match: what ``find_personal_data``'s ``add`` reads of one (``span``, ``group``)."""

    source: str
    begin: int
    finish: int

    def span(self, group: int | str = 0) -> tuple[int, int]:
        return self.begin, self.finish

    def group(self, group: int | str = 0) -> str:
        return self.source[self.begin:self.finish]


def _name_word(word: str) -> bool:
    return word not in _NOT_NAME_WORDS and word.lower() not in bare_names.NOT_PEOPLE


@functools.cache
def _service_words() -> frozenset[str]:
    """Common English words and the support domain's own (refund, warranty, claim, order, support, tier …):
    Title Case after a customer id, they are a heading or a label ("Carol Refund Approved", "Carol Warranty
    Claim"), not her surname — all of them went into ``[customer]`` and the message lost its subject."""
    from mem.core.text.lexicon import GROUPS

    return (frozenset(bare_names.COMMON_EN) | frozenset(re.findall(r"[a-z]+", GROUPS))) - _SURNAMES_THAT_ARE_WORDS


# common surnames that are also service or everyday words: after a customer id they are her surname, and kept
# beside "[customer]" they were the personal data the scrub is for ("Carol Park", "Carol Price", "Carol Day")
_SURNAMES_THAT_ARE_WORDS = frozenset({"park", "price", "day", "post", "snow", "case", "cash", "holiday", "house",
                                      "good", "best", "early", "wall", "may", "speed", "banks", "sales"})


def _name_word_after(word: str) -> bool:
    """A capitalised word after the customer id that goes with it: a name word, not a service word (a surname
    that is also a word — Baker, Brown, White, King — is none of the service's words, and still goes)."""
    return _name_word(word) and word.lower() not in _service_words()


def _whole_name(text: str, match: re.Match[str]) -> re.Match[str] | _Span:
    """The customer id's match, widened over the capitalised name words beside it when the id itself is a
    word of letters (see ``_NAME_BEFORE``)."""
    if not match.group(0).isalpha():
        return match
    start, end = match.span()
    after = _NAME_AFTER.match(text, end)
    if after:
        for word in re.finditer(r"\S+", after.group(0)):
            if not _name_word_after(word.group(0)):
                break
            end = after.start() + word.end()
    else:
        # in lower case ("hi carol jenkins, …") only a word that cannot be a common one, and only before a comma or
        # a full stop, where a vocative or a signature ends
        lower = _LOWER_AFTER.match(text, end)
        if lower and bare_names.name_like(lower.group(1)):
            end = lower.end(1)
    # from a word's start at most _NAME_BEFORE_CHARS back (a cut word would be half a name)
    window = max(0, start - _NAME_BEFORE_CHARS)
    if window:
        gap = _SPACE.search(text, window, start)
        window = gap.end() if gap else start
    before = _NAME_BEFORE.search(text, window, start)
    if before:
        for word in reversed(list(re.finditer(r"\S+", before.group(0)))):
            if not _name_word(word.group(0)):
                break
            start = before.start() + word.start()
    return match if (start, end) == match.span() else _Span(text, start, end)


def _is_phone(candidate: str) -> bool:
    digits = sum(ch.isdigit() for ch in candidate)
    return 7 <= digits <= 15 and not _DATE.fullmatch(candidate.strip("() "))


def names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for a list of person names (longest first), or ``None`` for an empty list."""
    parts = []
    for name in sorted({n.strip() for n in names if n and n.strip()}, key=len, reverse=True):
        escaped = re.escape(name)
        # Latin names need word boundaries ("Ann" is not "Annual"); CJK names are followed by
        # particles or honorifics (김민수님, 田中さん), so they match as plain substrings.
        parts.append(rf"(?<!\w){escaped}(?!\w)" if name.isascii() else escaped)
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def looks_personal(text: str) -> str | None:
    """The kind of the first identifier ``text`` still holds (a server-side guard on scrubbed text), or ``None``."""
    found = find_personal_data(text)
    return found[0].kind if found else None


def scrub(text: str, *, names: Iterable[str] = (), customer_ids: Iterable[str] = (),
          customer_id_pattern: str | None = None) -> str:
    """``text`` with personal data replaced by ``[email]``, ``[phone]``, ``[number]``, ``[customer]``, ``[name]``,
    ``[address]``.

    Every identifier ``find_personal_data`` finds, then the scrub-only heuristics (module docstring).
    """
    pattern = None
    if customer_id_pattern:
        with contextlib.suppress(re.error):  # a broken pattern is lint's to report; other rules still apply
            pattern = re.compile(customer_id_pattern)
    out, last = [], 0
    for item in find_personal_data(text, names=names, customer_ids=customer_ids, customer_id=pattern):
        out += [text[last:item.start], _PLACEHOLDER[item.kind]]
        last = item.end
    out.append(text[last:])
    result = "".join(out)
    if "/" in result or "www." in result:
        result = identifiers.LINK.sub("[link]", result)
    result = _LONG_NUMBER.sub("[number]", result)
    # a card's expiry and security code after the card number ("[number] exp 11/29 cvv 418"): the evidence path masks
    # them (mem.core.text.secret_data), and the share path left them beside "[number]"
    result = mask_card_details(result, _PLACEHOLDER[ACCOUNT_NUMBER])
    result = _NAME_INTRO_EN.sub(lambda m: f"{m.group(1)} [name]", result)
    result = _ROLE_NAME_EN.sub(lambda m: f"{m.group(1)} [name]", result)
    result = _CAPITALISED_RUN.sub("[name]", result)
    result = bare_names.scrub_korean_titled_names(result)  # before "팀장님" is read as a name with 님
    result = _HONORIFIC_KO.sub("[name]", result)
    result = _ROLE_NAME_KO.sub("[name]", result)
    result = _HONORIFIC_JA.sub(_scrub_honorific_ja, result)
    result = bare_names.scrub_titled_names(result)
    result = bare_names.scrub_english_names(result)
    result = bare_names.scrub_vocative_names(result)
    result = bare_names.scrub_korean_names(result)
    result = bare_names.scrub_japanese_names(result)
    return re.sub(r"\s{2,}", " ", result).strip()


# a sentence: up to its end mark (and the spaces after it), or a line
_SENTENCE = lazy(r"[^.!?。！？\n]+(?:[.!?。！？]+|\n|$)\s*")


def without_doubtful_sentences(text: str) -> str:
    """``text`` (already scrubbed) without the sentences that still hold a trace of a postal address
    (``mem.core.text.address.DOUBTFUL``: a room number, 丁目, 번지, a street word after a house number…).

    The address patterns are a layout, and a layout they do not know passes: when in doubt the
    sentence is dropped rather than sent (docs/knowhow.md)."""
    if not DOUBTFUL.search(fold(text)):
        return text
    kept = [m.group(0) for m in _SENTENCE.finditer(text) if not DOUBTFUL.search(fold(m.group(0)))]
    return "".join(kept).strip()


# the statement of a name fact ("The customer's name: Dana Whitfield.", "고객 이름: 김민수", "お客様の名前: 田中")
_NAME_STATEMENT = lazy(r"(?:\b(?i:name):|이름:|名前:)\s*([^.,。、\n]{2,40}?)\s*(?:[.,。、]|$)")
# "my name is siobhan nakamura", "call me tobias": the name in any case — the customer's own words are not
# capitalised for us (newuser27 #2: "My name is siobhan nakamura." was missed); each word must be name-like
_NAME_INTRO_ANY = lazy(r"(?i:\b(?:my name is|my name's|call me|this is|i am|i'm))[ \t]+"
                       r"([^\W\d_][\w'’-]*)(?:[ \t]+([^\W\d_][\w'’-]*))?")
# a Korean name before the copula or a particle ("제 이름은 한소희입니다", "저는 김민지예요"): the syllables of the
# copula are not the name's (the pattern took "한소희입" before)
_NAME_INTRO_KO = lazy(rf"(?:제\s?이름은|저는)\s*([{HANGUL_SYLLABLES}]{{2,4}}?)"
                      rf"(?=입니다|이에요|예요|이고|이라고|라고|인데|[이가은는]|[\s.,!?]|$)")
_NAME_INTRO_JA = lazy(rf"(?:私の名前は|名前は|わたしは|私は)\s*([{HAN}{KATAKANA}]{{1,8}}?)"
                      rf"(?=です|と申|と言|でございます|[\s、。,.!！]|$)")

# a name before "と申します" / "라고 합니다" ("佐藤花子と申します", "김민지라고 합니다"): the customer introducing
# themselves
_NAME_BEFORE_MOSU = lazy(rf"(?<![{HAN}{KATAKANA}])([{HAN}{KATAKANA}]{{2,8}})(?=と申し)"
                         rf"|(?<![{HANGUL_SYLLABLES}])([{HANGUL_SYLLABLES}]{{2,4}}?)(?:이)?라고\s?합니다")

# a name in a labelled field of something the customer pasted ("Customer: Dana Whitfield" on a receipt,
# "Cardholder: …"): capitalised name words only, so "Customer: I want a refund" gives none
_NAME_FIELD = lazy(rf"\b(?:Customer|Client|Cardholder|Card holder|Account holder|Recipient|Bill to|Ship to)"
                   rf"[ \t]{{0,3}}:[ \t]{{0,3}}({_NAME_WORD}(?:[ \t]{_NAME_WORD}){{1,2}})\b")
# "김민지입니다." at the start of a sentence: a surname and two given-name syllables before the copula
_NAME_SAID_KO = lazy(rf"(?:^|(?<=[.!?\n]\s)|(?<=\n))([{bare_names.SURNAMES_KO}][{bare_names.GIVEN_KO}]"
                     rf"[{bare_names.GIVEN_KO}])(?:입니다|이에요|예요|이고요)")


def names_in(texts: Iterable[str]) -> list[str]:
    """Names a customer gave for themselves ("my name is …", "call me …", in any case) in their own facts or
    context, and the values of their name facts' statements ("The customer's name: …")."""
    found = []
    for text in texts:
        for match in _NAME_INTRO_ANY.finditer(text):
            first, second = match.group(1), match.group(2)
            lead = text[match.start():match.start(1)].lower()
            two = second is not None and bare_names.name_like(second)
            if not bare_names.name_like(first):
                continue
            if lead.startswith(("my name", "call me")):
                found.append(f"{first} {second}" if two else first)
            elif two or first[:1].isupper():
                # "this is dana whitfield", "I'm Tobias": a weaker lead-in — two name-like words, or a capital
                found.append(f"{first} {second}" if two else first)
        found += [m.group(1) for m in _NAME_STATEMENT.finditer(text)]
        found += [m.group(1) for m in _NAME_INTRO_KO.finditer(text)]
        found += [m.group(1) for m in _NAME_INTRO_JA.finditer(text)]
        found += [m.group(1) or m.group(2) for m in _NAME_BEFORE_MOSU.finditer(text)]
        found += [m.group(1) for m in _NAME_FIELD.finditer(text)]
        found += [m.group(1) for m in _NAME_SAID_KO.finditer(text) if m.group(1) not in bare_names.WORDS_KO]
    return found


# two-syllable Korean family names: the given name is what follows them (남궁민수 → 민수)
_SURNAMES_KO_TWO = ("남궁", "황보", "제갈", "선우", "독고", "사공", "서문", "동방")


def name_parts(names: Iterable[str]) -> list[str]:
    """Each known name with its parts, so the parts are scrubbed too: "Siobhan Nakamura" → also "Siobhan" and
    "Nakamura" ("o'leary-nakamura" → "o'leary", "nakamura"); a Korean surname-led name → its given name (한소희 →
    소희, 남궁민수 → 민수); a Japanese name led by a common family name → family and given name (佐藤花子 → 佐藤,
    花子), or its parts when written with a space. A Latin part that is a common word ("Will", "May", "Grace")
    is not added on its own: it would take that word out of every sentence. Matching is case-insensitive
    (``names_pattern``)."""
    out: list[str] = []
    for raw in names:
        name = raw.strip() if raw else ""
        if not name:
            continue
        out.append(name)
        words = [w for w in re.split(r"[\s\u3000]+", name) if w]
        pieces = words + [p for w in words if "-" in w for p in w.split("-")] if len(words) > 1 or "-" in name \
            else []
        for piece in pieces:
            if piece.isascii() or piece[:1].isalpha() and not _is_cjk(piece):
                if len(piece) >= 2 and bare_names.name_like(piece):
                    out.append(piece)
            elif len(piece) >= 2:
                out.append(piece)
        if len(words) == 1 and all("\uac00" <= ch <= "\ud7a3" for ch in name):
            if len(name) == 4 and name[:2] in _SURNAMES_KO_TWO:
                out.append(name[2:])
            elif len(name) == 3 and name[0] in _SURNAME_KO:
                out.append(name[1:])
        elif len(words) == 1 and _is_cjk(name):
            for family in sorted(bare_names.SURNAMES_JA, key=len, reverse=True):
                if name.startswith(family) and len(name) - len(family) >= 2:
                    out += [family, name[len(family):]]
                    break
    return list(dict.fromkeys(out))


def _is_cjk(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7a3" for ch in text)


# a name before an honorific, captured without it ("이지훈님" → 이지훈, "佐藤花子様" → 佐藤花子, "タカハシ ケンイチ様")
_ADDRESSED_KO = lazy(rf"(?<![{HANGUL_SYLLABLES}])([{bare_names.SURNAMES_KO}][{bare_names.GIVEN_KO}]{{2}})"
                     rf"\s?(?:님|씨|고객님|고객|회원님)")
_ADDRESSED_JA = lazy(rf"(?<![{HAN}{KATAKANA}])((?:[{HAN}{KATAKANA}]{{1,6}}[ \u3000]?){{1,2}}?)(?:様|さん|さま|殿|氏)")


def names_addressed(text: str) -> list[str]:
    """The names a decision itself addresses the customer by: before an honorific (이지훈님, 佐藤花子様, Mr. Okafor)
    and in the vocative ("tobias, your refund…"). ``mem share`` takes them, and their parts, out of the
    whole decision: "이지훈님" is found by its 님, and "지훈이네수제잼" in the customer's words then goes too
    (newuser27 #1). A Korean name must have a name's shape (a surname, two given-name syllables):
    "고객님" gives none."""
    found = [m.group(1) for m in _ADDRESSED_KO.finditer(text) if m.group(1) not in bare_names.WORDS_KO]
    found += [name for m in _ADDRESSED_JA.finditer(text) if len(name := _name_before_title(m.group(1)).strip()) >= 2]
    found += [re.sub(r"^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Madam)\.?\s+", "", m.group(0))
              for m in _TITLED_NAME.finditer(text)]
    found += bare_names.vocative_names(text)
    return found

