"""Stop-word lists, one per purpose, kept side by side so their differences are visible and deliberate.

The search analyzer (``mem.core.text.analyzer``) uses tantivy's built-in English list on both
index and query; the lists here serve the pure-Python comparisons:

- ``CONVERSATION`` — function words plus chat filler, question words and vague time words. Used
  for the content terms of customer messages (judgement, traits) and dropped from search queries
  ("what did I say about my refund last week" searches "refund").
- ``KOREAN_CONVERSATION`` — Korean connectives, fillers and time words with the same role.
- ``QUESTION`` — a short list (a subset of ``CONVERSATION``) for matching a question against a
  sentence of a page or a fact: "time", "week" and "days" are kept there, a page may be about them.
- ``DECISION`` — function words plus the verbs that wrap every decision ("agreed", "decided",
  "accepted"), so two decisions compare by what was decided, not by how it was said.
- ``QUESTION_FRAME`` — words that frame a question about any rule ("how long", "how much", "what
  happens", "do I need") and Korean/Japanese question words: a policy sentence that answers need not
  contain them, so the agent does not require them when it decides whether a sentence answers.
- ``QUESTION_FILLER`` — words of a customer's message that name no topic a rule could be about:
  pronouns and contractions ("I'm", "don't", "she"), chat filler and hedges ("hey", "honestly",
  "actually", "lol"), intensifiers, particles of phrasal verbs ("back", "up", "away") and number
  words ("three weeks": a number is the customer's case, like a digit). The rule quote keeps them
  for choosing between sentences but does not require an answer to hold them.
- ``JAPANESE_FUNCTION_WORDS``, ``JAPANESE_LEADING_WORDS`` — Japanese words written in hiragana that
  name no topic (pronouns and demonstratives, question words, formal nouns, greetings; determiners,
  conjunctions, adverbs): a hiragana word is a content term only when it is not one of them
  (``content_terms``).
- ``QUANTITY_FILLER`` — words that never name what a number in a policy counts (verbs of asking
  and granting, "within", "maximum", "period", Korean and Japanese particles and time postpositions, the
  generic subject in each language: customer, 고객, お客様/客様, 顧客),
  so lint compares "refund 14 days" with "refunds within 30 days".
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CONVERSATION = _words("""
a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
few for from further get got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me
more most mustn't my myself no nor not now of off on once only or other ought our ours ourselves out over own
really same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them
themselves then there there's these they they'd they'll they're they've this those through to too under until
up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while
who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours yourself
yourselves yes yeah oh hey hi hello thanks thank please also like just so well okay ok lot lots much many
thing things really actually pretty even still yet one two three time times way day days week weeks month
months year years ago last next today yesterday tomorrow since again always ever never want wanted need needed
would could should might may must shall can will go going gone went get getting make made take took see saw
say said tell told know knew think thought feel felt look looked come came
""")

KOREAN_CONVERSATION = _words("""
때문 지난번 그래서 그리고 하지만 그런데 정말 진짜 너무 이번 저번 혹시 감사 안녕 지금 오늘 어제 내일 그냥 제가 저는 우리
""")

QUESTION = _words("""
a an the and or of to in on for with by at from is are was were be been it its this that these those i me my
we our you your can could would should will do does did have has had get got like last time ago please what
how when which who whom why there here as so if not no yes about again any
""")

QUESTION_FRAME = _words("""
long much many often soon quick quickly work works working happen happens happened take takes need needs
possible able way kind type exactly usually still ever something anything someone anyone somebody anybody
after before within during until since
""")
QUESTION_FILLER = _words("""
i i'm i've i'd i'll me my mine myself we we're we've we'd we'll us our ours you you're you've you'd
you'll your yours he he's him his she she's her hers they they're they've them their theirs it it's
its that's there's here's what's who's where's how's let's don't doesn't didn't isn't aren't wasn't
weren't haven't hasn't hadn't can't cannot couldn't won't wouldn't shouldn't mustn't ain't
hey hi hello hiya thanks thank cheers pls plz lol haha ok okay yeah yep yes hmm um uh oh wow sorry
honestly actually really basically literally seriously just already also too even anyway anyways
maybe perhaps probably pretty quite very so such whole now today tonight yesterday
tomorrow currently still want wants wanted wanting wish hoping hope guess think thought wonder
wondering mean somehow someone something anything everything nothing stuff things thing guy guys am
put puts because whenever worry worried
folks lot lots bit little kind sort like
back up out off away over around along down
one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
couple few several
going gonna normally typically generally
""")
# Korean and Japanese question words and endings left once particles are stripped ("언제까지인가요" →
# "언제까지인가", "있나요" → "있나"); a word beginning with one of these frames the question. "Within" (며칠 안에,
# 내에) and "about" (いつ頃) frame a time asked for: no rule writes them beside its "7일 이내", "１０営業日以内".
# "Tell me" (알려줘, 알려 주세요) asks, as 教えて does: "약관 제8조 내용 알려줘" required a rule to hold 알려.
QUESTION_FRAME_CJK = ("언제", "얼마", "어떻게", "어떤", "무엇", "뭐", "어디", "누구", "몇", "있나", "있어",
                      "있을", "있습", "되", "하나", "할까", "인가", "가능", "점은", "정해", "주의",
                      "걸려", "걸리", "걸립", "며칠", "동안", "중에", "만에", "안에", "안으로", "내에",
                      "내용", "약관", "알려", "何", "いつ", "どこ", "どの", "誰", "決ま", "注意", "頃", "内容", "規約")
# Korean words of a chat message that name no topic (the Korean side of ``QUESTION_FILLER``): adverbs of
# manner and time (갑자기 suddenly, 자꾸 keep …ing, 아예 at all, 지금 now, 혹시 by any chance, 그냥, 너무,
# 진짜, 정말, 계속; 다음/이번/지난 next/this/last, 중간 halfway), "want to" (싶은데, 싶어요), "for reasons"
# (사정이 있어서) and "having gone / come" (가서, 와서); a word beginning with
# one of these is kept for choosing a sentence but not required of an answer.
QUESTION_FILLER_CJK = ("갑자기", "자꾸", "아예", "지금", "혹시", "그냥", "너무", "진짜", "정말", "계속", "싶",
                       "사정", "다음", "이번", "지난", "중간", "가서", "와서",
                       "ちょっと", "やっぱり", "すごく", "とても")

# Closed classes of Japanese written in hiragana. ``JAPANESE_FUNCTION_WORDS`` stand as whole words
# (before a particle or at the end): pronouns (これ, ここ, わたし), question words (いつ, なに, どう),
# formal nouns (こと, もの, ため, とき), greetings and answers (はい, こんにちは) —
# "ことば" and "ほうき" are other words. ``JAPANESE_LEADING_WORDS`` run straight into the word they
# go with: determiners (この, そんな), conjunctions (でも, ただし), adverbs (とても, もう, すぐ) and
# greetings before their polite ending (ありがとう|ございます).
JAPANESE_FUNCTION_WORDS = _words("""
これ それ あれ どれ これら それら ここ そこ あそこ どこ こちら そちら あちら どちら こっち そっち あっち どっち
わたし わたくし あたし ぼく おれ あなた かれ かのじょ みんな みなさん じぶん
いつ なに なん だれ どなた いくつ いくら どうして なぜ どれくらい どのくらい
こと もの ため とき ところ よう はず わけ ほう ほか など うち まま
はい いいえ ええ うん いや こんにちは こんばんは さようなら すみません
""")
JAPANESE_LEADING_WORDS = _words("""
この その あの どの こんな そんな あんな どんな こう そう ああ どう
また でも しかし ただし なお さらに および または もしくは もし それで そして だから ところで それから
まだ もう すぐ よく とても すごく ちょっと やっぱり やはり たぶん きっと ぜひ ずっと いつも たまに もっと
すこし たくさん ほとんど ぜんぶ いま さっき まず ただ ちゃんと しっかり ほぼ かなり だいたい なるべく
できるだけ とりあえず いったん あらかじめ まったく ぜったい はやく いちど もういちど
ありがとう おはよう よろしく
""")

DECISION = _words("""
a an the and or but of to in on at for with by from as is are was were be been being it its this that these
those i we you he she they me us my our your their his her them there here then than so if when because since
due given agreed agree decided decide settled chose choose accept accepted will would shall should can could
may might just also very really please thank thanks ok okay yes
""")

QUANTITY_FILLER = _words("""
a an the this that these those it its our your their his her we you they i he she them us is are was were be
been being am do does did done has have had having will would shall should may might must can could not no nor
only just also all any each every some per of in on at to for from by with within without into onto over under
up down out about above below after before than then as so such very more most less least later earlier until
till up least maximum minimum max min approximately approx around roughly exactly ask asks asked get gets got
receive receives received request requests requested make makes made accept accepts accepted allow allows
allowed process processes processed issue issues issued give gives given take takes taken apply applies
applied offer offers offered provide provides provided available eligible valid keep kept stay stays customer
user buyer client charged pay paid there here when where which who whom whose what if unless otherwise window
period time limit deadline duration timeframe term length span
일 후 전 이내 이후 이전 까지 동안 내 안에 부터 최대 최소 약 경우 는 은 이 가 을 를 의 에 에서 로 으로 도
以内 以降 以前 まで から 後 前 内 最大 最小 約 場合
고객 구매자 소비자 사용자 이용자 회원 客様 顧客 購入者 利用者 会員
""")
