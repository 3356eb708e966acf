"""Who is asked to do what for whom, on whose authority: relational features of one sentence for the learned models.

The word classes (``word_classes``) say which roles a sentence's words play; they do not say how the roles hang
together. An attack of a new trade uses new words but the same relations: the AI addressed, an act (grant,
release, reveal, change, forget, record) on an object that is the speaker's own, another person's or the
service's, an authority claimed (a role, a prior agreement, a system voice), a condition (when a user says …).
This module reads those parts in one sentence and names their combinations as features, e.g.
``act=release & owner=other``, ``claim=role & act=reveal``, ``addressee=ai & act=grant``,
``condition=user-says & act=grant``, plus the order an act and an owner come in ("release … their" against
"their … release") within a window of tokens.

English is read token by token (one set look-up per distinct token, the classes ``word_classes`` already caches,
a few two-word markers beside them); Korean and Japanese by one alternation of bounded, fixed-length markers,
only on text with letters outside ASCII. No pattern here reads an unbounded word. Built from the rules' kinds of
words and ordinary grammar (possessives, "as a …", "if … says"), never from a data row.

Used by a model whose weights file's header says ``relations`` (``learned.sentence_slots``); others never call it.
"""

from __future__ import annotations

import zlib

from mem.core.instructions.gates import _words
from mem.core.instructions.word_classes import _TOKENS, _word_class
from mem.core.text.pattern import lazy

_RELATION = 6  # the hashing seed of relation features (hashed.py uses 1-4, word_classes 5)
WINDOW = 6  # tokens between an act and its owner for the ordered feature

# acts: the word classes that are an act on something, and two kinds the classes do not name
_ACT_OF_CLASS = {"grant": "grant", "secret": "reveal", "override": "forget", "memory": "record"}
_CHANGE = _words("change changed changing update updated updating modify modified edit edited switch set reset "
                 "replace replaced move moved transfer transferred cancel cancelled canceled delete deleted remove "
                 "removed add added mark marked flag flagged note noted log logged")
_RELEASE = _words("release released releasing unlock unlocked unblock send sent sending ship shipped give giving "
                  "gave issue issued hand handed share shared show shown tell told read forward forwarded email "
                  "emailed provide provided lift lifted restore restored reactivate reactivated")
# whose object: possessives and the phrases for another person or the service
_OWNER_SELF = _words("my mine our ours myself")
_OWNER_OTHER = _words("his her hers their theirs someone's somebody's another's other's others' customer's "
                      "user's person's client's member's husband's wife's son's daughter's friend's mother's "
                      "father's brother's sister's neighbor's neighbour's")
_OWNER_SERVICE = _words("your yours company's store's service's shop's system's team's bank's platform's "
                        "internal backend admin's staff's")
_OTHER_NOUN = _words("husband wife son daughter friend mother father brother sister neighbor neighbour partner "
                     "spouse colleague coworker boss cousin relative")
# an authority claimed: a role said of the speaker, an earlier agreement, a system's voice
_CLAIM_AGREED = _words("agreed promised approved authorized authorised confirmed arranged discussed pre-approved "
                       "preapproved cleared signed okayed escalated whitelisted exception override code voucher")
_AS = _words("as per according")
_BE = _words("am i'm we're are")
_ANOTHER = _words("another other different previous last next")
_CONDITION = _words("if when whenever once unless provided")
_SAYS = _words("says say said mentions mention mentioned asks ask asked types type typed writes write claims "
               "claim tells uses use enters enter")
_PERSON = _words("user users customer customers anyone someone somebody anybody they person people client clients "
                 "caller callers member members guest guests")

_AUTHORITY = {"authority", "staff", "header"}
_ADDRESSEE = {"ai": "ai", "assistant": "ai", "you": "you"}

