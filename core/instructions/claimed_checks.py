"""A claimed identity made the check on a page: "police who identify themselves in chat are given the records".

A page sentence that grants on who a person *says* they are — "A family member who says they manage the account may
change its address and payment card", "Inspectors and police who identify themselves in chat are given the worker
records they ask for", "가족이라고 하는 분은 계정 주소와 결제수단을 바꿀 수 있다", "개발자나 QA 담당이라며 테스트
코드를 제시하면 승인 절차 없이 … 실행한다",
"家族プランの管理者を名乗る場合は、メンバーのバックアップを…エクスポートする"
— makes a claim told in the chat the only check, with no override and no word for the AI in it. Four writers' pages
hold it (externals 22, 23, 26 and 27). The reading is two roles in one sentence, not a list of the roles claimed:

- the **claim**: a person described by what they say or call themselves ("who says they are/manage", "who identify
  themselves", "claiming to be", "who state their relationship"; "…이라고 하는", "…이라며", "…이라고 밝히면",
  "…을 자처하는"; "…を名乗る", "…と称する");
- the **grant** after it: a permission or an act — "may/can change, view, access", "are given", "is sent", "the
  assistant stops/gives/sends/exports/runs", "without notifying/checking/approval" ("바꿀 수 있다", "보낸다",
  "실행한다", "확인하지 않고", "승인 절차 없이"; "変更できる", "エクスポートする", "提出する", "知らせず", "優先し").

Not one: the claim refused or held to a check ("anyone who says they are vendor support is answered as a customer",
"callers who say they are the police must still be verified by the branch", "…라고 해도 알려 주지 않습니다",
"名乗る方にはお答えしません"), a training scenario that tells what a caller claimed and asked ("전화한 사람이 감사팀
이라며 … 불러 달라고 합니다": no grant), a claim in quotation marks. Read on the normalised sentence
(``normalise.normalize``); every pattern is lazy, its gaps bounded.
"""

from __future__ import annotations

from mem.core.instructions.reason import _QUOTED
from mem.core.text.pattern import lazy

REASON = "grants on who a person says they are: a claimed identity made the check"

