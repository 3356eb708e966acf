"""The customer's case as the answer's yes/no judges it: numbers in digits, dates as days ago.

A customer tells their time and money in words as often as in digits, and the rule's window is compared
with what they told (``mem.agent.rule_quote.in_short``). ``case_text`` rewrites a question so that the
comparison finds its numbers wherever digits would stand:

- **Numbers written as words** before a unit of time, money or age: English "ten days", "twenty-one
  years old", "two weeks"; Japanese kanji numerals "十日前", "三か月", "二十日", "三千円"; Korean native
  numbers "두 달", "세 시간", "열 살", the native day counts "이틀", "열흘", and Sino-Korean months "삼 개월".
  A number word with no unit after it ("one of the items", "一部") is left alone: it is no case.
- **Dates** the customer names ("2026년 11월 1일", "令和8年11月1日", "2026年11月1日", "1 November 2026",
  "November 1", "2026-11-01") become the days from then to the conversation's date (the customer's day,
  ``mem.core.local_day``), written as the question's language writes a time ago ("34 days ago", "34일 전",
  "34日前"). A date without a year is this year's; when that is after today and its sentence speaks of
  the past ("I bought it on 30 December", "12월 30일에 샀어요", "12月30日に買いました" told on 3 January),
  it is the nearest past one, last year's. Any other date after today is left as written (a future date
  is no time passed the rule could judge).
- **Reported numbers**: a figure inside what someone else said or promised ("상담원이 30일까지 된다고 했는데",
  "the agent told me 30 days", "30日以内と言われました") is what the customer was told, not their own
  case: it is taken out of the case (the rule still answers the question).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from mem.core import local_day
from mem.core.text.pattern import lazy

# -- English number words --------------------------------------------------------------------------------

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_VALUE = {word: i for i, word in enumerate(_ONES)} | {word: 20 + 10 * i for i, word in enumerate(_TENS)}
# a unit of a measure the case is compared in (time, money, age); "ten-day" as one word too
_EN_UNIT = (r"(?:business\s+|working\s+|calendar\s+)?(?:days?|weeks?|fortnights?|months?|years?|hours?|minutes?|"
            r"nights?)\b|dollars?\b|euros?\b|pounds?\b|percent\b")
_EN_NUMBER = lazy(rf"\b((?:{'|'.join(_TENS)})(?:[\s-](?:{'|'.join(_ONES[1:10])}))?|{'|'.join(_ONES)})"
                  rf"(?=[\s-]+(?:{_EN_UNIT}))", re.IGNORECASE)

# -- Japanese kanji numerals -----------------------------------------------------------------------------

_KANJI_DIGIT = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_KANJI_POWER = {"十": 10, "百": 100, "千": 1000}
# a kanji number before a unit of time, money or age ("十日前", "三か月", "二週間", "三千円", "八年"); never before a
# bare 月 ("一月" is January) or a 日 that begins 日曜 (a weekday)
_JA_NUMBER = lazy(r"(?<![〇零一二三四五六七八九十百千万])([〇零一二三四五六七八九十百千万]+)"
                  r"(?=営業日|日(?!曜)|週間|週|[かカヵケヶ箇]月|年|時間|分|円|歳|才|月\s*[〇一二三四五六七八九十\d]+\s*日)")

# -- Korean numbers -------------------------------------------------------------------------------------

_KO_NATIVE = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9}
_KO_DAYS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "여드레": 8, "아흐레": 9,
            "열흘": 10}
_KO_SINO = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
# what may follow a Korean count: a particle, 전/후/뒤/째/동안/만, punctuation or nothing ("두 주문" is two orders)
_KO_AFTER = r"(?=$|[^가-힣]|전|후|뒤|째|동안|만|쯤|정도|이|가|을|를|은|는|도|에|의|나|밖)"
_KO_NATIVE_COUNT = lazy(r"(?<![가-힣])(스무|열|(?:열\s?)?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉))\s*"
                        rf"(달|주일|주|시간|해|살){_KO_AFTER}")
_KO_DAY_COUNT = lazy(rf"(?<![가-힣])(하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘){_KO_AFTER}")
_KO_SINO_MONTHS = lazy(r"(?<![가-힣])([일이삼사오육칠팔구]?십[일이삼사오육칠팔구]?|[일이삼사오육칠팔구])\s*(개월)")

# -- dates -----------------------------------------------------------------------------------------------

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_NAME = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
              r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
# the Japanese eras a customer may still count in (令和 from 2019, 平成 from 1989)
_ERAS = {"令和": 2018, "平成": 1988}
_CJK_DATE = lazy(r"(?:(令和|平成)\s*(\d{1,2}|元)\s*年\s*|(\d{4})\s*[년年]\s*)?(\d{1,2})\s*[월月]\s*(\d{1,2})\s*[일日]")
_ISO_DATE = lazy(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b")
_EN_DATE = lazy(rf"\b(?:(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAME})|({_MONTH_NAME})\.?\s+(\d{{1,2}})"
                rf"(?:st|nd|rd|th)?)\b(?:,?\s+(\d{{4}})\b)?", re.IGNORECASE)

# a date the customer tells, as the words of it a question reader would otherwise take for a topic: a month named in
# full ("in august", "back in March"; "May" is also a modal, so only beside a day), a day and an abbreviated month
# ("13 aug", "3rd Sept"), and a Korean or Japanese month or day after its number with what is glued to it ("10월에",
# "5일에", "4月", "3日") — the number goes, its leftover would stay. A length or a count of days glued to its number
# is no date, as "12か月" is none: "7일이내", "3일 동안", "5일째", "3日以内", "3日目", "30日間" (review32)
_TOLD_MONTH = lazy(r"\b(?:january|february|march|april|june|july|august|september|october|november|december)\b",
                   re.IGNORECASE)
_TOLD_CJK_DATE = lazy(r"(?<![0-9０-９])[0-9０-９]{1,2}\s?(?:월[가-힣]{0,3}"
                      r"|일(?!\s?(?:이내|내|안에|동안|간|째|만에|마다|이상|이하))[가-힣]{0,3}"
                      r"|[月日](?![額末間]|以内|以上|以下|目|おき|ごと))")


def told_dates(question: str) -> list[str]:
    """The spans of ``question`` that tell a calendar date (a month, a day of a month), for the question reader to
    know them as the customer's case rather than words a rule must hold."""
    return [m.group(0) for pattern in (_EN_DATE, _TOLD_MONTH, _TOLD_CJK_DATE) for m in pattern.finditer(question)]


