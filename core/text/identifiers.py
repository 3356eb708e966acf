"""Identifiers a customer's message carries besides e-mails, phones, numbers, names and addresses (en / ko / ja).

New-user report 15 found an "anonymised" decision on the server that still read "I'm @dana_w99 on
Instagram and my birthday is 12 March 1987": the personal-data patterns knew how to reach a customer
by mail, phone and post, not by the other ways a real message names them. Each pattern here is a
layout or a label, never a list of people or places:

- ``HANDLE``: a social-media handle — ``@name`` anywhere, or a name after a network or a handle word
  ("Instagram: dana_w99", "username is danaw", 인스타 아이디는 dana_w99, インスタのIDはdana_w99), or
  before "on Instagram" ("danaw99 on TikTok"). After a network alone the name must look like a handle
  (a digit, ``_`` or ``.`` in it), so "Instagram is down" stays.
- ``PROFILE_URL``: a link to a person's page — a social network's host with a path
  (``twitter.com/danawhit``, ``instagram.com/dana_w99``), or any host whose path names a user (``/@dana``,
  ``/~dana``, ``/user/dana``, ``/in/dana``).
- ``BIRTH_DATE``: a date (any of the usual en/ko/ja forms, or a year alone) after a birth label
  ("born", "birthday", "date of birth", "DOB", 생년월일, 생일, 生年月日, 誕生日) or before one
  (1987년생, 1987年3月12日生まれ). Only the date goes; the label stays, so the text still reads.
- ``PLATE``: a vehicle registration — the UK layout (``KX19 ABC``), the Korean one (``12가 3456``), the
  Japanese one (``品川 300 あ 12-34``), or any code with a digit after a plate label ("licence plate
  7ABC123", 번호판, ナンバー).
- ``PLACE``: a place below country level — a town before a US state code (``Springfield IL``,
  ``Austin, TX 78701``), a place after a first-person "I live in / I'm based in / I'm from",
  a Korean region with a district (서울 마포구) or a place before 에 살아요 / 거주 / 출신, a Japanese
  prefecture with a city (大阪府堺市) or a place before 在住 / に住んで / 出身.

Spans in a named group ``v`` are the identifier itself (the label around it is context, not data).
All patterns read text folded by ``mem.core.text.personal.fold``.
"""

from __future__ import annotations

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES, HIRAGANA, KATAKANA
from mem.core.text.pattern import lazy

_KO = HANGUL_SYLLABLES

# --- handles ---
_NETWORK = (r"(?i:\b(?:instagram|insta|ig|twitter|tiktok|snapchat|snap|telegram|discord|facebook|fb|threads|"
            r"kakao(?:talk)?|wechat|skype|mastodon|bluesky|youtube|twitch|reddit|slack|whatsapp|teams|linkedin|github|"
            r"gitlab)\b)"
            r"|인스타(?:그램)?|트위터|틱톡|페이스북|카카오톡|카톡|텔레그램|디스코드|유튜브|스냅챗|"
            r"インスタ(?:グラム)?|ツイッター|ティックトック|フェイスブック|ライン|LINE|ユーチューブ")
# "handle" and "ID" alone are ordinary words ("the handle was broken", "photo ID is required"): they
# count only as "my handle" or after a network (インスタのID)
_HANDLE_WORD = (r"(?i:\b(?:user\s?name|user\s?id|screen\s?name|gamertag)\b|\bmy\s+(?:handle|nickname)\b)|아이디|닉네임|"
                r"ユーザー(?:名|ID|ネーム)|アカウント名|ハンドル(?:ネーム)?")
