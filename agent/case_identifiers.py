"""Identifiers a customer quotes: the number of *their* order, booking or claim, not what they ask about.

"Can I get a refund for order SO-500123? It arrived 20 days ago." asks about refunds; the order number tells
which order. Read as words, the identifier's letters ("so") and the noun that names it ("order") met the page
that describes order numbers ("Order numbers have the form SO- followed by six digits."), which then answered
the refund question (new-user report 24, #9). So, for choosing the page and its rule:

- an identifier (``SO-500123``, ``A-20931``, ``BM-20260202-7781``, ``#48213``, ``INV2024001``) is left out of
  the question's words (``case_free``); the customer's own facts are still searched with it (a fact about that
  order is theirs);
- the noun that names it ("order SO-500123", "my booking number is HG-40392", 주문번호는 A-20931이에요,
  注文番号はJ-88213です) is the customer's case, counted the way "… a refund for my order?" is
  (``mem.agent.rule_quote.asked_terms``): the request is read with it and without it (``without_named_case``);
  the page search and the sentence encoder get the question without both (``page_query``), or without the
  identifier alone when nothing else is left ("Where is my order SO-500123?");
- unless the question is about the identifier itself (``about_identifier``): "Is SO-50012 a valid order
  number?", "I typed SO-500132 instead of SO-500123", "주문번호 형식이 SO-로 시작하나요?" keep every word.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mem.core.text.pattern import lazy

# letters, a hyphen and three digits or more ("SO-500123", "A-20931", "BM-20260202-7781", "PS-88213-B"); letters
# run into five digits or more ("INV2024001"; not a model name of four, "RTX4090"); "#" and three digits or more.
# Not "COVID-19", "Wi-Fi 6", "5pm", "500ml", "A4": they name things, not a customer's case.
_ID = (
    r"(?:#\s?\d{3,}|[A-Za-z]{1,5}-\d{3,}(?:-[A-Za-z0-9]{1,12}){0,3}|[A-Za-z]{1,5}\d{5,}(?:-[A-Za-z0-9]{1,12}){0,3})"
    r"(?![A-Za-z0-9])"
)
# a Korean or Japanese particle or copula written onto the identifier ("A-20931이에요", "J-88213です")
_ATTACHED = r"(?:이에요|예요|입니다|이고|이며|으로|로|의|건|은|는|이|가|을|를|에|です|の|で|は|が|を|に)?"
_IDENTIFIER = lazy(rf"(?<![A-Za-z0-9#-]){_ID}{_ATTACHED}")
_NUMBER_WORD = r"(?:numbers?|no\.?|nos\.?|id|ids|ref|reference|code|#)"
_THING_EN = (
    r"(?:order|booking|reservation|ticket|invoice|account|tracking|confirmation|claim|case|contract|"
    r"quote|policy|membership|member|customer|transaction|receipt|parcel|shipment|package|subscription|"
    r"reference)"
)
_THING_KO = r"(?:주문|예약|송장|운송장|회원|계약|청구|보험|접수|티켓|영수증|견적|증권|구독)"
_THING_JA = r"(?:ご注文|注文|ご予約|予約|会員|契約|お問い合わせ|問い合わせ|伝票|追跡|請求|受付|見積|証券|定期便)"
# the noun naming the identifier, right before it: "order SO-500123", "order number: SO-500123", "my booking
# reference is HG-40392", "주문번호는 A-20931", "注文番号はJ-88213" (blanks bounded: no scan of a run of them)
_NAMED = lazy(
    rf"\b(?:(?:my|our|the|your)\s{{1,3}})?{_THING_EN}(?:\s{{1,3}}{_NUMBER_WORD})?(?:\s{{1,3}}(?:is|was))?"
    rf"\s{{0,3}}[:#]?\s{{0,3}}(?={_ID})|"
    rf"{_THING_KO}(?:\s{{0,2}}번호)?(?:는|은|이|가|:)?\s{{0,3}}(?={_ID})|"
    rf"{_THING_JA}(?:番号)?(?:は|が|:|：)?\s{{0,3}}(?={_ID})",
    re.IGNORECASE,
)
# a question about the identifier itself: a word for identifiers or their form outside the phrases naming them ("is
# SO-50012 a valid order number?", "주문번호 형식이 …", "注文番号の桁数"), or a verdict on the identifier next to it
# ("is SO-50012 right?", "I typed SO-50012", "SO-50012 틀렸어요") — not a complaint elsewhere in the message ("the
# wrong size came")
_ABOUT = lazy(r"\b(?:numbers?|format|formats|digits|prefix)\b|번호|형식|자리|番号|形式|桁", re.IGNORECASE)
_VERDICT_EN = (
    r"(?:valid|invalid|wrong|correct|incorrect|typo|typed|mistyped|misspelt|misspelled|mistake|"
    r"exist|exists)"
)
_MARK = "\x00"
_VERDICT = lazy(
    rf"\b{_VERDICT_EN}\b\W{{1,3}}(?:\w+\W{{1,3}}){{0,3}}?{_MARK}|{_MARK}\W{{1,3}}(?:\w+\W{{1,3}}){{0,3}}?{_VERDICT_EN}\b|"
    rf"{_MARK}.{{0,6}}(?:틀리|틀렸|틀린|오타|間違|誤)|(?:틀린|間違った|誤った).{{0,4}}{_MARK}",
    re.IGNORECASE,
)

# the identifier named by its number word ("my order number SO-330091", 주문번호 SO-330091, 注文番号SO-330091) and a
# change asked right before or after it: the number is what is to be fixed ("Did you fix my order number
# SO-330091?", "주문번호 SO-330091 수정됐나요?"), not the case of another request ("Can I change order SO-1 to express?"
# names no number word)
_NUMBERED = lazy(rf"\b{_NUMBER_WORD}(?!\w)|번호|番号", re.IGNORECASE)
_NUMBER_MARK = "\x01"
_CHANGE_EN = r"(?:fix|fixed|change|changed|correct|corrected|update|updated|edit|edited|amend|amended|replace|replaced)"
_CHANGE = lazy(
    rf"\b{_CHANGE_EN}\W{{1,3}}(?:\w+\W{{1,3}}){{0,2}}?{_NUMBER_MARK}|"
    rf"{_MARK}[^.?!。？！]{{0,4}}(?:고치|고쳐|수정|변경|바꾸|바꿔|바뀌|訂正|修正|変更)",
    re.IGNORECASE,
)


def identifiers(text: str) -> list[str]:
    """The identifiers ``text`` quotes, in order (with no particle written onto them)."""
    found = []
    for match in _IDENTIFIER.finditer(text):
        ident = re.match(_ID, match.group(0))
        if ident is not None:
            found.append(ident.group(0))
    return found


def about_identifier(question: str) -> bool:
    """Whether ``question`` asks about an identifier it quotes (its form, whether it is right), not only names its
    case with one: words of that kind outside the phrases naming the identifiers, a verdict next to it, a change
    asked of it when it is named by its number word, or two different identifiers (a correction: "I wrote
    SO-500132, it is SO-500123")."""
    quoted = identifiers(question)
    if not quoted:
        return False
    if len({ident.upper() for ident in quoted}) > 1:
        return True
    numbered = False

    def naming(match: re.Match[str]) -> str:
        nonlocal numbered
        if _NUMBERED.search(match.group(0)):
            numbered = True
            return f" {_NUMBER_MARK} "
        return " "

    rest = _IDENTIFIER.sub(f" {_MARK} ", _NAMED.sub(naming, question))
    return bool(_ABOUT.search(rest) or _VERDICT.search(rest) or (numbered and _CHANGE.search(rest)))


def case_free(question: str) -> str:
    """``question`` without the identifiers it quotes (with the particles written onto them), unless it asks
    about one (``about_identifier``); a question without any is returned as it is."""
    if not identifiers(question) or about_identifier(question):
        return question
    return _IDENTIFIER.sub(" ", question)


def without_named_case(sentence: str) -> str | None:
    """``sentence`` without its identifiers and the nouns naming them ("order SO-500123", 주문번호는 A-20931이에요),
    or None when it quotes none, or asks about one."""
    if not identifiers(sentence) or about_identifier(sentence):
        return None
    return _IDENTIFIER.sub(" ", _NAMED.sub(" ", sentence))


def page_query(question: str, has_words: Callable[[str], bool]) -> str:
    """What to search the pages with for ``question``: without its identifiers and the nouns naming them when
    ``has_words`` finds words left, else without its identifiers alone (``case_free``)."""
    named = without_named_case(question)
    return named if named is not None and has_words(named) else case_free(question)
