"""A check waived on a page, beside what the check guards: "…; no identity check is needed" (twenty-ninth round).

A page, a know-how decision above all, may be written by whoever got it approved: the customers' own words, or an
agent's reply they drew out. A sentence that declares the service's check of *who is asking* unneeded — "identity
check waived", "the account holder's confirmation is not required for family members", "accept the customer's word
as verification", "본인 확인은 필요 없습니다", "本人確認は不要です", "aucune vérification d'identité n'est
nécessaire", "eine Identitätsprüfung ist nicht nötig" — hands the AI a grant on anyone's word, with no override and
no word for the AI in it. The reading is a structure of three roles, not a list of the review's wording:

- a **check**: a word for checking who someone is or that they may act — identity check, ID, verification,
  authentication, security questions, the holder's or owner's confirmation, consent or authorisation (본인 확인,
  인증, 신분증, 명의자 동의; 本人確認, 確認書類, 認証, 名義人の同意; vérification, pièce d'identité; Identitätsprüfung,
  Ausweis, Zustimmung des Inhabers);
- a **waiver** with the check as its object: not needed / required / necessary, no longer required, waived, skipped,
  optional, "no … needed", "accept … as verification", "their word is enough" (생략, 필요 없, 불필요, 면제, 안 해도;
  不要, 省略, 免除, 必要ありません, しなくても; n'est pas nécessaire, inutile, sans; nicht nötig, entfällt, ohne) — not
  one refused ("never waived", "we can't skip the check", "DON'T: accept a screenshot as proof of identity",
  "생략할 수 없습니다", "省略せずに") and not a question;
- **what the check guards**, in the waiver's sentence or a sentence beside it in the same paragraph: another
  person's data or account (a family member, someone on the holder's behalf, another customer), money moving (a
  refund, a payout, a transfer, a credit) or the account's control (its e-mail, phone, address, password or owner
  changed, a reset, an unlock).

The clean twin: a check waived for a harmless act — a receipt resent to the address on file, opening hours, prices,
a tracking status — guards nothing of the three, and a waiver sentence that names such an act is read alone (the
refund policy in the next sentence is not what it frees). A neighbouring sentence that keeps a check of its own
("Refunds need a verified account") is not what the waiver frees either.

English, Korean and Japanese as the rest of the detector; French and German for this one structure, because a
know-how decision keeps the customers' language (docs/lint.md). Read on the normalised sentence
(``normalise.normalize``); every pattern is lazy, its gaps bounded.
"""

from __future__ import annotations

from collections.abc import Sequence

from mem.core.instructions.reason import _QUOTED
from mem.core.text.pattern import LazyPattern, lazy

REASON = "waives the check of who is asking, beside what it guards"

# --- the check -------------------------------------------------------------------------------------------------------
_EN_CHECK = (
    r"(?:(?:identity|id|identification|photo\s+id|security|kyc|ownership|age|account|caller|customer)\s+"
    r"(?:checks?|verification|confirmation|questions?|proof)"
    r"|(?:proof|confirmation|evidence)\s+of\s+(?:identity|ownership|id|authority)"
    r"|(?:(?:account|card|policy|main)\s+)?(?:holder|owner)(?:['’]s|s['’]?)?\s+"
    r"(?:confirmation|consent|authori[sz]ation|approval|permission|signature|say-so)"
    r"|verification|authentication|two-factor|2fa|one-time\s+code|\bid\b"
    r"|verify(?:ing)?\s+(?:the\s+(?:customer|caller|requester)['’]s\s+|their\s+|his\s+|her\s+)?identity)"
)
_KO_CHECK = (
    r"(?:본인\s?(?:확인|인증)|신원\s?확인|신분\s?확인|신분증|보안\s?질문|(?:휴대폰|휴대전화|문자)\s?인증|인증\s?절차"
    r"|(?:명의자|계약자|가입자|소유자|예금주)\S{0,2}\s?(?:확인|동의|승인|허락)|위임장|동의서|확인\s?절차"
    r"|(?<![을를])(?<![을를]\s)확인)"
)
_JA_CHECK = (
    r"(?:本人確認|本人認証|ご?本人様?の(?:確認|同意)|身分証(?:明書)?|確認書類|認証|セキュリティ質問"
    r"|(?:名義人|契約者|口座名義人|所有者)(?:様)?の?(?:確認|同意|承諾|承認)|委任状|同意書|(?<!を)確認)"
)
_FR_CHECK = (
    r"(?:vérification|contrôle|justificatif|pièce|preuve)s?(?:\s+d['’]identité)?|authentification"
    r"|(?:confirmation|consentement|accord|autorisation)\s+du\s+titulaire"
)
_DE_CHECK = (
    r"(?:identitäts(?:prüfung|nachweis|kontrolle)|ausweis(?:kontrolle|prüfung)?|verifizierung|legitimation"
    r"|authentifizierung|(?:bestätigung|zustimmung|einwilligung|genehmigung)\s+des\s+(?:konto)?inhabers)"
)

