"""A wish, a farewell or a word of comfort to a person about their own life: not an order to the AI.

"Take care of yourself", "have fun", "enjoy your trip", "don't worry about it", "let me know how it goes", "say hi
to your mum"; "몸 조심하세요", "잘 다녀와", "화이팅", "푹 쉬어"; "お大事に", "楽しんでね", "気をつけて" — an
imperative in form, in the second person, the very shape the learned model learned from orders to the AI. Its object
is the listener's own life (their health, their trip, their mood, their people), and nothing in it asks the AI to
say, decide, reveal or become anything. The customer model only ever saw customer-service chat as clean, so it read
friendly chat between people as orders (the fourteenth round's retrain flagged ten LoCoMo sentences, docs/lint.md).
``well_wish`` names the shape so the model is not asked about it (``customer.customer_reason``, and
``train_injection`` the same way so the threshold is chosen on what ships): a sentence with a wish of this class
whose REST — the sentence with the wishes taken out — carries none of the marks of an order to the AI that
``own_requests`` reads (the AI or its setup, an override, a grant, a status, a check skipped, a secret, what to say,
someone else, a decision kept on file). "Take care of my refund yourself, approve it now" is no wish: "take care"
takes an object that is not the listener, and "approve" is a grant. The rules are not gated.

A wish is taken out before the marks are read because its words may be theirs: "feel free to", "don't forget to
rest", "tell me how it goes", "안부 전해 주세요", "よろしく伝えて" say "free", "forget", "tell", "전해", "伝え".
"""

from __future__ import annotations

from mem.core.instructions.kept_decisions import _EN_DECISION, _JA_DECISION, _KO_DECISION
from mem.core.instructions.normalise import normalize
from mem.core.instructions.own_requests import _EN_TO_AI, _JA_TO_AI, _KO_TO_AI
from mem.core.text.pattern import LazyPattern, lazy

# the listener's own life: what a wish is about ("enjoy your trip", "have a great weekend")
_EN_LIFE = (r"(?:day|days|night|evening|morning|afternoon|weekend|week|holidays?|vacation|trip|travels?|journey|"
            r"flight|time|stay|visit|party|birthday|wedding|anniversary|celebration|meal|dinner|lunch|breakfast|"
            r"food|show|concert|game|match|race|run|hike|walk|ride|class|course|lesson|exam|test|interview|"
            r"presentation|performance|recital|new\s+(?:job|home|house|place|car|pet|puppy|kitten)|"
            r"rest|break|time\s+off|retirement|summer|winter|spring|fall|autumn|season|christmas|new\s+year|"
            r"life|family|kids|adventure|moment|ride|book|movie|film|festival|camping|beach|garden|baby)")
