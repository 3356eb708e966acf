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
    # a plan's name that ends with its number, before the plan noun ("SIMのみ12ヶ月プラン", "光ファイバー1ギガプラン",
    # "Fibre 150プラン"): read whole, the name was "ギガ", "150プラン" or nothing (newuser31 #11)
    ("tier", lazy(r"(?<![A-Za-z0-9ァ-ヶー一-龯])"
                  r"(?P<v>(?:[A-Za-z][A-Za-z-]{1,11} ?|[ァ-ヶー]{2,12}|[一-龯]{1,6}|のみ|だけ){1,4}"
                  r"\d+(?:\.\d+)? ?(?:GB|TB|G|ギガ|ヶ月|か月|カ月|Mbps|M)?) ?(?:プラン|コース)"
                  r"(?=に|へ|で|を|が|は|です|、|。|$)")),
    # a plan named with its size: "ビジネス10TBプラン", "スタンダード2TBプラン"
    ("tier", lazy(r"(?<![ァ-ヶー])(?P<v>[ァ-ヶー]{2,12}\s*\d+(?:\.\d+)?\s*[A-Za-z]{1,3})\s*(?:プラン|コース)")),
    # a contract for one thing only ("朝刊だけの契約"), and a set switched to ("朝夕刊セットに切り替え")
    ("tier", lazy(r"(?<![一-龯ァ-ヶー])(?P<v>[一-龯ァ-ヶー]{2,8}(?:だけ|のみ))の(?:契約|プラン|コース)"
                  r"|(?<![一-龯ァ-ヶー])(?P<v2>[一-龯ァ-ヶー]{2,8}セット)(?:に|へ)(?:ご|お)?(?:切り替|切替|変更|変え)")),
]

# -- a plan chosen, taken, switched to or held, named with its plan noun ------------------------------------------
# "I'll go for the family plan", "I'd prefer the annual digital-only option", "I'm on the quarterly print
# subscription", "주차 정기권 평일 주간권으로 할게요", "주말반 등록할게요", "종이+디지털 패키지로 정기구독 중입니다",
# 「ベーシック区画（10㎡）で申し込みます」, 「減量プラン（週10食）を利用中です」. Tried after every other tier rule
# (``slots._RULES``), so a plan another rule reads is read as before; guarded like every tier rule (a question, a
# friend's plan, the service's own words). The plan is read with its noun ("family plan"): lower case names are
# common ("the basic monthly tank clean"), and the noun is what says a plan is meant at all.

# what names no plan of the service's: "the right plan", "the cheapest option", "the same package"
_NO_PLAN_NAME = (r"(?:right|wrong|best|same|correct|cheapest|cheaper|better|worst|new|next|other|current|old|"
                 r"different|whole|first|only|what|which|this|that|any|every|extra|more|most|usual)")
# the plan nouns of English, each a whole word
_EN_PLAN_NOUN = r"(?:membership|subscription|option|package|tariff|plan|tier|bundle|pass|contract)"
# choosing, taking or switching to a plan, and being on one
_EN_TAKES = (r"(?:(?:i'm|i am|im|we're|we are) (?:(?:now|currently|still|already) )?on"
             r"|(?:i'd|i would|we'd|we would) (?:like|prefer|rather have|go for|go with|take)"
             # "I'd like to switch to the annual plan please" (newuser32 #7)
             r"|(?:i'd|i would|we'd|we would) (?:like|prefer|want) to (?:switch|move|change|go) (?:over )?to"
             r"|(?:i'll|i will|we'll|we will|let's|let me) (?:just )?(?:go for|go with|take|have|choose|pick|get|"
             r"stick with|switch to|move to|sign up for|try)"
             r"|(?:i want|we want|i'm going for|i'm taking|i've chosen|i chose|i picked|i took)"
             r"|(?:sign|put|move|switch) (?:me|us) (?:up for|on|onto|to|over to))")
# the Korean plan nouns, each ending a name's word ("주간권", "주말반", "30분 코스", "종이+디지털 패키지")
_KO_PLAN_NOUN = r"(?:권|(?<!절)반|코스|요금제|플랜|패키지|상품|멤버십)"
_KO_WORD = r"[가-힣A-Za-z0-9+]{1,10}"
# not a plan's name: a pointing word, "the other", "the current"
_KO_NO_NAME = r"(?:이|그|저|이런|그런|다른|같은|어떤|무슨|새|기존|지금|현재|제|저희|우리|이번|다음|절|한|두|세)"
_JA_PLAN_NOUN = r"(?:プラン|コース|区画|会員|パック)"
_JA_NO_NAME = (r"(?:料金|契約|現在|今の|新しい|新|旧|別の|他の|同じ|各|全|次の|どの|この|その|あの|お得な|安い|高い|"
               r"おすすめの|おすすめ)")

PLAN_CHOSEN_RULES: list[tuple[str, LazyPattern]] = [
    ("tier", lazy(r"\b(?i:" + _EN_TAKES + r") (?i:the|your|our|my) (?!(?i:" + _NO_PLAN_NAME + r")\b)"
                  r"(?P<v>(?:[\w&+-]{1,20} ){1,3}?(?i:" + _EN_PLAN_NOUN + r"))\b")),
    # Korean: the plan chosen, signed up for or registered ("…으로 할게요", "… 신청할게요", "…로 부탁드립니다"), or
    # held ("… 쓰고 있어요", "…로 정기구독 중입니다")
    ("tier", lazy(r"(?<![가-힣A-Za-z0-9+])(?<!다음\s)(?<!이번\s)(?!" + _KO_NO_NAME + r"\s)"
                  r"(?P<v>(?:" + _KO_WORD + r"\s){0,3}" + _KO_WORD + _KO_PLAN_NOUN
                  + r"|(?:" + _KO_WORD + r"\s){1,3}" + _KO_PLAN_NOUN
                  # a known tier and the service's word for what it covers: "베이직 케어로 가입할게요"
                  + r"|(?:" + _KO_TIERS + r")\s?[가-힣]{1,6})"
                  r"(?:으로|로|을|를)?\s?(?:(?:할게요|할께요|할래요|하겠습니다|부탁드립니다|부탁드려요|부탁해요|"
                  r"해\s?주세요|주세요)"
                  r"|(?:신청|등록|가입)(?:할게요|할께요|합니다|하겠습니다|하려고|해\s?주세요)|끊을게요|끊으려고"
                  r"|(?:쓰고|이용하고|사용하고|구독하고)\s?있|(?:이용|사용|정기구독|구독|가입)\s?중)")),
    # Japanese: 「ベーシック区画（10㎡）で申し込みます」「年間プランにします」「減量プラン（週10食）を利用中です」
    ("tier", lazy(r"(?<![一-龯ァ-ヶーA-Za-z0-9.])(?!" + _JA_NO_NAME + _JA_PLAN_NOUN + r")"
                  r"(?P<v>[一-龯ァ-ヶーA-Za-z0-9.]{1,10}" + _JA_PLAN_NOUN + r"(?:[（(][^）)\n]{1,20}[）)])?)"
                  r"(?:で|に|を)(?:申し込み|申込み|お願いします|お願いしたい|契約し|します|したいです|"
                  r"利用中|契約中|加入中|使っています|使ってます|入ってます|入っています|利用しています)")),
]