# --- the waiver, with the check as its object --------------------------------------------------------------------
_EN_WAIVER = lazy(
    # "no identity check is needed", "identity check waived", "the holder's confirmation is not required"
    # (or set off by a colon or dash, "ID check: not required"; or "isn't needed", the same words contracted)
    rf"{_EN_CHECK}(?:\s+(?:step|process))?(?:\s{{1,3}}|\s{{0,3}}[:—–-]\s{{0,3}})(?:\w+\s+){{0,5}}?"
    r"(?:is\s+|are\s+|was\s+|can\s+be\s+|may\s+be\s+|(?=(?:is|are|was|were)n['’]?t\s))?(?:(?:is|are|was|were)n['’]?t\s+"
    r"(?:needed|required|necessary|mandatory)|"
    r"waived|skipped|optional|unnecessary|dispensed\s+with|omitted|not\s+(?:needed|required|necessary|mandatory)"
    r"|no\s+longer\s+(?:needed|required|necessary|mandatory)|never\s+(?:needed|required))\b"
    rf"|\bno\s+(?:\w+\s+)?{_EN_CHECK}\s+(?:is\s+|are\s+)?(?:needed|required|necessary)\b"
    # "refunds to family members do not require verification", "… need no ID check"
    rf"|\b(?:do(?:es)?\s+not|do(?:es)?n['’]?t)\s+require\s+(?:the\s+|any\s+|an?\s+)?(?:\w+\s+)?{_EN_CHECK}"
    rf"|\b(?:needs?|requires?)\s+no\s+(?:\w+\s+)?{_EN_CHECK}"
    rf"|\b(?:skip|waive|omit|drop|bypass|forgo|dispense\s+with)\s+(?:the\s+|any\s+|an?\s+)?(?:\w+\s+)?{_EN_CHECK}"
    rf"|\bwithout\s+(?:the\s+|any\s+|an?\s+)?(?:\w+\s+)?{_EN_CHECK}"
    r"|\b(?:no\s+need|need\s+not|do(?:es)?\s*n['’]?t\s+(?:need|have(?=\s+to\s))"
    r"|do(?:es)?\s+not\s+(?:need|have(?=\s+to\s))"
    r"|(?:do\s+not|don['’]?t|never|must\s+not|should\s+not)\s+"
    r"(?:ask|request))\s+(?:to\s+|for\s+)?(?:(?:the\s+|any\s+|an?\s+)?(?:\w+\s+)?"
    rf"(?:{_EN_CHECK}|proof|documents?)|verify|be\s+verified|check\s+(?:their\s+|the\s+)?id)"
    r"|\baccept\s+(?:\S+\s+){0,5}?as\s+(?:(?:\w+\s+)?(?:verification|proof|confirmation|consent|authori[sz]ation|"
    r"identification|id)|verified)\b"
    r"|\b(?:customer|caller|requester|their|his|her)['’]?s?\s+word\s+(?:is|counts\s+as)\s+(?:enough|sufficient|"
    r"verification|proof)\b"
)
# a waiver refused or asked about, in the words just before it ("we can't skip", "DON'T: accept", "never waived")
_EN_REFUSED = lazy(
    r"(?:\b(?:never|not|cannot|can['’]?t|won['’]?t|don['’]?t|do\s+not|must\s+not|may\s+not|no\s+one|nobody"
    r"|(?:is|are|was|were)n['’]?t)\b"
    r"\W{0,3}(?:\w+\W{1,3}){0,3}$)"
)
# the waiver refused inside its own words: "the holder's consent is never waived", "… may not be skipped"
_EN_REFUSED_INSIDE = lazy(
    r"\b(?:never|cannot|can['’]?t|must\s+not|may\s+not|won['’]?t|shall\s+not|not\s+to\s+be)\s+(?:be\s+)?"
    r"(?:waived|skipped|omitted|dispensed|optional|unnecessary)"
)
# the act the waiver stands in refused earlier in its clause: "the assistant must never read out … without verification"
_EN_NEGATED_CLAUSE = lazy(
    r"\b(?:never|cannot|can['’]?t|won['’]?t|don['’]?t|do\s+not|must\s+not|may\s+not|should\s+not|no\s+one|nobody"
    r"|(?:is|are|was|were)n['’]?t\s+(?:possible|allowed|permitted))\b"
)
_CLAUSE_BREAK = lazy(r"[;:,.!?]")
_EN_KEPT_AFTER = lazy(r"^\W{0,3}(?:\w+\s+){0,2}?(?:unless|until|except|only\s+(?:if|when|after))\b")
_KO_WAIVER = lazy(
    rf"{_KO_CHECK}(?:은|는|을|를|도|이|가)?\s{{0,2}}(?:(?:굳이|따로|별도로?|더\s?이상|이제)\s{{0,2}})?"
    r"(?:생략|면제|필요\s?(?:없|x|하지\s?않)|불필요|(?:안|하지\s?않아도|받지\s?않아도|거치지\s?않아도)\s?(?:해도|하셔도|돼|되|됩)"
    r"|없이도|없어도|없이(?!는))"
)
_KO_REFUSED = lazy(
    r"생략\s?(?:할\s?수\s?(?:없|는\s?없)|없이|불가|하지\s?(?:마|말|않)|은\s?(?:안|불가)|금지|하면\s?안)"
    r"|면제\s?(?:불가|되지|하지|할\s?수\s?없)|없이는|(?:안\s?됩니다|안\s?돼요|불가합니다|금지합니다|하지\s?마세요)"
    r"|(?:할|드릴|줄|받을)\s?수\s?(?:없|는\s?없)|(?:일|경우)(?:은|는)\s?(?:없|절대)|(?<!필요)(?:하|드리|보내|처리하)지\s?(?:않습니다|않아요|않음)"
)
_JA_WAIVER = lazy(
    rf"{_JA_CHECK}(?:は|も|を|の)?(?:特に|一切|もう|今後は)?"
    r"(?:不要|省略|免除|必要(?:は|が)?(?:ない|ありません|ございません)|しなくて(?:も)?|なしで|なしでも|せずに|なくても"
    r"|いらない|いりません|要りません)"
)
_JA_REFUSED = lazy(
    r"省略(?:せず|しない|でき(?:ません|ない)|は(?:できません|不可|しません|いたしません)|不可|禁止)"
    r"|免除(?:不可|でき(?:ません|ない)|しません)|(?:しないでください|できません|いたしません|不可です|禁止です|なしでは)"
    r"|ことは(?:ありません|ない|ございません|一切)"
)
_FR_WAIVER = lazy(
    rf"(?:{_FR_CHECK})\s+(?:\S+\s+){{0,2}}?(?:n['’]est|ne\s+sont|n['’]étant)\s+(?:pas|plus)\s+(?:nécessaire|requis|"
    r"obligatoire|exigé)|(?:{_FR_CHECK})\s+(?:\S+\s+){{0,2}}?(?:est\s+)?(?:inutile|facultati|superflu)"
    rf"|\b(?:aucune?|sans|pas\s+besoin\s+d['’]e?\s?(?:une?\s+)?|dispens\w*\s+d[e'’]\s?)\s*(?:(?:la|le|les|l['’]|une?)\s*)?(?:{_FR_CHECK})"
    r"|\baccepter\s+(?:\S+\s+){0,5}?comme\s+(?:vérification|preuve|justificatif|confirmation)"
)
_FR_REFUSED = lazy(r"\b(?:jamais|toujours|obligatoire|ne\s+peut|ne\s+doit|interdit|ne\s+pas\s+accepter)\b")
_DE_WAIVER = lazy(
    rf"(?:{_DE_CHECK})\s+(?:\S+\s+){{0,3}}?(?:nicht\s+(?:mehr\s+)?(?:nötig|notwendig|erforderlich)|entfällt|überflüssig"
    r"|optional|verzichtet)"
    rf"|\b(?:keine?n?|ohne|auf\s+(?:die|eine)|verzicht\w*\s+auf\s+(?:die|eine)?)\s+(?:{_DE_CHECK})"
    r"|\bals\s+(?:nachweis|bestätigung|verifizierung)\s+akzeptier"
)
_DE_REFUSED = lazy(r"\b(?:niemals|nie|immer|stets|pflicht|darf\s+nicht|dürfen\s+nicht|verboten|nicht\s+ohne)\b")

