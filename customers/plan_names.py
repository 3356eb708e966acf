"""Plan names the tier rules in ``slots`` did not read: a name of several words, a size or a length.

A plan, tariff or pass is often named by what it holds rather than by a known tier word: "the Basic 20GB mobile
plan", "your Personal 500 GB cloud backup plan", "the 2-person 3-meals-a-week plan", "our Heat Pump Saver tariff",
"헬스장 3개월 이용권", "12개월권", "6개월 PT 패키지", "베이직 36개월", "월 1회 정기배달", "ビジネス10TBプラン",
"朝刊だけの契約", "朝夕刊セットに切り替え". Unread, the plan a customer holds is no slot, and the plan the agent
later proposes and the customer agrees to ("Shall I switch you to the Family 2 TB plan?" – "yes") has nothing to
replace: both stay active and the old one may rank first. These rules are tried before the other tier rules
(``slots._RULES``), so a longer name is read whole ("ビジネス10TB", not "TB"); like every tier rule they are
guarded against a question for information, someone else's plan and the service's own words (``slots._GUARDED``).

Each word is read one way: a name word starts with a capital or a digit, a describing word between the name and the
plan noun is lower case ("mobile", "cloud backup"), so no run of words can be split two ways.
"""

from __future__ import annotations

from mem.core.text.pattern import LazyPattern, lazy

# the known tier words of slots._TIERS in Korean, for a tier named with its length ("베이직 36개월")
_KO_TIERS = r"엔터프라이즈|프리미엄|비즈니스|베이직|스탠다드|스탠더드|프로|라이트|패밀리|골드|실버|플래티넘"
# a lower case word between a plan's name and its noun describes the plan ("mobile", "cloud backup"); these words
# start another phrase ("Sarah about the plan")
_NOT_DESCRIBING = (r"(?:the|a|an|about|for|of|on|to|in|into|at|with|and|or|but|my|your|our|this|that|is|was|are|"
                   r"new|next|same|old|other|any|which|what)")
# the particle or end after a Korean plan noun
_KO_AFTER = r"(?=으로|로|을|를|이|가|은|는|이에요|예요|입니다|\s|[.,!?]|$)"

PLAN_NAME_RULES: list[tuple[str, LazyPattern]] = [
    # "the Basic 20GB mobile plan", "your Personal 500 GB cloud backup plan", "the 2-person 3-meals-a-week plan",
    # "our Heat Pump Saver tariff", "onto the Family 2 TB plan": capitalised or numbered name words, at most two lower
    # case words describing it, a plan noun
    ("tier", lazy(r"\b(?i:the|our|my|your) (?P<v>(?:[A-Z][\w-]*|\d[\w.-]*)(?: (?:[A-Z][\w-]*|\d[\w.-]*)){0,3})"
                  r"(?: (?!" + _NOT_DESCRIBING + r"\b)[a-z][a-z-]*){0,2} (?i:plan|tariff|package|bundle)\b")),
    # a pass or package by its length: "3개월 이용권", "12개월권", "6개월 PT 패키지", "10회권"
    ("tier", lazy(r"(?<![\d])(?P<v>\d+\s*(?:개월|회)(?:\s*[A-Za-z]{2,6})?)\s*(?:이용권|권|패키지)" + _KO_AFTER)),
    # a known tier with its length: "베이직 36개월로 할게요", "프리미엄 48개월 요금제"
    ("tier", lazy(r"(?P<v>(?:" + _KO_TIERS + r")\s*\d+\s*개월)")),
    # a delivery plan by how often it comes: "월 1회 정기배달", "격주 정기배송"
    ("tier", lazy(r"(?P<v>주\s*\d+\s*회|월\s*\d+\s*회|격주|매주|매달|매월)\s*정기\s*(?:배달|배송)")),
    # a plan by how often and how long, as a plan of that frequency ("2人前×週3回のプラン", "週2回30分のプランで")
    ("tier", lazy(r"(?<![\d])(?P<v>(?:週|月)\s*\d+\s*回(?:\s*\d+\s*分)?)の(?:プラン|コース)")),
    # a plan named with its size: "ビジネス10TBプラン", "スタンダード2TBプラン"
    ("tier", lazy(r"(?<![ァ-ヶー])(?P<v>[ァ-ヶー]{2,12}\s*\d+(?:\.\d+)?\s*[A-Za-z]{1,3})\s*(?:プラン|コース)")),
    # a contract for one thing only ("朝刊だけの契約"), and a set switched to ("朝夕刊セットに切り替え")
    ("tier", lazy(r"(?<![一-龯ァ-ヶー])(?P<v>[一-龯ァ-ヶー]{2,8}(?:だけ|のみ))の(?:契約|プラン|コース)"
                  r"|(?<![一-龯ァ-ヶー])(?P<v2>[一-龯ァ-ヶー]{2,8}セット)(?:に|へ)(?:ご|お)?(?:切り替|切替|変更|変え)")),
]
