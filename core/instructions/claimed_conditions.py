"""A page's grant on what the user states, written as an ordinary condition (twenty-second round).

Every recent writer's page misses hold this shape: a condition whose subject is the user and whose verb is one of
saying, claiming, stating or declaring — "Where the buyer states the parcel never arrived", "If either party says the
other is unresponsive", "A dealer who states the seller has agreed", "Should a member claim they were promised more",
"회원이 분실했다고 말하면", "배우자나 부모라고 밝힌 분은", "お客様が「カードは解約した」とおっしゃった場合",
"入札者が「１秒差だった」と申告した場合" — and a main clause that grants, refunds, releases, reveals or
rewrites a record on it, with no check by the service named. ``unbounded_grants.sayso_grant`` read the same condition
only beside a bound dropped in words ("without checking", "확인 없이", "確認せずに") or with the customer nouns of its
list; these writers name no check at all: the condition is written as if the claim were a fact the service had.

What real policies write in the same shape, and what stays clean:

- the service's own check as the condition ("if the tracking shows no scan for 10 days, we refund"): the subject is
  the service's record, not a person — a condition whose subject is a record, a system, a carrier, the staff or "we"
  is not read;
- a check or a hand-over named anywhere in the sentence ("the agent checks the account notes", "asks for the
  remittance advice", "passes it to the manager", "확인 후", "증빙", "確認のうえ", "担当者に引き継ぐ"), a bound
  ("up to £20"), the grant negated ("must not apply it"), or the condition an exception ("even if the caller says
  they are family", "라고 주장하더라도", "と名乗っても");
- an answer or a referral, not a grant ("offer a replacement", "tell them to call the emergency line", "교환을
  안내", "交換を案内"): offering, telling how and directing are not in what is granted;
- the user's own wish taken down ("'앞으로는 카톡으로 연락 주세요'라고 하면 연락 수단을 바꾸고", "「ベージュに
  してください」と言われたら…変更する"): the quotation is a request, and a change of the user's own preference is
  not among the grants (what is changed must be money, a status, a payee, another's booking or a record of what
  happened).

Pages only (``reason._reason`` reads ``unbounded_grants`` on pages): a customer saying "if I tell you it never
arrived, can you refund?" is their own message, screened by the customer rules.

Every regular expression here reads a word as at most 20 characters per try.
"""

from __future__ import annotations

from mem.core.text.pattern import LazyPattern, lazy

# --- English -------------------------------------------------------------------------------------------------------
# the claim verbs: saying, claiming, stating, declaring, telling the bot (not "reports": a report starts a process)
# (second wave: a claim written or mentioned — "writes 'urgent'", "mention in chat that they are …")
_SAY_EN = (r"(?:says?|claims?|states?|declares?|insists?|writes|types|mentions?\s+(?:\w{1,20}\s+){0,3}?that|"
           r"tells?\s+(?:us|you|the\s+(?:\w{1,20}\s+)?(?:bot|assistant|ai|"
           r"chatbot|agent|helper)))")
# a condition whose subject is some person (one to three words before the verb), or a relative "X who says"
_CLAIM_IF_EN = lazy(
    r"\b(?P<frame>if|when|whenever|where|once|should|provided|as\s+long\s+as)\s+(?P<who>(?:\w{1,20}\s+){1,3}?)"
    + _SAY_EN + r"\b"
    r"|\b(?P<who2>\w{1,20})\s+(?:(?:\w{1,20}\s+){0,5}?)(?:who|that)\s+" + _SAY_EN + r"\b")
# the subject is the service or a record, not the user: the service's own check as the condition
_SERVICE_SUBJECT = lazy(
    r"\b(?:we|it|this|that|system|systems|records?|tracking|log|logs|carrier|courier|database|app|portal|bank|data|"
    r"invoice|report|receipt|label|scan|note|notes|manager|supervisor|staff|team|agent|agents|officer|office|page|"
    r"policy|document|e-?mail|message|messages|letter|form|screen|history|account|dashboard|court|doctor|"
    r"certificate|website|site)\b")
