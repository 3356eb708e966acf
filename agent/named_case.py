"""A case the question names and a range, list or limit a rule states of the same kind.

A customer asks about one case — a Monday, 5.30pm, Boxing Day, six tyres, a 10-year-old, £30, 18 days, 토요일,
4시 40분, 두 돌, 3분, 土日, １時間 — and the rule that answers states the range, the list or the limit the case falls
inside or outside of ("Tuesdays, Wednesdays and Thursdays only", "8am to 6pm", "closed on 25 and 26 December", "up
to 4 per visit", "available only for adults", "from £50", "within 14 days", 평일, 마감 4시 30분, 만 3세 미만, 5분
이내, 平日, ２時間以内). The sentence and the question then share few words — the customer's case is not the rule's
words — and the engine told many of these "no rule" (docs/measurements/ask.md, twenty-first round). The kinds:

- ``day``: a weekday, a weekend, a holiday or a calendar date; stated by a rule as any day word (a schedule);
- ``time``: a time of day; stated by a rule as any clock time (opening hours, a last entry, a cut-off);
- ``count``: a number of people or things; stated with a bound ("up to 4", "12 or more", "at most three",
  "3회 이상", "10冊まで") or as a band of two ("25–499 copies", "1 to 3 items");
- ``age``: an age ("10 year old", 두 돌, 5歳); stated with a bound ("under 12", "adults only", 만 3세 미만, 18歳未満);
- ``money``: an amount; stated with a bound ("from £50", "over $100", 5만 원 이상, 3,000円以上);
- ``duration``: a length of time; stated with a bound ("within 14 days", "at least three weeks", 5분 이내, 2時間以内);
- ``weight``: a weight ("a 5-tonne truck", 20kg); stated with a bound ("over 3.5 tonnes", 3.5톤을 넘는).

``named_kinds`` reads the question's, ``stated_kinds`` a sentence's. The lexical engine's first page answers by its
sentence that states a kind the question names (``Retrieval._named_case_lexical``), and ``case_outside`` tells a
weekday or a time of day outside the days or hours an allowing rule states (a No, ``rule_quote.in_short``).
Every pattern reads a word at most 20 characters at a time and runs in linear time.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from mem.core.text.pattern import lazy

KINDS = ("day", "time", "count", "age", "money", "duration", "weight")

_WIDE = str.maketrans("０１２３４５６７８９：．，～", "0123456789:.,~")
_EN_NUM = (r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
           r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|hundred)")
_NUM = rf"(?:\d{{1,4}}(?:[.,]\d{{1,3}})?|{_EN_NUM}|one)"
_KO_NATIVE = r"(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열(?:\s?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉))?|스무)"
_KANJI_NUM = r"[一二三四五六七八九十百]{1,3}"
_WEEKDAY_EN = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june|july|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_HOLIDAY_EN = (r"boxing\s+day|christmas|new\s+year'?s?(?:\s+(?:day|eve))?|easter|good\s+friday|"
               r"(?:bank|public)\s+holidays?|weekends?|weekdays?")
_DATE_EN = (rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
            rf"\b(?:on|by|until|till|before|after)\s+the\s+\d{{1,2}}(?:st|nd|rd|th)\b")
_DAY_KO = (r"[월화수목금토일]\s?요일|[토일]욜|주말|평일|공휴일|대체\s?공휴일|빨간\s?날|설날|추석|연휴|"
           r"\d{1,2}\s*월\s*\d{1,2}\s*일")
_DAY_JA = r"[月火水木金土日]曜|土日|平日|週末|祝日|祝祭日|休日|年末年始|お盆|\d{1,2}\s*月\s*\d{1,2}\s*日"
_DAY = lazy(rf"\b(?:{_WEEKDAY_EN}|{_HOLIDAY_EN})\b|{_DATE_EN}|{_DAY_KO}|{_DAY_JA}", re.IGNORECASE)
# every day of the week, in words: "any day by post", "seven days a week", "24/7"
_ANY_DAY_EN = (r"every\s?day|any\s+day|daily|(?:7|seven)\s+days\s+a\s+week|all\s+week|24/7|"
               r"(?:a)?round\s+the\s+clock")
# a rule's schedule of days: the above, and "every day", "daily", 매일, 毎日, 연중무휴, 年中無休
_DAY_STATED = lazy(rf"\b(?:{_WEEKDAY_EN}|{_HOLIDAY_EN}|{_ANY_DAY_EN}|(?:mon|tue|wed|thu|fri|sat|sun)\s?[-–]\s?"
                   rf"(?:mon|tue|wed|thu|fri|sat|sun))\b|{_DATE_EN}|{_DAY_KO}|매일|연중무휴|{_DAY_JA}|毎日|年中無休",
                   re.IGNORECASE)

_TIME = lazy(r"\b\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|\b\d{1,2}:\d{2}\b|"
             r"\b(?:midday|noon|midnight)\b|"
             r"\b\d{1,2}\s*o'?clock\b|(?<![\d.])\d{1,2}\s*시(?!간)(?:\s*(?:\d{1,2}\s*분|반))?|"
             r"(?<![\d.])\d{1,2}\s*時(?!間)(?:\s*(?:\d{1,2}\s*分|半))?", re.IGNORECASE)

# a quantity's word after its number, of another kind than a count
_NOT_COUNT = (r"(?:am|pm|a\.m|p\.m|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|fortnights?|months?|years?|yrs?|"
              r"yo|percent|per\s+cent|pounds?|quid|dollars?|euros?|pence|p|kg|kilos?|g|grams?|tonnes?|tons?|"
              r"km|miles?|cm|mm|m|lbs?|gb|mb|st|nd|rd|th|o'clock)\b")
_KO_COUNTER = r"(?:명|개|번|회|권|장|마리|대|벌|켤레|박스|상자|건|팀|점|통|봉투|포대|인)"
_JA_COUNTER = r"(?:人|名|個|回|冊|枚|匹|頭|台|点|箱|件|組|袋|着|足|本)"
_COUNT = lazy(rf"(?<![\d.,:$€£¥₩])\b(?:\d{{1,3}}|{_EN_NUM})\b(?![.,:]\d)(?!\s{{0,3}}-?\s{{0,3}}{_NOT_COUNT})"
              rf"(?=(?:\s+[a-z'’-]{{1,20}}){{0,2}}?\s+[a-z'’-]{{1,20}}s\b|\s*[?!.,]|\s*$)|"
              rf"\b(?:of|all)\s+\d{{1,3}}\b(?!\s*-?\s*(?:[.:]\d|{_NOT_COUNT}))|"
              rf"(?<![\d.])\d{{1,3}}\s*{_KO_COUNTER}|(?<![가-힣]){_KO_NATIVE}\s?{_KO_COUNTER}|"
              rf"(?<![\d.])(?:\d{{1,3}}|{_KANJI_NUM})\s*{_JA_COUNTER}", re.IGNORECASE)
_BOUND_EN = (r"(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|(?:a\s+)?maximum\s+of|maximum|max\.?|"
             r"at\s+least|(?:a\s+)?minimum\s+of|minimum|min\.?|more\s+than|fewer\s+than|less\s+than|over|under|"
             r"above|below|from|within|beyond|after|before|no\s+later\s+than|until|exceeding|limit(?:ed)?\s+(?:of|to))")
_BOUND_AFTER_EN = (r"(?:\+|\s+or\s+(?:more|fewer|less|over|under|above|older|younger|longer)|"
                   r"\s+and\s+(?:over|above|under|older|younger)|\s+max(?:imum)?\b|\s+at\s+most\b|\s+or\s+earlier\b)")
_BOUND_KO = r"(?:\s*(?:을|를|이|가|은|는))?\s*(?:이내|이상|이하|미만|초과|까지|부터|넘|전까지|안에|내에|이전|이후|경과)"
_BOUND_JA = r"\s*(?:以内|以上|以下|未満|超|まで|迄|から|を超え|経過|前まで)"
_COUNT_STATED = lazy(rf"\b{_BOUND_EN}\s+(?:\d{{1,4}}|{_EN_NUM})\b(?!\s{{0,3}}-?\s{{0,3}}{_NOT_COUNT})(?![.,:]\d)|"
                     rf"\b(?:\d{{1,4}}|{_EN_NUM})(?:\s+[a-z]{{1,20}}){{0,1}}{_BOUND_AFTER_EN}|"
                     rf"\b\d{{1,4}}\s*(?:[-–]|to)\s*\d{{1,4}}\s+(?:[a-z]{{1,20}}\s+){{0,1}}[a-z]{{1,20}}s\b|"
                     rf"(?:최대|최소|최고)\s*\d{{1,4}}|\d{{1,4}}\s*{_KO_COUNTER}{_BOUND_KO}|"
                     rf"(?:最大|最低|上限)\s*\d{{1,4}}|\d{{1,4}}\s*{_JA_COUNTER}{_BOUND_JA}", re.IGNORECASE)

_AGE = lazy(rf"\b(?:\d{{1,2}}|{_EN_NUM}|one)\s{{0,3}}-?\s{{0,3}}(?:years?|yrs?|months?)\s{{0,3}}-?\s{{0,3}}olds?\b|"
            rf"\b\d{{1,2}}\s*yo\b|"
            rf"\baged\s+\d{{1,2}}\b|(?<![\d.])\d{{1,2}}\s*(?:살|세)(?!\s*(?:미만|이상|이하|초과|까지|부터))|"
            rf"(?<![가-힣]){_KO_NATIVE}\s?(?:살|돌)|(?<![\d.])(?:\d{{1,2}}|{_KANJI_NUM})\s*(?:歳|才)(?!\s*(?:未満|以上|以下|まで))",
            re.IGNORECASE)
_AGE_STATED = lazy(r"\b(?:under|over|aged|below|above|from\s+age|age)\s+\d{1,2}s?\b|"
                   r"\b\d{1,2}\s{0,3}(?:\+|s?\s{1,3}and\s{1,3}(?:over|under|above|older|younger)|\s{1,3}or\s{1,3}(?:over|older|under|younger)|-?\s{0,3}years?"
                   r"\s{0,3}-?\s{0,3}olds?\s{1,3}and\s{1,3}(?:over|under))|\bunder-\d{1,2}s?\b|\bover-\d{1,2}s?\b|\badults?\s+only\b|"
                   r"\bonly\s+(?:for|to)\s+adults\b|\b\d{1,2}\s*(?:years?|yrs?)\s*(?:of\s+age\s+)?(?:or|and)\s+"
                   r"(?:over|older|under|younger|above)\b|(?:만\s?)?\d{1,2}\s*(?:세|살|개월)\s*(?:미만|이상|이하|초과|까지|부터)|"
                   r"성인\s*(?:만|전용|에\s*한)|미성년자|\d{1,2}\s*(?:歳|才|か月)\s*(?:未満|以上|以下|まで|から)|"
                   r"大人\s*(?:のみ|限定)|未成年", re.IGNORECASE)

_MONEY_FIGURE = (r"(?:[$€£¥₩]\s?\d[\d,]{0,9}(?:\.\d{1,2})?|\d[\d,]{0,9}(?:\.\d{1,2})?\s*(?:dollars?|euros?|pounds|quid|"
                 r"p\b|원|만\s*원|円|万\s*円|엔))")
_MONEY = lazy(_MONEY_FIGURE, re.IGNORECASE)
_MONEY_STATED = lazy(rf"\b{_BOUND_EN}\s+{_MONEY_FIGURE}|{_MONEY_FIGURE}(?:{_BOUND_AFTER_EN}|{_BOUND_KO}|{_BOUND_JA})|"
                     rf"{_MONEY_FIGURE}\s*(?:[-–~]|to)\s*{_MONEY_FIGURE}", re.IGNORECASE)

_DURATION_UNIT_EN = r"(?:minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|fortnights?|months?|years?)"
_DURATION_EN = (rf"(?:\b(?:\d{{1,3}}(?:\.\d)?|{_EN_NUM}|one|a\s+couple\s+of|a\s+few)\s{{0,3}}-?\s{{0,3}}"
                rf"(?:working\s+|business\s+)?"
                rf"{_DURATION_UNIT_EN}\b(?!\s{{0,3}}-?\s{{0,3}}old)|\b(?:a|an)\s+(?:fortnight|week|month|hour|year)\b(?!\s{{0,3}}-?\s{{0,3}}old))")
_DURATION_KO = (r"(?:(?<![월\d.])\d{1,3}\s*(?:분|시간|일(?!요)|주일?|개월|달|년|박|영업일)|"
                r"(?<![가-힣])(?:하루|이틀|사흘|나흘|닷새|열흘|보름|일주일)|"
                rf"(?<![가-힣]){_KO_NATIVE}\s?(?:달|시간))")
_DURATION_JA = (r"(?:(?<![月\d.])\d{1,3}\s*(?:分|時間|日(?!曜)|日間|週間|か月|ヶ月|カ月|年|泊|営業日)|"
                rf"{_KANJI_NUM}\s*(?:時間|日間|週間|か月|ヶ月|カ月))")
_DURATION = lazy(rf"{_DURATION_EN}|{_DURATION_KO}|{_DURATION_JA}", re.IGNORECASE)
_DURATION_STATED = lazy(rf"\b{_BOUND_EN}\s+(?:the\s+|a\s+period\s+of\s+)?{_DURATION_EN}|"
                        rf"{_DURATION_EN}(?:{_BOUND_AFTER_EN}|'?s?\s+(?:notice|in\s+advance)\b|\s+(?:before|after|of|from)\b)|"
                        rf"(?:{_DURATION_KO}|{_DURATION_JA})(?:{_BOUND_KO}|{_BOUND_JA})", re.IGNORECASE)

_WEIGHT_FIGURE = r"\d{1,4}(?:[.,]\d{1,2})?\s{0,3}-?\s{0,3}(?:kg|kilos?|kilograms?|tonnes?|tons?|t\b|톤|킬로|キロ|トン)"
_WEIGHT = lazy(_WEIGHT_FIGURE, re.IGNORECASE)
_WEIGHT_STATED = lazy(rf"\b{_BOUND_EN}\s+{_WEIGHT_FIGURE}|"
                      rf"{_WEIGHT_FIGURE}(?:{_BOUND_AFTER_EN}|{_BOUND_KO}|{_BOUND_JA})",
                      re.IGNORECASE)

_ASKED = (("day", _DAY), ("time", _TIME), ("count", _COUNT), ("age", _AGE), ("money", _MONEY),
          ("duration", _DURATION), ("weight", _WEIGHT))
_STATED = (("day", _DAY_STATED), ("time", _TIME), ("count", _COUNT_STATED), ("age", _AGE_STATED),
           ("money", _MONEY_STATED), ("duration", _DURATION_STATED), ("weight", _WEIGHT_STATED))


def named_kinds(question: str) -> frozenset[str]:
    """The kinds of case ``question`` names (``KINDS``): "open on Boxing Day?" → {"day"}."""
    text = question.translate(_WIDE)
    return frozenset(kind for kind, pattern in _ASKED if pattern.search(text))


def stated_kinds(sentence: str) -> frozenset[str]:
    """The kinds of range, list or limit ``sentence`` states (``KINDS``): "up to 4 per visit" → {"count"}."""
    text = sentence.translate(_WIDE)
    return frozenset(kind for kind, pattern in _STATED if pattern.search(text))


def states_named(question: str, sentence: str) -> bool:
    """Whether ``sentence`` states a range, list or limit of a kind of case ``question`` names."""
    asked = named_kinds(question)
    return bool(asked) and bool(asked & stated_kinds(sentence))


# -- whether the case falls outside what the rule states -------------------------------------------------------

# a weekday by its name, or abbreviated in a span of days ("Mon–Fri"); 월요일, 토욜, 土曜
_WEEKDAY = lazy(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
                r"\b(mon|tue|wed|thu|fri|sat|sun)\.?(?=\s?[-–~]\s?(?:mon|tue|wed|thu|fri|sat|sun)\b)|"
                r"(?<=[-–~])\s?(mon|tue|wed|thu|fri|sat|sun)\b\.?|([월화수목금토일])\s?(?:요일|욜)|"
                r"([月火水木金土日])曜", re.IGNORECASE)
_DAY_INDEX = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "wednes": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
              "sat": 5, "satur": 5, "sun": 6, "월": 0, "화": 1, "수": 2, "목": 3, "금": 4, "토": 5, "일": 6,
              "月": 0, "火": 1, "水": 2, "木": 3, "金": 4, "土": 5, "日": 6}
_WEEKDAYS = lazy(r"\bweekdays\b|\bweekday\b|평일|平日", re.IGNORECASE)
_WEEKENDS = lazy(r"\bweekends?\b|주말|週末|土日", re.IGNORECASE)
_EVERY_DAY = lazy(rf"\b(?:{_ANY_DAY_EN})(?!\w)|매일|연중무휴|毎日|年中無休", re.IGNORECASE)
_DAY_TO = lazy(r"^\s*(?:to|through|thru|until|till|[-–~～〜]|부터|から)\s*(?:\S{0,3}\s*)?$", re.IGNORECASE)
# a rule that speaks of its days as exceptions or closures: the days it names are not the days it applies to
_DAYS_EXCEPTED = lazy(r"\b(?:except|excluding|apart\s+from|other\s+than|closed|not|no|never)\b|제외|휴무|휴관|휴업|"
                      r"휴일|휴진|쉽니다|除く|休業|休館|休診|定休|休み|ません|없", re.IGNORECASE)


def _weekdays_of(text: str) -> list[tuple[int, int, int]]:
    found = []
    for m in _WEEKDAY.finditer(text):
        word = next(group for group in m.groups() if group).lower()
        found.append((_DAY_INDEX[word], m.start(), m.end()))
    return found


def _days_stated(sentence: str) -> set[int]:
    days: set[int] = set()
    found = _weekdays_of(sentence)
    for n, (index, _, end) in enumerate(found):
        days.add(index)
        if n + 1 < len(found) and _DAY_TO.match(sentence[end:found[n + 1][1]]):
            last = found[n + 1][0]
            day = index
            while day != last:
                day = (day + 1) % 7
                days.add(day)
    if _WEEKDAYS.search(sentence):
        days |= {0, 1, 2, 3, 4}
    if _WEEKENDS.search(sentence):
        days |= {5, 6}
    if _EVERY_DAY.search(sentence):
        days |= set(range(7))
    return days


# -- a case the customer tells of the past: when they ordered, bought or called, not when they ask to act -------------

# a clause ends at punctuation or a conjunction ("I ordered on Sunday, can I return it?", "토요일에 샀는데 환불 돼요?",
# "日曜に買ったんですが、返品できますか")
_CLAUSE_END = lazy(r"[,.;:!?、。，？！]|\b(?:but|and|so|because)\b|는데|지만|けど|ので", re.IGNORECASE)
# a Hangul syllable closed by ㅆ (았 었 했 샀 왔 …: the past), but 있 (there is) and 겠 (will)
_KO_PAST = "".join(chr(0xAC00 + n) for n in range(11172) if n % 28 == 20 and chr(0xAC00 + n) not in "있겠")
_PAST = lazy(r"\b(?:last|yesterday|ago|ordered|bought|purchased|paid|booked|arrived|received|delivered|came|called|"
             r"rang|phoned|e-?mailed|sent|posted|returned|dropped|was|were|did|had|got|went|happened)\b|"
             rf"[{_KO_PAST}]|(?:まし|でし|だっ)た|[っいしえけせてね]た(?!い|く|かっ|ら)|んだ", re.IGNORECASE)


def _past_cases(question: str, spans: list[tuple[int, int]]) -> bool:
    """Whether every case at ``spans`` of ``question`` stands in a clause that tells the past ("I bought it last
    Sunday", "7pm yesterday", 토요일에 샀는데, 日曜に買った): when the customer did something, not when they ask to."""
    ends = [m.start() for m in _CLAUSE_END.finditer(question)]
    past: dict[int, bool] = {}  # clause number → whether it tells the past (each clause read once)
    for start, _ in spans:
        clause = bisect_left(ends, start)
        if clause not in past:
            begin = ends[clause - 1] + 1 if clause else 0
            past[clause] = _PAST.search(question, begin, ends[clause] if clause < len(ends) else len(question)) \
                is not None
        if not past[clause]:
            return False
    return bool(spans)


def day_outside(question: str, sentence: str) -> bool:
    """Whether every weekday ``question`` names falls outside the days an allowing ``sentence`` states ("is the shop
    open on a Tuesday?" on "open from Thursday to Sunday"; 토요일 on 평일; 土日 on 平日). A sentence that names its days
    as closures or exceptions ("closed on Mondays", "except Sundays") tells nothing of the others: False."""
    named = _weekdays_of(question)
    asked = {index for index, _, _ in named}
    spans = [(start, end) for _, start, end in named]
    for weekend in _WEEKENDS.finditer(question):
        asked |= {5, 6}
        spans.append(weekend.span())
    if not asked or _DAYS_EXCEPTED.search(sentence) or _past_cases(question, spans):
        return False
    stated = _days_stated(sentence)
    return bool(stated) and not (asked & stated)


_CLOCK = lazy(r"(?:(오전|오후|午前|午後)\s*)?(?<![\d.:])(\d{1,2})(?:\s*[.:時시]\s*(\d{2})|\s*(?:時|시)(?!간|間))?"
              r"(?:\s*(\d{2})\s*(?:분|分)|\s*(반|半))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d:]|\s*(?:%|분|分|일|日|개|個|명|人))",
              re.IGNORECASE)
_TIME_TO = lazy(r"^\s*(?:to|until|till|and|[-–~～〜]|부터|から)\s*$", re.IGNORECASE)
# hours a rule states in words, which the clock times beside them do not bound: "6am to 10pm, and until midnight on
# Fridays", "open from 7am until late", "emergency line 24/7"
_HOURS_IN_WORDS = lazy(r"\b(?:midnight|noon|midday|(?:until|till|open)\s+late|24/7|24\s?hours|"
                       r"(?:a)?round\s+the\s+clock|all\s+day)\b|자정|정오|24시간|深夜|24時間|終日", re.IGNORECASE)
_TIME_RANGE_START = lazy(r"(?:\bbetween|\bfrom)\s*$", re.IGNORECASE)


def _clock_times(text: str) -> list[tuple[int, int, int, bool]]:
    """(minutes after midnight, start, end, whether the time says its half of the day) of each clock time."""
    found = []
    for m in _CLOCK.finditer(text):
        half, hour, minutes, minutes_after, halfhour, ampm = m.groups()
        whole = m.group(0)
        if not (ampm or half or minutes is not None or re.search(r"[時시]", whole)):
            continue  # a bare number is no time
        h = int(hour)
        if h > 24:
            continue
        mins = int(minutes or minutes_after or 0) + (30 if halfhour else 0)
        marked = bool(ampm or half) or h >= 13
        if (ampm and ampm.lower().startswith("p")) or half in ("오후", "午後"):
            h = h % 12 + 12
        elif (ampm and ampm.lower().startswith("a")) or half in ("오전", "午前"):
            h = h % 12
        found.append((h * 60 + mins, m.start(), m.end(), marked))
    return found


def time_outside(question: str, sentence: str) -> bool:
    """Whether the one time of day ``question`` names falls outside the one range of hours an allowing ``sentence``
    states ("5.30pm" on "8am to 6pm" is inside; 4시 40분 on "입장 마감 오후 4시 30분" is after the last entry)."""
    question = question.translate(_WIDE)
    asked = _clock_times(question)
    text = sentence.translate(_WIDE)
    if len(asked) != 1 or _DAYS_EXCEPTED.search(text) or _HOURS_IN_WORDS.search(text) \
            or _past_cases(question, [(asked[0][1], asked[0][2])]):
        return False
    told, _, _, marked = asked[0]
    times = _clock_times(text)
    ranges = [(a[0], b[0]) for a, b in zip(times, times[1:], strict=False) if _TIME_TO.match(text[a[2]:b[1]])]
    if len(ranges) != 1 and not (len(times) == 1 and _CUT_OFF.search(text) and not _starts_at(text, times[0])):
        return False
    if not marked and told < 12 * 60 and any(t >= 12 * 60 for t, _, _, _ in times) and told < 8 * 60:
        told += 12 * 60  # "4시 40분" told against an afternoon's hours: the afternoon's
    if ranges:
        start, end = ranges[0]
        return end > start and not start <= told <= end
    return told > times[0][0]


_CUT_OFF = lazy(r"\blast\s+(?:entry|admission|orders?)\b|\buntil\b|\bcloses?\s+at\b|\bno\s+later\s+than\b|마감|까지|"
                r"締め?切|最終入|まで", re.IGNORECASE)
# the one time a sentence names is when something starts, not its cut-off: "from 3pm until midnight" (the end is
# a word), "open from 7am until late", "after 2pm", 오후 3시부터, 15時から
_START_BEFORE = lazy(r"\b(?:from|after|since|opens?(?:\s+at)?|starting(?:\s+(?:at|from))?|begins?(?:\s+at)?)\s*$",
                     re.IGNORECASE)
_START_AFTER = lazy(r"^\s*(?:부터|から|以降|onwards?\b|or\s+later\b)", re.IGNORECASE)


def _starts_at(text: str, time: tuple[int, int, int, bool]) -> bool:
    """Whether the clock ``time`` of ``text`` is a start ("from 3pm"), which tells no cut-off."""
    _, start, end, _ = time
    return bool(_START_BEFORE.search(text[max(0, start - 20):start]) or _START_AFTER.match(text[end:end + 20]))

def case_outside(question: str, sentence: str) -> bool:
    """Whether the case ``question`` names — a weekday, a time of day — falls outside the days or hours an allowing
    ``sentence`` states (``day_outside``, ``time_outside``). A count, an age, an amount, a duration or a weight is
    judged against the rule's bound of its kind by ``mem.agent.rule_quote`` (by its unit, noun or counter)."""
    return day_outside(question, sentence) or time_outside(question, sentence)
