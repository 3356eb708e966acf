"""The classes of words the rules know, as features of the learned models: what transfers between writers.

A bag of raw words transfers only when a stranger uses the training rows' words: "disregard the refund rules"
teaches nothing about "set aside the return guidelines". The rules do not read words, they read *roles* —
an override verb aimed at instructions, the AI as addressee with a modal, a standing order, a grant said
unconditionally (``lexicon_en``, ``lexicon_ko``, ``lexicon_ja``, ``addressed``, ``customer_orders``). This
module names those roles as classes, built from the rules' own vocabularies (never from a data row), and gives
the learned models (``learned``) features over them, hashed into the same table under their own seed:

- each class present (``override``, ``target``, ``ai``, ``modal``, ``standing`` …);
- each pair of classes present, in either order (an override with a target; the AI with a modal and a grant);
- each class beside the word after it and the word before it ("override · previous", "modal · always"), so a
  class word the training rows never used still meets the neighbours they did;
- the class that opens the sentence (an imperative opens on its verb).

The rules' verdict is still not a feature: a class is a word's role, not a rule's decision. English classes
are read on every sentence (one alternation of named groups, one scan); Korean and Japanese ones only on
text with letters outside ASCII.
"""

from __future__ import annotations

import zlib
from bisect import bisect_left, bisect_right

from mem.core.instructions.addressed import _W_EXFIL3, _W_OKAYED, _W_PRECEDENCE, _W_ROLE_HEADER
from mem.core.instructions.customer_orders import _JA_ROLE_NOUN, _KO_ROLE_NOUN, _ROLE_NOUN
from mem.core.instructions.gates import _words
from mem.core.instructions.lexicon_en import _AI, _COMMAND_VERB, _MODAL, _OVERRIDE_VERB, _TARGET
from mem.core.instructions.lexicon_ja import _JA_AI, _JA_TARGET
from mem.core.instructions.lexicon_ko import _KO_AI, _KO_TARGET
from mem.core.text.pattern import lazy

_CLASS = 5  # the hashing seed of class features (hashed.py uses 1-4 for words, pairs, letter n-grams and marks)


def _alternatives(words: frozenset[str]) -> str:
    """A word set (``gates._words``) as one alternation, longest first."""
    return "|".join(sorted(words, key=lambda w: (-len(w), w))).replace(".", r"\.")