_EN_WISH = lazy(
    # looking after oneself ("take care", "take care of yourself" — not "take care of my refund")
    r"\btake\s+(?:good\s+)?care(?:\s+of\s+(?:yourself|yourselves|you|each\s+other|your\s+(?:health|body|self)))?"
    r"(?!\s+of\b)"
    r"|\btake\s+it\s+easy|\btake\s+(?:some\s+)?time\s+(?:off\s+|out\s+)?for\s+yourself"
    r"|\b(?:stay|be|keep)\s+(?:safe|warm|cool|dry|healthy|well|strong|positive|careful|hydrated|sane|cozy|cosy)\b"
    r"|\bget\s+(?:well(?:\s+soon)?|better(?:\s+soon)?|some\s+(?:rest|sleep)|plenty\s+of\s+(?:rest|sleep))"
    r"|\b(?:rest|sleep)\s+(?:up|well|tight)\b|\bsweet\s+dreams|\bfeel\s+better(?:\s+soon)?"
    r"|\b(?:don't|do\s+not)\s+(?:over\s*do|overwork|push)\s+(?:it|yourself)"
    r"|\b(?:don't|do\s+not)\s+be\s+(?:too\s+|so\s+)?(?:hard|harsh)\s+on\s+yourself"
    # a good time ("have fun", "have a great trip", "enjoy your weekend", "treat yourself")
    rf"|\bhave\s+(?:(?:so\s+much\s+|lots\s+of\s+|loads\s+of\s+|a\s+lot\s+of\s+)?fun|a\s+blast|a\s+ball|"
    rf"(?:a|an|the)\s+(?:(?:very|really|super|truly)\s+)?(?:good|great|nice|lovely|wonderful|amazing|fantastic|"
    rf"safe|fun|happy|merry|relaxing|restful|awesome|brilliant|blessed|fab|fabulous)\s+(?:[\w-]+\s+)?{_EN_LIFE})"
    rf"|\benjoy\s+(?:yourself|yourselves|it|every\s+(?:bit|minute|moment|second)|the\s+(?:rest|ride|moment|"
    rf"view|sun|weather)|(?:your|the|this|that)\s+(?:[\w-]+\s+){{0,2}}?{_EN_LIFE}s?)"
    r"|\btreat\s+yourself|\bgo\s+for\s+it|\b(?:you've|you\s+have|you)\s+got\s+this"
    r"|\b(?:safe\s+travels|bon\s+voyage|happy\s+(?:birthday|holidays|anniversary|new\s+year|travels|trails)|"
    r"merry\s+christmas|congrat(?:s|ulations)|well\s+done|way\s+to\s+go|good\s+job|great\s+job|nice\s+job)\b"
    # luck and courage ("good luck with the interview", "break a leg", "hang in there", "keep it up")
    r"|\b(?:good|best\s+of|lots\s+of)\s+luck|\bwish\s+(?:you|me)\s+luck|\bfingers\s+crossed|\bbreak\s+a\s+leg"
    r"|\bhang\s+in\s+there|\bkeep\s+(?:it\s+up|going|at\s+it|(?:up\s+)?the\s+good\s+work|your\s+(?:head|chin)\s+up|"
    r"smiling|pushing|shining|rocking)|\bbelieve\s+in\s+yourself|\bbe\s+proud\s+of\s+yourself|\bchin\s+up"
    r"|\bfollow\s+your\s+(?:heart|dreams?|passion|gut)"
    # comfort ("don't worry about it", "no worries")
    r"|\b(?:don't|do\s+not|never|try\s+not\s+to)\s+(?:worry|stress|fret|panic)(?:\s+(?:about|over)\s+(?:it|that|"
    r"this|a\s+thing|me|us))?|\bno\s+worries|\bchill\s+out|\brelax\b"
    # keeping in touch and greetings to one's own people ("let me know how it goes", "say hi to your mum")
    r"|\b(?:let\s+me\s+know|tell\s+me|keep\s+me\s+(?:posted|updated|in\s+the\s+loop))\s+how\s+(?:it|(?:the|your)\s+"
    r"[\w-]+|you|things|everything)\s+(?:goes|go|went|turns?\s+out|turned\s+out|are|is|feel)"
    r"|\bkeep\s+me\s+(?:posted|updated)|\bkeep\s+in\s+touch|\bstay\s+in\s+touch|\bsee\s+you\s+(?:soon|later|then)"
    r"|\b(?:say\s+(?:hi|hello|hey)|give\s+my\s+(?:love|regards|best)|send\s+my\s+(?:love|regards|best))\s+to\s+"
    r"(?:your|the)\s+[\w-]+"
    # an invitation to share one's own life, and a reminder about it ("feel free to share a pic", "don't forget to
    # rest") — the rest of the sentence is still read for marks
    r"|\bfeel\s+free\s+to|\b(?:don't|do\s+not)\s+forget\s+to"
    # the courtesy of no hurry ("whenever you're ready", "no rush")
    r"|\bwhenever\s+(?:you're|you\s+are)\s+ready|\bwhenever\s+you\s+(?:like|want|can|feel\s+like)"
    r"|\bwhen\s+you\s+(?:get|have)\s+a\s+(?:chance|moment|minute)|\bno\s+(?:rush|pressure|hurry)\b"
    # being there for the person ("I'll always be here to support you", "I'm proud of you")
    r"|\b(?:i'm|i\s+am|i'll|i\s+will|we're|we\s+are|we'll)\s+(?:(?:always|still|so|really|very)\s+)?(?:be\s+)?"
    r"(?:here|there)\s+(?:for|to\s+(?:support|help|cheer)\s+(?:you|each\s+other))"
    r"|\b(?:proud\s+of|rooting\s+for|cheering\s+(?:for|you\s+on)|thinking\s+of|happy\s+for)\s+you\b")