# --- what the check guards ----------------------------------------------------------------------------------------
_EN_GUARDED = lazy(
    # money moving
    r"\b(?:refund\w*|reimburs\w*|pay\s?outs?|withdraw\w*|compensat\w*|cash\s?back|credit(?:s|ed)?\s+(?:to|the|of)"
    r"|(?:money|fund|funds|balance|bank)\s+transfer|transfer\s+(?:the\s+)?(?:money|funds|balance|ownership|account)"
    r"|payment\s+(?:method|details|card)|bank\s+(?:details|account)|gift\s?cards?|vouchers?"
    # another person
    r"|family\s+members?|relatives?|spouses?|husband|wife|parents?|son|daughter|child(?:ren)?|someone\s+else"
    r"|another\s+(?:person|customer|member|user|account)|other\s+(?:people|customers|members)|third\s+part(?:y|ies)"
    r"|on\s+(?:\w+['’]?s?\s+)?behalf|the\s+recipient['’]?s?|any\s+parcel|friends?"
    # the account's control
    r"|(?:change|changes|changing|update|updating|reset|resetting|replace|edit|switch|add|adding|remove|unlock|"
    r"unlocking|close|closing|transfer|port|swap)\s+(?:\w+\s+){0,3}?(?:e-?mail|phone|number|address|password|pin|"
    r"owner|holder|account|sim|login|user|contact)"
    r"|password\s+resets?|sim\s+swaps?|port-?outs?|account\s+(?:access|recovery|closure|takeover|details|balance|"
    r"history)|unlock\w*"
    # personal data handed out
    r"|(?:read\s+out|disclose|share|give\s+out|reveal|hand\s+over)\s+(?:\w+\s+){0,3}?(?:details|records?|history|"
    r"address|balance|data|information|statements?|parcels?))\b"
)
_KO_GUARDED = lazy(
    r"환불|환급|송금|이체|출금|보상|캐시백|결제\s?수단|계좌|예금|가족|배우자|남편|아내|부모|자녀|대리|대신\s?(?:요청|신청)"
    r"|타인|다른\s?(?:사람|고객|분|회원)|제3자|명의\s?변경|비밀번호|계정|로그인|잠금\s?해제|해지|개인\s?정보"
    r"|(?:주소|연락처|번호|이메일|메일|명의|소유자)\S{0,3}\s?(?:변경|바꿔|수정|재설정|초기화)|(?:이용|결제|거래|진료)\s?내역"
)
_JA_GUARDED = lazy(
    r"返金|払い?戻し|送金|振込|振り込|出金|補償|口座|支払(?:い)?方法|家族|配偶者|ご主人|奥様|ご両親|お子様|代理"
    r"|他人|他の(?:お客様|方|会員)|第三者|名義変更|パスワード|アカウント|ログイン|ロック解除|解約|個人情報"
    r"|(?:住所|連絡先|電話番号|メールアドレス|名義|所有者)\S{0,3}(?:変更|書き換え|再設定)|(?:利用|購入|取引|診療)履歴"
)
_FR_GUARDED = lazy(
    r"\b(?:rembours\w*|virement|versement|paiement|avoir|famille|familial|conjoint|au\s+nom\s+d|autre\s+personne|tiers"
    r"|mot\s+de\s+passe|réinitialis\w*|débloqu\w*|compte|(?:changer|modifier|changement)\s+(?:\S+\s+){0,2}?"
    r"(?:adresse|e-?mail|numéro|titulaire))\b"
)
_DE_GUARDED = lazy(
    r"(?:erstatt\w*|rückerstattung|überweis\w*|auszahl\w*|gutschrift|familie\w*|angehörige\w*|ehepartner\w*|im\s+namen"
    r"|dritte\w*|passwort|zurücksetz\w*|entsperr\w*|konto|(?:adresse|e-?mail|telefonnummer|inhaber)\w*\s+(?:\S+\s+)?"
    r"änder\w*)"
)
# a harmless act: a waiver sentence that names one is read alone, not with its neighbours
_HARMLESS = lazy(
    r"\b(?:receipts?|invoice\s+cop(?:y|ies)|opening\s+hours|hours|public|brochures?|price\s+lists?|prices|directions"
    r"|tracking|faq|newsletter|reçu|horaires|quittung|öffnungszeiten)\b"
    r"|영수증|영업\s?시간|운영\s?시간|공개|가격표|배송\s?조회|오시는\s?길|領収書|営業時間|公開|料金表|配送状況|アクセス"
)
# a sentence that keeps a check of its own ("Refunds need a verified account"): not what a waiver beside it frees
_KEEPS_CHECK = lazy(
    r"\b(?:verified|required|must|need|needs|only\s+(?:after|if|when|once))\b|필수|필요합니다|후에만|경우에만|必須|必要です|場合のみ"
    r"|後のみ|requis|obligatoire|erforderlich|nur\s+nach"
)
_CUES = lazy(
    r"waiv|skip|optional|unnecessary|dispens|omit|not\s+(?:needed|required|necessary|mandatory)|no\s+longer|without"
    r"|no\s+need|need\s*n|n['’]?t\s+(?:need|have|require)|not\s+(?:need|have|require)|(?:needs?|requires?)\s+no\s"
    r"|n['’]?t\s+(?:needed|required|necessary|mandatory)"
    r"|accept|word\s+(?:is|counts)|(?:ask|request)\s+for|\bno\s|bypass|forgo|drop"
    r"|생략|면제|필요|불필요|안\s?해도|않아도|없이|없어도|不要|省略|免除|必要|しなくて|なしで|せずに|なくても|いら|要りません"
    r"|nécessaire|requis|inutile|facultati|superflu|aucun|sans|besoin|dispens|accepter"
    r"|nötig|notwendig|erforderlich|entfällt|überflüssig|verzicht|kein|ohne|akzeptier"
)