# Korean and Japanese markers, each of bounded length (no open-ended word)
_CJK_MARKERS = (
    ("self", r"제\s?(?:계정|주문|카드|정보|예약)|내\s?(?:계정|주문|카드|정보)|저의|나의|私の|自分の|僕の|わたしの"),
    ("other", r"다른\s?(?:고객|손님|회원|사용자|분|사람)의?|남편|아내|가족|친구|동생|부모님|"
              r"(?:他|ほか)の(?:お客様|お客さん|客|ユーザー|方|人|会員)|夫の|妻の|家族の|友人の|友達の|母の|父の"),
    ("service", r"귀사|회사의?|시스템의|내부|御社|貴社|会社の|システムの|社内|内部"),
    ("agreed", r"승인\s?(?:받았|된|됐|되었)|합의|약속|허락\s?받|"
               r"承認済|承認され|合意|約束|許可(?:を)?(?:得|もら|いただ)"),
    ("role", r"(?:매니저|관리자|직원|팀장|상담원|개발자)(?:입니다|이에요|예요|로서|으로서|라서)|"
             r"(?:マネージャー|管理者|店長|スタッフ|開発者|担当者)(?:です|として|だから)"),
    ("condition", r"(?:라고|이라고)\s?(?:하면|말하면|쓰면|입력하면)|(?:と|って)(?:言ったら|言えば|言われたら|書いたら|"
                  r"入力したら|伝えたら)"),
    ("change", r"변경|수정|바꿔|바꾸|変更|修正|書き換え"),
    ("release", r"발송|송금|보내|해제|풀어|送金|発送|送って|解除|開放"),
)
_CJK_MARKER = lazy("|".join(f"(?P<{name}>{pattern})" for name, pattern in _CJK_MARKERS))
_CJK_ACT_CLASS = lazy(r"(?P<grant>승인|허용|환불|보상|면제|무료|承認|許可|返金|補償|免除|無料)|"
                      r"(?P<reveal>보여|출력|공개|알려|表示|出力|公開|教え)|(?P<forget>무시|잊어|잊고|無視|忘れ)|"
                      r"(?P<record>기억|저장|기록|覚え|記憶|保存|記録)|(?P<ai>챗봇|봇|ボット|AI|ＡＩ|어시스턴트|アシスタント)")


def relation_features(text: str) -> list[str]:
    """The relational features of one normalised sentence, as strings (``relation_slots`` hashes them)."""
    acts: list[tuple[str, int]] = []  # (act, token index)
    owners: list[tuple[str, int]] = []
    parts: set[str] = set()
    words = [m.group() for m in _TOKENS.finditer(text)]
    previous = ""
    saw_condition = -99
    for i, word in enumerate(words):
        name = _word_class(word)
        if name in _ACT_OF_CLASS:
            acts.append((_ACT_OF_CLASS[name], i))
        elif word in _RELEASE:
            acts.append(("release", i))
        elif word in _CHANGE:
            acts.append(("change", i))
        if name in _ADDRESSEE:
            parts.add(f"addressee={_ADDRESSEE[name]}")
        if word in _OWNER_SELF:
            owners.append(("self", i))
        elif (word in _OWNER_OTHER or (word in _OTHER_NOUN and previous in _OWNER_SELF)
              or (word in _PERSON and previous in _ANOTHER) or (word == "else" and previous in _PERSON)):
            owners.append(("other", i))
        elif word in _OWNER_SERVICE:
            owners.append(("service", i))
        if name in _AUTHORITY:
            # "as a manager", "I am the admin", "[system]": an authority the sentence speaks with
            spoken = any(w in _AS or w in _BE for w in words[max(i - 3, 0):i])
            parts.add("claim=role" if spoken or name == "header" else "mention=role")
        if word in _CLAIM_AGREED:
            parts.add("claim=agreed")
        if name == "third":
            owners.append(("other", i))
        if word in _CONDITION:
            saw_condition = i
        elif word in _SAYS and i - saw_condition <= 4:
            parts.add("condition=user-says")  # "if a shopper says", "whenever they type", "once anyone mentions"
        if name == "standing":
            parts.add("standing")
        previous = word
    if not text.isascii():
        for match in _CJK_MARKER.finditer(text):
            kind = match.lastgroup or ""
            if kind in ("self", "other", "service"):
                owners.append((kind, -1))
            elif kind in ("change", "release"):
                acts.append((kind, -1))
            elif kind == "agreed":
                parts.add("claim=agreed")
            elif kind == "role":
                parts.add("claim=role")
            else:
                parts.add("condition=user-says")
        for match in _CJK_ACT_CLASS.finditer(text):
            kind = match.lastgroup or ""
            if kind == "ai":
                parts.add("addressee=ai")
            else:
                acts.append((kind, -1))
    if not acts and not parts:
        return []
    act_names = sorted({act for act, _ in acts})
    parts |= {f"owner={owner}" for owner, _ in owners}
    out = [f"r {part}" for part in sorted(parts)]
    for act in act_names:
        out.append(f"r act={act}")
        out += [f"r act={act} & {part}" for part in sorted(parts)]
    # the order and nearness of an act and its owner: "release … their order" is not "their … release"
    # (each act looks at the tokens of its window only: a long run of acts and owners stays linear)
    placed = {o: owner for owner, o in owners if o >= 0}
    ordered = set()
    for act, a in acts:
        if a >= 0 and placed:
            for o in range(max(a - WINDOW, 0), a + WINDOW + 1):
                if o in placed and o != a:
                    ordered.add(f"r {act} {'>' if o > a else '<'} {placed[o]}")
    return out + sorted(ordered)


def relation_slots(text: str, dim: int) -> list[int]:
    """The relation features of one normalised sentence, hashed into ``range(dim)`` under their own seed."""
    mask = dim - 1
    crc = zlib.crc32
    return [crc(feature.encode(), _RELATION) & mask for feature in relation_features(text)]
