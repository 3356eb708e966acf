"""Someone else speaking for the account holder: a daughter, a spouse, a carer or a PA writing on the holder's account.

A conversation is a delegate's when a customer turn of it introduces the speaker as the holder's relative or helper —
"Hi, I'm Nora Quigley's daughter Bernadette", "Leonard Fox's son here", "김말순 님 딸인데요", "山口和子の娘です",
"松井の夫です" — or says the speaker acts for them or on their account ("on behalf of my father", "父のために…お願い
したいです", "남편 이름으로 가입된 계정인데"). In such a conversation:

- the introduction says who is writing, not a value of the holder's: it is no fact of its own (like a salutation or a
  signature), so "I'm Margaret Hollis's son" never fills the holder's name nor outranks the change it introduces;
- the words the speaker calls the holder by — the relation the introduction implies ("Mum", 엄마, 母 for a child;
  "my wife", 아내, 妻 for a spouse) and, in English, "his" / "her" — name the holder, so a value told of them
  ("엄마가 … 이사 오셔서 … 주소를 …로 옮겨주세요", 「父が施設に入りまして、今後の返送先は…」) is the holder's value:
  ``Delegate.view`` reads them as the holder's own words (the slot readers take a relative named as the subject for
  someone else's value otherwise);
- the speaker's own contact details ("call me on 07700 900519", "sending me a copy … d.wren@…", "저한테 연락",
  「私の携帯に」) are theirs, not the holder's (``Delegate.speakers_own``).

``view`` keeps the text's length and every character outside the replaced words, so offsets and values read from it
are the original's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# who the speaker says they are to the holder, by the group of words they then call the holder by
_CHILD_EN = r"daughter|son|daughter-in-law|son-in-law|granddaughter|grandson|grandchild"
_SPOUSE_EN = r"husband|wife|partner|spouse"
_HELPER_EN = r"carer|care worker|caregiver|PA|assistant|secretary|nurse|support worker|neighbou?r|niece|nephew"
_CHILD_KO = r"딸|아들|며느리|사위|손녀|손자|큰딸|작은딸|큰아들|막내"
_SPOUSE_KO = r"남편|아내|와이프|집사람"
_HELPER_KO = r"비서|보호자|요양보호사|간병인|조카|사회복지사"
_CHILD_JA = r"娘|息子|長女|次女|長男|次男|嫁|孫|息子の妻|娘の夫"
_SPOUSE_JA = r"妻|夫|家内|主人"
_HELPER_JA = r"秘書|ヘルパー|ケアマネジャー|ケアマネ|訪問看護師|家族|姪|甥"

_NAME_EN = r"(?-i:[A-Z][\w.'-]*)(?:\s+(?-i:[A-Z][\w.'-]*)){0,2}"
_INTRO_EN = re.compile(
    r"^\W*(?:(?:hi|hello|hiya|hey|morning|afternoon|good (?:morning|afternoon|evening))(?: there| all)?[,!.]?\s+)?"
    r"(?:(?:i'm|i am|it's|it is|this is)\s+(?:" + _NAME_EN + r",?\s+)?|" + _NAME_EN + r"\s+here,?\s+)?"
    # the holder by name ("Maria's husband") or, after "this is" / "I'm", by a pronoun ("This is her husband")
    r"(?:(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?" + _NAME_EN + r"'s"
    r"|(?:(?<=is\s)|(?<=i'm\s)|(?<=am\s)|(?<=it's\s))(?:her|his))\s+(?P<rel>" + _CHILD_EN + "|" + _SPOUSE_EN + "|"
    + _HELPER_EN + r")\b(?:,?\s+" + _NAME_EN + r")?(?:\s+here)?(?:\s+again)?"
    r"(?=\s*(?:[.!,;:—–-]|$)|\s+(?:on|from|at|for)\b)",
    re.I)
# "on behalf of my father", "父のために…お願いしたいです": the speaker acts for a relative they name
# ("父のために…お願いしたいです", "어머니 대신 연락드려요")
_PARENTS_KO = r"엄마|아빠|어머니|아버지|어머님|아버님|시어머니|시아버지|할머니|할아버지"
_PARENTS_JA = r"義母|義父|祖母|祖父|母|父"
# ... or on an account in their name ("my husband's account", "남편 이름으로 가입된 계정", "主人の名義で")
# (not "for my mum" in English: "I bought it for my mum" speaks for nobody)
_FOR = re.compile(r"\bon behalf of my (?P<rel>mum|mom|mother|dad|father|husband|wife|partner)\b|"
                  r"\bmy (?P<owner>mum|mom|mother|dad|father|husband|wife|partner)'s account\b|"
                  r"(?P<kname>" + _PARENTS_KO + "|" + _SPOUSE_KO + r")\s*(?:이름|명의)으로|"
                  r"(?P<jname>" + _PARENTS_JA + "|" + _SPOUSE_JA + r")(?:の)?名義|"
                  r"(?P<ko>" + _PARENTS_KO + "|" + _SPOUSE_KO + r")\s*(?:대신(?:에|해서)?|(?:을|를)\s*대신해)(?=\s)|"
                  r"(?P<ja>" + _PARENTS_JA + "|" + _SPOUSE_JA + r")(?:のため(?:に)?|の代わりに|に代わって|の代理で)",
                  re.I)
_INTRO_KO = re.compile(
    r"^\W*(?:(?:안녕하세요|여보세요)[~!.,\s]*)?(?:(?:저는|전|제가)\s+)?"
    r"(?:[가-힣]{2,4}\s*(?:님|씨|어르신|고객님)?\s*(?:의\s*)?|그\s*(?:어머니|아버지)\s*)"
    r"(?P<rel>" + _CHILD_KO + "|" + _SPOUSE_KO + "|" + _HELPER_KO + r")"
    r"(?:인데요|이에요|예요|입니다|이고요|이요|인데|되는 사람인데요|되는데요)(?=[\s,.!~ㅎ]|$)")
_INTRO_JA = re.compile(
    r"^\W*(?:(?:お世話になっております|いつもお世話になっております|すみません|もしもし)[。、！\s]*)?"
    r"(?:(?!の)[一-龯ぁ-んァ-ヶー]){1,8}(?:さん|様|さま)?の"
    r"(?P<rel>" + _CHILD_JA + "|" + _SPOUSE_JA + "|" + _HELPER_JA + r")"
    r"(?:です|でございます|の者です|になります)(?=[。、！!\s]|$)")
# "ケアマネジャーの杉本です。": a helper named after their role
_INTRO_JA_ROLE = re.compile(
    r"^\W*(?:(?:お世話になっております|いつもお世話になっております|すみません|もしもし)[。、！\s]*)?"
    r"(?P<rel>ケアマネジャー|ケアマネ|ヘルパー|訪問看護師|秘書)の(?:(?!の)[一-龯ぁ-んァ-ヶー]){1,6}(?:です|でございます|と申します)"
    r"(?=[。、！!\s]|$)")

# the words a speaker of each relation calls the holder by
_HOLDER_WORDS = {
    "child": (r"\bmy (?:mum|mom|mam|mother|dad|father)\b|\b(?:mum|mom|mam|dad)\b|\b(?:his|her|him|he|she)\b",
              r"엄마|아빠|어머니|아버지|어머님|아버님|할머니|할아버지|시어머니|시아버지|어르신",
              r"お母さん|お父さん|義母|義父|祖母|祖父|母親|父親|母|父"),
    "spouse": (r"\bmy (?:wife|husband|partner)\b|\b(?:his|her|him|he|she)\b",
               r"남편|아내|와이프|집사람",
               r"家内|主人|妻|夫"),
    "helper": (r"\b(?:his|her|him|he|she)\b", r"어르신|본인", r"ご本人|本人"),
}
_RELATION_GROUP = (
    ("child", re.compile(f"^(?:{_CHILD_EN}|{_CHILD_KO}|{_CHILD_JA}|mum|mom|mother|dad|father|{_PARENTS_KO}|"
                         f"{_PARENTS_JA})$", re.I)),
    ("spouse", re.compile(f"^(?:{_SPOUSE_EN}|{_SPOUSE_KO}|{_SPOUSE_JA})$", re.I)),
)
# the holder's words spoken as their own, each as long as the words it stands for
# (English by the word: "her veg box" → "my  veg box", "move him onto" → "move me  onto", "Mum's moved" → "I  's moved")
_FIRST_PERSON_EN = {"his": "my ", "her": "my ", "him": "me ", "he": "I ", "she": "I  "}
_FIRST_PERSON = {"en": {2: "I ", 3: "I  ", 6: "myself", 9: "ourselves"},
                 "ko": {2: "본인", 3: "고객님", 4: "고객본인"},
                 "ja": {1: "私", 2: "自分", 3: "わたし", 4: "わたくし"}}

# the speaker's own contact details, home and name: "call me on …", "send me a copy", "my address is …", "I live at …",
# "저한테 연락", "제 주소는 …", 「私の携帯に」 (newuser24 #5: a husband's own e-mail and home were the holder's)
_SPEAKERS_OWN = re.compile(
    r"\b(?:call|ring|text|phone|contact|reach|e-?mail|message|copy|cc)\s+me\b|\bme\s+(?:on|at)\b|"
    r"\b(?:send|sending|forward|copy)\s+me\b|\bcopy (?:me )?in\b|\bmy (?:own )?(?:number|mobile|phone|e-?mail)\b|"
    r"\bmy (?:own )?(?:home |postal |new )?address\b|\bi (?:now )?(?:live|am living|'m living)\b|\bi've moved\b|"
    r"\bi (?:have )?moved\b|"
    # and their own name: "this is Joan, Harold's wife … My name's Joan Beckwith"
    r"\bmy (?:own )?name(?:'s| is)\b|"
    r"저한테|저에게|제게|제\s*(?:번호|연락처|메일|이메일|휴대폰|핸드폰|이름|주소|집)|제가\s*사는|"
    r"私に|私まで|私の(?:携帯|番号|電話|メール|アドレス|連絡先|名前|住所|自宅)", re.I)


@dataclass(frozen=True)
class Delegate:
    """A conversation written by someone for the account holder: the pattern of the words naming the holder."""

    relation: str
    holder_words: str

    def view(self, text: str) -> str:
        """``text`` with the words naming the holder read as the holder's own ("엄마가" → "본인가", "父が" → "私が",
        "her veg box" → "our veg box"), the same length, every other character kept."""
        if not text:
            return text
        return re.sub(self.holder_words, _first_person, text, flags=re.I)

    def names_holder(self, text: str) -> bool:
        return re.search(self.holder_words, text, flags=re.I) is not None

    @staticmethod
    def speakers_own(text: str) -> bool:
        """The speaker gives their own contact detail ("call me on …", "저한테 연락 주세요", 「私の携帯に」)."""
        return _SPEAKERS_OWN.search(text) is not None


def _first_person(match: re.Match[str]) -> str:
    said = match.group(0)
    lang = "en" if said.isascii() else "ko" if re.search(r"[가-힣]", said) else "ja"
    if said.lower() in _FIRST_PERSON_EN:
        return _FIRST_PERSON_EN[said.lower()]
    words = _FIRST_PERSON[lang]
    if len(said) in words:
        return words[len(said)]
    shorter = max((n for n in words if n < len(said)), default=None)
    return said if shorter is None else words[shorter] + " " * (len(said) - shorter)


def introduction(sentence: str) -> re.Match[str] | None:
    """The speaker's introduction as the holder's relative or helper at the start of ``sentence`` ("Hi, I'm Dennis
    Fairbairn's son, Martin.", "김순자 어르신 딸이에요.", "山本茂の息子です。")."""
    for pattern in (_INTRO_EN, _INTRO_KO, _INTRO_JA, _INTRO_JA_ROLE):
        found = pattern.match(sentence)
        if found is not None:
            return found
    return None


def delegate_of(texts: Iterable[str]) -> Delegate | None:
    """The delegate a conversation's customer turns (``texts``) are written by, when one introduces the speaker as the
    holder's relative or helper, or acting for them."""
    for text in texts:
        for line in re.split(r"(?<=[.!?。！？\n])\s*", text):
            found = introduction(line.strip())
            if found is not None:
                return _delegate(found.group("rel"))
            acts_for = _FOR.search(line)
            if acts_for is not None:
                return _delegate(next(word for word in acts_for.groups() if word))
    return None


def holder_view(group: str, text: str) -> str:
    """``text``, written by a delegate of ``group`` ("child", "spouse", "helper": ``Delegate.relation``), with the
    words naming the holder read as the holder's own (``Delegate.view``); ``text`` itself for an unknown group."""
    words = _HOLDER_WORDS.get(group)
    return text if words is None else Delegate(group, "|".join(words)).view(text)


def _delegate(relation: str) -> Delegate:
    """The delegate by the relation they named: their own to the holder ("son", 딸, 娘, "husband") or the holder's
    to them ("for my mum", 父のために: a parent's child; a spouse is a spouse either way)."""
    group = next((name for name, pattern in _RELATION_GROUP if pattern.match(relation)), "helper")
    return Delegate(group, "|".join(_HOLDER_WORDS[group]))