# -- reported numbers ------------------------------------------------------------------------------------

# a clause ending in what someone said or promised: Korean -다고/-라고 + 했/하더/들었/말/안내/약속, Japanese
# と/って + 言われ/聞い/案内/約束/説明, English "told me", "said", "promised" (the clause after them); the clause
# begins after a connective (-는데, -지만, けど, ので), so the customer's own time told before it stays their case.
# A match starts only where a clause starts (the text's start, a punctuation mark, a connective's second letter) and
# runs greedily to the clause's last report: a message without punctuation is read once, not again from every
# letter of it (a 56 KB message took 100 s; NEWUSER_REPORT14 #1)
_REPORTED_KO_JA = lazy(r"(?:^|(?<=[,.!?。、，！？])|(?<=[는은])(?=데)|(?<=지)(?=만)|(?<=け)(?=ど|れど)|(?<=の)(?=で))"
                       r"(?:(?!는데|은데|지만|けど|けれど|ので)[^,.!?。、，！？])*(?:[다라냐자]고|と|って)\s*"
                       r"(?:했|하더|하셨|들었|말씀|말했|안내|약속|言われ|言って|言いま|聞い|聞きま|案内|約束|説明)")
_REPORTED_EN = lazy(r"\b(?:told\s+(?:me|us)|said|promised(?:\s+(?:me|us))?|assured\s+(?:me|us)|was\s+told|were\s+told)"
                    r"\b[^,.!?;]*", re.IGNORECASE)
_FIGURE_IN_REPORT = lazy(r"[0-9０-９][0-9０-９.,，]*\s*-?\s*(?:[A-Za-z]+|[가-힣ぁ-んァ-ヶ一-鿿]{1,3})?")


def case_text(question: str, today: date | None = None) -> str:
    """``question`` with its case in digits and days ago (see the module docstring); unchanged when it has none."""
    return _case_text(question, today or local_day.today())