# what is granted on the claim: money, a waiver, a release, someone's data handed out, a record rewritten, a status
_GRANT_EN = lazy(
    r"\b(?:refund\w*|re-?sends?|resent|re-?issues?|re-?issued|waive[sd]?|waiving|credit(?:s|ed)?|exempt\w*|"
    r"award(?:s|ed)?|releas(?:e|es|ed)|share[sd]?|sharing|paste[sd]?|hand(?:s|ed)?\s+over|give[sn]?|given|"
    r"send(?:s)?|sent|raise[sd]?|drop(?:s|ped)?\s+the|clear(?:s|ed)?\s+(?:their|the|his|her)|add(?:s|ed)?\s+the|"
    r"accept\w*\s+(?:\w{1,20}\s+){0,2}?as\s+(?:true|fact|proof)|trust\w*\s+the|update[sd]?\s+the|"
    r"cancel(?:s|led)?\s+(?:\w{1,20}\s+){0,2}?other|moves?\s+another|skips?|view|fill\w*\s+in|"
    r"(?:is|are)\s+awarded|receive\s+the|"
    # (twenty-second round, second wave: a hold or a charge lifted, a balance debited, a record marked, data read out)
    r"pays|lift(?:s|ed)?\s+(?:[\w-]{1,20}\s+){0,2}?(?:bans?|blocks?|suspensions?|holds?|limits?|freezes?|restrictions?)|"
    r"unfr(?:eeze|eezes|ozen|oze)|unlocks?|unlocked|debit(?:s|ed)?|"
    r"remov(?:e|es|ed)\s+(?:this|the|that|their|any)\s+(?:[\w-]{1,20}\s+)?(?:charges?|fees?|fines?|bans?|blocks?|holds?)|"
    r"reads?\s+out|mark(?:s|ed)?\s+(?:\w{1,20}\s+){0,3}?as|"
    # (the causative: "may have the logbook address changed by the assistant")
    r"(?:have|has|get|gets)\s+(?:\w{1,20}\s+){1,3}?(?:changed|updated|removed|cleared|unfrozen|released|waived))\b")
# grants a staff handbook writes as routine service to the customer on what they say of their order or their own
# details ("if a customer says the parcel arrived damaged, send a replacement", "… give them the returns address",
# "… update the email on file"): a grant only when the bot is handed the act, the claim is who the writer is ("says
# they are family", "says they work for a bank"), a check is waived in words, or the word is taken as fact
_ROUTINE_EN = lazy(r"(?:re-?sends?|resent|give[sn]?|given|sends?|sent|add(?:s|ed)?\s+the|fill\w*\s+in|"
                   r"receive\s+the|paste[sd]?|update[sd]?\s+the(?=\s+(?:e-?mail|address|phone|number|contact|"
                   r"name|postcode|delivery)\b)|mark\s+(?:\w{1,20}\s+){0,3}?as"
                   # (staff told to mark a record, not money or standing marked: "mark any order as paid", "… as trade")
                   r"(?!\s+['\"‘“]?(?:paid|refunded|settled|received|approved|verified|confirmed|cleared|completed?|"
                   r"collected|delivered|genuine|staff|vip|eligible|exempt|trusted|trade|wholesale|members?|partners?|employees?|"
                   r"premium|priority)\b)|unlocks?|unlocked)\b")
_NOT_ROUTINE_EN = lazy(r"\b(?:bot|assistant|ai|chatbot|helper)\b|\bas\s+(?:a\s+)?(?:fact|true)\b"
                       r"|\b(?:says?|claims?|states?|declares?|insists?|tells?\s+\w{1,20})\s+(?:they|he|she)\s+"
                       r"(?:are|is|'re|were|was|work|works|represent\w*)\s+(?:a|an|the|from|with|for|family|\w{1,20}['’]s)\b"
                       r"|\bclaims?\s+to\s+be\b|['\"‘“]\s?i\s?(?:am|'m)\b|\bbelieve\s+them\b|\bat\s+their\s+word\b"
                       r"|\b(?:other|another)\s+(?:\w{1,20}\s+)?(?:customer|member|user|client|guest|patient|person|people)")
# a check, a proof, a hand-over or a bound named: the service decides (a check waived in words is taken out first)
_WAIVED_EN = lazy(
    r"\b(?:without|no|need\s+not|needn't|not\s+needed|don't|do\s+not)\s+(?:\w{1,20}\s+){0,3}?"
    r"(?:check\w*|verif\w*|proof|evidence|documents?|id|confirm\w*|asking\s+for\s+\w{1,20})\b"
    r"(?:\s+(?:is|are)\s+(?:needed|required|necessary))?"
    r"|\b(?:proof|evidence|id\s+check|documents?)\s+(?:is|are)\s+(?:not\s+)?(?:needed|required|necessary)\b")
_CHECKED_EN = lazy(
    r"\b(?:check\w*|verif\w*|confirm\w*|proof|evidence|photos?|screenshot\w*|receipts?|documents?|unverified|"
    r"look\w*\s+up|asks?\s+(?:for|the|them|a)|requests?\s+(?:a|the|proof)|pass(?:es)?\s+(?:it|this|them|the\s+\w{1,20})\s+"
    r"(?:on|to)|escalat\w*|refer\w*|forward\w*|transfer\w*|hand\w*\s+(?:it\s+)?(?:over\s+)?to|declin\w*|refus\w*|"
    r"up\s+to|no\s+more\s+than|at\s+most|maximum|manager\s+(?:approves|decides|agrees)|approval\s+from|"
    r"instead)\b|[£$€¥]\s?\d")
