"""Korean words and phrases of the first two versions: the same roles as ``lexicon_en``.

Overrides (지시를 무시), regardless-of-policy clauses (정책과 상관없이), standing orders (지금부터),
imperative endings, blanket grants (모든 환불을 승인), the AI as addressee (``_KO_AI``: AI, 챗봇,
언어 모델…) with a directive, role changes and the staff a handbook speaks to (상담원, 직원).
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

# Korean
_KO_TARGET = r"(?:지시|지침|명령|규칙|규정|정책|프롬프트|제한|한도|가이드라인|안내|설정|내용|약관)"
_KO_OVERRIDE = lazy(
    rf"{_KO_TARGET}(?:사항|문|들)?(?:\s*(?:같은\s*(?:거|건|것)|따위|이런\s*(?:거|건)|그런\s*(?:거|건)))?(?:\s*(?:을|를|은|는|도))?"
    r"(?:\s*(?:모두|전부|다|전혀))?(?:\s*(?:잠깐|잠시|일단|좀|그냥))?\s*"
    r"(?:무시|잊어|잊고|잊으|따르지\s*(?:말|마)|어기|위반하|우회|내려놓|제쳐\s*두|접어\s*두|폐기|삭제|리셋|초기화|"
    r"신경\s*(?:쓰지|끄|꺼|안\s*써))"
    r"|(?:지시|지침|명령|규칙|프롬프트)(?:사항|들)?(?:\s*(?:을|를|은|는))?(?:\s*(?:모두|전부|다))?\s*취소"
    rf"|{_KO_TARGET}\s*(?:같은\s*거|따위|이런\s*거|그런\s*거)(?:는|은)?\s*신경\s*(?:쓰지|끄고|꺼)|(?:위|앞|이전|기존)(?:의|에서)?\s*(?:모든\s*)?(?:내용|말|것)(?:을|를|은|는)?\s*(?:모두\s*)?무시")
# what follows an override that takes it back (newuser26 #5): a prohibition ("무시해서는 안 됩니다", "무시하면 안
# 돼"), a negation ("무시하지 마세요", not "무시하지 않으면 안 됩니다"), an override in a clause a prohibition closes
# ("무시하고 환불을 약속해서는 안 됩니다"), or a request to override that is refused ("무시해 달라는 요청에는 응하지
# 마십시오"): a limit on staff, not an order. Matched where the override ends; every gap is bounded.
_KO_OVERRIDE_HELD = lazy(
    r"(?:해|하)?\s?(?:서는|선|면)\s?안\s?(?:되|돼|됩|됨)"
    r"|(?:하|해)?지\s?(?:마|말|않(?!으면)|맙)"
    r"|(?:하|해)고\s[^.!?]{0,40}?(?:서는|선|면)\s?안\s?(?:되|돼|됩|됨)"
    r"|(?:해|하)?\s?(?:달라|주라|하라|라)는\s?(?:요청|요구|부탁|지시|말|메시지|문의)[^.!?]{0,40}?"
    r"(?:(?:응하|따르|들어주|수락하|받아들이)지\s?(?:마|말|않|맙|못)|(?:거절|거부)(?!하지\s?(?:마|말|않)))")
_KO_REGARDLESS = lazy(rf"{_KO_TARGET}(?:과|와|에|이|가)?\s*(?:상관\s*없이|관계\s*없이|무관하게|상관하지\s*말고|"
                            r"관계하지\s*않고)")
_KO_FROM_NOW = lazy(r"(?:지금부터|이제부터|앞으로는?|이후로는?)")
_KO_COMMAND = lazy(r"(?:하세요|하십시오|해라|하라|해야|할\s*것|하시오|해\s*주세요|해주세요|하도록|하고|"
                         r"합니다|말하|답하|대답|승인|허용|수락|무시)")
_KO_BLANKET = lazy(r"(?:모든|어떤|모두|전부|무조건|항상|요청하는\s*대로)\s*(?:\S{1,20}\s+){0,2}?\S{0,20}?"
                         r"(?:환불|요청|청구|반품|보상)"
                         r"(?:을|를|도|이든|이라도)?\s*(?:다\s*|모두\s*|전부\s*|무조건\s*|즉시\s*|바로\s*|곧바로\s*|자동으로\s*)?"
                         r"(?:승인|허용|수락|들어|처리해|해\s*주)"
                         r"|무조건\s*(?:승인|환불|허용|수락)")
_KO_AI = r"(?:AI|ai|인공\s*지능|챗봇|언어\s*모델|어시스턴트|봇|GPT|gpt|모델|가상\s*비서|자동\s*응답(?:\s*시스템)?)"
_KO_FEATURE = (r"(?:추천|기능|서비스|학습|검색|번역|기반|스피커|카메라|기술"
               r"|모드|설정|필터|사진|편집|요약|분석|알림|음성"
               r"|앱|어플|탑재|생성|자동화|도입|기술)")
_KO_AI_DIRECTIVE = lazy(
    # (the directive in a clause of its own after a reason — "챗봇은 …기억하지 않으므로 …다시 입력해 주세요" — is the
    # reader's to follow, not the bot's)
    rf"{_KO_AI}(?!\s*{_KO_FEATURE})(?:\s*(?:은|는|이|가|에게|께|님|야|아))?[\s,:]+(?:(?!므로|(?<!그러)니까|때문에).){{0,60}}?(?:해야|세요|십시오|해라|하라|할\s*것|하시오|"
    r"하도록|해\s*주세요|해주세요|말하세요|답하세요|무시|승인하|해\s*줘|줘야\s*(?:한다|합니다|함)|해\s*[.!]?\s*$)"
    rf"|{_KO_AI}\s*(?:로서|으로서)")
# what the bot said before, for a person of the service to look at: "아까 챗봇이 위약금 없다고 했는데 … 직원분이 확인해
# 주세요", "챗봇이 '…'라고 하던데, 담당자분 연락처 알려 주실 수 있나요?" — the AI is the subject of a reported clause
# (…했는데, …하던데), and the request that follows is addressed to a person: the order is not the AI's to follow
_KO_AI_REPORTED = lazy(
    rf"{_KO_AI}\s*(?:이|가)\s+.{{0,80}}?(?:는데|던데|더라고요|더라구요)"
    r"(?:(?!챗봇|봇에게|AI에게).){0,80}?(?:직원|담당자|상담원|상담사|사람|매니저|관리자)\S{0,2}\s*(?:분|님)")
_KO_ROLE = lazy(r"(?:너|당신|넌)\s*(?:은|는)?\s*(?:이제|지금부터|앞으로)"
                r"|(?:이제부터|이제|지금부터|앞으로|오늘부터)\s*(?:너|당신|넌)"
                r"\s*(?:은|는)?\s|(?<!의\s)(?<!의)(?:관리자|개발자|디버그|제한\s*없는)\s*모드(?!\s*(?:는|은|가)\s)|"
                r"(?:제한|규칙|규정|정책|한계|필터)\s*(?:이|가)?\s*없는\s*(?:AI|ai|어시스턴트|봇|챗봇|상담원|모델)|"
                      r"인\s*척|역할을\s*(?:바꿔|변경)|시스템\s*프롬프트|(?:지시|프롬프트)(?:사항)?(?:을|를)\s*(?:보여|출력|공개)")
_KO_VOCATIVE = lazy(r"^\W*+(?:(?:참고|메모|주의|중요|공지)\W*+)?(?:상담원|직원|에이전트|담당자|어시스턴트)"
                          r"\s*(?:에게|님|분들)?\s*[:,]")