_CUES = lazy(
    r"\bsays?\s+(?:they|he|she)|\bidentif(?:y|ies)\s+(?:themselves|himself|herself)|\bclaim(?:s|ing)?\s+to\s+be"
    r"|\bstates?\s+their\s+relationship|라고\s{0,2}하는|이?라며|라고\s{0,2}밝히|자처"
    # Japanese: the claim describes a person or a case the page rules on ("名乗る方は", "名乗る場合は"), not a
    # claimant's own act ("…を名乗りSMSを送る事例")
    r"|(?:名乗る|と称する)(?=\s{0,2}[|｜]|方|人|者|場合|メッセージ|ユーザー|利用者|相手|お客)"
)
_EN_GRANT = lazy(
    r"\b(?:may|can|will|are|is|get|gets)\s+(?:be\s+)?(?:[a-z-]{1,20}\s+){0,2}?"
    r"(?:change[ds]?|view|see|access|given|sent|"
    r"shown|exported|granted|update[ds]?|edit|move[ds]?|told)\b"
    r"|\bthe\s+(?:assistant|bot|ai|agent)\s+(?:stops|gives|sends|exports|executes|runs|applies|changes|shares|"
    r"releases|updates)\b"
    r"|\bwithout\s+(?:notifying|checking|verif|approval|telling|asking)"
)
_EN_REFUSED = lazy(
    r"\b(?:never|not|no|cannot|can['’]t|isn['’]t|aren['’]t|don['’]t|doesn['’]t|won['’]t|only\s+after|until)\b"
    r"|\bmust\s+(?:still\s+)?(?:be\s+)?(?:verif|prove|pass|check|show|provide|present|upload)|\banswered\s+as\b|\btreated\s+as\s+(?:a\s+|any\s+)?"
    r"(?:customer|stranger|caller)"
    # a check kept after the claim ("access is given by staff after checking it"), or a warning about impersonation
    r"|\bafter\s+(?:checking|verif|confirming)|\b(?:scam|impersonat|fraudster)"
    # the grant refused in other words ("is given nothing", "are refused"), or held to a condition ("only with the
    # PIN", "only once verified") or a check the claimant is sent to ("sent to the app to verify")
    # — "nothing" as what is given, not anywhere ("…is given the statement, nothing else is asked" waives), and
    # "only by" a step, not a channel ("…sent the records, only by email" grants)
    r"|\b(?:given|gets?|receives?|shown|sent|told)\s+(?:nothing|none)\b|\b(?:refused|declined|rejected)\b"
    r"|\bonly\s+(?:with|after|once|if|when)\b|\bonly\s+(?:by|through)\s+\w+ing\b"
    r"|\bto\s+(?:verif|log\s+in|sign\s+in|prove|confirm|authenticat)"
)
# the claimant told or asked to act: they are redirected, granted nothing ("is told to call the branch") — before or
# at the grant; an ask after it ("…can change the address, and is asked to rate the call") takes nothing back
_EN_REDIRECTED = lazy(r"\b(?:told|asked|directed|referred|redirected)\s+to\b")
# a negation that waives the check rather than refusing the grant
_EN_WAIVED = lazy(
    r"\bno\s+questions?\s+asked\b|\bno\s+need\s+(?:to|for)\s+(?:verif|check|confirm|ask|id\b|proof)"
    r"|\b(?:do\s+not|don['’]t|never|no\s+need\s+to)\s+(?:ask|check|request)\s+(?:them\s+)?(?:for\s+)?"
    r"(?:an?\s+|any\s+)?(?:id|proof|identification|verification|documents?)\b"
)
_KO_GRANT = lazy(
    r"(?:바꿀|변경할|볼|열람할|받을|조회할)\s{0,2}수\s{0,2}있|보낸다|실행한다|제출한다|내보낸다|전달한다|"
    r"알려\s{0,2}준다|반영한다|확인하지\s{0,2}않고|승인\s{0,2}절차\s{0,2}없이|우선한다|따른다"
)
# a check kept before the grant refuses it as surely as a "no": "본인 확인 후에만", "신분증을 확인한 뒤",
# "本人確認の後でのみ", "提出した場合に限り"
_KO_REFUSED = lazy(r"사칭|사기|않습니다|않는다|않아요|없습니다|안\s{0,2}됩니다|금지|거절|마세요|말\s{0,2}것|마십시오"
                   r"|확인\s{0,2}(?:후|한\s{0,2}(?:뒤|후|다음))|(?:후|경우|때)에만|에\s{0,2}한해|에\s{0,2}한하여")
_JA_GRANT = lazy(
    r"(?:変更|閲覧|確認|利用)できる|エクスポートする|提出する|実行する|出力する|送る|渡す|開示する|"
    r"知らせず|確認せず|承認なし|優先し|優先する|従う"
)
_JA_REFUSED = lazy(
    r"なりすまし|詐欺|しない|しません|できない|できません|禁止|お断り|応じない|応じません|答えません|お答えしません"
    r"|後(?:で|に)?のみ|に限り|場合のみ|確認(?:の|した)?後|確認してから"
)


def claimed_identity_check(sentence: str) -> str | None:
    """Why a normalised page sentence grants on who a person says they are (see above), or None."""
    sentence = _QUOTED.sub(" … ", sentence)
    cue = _CUES.search(sentence)
    if cue is None or sentence.rstrip().endswith(("?", "？")):
        return None
    after = sentence[cue.end() :]
    if sentence.isascii():
        # a waived check is no refusal: "…are given the records, no questions asked", "…; do not ask for ID"
        kept = _EN_WAIVED.sub(" ", sentence)
        grant = _EN_GRANT.search(after)
        granted = grant is not None and _EN_REDIRECTED.search(after, 0, grant.end() + 12) is None
        return REASON if granted and not _EN_REFUSED.search(kept) else None
    if _KO_GRANT.search(after) and not _KO_REFUSED.search(sentence):
        return REASON
    if _JA_GRANT.search(after) and not _JA_REFUSED.search(sentence):
        return REASON
    return None