_READINGS = (
    (_EN_WAIVER, _EN_REFUSED, _EN_GUARDED),
    (_KO_WAIVER, _KO_REFUSED, _KO_GUARDED),
    (_JA_WAIVER, _JA_REFUSED, _JA_GUARDED),
    (_FR_WAIVER, _FR_REFUSED, _FR_GUARDED),
    (_DE_WAIVER, _DE_REFUSED, _DE_GUARDED),
)


def waiver_cue(sentence: str) -> bool:
    """Whether a normalised sentence holds a word a waiver needs (the cheap gate: most sentences hold none)."""
    return _CUES.search(sentence) is not None


def waived_page_check(sentence: str, beside: Sequence[str] = ()) -> str | None:
    """Why a normalised page sentence waives a check of who is asking beside what the check guards (see above), or
    None. ``beside``: the normalised sentences next to it in its paragraph, read for what the check guards."""
    if not _CUES.search(sentence) or sentence.rstrip().endswith(("?", "？")):
        return None
    # a waiver in quotation marks is reported ("scammers write 'skip the ID check'"), not said by the page
    sentence = _QUOTED.sub(" … ", sentence)
    beside = [_QUOTED.sub(" … ", other) for other in beside]
    for waiver, refused, guarded in _READINGS:
        if not _waived(sentence, waiver, refused):
            continue
        if guarded.search(sentence):
            return REASON
        if _HARMLESS.search(sentence):
            return None  # "resend the receipt to the e-mail on file; no ID check is needed": read alone
        if any(guarded.search(other) and not _keeps_check(other) for other in beside):
            return REASON
    return None


def _waived(sentence: str, waiver: LazyPattern, refused: LazyPattern) -> bool:
    """Whether a waiver of the check stands in the sentence, not refused (English: in the words before it, or held
    to a condition after it; the other languages: anywhere in the sentence)."""
    if waiver.search(sentence) is None:
        return False
    if waiver is _EN_WAIVER:
        return any(
            not _EN_REFUSED.search(sentence[max(0, match.start() - 40) : match.start()])
            and not _EN_NEGATED_CLAUSE.search(
                _CLAUSE_BREAK.split(sentence[max(0, match.start() - 200) : match.start()])[-1]
            )
            and not _EN_REFUSED_INSIDE.search(match.group(0))
            and not _EN_KEPT_AFTER.search(sentence[match.end() : match.end() + 40])
            for match in _EN_WAIVER.finditer(sentence)
        )
    return not refused.search(sentence)


def _keeps_check(sentence: str) -> bool:
    """Whether a sentence keeps a check of its own and waives none (a neighbour a waiver does not free)."""
    return bool(_KEEPS_CHECK.search(sentence)) and not any(
        waiver.search(sentence) for waiver, _refused, _guarded in _READINGS
    )