# English words, one token each: the order of the groups decides a word two classes share (the first wins).
# Each names where its words come from. A token's class is looked up once per distinct token (``_word_class``).
_EN_WORDS = (
    ("secret", r"confidential|reveal|disclose|leak|verbatim|configuration"),  # lexicon_en._EXFIL
    ("standing", r"henceforth|always|never"),  # lexicon_en._FROM_NOW, _ALWAYS_SAY
    # lexicon_en._UNCONDITIONAL, _REGARDLESS
    ("unconditional", r"unconditionally|automatically|notwithstanding|despite"),
    # set aside (lexicon_en._OVERRIDE_VERB; addressed._W_PRECEDENCE)
    ("override", rf"{_OVERRIDE_VERB}|{_alternatives(_W_PRECEDENCE)}"),
    # a role or persona taken on (lexicon_en._ROLE, customer_orders._PERSONA_VERB, addressed._W_FICTION)
    ("persona", r"pretend(?:ing)?|role-?play(?:ing)?|persona|identity|character|imagine|jailbreak\w*|unrestricted"),
    # the AI, unambiguous (lexicon_en._AI) and by its weaker names (addressed._AI_WEAK)
    ("ai", _AI),
    ("assistant", r"assistants?|system|models?"),
    # the people a handbook gives rules to (lexicon_en._VOCATIVE)
    ("staff", r"agents?|representatives?|reps?|staff|operators?|employees?|associates?|cashiers?"),
    # someone with authority (customer_orders._ROLE_NOUN, addressed._W_ROLE_HEADER)
    ("authority", rf"{_ROLE_NOUN}|{_alternatives(_W_ROLE_HEADER)}"),
    ("you", r"you|your|yours|yourself|yourselves|you're|you'll|you've"),
    # the speaker (customer_orders._FIRST_PERSON): what a customer says of themself
    ("self", r"i|me|my|mine|we|our|ours|us|i'm|i've|we're"),
    ("modal", _MODAL),
    ("please", r"please|kindly"),
    ("negation", r"don't|dont|mustn't|shouldn't|cannot|can't|won't"),
    # what is granted (customer._GRANT_STEM, addressed._W_OKAYED and the entitlements of _W_ENTITLEMENT)
    ("grant", rf"(?:approv|accept|grant|authori[sz]|waiv|honou?r|refund|reimburs|compensat)\w*|"
              rf"{_alternatives(_W_OKAYED - {'yes', 'able', 'signed'})}|eligible|exempt|entitled|unlimited|vip|"
              r"premium|vouchers?|credits?|discount\w*|upgrade\w*"),
    # everyone's requests, anything (customer_orders._MY_ASKS, lexicon_en._BLANKET)
    ("blanket", r"every|all|any|each|whatever|anything|everything|everyone|anyone"),
    ("command", _COMMAND_VERB),
    # what is set aside (lexicon_en._TARGET) and the words for the AI's own setup (addressed._W_EXFIL3)
    ("target", rf"{_TARGET}|{_alternatives(_W_EXFIL3 - {'above', 'before', 'told', 'given', 'handed', 'issued'})}"),
    ("memory", r"remember|memori[sz]e|store|save"),  # addressed._REMEMBER
)
_EN_WORD = lazy("|".join(f"(?P<{name}>{pattern})" for name, pattern in _EN_WORDS))
# English phrases of several words, the same classes (the sources as above), tried only where a token opens one
# of them (``_PHRASE_STARTS``: the first words of the alternatives below, so a sentence costs set look-ups)
_EN_PHRASES = (
    ("secret", r"(?:system\s+prompt|hidden\s+(?:instructions|rules|prompt|text)|initial\s+instructions|api\s+keys?)\b"),
    ("standing", r"(?:from\s+now\s+on|from\s+(?:this|here)\s+(?:\w+\s+)?on(?:wards?)?|going\s+forward|"
                 r"starting\s+(?:now|immediately|today)|for\s+the\s+rest\s+of|until\s+told\s+otherwise|"
                 r"(?:all\s+)?future\s+(?:conversations?|chats?|sessions?|requests?))\b"),
    ("unconditional", r"(?:without\s+(?:question|questions|checking|(?:any\s+)?checks?|verification|verifying|"
                      r"exception)|no\s+questions\s+asked|every\s+time|in\s+all\s+cases|regardless\s+of|irrespective\s+of|"
                      r"no\s+matter\s+(?:what|how)|in\s+spite\s+of)\b"),
    ("override", r"(?:(?:set|put|brush)\s+aside|pay\s+no\s+(?:attention|mind|heed)|no\s+longer\s+(?:follow|apply|obey)|"
                 r"throw\s+(?:out|away)|get\s+rid\s+of)\b"),
    ("persona", r"(?:(?:act|pose|behave)\s+as|make\s+believe|(?:developer|admin|debug|god|dan)\s+mode)\b"),
    ("ai", r"(?:language\s+models?|artificial\s+intelligence|virtual\s+(?:assistant|agent)s?)\b"),
    ("modal", r"(?:(?:need|needs|has|have|ought|is|are)\s+to|(?:will|must|should|may|can)\s+now)\b"),
    ("negation", r"(?:(?:do|does|must|should)\s+not|no\s+longer)\b"),
    ("memory", r"(?:keep\s+in\s+mind|note\s+(?:that|down))\b"),
    # another customer's data (data_requests._W_OTHER_PARTY)
    ("third", r"(?:(?:another|other|previous|last|next|different)\s+(?:customer|user|person|client|member)s?|"
              r"(?:someone|anyone)\s+else)\b"),
)
_PHRASE_STARTS = _words(
    "system hidden initial api from going starting for until all future without no every in regardless irrespective "
    "set put brush pay throw get act pose behave make developer admin debug god dan language artificial virtual "
    "need needs has have ought is are will must should may can do does keep note another other previous last next "
    "different someone anyone")
_EN_PHRASE = lazy("|".join(f"(?P<{name}>{pattern})" for name, pattern in _EN_PHRASES))
# a forged message header: a role word opening a bracket, a tag or a label (addressed._W_ROLE_HEADER)
_HEADER = lazy(rf"[\[<{{(【]\s*/?\s*(?:{_alternatives(_W_ROLE_HEADER)})\b|^\W{{0,3}}(?:{_alternatives(_W_ROLE_HEADER)})"
               r"\s*(?:note|message|memo|notice|prompt|override|instructions?)?\s*:")
_TOKENS = lazy(r"[^\W_]+(?:'[^\W_]+)?")


_SEEN: dict[str, str | None] = {}


def _word_class(word: str) -> str | None:
    """The class of one English token (None: none), looked up once per distinct token (at most ``_SEEN_MAX``)."""
    try:
        return _SEEN[word]
    except KeyError:
        found = _EN_WORD.fullmatch(word) if word.isascii() else None
        name = found.lastgroup if found else None
        if len(_SEEN) < _SEEN_MAX:
            _SEEN[word] = name
        return name


_SEEN_MAX = 1 << 16