_NETWORK_WORD = r"(?i:handle|id|account|name)\b|계정|アカウント|ID"
_JOIN = r"(?:\s*(?i:is|was|=|:|：|-)\s*|\s*(?:는|은|이|가|は|が|：)\s*)"
_NAME_CHARS = r"[A-Za-z0-9_][A-Za-z0-9_.]{1,28}[A-Za-z0-9_](?![A-Za-z0-9_@])"
# after a network alone, or before "on Instagram", the name must look like a handle: a letter, and a
# digit, "_" or "." inside ("Instagram is down", "Instagram 2" stay)
_SHAPED = r"(?=[0-9_.]*[A-Za-z])(?=[A-Za-z.]*[0-9_.])"
HANDLE = lazy(
    r"(?<![\w.@/+-])(?P<v>@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?)(?![\w@]|\.[A-Za-z])"
    # "my handle is danaw", 인스타 아이디는 dana, インスタのIDはdana (a handle word, then a joint)
    rf"|(?:(?:{_NETWORK})\s*(?:の|에서|의)?\s*)?(?:{_HANDLE_WORD}){_JOIN}@?(?P<t>{_NAME_CHARS})"
    rf"|(?:{_NETWORK})\s*(?:の|에서|의)?\s*(?:{_NETWORK_WORD}){_JOIN}@?(?P<n>{_NAME_CHARS})"
    # 인스타 아이디 dana_w99, "Instagram handle dana_w99": no joint, so the name must look like a handle
    rf"|(?:(?:{_NETWORK})\s*(?:の|에서|의)?\s*)?(?:{_HANDLE_WORD})\s+@?(?P<u>{_SHAPED}{_NAME_CHARS})"
    rf"|(?:{_NETWORK})\s*(?:の|에서|의)?\s*(?:{_NETWORK_WORD})\s+@?(?P<m>{_SHAPED}{_NAME_CHARS})"
    # "Instagram: dana_w99", 인스타 dana_w99
    rf"|(?:{_NETWORK})(?:{_JOIN}|\s+)@?(?P<s>{_SHAPED}{_NAME_CHARS})"
    # "aka alice_w", "a.k.a. dana.w": another name the person goes by, shaped like a handle
    rf"|(?i:\baka|\ba\.k\.a\.?)\s+@?(?P<k>{_SHAPED}{_NAME_CHARS})"
    # "danaw99 on Instagram"
    rf"|(?<![\w@.])(?P<w>{_SHAPED}{_NAME_CHARS})\s+(?i:on|at)\s+(?:{_NETWORK})"
)

# --- profile URLs ---
_SOCIAL_HOST = (r"(?:instagram\.com|instagr\.am|twitter\.com|x\.com|facebook\.com|fb\.com|tiktok\.com|"
                r"linkedin\.com|youtube\.com|threads\.net|github\.com|pinterest\.com|snapchat\.com|t\.me|"
                r"reddit\.com|medium\.com|twitch\.tv|vk\.com|weibo\.com|bsky\.app|mastodon\.social|"
                r"blog\.naver\.com|line\.me|open\.kakao\.com|note\.com|ameblo\.jp)")
PROFILE_URL = lazy(
    rf"(?i:(?:https?://)?(?:www\.|m\.|mobile\.)?(?<![\w.-]){_SOCIAL_HOST}/+[^\s/?#)\]>\"'<,]+[^\s)\]>\"'<]*"
    r"|(?:https?://)?(?<![\w.-])[\w-]+(?:\.[\w-]+)+/(?:[^\s/?#]+/){0,6}(?:@|~|(?:users?|u|profiles?|people|members?|in)/)"
    r"[^\s/?#)\]>\"'<,]+[^\s)\]>\"'<]*)"
)
# scrub-only: any other link (a tracking link may carry a personal token)
LINK = lazy(r"(?i:\bhttps?://[^\s)\]>\"'<]+|\bwww\.[\w-]+(?:\.[\w-]+)+(?:/[^\s)\]>\"'<]*)?)")