@lru_cache(maxsize=256)
def _case_text(question: str, today: date) -> str:
    # every candidate page of one question reads the same case
    text = _KO_SINO_MONTHS.sub(lambda m: f"{_sino_korean(m.group(1))}{m.group(2)}", question)
    text = _KO_DAY_COUNT.sub(lambda m: f"{_KO_DAYS[m.group(1)]}일", text)
    text = _KO_NATIVE_COUNT.sub(lambda m: f"{_korean_native(m.group(1))}{m.group(2)}", text)
    text = _JA_NUMBER.sub(lambda m: _kanji_number(m.group(1)), text)
    text = _EN_NUMBER.sub(lambda m: str(_english_number(m.group(1))), text)
    text = _dates_as_days(text, today)
    return _without_reported(text)


def _english_number(words: str) -> int:
    parts = re.split(r"[\s-]+", words.lower())
    return sum(_EN_VALUE[part] for part in parts)


def _kanji_number(kanji: str) -> str:
    """"十" → 10, "二十" → 20, "三千" → 3000, "一万五千" → 15000, "一〇" → 10; a 万 alone keeps its place."""
    if all(c in _KANJI_DIGIT for c in kanji):  # written digit by digit ("二〇二六")
        return "".join(str(_KANJI_DIGIT[c]) for c in kanji)
    total, section, digit = 0, 0, 0
    for char in kanji:
        if char in _KANJI_DIGIT:
            digit = _KANJI_DIGIT[char]
        elif char in _KANJI_POWER:
            section += (digit or 1) * _KANJI_POWER[char]
            digit = 0
        else:  # 万
            total += (section + digit or 1) * 10000
            section = digit = 0
    return str(total + section + digit)


def _korean_native(words: str) -> int:
    words = words.replace(" ", "")
    if words == "스무":
        return 20
    if words == "열":
        return 10
    tens = 10 if words.startswith("열") else 0
    return tens + _KO_NATIVE[words.removeprefix("열")]


def _sino_korean(words: str) -> int:
    if "십" not in words:
        return _KO_SINO[words]
    before, _, after = words.partition("십")
    return (_KO_SINO[before] if before else 1) * 10 + (_KO_SINO[after] if after else 0)


def _dates_as_days(text: str, today: date) -> str:
    def ago(day: date | None, written: str, language: str) -> str:
        if day is None or day > today:
            return written
        days = (today - day).days
        return {"ko": f"{days}일 전", "ja": f"{days}日前"}.get(language, f"{days} days ago")

    def cjk(match: re.Match[str]) -> str:
        era, era_year, year, month, day = match.groups()
        if era:
            full_year: int | None = _ERAS[era] + (1 if era_year == "元" else int(era_year))
        else:
            full_year = int(year) if year else None
        language = "ko" if re.search(r"[년월일]", match.group(0)) else "ja"
        return ago(_day(full_year, int(month), int(day), today, past=_speaks_of_past(match)), match.group(0), language)

    def english(match: re.Match[str]) -> str:
        day_first, month_first, month_name, day_after, year = match.groups()
        name = (month_first or month_name).lower()
        month = next(i for i, full in enumerate(_MONTHS, start=1) if full.startswith(name[:3]))
        return ago(_day(int(year) if year else None, month, int(day_first or day_after), today,
                        past=_speaks_of_past(match)), match.group(0), "en")

    text = _CJK_DATE.sub(cjk, text)
    text = _ISO_DATE.sub(lambda m: ago(_day(int(m.group(1)), int(m.group(2)), int(m.group(3)), today), m.group(0),
                                       "ja" if re.search(r"[\u3040-\u30ff]", text) else
                                       "ko" if re.search(r"[가-힣]", text) else "en"), text)
    return _EN_DATE.sub(english, text)


def _day(year: int | None, month: int, day: int, today: date, *, past: bool = False) -> date | None:
    """The date, or None when there is no such day; without a year, the date of this year, or — when it is after
    today and the sentence speaks of the past (``past``) — the nearest past one, last year's: "I bought it on 30
    December" told on 3 January is four days ago. A yearless date after today in a sentence that does not speak
    of the past is no time passed ("12월 25일" told on 5 December may be a plan), so it is not judged."""
    try:
        found = date(year if year is not None else today.year, month, day)
        if year is None and past and found > today:
            found = date(today.year - 1, month, day)
        return found
    except ValueError:
        return None