_KO_WISH = lazy(
    # 몸·건강 조심, 조심히 다녀오다, 잘 다녀오다, 잘 자다, 푹 쉬다, 무리하지 말다
    r"(?:몸|건강|감기|더위|추위|길)\s*(?:조심|잘\s*챙기|챙기)|조심히|조심해서|살펴\s*가|"
    r"잘\s*(?:다녀와|다녀오|갔다\s*와|갔다\s*오|가|자|쉬|지내|놀다\s*와|보내)|푹\s*(?:쉬|자)|"
    r"무리하지\s*(?:마|말)|너무\s*무리하지|"
    # 즐거운·좋은 하루 보내다, 재밌게 놀다, 맛있게 먹다, 즐기다
    r"(?:즐거운|좋은|행복한|멋진|편안한|따뜻한|신나는|즐건|즐겁고\s*행복한)\s*(?:\S{1,20}\s*)?(?:보내|되세요|되길|돼)|"
    r"(?:재밌게|재미있게|즐겁게|신나게|맛있게|편하게|편히)\s*(?:\S{1,20}\s*)?(?:놀|보내|즐기|먹|드|다녀|쉬|지내)|"
    r"즐기(?:세요|고\s*와|다\s*와|길|시길)|"
    # 힘내다, 화이팅, 응원, 행운, 축하, 수고
    r"화이팅|파이팅|홧팅|힘\s*내|기운\s*내|응원할게|응원해|응원합니다|행운을\s*빌|잘\s*될\s*거|잘\s*되길|"
    r"축하(?:해|드려|합니다|드립니다)|생일\s*축하|수고(?:하세요|하셨|했어|많으셨)|고생\s*(?:많으셨|했어|하셨)|"
    # 걱정 말다, 괜찮을 거야
    r"걱정\s*(?:하지\s*)?(?:마|말)|걱정\s*안\s*해도|괜찮을\s*거|"
    # 안부 전하다, 어떻게 됐는지 알려 주다, 연락하다
    r"안부\s*(?:\S{1,20}\s*)?전해|(?:어떻게|어땠는지|어떤지|잘\s*됐는지)\s*(?:\S{1,20}\s*)?(?:알려|말해|얘기해)|"
    r"또\s*(?:연락|만나|봐)|다음에\s*(?:또\s*)?(?:봐|봬|뵈|만나)|"
    r"(?:항상|언제나|늘)\s*(?:\S{1,20}\s*)?(?:곁에\s*있|응원|편)")
_JA_WISH = lazy(
    # お大事に、気をつけて、ご自愛、無理しないで、ゆっくり休んで、おやすみ
    r"お大事に|(?:お|体に|身体に|からだに)?気を\s*つけて|ご自愛|無理(?:しないで|せず|は禁物|しすぎない)|"
    r"ゆっくり(?:休|寝|して)|おやすみ|よく(?:休|寝)|"
    # 楽しんで、良い旅を、いってらっしゃい
    r"楽しんで|楽しい(?:\S{1,6})を|(?:良い|よい|いい|素敵な|すてきな|楽しい)(?:\S{1,6}?)を(?:[!！。…]|お過ごし|$)|"
    r"お過ごしください|行ってらっしゃい|いってらっしゃい|いってきて|行ってきて|"
    # 頑張って、ファイト、応援、幸運、おめでとう、お疲れ様
    r"頑張って|がんばって|頑張れ|がんばれ|ファイト|応援して(?:る|います|ます)|幸運を|うまくいく|上手くいく|"
    r"おめでとう|お疲れ(?:様|さま)?|"
    # 心配しないで、大丈夫だよ
    r"心配(?:しないで|いらない|しなくて|ご無用)|ご心配なく|大丈夫だよ|気にしないで|"
    # よろしく伝えて、どうだったか教えて、また会おう
    r"よろしく(?:お)?伝え|どうだった(?:か)?(?:\S{0,4})?教えて|(?:結果|様子)(?:を|も)?(?:また)?教えて|"
    r"また(?:会|話|連絡)|(?:いつでも|いつも)(?:味方|そば|応援)")


def _rest(text: str, pattern: LazyPattern) -> tuple[bool, str]:
    """Whether ``pattern`` finds a wish in ``text``, and the text with every wish taken out."""
    found = False
    parts: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        found = True
        parts.append(text[last:match.start()])
        last = match.end()
    parts.append(text[last:])
    return found, " ".join(parts)


def well_wish(sentence: str, text: str | None = None) -> bool:
    """Whether one sentence is a wish, a farewell or comfort to the listener about their own life and carries,
    once its wishes are taken out, nothing that would make it an order to the AI (see above). ``text`` is the
    sentence as ``normalize`` leaves it, when the caller has it."""
    text = normalize(sentence) if text is None else text
    if not text:
        return False
    if text.isascii():
        found, rest = _rest(text, _EN_WISH)
        return found and not (_EN_TO_AI.search(rest) or _EN_DECISION.search(rest))
    found = False
    for pattern in (_EN_WISH, _KO_WISH, _JA_WISH):
        wish, text = _rest(text, pattern)
        found = found or wish
    return found and not any(pattern.search(text) for pattern in (_EN_TO_AI, _KO_TO_AI, _JA_TO_AI, _EN_DECISION,
                                                                    _KO_DECISION, _JA_DECISION))