# --- dates of birth ---
_MONTH = (r"(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_ORD = r"(?i:st|nd|rd|th)?"
_ERA = r"(?:昭和|平成|令和|大正)\s*(?:\d{1,2}|元)\s*年"
_DATE = (
    r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}"
    rf"|\d{{1,2}}{_ORD}\s+(?i:of\s+)?{_MONTH},?(?:\s+\d{{4}})?|{_MONTH}\s+\d{{1,2}}{_ORD}(?:,?\s+\d{{4}})?"
    rf"|{_MONTH}\s+\d{{4}}"
    r"|(?:\d{2,4}\s*년\s*)?\d{1,2}\s*월\s*\d{1,2}\s*일|\d{2,4}\s*년(?:\s*\d{1,2}\s*월)?"
    rf"|(?:{_ERA}|\d{{4}}\s*年)?\s*\d{{1,2}}\s*月\s*\d{{1,2}}\s*日|{_ERA}(?:\s*\d{{1,2}}\s*月)?|\d{{4}}\s*年(?:\s*\d{{1,2}}\s*月)?"
    r"|(?:19|20)\d{2}"
)
_BIRTH_BEFORE = (r"(?i:\bdate\s+of\s+birth|\bbirth\s?date|\bbirthday|\bb-?day|\bd\.?o\.?b\b\.?|\bborn(?:\s+(?:on|in))?)"
                 r"|생년월일|생일|출생일?|生年月日|誕生日|生まれ(?:は|た日)")
# only joining words between the label and the date ("birthday is", "born on the", 생일은, 誕生日は):
# "the birthday cake arrived on 12 March" is no date of birth
_BIRTH_JOIN = r"(?:[\s:：=,'-]|(?i:\b(?:is|was|on|in|the|of|falls|s)\b)|[은는이가はがの]){0,8}?"
BIRTH_DATE = lazy(
    rf"(?:{_BIRTH_BEFORE}){_BIRTH_JOIN}(?P<v>{_DATE})(?![0-9])"
    # 1987년생, 1987년 3월 12일생, 1987年3月12日生まれ, 87年生まれ
    r"|(?<![0-9])(?P<w>(?:19|20)?\d{2}\s*년(?:\s*\d{1,2}\s*월(?:\s*\d{1,2}\s*일)?)?)\s?생(?!산|활|각|일|겼|긴|기|성|명)"
    rf"|(?<![0-9])(?P<x>(?:{_ERA}|(?:19|20)?\d{{2}}\s*年)(?:\s*\d{{1,2}}\s*月(?:\s*\d{{1,2}}\s*日)?)?)\s?生まれ"
)

# --- vehicle plates ---
_KO_PLATE_LETTER = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주아바사자배하허호"
_PLATE_LABEL = (r"(?i:\b(?:licen[cs]e|number|registration|reg|car|vehicle)\s+plate(?:\s+(?:number|no\.?))?"
                r"|\bplate\s+(?:number|no\.?)|\bplate\b|\bregistration(?:\s+(?:number|no\.?|mark))?|\breg\.?\s+(?:number|no\.?))"
                r"|번호판|차량\s?번호|차\s?번호|ナンバー(?:プレート)?|車両番号|車のナンバー")
PLATE = lazy(
    r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}\s?[A-Z]{3}(?![A-Za-z0-9])"
    # 12가 3456 (the number is not an amount: "12주 2000원")
    rf"|(?<![0-9])\d{{2,3}}[{_KO_PLATE_LETTER}]\s?\d{{4}}(?![0-9]|\s?(?:원|개|명|건|번|회|%))"
    rf"|(?:[{HAN}]{{1,4}}\s?)?(?<![0-9])\d{{2,3}}\s?[{HIRAGANA}]\s?\d{{1,2}}-\d{{2}}(?![0-9])"
    rf"|(?:{_PLATE_LABEL})\s*(?:is|:|：|#|는|은|は)?\s*"
    r"(?P<v>(?=[A-Z -]*\d)(?=[0-9 -]*[A-Z])[A-Z0-9]{1,4}(?:[ -]?[A-Z0-9]{1,4}){0,2})(?![A-Za-z0-9])"
)

# --- places below country level ---
_CAP = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ'’-]*[a-zß-öø-ÿ]"
_STATES = ("AK|AZ|AR|CA|CT|DC|FL|IA|IL|KS|KY|MD|MI|MN|MO|MS|MT|NC|ND|NE|NH|NJ|NM|NV|NY|RI|SC|SD|TN|TX|UT|VA|VT|"
           "WA|WI|WV|WY")