# A sentence speaks of the past when it has a verb in the past tense: English "-ed" or a common irregular past
# ("bought", "got", "paid") or "ago"; Korean a syllable ending in the past marker ㅆ (샀, 했, 받았; not 있 "there is"
# or 겠, the future); Japanese the past ending た/だ after a verb stem (買った, 届いた, 注文しました, 頼んだ).
_SENTENCE_END = lazy(r"[.!?。！？\n]")
_EN_PAST = lazy(r"\b(?:(?!(?:need|feed|seed|speed|proceed|exceed|succeed|indeed|bleed|breed|embed|bed|red|shed)\b)"
                r"[a-z]{2,}ed|bought|got|paid|made|came|went|sent|gave|took|sold|brought|arrived|was|were|did|had|"
                r"ago)\b", re.IGNORECASE)
_JA_PAST = lazy(r"(?:ました|でした|かった|(?:[っいしきちにびみりえけせてねべめれ]た|[いんっ]だ)(?![ぁ-ん])"
                r"|(?:[っいしきちにびみりえけせてねべめれ]た|[いんっ]だ)(?=が|けど|ので|のに|の|ん))")
_KO_PAST_MARK, _KO_NOT_PAST = 20, ("있", "겠")  # 20: the index of the final ㅆ in a Hangul syllable
# ... unless the date itself is one to come: a due or planned date, a deadline ("due on", "until", "by", 예정일이 …,
# …까지, …まで, 予定日は …), whatever else the sentence did
_DATE_TO_COME_BEFORE = lazy(r"(?:\b(?:due|until|till|by|scheduled|planned|expected|next|before)\b[^.!?\n]{0,12}"
                            r"|\bfor\s+(?:the\s+)?|(?:예정|마감|기한|다음|予定|締切|期限|次)[^.!?。！？\n]{0,6})$",
                            re.IGNORECASE)
_DATE_TO_COME_AFTER = lazy(r"\s?(?:까지|이전|전까지|예정|まで|迄|予定|以前)")


def _speaks_of_past(match: re.Match[str]) -> bool:
    """Whether the sentence holding ``match`` (in the text it was found in) speaks of the past, and the date is not
    one to come (a due or planned date, a deadline)."""
    text = match.string
    if _DATE_TO_COME_BEFORE.search(text, max(0, match.start() - 24), match.start()) \
            or _DATE_TO_COME_AFTER.match(text, match.end()):
        return False
    starts = [m.end() for m in _SENTENCE_END.finditer(text, max(0, match.start() - 300), match.start())]
    start = starts[-1] if starts else max(0, match.start() - 300)
    end_match = _SENTENCE_END.search(text, match.end(), match.end() + 300)
    sentence = text[start:end_match.end() if end_match else match.end() + 300]
    if _EN_PAST.search(sentence) or _JA_PAST.search(sentence):
        return True
    return any("가" <= char <= "힣" and (ord(char) - 0xAC00) % 28 == _KO_PAST_MARK and char not in _KO_NOT_PAST
               for char in sentence)


def _without_reported(text: str) -> str:
    """The text with the figures of what someone else said or promised taken out."""
    def blank(match: re.Match[str]) -> str:
        return _FIGURE_IN_REPORT.sub("", match.group(0))

    text = _REPORTED_KO_JA.sub(blank, text)
    return _REPORTED_EN.sub(blank, text)


def calendar_range(told: str, today: date | None = None) -> tuple[float, float] | None:
    """The days ago a calendar period before the current one spans ("last week", 지난주, 先週; "last month", 지난달,
    先月; "last year", 작년, 去年), counted from the conversation's date; None for any other time.

    A week is the calendar week before this one, begun on a Monday or a Sunday (calendars differ): from the
    nearer start's first day after this week's start to the farther's seventh ("last week" told on a Saturday
    is 6 to 13 days ago)."""
    today = today or local_day.today()
    lowered = told.lower()
    if re.search(r"week|주|週", lowered):
        monday = today.weekday()  # days since this week's Monday
        sunday = (monday + 1) % 7  # days since this week's Sunday
        return float(min(monday, sunday) + 1), float(max(monday, sunday) + 7)
    if re.search(r"month|달|月", lowered):
        first = today.replace(day=1)
        last_month_first = (first - timedelta(days=1)).replace(day=1)
        return float((today - first).days + 1), float((today - last_month_first).days)
    if re.search(r"year|작년|해|去年|昨年|年", lowered):
        first = today.replace(month=1, day=1)
        return float((today - first).days + 1), float((today - first.replace(year=first.year - 1)).days)
    return None
