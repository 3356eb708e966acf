"""A fact's statement: one short, normalised sentence beside the customer's verbatim quote.

The quote is evidence (the customer's words, exactly); the statement is what the fact says, in a
form that reads the same whoever said it and whenever it is read (docs/extraction.md, "Statements"):

- said about a named person in the third person: "I went to a pride parade last Friday" →
  "Caroline went to a pride parade last Friday (2023-08-11)"; without a speaker, "The customer…"
  (Korean "고객", Japanese "お客様"); "my", "we", "our" become "their", "they", "their";
- relative days carry the day they resolve to, in ISO form, after the words that named them;
- fillers, reactions and pleasantries around the content are left out ("Yeah, …", "Wow!");
- a value the customer holds one of (slots: residence, email, plan…) reads as a label and the value:
  "The customer's residence: Seattle.", "고객 거주지: 부산", "お客様の住所: 京都市…";
- a short answer carries its question: 'Melanie, asked "Do you have any pets?", answered: No, no pets
  right now.';
- an agreement says so; at most ``MAX_STATEMENT`` characters, cut at a clause.

The deterministic engine builds it from the sentence (``build_statement``); a model's statement is
accepted only when its content words come from the quote, its slot value, the speaker's name, the
question answered, the fact's date or the few words this module adds (``check_statement``);
otherwise the deterministic one stands in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from mem.core.instructions import is_instruction_like
from mem.core.text.content_terms import terms
from mem.core.text.language import detect_language
from mem.core.text.pattern import lazy
from mem.core.text.sentences import split_sentences
from mem.customers import kinds
from mem.customers.dates import find_dates
from mem.customers.fact_record import Fact
from mem.customers.slots import Slot, find_slot

MAX_STATEMENT = 160
MAX_MODEL_STATEMENT = 240  # a model may say a little more; longer is not a statement

# Slots whose fact is the value: the statement is a label and the value. Orders, subscriptions and
# jobs stay sentences ("order 111 arrived broken" says more than its number).
_LABELS = {
    "en": {"residence": "residence", "address": "address", "contact_channel": "preferred contact channel",
           "email": "email", "phone": "phone number", "name": "name", "tier": "plan",
           "delivery_place": "delivery place", "delivery_time": "delivery time", "language": "answer language",
           "accessibility": "accessibility need"},
    "ko": {"residence": "거주지", "address": "주소", "contact_channel": "연락 방법", "email": "이메일",
           "phone": "전화번호", "name": "이름", "tier": "요금제", "delivery_place": "배송 장소",
           "delivery_time": "배송 시간", "language": "답변 언어", "accessibility": "접근성 필요"},
    "ja": {"residence": "居住地", "address": "住所", "contact_channel": "連絡方法", "email": "メール",
           "phone": "電話番号", "name": "名前", "tier": "プラン", "delivery_place": "配達場所",
           "delivery_time": "配達時間", "language": "回答言語", "accessibility": "アクセシビリティ"},
}
_SUBJECT = {"en": "The customer", "ko": "고객", "ja": "お客様"}
_SERVICE = {"en": "The service", "ko": "서비스", "ja": "サービス"}
# an agent's sentence read as the service's: "we" becomes the speaker's "I" (then "The service"); "your" stays as the
# agent wrote it — "the customer's" put a word into the statement that searches for "customer's …" then matched
# (u17-reference_number-en-1 ranked "…reach the customer's card…" above the new case reference)
_SERVICE_AS_I = {"we're": "I'm", "we've": "I've", "we'll": "I'll", "we'd": "I'd", "we are": "I am", "we have": "I have",
                 "we were": "I was", "we": "I", "our": "my", "ours": "mine", "us": "me", "ourselves": "myself"}
_SERVICE_WORDS = lazy(r"\b(?:we(?:'re|'ve|'ll|'d| are| have| were)?|ours(?:elves)?|our|us)\b", re.I)
_AGREED = {"en": " (agreed with the service)", "ko": " (서비스와 합의)", "ja": " (サービスと合意)"}
# The words this module itself puts into a statement: a model's statement may use them too.
_OWN_WORDS = frozenset(terms(" ".join([
    "customer customers they them their theirs themselves agreed service asked answered said is has does",
    " ".join(" ".join(labels.values()) for labels in _LABELS.values()),
    " ".join(_SUBJECT.values()), " ".join(_AGREED.values()),
    "january february march april may june july august september october november december",
])))

_OFFERED = lazy(r"^(?:[^:()]{1,80}: )?\(offered\) ")
_ASKED = lazy(r"^(?:[^:()]{1,80}: )?\((asked|re): (.*?)\) ", re.S)
_ANSWER = lazy(r"^\W*(?:yes|yeah|yep|yup|no|nope|nah|not really|sure|of course|"
                     r"네|예|아니요|아뇨|はい|いいえ|ええ)\b", re.I)
_FILLER_EN = lazy(
    r"^(?:(?:yeah|yes|yep|yup|oh|ah|aw+|wow|whoa|haha\w*|lol|hah|well|so|hey|hi|hello|um+|uh+|hmm+|ok(?:ay)?|"
    r"sure(?: thing)?|right|totally|definitely|absolutely|honestly|actually|btw|by the way|omg|ooh|gosh|man|"
    r"thanks|thank you)\b[\s,!.?~-]*)+", re.I)
_VOCATIVE = lazy(r"^(?-i:[A-Z][a-z]+)[,!]\s+(?=[a-zA-Z])")
_FILLER_KO = lazy(r"^(?:(?:아|어|음|오|와|그럼|근데|그런데|사실|참)[,.!~\s]+)+")
_FILLER_JA = lazy(r"^(?:(?:あの|えっと|えーと|ええと|まあ|あ|うーん|そうそう|実は)[、,。！!\s]+)+")

# English first person → third person. The subject "I" becomes the speaker's name (its verb agrees),
# "my"/"me" "their"/"them", every "we" "they" (whose verb needs no change).
_FIRST_PERSON_EN = lazy(
    r"\b(?:I'm|I am|I've|I have|I'd|I'll|I was|I|(?i:me|my|mine|myself|we're|we've|we'll|we'd|we|our|ours|"
    r"ourselves)|us)\b(?:\s+(?:(?:really|just|also|still|always|never|often|usually|finally|recently|actually|even|totally|"
    r"definitely|absolutely|already|truly|sometimes|kinda|kind of|sort of|only|now|currently|personally)\s+)*"
    r"(?P<verb>[a-z][a-z']*))?")
_THEY = {"i'm": "they're", "i am": "they are", "i've": "they've", "i have": "they have", "i'd": "they'd",
         "i'll": "they'll", "i was": "they were", "i": "they", "me": "them", "my": "their", "mine": "theirs",
         "myself": "themselves", "we're": "they're", "we've": "they've", "we'll": "they'll", "we'd": "they'd",
         "we": "they", "our": "their", "ours": "theirs", "ourselves": "themselves", "us": "them"}
_NAMED = {"i'm": "{s} is", "i am": "{s} is", "i've": "{s} has", "i have": "{s} has", "i'd": "{s} would",
          "i'll": "{s} will", "i was": "{s} was"}


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_UNCHANGED_AFTER_I = _word_set(
    "can could will would shall should may might must did had was were didn't can't couldn't won't wouldn't "
    "shouldn't wasn't hadn't mustn't")
_IRREGULAR_PRESENT = {"have": "has", "do": "does", "go": "goes", "don't": "doesn't", "am": "is", "haven't": "hasn't",
                      "be": "is", "'m": "is"}
_IRREGULAR_PAST = _word_set(
    "went got saw made had took gave wrote ran read met found lost broke bought brought thought taught told said "
    "felt kept left sent spent built began came became drew drove ate fell flew forgot grew heard held knew led "
    "paid put quit rode rose sang sat slept spoke stood swam threw understood woke won wore was were did")


def build_statement(*, kind: str, quote: str, text: str = "", speaker: str | None = None,
                    slot: Slot | None = None, reference: date | None = None, agreement: bool = False,
                    retraction: bool = False, by_service: bool = False) -> str:
    """The deterministic statement of a fact whose customer words are ``quote`` (``text``: the fact's text,
    read only for the question a short answer replies to). ``by_service``: ``quote`` is the agent's sentence (an
    offer or promise the customer took up): its "I" and "we" are the service, never the customer ("I've changed
    your address …" → "The service has changed your address …")."""
    quote = " ".join(quote.split())
    if not quote:
        return " ".join(text.split())[:MAX_STATEMENT]
    lang = detect_language(quote)
    if by_service:
        speaker = _SERVICE[lang]
        if lang == "en":
            quote = _SERVICE_WORDS.sub(lambda m: _SERVICE_AS_I[m.group(0).lower()], quote)
    subject = speaker or _SUBJECT[lang]
    if kind == "trait":
        return _cut(" ".join(text.split()) or quote)
    if slot is not None and not retraction and slot.name in _LABELS[lang] and len(split_sentences(quote)) == 1:
        label = _LABELS[lang][slot.name]
        if lang == "en":
            owner = f"{subject}'s" if subject != _SUBJECT["en"] else "The customer's"
            statement = f"{owner} {label}: {slot.value}."
        elif lang == "ko":
            statement = f"{subject} {label}: {slot.value}"
        else:
            statement = f"{subject}の{label}: {slot.value}"
        return _cut(statement + (_AGREED[lang] if agreement else ""))
    asked = _ASKED.match(text)
    answers = bool(asked and asked.group(1) == "asked" and _ANSWER.match(quote))
    said = _content(quote, lang, answers=answers)
    if asked and answers:
        question = _cut(" ".join(asked.group(2).split()), 80)
        lead = {"en": f'{subject}, asked "{question}", answered: ',
                "ko": f'{subject}, "{question}"에 대한 답: ', "ja": f"{subject}、「{question}」への答え: "}[lang]
        answer = _dated(said, reference, lang)
        statement = lead + (_third_person_en(answer, subject, named=True) if lang == "en" else answer)
    elif lang == "en":
        statement = _third_person_en(_dated(said, reference, lang), subject)
    else:
        statement = _third_person_cjk(_dated(said, reference, lang), subject, lang)
    return _cut(statement, MAX_STATEMENT - (len(_AGREED[lang]) if agreement else 0)) + (
        _AGREED[lang] if agreement else "")


def statement_of(fact: Fact) -> str:
    """``build_statement`` for a stored fact (schema upgrades, facts written without one)."""
    customer = [e for e in fact.evidence if e.role == "customer"]
    agent = [e for e in fact.evidence if e.role == "agent"]
    if fact.agreement and agent and _OFFERED.match(fact.text) \
            and not any(e.role == "operator" for e in fact.evidence):
        # an offer or promise the customer took up: what was agreed is the service's sentence
        return build_statement(kind=fact.kind, quote=agent[0].quote, text=fact.text, slot=None,
                               reference=agent[0].said_on or fact.valid_at, agreement=True, by_service=True)
    # an operator's correction (``mem facts edit --text``) is the fact's current words; the speaker and the
    # day a relative date counts from stay those of the customer's words it corrected
    words = [e for e in fact.evidence if e.role == "operator"] or customer
    said = customer or [e for e in fact.evidence if e.role == "customer-corrected"]
    quote = " ".join(e.quote for e in words)
    speaker = next((e.speaker for e in said if e.speaker), None)
    reference = next((e.said_on for e in [*said, *words] if e.said_on), None) or fact.valid_at
    slot = find_slot(quote) if quote and fact.kind != "trait" and not fact.instruction_like else None
    return build_statement(kind=fact.kind, quote=quote, text=fact.text, speaker=speaker, slot=slot,
                           reference=reference, agreement=fact.agreement,
                           retraction=bool(quote) and kinds.is_retraction(quote))


def check_statement(statement: str, *, quotes: Sequence[str], text: str = "", speaker: str | None = None,
                    slot: Slot | None = None, days: Sequence[date | None] = ()) -> str | None:
    """Why a model's ``statement`` is refused (``None``: accepted).

    Every content word must come from the customer's quotes, the slot's value, the speaker's name, the
    question the fact answers (inside ``text``'s "(asked: …)"), the fact's days, or the words this
    module's own statements use. A statement that addresses the AI is refused unless the quote does.
    """
    statement = " ".join(statement.split())
    if not statement:
        return "empty statement"
    if len(statement) > MAX_MODEL_STATEMENT:
        return f"statement over {MAX_MODEL_STATEMENT} characters"
    if is_instruction_like(statement) and not any(is_instruction_like(q) for q in quotes):
        return "statement addresses the AI, the quote does not"
    asked = _ASKED.match(text)
    sources = [*quotes, slot.value if slot else "", speaker or "", asked.group(2) if asked else ""]
    sources += [f"{d.isoformat()} {d.strftime('%d %B %Y')} {d.day} {d.month}" for d in days if d]
    allowed = {_key(t) for t in terms(" ".join(sources))} | {_key(t) for t in _OWN_WORDS}
    foreign = [t for t in terms(statement) if _key(t) not in allowed and not _inside(t, sources)]
    if foreign:
        return f"statement words not in the quote: {', '.join(foreign[:5])}"
    return None


def _key(term: str) -> str:
    """A term compared without a final "e": the light stemmer cuts "loves" to "lov" but keeps "love"."""
    return term.rstrip("e") if term.isascii() else term


def _inside(term: str, sources: Sequence[str]) -> bool:
    """A CJK term found inside the quote's characters (Korean and Japanese terms cut differently)."""
    return not term.isascii() and any(term in source for source in sources)


def _content(quote: str, lang: str, *, answers: bool = False) -> str:
    """The quote without reactions, pleasantries and small talk around its content, and fillers in front."""
    sentences = [s.text for s in split_sentences(quote)]
    kept = [s for s in sentences if not kinds.is_small_talk(s, lang=lang) and not kinds.is_reaction(s, lang=lang)]
    # what says nothing of the speaker's own stays in the quote (it helps search) but not in what the fact says
    own = [s for s in kept if not kinds.says_nothing_of_their_own(s, lang=lang, answering=answers)]
    said = " ".join(own or kept or sentences)
    filler = {"en": _FILLER_EN, "ko": _FILLER_KO, "ja": _FILLER_JA}[lang]
    if not answers:  # "No, …" answering a question is the answer, not a filler
        stripped = filler.sub("", said)
        if lang == "en":
            stripped = _VOCATIVE.sub("", stripped)
        said = stripped or said
    return said[:1].upper() + said[1:] if lang == "en" else said


def _dated(text: str, reference: date | None, lang: str) -> str:
    """``text`` with each relative day followed by the ISO day it resolves to."""
    if reference is None:
        return text
    out, last = [], 0
    for mention in find_dates(text, reference):
        if re.fullmatch(r"[\d\s/.,-]+|\d{4}-\d{2}-\d{2}", mention.expression):
            continue  # already a date
        out += [text[last:mention.end], f"{' ' if lang == 'en' else ''}({mention.value.isoformat()})"]
        last = mention.end
    return "".join(out) + text[last:]


def _third_person_en(text: str, subject: str, *, named: bool = False) -> str:
    """``text`` said of ``subject``; ``named``: the subject is named already (no "Name: " in front)."""

    def swap(match: re.Match[str]) -> str:
        nonlocal named
        whole = match.group(0)
        verb = match.group("verb")
        head = whole[: match.start("verb") - match.start()] if verb else whole
        two_words = head.lower().startswith(("i am", "i have", "i was"))
        pronoun = " ".join(head.split()[:2]) if two_words else head.split()[0]
        rest = head[len(pronoun):]
        key = pronoun.lower()
        if key.startswith("i") and key in _THEY:
            named = True
            if key in _NAMED:
                replaced = _NAMED[key].format(s=subject)
            else:  # bare "I": its verb agrees with the name, unless a question put the verb first
                replaced = subject
                if verb and not _INVERTED.search(text, max(0, match.start() - _INVERTED_REACH), match.start()):
                    verb = _agree(verb)
        elif key == "my" and not named:
            named = True  # "My cat turned three" → "The customer's cat turned three"
            replaced = f"{subject}'s"
        else:
            replaced = _THEY[key]
        # the words just before the pronoun, not the whole text before it: a long message of many "I"s read its
        # beginning again at each of them (NEWUSER_REPORT14 #1)
        before = text[max(0, match.start() - _INVERTED_REACH): match.start()].rstrip()
        if match.start() <= opening or before.endswith((".", "!", "?")):
            replaced = replaced[:1].upper() + replaced[1:]
        elif replaced.startswith(("The customer", "The service")):
            replaced = "the" + replaced[3:]
        return f"{replaced}{rest}{verb or ''}"

    opening = len(text) - len(text.lstrip())  # where the text's first word starts
    statement = _FIRST_PERSON_EN.sub(swap, text)
    if not named and subject not in statement:
        statement = f"{subject}: {statement}"
    return statement[:1].upper() + statement[1:]


# "Could I get…", "do I need…": the verb after "I" is a bare infinitive, never "gets".
_INVERTED = lazy(r"\b(?:can|could|would|will|shall|should|may|might|must|do|does|did|let)\s+$", re.I)
_INVERTED_REACH = 40  # how far before "I" the verb put first and what ends a sentence are looked for


def _agree(verb: str) -> str:
    """A verb after a name instead of "I": present tense takes -s ("love" → "loves"); the rest stays."""
    lower = verb.lower()
    if lower in _IRREGULAR_PRESENT:
        return _IRREGULAR_PRESENT[lower]
    past = lower.endswith("ed") and not lower.endswith("eed")
    if lower in _UNCHANGED_AFTER_I or lower in _IRREGULAR_PAST or past or lower.endswith(("n't", "'d", "'ll")) \
            or not lower.isalpha() or len(lower) < 2:
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


_KO_FIRST = lazy(r"(?<![\uac00-\ud7a3])(?:(저는|나는|제가|내가|저희는|저희가|우리는)(?=\s)|(제|내|저희|우리)\s)")
_JA_FIRST = lazy(r"(?:私|わたし|僕|ぼく|俺)(?=[はがのも])")


def _third_person_cjk(text: str, subject: str, lang: str) -> str:
    if lang == "ko":
        final = subject[-1]
        batchim = "\uac00" <= final <= "\ud7a3" and (ord(final) - 0xAC00) % 28 != 0
        topic, nominative = ("은", "이") if batchim else ("는", "가")

        def swap(match: re.Match[str]) -> str:
            word = match.group(1)
            if word is None:
                return f"{subject}의 "
            return subject + (nominative if word in ("제가", "내가", "저희가") else topic)

        statement, count = _KO_FIRST.subn(swap, text, count=3)
    else:
        statement, count = _JA_FIRST.subn(subject, text, count=3)
    return statement if count else f"{subject}: {statement}"


_CLAUSE = lazy(r"(?:(?<!\s)|(?!\s))(?:[,;:、，]\s*|\s+[—–-]\s+|\s+(?:and|but|because|so)\s+)")


def _cut(text: str, limit: int = MAX_STATEMENT) -> str:
    """``text`` within ``limit`` characters: whole sentences while they fit, else cut at a clause."""
    if len(text) <= limit:
        return text
    taken = ""
    for sentence in split_sentences(text):
        candidate = text[: sentence.end]
        if len(candidate) > limit:
            break
        taken = candidate
    if taken:
        return taken
    head = text[: limit - 1]
    breaks = [m.start() for m in _CLAUSE.finditer(head) if m.start() >= limit // 3]
    end = breaks[-1] if breaks else (head.rfind(" ") if head.rfind(" ") >= limit // 3 else len(head))
    return head[:end].rstrip(" ,;:、") + "…"