# codes that are also words or common abbreviations need a comma or a ZIP code ("Returns OR exchanges",
# "Photo ID", "Acme CO" stay)
_WORD_STATES = "AL|CO|DE|GA|HI|ID|IN|LA|MA|ME|OH|OK|OR|PA"
_ZIP = r"\d{5}(?:-\d{4})?"
_LIVE_EN = (r"(?i:\b(?:i|we)\s+(?:now\s+)?(?:live|lived|reside|am\s+living|are\s+living)\s+(?:in|near|outside)"
            r"|\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:based|living|located|staying)\s+(?:in|near|outside)"
            r"|\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:from|in)|\b(?:i|we)\s+(?:moved|relocated)\s+to"
            r"|\bmy\s+(?:home\s*town|city|town|village)\s+is)")
_NOT_PLACE = (r"(?:The|A|An|Our|Your|My|This|That|Enterprise|Pro|Premium|Basic|Business|Team|Free|Plus|Gold|Silver|"
              r"January|February|March|April|May|June|July|August|September|October|November|December|"
              r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Charge|Touch|Stock|Time|Trouble|Love)\b")
_KO_REGION = (r"(?:서울|부산|대구|인천|광주|대전|울산|세종|제주)(?:특별시|광역시|특별자치시|특별자치도|시|도)?"
              r"|(?:경기|강원|충청[남북]|전라[남북]|경상[남북]|충[남북]|전[남북]|경[남북])(?:특별자치도|도)?")
# a district of two syllables or more before its level (마포구, 성남시; "다시", "요구" are words)
_KO_DISTRICT = rf"[{_KO}]{{2,5}}(?:시|군|구|읍|면)"
_KO_UNIT = rf"[{_KO}]{{1,6}}(?:시|도|군|구|읍|면|동)"
_JA_PREF = rf"(?:東京都|北海道|(?:大阪|京都)府|[{HAN}]{{2,3}}県)"
_JA_PLACE = rf"[{HAN}{KATAKANA}ヶケの々]"
PLACE = lazy(
    rf"(?<![A-Za-z])(?P<v>(?!{_NOT_PLACE}){_CAP}(?:\s+{_CAP}){{0,2}}(?:,?\s+(?:{_STATES})|,\s*(?:{_WORD_STATES})"
    rf"|\s+(?:{_WORD_STATES})(?=\s+{_ZIP}))(?:\s+{_ZIP})?)(?![A-Za-z0-9])"
    rf"|{_LIVE_EN}\s+(?P<w>(?!{_NOT_PLACE}){_CAP}(?:\s+{_CAP}){{0,2}}(?:,\s*{_CAP}(?:\s+{_CAP})?)?)"
    # 서울 마포구, 경기도 성남시 분당구 (a region with a district); 마포구에 살아요, 춘천 출신. No repeated group of
    # Hangul runs: a long run of 시시시… would be cut every possible way before the match fails.
    rf"|(?P<k>(?:{_KO_REGION})\s*{_KO_DISTRICT}(?:\s+{_KO_DISTRICT}){{0,2}}"
    rf"|(?<![{_KO}])(?:(?:{_KO_REGION})\s+)?(?:{_KO_REGION}|{_KO_UNIT})"
    rf"(?=\s?(?:에\s?(?:살|거주|삽니다|사는)|에서\s?(?:살|거주|왔|지내)|\s?거주|\s?출신|\s?주민)))"
    # 大阪府堺市, 神奈川県横浜市青葉区 (a prefecture with a city); 札幌市在住, 横浜に住んでいます, 福岡出身
    rf"|(?P<j>{_JA_PREF}{_JA_PLACE}{{1,6}}?[市区町村郡](?:{_JA_PLACE}{{1,6}}?[区町村])?"
    # two characters at least, and not 現在住んで ("now living")
    rf"|(?:{_JA_PREF}|{_JA_PLACE}{{2,8}}?)(?=\s?(?:在住(?![んま])|に住|住まい|出身|に引っ越|へ引っ越)))"
)

__all__ = ["BIRTH_DATE", "HANDLE", "LINK", "PLACE", "PLATE", "PROFILE_URL"]