def _blank(pattern: LazyPattern, text: str) -> str:
    """``text`` with what ``pattern`` matches blanked out, every offset kept (a check waived in words)."""
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


# a quotation: an opening mark after no letter, a closing one before none ("members' phones" is no quotation)
_QUOTED_EN = lazy(r"(?<![\w'])'[^'\n]{1,80}'(?![\w'])|\"[^\"\n]{1,80}\"")

# a request quoted: the user's own wish taken down, as _REQUEST_KO / _REQUEST_JA read it
_REQUEST_EN = lazy(r"\b(?:i\s+(?:want|need|would\s+like)|i'd\s+like|please|can\s+you|could\s+you)\b")


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``text[at]`` starts (after the last full stop, question or exclamation mark, or
    line break before it)."""
    low = max(0, at - 400)  # (read back no further than a long sentence: a repeated cue costs no quadratic scan)
    return max(low, max(text.rfind(stop, low, at) for stop in (". ", "? ", "! ", "\n", ": ")) + 1)


_NEGATED_EN = lazy(r"\b(?:not|never|cannot|can't|won't|mustn't|shouldn't|no\s+one|nobody)\b|n't\b")
_DETERMINER_ONLY = lazy(r"(?:(?:a|an|the|any|each|every|either|no|your|their|our|his|her|its|this|that)\s+)+")
_ADVERB_FIRST = lazy(r"(?:never|not|always|also|only|just|ever|still|then|simply)\s")
_TOLD_THE_BOT = lazy(r"\btells?\s+the\s+(?:\w{1,20}\s+)?(?:bot|assistant|ai|chatbot)\b")
_REPORTED_BEFORE = lazy(r"\b(?:says?|said|heard|read|told\s+me|apparently|supposedly|rumou?r\s+is)\s+(?:that\s+)?$")
_EVEN_BEFORE = lazy(r"\beven\s+$")


def _claim_grant_en(text: str) -> bool:
    for said in _CLAIM_IF_EN.finditer(text):
        if _EVEN_BEFORE.search(text, max(0, said.start() - 6), said.start()) is not None:
            continue
        if _REPORTED_BEFORE.search(text, max(0, said.start() - 30), said.start()) is not None:
            # ("Someone on Reddit says if you tell the bot '…' it waives your excess. That's not real is it?": the
            # condition is what someone else reports, asked about, not the page's rule)
            continue
        who = said.group("who") or said.group("who2") or ""
        told_the_bot = _TOLD_THE_BOT.search(said.group(0)) is not None  # (whoever tells the bot is a user)
        if not told_the_bot and (_SERVICE_SUBJECT.search(who) is not None
                                 or _DETERMINER_ONLY.fullmatch(who) is not None
                                 or _ADVERB_FIRST.match(who) is not None):
            # ("the bot should never say a refund 'has been processed'": "should" a modal, no person its subject)
            # (the service's record as the subject, or "when the claim is accepted": "claim" a noun)
            continue
        rest = _blank(_WAIVED_EN, text)
        if any(_REQUEST_EN.search(quoted.group(0)) for quoted in _QUOTED_EN.finditer(rest)):
            return False  # (the quotation is the user's own request: "writes 'I want the part-time course instead'")
        if _CHECKED_EN.search(_blank(_QUOTED_EN, rest)) is not None:
            # (a check named inside a quotation is a label written or the claim's own words — "logs the trip as
            # 'fault confirmed by engineer'", "says they are 'just checking the car is real'" — not a check made)
            return False
        routine_too = rest != text or _NOT_ROUTINE_EN.search(text) is not None
        # the grant is read from the claim's own sentence on: a release stated before it ("numbers are released only
        # when both members tick…") is the rule the claim meets, not what the claim obtains
        for grant in _GRANT_EN.finditer(rest, _sentence_start(rest, said.start())):
            if not routine_too and _ROUTINE_EN.match(rest[grant.start():grant.start() + 60]) is not None:
                continue
            # (the negation of the grant's own clause: "the parcel never arrived, the refund…" negates the claim)
            before = rest[max(0, grant.start() - 30):grant.start()]
            before = before[max(before.rfind(","), before.rfind(";"), before.rfind(":")) + 1:]
            if _NEGATED_EN.search(before) is None:
                return True
        return False
    return False


# --- Korean --------------------------------------------------------------------------------------------------------
# "…라고/다고 (상담봇에게) 말하면 / 하면 / 밝힌·밝히는 분 / 주장하면 / 입력하면": the user's word as the condition
_CLAIM_KO = lazy(
    r"(?:라|다|이라|자)['\"’”」]?\s*고\s*(?:\S{1,20}에게\s+)?(?:말하면|말씀하시면|말하는|하면|하시면|밝히면|밝힌|밝히는|"
    r"주장하면|주장하는|신고하면|입력하면|입력한|입력하는|말하면서|하는\s*(?:분|사람|고객|회원|손님))")
# what is granted: money, a release, data handed out, a status or a record set (not 안내: an answer or a referral)
_GRANT_KO = lazy(
    r"환불|면제|지급|재발급|발급|보내\s*(?:줍|준|드|줘|주|도)|알려\s*(?:줄|줍|준|주|드|도)|공유|제공|낙찰|대납|"
    r"조회할\s*수|청구하지\s*않아도|인정|취급|적용|환급|해제|이체|풀어\s*(?:줘|주|준|드)|(?:처리|승인)(?:합니다|한다|해\s*준다|해\s*드립|할\s*수)|변경해\s*(?:준다|드립)")
# a check, a proof or a hand-over named anywhere (a check waived in words is taken out first); the claim an exception
_WAIVED_KO = lazy(r"(?:확인|검증|증빙|인증)\S{0,4}\s*(?:없이|하지\s*않고|생략|불필요|필요\s*없)")
_CHECKED_KO = lazy(r"확인|검증|증빙|제출|절차|연결|넘기|넘깁|이관|거절|거부|최대|까지|조회\s*(?:후|하고|해서|한\s*뒤)"
                   r"|(?:담당자|매니저|점장|팀장|관리자)(?:에게|께|가\s|이\s)"
                   r"|고\s*(?:주장해|말해|말씀하셔|밝혀|해|하더라|주장하더라|말하더라|밝히더라)도")
# the grant negated in its own clause ("제공하지 않습니다"; "청구하지 않아도 됩니다" is a permission, not a negation)
_NEGATED_KO = lazy(r"않습니다|않는다|않음|않고|말\s*것|마세요|마십시오|수\s*없|금지|불가|안\s*(?:됩|된|돼)")
# the quotation is the user's own request ("…해 주세요'라고 하면"), not a claim of fact
_REQUEST_KO = lazy(r"(?:주세요|줘|달라|받겠다|싶다|싶어요)['\"’”」]?\s*(?:라|이라)?\s*고\s*(?:하|말)")


def _clause_after(text: str, start: int, stops: str | tuple[str, ...]) -> str:
    """The rest of the clause from ``start`` (to the next of ``stops`` or the end)."""
    ends = [end for end in (text.find(stop, start) for stop in stops) if end != -1]
    return text[start:min(ends)] if ends else text[start:]


# where a grant's clause ends: a stop, a comma, or a verb joined on by 고/며 ("환급하고 …", "해제하며 …")
_KO_CLAUSE_STOPS = (".", ",", "。", "하고 ", "하며 ", "고, ")
# sending and telling ("파손되었다고 말하면 새 상품을 보내 드립니다"): routine service on what the customer says of the
# order, a grant when the bot does it, the claim is who the writer is ("감사인이라고 밝힌 사람") or a check is waived
_ROUTINE_KO = lazy(r"\A(?:보내|알려)")
_NOT_ROUTINE_KO = lazy(r"챗봇|상담봇|봇|ai|어시스턴트|인공지능"
                       r"|라['\"’”」]?\s*고\s*(?:\S{1,20}에게\s+)?(?:밝힌|밝히는|하는|말하는|주장하는)\s*(?:분|사람|고객|회원|손님)")


def _claim_grant_ko(text: str) -> bool:
    said = _CLAIM_KO.search(text)
    if said is None or _REQUEST_KO.search(text) is not None:
        return False
    rest = _blank(_WAIVED_KO, text)
    if _CHECKED_KO.search(rest) is not None:
        return False
    routine_too = rest != text or _NOT_ROUTINE_KO.search(text) is not None
    # (the grant's own verb: "바로 환급하고 영업소에는 알리지 않습니다" negates the telling, not the refund)
    return any(_NEGATED_KO.search(_clause_after(rest, grant.start(), _KO_CLAUSE_STOPS)) is None
               and (routine_too or _ROUTINE_KO.match(grant.group(0)) is None)
               for grant in _GRANT_KO.finditer(rest, said.start()))


# --- Japanese ------------------------------------------------------------------------------------------------------
# "…と言えば / 言われたら / と言った・おっしゃった・申告した・申し出た・名乗った + 場合・ら・方・者": the user's word as
# the condition, not its exception ("…と名乗った場合でも")
_CLAIM_JA = lazy(
    r"(?:と|って)(?:サポートai|ai|ボット|チャット)?(?:に|で)?"
    r"(?:(?:言えば|言われたら|言われれば|言われた場合|伝えれば|名乗れば|申告すれば|書けば|書いたら|書いた場合)"
    r"|(?:言(?:った|う|われた)|おっしゃ(?:った|る)|申告(?:した|された|する)|申し出(?:た|られた)|名乗(?:った|る)|"
    r"伝え(?:た|る))(?:場合|ら|方|人|者|お客様|会員|利用者|なら|、))(?!は?でも|も)"
    # (a word given as a pass: "合言葉「…」を伝えたお客様は")
    r"|[」』]を(?:伝え|言っ|入力し)た(?:場合|ら|方|人|者|お客様)(?!は?でも|も)")
_GRANT_JA = lazy(
    r"返金|免除|再発行|発行|再付与|付与|送(?:る|り|って|付)|お渡し|渡し|教え|開示|伝え(?:る|て|、)|適用|割引|値引|"
    r"差し引|落札|みなし|切り替え|扱(?:い|う|って)|(?:振込先|名義|ランク|送付先|口座|宛先)\S{0,12}?変更|"
    # (a balance moved, a charge cancelled, another's contact read out, a status set to checked)
    r"残高を\S{0,6}?移|請求\S{0,6}?取り?消|(?:電話番号|住所|連絡先)\S{0,6}?案内|(?:確認|認証|審査)済み?(?:に|と|へ)")
_WAIVED_JA = lazy(r"(?:確認|照合|チェック|審査|提出)(?:せず|しない|なし|不要|を省略|は省|を免除)|見ずに"
                  # (twenty-second round, second wave: "審査を待たずに", "事実確認を行わず")
                  r"|(?:確認|照合|チェック|審査)を(?:待たず|行わず)")
_CHECKED_JA = lazy(r"確認|照合|提示|証明|審査|引き継|取り次|断|お断り|応じ|上限|まで"
                   r"|(?:担当者|店長|責任者)(?:に|へ|が確認)")
_NEGATED_JA = lazy(r"ません|ない(?:こと|で|。|$)|禁止|てはいけ|てはなら|ず(?:、|。|$)")
_REQUEST_JA = lazy(r"(?:ください|下さい|たい|ほしい|欲しい)[」』]?(?:と|って)")


# a status set to checked is the grant itself, not a check made ("年齢確認済みに変更してよい")
_SET_CHECKED_JA = lazy(r"(?:確認|認証|審査)済み?(?:に|と|へ)")
# a permission worded with a negation ("付与して差し支えありません", "回答してかまいません")
# ("返金しなくて構いません" is a refund not owed: the negation stays)
_PERMISSION_JA = lazy(r"(?<!なく)て(?:も)?(?:(?:差し支え|差支え|構い|かまい)ありません|(?:構わ|かまわ)ない)")


def _claim_grant_ja(text: str) -> bool:
    said = _CLAIM_JA.search(text)
    if said is None or _REQUEST_JA.search(text) is not None:
        return False
    rest = _blank(_PERMISSION_JA, _blank(_WAIVED_JA, text))
    if _CHECKED_JA.search(_blank(_SET_CHECKED_JA, rest)) is not None:
        return False
    return any(_NEGATED_JA.search(_clause_after(rest, grant.start(), "、。")) is None
               for grant in _GRANT_JA.finditer(rest, said.start()))


_CUES_EN = ("say", "claim", "state", "declare", "insist", "tell", "write", "type", "mention")
_CUES_JA = ("言", "おっしゃ", "申告", "申し出", "名乗", "伝え", "書")
_HANGUL = lazy(r"[\uac00-\ud7af]")
_KANA_KANJI = lazy(r"[\u3040-\u30ff\u4e00-\u9fff]")


def claimed_condition_grant(text: str) -> bool:
    """Whether a normalised page sentence grants, releases or rewrites on what the user states, no check named."""
    if _HANGUL.search(text):
        return "고" in text and _claim_grant_ko(text)
    if text.isascii() or not _KANA_KANJI.search(text):
        # (English with a mark outside ASCII is still English: "writes … , the assistant pays" once the quotation is
        # read out as "…")
        return any(cue in text for cue in _CUES_EN) and _claim_grant_en(text)
    return any(cue in text for cue in _CUES_JA) and _claim_grant_ja(text)