# Korean and Japanese (lexicon_ko, lexicon_ja, customer_orders, addressed_cjk)
_CJK_CLASSES = (
    ("header", r"[\[【(（<]\s*/?\s*(?:시스템|관리자|개발자|운영자|システム|管理者|開発者|運営)"),
    ("secret", r"시스템\s*프롬프트|システムプロンプト|(?:보여|출력|공개)|(?:表示|出力|公開)"),
    # lexicon_ko._KO_FROM_NOW, lexicon_ja._JA_FROM_NOW, and "always"
    ("standing", r"지금부터|이제부터|앞으로는?|이후로는?|항상|언제나|매번|"
                 r"今後は?|これからは|今から|以降は|これ以降|常に|いつも|毎回"),
    # lexicon_ko._KO_REGARDLESS / _KO_BLANKET, lexicon_ja._JA_REGARDLESS / _JA_BLANKET
    ("unconditional", r"상관\s*없이|관계\s*없이|무관하게|상관하지\s*말고|무조건|자동으로|확인\s*없이|"
                      r"関係なく|かかわらず|関わらず|構わず|無条件|自動的に|確認せず"),
    # lexicon_ko._KO_OVERRIDE, lexicon_ja._JA_OVERRIDE
    ("override", r"무시|잊어|잊고|잊으|따르지\s*(?:말|마)|어기|위반하|우회|제쳐\s*두|폐기|삭제|리셋|초기화|취소|"
                 r"無視|むし|忘れ|破棄|リセット|消去|削除|気にせず|従わ(?:ない|ず)|回避|取り消|最優先|최우선"),
    ("persona", r"척|역할|모드|연기|ふり|役割|役を|なりきっ|モード|演じ"),
    ("authority", rf"{_KO_ROLE_NOUN}|{_JA_ROLE_NOUN}"),
    ("ai", rf"{_KO_AI}|{_JA_AI}|챗봇|봇|ボット"),
    ("staff", r"상담원|직원|에이전트|담당자|担当者|オペレーター|スタッフ|エージェント"),
    ("you", r"당신|너는|너가|네가|넌|あなた|君は|きみ|お前"),
    ("self", r"저는|제가|저희|나는|내가|私|わたし|僕"),
    # lexicon_ko._KO_COMMAND / customer_orders._KO_IMPERATIVE, lexicon_ja._JA_COMMAND / _JA_IMPERATIVE
    ("modal", r"해야|할\s*것|하도록|しなければ|べき|すること|するように|ものとする"),
    ("please", r"주세요|주십시오|해\s*줘|하세요|하십시오|ください|下さい|なさい|てね|てくれ"),
    ("negation", r"하지\s*(?:마|말)|마세요|않도록|しないで|ないこと|するな"),
    ("grant", r"승인|허용|수락|환불|보상|면제|무료|무제한|VIP|vip|承認|許可|受け入れ|返金|補償|免除|無料|無制限"),
    ("blanket", r"모든|모두|전부|어떤|뭐든|すべて|全て|全部|どんな|あらゆる|何でも"),
    ("target", rf"{_KO_TARGET}|{_JA_TARGET}"),
    ("memory", r"기억|저장|기록|覚え|記憶|保存|記録"),
    ("third", r"다른\s*(?:고객|손님|회원|사용자|분|사람)|(?:他|ほか)の(?:お客様|お客さん|客|ユーザー|方|人|会員)"),
)
_CJK = lazy("|".join(f"(?P<{name}>{pattern})" for name, pattern in _CJK_CLASSES))
def class_features(text: str) -> list[str]:
    """The class features of one normalised sentence, as strings (``class_slots`` hashes them)."""
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKENS.finditer(text)]
    found = []
    starts = [start for start, _, _ in tokens]
    for i, (start, _, word) in enumerate(tokens):
        name = _word_class(word)
        if name:
            found.append((name, i, i))
        if word in _PHRASE_STARTS:
            phrase = _EN_PHRASE.match(text, start)
            if phrase:
                found.append((phrase.lastgroup or "", i, bisect_left(starts, phrase.end()) - 1))
    if ":" in text or "[" in text or "<" in text or "(" in text or "【" in text:
        header = _HEADER.search(text)
        if header:
            found.append(("header", max(bisect_right(starts, header.start()) - 1, 0),
                          max(bisect_left(starts, header.end()) - 1, 0)))
    # Korean and Japanese: a class inside a run of letters, its neighbours the two letters either side
    cjk = [(m.lastgroup or "", m.start(), m.end()) for m in _CJK.finditer(text)] if not text.isascii() else []
    if not found and not cjk:
        return []
    found.sort(key=lambda item: item[1])
    names = sorted({name for name, _, _ in found} | {name for name, _, _ in cjk})
    out = [f"c {name}" for name in names]
    out += [f"cc {a} {b}" for i, a in enumerate(names) for b in names[i + 1:]]
    for name, first, last in found:
        out.append(f"cn {name} {tokens[last + 1][2][:12] if last + 1 < len(tokens) else '$'}")
        out.append(f"cp {tokens[first - 1][2][-12:] if first > 0 else '^'} {name}")
    for name, start, end in cjk:
        out.append(f"cn {name} {text[end:end + 2].strip() or '$'}")
        out.append(f"cp {text[max(start - 2, 0):start].strip() or '^'} {name}")
    opening = min([(i, name) for name, i, _ in found[:1]]
                  + [(0 if start <= 1 else 1, name) for name, start, _ in cjk[:1]])
    if opening[0] == 0:
        out.append(f"c0 {opening[1]}")
    return out


def class_slots(text: str, dim: int) -> list[int]:
    """The class features of one normalised sentence, hashed into ``range(dim)`` under their own seed."""
    mask = dim - 1
    crc = zlib.crc32
    return [crc(feature.encode(), _CLASS) & mask for feature in class_features(text)]
