"""What a customer's sentence is: its fact kind, whether it retracts something, whether it is sensitive.

The deterministic engine reads sentences with small, explicit phrase lists per language (en / ko / ja),
so its decisions can be explained and tested. ``classify`` returns one of the fact kinds
(``event``, ``decision``, ``attribute``, ``preference``, ``request``) or ``None`` for small talk
that is not worth a fact (greetings, thanks, bare questions to the agent, one-word answers).

Agreement (the service is a party): a customer sentence classified ``request`` or ``decision``
followed, in the next agent turn, by a confirmation (``confirms``) becomes a ``decision`` fact with
``agreement=True``; the pipeline does that pairing, this module only reads single sentences.
"""

from __future__ import annotations

import re

from mem.core.text import other_language
from mem.core.text.language import detect_language
from mem.core.text.other_language import reads_as_other_language
from mem.core.text.pattern import LazyPattern, lazy
from mem.core.text.sensitive import CATEGORIES
from mem.core.text.sensitive import sensitive_category as _sensitive_category
from mem.customers.service_questions import without_the_question_s_verb

# the sensitive-topic word classes live in mem.core.text.sensitive (the server and lint read them too)
SENSITIVE_CATEGORIES = CATEGORIES


def _words(*phrases: str) -> LazyPattern:
    """English phrases as one case-insensitive pattern with word boundaries."""
    return lazy(r"\b(?:" + "|".join(phrases) + r")\b", re.I)


def _any(*fragments: str) -> LazyPattern:
    """Korean/Japanese fragments (no word boundaries in those scripts)."""
    return lazy("|".join(fragments))


# the Hangul syllables ending in ㄹ: a promise ("…ㄹ게"), "…ㄹ 수 있나요"
_RIEUL_FINAL = "[" + "".join(chr(0xAC00 + (lead * 21 + vowel) * 28 + 8) for lead in range(19) for vowel in range(21)) \
    + "]"


# the service as the subject of what it agreed or promised: "you", "your agent (Paul)", "the support team"
_SERVICE_EN = (r"(?:you|your (?:\w+ )?(?:agent|rep|representative|colleague|staff|support|team|manager|supervisor|"
               r"store|company|shop|office)|(?:the|an|another|one of your) (?:support |customer service |sales )?"
               r"(?:agent|rep|representative|operator|manager|supervisor)|customer (?:service|support)(?: team)?)")


_KIND_RULES: dict[str, list[tuple[str, LazyPattern]]] = {
    "en": [
        ("decision", _words(
            r"(?:we|i) (?:agreed|decided|settled|chose|have decided|'ve decided)", r"agreed to", r"it's a deal",
            r"deal", r"let's go with", r"(?:^|(?:ok(?:ay)?|alright|fine),?\s+)the \w+(?: \w+)? then",
            r"i(?:'ll| will) (?:take|go with|accept)", r"i accept", r"i(?:'m| am) going with",
            r"i(?:'ll| will) cancel", r"i cancell?ed", r"i(?:'ve| have) signed", r"i signed up",
            # what the service agreed or promised, as the customer tells it: an agreement of the customer's, as "I
            # agreed with your agent" is, and as the ko/ja rules below say it (new-user report 25B #5)
            _SERVICE_EN + r"(?: \w+)?,? (?:has |had |have )?(?:promised|agreed|guaranteed|approved)",
            r"(?:i|we) (?:was|were|had been|have been|'ve been) (?:promised|guaranteed|approved for)")),
        ("request", _words(
            r"can i", r"could i", r"may i", r"can you", r"could you", r"would you", r"will you", r"please",
            r"(?:can|could) (?:someone|somebody|anyone|anybody)",
            r"i(?:'d| would) like", r"i want(?: to)?", r"i need", r"i(?:'m| am) asking", r"i request(?:ed)?",
            r"i(?:'m| am) requesting", r"is it possible", r"would it be possible", r"is there (?:any )?way",
            r"any chance", r"refund", r"exception", r"cancel", r"upgrade", r"help me")),
        ("preference", _words(
            r"i prefer", r"i(?:'d| would) rather", r"i (?:really )?(?:like|love|enjoy|hate|dislike|adore)",
            r"i don't (?:like|want|enjoy)", r"my fav(?:ou?rite)?", r"i(?:'m| am) (?:a )?(?:big )?fan of",
            r"i care (?:about|more about)", r"matters (?:most )?to me", r"i value", r"i(?:'m| am) into",
            r"passionate about")),
        ("attribute", _words(
            r"my name is", r"call me", r"i(?:'m| am) (?:a|an)", r"i live", r"i(?:'ve| have) lived", r"i work",
            r"i(?:'ve| have)? ?(?:just )?moved to",
            r"i(?:'m| am) from", r"i(?:'m| am) based", r"my (?:email|phone|address|company|job|plan|tier|account)",
            r"i(?:'m| am) (?:allergic|vegan|vegetarian|blind|deaf|retired|married|single)", r"i speak",
            r"i use a", r"i(?:'m| am) on the", r"we(?:'re| are) on the", r"our (?:plan|tier|company|team)",
            r"i have (?:a|an|two|three) ", r"i(?:'m| am) \d+ years old", r"years old")),
        ("event", _words(
            r"yesterday", r"last (?:week|month|year|night|weekend)", r"ago", r"today", r"this morning",
            r"i (?:bought|ordered|paid|got|received|went|visited|tried|started|finished|joined|moved|made|had|saw|"
            r"met|called|sent|returned|lost|broke|found|took|gave|wrote|painted|ran|read|watched|played|adopted|"
            r"graduated|attended|won|created|learned|booked|traveled|travelled|spent|built|applied|signed|told)",
            r"i(?:'ve| have) (?:been|bought|ordered|paid|got|received|gone|visited|tried|started|finished|joined|"
            r"made|had|seen|met|sent|lost|found|taken|written|painted|read|watched|played|adopted|won|created|"
            r"learned|booked|travell?ed|spent|built|applied|decided)",
            r"we (?:went|had|got|made|visited|took|did|saw|tried|started|moved|adopted|bought|spent)",
            r"it was", r"was (?:delivered|charged|shipped|broken|late|cancell?ed|refunded)", r"happened")),
    ],
    "ko": [
        ("decision", _any(r"합의", r"결정", r"하기로", r"동의합니다", r"동의해요", r"그걸로 할게", r"그렇게 할게",
                          r"그(?:럼|렇다면|걸로) (?:괜찮아요|괜찮습니다|좋아요|됐어요)",
                          r"해지했",                           r"취소했", r"가입했",
                          # "지난번에 상담원이 30% 할인을 약속했어요", "환불해 주기로 약속받았어요" (the en
                          # rule's note)
                          r"(?:상담원|상담사|직원|담당자|매니저|점장|기사님|고객 ?센터|지원팀|귀사|그쪽)"
                          r"[^.?!。？！\n]{0,40}(?:약속|보장|승인)(?:했|해 ?주|해 ?드|하셨|해 ?주셨)",
                          r"약속(?:을 )?받았")),
        ("request", _any(r"주세요", r"주실 수", r"주시겠", r"주실래요",
                         r"줄 수 있", r"해 줘", r"해줘", r"싶어요", r"싶습니다", r"싶은데",
                         # casual and question forms: "2시 반에 알려 줘", "식당 추천해 줄래?",
                         # "270으로 교환할 수 있나요?"
                         r"줘(?!서)", r"줄래", _RIEUL_FINAL + r" 수 있(?:나요|을까요|습니까)",
                         r"가능할까요", r"가능한가요", r"되나요", r"될까요", r"부탁", r"요청", r"환불",
                         r"예외", r"취소")),
        ("preference", _any(r"좋아해", r"좋아합니다", r"좋아요", r"선호", r"싫어", r"더 좋", r"중요해요", r"중요합니다",
                            r"편해요", r"편합니다")),
        ("attribute", _any(r"제 이름은", r"저는 .{0,60}(?:입니다|이에요|예요)", r"살고 있", r"살아요", r"삽니다",
                           r"근무",
                           r"다니고 있", r"사용하고 있", r"쓰고 있", r"플랜", r"요금제", r"등급", r"알레르기",
                           r"라고 불러",
                           # what the customer's detail is, as "my address is …" says it (newuser32 #8)
                           r"(?:주소|이메일|메일 주소|전화번호|휴대폰 번호|핸드폰 번호|연락처)(?:는|은) ")),
        ("event", _any(r"어제", r"그저께", r"지난주", r"지난달", r"전에", r"했어요", r"했습니다", r"었어요", r"았어요",
                       r"었습니다", r"았습니다", r"샀", r"주문했", r"받았", r"갔", r"왔",
                       # casual speech (반말): "2시간 5분 걸렸어", "디자이너로 일하고 있어"
                       r"[었았했였]어", r"[었았했였]다", r"고 있어", r"고 있다")),
    ],
    "ja": [
        ("decision", _any(r"合意", r"決めました", r"決定", r"ことにしました", r"ことにします", r"それでお願いします",
                          r"それ(?:なら|で)(?:いい|大丈夫|結構|構いません)です",
                          r"解約しました", r"契約しました", r"申し込みました",
                          # "前回、担当者が送料無料を約束してくれました", "返金を約束してもらいました" (the
                          # en rule's note)
                          r"(?:担当|オペレーター|スタッフ|係の|店員|窓口|御社|貴社|そちら|サポート)"
                          r"[^。？！?!\n]{0,40}(?:約束|保証|承認|了承)(?:して|し(?:ま|た)|いただ|くれ|もら|され)",
                          r"約束(?:して|を)?(?:もらい|もらっ|いただき|いただい)")),
        # "よろしくお願いします" is a formula, "そう言ってもらえると嬉しい" a feeling: neither asks for anything
        ("request", _any(r"ください", r"下さい", r"(?<!よろしく)お願い",
                         # "していただけますか", "交換いただけると", "ご確認いただくことは" — not "抜いただけ。" (only
                         # pulled out) nor "届いただけです" (only arrived)
                         r"いただけ(?:ます|ません|ない|れば|ると|たら|る)|いただく(?:こと|の|よう|には|ため)",
                         r"もらえ(?!ると|て)",
                         r"と助かります", r"とありがたいです",
                         r"もらう", r"てくれる[?？]", r"てくれない[?？]", r"てくれますか",
                         r"できますか", r"可能ですか", r"可能でしょうか",
                         # "もっとパワーのあるモデルに変えられますか？": can it be changed — asks for the change
                         r"(?:変え|替え|換え|戻せ|移せ|止め)(?:られ)?(?:ます|ません)か",
                         r"(?:なんとか|どうにか)(?:なりません|できません)か",
                         r"したい", r"(?<!ありが)(?<!めで)たいです", r"希望", r"返金", r"例外", r"キャンセル")),
        ("preference", _any(r"好き", r"嫌い", r"好み", r"方がいい", r"方が好", r"重視", r"大事", r"苦手")),
        ("attribute", _any(r"私は.{0,60}です", r"名前は", r"住んで", r"勤めて", r"働いて", r"使っています", r"プラン",
                           r"会員", r"アレルギー", r"と呼んで",
                           # 「住所は東京都世田谷区です」: what the customer's detail is, as "my address is …"
                           # (newuser32 #8)
                           r"(?:住所|メールアドレス|電話番号|携帯番号|連絡先)は")),
        ("event", _any(r"昨日", r"一昨日", r"先週", r"先月", r"前に", r"ました", r"でした", r"買った", r"届いた",
                       # plain speech: "2時間5分かかった", "部長に褒められた", "アルバイトしてる"
                       r"(?:った|いた|した|んだ|きた|えた|けた|れた|めた|てた|だった)(?:の|んだ|よ|な|ね"
                       r"|けど)?[。！!]*$",
                       r"てる", r"ている", r"でいる")),
    ],
}

_SMALL_TALK = {
    "en": lazy(r"^(?:hi|hey|hello|thanks|thank you|thx|ok(?:ay)?|yes|yeah|yep|no|nope|sure|great|cool|wow|"
                     r"bye|good ?bye|see you|lol|haha|nice|awesome|right|got it|i see|oh)\b[\s\w!,.']{0,20}$", re.I),
    "ko": lazy(r"^(?:안녕|감사|고맙|네|예|아니요|좋아요|알겠|그렇군요|와|수고하십니다|수고 많으십니다|오랜만|처음 뵙"
               r"|메리 ?크리스마스)[^\s]{0,8}[.!?~]?$"),
    "ja": lazy(r"^(?:こんにちは|こんばんは|ありがとう|はい|いいえ|了解|なるほど|すごい|おはよう|お世話になって"
               r"|はじめまして|お疲れ様|お疲れさま|久しぶり|ひさしぶり|お久しぶり|メリークリスマス|こちらこそ)"
               r"[^\s]{0,10}[。！？!?～〜]*$"),
}

_RETRACTION = {
    "en": _words(r"no longer", r"not any ?more", r"anymore", r"forget (?:that|what i said)", r"scratch that",
                 r"that's not true", r"that is not true", r"ignore what i said", r"i take (?:that|it) back",
                 r"i(?:'ve| have) stopped", r"i stopped", r"i quit", r"i moved out",
                 r"stop (?:sending|emailing|texting|calling|messaging)", r"unsubscribe(?: me)?", r"opt(?:ed)? out",
                 # the service asked to stop doing something, whatever it is: "please stop slicing it", "you can
                 # stop wrapping them" (not "it stopped working", "I can't stop laughing": no one is asked)
                 r"(?:please|you can|can you|could you|just) stop \w+ing",
                 r"(?:^|(?<=[,;:.!?] ))stop \w+ing(?! (?:up|out|down)\b)",
                 r"don't send", r"do not send", r"cancel my subscription",
                 r"(?:drop|cancel|end) (?:the|my|our) (?:\w+ ){0,2}(?:subscription|plan|membership|box|newsletter|"
                 r"delivery|deliveries|order)", r"no need (?:to|for)", r"don't need (?:to|the|any)", r"never mind",
                 # every common way of calling a standing wish off; "forget" only as an order at the clause's
                 # start ("I'll never forget the day…" takes nothing back), "dropped"/"ended" with what is ended
                 # ("I ended up…", "I dropped off the cake" neither)
                 r"(?:^|(?<=[,;:.!?] ))(?:please |just |oh,? )?forget (?:the|about)", r"i(?:'ve| have)? cancell?ed",
                 r"i(?:'ve| have)? (?:dropped|ended|stopped|discontinued) (?:the|my|our)(?! \w+ off\b)",
                 r"i(?:'ve| have)? (?:unsubscribed|opted out)",
                 # "cancel the coffee beans": what is cancelled named by a part of the wish, not its kind
                 r"(?:please )?(?:stop|skip|drop|cancel|discontinue|scrap|ditch|turn off|"
                 r"switch off|disable|pause) (?:the|my|our|all|those|these|any)\b(?! \w+ off\b)",
                 r"take me off", r"remove me from", r"no more(?! than)",
                 r"(?:don't|do not) bother (?:sending|calling|texting|emailing|with)",
                 # the need or the obligation denied: "I won't need the photos going forward", "the tuner doesn't
                 # have to phone first from now on" (not "I don't have to work today": a lasting word must follow)
                 r"(?:won't|will not|wouldn't) need (?:the|any|those|these|them|it)\b",
                 r"(?:doesn't|don't|do not|does not|won't|will not|wouldn't) (?:have|need) to\b[^.!?]{0,40}?"
                 r"\b(?:from now on|going forward|any ?more|in future|in the future)",
                 r"not (?:needed|necessary) any ?more", r"i(?:'d| would) rather not",
                 r"(?:\w+n't|not|never) [^.!?,]{0,40}any more",
                 # the thing as the subject: "the handwritten card I asked for can stop now"
                 r"(?:can|could|should|may) (?:now )?(?:stop|end|be stopped|be cancell?ed|be dropped)"
                 # "Those shipping texts can stop, I check the app now": or at the clause's end
                 r"(?= now| from now on| going forward| for good|,? thanks|,? please|\s*[,.;!?]|\s*$)"),
    "ko": _any(r"더 이상", r"이제 안", r"이제는 안", r"취소할게", r"잊어 주세요", r"잊어주세요", r"사실이 아니",
               r"그만뒀", r"그만 보내", r"수신 거부", r"구독 취소", r"구독을 취소", r"받고 싶지 않",
               r"필요 없", r"필요없", r"해지", r"빼 주세요", r"빼주세요", r"안 주셔도", r"안 해 주셔도", r"중단해",
               r"그만 (?:받|보내|주|해)", r"그만할게", r"취소(?:해|할|하고|합니다|했)", r"끊어 주", r"끊을게",
               r"안 받을", r"안 받고", r"해제해", r"해제할", r"중지해", r"중지할", r"없애 주", r"빼 ?(?:달라|줘)",
               r"안 보내 주셔도", r"꺼 ?주", r"꺼 ?줘", r"끄고 싶", r"끌게",
               # no longer needed, in every register: "안 보내도 돼", "안 보내셔도 됩니다", "그만할래요", "끊을래"
               r"안 (?:\S+ )?\S*(?:도|셔도) (?:돼|됩니다|괜찮)",
               # "그 선물 포장 건은 이제 괜찮아요": the matter named, then no longer needed
               r"(?:건|거|것)(?:은|는)?\s*(?:이제|이젠|이제는)\s*(?:괜찮|됐|안 해도)",
               r"그만\s*(?:할래|하려고|하고 싶|할까|합니다|해요)",
               r"끊을(?:게|께|래|까)", r"끊고 싶",
               # "전에 부탁드린 건은 없던 걸로 해 주세요": the wish made as though it had never been asked
               r"없(?:었)?던 (?:걸로|것으로|일로) ?(?:해|하|치|할|합|돌려)",
               # "경비실 얘기는 취소요~", "그 건은 취소예요": the matter named, then called off in a word
               r"(?:얘기|이야기|거|건|것|부분)(?:은|는)\s?취소(?:요|예요|이에요|입니다)(?![가-힣])"),
    "ja": _any(r"もう.{0,40}ない", r"もう.{0,40}ません", r"取り消", r"忘れてください", r"やめました", r"違います",
               r"配信停止", r"配信を停止", r"購読を解除",
               r"(?:配信|送信|通知)(?:を|は)?(?:止め|やめ|停止し)", r"要りません", r"いりません", r"不要です",
               r"もう結構", r"やめてください", r"止めてください", r"解約", r"なしで(?:大丈夫|結構|いい)",
               r"は結構です", r"はいりません", r"は要らない", r"キャンセル(?:します|して|でお願い)",
               r"解除(?:して|します|を)", r"停止(?:して|します|を)", r"やめます", r"止めます",
               r"なくて(?:大丈夫|結構|いい)",
               # "のし紙は今後なしでお願いします", "カタログ送付、止めてもらえますか": calling a wish off as a request
               r"なしで(?:お願い|して)", r"なしにして", r"(?:止め|やめ|停止し)て(?:もらえ|いただけ|ほしい|下さい|くれ)",
               # "定期便はやめにします", "お知らせメールは停止でお願いします", "もう送らなくていいよ"
               r"やめに(?:します|して|する|しよう)", r"(?:停止|解約|退会)で(?:お願い|いい|大丈夫|結構)",
               # "前に頼んだ写真の件、もう大丈夫です": the matter named, then no longer needed
               r"(?:の件|のこと)(?:は|ですが|なんですが)?、?\s*もう(?:大丈夫|結構|いい|十分)",
               # "メルマガはもう大丈夫です", "指名はもう大丈夫です", "あれもう大丈夫です",
               # "…って言ってたんですけど、もう大丈夫です": the thing named as the topic (or as what was said
               # before), then no longer needed
               r"(?:は|って|あれ|それ|けど)\s*、?\s*もう(?:大丈夫|結構|十分)(?!(?:です)?か|でしょう)",
               # "のし紙は今後いらないです": not needed from now on, in plain speech too
               r"(?:今後|もう|これから(?:は)?)\s*(?:いらない|要らない|不要)",
               # "もうやめてもらって大丈夫です", "止めてくれていいよ": the service let off doing it (the permission
               # the Korean "안 해 주셔도 돼요" and the English "you can stop" give)
               r"(?:止め|やめ|停止し)て(?:もらって|いただいて|くれて)も?(?:大丈夫|いい|結構|構いません|かまいません)"),
}
# A standing wish reversed: "go back to including the receipt", "you can resume the paper invoices", "I've changed
# my mind about the catalogue", "영수증 이제 다시 넣어 주셔도 돼요" (permission to do again what they had asked not to).
# It takes the earlier wish back; when it names a slot's value ("다시 한국어로 해 주셔도 돼요") it is that new value.
_REVERSAL = {
    "en": _words(r"(?:go|going|switch) back to (?:including|sending|putting|adding|using|leaving|the|my)",
                 r"(?:please |you can )?resume (?:including|sending|putting|adding|the|my)",
                 r"changed my mind (?:about|on)",
                 # "Actually I've changed my mind, the flyers are fine": the change of mind opening its clause
                 r"(?:^|(?<=[,;:.!?] ))(?:actually,? |ok,? |so,? )?i(?:'ve| have)? changed my mind(?=\s*[,.;:!?—-]|$)",
                 r"keep (?:them|it|those|these) coming",
                 # "You can start putting the receipts back in": doing again what they had asked not to be done
                 r"(?:start|begin) \w+ing\b[^.!?,]{0,30}?\b(?:back|again)"),
    "ko": _any(r"다시 (?:\S+ ){0,2}\S*(?:주셔도|하셔도|해도) (?:돼|괜찮|됩니다)",
               # "이제는 그냥 넣어 주셔도 돼요": from now on, permission for what they had asked not to be done
               r"(?:이제|이제는|앞으로는?) (?:\S+ ){0,2}\S*(?:주셔도|하셔도|해도) (?:돼|괜찮|됩니다)"),
    # "緩衝材は普通の量に戻してください": back to the usual, which takes the wish for more back
    "ja": _any(r"元に戻して", r"再開して", r"(?:普通|通常|標準|いつも)[^。、]{0,4}に戻し"),
}
_CORRECTION = {
    "en": _words(r"actually", r"correction", r"i meant", r"not .{0,60} but", r"now i", r"these days", r"i moved to",
                 r"i switched to", r"i changed", r"i made a mistake", r"my mistake", r"i was wrong", r"i misspoke",
                 r"i mistyped", r"typo", r"switch(?:ed)? (?:my|me|it|them|to)",
                 r"instead", r"update:", r"i(?:'ve| have)? (?:upgraded|downgraded|relocated)",
                 r"my new (?:address|number|phone|email|name)", r"is now", r"are now", r"my bad", r"misread",
                 r"misheard", r"misremembered", r"mixed (?:it |them )?up", r"i got (?:it|that) wrong", r"oops",
                 r"wrong (?:number|one|code|address|email|name)"),
    "ko": _any(r"사실은", r"정정", r"이제는", r"요즘은", r"이사했", r"바꿨", r"잘못 말했", r"잘못 썼", r"제가 착각",
               r"바뀌었", r"변경", r"바꿔", r"헷갈", r"착각", r"실수", r"틀렸", r"틀려", r"잘못", r"다시 보니",
               r"오타"),
    "ja": _any(r"実は", r"訂正", r"今は", r"最近は", r"引っ越しました", r"変えました", r"言い間違", r"書き間違",
               r"私の間違い", r"間違えました", r"変わりました", r"変更", r"やはり", r"やっぱり", r"間違って", r"違って",
               r"違いました", r"違えて", r"勘違い", r"正しくは", r"が正しい", r"誤って", r"誤り"),
}

# What an agent's turn can agree with. A yes-word ("Yes", "Sure", "네", "はい") grants the request only
# when the turn does nothing else with it (``confirms``); a commitment or a thing done ("We'll ship it
# tomorrow", "I've waived it", "보내 드리겠습니다", "変更いたしました") grants it whatever surrounds it.
_YES = {
    "en": _words(r"yes", r"sure", r"of course", r"certainly", r"absolutely", r"ok(?:ay)?", r"no problem"),
    "ko": _any(r"^네", r"^예", r"알겠습니다", r"^물론"),
    "ja": _any(r"^はい", r"承知", r"かしこまりました", r"^もちろん", r"問題ありません"),
}
_COMMIT = {
    "en": _words(r"agreed", r"confirmed", r"approved", r"done", r"we can (?:do|offer|make|give)",
                 r"i can (?:do|offer|make|give)", r"i(?:'ve| have) (?:applied|processed|issued|arranged)",
                 r"that works", r"will do",
                 r"i(?:'ll| will) (?:process|apply|issue|arrange)",
                 # the service commits to doing it ("We'll ship a replacement leg tomorrow") or did it already
                 # ("I've waived it"); a promise to look into it is not a yes (``_NOT_YET``)
                 r"(?:i|we)(?:'ll| will) (?:\w+ly )?\w+",
                 r"(?:i|we)(?:'ve| have) (?:just |now |already )?(?:waived|extended|added|changed|updated|moved|"
                 r"cancell?ed|refunded|credited|sent|resent|shipped|booked|scheduled|rescheduled|upgraded|"
                 r"downgraded|reissued|switched|removed|replaced|swapped|approved|arranged|applied|processed|"
                 r"issued|set up|put|placed|reserved|activated|reactivated|unlocked|reset|fixed)"),
    "ko": _any(r"가능합니다", r"처리해 드리", r"처리해드리", r"승인", r"해 드리겠습니다",
               r"해드리겠습니다", r"그렇게 하겠습니다", r"진행하겠습니다", r"드렸습니다", r"드렸어요",
               r"드릴게요", r"드리겠습니다", r"하겠습니다", r"두었습니다", r"두겠습니다", r"완료"),
    "ja": _any(r"可能です", r"承認", r"対応いたします", r"いたします", r"承りました",
               r"手配します", r"処理します", r"いたしました",
               r"お[^\s、。]{1,8}します"),
}
# The agent only holds the line: asks the customer to wait ("One moment please", "Please hold",
# "잠시만 기다려 주세요", "少々お待ちください") or says it is about to look ("Let me check"). A yes before it
# acknowledges the message; nothing is granted yet.
_HOLD = {
    "en": _words(r"(?:one|a|just a|give me a) (?:moment|sec|second|minute|min)", r"hold on", r"please hold",
                 r"hang on", r"bear with me",
                 r"let me (?:just |quickly |first )?(?:check|see|look|find|verify|confirm|ask|pull|review|"
                 r"investigate|have a look|take a look|get back)",
                 r"(?:i'm|i am|we're|we are) (?:checking|looking|reviewing|verifying|investigating)"),
    "ko": _any(r"잠시만", r"잠깐만", r"기다려 ?주", r"잠시 기다"),
    "ja": _any(r"お待ちください", r"お待ち下さい", r"お待ちいただ", r"少々お待ち"),
}
# "We'll look into it", "확인해 보겠습니다", "確認いたします": the agent will find out, nothing is agreed yet
_NOT_YET = {
    "en": _words(r"(?:i|we)(?:'ll| will) (?:\w+ly )?(?:look|check|see|try|get back|let you know|need|have to|"
                 r"escalate|forward|pass|review|investigate|consider|be in touch|contact|ask|find out|follow up|"
                 r"keep|note|let|update you|reply|respond|be|do (?:my|our) best)"),
    "ko": _any(r"확인해 ?보", r"확인 후", r"확인하겠", r"확인해 드리겠", r"검토", r"알아보", r"연락드리", r"문의"),
    "ja": _any(r"確認いたします", r"確認します", r"確認して", r"検討", r"お調べ", r"折り返し", r"お問い合わせ"),
}
# A "no" that answers: on its own before a pause or the end ("No.", "No, we can't", "Sadly no.", "the answer is
# no") or straight before the clause it answers with ("No we can't", "No sorry"). A "no" inside a noun phrase is
# a determiner — "at no charge", "with no restocking fee", "no questions asked", "no problem" — and refuses
# nothing; a determiner is never followed by a pause or a pronoun. (A hyphen joins "no-fee" into a word.) "No
# longer" is no determiner but a negation of the verb, as "not" is: "that model is no longer available" declines.
_ANSWERING_NO = (r"no(?=\s*[,.!?;:…—–]|\s+-\s|\s*$|\s+(?:i|we|you|it|that|this|they|he|she|sorry|unfortunately|"
                 r"sadly|thanks|thank)\b)")
_REFUSE = {
    "en": _words(_ANSWERING_NO, r"no longer", r"no (?:way|chance)", r"not possible", r"unfortunately", r"can't",
                 r"cannot",
                 r"can not", r"unable", r"won't", r"sorry", r"not able", r"decline", r"denied", r"isn't possible",
                 r"is not possible", r"afraid", r"not available", r"isn't available",
                 # "We will not be able to refund opened items", "We will not refund opened items": a refusal in full
                 # words (an "ok" after it takes up no promise: agent_offers)
                 r"not be able", r"(?:will|shall|do|does|can|could|would) not (?:[a-z]{1,20} ){0,2}?"
                 r"(?:refund|replace|re-?ship|re-?send|send|ship|offer|give|accept|cover|waive|exchange|process"
                 r"|honou?r|issue|credit|compensate|reimburse)"),
    "ko": _any(r"어렵", r"불가", r"죄송", r"안 됩니다", r"안됩니다", r"할 수 없", r"수는 없", r"수가 없", r"아쉽",
               r"유감", r"못 (?:해|드리|합)"),
    "ja": _any(r"できません", r"難しい", r"申し訳", r"不可", r"お受けできません", r"あいにく", r"かねます",
               # "…ませんので、…お送りします": a negation closing a reason clause ("it costs nothing, so…") is
               # the ground of what follows, not the answer; the main clause's negation still declines
               r"(?<!問題あり)(?<!問題ござい)(?<!構い)(?<!かまい)ません(?!ので|から)"),
}
# An apology for the trouble, which support agents put before a yes as often as before a no (the refusal
# words that follow, "but we can't…", "…できません", still refuse).
_APOLOGY = {
    "en": _words(r"(?:(?:i'm|we're|i am|we are) )?(?:so |very |really |truly )?sorry (?:for|about) (?:the|any|this|"
                 r"that|your|all the) (?:inconvenience|trouble|wait|delay|confusion|hassle|frustration|mix-up)",
                 r"(?:my|our) apologies for (?:the|any|this|that) \w+", r"we apologi[sz]e for (?:the|any|this) \w+"),
    "ko": _any(r"불편을 (?:드려|끼쳐|끼쳐 드려) (?:대단히 |정말 )?죄송합니다", r"기다리게 (?:해 )?(?:드려 )?죄송합니다",
               r"늦어서 죄송합니다"),
    "ja": _any(r"(?:ご不便|ご迷惑)をおかけして(?:大変)?申し訳(?:ありません|ございません)(?:でした)?",
               r"お待たせして(?:大変)?申し訳(?:ありません|ございません)(?:でした)?"),
}
# A question for information ("Can you tell me when it arrives?", "배송 상태를 알려 주실 수 있나요?",
# "配送状況を教えていただけますか？"): the agent's "Sure, on Monday." answers it; nothing is agreed.
_INFORMATION = {
    "en": lazy(r"\b(?:can|could|would|will) you (?:please |kindly |just )?(?:tell|let me know|explain|show me|"
               r"remind|inform|say|check (?:if|whether|when|where|what|why|how)|confirm (?:if|whether|when|where|"
               r"what|why|how)|find out)\b|\b(?:can|could|may) i (?:ask|know)\b|\bdo you know\b", re.I),
    "ko": _any(r"알려 ?주", r"설명해 ?주", r"안내해 ?주", r"가르쳐 ?주", r"알 수 있"),
    "ja": _any(r"教えて", r"お知らせ", r"説明して", r"ご案内", r"知りたい"),
}

_FROM_NOW_ON = {
    "en": _words(r"from now on", r"going forward", r"in (?:the )?future", r"always", r"every time", r"from here on",
                 r"next time", r"for all (?:future )?(?:answers|replies|messages)"),
    "ko": _any(r"앞으로", r"이제부터", r"항상", r"언제나", r"다음부터", r"매번"),
    "ja": _any(r"これから", r"今後", r"いつも", r"次から", r"毎回", r"常に"),
}

def classify(sentence: str, *, lang: str | None = None) -> str | None:
    """The fact kind of one customer sentence, or ``None`` when it is small talk.

    The first matching kind in the order decision → request → preference → attribute → event wins
    (a sentence that both reports and asks, "I bought it 18 days ago, can I get a refund?", is a
    request). A statement that matches none but carries content (at least four words, or twelve
    CJK characters, and not a bare question) is an ``event``: something the customer said happened
    or holds, dated by the conversation.
    """
    lang = lang or detect_language(sentence)
    text = sentence.strip()
    if not text or _only_small_talk(text, lang):
        return None
    if lang != "en" and _asks_without_a_mark(text, lang):
        return None  # "요즘 뭐 하고 지내", "週末何してた": chat drops the question mark, the question word stays
    if lang != "en" and is_question(text) and _CJK_PROPOSAL[lang].search(text) and _CJK_WHEN[lang].search(text):
        return "request"  # "3月21日の土曜日はどうですか？" after "工事日はいつがよろしいですか？": the day they want
    if is_question(text) and tells_before_asking(text, lang=lang):
        return "event"  # "弟は京都まで車で来るそうなんですが、駐車場ってありますか？": the brother's drive is the news
    if is_question(text) and (not _asks_for_something(text, lang) or _about_the_other(text, lang)
                              or _asks_nothing(text, lang)):
        return None
    if lang != "en" and (_CJK_PLEASANTRY_ASK[lang].search(text) or asks_for_the_others_news(text, lang=lang)) \
            or lang == "en" and _CURIOUS.match(_FILLER.sub("", text).strip()):
        return None  # "잘 되길 빌어 줘!", "よろしくお願いします", "사진 보내줘": a request form that asks for nothing
    for kind, pattern in _KIND_RULES[lang]:
        if pattern.search(text):
            return kind
    return "event" if _has_content(text, lang) else None


# A casual Korean or Japanese question without its mark: a question word ("뭐", "언제", "얼마", "何", "いつ", "いくら")
# in a sentence that ends in a plain form ("요즘 뭐 하고 지내", "언제 오는데", "週末何してた", "いつ来るの") — not a
# question word used as "something / somewhere / sometime" ("뭐 좀 샀어", "언제 한번 보자", "何か食べた", "どこかで",
# "なんか疲れた"), nor one inside a clause ("뭐 할지 모르겠어", "何を買ったか忘れた"), nor with the speaker named
_CJK_WH_WORD = {
    "ko": lazy(r"(?:^|\s)(?:뭐|뭘|무엇|무슨|어디|언제|누구|누가|왜|어떻게|어땠|얼마|몇|어느)"
               r"(?!\s?(?:좀|한번|한 번|든지|라도|나 |든가|도 없|도 안))"),
    "ja": lazy(r"(?:何|なに|いつ|誰|だれ|なぜ|なんで|どうして|どう|いくら|どこ|どれ|どの|どんな)"
               r"(?![かもでとやら]|とか|だか|だって)"),
}
_CJK_PLAIN_END = {
    "ko": lazy(r"[가-힣](?<![다요죠자게])[\s.~ㅋㅎㅠㅜ]*$"),
    "ja": lazy(r"(?:の|んの|た|てた|だった|る|てる|ない|たの|るの|だ)[\s。〜～笑wｗ]*$"),
}
_CJK_EMBEDDED = {
    "ko": lazy(r"(?:지|는지|은지|을지|ㄹ지|던지|건지|냐고|는지도) ?(?:모르|몰라|궁금|알아|기억|생각)|(?:거든|는지)|"
               r"(?:라고|다고) "),
    "ja": lazy(r"か(?:分から|わから|知ら|忘れ|覚え|迷|気にな|教え|聞い)|かって|かは|のか"),
}


def _asks_without_a_mark(text: str, lang: str) -> bool:
    body = _CJK_TAIL[lang].sub("", _CJK_FILLER[lang].sub("", text.strip()).strip()).strip()
    return bool(body) and not body.endswith(("?", "？", "!", "！")) and bool(_CJK_WH_WORD[lang].search(body)) \
        and bool(_CJK_PLAIN_END[lang].search(body)) and not _CJK_EMBEDDED[lang].search(body) \
        and not _CJK_FIRST[lang].search(body) and len(body) <= 40


# "Can you tell me more about why it's special to you?": a question about the other person's life, not a
# request to the service — "you" beyond the "can you" of politeness, and nothing of the speaker's
# ("Could you check your records for my order?" asks for something of theirs).
_POLITE_YOU = lazy(r"\b(?:can|could|would|will) you\b|\b(?:chance|way) you could\b|\b(?:tell|show) me\b"
                   r"|\blet me know\b", re.I)
_SPEAKERS_OWN = lazy(r"\b(?:i|i'm|i've|i'd|me|my|mine|we|our|us)\b", re.I)


def _about_the_other(text: str, lang: str) -> bool:
    if lang != "en":
        return False
    if _ASKS_ABOUT_THE_OTHER.search(text) and not _SPEAKERS_OWN.search(_POLITE_YOU.sub(" ", text)):
        return True  # "Will you only be in Toronto?": their plans, not a request to them
    rest = _POLITE_YOU.sub(" ", text)
    return bool(_SECOND_PERSON.search(rest)) and not _SPEAKERS_OWN.search(rest)


# "Will you only be in Toronto…?", "Would you ever try it?", "Can you still…": a question about the other
# person's life in the form of a polite request ("Would you be able to…" is a request).
_ASKS_ABOUT_THE_OTHER = lazy(r"\b(?:will|would|can|could) you (?:(?:only|ever|still|really|also|even|"
                             r"usually|normally) )*(?:be(?! (?:able|willing|so kind|kind enough))|have|"
                             r"like|want|enjoy|think|feel|go|visit|come|say)\b", re.I)
# A request that names nothing: "Could you tell me more about it?" (what "it" is was said by the other person)
_ASK_FRAME = lazy(r"\b(?:(?:can|could|would|will) you|please|tell|let|show|explain|share|say|know|give|send|"
                  r"some|more|about|it|that|this|them|those|these|any|anything|something|what|when|where|why|how|"
                  r"who|which|me|us|the|a|an|of|to|for|on|in|with|again|else|there|here|one|thing|things|bit|"
                  r"little|lot|kind|sort|maybe|just|also|too|so|yeah|yes|sure|ok|okay|oh|hey|and|but|or|"
                  r"[a-z]+ly)\b", re.I)


# Asking leave to talk ("Can I vent for a sec?", "Can I ask you something?"): the request is the conversation itself
_LEAVE_TO_TALK = lazy(r"^\W*(?:(?:so|ok(?:ay)?|hey|um+|hmm+|oh)\W+)*(?:can|could|may) i (?:just |quickly )?"
                      r"(?:vent|rant|ask (?:you )?(?:something|a (?:quick |small )?(?:question|favou?r))|ask you|"
                      r"tell you something|be honest(?: with you)?|say something|talk to you|bother you|run something "
                      r"by you)(?: (?:for a (?:sec|second|minute|moment|bit)|real quick|quickly))?\W*$", re.I)


def _asks_nothing(text: str, lang: str) -> bool:
    if lang != "en":
        return False
    if _LEAVE_TO_TALK.match(text):
        return True
    rest = _ASK_FRAME.sub(" ", _VOCATIVE.sub(" ", text))
    return not re.search(r"[A-Za-z0-9]{2,}", rest)


def is_small_talk(sentence: str, *, lang: str | None = None) -> bool:
    """A greeting, thanks, one-word answer or question that states nothing ("Hi!", "How are you?"), or a remark on
    the weather or the day ("오늘 날씨 진짜 좋네요", "今日めっちゃ暑いですね〜", "It's freezing today isn't it")."""
    lang = lang or detect_language(sentence)
    text = sentence.strip()
    return not text or _only_small_talk(text, lang) or is_question(text) and not _asks_for_something(text, lang) \
        or remarks_on_the_weather(text, lang=lang)


# A remark on the weather or the day and nothing more: no event, no number, no wish of the customer's own ("It's
# so hot the chocolate melted in the box" tells what happened to the parcel and stays a fact). The whole sentence
# is the remark: an optional filler and "today", the weather word, an intensifier, the quality, a tag question.
_EN_WEATHER_QUALITY = (r"(?:lovely|nice|beautiful|gorgeous|great|glorious|fine|horrible|awful|miserable|terrible|"
                       r"grim|dreadful|hot|cold|freezing|boiling|scorching|baking|warm|chilly|nippy|cool|humid|"
                       r"sticky|muggy|sunny|rainy|windy|snowy|wet|grey|gray|cloudy|stormy|foggy|icy)")
_WEATHER_REMARK = {
    "en": lazy(r"^(?:(?:oh|wow|man|gosh|ugh|phew|well|honestly|boy|geez|jeez)\W{1,3})?"
               r"(?:(?:it's|it is|it has been|it's been|isn't it|what an?|such an?|the weather(?:'s| is)|"
               r"today(?:'s| is)|so)\s)?(?:(?:so|really|very|pretty|super|absolutely|bloody|freaking|proper|a bit|"
               r"quite)\s){0,2}(?:an?\s)?(?:" + _EN_WEATHER_QUALITY + r"(?:\s(?:day|weather|morning|afternoon|"
               r"evening|one|out(?:side)?|out there))?|raining|pouring|snowing|(?:lovely|nice|beautiful|"
               r"gorgeous|glorious|awful|horrible|miserable) (?:day|weather))"
               r"(?:\s(?:today|this morning|again|lately|outside|out there|here))?"
               r"(?:,?\s(?:isn't it|innit|eh|huh|right|today|again))?[\s!.?~…:()D]*$", re.I),
    "ko": lazy(r"^(?:(?:와|아|오|우와|휴|하|진짜|정말)[~!,.\s]{0,3})?(?:(?:오늘|요즘|요새|오늘따라|아침|이번\s?주)"
               r"(?:은|는|도)?\s{0,2})?(?:(?:날씨|하늘)\s{0,2}(?:가|이|는|도)?\s{0,2}(?:(?:진짜|정말|너무|완전|엄청|"
               r"되게|참|넘|좀|무지|많이)\s{0,2}){0,2}(?:좋|맑|화창하|덥|춥|더워|추워|쌀쌀하|따뜻하|시원하|습하|흐리|"
               r"꿀꿀하|우중충하|포근하|무덥|후덥지근하)|(?:(?:진짜|정말|너무|완전|엄청|되게|참|넘|좀|무지|많이)"
               r"\s{0,2}){0,2}(?:덥|춥|더워|추워|쌀쌀하|무덥|후덥지근하|포근하)|(?:비|눈)(?:가|이)\s{0,2}(?:(?:진짜|"
               r"정말|너무|엄청|많이|계속)\s{0,2}){0,2}(?:오|와|내리))"
               r"(?:네요|네|다|아요|어요|군요|죠|지요|습니다|더라고요|던데요|ㅂ니다|네용|당|요)?[~!.…\sㅎㅋ^]*$"),
    "ja": lazy(r"^(?:(?:いや|いやー|いやあ|あー|はあ|ほんと)[、,\s]{0,2})?(?:(?:今日|きょう|最近|今朝|今週)(?:は|も)?"
               r"[、,\s]{0,2})?(?:(?:めっちゃ|すごく|本当に|ほんとに|とても|かなり|ほんと|超|マジで)\s{0,2})?"
               r"(?:(?:蒸し暑|暑|寒|涼し|暖か|あったか|肌寒|あつ|さむ)(?:い|かった|っ)|(?:いい|良い)(?:お)?天気|"
               r"(?:お)?天気(?:が|は)?(?:いい|良い|悪い)|(?:雨|雪)(?:ばかり|ばっかり|続き)?(?=(?:です|だ|でした)?(?:ね|よね)))"
               r"(?:です|だ|でした)?(?:ね|よね|ねえ|ねー|な|なあ|なー)?[〜~ー！!。…wｗ\s]*$"),
}


def remarks_on_the_weather(sentence: str, *, lang: str | None = None) -> bool:
    """``sentence`` is a remark on the weather or the day and nothing of the speaker's own (``_WEATHER_REMARK``)."""
    lang = lang or detect_language(sentence)
    pattern = _WEATHER_REMARK.get(lang)
    text = sentence.strip()
    if pattern is None or len(text) > 80 or re.search(r"\d", text) or not pattern.match(text):
        return False
    # a bare quality ("hot", "cool") answers a question or acknowledges, and "It's great!", "Such a great day!" react
    # to what was told: the English remark names the weather, or a quality with "today"
    return lang != "en" or len(text.split()) > 1 and bool(_WEATHER_ANCHOR.search(text))


_WEATHER_ANCHOR = lazy(r"\b(?:today|weather|raining|pouring|snowing|outside|hot|cold|freezing|boiling|scorching|"
                       r"baking|warm|chilly|nippy|humid|sticky|muggy|sunny|rainy|windy|snowy|wet|grey|gray|cloudy|"
                       r"stormy|foggy|icy)\b", re.I)


# The word a small-talk sentence opens with ("ok", "hi", "thanks")...
_SMALL_TALK_OPENER = lazy(r"^\W*(?:hi|hey|hello|thanks|thank you|thx|ok(?:ay)?|yes|yeah|yep|no|nope|sure|great|cool|"
                          r"wow|lol|haha|nice|awesome|right|got it|oh)\b[\s,!.]*", re.I)
# ... and what, after it, is no small talk: a name given ("Hi, it's Dana again.", "Hey, this is Sam")
_SELF_INTRODUCTION = lazy(r"^(?:it's|it is|this is)\s+(?-i:[A-Z][a-z]+)\b(?!\s+\w+ing\b)", re.I)


# "ok the bundle then": a choice between what was offered, after the "ok"
_CHOICE = lazy(r"the \w+(?: \w+)? then\b", re.I)


def _only_small_talk(text: str, lang: str) -> bool:
    """A greeting, thanks or "ok" and nothing more; not "ok sent 2 pics" or "Hi, it's Dana again."."""
    if lang != "en":
        # "안녕하세요 ㅎㅎ", "こんにちは😊": laughter or an emoji after a greeting leaves it a greeting
        # ... and so does a filler in front ("아 네 안녕하세요!", "あ、はい、こんにちは")
        body = _CJK_TAIL[lang].sub("", text).strip() or text
        return bool(_SMALL_TALK[lang].match(body) or _SMALL_TALK[lang].match(_CJK_FILLER[lang].sub("", body).strip()))
    if not _SMALL_TALK[lang].match(text):
        return False
    rest = _SMALL_TALK_OPENER.sub("", text, count=1)
    # a number, something done with the speaker left out ("sent", "got"), or a name given says something
    return not (re.search(r"\d", rest) or _SELF_INTRODUCTION.match(rest) or _CHOICE.match(rest)
                or _IMPLIED_I.match(rest) and not re.match(r"(?:got it|been)\b", rest, re.I))


# Chat drops the question mark: "where do I live", "what's my plan", "do you have my new number". An
# English question is told by its opening (a wh-word before an auxiliary, or an auxiliary before its
# subject); "When I moved to Oslo, …" or "What I want is …" open with a wh-word but no auxiliary
# follows, so they stay statements.
_AUX = r"(?:do|does|did|is|are|am|was|were|can|could|should|would|will|shall|may|might|have|has|had)"
_EN_QUESTION_OPENING = lazy(
    r"^(?:(?:what|where|when|why|how|who|whom|whose|which)(?:\s+[a-z]+)?\s+" + _AUX + r"\b"
    r"|(?:what|where|who|how)'s\b"
    r"|" + _AUX + r"(?:n't)?\s+(?:i|you|we|my|your|it|this|that|there|the)\b)", re.I)
# Korean and Japanese questions are often unmarked: a question word right before the closing copula
# or particle ("주소가 어디예요", "번호가 뭐죠", "住所どこだっけ", "いつだったかな").
_CJK_WH_ENDING = lazy(r"(?:어디|뭐|무엇|언제|누구|몇\s?\S{1,3}|얼마|어느\s?\S{1,3})\s?"
                      r"(?:예요|에요|이에요|이예요|인가요|인지요|죠|지요|야|냐|니|지|였죠|였지)[.。]?$"
                      r"|(?:どこ|何|なに|なん|いつ|誰|だれ|どれ|どちら|いくら)\s?"
                      r"(?:だっけ|でしたっけ|だったっけ|だったかな|かな|なの|の|ですかね)?[.。]?$")
# "Did I tell you I adopted a dog?", "Have I mentioned we moved to Denver?": a report dressed as a question.
_REPORT_AS_QUESTION = lazy(r"^(?:did|have|had)\s+i\s+(?:ever\s+|already\s+)?(?:tell|told|mention|mentioned|say|said)"
                           r"\s+(?:you\s+)?(?:that\s+)?(?:i|we|my|our)\b", re.I)


def is_question(text: str) -> bool:
    """A question by its mark, by a Korean or Japanese interrogative ending, or by an English question's opening."""
    text = text.strip()
    if _REPORT_AS_QUESTION.match(text):
        return False
    # "本当ですか！", "20%ですか…": an exclamation or a trailing off after the question ending is still a question
    return (text.endswith(("?", "？")) or text.rstrip("!！…‥.。 ").endswith(("까요", "나요", "ですか", "ますか"))
            or bool(_EN_QUESTION_OPENING.match(text) or _CJK_WH_ENDING.search(text)) and not text.endswith("!"))


def _asks_for_something(text: str, lang: str) -> bool:
    """A question that is a request ("can I get…") rather than a question about the agent."""
    if lang == "en":
        if re.search(r"\b(?:is|would) it be possible\b|\bis it possible\b|\bany (?:way|chance)\b"
                     r"|\bplease\b|\brefund|\bexception|\bcancel", text, re.I):
            return True
        # "Which address will you ship my next order to?": the modal after a question word is the question's
        return bool(re.search(r"\b(?:can|could|may|would|will) (?:i|you|we|someone|somebody|anyone|anybody)\b"
                              r"|\b(?:you|we) could\b", without_the_question_s_verb(text), re.I))
    if _ASKS_WHICH[lang].search(text) and not _ASKING_FORM[lang].search(text):
        return False  # "返金はカードにですか？", "환불은 카드로인가요?": which one, not a request for anything
    request = dict(_KIND_RULES[lang])["request"]
    return bool(request.search(text))


# A question that ends in the copula after a noun ("返金はカードにですか？", "환불은 카드로인가요?", "다음 달부터예요?")
# asks which one or whether it is so; it asks the service to do nothing, whatever service word it names ("返金")
_ASKS_WHICH = {
    "ko": lazy(r"(?:인가요|이에요|예요|에요|이죠|인지요|[가-힣]로요|[가-힣]부터요)[?？]+[\s!！…]*$"),
    "ja": lazy(r"(?:[にでへとが]|から|まで)(?:ですか|なの|なんですか)[?？]+[\s!！…]*$"),
}
# ... unless it asks in a request form as well ("返金をお願いできますか？" has no copula ending anyway)
_ASKING_FORM = {
    "ko": _any(r"주세요|주실|주시|줄 수|해 ?줘|부탁|싶"),
    "ja": _any(r"ください|下さい|お願い|いただけ|もらえ|ほしい|欲しい|たい"),
}


def _has_content(text: str, lang: str) -> bool:
    if lang == "en":
        if reads_as_other_language(text):
            return other_language.has_content(text)  # Arabic, Hebrew, Thai, Turkish…: no ASCII words to count
        return len(re.findall(r"[A-Za-z0-9']+", text)) >= 4
    # Korean and Japanese say much in few characters ("회사 근처 분당으로.", "モカっていうの。"); what says nothing is
    # told apart by the structural test (``says_nothing_of_their_own``), not by length
    return (len(re.sub(r"[\s\W]", "", text)) >= 5 or bool(re.search(r"\d", text))) \
        and not _CJK_SIGN_OFF[lang].search(text)  # "네 감사합니다", "ありがとうございました": thanks are small talk


# A reaction to what the other person said ("Aww, that's so cute!", "Always great chatting with
# you!", "Your kids are so lucky.") says nothing about the speaker: no first person, and either an
# interjection or pleasantry at the start, or a short evaluative remark. Such a sentence is trimmed
# from a fact's edges and a turn of nothing else is no fact.
_FIRST_PERSON = lazy(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours)\b",
                           re.I)
_REACTION_START = lazy(
    r"^\W*(?:wow|aww+|oh|omg|haha\w*|lol|yay|ooh|whoa|hey|hi|hello|thanks|thank you|congrats|congratulations|"
    r"good luck|take care|bye|see you|cheers|sounds|that sounds|that's|that is|what an?|how|yes|yeah|yep|sure|no way|"
    r"absolutely|totally|definitely|exactly|true|agreed|glad|nice|great|awesome|cool|amazing|lovely|way to go|"
    r"here'?s to|"
    r"check (?:it|this|that) out|check out|look at|lov(?:e|ing) (?:that|this|these|those|your|the|it))\b", re.I)
_EVALUATIVE = lazy(
    r"\b(?:great|awesome|amazing|cute|sweet|cool|nice|lovely|beautiful|wonderful|fantastic|incredible|inspiring|"
    r"proud of you|glad|happy for you|sorry to hear|tough|strong|kind words|brave|lucky|fun|exciting|"
    r"impressive|gorgeous|stunning|adorable|chatting|talking|important|empowering|healing|special|powerful|"
    r"pretty|bright|sucks|courage|blast|excited|"
    # "so cute", not the connector "So the greyhound plan is ON"
    r"so (?!(?:the|a|an|my|our|his|her|their|i|we|he|she|they|it|that|this|there|then|now|far|yeah|anyway)\b)\w+)\b",
    re.I)
_SAYS_WHEN = lazy(r"\d|\b(?:yesterday|today|tonight|tomorrow|ago|last (?:week|month|year|night|weekend))\b",
                        re.I)
_SECOND_PERSON = lazy(r"\b(?:you|your|yours|yourself|y'all)\b", re.I)
# Pleasantries said in the first person ("I'm here for you.", "It means a lot having you in my corner.")
_PLEASANTRY = lazy(
    r"\b(?:here for you|glad (?:we|you|to hear|that)|means a lot|appreciate (?:it|that|you|your)|thanks?|"
    r"can picture|can't wait to (?:hear|see)|happy for you|proud of you|got this|miss you|love you|take care|"
    r"talk soon|chat soon|say hi|catch up|keep (?:it )?up|good luck|best wishes|"
    r"been (?:a (?:minute|while|hot minute)|forever|ages|too long)|"
    r"(?:stoked|excited|happy|glad|thrilled) for you|long time no \w+|"
    r"(?:lots|a lot'?s?) (?:has |have )?(?:been going on|happened)|since we (?:last )?(?:talked|spoke|chatted)|"
    r"take a look at (?:this|it|that)|show me when you can|(?:always )?(?:here|around|there) (?:to (?:help|support|"
    r"cheer)|for you)|(?:we|you) (?:can|got) (?:do )?(?:this|it)|let'?s (?:keep|make|do|reach|go|show|get)\b.*"
    r"(?:together|success|difference|dreams?|unforgettable)|(?:not|never) (?:giving|give|gonna give) up|won'?t (?:quit|"
    r"give up|let anything)|never quit|keep (?:going|pushing|plugging|on going)(?! to\b)|"
    r"go(?:ing)? for (?:my|your|it|the) dreams?|make (?:it|my dreams?|them) happen|"
    r"i'd love to (?:check|see|hear|read|try|watch) (?:it|them|that|this|those)|"
    r"i (?:totally |completely |fully |so |definitely |couldn't )?agree(?:d)?"
    r"(?! to)(?: more)?)\b", re.I)
# Said to the other person about them ("I'm so proud of you for…", "Your words mean a lot to me.",
# "Really glad to have you as a friend…"): a compliment, whatever its length, unless the speaker also
# tells something they did ("I went…").
_AFFECTION = lazy(
    r"\b(?:proud|glad|happy (?:for you|that you|you)|grateful|thankful|appreciate|means? (?:a lot|so much|"
    r"the world)|admire|inspired by you|impressed|lucky to have you|to have you|there for (?:me|you)|"
    r"love (?:you|that you|how you|your)|your (?:support|help|encouragement))\b", re.I)
# ... and the speaker tells nothing of their own: any "I <verb>" other than a feeling towards the other person
# ("It means a lot that you enjoy the desserts I bake" says that they bake).
_OWN_EVENT = lazy(r"\bi(?:'ve| have)? (?!(?:really |so |just |truly |totally |also )?"
                        r"(?:glad|happy|proud|grateful|thankful|appreciate|love|admire|hope|wish|can't wait|miss|"
                        r"can|could|would|do|don't|know|bet|guess|think|agree|totally|mean|really|won't|will|never)\b)"
                        r"\w+", re.I)
# A generic remark ("Life's tough but it's worth it…", "Our loved ones give us strength…", "The colors are
# so bold…"): nothing the speaker did, has or plans — no "I", no past, no number or day, no plan — only an
# evaluation in the present. "We" counts only as everyone ("we all are", "give us", "our lives").
_FIRST_SINGULAR = lazy(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)\b", re.I)
_SPECIFIC_WE = lazy(r"\b(?:we(?!(?:\s+all)?\s+(?:are|have|need|can|should|must|really\s+are|get)\b)|"
                          r"we're(?!\s+all)|we've|we'd|we'll|"
                          r"our(?!\s+(?:dear ones|lives|life|bonds?|hearts?|world|own))|ours)\b", re.I)
# a past, a plan, a life so far ("it's been a dream"), something going on ("the little one is doing great"),
# someone or something named ("He's a great leader", "The Hobbit is great"): then it is about something
_PAST_OR_PLAN = lazy(r"\b(?:\w{2,}(?<!e)ed|was|were|had|did|went|got|made|took|saw|met|found|bought|gave|won|"
                           r"been|will|going to|gonna|plan\w*|tomorrow|next|he|she|his|her|him|they|them|their|"
                           r"(?:is|are|'s|'re)\s+(?:(?:still|really|just|now|currently|always)\s+)?"
                           r"(?!(?:amaz|inspir|excit|interest|lov|car|reward|relax|encourag|fascinat|touch|heal|"
                           r"empower|stunn|bor|charm|free|overwhelm|refresh|satisfy|uplift)ing)\w+ing)\b"
                           r"|(?<=\w)\W+(?-i:[A-Z])\w*", re.I)
_GENERIC_FORM = lazy(r"\b(?:is|are|'s|'re|gives?|makes?|helps?|reminds?|brings?|shows?)\b|'s\b", re.I)
_GENERIC_VALUE = lazy(
    r"\b(?:great|awesome|amazing|cute|sweet|cool|nice|lovely|beautiful|wonderful|fantastic|incredible|inspiring|"
    r"tough|strong|strength|important|vital|essential|special|powerful|loving|bold|beauty|worth|precious|"
    r"fun|perfect|gorgeous|stunning|meaningful|healing|empowering|too short|all about|what matters|joy|"
    r"happiness)\b", re.I)
_PAST_WE = lazy(r"\bwe(?:'ve| have)? (?:\w+ed|went|got|made|took|saw|met|found|bought|had)\b", re.I)
# Advice or a wish to the other person, in the imperative ("Cherish the moments - they're the best!")
_ADVICE = lazy(r"^\W*(?:just )?(?:cherish|enjoy|treasure|embrace|remember|stay|keep (?:it up|going|smiling|"
                     r"persevering|pushing|at it|working)|never give up|don't (?:stop|give up|worry)|push through|"
                     r"when things get|gotta stay|believe in|hang in|take care|have (?:a|fun))\b", re.I)
# what a customer reports ("The kettle is broken and so loud") is never a generic remark
_REPORT = lazy(r"\b(?:broken|damaged|late|missing|wrong|stuck|leak\w*|error|charged?|refund\w*|order\w*|"
                     r"deliver\w*|account|invoice|price|payment|package|parcel|item|product)\b", re.I)
_REACTION = {
    "ko": lazy(r"^(?:와|우와|오(?!늘|후|전|래|른|빠|히려|직|랜|후|픈)|헐|대박|멋지|멋있|좋네|좋겠|축하|귀엽|부럽|화이팅"
               r"|파이팅)[^.!?~]{0,12}[.!?~]*$"),
    "ja": lazy(r"^(?:わあ|わー|すごい|すてき|素敵|いいね|おめでとう|かわいい|可愛い|頑張って|いいですね)"
                     r"[^。！？!?]{0,12}[。！？!?]*$"),
}


# An opening of interjections and pleasantries ("haha thanks,", "Oh wow,", "Yeah,") before the rest of a sentence
_OPENING_REACTION = lazy(r"^\W*(?:(?:haha\w*|hehe\w*|lol|lmao|wow|oh|ah|aw+|omg|yay|ooh|whoa|hey|hi|hello|thanks|"
                         r"thank you|thx|congrats|congratulations|yes|yeah|yep|yup|sure|ok(?:ay)?|cool|nice|great|"
                         r"awesome|no way|right|true|hmm+|well)\b[\s,;:!.\u2014\u2013-]*)+", re.I)
# past tense that tells something happened, not the copula of an evaluation ("was great", "had fun") nor how
# something looked ("looked", "seemed"), nor a word of time
_NOT_AN_EVENT_WORDS = """was were been had looked seemed sounded felt hours hour minutes minute days day weeks week
weekends weekend months month years year mornings morning evenings evening nights night weekly daily monthly"""
_NOT_AN_EVENT = frozenset(_NOT_AN_EVENT_WORDS.split())


def _past_event(text: str) -> bool:
    return any(m.group(0).lower() not in _NOT_AN_EVENT for m in _EVENT_OR_TIME.finditer(text))


def _tells_something(rest: str) -> bool:
    """What follows a reaction tells something concrete: the speaker's things ("my sister is coming over"), "I" doing
    something, or something that happened to someone named ("Leo named him", "the surgery went great")."""
    rest = rest.strip()
    if not rest or is_reaction(rest, lang="en") or says_nothing_of_their_own(rest, lang="en"):
        return False
    return bool(_POSSESSION.search(rest) or _OWN_EVENT.search(rest) or _SELF_INTRODUCTION.match(rest)
                or _happened(_FILLER.sub("", rest).strip()))


# a subject of its own and its verb: a name ("Leo named him") or a definite noun ("the surgery went great"); not a
# pronoun ("They must have…", "It helped"), and the verb right after the name ("Glad it helped" has none)
_SUBJECT_DID = lazy(r"^(?:(?:the|his|her|their|a|an)\s+(?!(?:same|way|best|most|rest)\b)(?:[a-z]+\s+){1,3}?"
                    r"|(?-i:[A-Z][a-z]+)(?<!They)(?<!That)(?<!This)(?<!There)(?<!It)(?<!You)(?<!He)(?<!She)(?<!We)"
                    r"\s+(?:(?:just|finally|already|also|really|actually)\s+)?)([a-z]+)\b", re.I)


def _happened(body: str) -> bool:
    """Something happened: the speaker left out with a past verb ("Slipped on wet leaves"), or a subject of its own
    and a past verb ("So the surgery went great!!"). An adjective in -ed ("Excited for…") is not a past."""
    if not _past_event(body):
        return False
    if _IMPLIED_I.match(body) and not _GERUND_SUBJECT.match(body):
        return True
    did = _SUBJECT_DID.match(body)
    if did is None or body.split()[0].lower() in _COMMON_SUBJECT:
        return False
    # after a determiner the verb may follow a noun of up to three words ("a district office job opened up")
    return _past_event(did.group(1)) or body.split()[0].lower() in ("the", "his", "her", "their", "a", "an") \
        and _past_event(" ".join(body[did.start(1):].split()[:4]))


def is_reaction(sentence: str, *, lang: str | None = None) -> bool:
    """A pleasantry or reaction that says nothing about the speaker (see ``_REACTION_START``)."""
    lang = lang or detect_language(sentence)
    text = sentence.strip()
    if lang != "en":
        return bool(_REACTION[lang].match(text))
    words = len(re.findall(r"[A-Za-z0-9']+", text))
    if _SAYS_WHEN.search(text):
        return False  # a number or a day ("Great, it arrived yesterday") is something that happened
    opening = _OPENING_REACTION.match(text)
    if opening and _tells_something(text[opening.end():]):
        return False  # "haha thanks, Leo named him": the opening reacts, what follows tells something
    if _FIRST_PERSON.search(text):
        if _PLEASANTRY.search(text) and (words <= 12 or _REACTION_START.match(text)) and not _OWN_EVENT.search(text):
            return True
        if (_SECOND_PERSON.search(text) or "our friendship" in text.lower()) and _AFFECTION.search(text) \
                and not _OWN_EVENT.search(text):
            return True
        if _SECOND_PERSON.search(text) and not _FIRST_SINGULAR.search(text) and not _REPORT.search(text) \
                and not _PAST_WE.search(text):
            return True  # "You're an inspiration to us all!", "You've found the courage…": about the other person
        return _is_generic(text, words)
    if _REPORT.search(text):
        return False  # "The kettle is broken and so loud": what a customer reports is never a reaction
    if _ADVICE.match(text):
        return True
    if _SECOND_PERSON.search(text) or _PLEASANTRY.search(text) and words <= 12:
        return True  # about the other person, not the speaker ("Your kids are so lucky."), or a pleasantry
    if _happened(_FILLER.sub("", text).strip()):
        return False  # "Slipped on wet leaves, so dumb.", "So the surgery went great!!": something happened
    return bool(_REACTION_START.match(text)) and words <= 16 or bool(_EVALUATIVE.search(text)) and words <= 12 \
        or _is_generic(text, words)


# The structural test (issue 10: phrase lists did not carry over to conversations nobody tuned on). A
# statement says something about the speaker or their world when it has at least one of:
# - a name, a title or a number (a day is checked before: ``_SAYS_WHEN``) — "I'm into The Witcher 3";
# - something of theirs: "my"/"our" with a noun ("my kids", "our trip"; not "my friend", "our chat");
# - the speaker as the subject of a content verb: "I bought…", "we went…", "I'm learning…" — not of an
#   attitude towards what the other person said ("I hope it's easy", "I believe in you", "I'd recommend…",
#   "I'll let you know", "I can imagine…", "I'm sure you'll…");
# - the speaker as the object of a statement ("It helps me think"; not an imperative: "Keep me updated");
# - a third person ("she", "they", "his") or a definite subject ("The hats don't bother them", "The screen
#   is cracked") — not "it", "that", "this", a bare noun or a gerund: "It really captures resilience.",
#   "Horses have such grace!", "Finding a way to make a difference matters.".
# What a customer reports (broken, late, order, refund…: ``_REPORT``) always says something. Never enough,
# whatever else the sentence has: a sign-off ("I have to go"), "if you…", speculation about the other's
# experience ("I bet it was…", "must be…"), "you" as the subject, an offer or promise to the other person
# (``_offers_only``), "we" as everyone (``_WE_DID``), a wish for what the other has (``_WISH_TOO``).
# docs/measurements/extraction.md ("Fact quality audit") has the measurements behind each choice.
_FILLER = lazy(r"^(?:\W*(?:yeah|yes|yep|yup|no|nope|nah|oh|ah|aw+|wow|well|so|and|but|also|plus|haha|lol|hey|ok(?:ay)?|"
               r"sure|right|true|totally|definitely|honestly|actually|anyway|btw|by the way|hmm+|um+|just|"
               r"really|maybe)\b[\s,!.\-–—]*)+", re.I)
_VOCATIVE = lazy(r"(?:^|(?<=[,;!.]))\s*(?-i:[A-Z][a-z]+)(?=\s*(?:[,!.?;]|$))")
_NAMED = lazy(r"(?<=[\w,;:)\-–—]\s)(?-i:(?!I\b|I'|OK\b)[A-Z][\w'-]*)|[\"“][^\"”]{2,80}[\"”]")
_POSSESSION = lazy(r"\b(?:my|our)\s+(?!(?:friend|dear|pleasure|bad|god|goodness|end|part|heart|mind|"
                   r"chat|last chat|conversation|convo|talks?|friendship|lives|life|corner|way|best|thoughts|"
                   r"own|relationships?|hearts?|souls?|world|planet|society|share|advice|tips?|suggestions?|"
                   r"opinion|guess|two cents|community|actions?|values|dreams?|goals?|future|strength|efforts?|impact|"
                   r"journey|struggles|stories|inner|neighbou?rhood|families|loved ones|furry friends|pets|bodies|"
                   r"minds|well-?being|resilience|health|passions|hobbies|"
                   r"(?:last |latest |recent )?(?:photos?|pics?|pictures?|shots?|snaps?))\b)"
                   r"[a-z]", re.I)
_SUBJECT_VERB = lazy(r"\b(?:i|we)(?:'m|'ve|'d|'ll|'re| am| are| have| had| will| would| was| were| can| could|"
                     r" can't| cannot| do| don't| did| didn't| should| must| might| couldn't| wouldn't| won't|"
                     r" shouldn't| haven't| hadn't| wasn't| weren't| aren't)?"
                     r"((?:\s+(?:\w+ly|just|also|really|still|so|too|totally|all|even|always|never|not|gonna|"
                     r"going to|got to|gotta|been|have|to))*)\s+(\w+(?:'\w+)?)", re.I)
# verbs and adjectives of an attitude towards what the other person said, not of something done or had
_ATTITUDE_WORDS = """hope hoping wish wishing bet guess believe agree agreed imagine picture appreciate understand
jealous envious
think recommend suggest mean sure glad happy proud thrilled stoked excited sorry here rooting admire know feel see
love loving get remember in with keep continue"""
_ATTITUDE = frozenset(_ATTITUDE_WORDS.split())
# ... which still tell something when they take an object of the speaker's or a plan: "I love camping", "I'm
# thrilled to make a family", "I know the owner"; not "I love that", "I'm sure you'll…", "I'm glad to hear it"
_ATTITUDE_CONTENT = lazy(r"^(?:love|loving|know|see|feel|get|remember)\s+"
                         r"(?!(?:it|that|this|those|these|you|your|yours|how|what|why|hearing|seeing|reading|"
                         r"the (?:same|feeling|vibe)|so|too|ya|u|"
                         r"to (?:see|hear|take a look|have a look|check|read|watch|know|try it|chat|talk))\b)\w"
                         r"|^(?:keep|continue)\s+(?!(?:\w+ing|going|at it|up|on|it|that|this|you|in)\b)\w"
                         r"|^(?:sure|glad|happy|proud|thrilled|stoked|excited)\s+to\s+(?!(?:hear|see|know|help|read|"
                         r"have you|be there|chat|talk)\b)\w", re.I)
# the speaker left out ("Just got some new shoes", "Been busy volunteering…", "Still working on a studio",
# "Never been to something like that"): a past verb, "been", or "still/just/never" and a verb opens the sentence
_IMPLIED_I = lazy(r"^(?:(?:just|still|never|recently|finally|also|already) )*(?:been|got|went|made|had|did|bought|"
                  r"took|saw|met|found|started|finished|tried|joined|visited|moved|adopted|learned|learnt|read|"
                  r"spent|built|wrote|won|lost|[a-z]+ed)\b|^(?:just|still|recently|finally|currently) [a-z]+ing\b"
                  r"|^(?:working|trying|planning|thinking|looking|getting|taking|doing|learning|researching|"
                  r"preparing|saving|studying|training) \w",
                  re.I)
# a past event or a fact of time ("It happened at yoga in the park.", "It enabled needed repairs", "about an
# hour", "once a week"): something that happened or holds, whoever the subject
_EVENT_OR_TIME = lazy(r"\b(?:was|were|had|did|went|got|made|took|happened|(?<!must have )(?<!must've )been|gave|"
                      r"told|sent|said|came|left|bought|brought|found|lost|paid|sold|won|ran|saw|met|felt|"
                      r"broke|fell|hurt|threw|drove|flew|wrote|ate|drank|began|chose|forgot|rode|spoke|stole|tore|"
                      r"woke|wore|caught|taught|fought|built|slept|spent|grew|drew|blew|sang|swam|"
                      r"(?!(?:excit|interest|tir|stress|overwhelm|inspir|motivat|bless|amaz|thrill|pleas|reliev|"
                      r"impress|surpris|worri|scar|bor|determin|dedicat|talent|relat|suppos|passionat|"
                      r"attach|connect|focus|organiz|excit|surround|post|updat)ed\b)"
                      r"(?<!you )(?<! be )(?<!being )(?<! so )(?<!very )(?<!really )(?<! get )(?<!feel )(?<!feels )"
                      r"\w{3,}(?<!e)(?<!n)ed|hours?|minutes?|"
                      r"days?|weeks?|weekends?|months?|years?|mornings?|evenings?|nights?|weekly|daily|monthly)\b",
                      re.I)
# "Working together on a project can create amazing results": the -ing word is the subject of a remark
_GERUND_SUBJECT = lazy(r"^\w+ing\b[^.!?;:]{0,60}?\b(?:can|could|would|should|is|are|makes?|helps?|gives?|brings?|"
                       r"creates?|keeps?|lets?|allows?|matters?)\b", re.I)
_TO_THE_OTHER = lazy(r"(?:if you\b|(?:i'm |i am )?(?:keeping )?(?:my )?fingers crossed\b)", re.I)
# Speculation about the other person's experience ("I bet playing for that crowd was incredible", "That must have
# been scary") and a wish for what they have ("Wish I could join in!", "I would love to get something out of it
# too"): whatever tense follows, nothing happened to the speaker.
_SPECULATION = lazy(r"^(?:(?:i )?bet|i knew (?:it|that|you(?:'d| would))|i(?:'m| am) (?:so |really )?sure|i (?:can "
                    r"|could )?(?:only )?imagine|i guess|hopefully|"
                    r"(?:i )?wish i (?:could|had|was|were))\b|\bmust(?: have|'ve)? been\b|\bmust be\b"
                    # what the speaker would do in the other's place ("If I were you I'd take the job.", "I'd have done
                    # the same thing", "I'd pay to see that"): nothing happened to them
                    r"|\b(?:if i were you|in your (?:shoes|place))\b|\bi(?:'d| would)(?: have|'ve) (?:done"
                    r"|said) the same\b"
                    r"|\bi(?:'d| would) (?:pay|kill|give anything) to see\b", re.I)
_WISH_TOO = lazy(r"^i(?:'d| would)? (?:(?:really|totally|definitely|so|also) )*(?:want|need|love|like|wish) to\b"
                 r"[^.!?]{0,80}\b(?:too|as well)\W*$", re.I)
_SIGN_OFF = lazy(r"\b(?:i|we)(?:'ll| will| have to| gotta| got to| need to| must| should|'d better| better) "
                 r"(?:go(?:\s+\w+)?|run|dash|jet|bounce|head (?:out|off)|get going|get (?:some )?sleep|"
                 r"go to (?:bed|sleep)|hit the (?:hay|sack)|get back to (?:it|work)|sign off|log off)"
                 # ... and a short reason after it ("Anyway I gotta run, dinner's ready."; "…, my kids are calling"
                 # names
                 # something of theirs, which the possession test reads first)
                 r"(?:\s*[,;\u2014\u2013-]\s*[^.!?,;]{1,40})?\W*$", re.I)
# A farewell closing the sentence, and what may come before it: leaving ("gotta walk the dog", "going to bed")
_FAREWELL = lazy(r"(?:^|[\s,;.!\u2014\u2013-])(?:talk (?:to you )?(?:later|soon|tomorrow)|ttyl|"
                 r"see (?:ya|you)(?: (?:later|soon|tomorrow|then))?|bye(?:-bye)?|good ?night|night(?: night)?|later|"
                 r"catch you later|"
                 r"gotta (?:go|run|dash|bounce)|g2g|gtg|have a (?:good|great|nice) (?:one|night|day|evening|weekend))"
                 r"\W*$", re.I)
_LEAVING = lazy(r"^(?:(?:ok(?:ay)?|well|anyway|alright|so|right|hmm+)[\s,]+)*(?:(?:i|we)(?:'m|'re| am| are)?\s+)?"
                r"(?:(?:gotta|got to|have to|need to|must|'d better|better)(?:\s+[\w']+){1,3}|(?:going|off|heading|"
                r"headed)(?: to (?:bed|sleep|work)| out| off| home)(?: now)?|(?:going|off) to (?:bed|sleep) now)$",
                re.I)


def _is_sign_off(body: str) -> bool:
    farewell = _FAREWELL.search(body)
    if farewell is None:
        return False
    head = body[:farewell.start()].strip(" ,;.!-\u2014\u2013")
    return not head or bool(_LEAVING.match(head))


_APOLOGY_OPENING = lazy(r"^(?:i'm |i am )?(?:so |really |very |truly )?sorry(?: (?:if|for|about|to hear|to bother)\b"
                        r"[^,;:.!?\u2014\u2013]*)?[\s,;:.!?\u2014\u2013-]*", re.I)
_IMPERATIVE = lazy(r"^(?:tell|keep|grab|let|show|send|give|check|take|enjoy|have|say|make|remember|stay|try|hit|"
                   r"shoot|drop|bring|count|hang|hold|go|come|feel|don't|do|be|never|always|get|start|find|use|"
                   r"think|put|pick|join|add|buy|watch|listen|consider|focus|practice|celebrate|trust|follow|ask|"
                   r"talk|write|believe|embrace|cherish|remember)\b", re.I)
_DEFINITE = lazy(r"^(?:the|his|her|their|its|this|that|these|those)\s+(?!(?:is|was|'s|sounds|looks|seems|must|"
                 r"really|made|makes|has|had|will|would|could|can|should|might|just|so|too|one|kinds?|sorts?|types?|"
                 r"reminds|brings|means|gives|shows|helps)\b)[a-z]+\b(?!\s+(?:looks|sounds|seems)\b)", re.I)
# "them" alone is left out: advice puts it everywhere ("Regular grooming is essential to keep them looking good")
_THIRD_PERSON = lazy(r"\b(?:he|she|his|her|him|hers|they|their|theirs|he's|she's|they're|they've|"
                     r"they'd|he'd|she'd)\b", re.I)
# "Max is a real go-getter!": a name opening the sentence (a capitalised word that is not a common noun)
_NAME_SUBJECT = lazy(r"^(?-i:[A-Z][a-z]+)(?<!s)(?<!ing)\s+(?:is|was|has|'s|loves|likes|got|just)\b")
_COMMON_SUBJECT_WORDS = """life family art nature music love time friendship health happiness success change growth
education exercise safety it that this there what everything nothing something anything someone everyone everybody
nobody one food travel work school home hope kindness community support self here now today mine yours ours
who"""
_COMMON_SUBJECT = frozenset(_COMMON_SUBJECT_WORDS.split())


# A compliment by comparison or superlative to the other person ("You're a better coach than my actual coach",
# "You're the best", "Your mom is the coolest"): about them, even when it names something of the speaker's
_COMPLIMENT = lazy(r"^(?:you(?:'re| are)|ur|your \w+(?: \w+)? (?:is|are|'s))\s+(?:(?:so|such|way|much|literally"
                   r"|honestly|"
                   r"truly|really|just|definitely|officially|the|a|an)\s+)*(?:better|best|worse|worst|greatest|coolest|"
                   r"sweetest|nicest|funniest|smartest|kindest|\w+er than)\b", re.I)
# A greeting passed on or a treat offered ("Tell Carmen I said hi!", "Give Biscuit a hug for me", "Drinks on me next
# time", "I'm buying"), a consolation ("I mean, at least you got a free dinner out of it")
_PASSED_ON = lazy(r"\b(?:tell|give) \w+ (?:i said hi|hi from me|my (?:love|best|regards)|a (?:hug|pat|scratch|kiss))|"
                  r"\bsay hi to\b|\bsend (?:my )?(?:love|regards) to\b|"
                  r"\b(?:drinks?|dinner|lunch|coffee|beers?|pizza|it|this|next round)(?:'s| is| are)? on me\b|"
                  r"\bmy treat\b|\bi'm (?:buying|paying)\b|^(?:i mean,? )?at least you\b", re.I)
# How the other's news moved the speaker, told as a reaction ("I literally just screamed", "omg I just got chills",
# "I'm crying, this is so sweet", "I teared up reading that", "I can't believe he did that"), and curiosity about it
# ("I need details.", "I want the full story tomorrow.", "I'm dying to hear everything.") — "I can't believe I
# finally graduated" tells their own news
_MOVED_BY_IT = lazy(r"^(?:omg,? |oh my god,? |honestly,? )?i(?:'m| am)? (?:literally |actually |just |so |honestly )*"
                    r"(?:crying|screaming|dying|dead|shook|shaking|screamed|teared up|tearing up|cried"
                    r"|got (?:goosebumps|chills)|gasped|squealed)(?: (?:reading|hearing|seeing) (?:that|this|it))?"
                    r"(?:\s*[,.!?]|\s*$|\s+(?:lol|lmao|haha\w*|omg|rn|right now)\b)"
                    r"|^i (?:can't|cannot|can not) believe (?!(?:i|my|we|our)\b)", re.I)
_CURIOUS = lazy(r"^i(?:'m| am)? (?:so |literally )?(?:need|want|dying to hear|dying to know|dying to see) "
                r"(?:(?:all )?the )?(?:details|deets|(?:full |whole )?story|everything"
                r"|to hear (?:everything|all about it|more))\b", re.I)
# How a third person or a thing comes across ("He seems like a good guy.", "She looks like a little loaf", "Carmen
# sounds awesome"): an impression of what the other told or showed, not something that happened
_IMPRESSION = lazy(r"^(?:he|she|they|it|(?-i:[A-Z][a-z]+))(?:'s| is| are)?\s+(?:(?:\w+ly|kinda|kind of|so|just"
                   r"|still)\s+)*"
                   r"(?:seems?|looks?|sounds?)\b", re.I)


def says_nothing_of_their_own(sentence: str, *, lang: str | None = None, answering: bool = False,
                              told_by_other: str = "") -> bool:
    """A sentence that passes none of the structural tests above (see the comment): a reaction, a remark, banter.

    English by the structural tests above; Korean and Japanese, where the speaker is usually left out, by the
    shapes that say nothing (``_says_nothing_cjk``). Extraction uses it
    to decide whether a group of sentences is a fact at all, not to cut sentences out of a fact: the words
    around what the person said about themselves stay in the quote ("Highly recommend it!" after the book).
    ``answering``: the sentence answers a question, which gives it its subject ("How's the store going?" →
    "It's a wild ride."; "What books do you enjoy?" → "I love this series."); then only a sign-off, an offer
    to the other person or a pure attitude ("I'd recommend…", "I can imagine…") says nothing.
    ``told_by_other``: what the other person just told (their statements, not their questions). A name or noun
    taken from it is theirs: "Biscuit is such a sweetheart." after "Biscuit loved you." evaluates the other's dog,
    "보리 완전 천사더라" / "ムギは本当に天使だね" the same — an answer to "How's Biscuit?" is not affected.
    """
    lang = lang or detect_language(sentence)
    text = sentence.strip()
    if remarks_on_the_weather(text, lang=lang):
        return True  # "오늘 날씨 진짜 좋네요", "今日めっちゃ暑いですね〜", "It's freezing today" (newuser30 #13)
    if lang != "en":
        return bool(text) and len(text) <= _MAX_REMARK and _says_nothing_cjk(text, lang, answering, told_by_other)
    if reads_as_other_language(text):
        return False  # no English structure to test (mem.core.text.other_language): what it states is kept
    if not text or len(text) > _MAX_REMARK or _own_when(_SAYS_WHEN, text, told_by_other) or _REPORT.search(text):
        return False  # a run-on "sentence" of hundreds of words says something; the clause scans stay linear
    body = _VOCATIVE.sub(" ", text)
    plain = _FILLER.sub("", body).strip()
    if _COMPLIMENT.match(plain) or _ASKS_FOR_THE_OTHERS_NEWS["en"].search(body) or _PASSED_ON.search(body) \
            or _MOVED_BY_IT.match(plain) or _CURIOUS.match(plain):
        # "You're a better coach than my actual coach lol" (their coach is only the measure of the compliment),
        # "Text me when you land.", "Send pics!": to the other person, whatever of theirs it names
        return True
    if _POSSESSION.search(body):
        return False
    named = bool(_NAMED.search(body))
    body = _FILLER.sub("", body).strip()
    apology = _APOLOGY_OPENING.match(body)
    if apology:
        # "Sorry if I sounded grumpy, long day at work.", "Sorry for the rant lol": an apology for the conversation
        # says nothing; what follows it is read on its own ("Sorry, I lost the receipt")
        rest = body[apology.end():]
        return not rest.strip() or says_nothing_of_their_own(rest, lang="en", answering=answering)
    if _is_sign_off(body):
        return True  # "Going to bed now, night!", "ok gotta walk Biscuit, talk later!", "Have a good one :)"
    words = re.findall(r"[A-Za-z0-9']+", body.lower())
    if words and all(w in _FORMULA_STATE for w in words):
        return True  # "I've been good, busy.", "Not bad, thanks": the formula answer to "How are you?"
    if _SIGN_OFF.search(body) or _TO_THE_OTHER.match(body) or _SPECULATION.search(body) \
            or re.match(r"\W*(?:hopefully|hope)\b", text, re.I):
        return True  # "Well, I'll go train!", "If you need help, just let me know.", "Fingers crossed for you."
    if re.match(r"(?:you|your|you're|you've|you'll|you'd)\b", body, re.I):
        return True  # "You did great raising awareness", "You've come so far": about the other person
    if _IMPRESSION.match(body) and not _past_event(body):
        return True  # "He seems like a good guy.", "She looks like a little loaf lol": how the other's news lands
    if _THANKS.match(body) or _GENERIC_TRUTH.search(body) and not _OWN_SUBJECT.search(body) and not named \
            and not _DEFINITE.match(body):
        # "Really appreciate you noticing the effort", "Networking really pays off.", "Connecting with like-minded
        # people is key.", "RPGs can be awesome": thanks, or a truth about everyone, even as an answer
        return True
    if _IMPLIED_I.match(body) and not _GERUND_SUBJECT.match(body) or _EVENT_OR_TIME.search(body):
        return False
    if _WISH_TOO.match(body):
        return True  # "I would love to get something out of it too.": a wish for what the other has
    if not answering:
        name = _NAME_SUBJECT.match(body)
        if name and body.split()[0].lower() not in _COMMON_SUBJECT and not _theirs(body.split()[0], told_by_other):
            return False
    subject = False
    for match in _SUBJECT_VERB.finditer(body):
        if re.search(r"\b(?:if|when|once|until|whenever)\s+$", body[max(0, match.start() - 9):match.start()], re.I):
            continue  # "If I need anything, …", "…when I get back": a condition or a time, not something they do
        subject = True
        verb = match.group(2).lower()
        if _OFFER_AUX.match(match.group(0)) and _offers_only(verb, body[match.end(2):]):
            continue  # "I'll hit you up", "We'll work it out.", "I can suggest some routines for you"
        if match.group(0).lower().startswith("we") and not _WE_DID.match(match.group(0)):
            continue  # "we can make a difference", "we're all in it together": everyone, not what they did
        if answering and verb not in _PURE_ATTITUDE and not _OFFER_REST.search(body[match.end(2):]):
            return False  # "What books do you enjoy?" → "I love this series."; "How're you feeling?" → "I'm stoked!"
        if verb not in _ATTITUDE or _ATTITUDE_CONTENT.match(body[match.start(2):]):
            return False  # "I bought…", "we're moving…", "I love camping"
    if named and answering:
        return False  # "Any book recommendations?" → "I think you'd love this novel by Patrick Rothfuss."
    if subject:
        return True  # every "I"/"we" says how they feel about what the other said, or offers them something
    if named:
        return False  # "Max is a real go-getter!" ("I'm glad Toby is happy." is only a feeling about Toby)
    if _IMPERATIVE.match(body) or re.match(r"(?:you|your|you're|you've|you'll)\b", body, re.I):
        return True  # "Try it out and let me know!", "You can always count on me": to the other person
    if answering:
        return False  # a fragment or "it" is what the question was about ("It's a wild ride.")
    if re.search(r"\b(?:me|myself)\b", body, re.I):
        return False  # "It helps me think straight." ("Dogs always cheer us up" is everyone's "us")
    if _GERUND_SUBJECT.match(body):
        return True  # "Having guest speakers, like them, would give the kids…": a remark
    return not (_THIRD_PERSON.search(body) or _DEFINITE.match(body))


# The structural test in Korean and Japanese. The speaker is usually left out ("토요일에 마라톤 뛰었어",
# "土曜日にハーフマラソンを走ったの"), so a statement is the speaker's own unless it is one of the shapes that say
# nothing: a reaction or evaluation of what the other said ("와 빠르네요", "それは大変だね"), a compliment or a
# guess about the other person ("상담원님 진짜 친절하시네요", "너 진짜 행복하겠다", "きっと毎日幸せでしょう"), a
# generic remark ("뭐든지 꾸준함이 제일 중요한 것 같아", "健康って本当に大事だよね"), advice or encouragement
# ("처음엔 천천히 시작해 봐", "無理しないでね"), thanks, a promise to the other or a sign-off ("이따 또 얘기하자",
# "今度見せるね", "そろそろ寝なきゃ"). A number or a day, or the speaker named ("나는", "私は"), always says something
# (except in a sign-off or thanks).
_CJK_WHEN = {
    "ko": _any(r"\d", r"어제|그저께|그제|오늘|내일|모레|지난|다음 ?주|다음 ?달|이번 ?주|작년|내년|올해",
               r"[월화수목금토일]요일|주말|아침|저녁|오전|오후|전에|후에|동안",
               # (a numeral run from its first numeral: from every one it was read to its end, rev32)
               r"(?<![一二三四五六七八九十])[一二三四五六七八九十]+ ?(?:시|분|년|개월|달|주|일)\b"),
    "ja": _any(r"\d|[０-９]", r"昨日|一昨日|おととい|今日|明日|明後日|先週|来週|今週|先月|来月|今月",
               r"去年|昨年|来年|今年|[月火水木金土日]曜|週末|朝|夜|午前|午後|前に|後に|年前",
               r"(?<![一二三四五六七八九十半])[一二三四五六七八九十半]+(?:時間|年|ヶ月|か月|カ月|週間|日間)"),
}
_CJK_FIRST = {
    "ko": _any(r"(?:^|[\s,])(?:나|난|날(?! (?:뻔|거|수|때|것))|내|내가|나는|나도|나를|나한테|나랑|저|전|저는|저도|제가"
               r"|제|저를|저한테|저랑"
               r"|우리|우리는|우리가|우리도|우리집|저희|저희는|저희가|저희도)(?=[\s,.!?~]|$)"),
    "ja": _any(r"私|わたし|あたし|僕|ぼく|俺|おれ|自分|うちの|うちは|うちも|我が家"),
}
_CJK_YOU = {
    "ko": _any(r"^(?:너|넌|너는|너도|너가|네가|니가|너랑|너한테|당신|당신은|당신도"
               r"|상담원님|고객님|님|그쪽|선생님)(?=[\s,.!?~]|$)",
               r"^(?:너|너희|당신)(?:밖에|만|처럼|같이|보다|한테는|랑은|도|들|들은|네|의|를|말고|야|는|가)(?=[\s,.!?~]"
               r"|$)",
               r"^\S+(?:님은|님도|님이|님께서)(?=\s)(?=.*(?:시네요|셨네요|시군요|시구나|세요|시죠)[.!?~]*$)",
               # "지난번에 도와주셨던 분이네요!": who the other person is, in the honorific
               r"(?:셨던|시던|신|시는) 분이(?:네요|시네요|군요|시군요|구나|세요|시죠)[.!?~]*$",
               # a kinship title or "선배" called out before praise ("언니 진짜 멋있었어요!!") — not "언니가 …"
               # (the sister)
               r"^(?:언니|오빠|누나|형|형님|선배|선배님|쌤|자기)(?:야|!+|,)?\s+(?:진짜|정말|너무|완전|최고|대박|역시)"),
    "ja": _any(r"^(?:あなた|あんた|君|きみ|お前|そっち|そちら|おたく)",
               # a name called before praise ("彩ちゃん、本当にすごい！")
               r"^[一-龯ぁ-んァ-ヶー]{1,8}(?:ちゃん|さん|くん)[、！!\s]*(?:本当に|ほんとに|すご|さすが|かっこ|えら|偉)"),
}
# fillers and interjections in front ("에이", "ㅋㅋ", "えへへ", "じゃあ"), stripped before the shapes are read
_CJK_FILLER = {
    "ko": _any(r"^(?:(?:아|오|와|우와|와우|헐|헉|엥|어머|어머나|에이|음|응|웅|어|그래|맞아|ㅋ+|ㅎ+|ㅠ+|ㅜ+"
               r"|헤헤|히히|흐흐|하하|호호|ㅇㅇ|ㅇㅋ|오케이|넵|넹|진짜|정말|아무튼|그리고|그런데|근데|혹시|그럼|자"
               r"|뭐|네|예|아니|아이고|대박|역시|알겠어|알겠어요|알겠습니다|알았어|알았어요|그렇구나|그렇군요|그래요"
               r"|좋아요|오호|아하|맞아요|맞습니다|그렇죠|그쵸)"
               r"(?:[\s,.!?~]+|$))+"),
    "ja": _any(r"^(?:(?:えー+|ええ|え|えっ|うん|うんうん|はい|いいえ|あ|ああ|あー|わあ|わぁ|わー|うわ"
               r"|うわー|へえ|へー|えへへ|へへ|ふふ|あはは|はは|笑|じゃあ|じゃ|さて|そうそう|ところで|それと"
               r"|でも|まあ|あの|えっと|ほんと|本当|おお|おー|やば|やばい|まじ|マジ|ねえ|ねぇ|わかりました"
               r"|分かりました|わかった|分かった|了解|了解です|了解しました|なるほど|そっか|そうなんだ"
               r"|そうなんですね|そうですか)(?:[\s、。,!！?？～〜]+|$))+"),
}
# ... and the shapes (each read on the sentence after its fillers)
_CJK_NOTHING = {
    "ko": _any(
        # thanks, sign-offs, promises to the other, pleasantries
        r"고마워|고맙|감사|수고하세요|수고하셨|좋은 하루|좋은 밤|잘 자|또 보자|또 봐|이따 봐|다음에 봐",
        r"또 얘기|또 이야기|가 ?볼게|가야겠|자야겠|자야지|들어가세요|연락할게|연락 줘|빌어 ?줘|응원해 ?줘",
        r"보고 싶|화이팅|파이팅|힘내|축하|미안|죄송|부럽|^(?:나도|저도) (?:그래|그래요|그렇게 생각|동의)",
        # an evaluation in the plain form ("진짜 웃기다!", "신기하다")
        r"(?:웃기|신기|멋지|예쁘|귀엽|대단하|훌륭하|좋|재밌|재미있|맛있|아쉽|슬프|무섭|힘들|부럽|착하|멋있|똑똑하"
        r"|다정하"
        r"|친절하|든든하|기특하|장하|아깝|안타깝|짠하|불쌍하|놀랍|부지런하|성실하)다[.!~]*$|(?<![었았했였])시다[.!~]*$",
        # a promise or a suggestion to the other ("가져다줄게!", "끝나면 같이 맛있는 거 먹자.")
        # ("…스카프로 할게" chooses: a decision; "월간 박스 구독할게요", "키트 신청할게요" sign up: one too)
        r"(?<!로 )(?<!신청)(?<!구독)(?<!가입)(?<!등록)(?<!신청 )(?<!구독 )(?<!가입 )(?<!등록 )" + _RIEUL_FINAL
        + r"게(?:요)?[.!~]*$|[가-힣]자[.!~]*$",
        # advice and encouragement to the other ("시작해 봐", "할 수 있어!", "찾아봐")
        r"(?:해|어|아|봐) ?봐[.!~]*$|보세요[.!~]*$|하지 ?마[.!~]*$|지 ?마세요[.!~]*$|할 수 있어[!~.]*$",
        # a guess about the other person ("행복하겠다", "좋겠네"); a reaction ("빠르네요", "그렇구나")
        r"겠다[.!~]*$|겠네요?[.!~]*$|겠어요?[.!~]*$|겠구나|네요?[.!~]*$|구나[.!~]*$|군요[.!~]*$",
        # an opinion or a generic remark ("…중요한 것 같아"), "that is…" ("그거 좋은 생각이다")
        r"것 같아요?[.!~]*$|같아요?[.!~]*$|같네요?[.!~]*$|^(?:그거|그게|그건|이거|이게|이건|그것|그 말|그런|그렇)",
        # encouragement ("그래도 두 번이면 잘한 거야", "잘될 거야", "괜찮을 거야")
        r"(?:잘(?:한|될|할|하고 있는)|잘 될|괜찮을|좋아질|나아질) ?거(?:야|예요|에요)|잘하고 있어|할 수 있을 거",
        # an acknowledgement, "I don't know", a tag ("너무 귀엽지")
        r"^(?:알겠|알았|그래요|좋아|오케이|ㅇㅋ|맞아|다행|잘됐)|모르겠|(?<![었았했였])지[.!~]*$|지요[.!~]*$",
        # hearsay about a place or thing ("리스본 완전 예쁘다던데"): what others say, not the speaker's own
        r"(?:다|라)던데(?:요)?[.!~]*$|(?<![었았했였])더라(?:고)?[.!~]*$",
        # a condition with nothing after it ("비만 안 오면 ㅋㅋ"): an answer that commits to nothing
        r"(?:으면|면)(?:요)?[.!~]*$"),
    "ja": _any(
        r"ありがとう|有難う|助かる|助かります|助かりました|助かった|おかげ|お疲れ|失礼します|おやすみ|またね|じゃあね"
        r"|また今度",
        r"また連絡|よろしくお願い|そろそろ|寝なきゃ|行かなきゃ|祈って|応援して|会いたい|頑張って|頑張るね|がんばるね",
        # advice, invitations and promises to the other ("始めてみて", "無理しないでね", "今度見せるね")
        r"てみて[。！!～]*$|でみて[。！!～]*$|てね[。！!～]*$|でね[。！!～]*$|ないで[。！!～]*$|なさい[。！!～]*$",
        r"(?<!ん)(?<!の)(?:[るうくつぬむぶぐ]|(?<![まで])す)ね[。！!～]*$|[こよろそともぼごのお]う[。！!～]*$"
        r"|そう[。！!～]*$",
        r"がんばって|がんばれ|頑張れ|おめでとう|ごめん|すみません|申し訳|羨まし|うらやまし|素敵|すてき",
        r"^私も(?:そう思|同じ|です|[！!。])",
        # a guess about the other ("でしょう", "きっと…"), a reaction or an evaluation ("それは大変だね")
        r"でしょう?[。！!～]*$|だろう[。！!～]*$|^きっと|^さすが|^なるほど|^そうなん|^そっか|^すごい|^いいな",
        r"^(?:それ|そりゃ|これ|あれ|そう言って|そう)",
        # a generic remark ("健康って本当に大事だよね", "…と続けやすいよ")
        r"(?<!ん)(?<!の)(?:だ)?よね[。！!～]*$|ですね[。！!～]*$|(?:と|ば|たら)[^、。]{0,30}(?:よ|いい)[。！!～]*$",
        # an impression ("…みたいだね"), encouragement ("絶対大丈夫だよ", "なんとかなるよ")
        r"みたい(?:だね|ですね|だよね)[。！!～]*$|らしいね[。！!～]*$|(?:かった|だった|でした)(?:よ)?ね[。！!～〜]*$",
        r"(?<!た)いな[ぁあー〜～]*[。！!～〜]*$|すぎ[。！!～〜]*$",
        r"大丈夫だよ|大丈夫だって|なんとかなる|うまくいく(?:よ|って)|できるよ[。！!～]*$|いけるよ[。！!～]*$",
        # an acknowledgement, "I don't know"
        r"^(?:了解|わかりました|分かりました|わかった|分かった|そうですか|いいよ|よかった|良かった)",
        r"^大丈夫(?:です)?[。！!]*$|わからない|分からない|わかりません|分かりません",
        # "いいじゃん", "天使じゃん": an evaluation put to the other; "連れてってよ": a casual request to them;
        # "行こうぜ"
        r"(?:たら|れば|なら)(?:ね|な)?[。！!～〜]*$|(?:のに)[。！!～〜]*$|じゃん[。！!～〜]*$|(?<!ん)だね[。！!～〜]*$"
        r"|(?<![なた])いね[。！!～〜]*$|てよ[。！!～〜]*$|(?:こう|よう|おう|ろう)ぜ[。！!～〜]*$|(?:かった|だった)(?:な"
        r"|なあ|なぁ)[。！!～〜]*$"),
}
_CJK_PAST = {
    # not "잘됐다" (that's great)
    "ko": _any(r"(?<!잘)(?:었|았|했|였|갔|왔|봤|샀|났|줬|졌|됐)"),
    "ja": _any(r"(?:(?<!よか)(?<!良か)[っいしきぎちにびみりえけげせてねべめれ]た|(?<!な)(?<!の)[んい]だ|だった)"
               r"(?:の|んだ|よ|な|ね|けど|から)?[。！!～]*$",
               r"ました|でした|てる|ている|ています|でいる|てます"),
}


# A whole sentence that only reacts to or acknowledges what the other said, in casual speech: agreement ("인정",
# "맞는 말이야", "それな", "言えてる"), disbelief or laughter ("어이없네", "ありえない", "ウケる"), "oh, so that's how
# it
# was" ("아 그랬구나", "そうだったんだ"), holding the turn ("잠깐만요", "ちょっと待って"). Read on the body after
# fillers
# and laughter; with anything more (a day, a thing of theirs) it is not this shape.
_CJK_BARE_REACTION = {
    "ko": lazy(r"^(?:인정|ㄹㅇ|레알|맞는 말(?:이야|이다|이에요|이네|이지)?|일리 있(?:네|어|다|네요)"
               r"|어이(?:가)? ?없(?:네|다|어)"
               r"|(?:그니까|그러니까|그치) ?(?:내 말이(?:요)?)?|내 말이(?:요)?|(?:개)?웃기(?:네|다|다고)|미쳤(?:다|네"
               r"|어)|대박(?:이다|이네|이야)?|헐|실화(?:냐|야|임)?|말도 안 ?돼"
               # the formula answers to "how are you / how is she" ("그럭저럭", "나야 뭐 똑같지", "응 잘 지내!")
               r"|(?:나야 ?(?:뭐 )?|늘 |그냥 )?(?:그럭저럭|똑같지|똑같아|똑같죠|똑같아요|별일 없어|별일 없지|그냥 그래"
               r"|그저 그래"
               r"|잘 지내(?:요|지|고 있어)?|잘 지냈어(?:요)?)"
               r"|그랬구나|그랬군요|그렇구나|그랬어\?|그래\?|진짜\?|정말요?\?|잠깐만(?:요)?|잠시만(?:요)?"
               # surprise and nothing else ("너무 놀랐어요 ㅠㅠ", "깜짝이야"): how the news felt, not the news
               r"|(?:너무 |정말 |진짜 |완전 |엄청 |좀 )?(?:깜짝 )?(?:놀랐|당황했|황당했)(?:어요|어|다|네요|네|습니다)"
               # understood, relief ("이해했습니다", "안심했어요", "덕분에 살았어요")
               r"|(?:네 |잘 )?이해했(?:습니다|어요|어)|(?:이제 |그럼 )?안심(?:이에요|이네요|했어요|됐어요|돼요|이다)"
               r"|덕분에 살았(?:어요|어|습니다|네요)"
               r"|깜짝이야"
               # news announced and not yet told ("아 참 저 소식 있어요."): the news that follows is the fact
               r"|(?:참 )?(?:저|나|저희|우리)? ?(?:소식|뉴스|할 말|할 얘기|말할 거|알릴 거)(?:이|가)? "
               r"(?:있어요|있어|있다|있음|있습니다|있는데))[.!?~]*$"),
    "ja": lazy(r"^(?:それな|わかる(?:わ|よ)?|わかります|言えてる|確かに|たしかに|ありえない|ありえん|ウケる|うける"
               r"|まじか|マジか"
               r"|やば(?:い|すぎ|っ)?|すご(?:い|っ)|そうだったんだ|そうなんだ|そうだったんですね|そうなんですね"
               r"|本当に?\?"
               r"|(?:まあ)?まあまあ(?:かな|だよ|です)?|相変わらず(?:だよ|です|かな)?|ぼちぼち(?:かな|だよ)?"
               r"|元気(?:元気|だよ|です|してる)?|普通(?:かな|だよ)?"
               r"|ほんとに?\?|まじで\?|マジで\?|ちょっと待って(?:ください)?|少々お待ちください"
               # understood, relief, waiting ("承知しました。", "それなら安心です。", "では待ちます。")
               r"|承知(?:しました|いたしました|です)|かしこまりました|(?:それなら|これで|ひとまず)?安心(?:しました|です|した)"
               r"|ホッとしました|ほっとしました|(?:では|じゃあ|それでは)?(?:待ちます|待ってます|お待ちします|お待ちしています)"
               # surprise and nothing else ("本当にびっくりしました")
               r"|(?:本当に|ほんとに|すごく|めっちゃ|ちょっと|かなり)?(?:びっくり|ビックリ)(?:した|しました|です|だよ)?"
               r"|驚いた|驚きました"
               # news announced and not yet told ("報告があります", "ところで相談なんだけど")
               r"|(?:ところで|実は|ちょっと|あのね)?[、\s]*(?:報告|ニュース|お知らせ|話|相談)(?:が|したいことが)?(?:ある|あります|あるの|あるんだ"
               r"|あるんだけど|あるんですけど|なんだけど|なんですけど|があって))[。！!？?～〜]*$"),
}


# A name or title called out and nothing else ("상담원님!", "민지 씨!", "언니!", "あ、田中さん！", "彩ちゃん！"): who is
# spoken to, not something said — unless it answers a question ("誰が来たの？" → "田中さん。")
_CJK_CALLED = {
    "ko": lazy(r"^[가-힣]{0,6}\s?(?:님|씨|언니|오빠|누나|형|선배|선배님|쌤|선생님)[.!?~]*$"),
    "ja": lazy(r"^[一-龯ぁ-んァ-ヶー]{1,8}(?:さん|ちゃん|くん|君|様|さま|先生|先輩)[。！!？?～〜]*$"),
}


# Praise in the past and nothing else ("완전 멋있었어!", "かっこよかったよ"): after the other person told what they did
# (and not answering a question), it praises their performance — "좋았어", "楽しかった" are left alone: they are as
# often the speaker's own day
_CJK_PRAISE_PAST = {
    "ko": lazy(r"^(?:(?:진짜|정말|너무|완전|엄청|되게|넘|짱|역시) ?)*(?:멋있었|멋졌|대단했|훌륭했|장했|잘했|최고였)"
               r"(?:어요|어|다|네요|네|습니다|더라|던데)?[.!~]*$"),
    "ja": lazy(r"^(?:(?:本当に|ほんとに|すごく|めっちゃ|マジで|超|とても|やっぱり)[、\s]?)*"
               r"(?:かっこよかった|カッコよかった|すごかった|凄かった|素晴らしかった|すばらしかった|えらかった|偉かった|上手だった|最高だった)"
               r"(?:よ|ね|な|わ|です|ですね|ですよ)*[。！!〜～]*$"),
}


def _own_when(pattern: LazyPattern, text: str, told_by_other: str) -> bool:
    """``text`` names a number or a day (``pattern``) that is not only an echo of what the other person told ("90 is
    amazing, wow." after "My grandma turns 90 on Sunday.", "3시간이나 기다렸다고? 미쳤네", "90歳ってすごいね")."""
    for match in pattern.finditer(text):
        start, end = match.span()
        if text[start:end].isdigit():  # the whole number, not its first digit
            while start > 0 and text[start - 1].isdigit():
                start -= 1
            while end < len(text) and text[end].isdigit():
                end += 1
        if not told_by_other or text[start:end] not in told_by_other:
            return True
    return False


def _theirs(word: str, told_by_other: str) -> bool:
    """``word`` (a name or noun of two letters or more) comes from what the other person just told."""
    word = word.strip(" ,.!?'\"")
    return len(word) >= 2 and word in told_by_other


# a reason clause before what the sentence does ("水曜日は定休日だから気をつけてね。", "내일 시험이라서 일찍 잘게")
_CJK_REASON = {
    "ko": lazy(r"^(.{3,60}?(?:니까|라서|이라서|어서|아서|해서))\s"),
    "ja": lazy(r"^(.{3,60}?)(?:だから|から|ので)[、\s]*(?=\S)"),
}


# the noun before a subject or topic particle, which an evaluation is about ("보리가", "ムギは")
_CJK_TOPIC = {
    "ko": lazy(r"([가-힣A-Za-z]{2,10}?)(?:이|가|은|는|도)?\s"),
    "ja": lazy(r"([一-龯ァ-ヶーA-Za-z]{2,10}|[ぁ-ん]{2,6}(?=ちゃん|くん|さん))(?:ちゃん|くん|さん)?(?:が|は|も|って)?"),
}


def _says_nothing_cjk(text: str, lang: str, answering: bool, told_by_other: str = "") -> bool:
    """``says_nothing_of_their_own`` in Korean and Japanese (see ``_CJK_NOTHING``)."""
    # laughter, crying and emoji after the last word are read past ("주차 어렵지 ㅋㅋ", "…스타일 같아 ㅠ")
    body = _CJK_TAIL[lang].sub("", _CJK_FILLER[lang].sub("", text).strip()).strip()
    body = _CJK_ACK_TAIL[lang].sub("", body).strip() or body  # "3〜5営業日ですね、了解です。": the echo is read
    if not body or _CJK_BARE_REACTION[lang].match(body) or not answering and _CJK_CALLED[lang].match(body):
        return True
    if told_by_other and not answering and _CJK_PRAISE_PAST[lang].match(body):
        return True  # "かっこよかったよ😭" after "4時間28分！": praise for what the other just told they did
    if _CJK_REPORT[lang].search(body):
        return False  # "배송이 늦네요", "注文した商品が壊れてるよね": what a customer reports always says something
    if _CJK_YOU[lang].search(body):
        return True  # "너는 항상 나를 응원해 주잖아", "あなたって本当に優しいね": about the other person
    reason = _CJK_REASON[lang].match(body)
    if reason and (_own_when(_CJK_WHEN[lang], reason.group(1), told_by_other)
                   or _CJK_FIRST[lang].search(reason.group(1))):
        return False  # "水曜日は定休日だから気をつけてね。": the reason told before the advice is the speaker's own
    if _CJK_SIGN_OFF[lang].search(body) or _ASKS_FOR_THE_OTHERS_NEWS[lang].search(body):
        return True  # thanks, a sign-off or "me too", whatever else it names ("오늘 정말 고마워", "私もそう思う")
    nothing = _CJK_NOTHING[lang].search(body)
    if nothing is None:
        return False
    if _own_when(_CJK_WHEN[lang], body, told_by_other) or _CJK_FIRST[lang].search(body) \
            or _CJK_PAST[lang].search(_CJK_PAST_EVALUATION[lang].sub("", body)):
        # a day, a number, the speaker named or something that happened ("수요일에 쉬니까 오후에 갈 수 있어")
        return False
    evaluation = _CJK_EVALUATION[lang].search(nothing.group(0))
    topic = _CJK_TOPIC[lang].match(body)
    if evaluation and topic and _theirs(topic.group(1), told_by_other):
        return True  # "보리 완전 천사네" after "보리가 너 엄청 좋아하더라": the other's dog, not one's own
    if evaluation and _CJK_SUBJECT[lang].search(body):
        # "생각보다 소리가 크네요", "この掃除機、音が大きいですね": an evaluation with a subject of its own is an
        # observation (a customer's product, their day), not a reaction to what the other said ("와 빠르네요")
        return False
    # "요즘 회사는 어때?" → "솔직히 좀 힘드네.": an evaluation answers the question it was asked
    return not (answering and evaluation)


# a past inside an evaluation or a guess at the end ("날씨 완전 좋았네", "재밌었겠다", "楽しかったね", "大変だったね"):
# how the other's experience was, not something that happened to the speaker
_CJK_PAST_EVALUATION = {
    "ko": lazy(r"(?:었|았|였|했|웠)(?:네요?|구나|군요|겠다|겠네요?|겠어요?|겠구나)[.!~]*$"),
    "ja": lazy(r"(?:かった|だった|でした)(?:よ)?(?:ね|ねえ|ねぇ|ですね|な|なあ|なぁ|のに)[。！!～〜]*$"),
}
# an acknowledgement after the last clause ("3〜5営業日ですね、了解です。", "3~5영업일이요, 알겠습니다"): read
# past, like the fillers in front. Each tail starts only where its marks start (the lookbehinds): from every
# character of a run of blanks or marks it was read to the run's end, quadratic (rev32)
_CJK_ACK_TAIL = {
    "ko": lazy(r"(?<![\s,.!~])[\s,.!~]+(?:네 )?(?:알겠어요|알겠습니다|이해했습니다|이해했어요)[.!~]*$"),
    "ja": lazy(r"(?<![、,\s])[、,\s]+"
               r"(?:了解です|了解しました|了解|わかりました|分かりました|承知しました|かしこまりました)[。！!～〜]*$"),
}
# what may follow the last word of a sentence and is not a word: laughter, crying, emoticons, emoji, marks
_EMOJI = "\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\uFE0F\u200D"
_CJK_TAIL = {
    "ko": lazy(r"(?<![\s.!?~,])(?:[\s.!?~,]*(?:[ㅋㅎㅠㅜㅡ]+|\^\^|;;|[" + _EMOJI + r"]+))+[\s.!?~]*$"),
    "ja": lazy(r"(?<![\s。、！？!?～〜])"
               r"(?:[\s。、！？!?～〜]*(?:笑|（笑）|\(笑\)|[wｗ]{1,6}|[" + _EMOJI + r"]+|[（(][^）)]{1,6}[）)]))+"
               r"[\s。！？!?～〜]*$"),
}
_CJK_SIGN_OFF = {
    # ... and "me too", which names the speaker and still says nothing of theirs ("나도 그래", "私もそう思う")
    "ko": _any(r"고마워|고맙|감사|수고하세요|좋은 하루|잘 자|또 보자|또 봐|이따 봐|가 ?볼게|자야겠|들어가세요|축하",
               r"^(?:나도|저도) (?:그래|그래요|그렇게 생각|동의)",
               # farewells, affection, an invitation or an offer to the other ("그럼 이만 ㅂㅂ", "사랑해", "밥 먹자
               # 내가 쏠게", "힘들 때 언제든 연락해")
               r"^(?:그럼 )?이만(?: 갈게| 줄일게| 끝| 안녕)?|ㅂㅂ|ㅃㅃ|바이바이|빠이|잘 있어|나중에 (?:봐|얘기|연락)",
               r"사랑해|보고 싶어|보고싶어|밥 (?:한번 |한 번 )?(?:먹자|먹어요|사줄게|살게|쏠게)",
               r"한잔(?: 하자|하자)|내가 쏠게",
               r"언제든(?:지)? ?(?:연락|말해|얘기해|불러|전화)|새해 복",
               r"메리 ?크리스마스|생일 축하|^(?:나|저)야말로|조심히 (?:가|들어가|다녀와)|몸 조심|푹 쉬|잘 다녀와",
               r"(?:열심히 할게|힘낼게|화이팅|파이팅)[.!~]*$|^(?:있잖아|내 말 (?:좀 )?들어)",
               r"그렇게 말해 ?(?:주니까|줘서|주셔서)|사진 (?:잘 )?봤|사진 보니까|영상 (?:잘 )?봤",
               r"(?:는|ㄴ|단|란|다는|었다는|았다는) (?:거|것)(?:네|구나|군|이네|이구나)(?:요)?[.!~]*$",
               # leaving and "see you then" ("나 이제 가봐야 돼", "이따 톡해", "그럼 그때 봐"); "I knew it" ("역시 될 줄
               # 알았어");
               # "you should have…" ("나도 데려가지 그랬어"); praise for the other's effort ("진짜 고생했다"), luck for
               # their exam; "that helps / that's a comfort" ("위로가 되네요"); a wish for what the other has ("나도
               # 고양이
               # 키우고 싶다")
               r"가 ?봐야 ?(?:돼|겠다|겠어|해|지|될 듯)|이따 (?:톡|연락|얘기|전화)|^(?:그럼 )?그때 (?:봐|보자|만나"
               r"|봬요)",
               _RIEUL_FINAL + r" 줄 알았|지 그랬어|고생(?:했다|했어|많았어|많았다|하셨어요"
               r"|많으셨어요|했네)|(?:시험|면접|발표|경기) 잘 (?:봐|해|보고 와)",
               r"(?:위로|도움|힘|참고)(?:가|이) (?:되네|돼요|되네요|된다|됐어요|되었어요|많이 됐|많이 돼)",
               r"(?:^|\s)(?:나|저)도 [^.!?]{0,20}(?:고 싶다|고 싶어|고 싶네|고 싶어요|고 싶당)[.!~]*$",
               # what the speaker would do in the other's place ("나라도 그랬을 듯", "내가 너였으면 바로 그만뒀다"), a
               # greeting
               # passed on ("소희한테도 안부 전해 줘"), a treat offered ("오늘 저녁 내가 쏜다"), laughter told ("웃겨
               # 죽겠네")
               r"(?:나|저)(?:라도|였으면|였다면|같으면|같았으면)\s|내가 너(?:였으면|였다면|라면)"
               r"|" + _RIEUL_FINAL + r" 듯[.!~]*$"
               r"|을 듯[.!~]*$",
               r"안부 (?:좀 )?전해|내가 (?:쏜다|쏠게|살게|산다|낼게|낸다|쏨)|웃겨 (?:죽겠|죽을|미치겠)|배 ?아파 ?ㅋ",
               # a wish for the other's evening or weekend ("좋은 저녁 되세요!", "즐거운 주말 보내세요"), "see
               # you" in the polite form ("그럼 토요일에 봬요~"): the day was agreed before, the farewell adds nothing
               r"(?:좋은|즐거운|행복한|편안한) (?:[가-힣]+ )?(?:되세요|보내세요|돼요|보내요)",
               r"봬요|뵈어요|뵐게요|뵙겠습니다",
               # a wish for the other's weekend, trip or health, told as an imperative ("주말 잘 보내!", "여행 잘
               # 다녀오세요!", "재밌게 놀다 와!", "몸 잘 챙기세요!"), praise for their effort ("고생 많으셨습니다!")
               r"잘 (?:보내|다녀와|다녀오세요|챙기세요|챙겨|쉬어|쉬세요)(?:요)?[!~.]*$",
               r"(?:놀다|다녀|갔다|찍어) ?(?:와|오세요)[!~.]*$",
               r"(?:몸|건강) (?:잘 )?챙기|고생 ?(?:하|많으|많)(?:셨|았|었)|덕분(?:이에요|입니다|이야|이지)[.!~]*$"),
    "ja": _any(r"ありがとう|助かる|助かります|助かりました|助かった|失礼します|おやすみ|またね|じゃあね",
               r"よろしくお願い|寝なきゃ|おめでとう|^私も(?:そう思|同じ|です|[！!。])",
               r"バイバイ|ばいばい|また(?:あとで|後で|明日|あした|今度)|大好き|愛してる|会いたい",
               r"(?:ご飯|ごはん|飲み)(?:に)?行こう|いつでも(?:連絡|言って|話して|呼んで)|何かあったら|何かあれば",
               r"また.{0,12}連絡(?:します|するね|する|してね|ください)|良いお年を|よいお年を|あけまして",
               r"メリークリスマス|明けまして|誕生日おめでとう|^こちらこそ|気をつけて|お大事に|体を大事に",
               r"(?:がんば|頑張)(?:る|ります)(?:わ|よ|ね)?[。！!～〜]*$",
               r"^(?:ねえ|ねぇ|ちょっと)?[、,\s]*(?:聞いて|きいて)(?:よ|ね)?[。！!～〜]*$",
               r"そう言って(?:もらえ|くれ)|言ってくれてありがとう|写真(?:を|も)?見た|動画(?:を|も)?見た",
               r"ってこと(?:だね|だよね|ですね|か)[。！!～〜]*$|ということ(?:ですね|だね)[。！!～〜]*$",
               # "see you" ("じゃあまた", "ではまた来週〜", "じゃあその時に"); "I knew it" ("だと思った",
               # "いけると思ってた");
               # luck and care to the other ("試験がんばれ", "無理すんなよ", "ゆっくり休んで", "体大事にな"); "that
               # helps"
               # ("参考になります"); a wish for what the other has ("俺も猫飼いたいわ")
               r"^(?:じゃあ|じゃ|では|それじゃ|それでは)?[、\s]*また(?:ね|な|来週|明日|あした|今度|あとで|後で|来月)?"
               r"[〜～。！!]*$|^(?:じゃあ|では)?[、\s]*その時に?(?:ね)?[。！!〜～]*$",
               r"^(?:やっぱり|やっぱ)?(?:ね)?[、\s]*(?:だと|そうだと|そうなると)思(?:った|ってた)"
               r"|(?:なら|だったら)[^。！!]{0,12}(?:いける|できる|受かる|大丈夫)(?:だ)?と思(?:った|ってた)",
               r"(?:がんば|頑張)(?:れ|って)(?:ね|よ|な)?[。！!～〜]*$|(?:無理|気に|心配)(?:すんな|するな|しないで)"
               r"|ゆっくり(?:休んで|寝て)|大事に(?:な|ね|して)[。！!～〜]*$",
               r"(?:参考|勉強|励み)に(?:なります|なる|なりました|なった)",
               r"(?:^|、)(?:俺|おれ|私|わたし|僕|ぼく|あたし|うち)も[^。！？!?、]{0,20}たい(?:わ|な|なあ|なぁ|よ"
               r"|です)?[。！!～〜]*$",
               # what the speaker would do in the other's place ("俺だったら即やめてるわ"), a greeting passed on
               # ("…によろしく
               # 言っといて"), a treat offered ("今日は俺のおごりな"), laughter told ("笑いすぎて腹痛い")
               r"(?:俺|おれ|私|わたし|僕|ぼく|あたし)(?:だったら|なら|でも)|によろしく(?:言っ|伝え|ね|な)",
               r"(?:おごり|奢り)(?:な|ね|だ|よ)|(?:おご|奢)る(?:よ|わ|ぜ)|笑いすぎ|笑い死|腹(?:筋)?(?:痛い|崩壊)",
               # praise for the other's effort, waiting for them, an offer to listen any time
               # ("彩ちゃんおつかれさま！！", "待ってるね！", "いつでも話聞くからね。")
               r"おつかれ|お疲れ|待って(?:る|ます)(?:ね|よ|から)[。！!～〜]*$|楽しみにして(?:る|ます)(?:ね|よ)[。！!～〜]*$",
               r"^いつでも[^。！!？?]{0,20}(?:から(?:ね|な)?|ね|よ)[。！!～〜]*$",
               # thanks for what was given ("割引はありがたいです。") — not "…いただけるとありがたいです" (a request)
               r"(?<![とばら])(?:ありがたい|有難い|ありがたかった)(?:です)?[。！!～〜]*$",
               # wishes for the other's time ("よい週末を！", "いい旅を！", "行ってらっしゃい！"), casual thanks
               # ("ありがとね"), a casual "please" to a friend ("お土産よろしく笑")
               r"(?:よい|良い|いい|素敵な|楽しい)[^。！!？?]{1,6}を[。！!〜～]*$|行ってらっしゃい|いってらっしゃい|ありがと",
               r"よろしく[。！!〜～]*$",
               # "お手数おかけします", "感謝しています": thanks in other words
               r"お手数(?:を)?おかけ(?:します|しました|いたします)[。！!]*$|感謝(?:しています|してます|します|いたします|です)"),
}
# A request to the other person for their news, a photo or a place in their plans ("도착하면 연락해", "결과 나오면
# 알려줘", "사진 보내줘", "나도 데려가 줘"; "着いたら連絡して", "写真送って", "俺も連れてってよ"; "Text me when you
# land",
# "Send pics!"): the request form asks nothing of the service and tells nothing of the speaker's own
_ASKS_FOR_THE_OTHERS_NEWS = {
    "en": lazy(r"^\W*(?:(?:omg|oh|ok(?:ay)?|haha\w*|lol|dude|man|bro|wait)\W+)*(?:please\s+)?"
               r"(?:you (?:have to|gotta|need to|should|must) )?(?:(?:text|ping|msg|dm|tell|update) me"
               r"|send (?:me )?(?:the|that|your) (?:recording|video|vid|clip|pics?|photos?|pictures?|link)"
               r"|let me know|keep me (?:posted|updated|in the loop)|send (?:me )?(?:(?:a |some |more )?(?:pics?"
               r"|photos?"
               r"|pictures?|a selfie|videos?))|show me (?:a )?(?:pics?|photos?|pictures?))\b"
               r"(?![^.!?]{0,40}\b(?:my|our|order|refund|account|invoice|delivery)\b)", re.I),
    "ko": _any(r"(?:하면|되면|나오면|도착하면|끝나면|오면|생기면|들어가면) ?(?:꼭 )?(?:연락해|톡해|알려 ?줘|말해 ?줘"
               r"|전화해"
               r"|연락 ?줘|톡 ?줘)",
               r"안부 (?:좀 )?전해|사진 (?:좀 )?(?:보내|보여) ?(?:줘|주라)|(?:나|저)도 (?:좀 |꼭 )?(?:데려가|불러"
               r"|끼워)(?: ?줘| ?주라|라)",
               # "완성되면 구경시켜 주세요!": to be shown the other's thing when it is done
               r"(?:되면|하면|끝나면|나오면) ?(?:꼭 )?(?:구경시켜|보여) ?(?:줘|주세요|줘요|주라)"),
    "ja": _any(r"(?:たら|ったら)(?:また)?(?:連絡|教えて|知らせて|ライン|LINE)(?:して|ちょうだい|ね|よ)?[。！!～〜]*$",
               r"(?:たら|ったら)(?:また|絶対|ぜひ)?見せて|によろしく(?:言っ|伝え)|写真(?:送って|見せて)|(?:連れて(?:って|いって)|誘って|呼んで)(?:よ|ね)|(?:誘え"
               r"|呼べ|連れてけ)(?:よ|な)?"),
}


# a remark on the other person's news: congratulations and envy, a guess or "oh, so…" ("부산 살면 바다 자주 보겠다",
# "서울 사시는구나"), the honorific about them ("이사하셨네요"), "so you're…" ("京都に引っ越すんだね", "プレミアムプラン
# いいね！"). Not thanks or a polite wish: "メールのほうが助かります", "이메일로 연락 주시면 좋겠어요" choose a channel
_CJK_ON_THEIR_NEWS = {
    "ko": lazy(r"축하|부럽|(?:구나|군요|겠다|겠네|[시셨](?:네요|군요|구나|죠))[.!?~]*$"),
    "ja": lazy(r"おめでとう|羨まし|うらやまし|(?:んだね|のね|じゃん|いいね|いいな|いいなあ|いいなぁ)[。！!？?〜～]*$"),
}


def speaks_to_the_other(sentence: str, *, lang: str) -> bool:
    """A Korean or Japanese sentence that congratulates or envies the other person, is about them, or remarks on
    their news — with the speaker not named: a place, plan or address in it is the other person's, so it fills no
    slot of the speaker's ("서울로 이사 간다니 축하해!", "京都に引っ越すんだね！")."""
    body = _CJK_TAIL[lang].sub("", _CJK_FILLER[lang].sub("", sentence.strip()).strip()).strip()
    if not body or _CJK_FIRST[lang].search(body):
        return False
    return bool(_CJK_YOU[lang].search(body) or _CJK_ON_THEIR_NEWS[lang].search(body))


def asks_for_the_others_news(sentence: str, *, lang: str | None = None) -> bool:
    """A request to the other person for their news or photo, or to be taken along (``_ASKS_FOR_THE_OTHERS_NEWS``)."""
    lang = lang or detect_language(sentence)
    return bool(_ASKS_FOR_THE_OTHERS_NEWS[lang].search(sentence.strip()))


_CJK_EVALUATION = {
    "ko": lazy(r"네요?[.!~]*$|구나|군요|겠다|겠네|지[.!~]*$|[가-힣]다[.!~]*$|더라(?:고)?[.!~]*$"),
    "ja": lazy(r"よね|ですね|^すごい|^いいな|(?<!た)いな[ぁあー〜～]*[。！!～〜]*$|じゃん[。！!～〜]*$"
               r"|だね[。！!～〜]*$"
               r"|(?<![なた])いね[。！!～〜]*$"),
}
# a noun with a subject or topic particle, or a comparison with what was expected ("생각보다", "思ったより") — not
# a demonstrative ("그건", "それは"), the other person ("너는") or the other's conduct ("답변이", "対応が"), and not
# an honorific evaluation, which is about the other person ("답변이 정말 빠르시네요")
_CJK_SUBJECT = {
    "ko": _any(r"^(?!.*(?:시네요|셨네요|시군요|시구나)).*(?:(?:^|\s)(?!(?:많이|같이|깊이|높이|없이|깨끗이|가까이"
               r"|그게|그건|이게|이건|저건|저게|그거는|그것은"
               r"|이것은|너는|넌|너가|네가|당신은|답변이|답장이|대응이|설명이|안내가)\s)[가-힣]{1,10}(?:이|가|은|는)\s"
               r"|생각보다|예상보다)"),
    "ja": _any(r"(?<![一-龯ァ-ヶーごお])(?!対応|返信|返事|説明)[一-龯ァ-ヶー]{1,10}(?:が|は)",
               r"思ったより|想像より|予想より"),
}
_CJK_PLEASANTRY_ASK = {
    "ko": lazy(r"빌어 ?줘|빌어 ?주세요|응원해 ?줘|응원해 ?주세요|잘 부탁|많이 부탁"),
    "ja": lazy(r"祈って|応援して|よろしくお願い|よろしくね"),
}
_CJK_REPORT = {
    "ko": _any(r"주문|배송|택배|환불|교환|반품|결제|고장|파손|불량|영수증|계정|요금",
               r"사이즈|색상|제품|상품|포장|배터리|충전"),
    "ja": _any(r"注文|配送|配達|返金|交換|返品|決済|支払|故障|壊れ|不良|届|領収書|アカウント|料金",
               r"サイズ|商品|製品|梱包|バッテリー|充電"),
}


_THANKS = lazy(r"(?:i |we )?(?:really |truly |so |totally |definitely )?(?:appreciate|thank) "
               r"(?:you|your|it|that|ya|u)\b", re.I)
_GENERIC_TRUTH = lazy(r"\b(?:is|are|'s|'re) (?:(?:really|so|truly|just|always|definitely) )?"
                      r"(?:key|crucial|vital|essential|everything|a must(?!-)|worth it|the best medicine)\b"
                      r"|\bpays off\b|\bgoes a long way\b|\bhow important\b"
                      r"|\bcan (?:really |definitely |totally )?be (?:so |really )?"
                      r"(?:awesome|amazing|great|fun|tough|hard|rewarding|tricky|challenging)\b", re.I)
_OWN_SUBJECT = lazy(r"\b(?:i|i'm|i've|i'd|i'll|my|mine|we|we're|we've|we'd|we'll|our)\b", re.I)


# "We" is the speaker's own when it did or plans something ("we went", "we've adopted", "we'll move", "we're
# moving"); in the present or with "can/should/need" it is everyone ("we can bring positive changes").
_WE_DID = lazy(r"^we(?:'ve| have| had| were|'ll| will|'re going to| are going to|'re gonna| are gonna)\b"
               r"|^we(?:'re| are)\s+(?:(?:\w+ly|just|still|now|currently|also|finally)\s+)*(?!going\b)\w+ing\b"
               r"|^we\s+(?:(?:\w+ly|just|also|finally|all)\s+)*(?:\w+ed|went|got|made|took|saw|met|found|bought|"
               r"had|did|gave|spent|ran|won|left|came|began|built|sent)\b"
               r"|^we\s+(?:(?:really|just|also|both|usually|often|always)\s+)*(?:love|like|enjoy|prefer|own|live|play|"
               r"visit|use|go)\b", re.I)


# attitudes that say nothing even as an answer ("Any tips?" → "I'd recommend…" is advice to the other person)
_PURE_ATTITUDE = frozenset(["hope", "hoping", "wish", "wishing", "bet", "guess", "imagine", "picture", "recommend",
                            "suggest", "sure", "agree", "agreed", "believe", "think", "mean", "understand", "get"])


_MAX_REMARK = 400  # characters: no sentence of LoCoMo conversations 1–3 is longer; the longest remark is 145


# An offer or promise to the other person: a modal, then nothing but "you", pronouns and light words
# ("I'll let you know", "I'll definitely give it a go!", "We'll work it out.", "I'll stay in touch").
_OFFER_AUX = lazy(r"^\w+(?:'ll|'d| will| would| can| could| should)\b", re.I)
_OFFER_REST = lazy(r"\b(?:you|your|yours|ya)\b", re.I)
_LIGHT_WORDS = """it that this them those these a an the some any anything something everything else out up in on
to for of with about touch go try look know posted updated update let give get keep stay hit shot definitely
totally sure really just also too so more help need needs there here soon again back way work figure sort do see
check make manage handle think talk chat into someday sometime mind assist pitch motivated focused positive strong
determined inspired hopeful as well"""
_LIGHT = frozenset(_LIGHT_WORDS.split())


def _offers_only(verb: str, rest: str) -> bool:
    clause = re.split(r"[,.;:!?]|\b(?:and|but|because|since|so that|when)\b", rest, maxsplit=1)[0]
    if _OFFER_REST.search(clause):
        return True  # "I'll hit you up", "I can suggest some routines for you"
    # "I'll give it a go", "We'll work it out": a light verb and nothing named ("I can drive there" is a plan)
    return verb in _LIGHT and all(w.lower() in _LIGHT for w in re.findall(r"[A-Za-z']+", clause))


def _is_generic(text: str, words: int) -> bool:
    """A remark about life, art or people in general (see ``_GENERIC_VALUE``), not about the speaker."""
    text = text.replace("loved ones", "dear ones")  # an adjective, not a past event
    return words >= 4 and not _FIRST_SINGULAR.search(text) and not _SPECIFIC_WE.search(text) \
        and not _PAST_OR_PLAN.search(text) and not _REPORT.search(text) and bool(_GENERIC_FORM.search(text)) \
        and bool(_GENERIC_VALUE.search(text))


# A question about the other person's own life or case ("Did you end up buying the van?", "Are you still
# running?", "Is the address still 14 Harbour Street?"): its short answer is a fact ("Yes!", "Not anymore.").
# A pleasantry ("How are you?", "Anything else?") or an invitation to agree ("Isn't it great?", "What do you
# think?") is not: "Yes!" answers nothing about them.
_ABOUT_YOU = lazy(r"\b(?:you|your|yours|yourself|u|ur)\b|\d", re.I)
_PLEASANTRY_QUESTION = lazy(r"\b(?:how (?:are|r) (?:you|u)(?: doing| feeling)?(?: today)?\s*\?|"
                            r"how(?:'ve| have) you been|how(?:'s| is) it going|what'?s up|"
                            r"anything else|something else|(?:can|may) i help|help you with|do you think|you know|"
                            r"don't you|didn't you|aren't you|isn't (?:it|that|this)|wasn't (?:it|that)|"
                            r"can you believe|guess (?:who|what|where)|you(?:'ll| will) never guess|how about you|"
                            r"what about you|would you like to (?:join|come)|wanna|"
                            r"want to (?:join|come)|you guys|sound good|does that (?:work|help|sound)|make sense|"
                            # a request to them ("Could you check the base?" → "Sure thing!"), or leave asked of them
                            # ("Can I join you sometime?" → "Yeah, Nate!"), or advice asked of them
                            r"(?:can|could|would) you|would you mind|please|(?:can|may|could) i|"
                            r"any (?:advice|tips?|suggestions?|recommendations?|ideas?|thoughts))\b|\bright\s*\?", re.I)


_YES_NO_QUESTION = lazy(r"(?:^|[.!?]\s+)(?:so |and |but |oh,? )?(?:do|did|does|are|were|is|was|have|has|had|will|can|"
                        r"should)\b[^.!?]*\?", re.I)


def asks_about_the_speaker(question: str) -> bool:
    """The question asks the one who answers about their own life or case (English; see ``_ABOUT_YOU``)."""
    return bool(_ABOUT_YOU.search(question)) and not _PLEASANTRY_QUESTION.search(question)


# "Anything else?", "Could you send a photo?", "Guess who adopted a cat??": a pleasantry, a request to do something or
# a riddle about the asker; its answer ("Nope that's it.", "Sure, one sec.") is about nothing of the one who answers
_NO_SUBJECT_QUESTION = lazy(r"\b(?:anything|something) else(?: (?:today|for now|at the moment|tonight))?(?: (?:i"
                            r"|we) can (?:help(?: you)? with|do(?: for you)?))?"
                            r"\s*\?|\b(?:(?:can|may) i help|help you with|would you (?:mind|please|kindly|be able to)|"
                            r"(?:can|could) you (?:please |kindly |just )?(?!(?:tell|share|describe|explain|say|"
                            r"remind|recommend|suggest|imagine|believe|ever|still|really)\b)\w+|"
                            r"guess (?:who|what|where)|you(?:'ll| will) never guess)\b", re.I)


def gives_no_subject(question: str) -> bool:
    """The question is a pleasantry, a request to act or a riddle about the asker (English; ``_NO_SUBJECT_QUESTION``):
    its answer is not read as being about the one who answers."""
    return bool(_NO_SUBJECT_QUESTION.search(question))


# "How are you today?", "How's the wrist?", "How are you feeling about it?": a how-question, not an offer of help
_HOW_QUESTION = lazy(r"(?:^|[.!?]\s+)(?:so |and |but |oh,? )?how(?:'s|'re|'ve| is| are| was| were| did| do| does| have|"
                     r" has)?\b(?! (?:can|may|could) (?:i|we)\b| about\b)[^.!?]*\?", re.I)
# the formula answers to "How are you?" ("Good, busy.", "I've been well", "Not bad"): no state of the speaker
_FORMULA_STATE_WORDS = """good fine great ok okay alright all right well not bad too pretty really very so doing
been i'm i've im am thanks thank and same as usual always busy old much nothing eh meh honestly you u hbu wbu yourself
nm she's he's they're she he they is are"""
_FORMULA_STATE = frozenset(_FORMULA_STATE_WORDS.split())


def asks_how(question: str) -> bool:
    """A how-question about the one who answers or their things (English)."""
    return bool(_HOW_QUESTION.search(question))


def is_state_answer(sentence: str) -> bool:
    """A short evaluation that tells how the speaker or their thing is ("Tired.", "Nervous but ok.", "Cast is off!"),
    not a formula ("Good, busy.", "Not bad!") nor a pleasantry (``is_evaluation``)."""
    words = re.findall(r"[A-Za-z0-9']+", sentence.lower())
    # is_evaluation without its vocative test: a one-word answer ("Tired.") looks like a name called
    return 0 < len(words) <= 6 and not all(w in _FORMULA_STATE for w in words) and not (
        _SECOND_PERSON.search(sentence) or _PLEASANTRY.search(sentence) or _AFFECTION.search(sentence)
        or re.search(r"\b(?:that|this|those|these|that's|it's)\b", sentence, re.I)
        or _OPENING_REACTION.match(sentence) or _only_small_talk(sentence.strip(), "en"))


def says_when(sentence: str) -> bool:
    """The sentence names a number or a day (English): "June 20th.", "Around 450k max."."""
    return bool(_SAYS_WHEN.search(sentence)) or bool(re.search(
        r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d", sentence, re.I))


def asks_yes_or_no(question: str, *, lang: str = "en") -> bool:
    """A yes/no question ("Did you end up buying the van?"), which a bare "Yes!" answers.

    In Korean and Japanese, a question about the one who answers or a request to them ("식단도 조절하세요?", "기다려
    주실 수 있을까요?", "まだ犬飼ってる？") with no question word, and no tag, pleasantry or invitation ("그치?",
    "잘 지냈어?", "같이 갈래?", "でしょ？", "元気？"): "네", "ㅇㅇ", "うん" alone answer it."""
    if lang == "en":
        return bool(_YES_NO_QUESTION.search(question))
    last = question.strip()
    return bool(last) and not _CJK_OPEN_QUESTION[lang].search(last)


_CJK_PROPOSAL = {
    "ko": _any(r"(?:어때요|어떠세요|어떨까요|괜찮을까요|괜찮으세요|괜찮나요|될까요|되나요"
               r"|가능할까요|가능한가요)[?？]*$"),
    "ja": _any(r"(?:どうですか|どうでしょう(?:か)?|いかがですか|いかがでしょう(?:か)?|いいですか"
               r"|大丈夫ですか|可能ですか|でしょうか)[?？]*$"),
}
# a question word: "寝室です。" answers "どちらのお部屋でしょうか？", "釣り！" answers "趣味は何？"
_CJK_WH = {
    "ko": _any(r"뭐|뭘|무엇|무슨|어디|언제|누구|누가|왜|어떻게|어때|어떤|어땠|몇|얼마|어느|어떠"),
    "ja": _any(r"何|なに|なん|どこ|いつ|誰|だれ|なぜ|どうして|どう|どんな|どれ|どの|どちら|どっち|いくつ|いくら"),
}
_CJK_GREETING_QUESTION = {
    # ... or the service's offer of help ("무엇을 도와드릴까요?", "ご用件は何でしょうか？")
    "ko": _any(r"잘 지내|잘 지냈|별일 없|요즘 어때|뭐 해|뭐해|어떻게 지내|도와 ?드릴|무엇이 필요|문의하실"),
    "ja": _any(r"元気|最近どう|調子どう|どうしてる|何してる|ご用件|お手伝い|いかがなさいました|どうされました"),
}


# An answer given with a question mark because the speaker is unsure ("Maybe 6?", "Two lines on it I think?", "한 주에
# 3~4일?"): a number and no question form — it states, it does not ask
_NUMBER_WORD = lazy(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
                    r"hundred|once|twice|half)\b", re.I)


def is_unsure_answer(sentence: str, *, lang: str) -> bool:
    """A number said with a question mark and no question form (``_NUMBER_WORD``; the caller knows it answers)."""
    text = sentence.strip()
    if not text.endswith(("?", "？")):
        return False
    stated = text.rstrip("?？ ")
    if not stated or is_question(stated) or lang != "en" and _CJK_WH[lang].search(stated) \
            or lang == "en" and re.match(r"\W*(?:what|whats|where|when|why|how|who|which|whose)\b", stated, re.I):
        return False
    if lang == "en":
        # "Yes, got $2,768 on Friday, which is 80% after the deductible I think?": opened by the answer, it is one
        longest = 25 if re.match(r"\W*(?:yes|yeah|yep|no|nope)\b\s*[,—–-]", stated, re.I) else 10
        return len(stated.split()) <= longest and not _SECOND_PERSON.search(stated) \
            and bool(re.search(r"\d", stated) or _NUMBER_WORD.search(stated))
    return len(stated) <= 40 and bool(re.search(r"\d", stated)) \
        and not stated.endswith(("까", "까요", "나요", "か", "かな", "の", "니", "냐"))


# A question after a clause that tells something ("ちなみに弟は京都まで車で来るそうなんですが、駐車場ってありますか？",
# "연회비가 15만 원 청구됐는데 이거 너무 비싼 거 아닌가요?"): the clause before the question is the customer's news
_BACKGROUND = {
    "ko": lazy(r"^(.{6,80}?(?:는데|은데|었는데|았는데|했는데|됐는데|인데))\s"),
    "ja": lazy(r"^(.{6,80}?(?:んですが|んですけど|んだけど|のですが|んですけれど))、"
               # "今度の日曜、うちでパン焼くから食べに来ない？": the plan is told, the invitation follows from it
               r"|^(.{6,60}?(?:から|ので))(?=[^、。！？!?]{2,20}[?？]?$)"),
}
# ... but not "I'd like to ask" ("여쭤보고 싶은데", "ちょっと聞きたいんですが")
_ASKING_TO_ASK = {
    "ko": _any(r"궁금|여쭤|물어|문의|질문"),
    "ja": _any(r"聞きたい|伺い|質問|お聞き|確認したい|お尋ね"),
}


def tells_before_asking(sentence: str, *, lang: str) -> bool:
    """A Korean or Japanese question whose first clause tells something of the speaker's (``_BACKGROUND``)."""
    if lang == "en":
        return False
    head = _BACKGROUND[lang].match(sentence.strip())
    told = next((group for group in head.groups() if group), "") if head else ""
    return bool(told) and not _ASKING_TO_ASK[lang].search(told) and not says_nothing_of_their_own(told, lang=lang)


# A bare acceptance ("Sure", "Yes please", "좋아요!", "네, 부탁드려요.", "お願いします！"): after an offer ("Would that
# work?", "정리해 볼까요?", "送りしましょうか？") it is the customer's decision; after the service announced what it
# will do ("では候補を3つメールでお送りします。" → "お願いします！") it only acknowledges
_BARE_ACCEPTANCE = {
    "en": lazy(r"^\W*(?:(?:sure|yes|yeah|yep|ok(?:ay)?|please(?: do)?|sounds good|let's do it|go ahead|that works|"
               r"perfect|great)(?:[\s,!.]+|$))+\W*$", re.I),
    "ko": lazy(r"^(?:(?:네|예|넵|응|좋아요|좋아|좋습니다|그래요|부탁(?:드려요|드립니다|해요)|해 ?볼게요"
               r"|그렇게 해 ?주세요"
               r"|진행해 ?주세요)(?:[\s,.!~ㅎㅋ]+|$))+$"),
    "ja": lazy(r"^(?:(?:はい|ええ|うん|お願いします|お願い|ぜひ|是非)(?:[、\s!！。🙏〜～]+|$))+$"),
}
_OFFER = {
    "en": lazy(r"\bwould (?:that|this|it) (?:work|suit you|be ok(?:ay)?|be alright)\b|^\W*(?:do you )?want (?:a|an|me"
               r"|us|"
               r"the|some|to try)\b|\b(?:shall|should) (?:i|we)\b|\bwould you like (?:me|us|a|an|the|some)\b", re.I),
    "ko": lazy(r"(?:" + _RIEUL_FINAL + r"|드릴|볼|할)까요[?？]*$"),
    "ja": lazy(r"(?:ましょうか|しますか)[?？]*$"),
}
# ... not an offer of help, and in English not "shall we" (an invitation between friends); a polite "…볼까요?" or
# "…しましょうか？" is the coach's or the service's offer even with "같이" / "一緒に"
_NOT_AN_OFFER = {"en": lazy(r"\bwe\b(?! can)|\bhelp\b", re.I), "ko": _any(r"도와 ?드릴"), "ja": _any(r"お手伝い")}


_DAY_NAME = lazy(r"\b(?:january|february|march|april|june|july|august|september|october|november|december|"
                 r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next (?:week|month"
                 r"|year))\b",
                 re.I)


_ANYTHING_ELSE = {
    "en": _NO_SUBJECT_QUESTION,
    "ko": _any(r"다른 (?:문의|궁금|필요|건)|더 (?:필요|궁금|문의|도와)"),
    "ja": _any(r"他に|ほかに|その他"),
}


def asks_for_anything_else(question: str, *, lang: str) -> bool:
    """"Anything else?", "다른 문의 있으실까요?", "他に何かございますか？": a bare "No." answers nothing of theirs."""
    return bool(_ANYTHING_ELSE[lang].search(question))


def names_a_day(sentence: str) -> bool:
    """A month, a weekday or a day to come ("Yeah, ideally August."): what a yes answering "when?" adds."""
    return bool(_DAY_NAME.search(sentence))


def picks_an_alternative(answer: str, question: str) -> bool:
    """A short answer that takes one side of an either/or question ("Do you want a new number or to keep one?" →
    "New number."): every word of it but fillers is in the question (English)."""
    if not re.search(r"\bor\b[^?]*\?", question, re.I) or is_question(answer):
        return False
    words = [w for w in re.findall(r"[a-z0-9']+", answer.lower()) if w not in _ANSWER_FILLER_WORDS]
    asked = set(re.findall(r"[a-z0-9']+", question.lower()))
    return 0 < len(words) <= 4 and all(w in asked for w in words)


_ANSWER_FILLER_WORDS = frozenset(["the", "a", "an", "ok", "okay", "yeah", "yes", "please", "um", "uh", "oh", "hmm",
                                  "i'd", "i'll", "take", "go", "with", "just"])


def is_bare_acceptance(sentence: str, *, lang: str) -> bool:
    """Only a yes or "please" (``_BARE_ACCEPTANCE``)."""
    return bool(_BARE_ACCEPTANCE[lang].match(sentence.strip()))


def offers(question: str, *, lang: str) -> bool:
    """The other side offers to do something for the one who answers ("Want a small exercise plan for them?", "Would
    that work?", "면접 예상 질문 같이 정리해 볼까요?", "정리해 드릴까요?") — with no question word."""
    last = question.strip()
    if lang != "en" and _CJK_PROPOSAL[lang].search(last) and _CJK_WHEN[lang].search(last):
        # "다음 주 토요일 어때요?" → "좋아요": the day proposed is taken up ("어때" is no question word here)
        return True
    if lang != "en" and _CJK_WH[lang].search(last):
        return False
    return bool(_OFFER[lang].search(last)) and not _NOT_AN_OFFER[lang].search(last)


def asks_what(question: str, *, lang: str) -> bool:
    """A Korean or Japanese question with a question word about the one who answers, not a greeting ("잘 지냈어?",
    "元気？"): its short answer ("寝室です。", "釣り！", "最高。") is the fact."""
    return lang != "en" and bool(_CJK_WH[lang].search(question)) and not _CJK_GREETING_QUESTION[lang].search(question)


# what a bare "네" / "うん" does not answer: a question word, a tag or pleasantry, an invitation
_CJK_OPEN_QUESTION = {
    "ko": _any(r"뭐|뭘|무엇|무슨|어디|언제|누구|누가|왜|어떻게|어때|어떤|어땠|몇|얼마|어느|어떠",
               r"다른 (?:문의|궁금|필요|건)|더 (?:필요|궁금|문의)|잘 지내|잘 지냈|괜찮|(?:지|죠|잖아|그치|맞지|알지"
               r"|잖아요)[?？!~]*$|같이|우리 ",
               _RIEUL_FINAL + r"래[?？]*$"),
    "ja": _any(r"何|なに|なん|どこ|いつ|誰|だれ|なぜ|どうして|どう|どんな|どれ|どの|どちら|どっち|いくつ|いくら",
               r"他に|ほかに|その他|でしょ|よね|じゃない|元気|大丈夫|かな|っけ|一緒に|(?:ましょう|よう)か|しない[?？]*$"
               r"|行かない[?？]*$"),
}


def is_short_statement(sentence: str) -> bool:
    """Three words that may tell something ("It didn't help.", "He really is."): no small talk, no reaction."""
    return len(re.findall(r"[A-Za-z0-9']+", sentence)) == 3 and not _SMALL_TALK["en"].match(sentence.strip()) \
        and not is_reaction(sentence, lang="en")


def is_evaluation(sentence: str) -> bool:
    """A short evaluation that is no pleasantry and names no one ("Pretty stressful, to be honest.").

    Not a remark about what the other said ("Oof, that's tough, Jon.") or about everyone ("Finding ways to restore
    balance is important.": over six words, it is a remark, not an answer)."""
    return len(re.findall(r"[A-Za-z0-9']+", sentence)) <= 6 and not (
        _SECOND_PERSON.search(sentence) or _PLEASANTRY.search(sentence) or _AFFECTION.search(sentence)
        or _VOCATIVE.search(sentence) or re.search(r"\b(?:that|this|those|these|that's|it's)\b", sentence, re.I)
                or re.match(r"\W*(?:thanks|thank you|hi|hey|hello|bye|congrats|good luck|take care)\b", sentence,
                            re.I))


# Leave given to the service to do something ("you can tip them on the lawn now", "양파 넣으셔도 돼요", "入れてもらって
# 大丈夫です"), or not to ("문자는 생략하셔도 괜찮아요"): a standing wish of the customer's, however little else the
# sentence says of them — judgement matches it with the wish of the opposite polarity it turns around
LEAVE = re.compile(
    r"\b(?:you|u) can (?:now |again |go ahead and |start |just )?(?!not\b|t\b)\w+|\bfeel free to\b|"
    r"\b(?:is|are)(?: \w+)? (?:fine|ok|okay|alright)(?! with)\b|\b(?:it's|its|it is|that's) (?:fine|ok|okay) to\b|"
    r"(?:셔도|해도|어도|아도|여도)\s*(?:돼|됩|괜찮|좋)|"
    r"(?:て|で)(?:もらって|いただいて|くれて)?も\s*(?:大丈夫|いい|良い|結構|構いません|かまいません)|"
    r"(?:て|で)(?:もらって|いただいて)\s*(?:大丈夫|いい|結構|構いません)|"
    r"また[^。、]{0,12}(?:もらえ|いただけ)ますか", re.I)


def gives_leave(sentence: str) -> bool:
    """The sentence gives the service leave to do something, or not to (``LEAVE``)."""
    return LEAVE.search(sentence) is not None


def is_retraction(sentence: str, *, lang: str | None = None) -> bool:
    """The customer takes something back ("I no longer…", "더 이상…", "もう…ない")."""
    lang = lang or detect_language(sentence)
    return bool(_RETRACTION[lang].search(sentence) or _REVERSAL[lang].search(sentence))


def without_taking_back(sentence: str, *, lang: str | None = None) -> str:
    """``sentence`` without the words that take something back or reverse a wish ("no need for", "anymore", "안 해
    주셔도 돼", "やめてもらって大丈夫"): what is left names what is taken back. Those words are not the wish's own, and
    counted with its words they outnumbered the one noun a short retraction shares with it."""
    lang = lang or detect_language(sentence)
    return _REVERSAL[lang].compiled.sub(" ", _RETRACTION[lang].compiled.sub(" ", sentence))


def is_reversal(sentence: str, *, lang: str | None = None) -> bool:
    """The customer reverses a standing wish ("go back to including the receipt", "다시 넣어 주셔도 돼요")."""
    lang = lang or detect_language(sentence)
    return bool(_REVERSAL[lang].search(sentence))


def is_correction(sentence: str, *, lang: str | None = None) -> bool:
    """The sentence replaces an earlier statement ("actually…", "이제는…", "今は…")."""
    lang = lang or detect_language(sentence)
    return bool(_CORRECTION[lang].search(sentence))


def confirms(agent_text: str, *, lang: str | None = None) -> bool:
    """An agent turn that accepts the customer's proposal (and does not refuse it).

    A commitment ("We'll ship it tomorrow", "보내 드리겠습니다", "お送りします") or a thing done ("I've waived
    it", "변경해 드렸습니다", "変更いたしました"), or a plain yes ("Yes", "Sure", "네", "はい",
    "かしこまりました") that does nothing else — unless the turn refuses ("unfortunately", "I'm afraid",
    "죄송", "申し訳", "…できません"). A yes beside a promise to find out ("Sure, let me check", "we'll look
    into it", "확인해 보겠습니다", "確認いたします") or a request to wait ("Sure, one moment please",
    "네, 잠시만 기다려 주세요", "はい、少々お待ちください") only acknowledges the message.
    """
    lang = lang or detect_language(agent_text)
    head = _head(agent_text, lang)
    if _REFUSE[lang].search(head):
        return False
    if _commits(head, lang):
        return True
    return bool(_YES[lang].search(head)) and not (_NOT_YET[lang].search(head) or _HOLD[lang].search(head))


def reports_a_value(agent_text: str, *, lang: str | None = None) -> bool:
    """The agent's turn neither refuses, nor promises only to find out, nor asks to wait: a value it states is
    the one set ("다음 달 청구서부터 … 2층으로 발송됩니다", "雑誌セットプランへの変更を承りました")."""
    lang = lang or detect_language(agent_text)
    head = _head(agent_text, lang)
    return not (_REFUSE[lang].search(head) or _NOT_YET[lang].search(head) or _HOLD[lang].search(head))


def commits(agent_text: str, *, lang: str | None = None) -> bool:
    """The agent's turn commits to an action or reports it done (not only a yes), and does not refuse."""
    lang = lang or detect_language(agent_text)
    head = _head(agent_text, lang)
    return not _REFUSE[lang].search(head) and _commits(head, lang)


# An apology that is a sentence of its own ("Sorry about that!", "I'm sorry, Omar.", "죄송합니다.",
# "申し訳ございません。"): what the agent then does is the answer, as after an apology for the trouble (a
# refusal still says so in its own words: "Sorry! We can't refund it.", "죄송합니다. 환불은 어렵습니다.")
_APOLOGY_SENTENCE = {
    "en": lazy(r"(?:^|(?<=[.!?,]\s))(?:oh,?\s+)?(?:(?:i'm|i am|we're|we are)\s+)?(?:so\s+|very\s+|really\s+|truly\s+)?"
               r"sorry(?:\s+(?:about|for|to\s+hear)\s+(?:that|this|it))?(?:,\s*[A-Za-z]{1,20})?\s*[.!]+", re.I),
    "ko": lazy(r"(?:^|(?<=[.!?\s]))(?:정말\s*|대단히\s*)?죄송합니다[.!]+"),
    "ja": lazy(r"(?:^|(?<=[。！!\s]))(?:大変\s*)?申し訳(?:ございません|ありません)(?:でした)?[。！!]+"),
}


def _head(agent_text: str, lang: str) -> str:
    # "Sorry for the inconvenience — we'll ship a new one today": an apology for the trouble is not a refusal
    head = _APOLOGY[lang].sub(" ", agent_text.strip()[:200])
    return _APOLOGY_SENTENCE[lang].sub(" ", head).lstrip(" .,!、。—–-")


def _commits(head: str, lang: str) -> bool:
    # "we'll check the stock", "let me look", "확인하겠습니다": the commitment left once the promises to find out
    # and the requests to wait are taken out
    return bool(_COMMIT[lang].search(_HOLD[lang].sub(" ", _NOT_YET[lang].sub(" ", head))))


def asks_for_information(sentence: str, *, lang: str | None = None) -> bool:
    """A request for information ("Can you tell me…", "알려 주실 수 있나요", "教えていただけますか"), not an action."""
    lang = lang or detect_language(sentence)
    return bool(_INFORMATION[lang].search(sentence))


def draws_conclusion(sentence: str, *, lang: str | None = None) -> bool:
    """The customer sums up what the agent just told them, naming nothing of their own ("ok 🙁 so it's too late
    then", "그럼 이제 안 되는 거네요", "じゃあもう間に合わないんですね"): a reaction to the answer, not a thing that
    happened to them (newuser32 #8: it was stored as an event). "So my parcel is lost then" (theirs), "so the 14th works
    then" (a number) say something of their own and are read as before."""
    lang = lang or detect_language(sentence)
    text = sentence.strip()
    return bool(_CONCLUSION[lang].search(text)) and not _OWN_IN_CONCLUSION[lang].search(text) \
        and not any(c.isdigit() for c in text)


# "so … then", "그럼 … 거네요", "じゃあ … んですね": a conclusion drawn from the other side's words, the whole sentence
_CONCLUSION = {
    # an impersonal subject: "so it's too late then", "so that's not possible then" (not "so you're moving then")
    "en": lazy(r"^(?:(?:ok(?:ay)?|oh|ah|right|hm+|well)\W+)*so\s+(?:it|that|this|there)\b[^.!?]{0,50}\bthen\W*$",
               re.I),
    # the nominalised "… 거" before the ending: "그럼 안 되는 거네요" (not "그럼 지금 거 유지할게요 … 비싸네요")
    "ko": lazy(r"^(?:아+\s*)?(?:그럼|그러면|그렇다면)\s[^.!?]{0,40}\s?"
               r"거(?:네요|군요|죠|구나|였네요|였군요)[.!?~ㅠㅜ ]*$"),
    "ja": lazy(r"^(?:あ[あー]?、?)?(?:じゃあ|では|それじゃ(?:あ)?|なるほど)、?[^。！？]{0,40}"
               r"(?:んですね|のですね|わけですね|ってことですね)[。！？!?…]*$"),
}
_OWN_IN_CONCLUSION = {
    "en": _words(r"i", r"i'm", r"i've", r"i'll", r"i'd", r"my", r"me", r"we", r"our", r"us", r"mine"),
    "ko": lazy(r"(?<![가-힣])(?:제가|저는|제|내가|나는|저희|우리)[는가의도를]?(?![가-힣])"),
    "ja": _any(r"私", r"僕", r"俺", r"うち", r"わたし"),
}


def asks_what_they_may_do(sentence: str, *, lang: str | None = None) -> bool:
    """A question whether the customer may or can do something themselves ("Can I reserve a book to collect in the
    shop?", "오늘부터 시작해도 되나요?", "途中で切り替えられますか？"), not one asking the service to act for them
    ("Can you send…", "보내 주실 수 있나요", "送っていただけますか"): its yes may be how the service works, not a
    decision."""
    lang = lang or detect_language(sentence)
    if not is_question(sentence):
        return False
    return bool(_THEY_MAY[lang].search(sentence)) and not _SERVICE_ACTS[lang].search(sentence)


def tells_them_how(reply: str, *, lang: str | None = None) -> bool:
    """The agent's reply leaves the doing to the customer: it tells them how or when they can do it themselves ("Yes,
    reserve it online and pick it up within 3 days.", "Yes, you can cancel up to 48 hours before…", "네 오늘부터 이용
    가능하세요", "…ご連絡いただければ翌月分から切り替えできます"). Read only where the reply commits to nothing."""
    lang = lang or detect_language(reply)
    return bool(_TELLS_HOW[lang].search(reply))


# the customer (or the customer's party) as the one who acts, asking whether it is allowed or possible
_THEY_MAY = {
    "en": lazy(r"\b(?:can|could|may|do|should)\s+(?:i|we)\b|\bis\s+it\s+(?:possible|ok(?:ay)?|fine|allowed)\s+"
               r"(?:to|for\s+me|if\s+i)\b|\b(?:am\s+i|are\s+we)\s+(?:able|allowed)\s+to\b", re.I),
    "ko": _any(r"도 되나요", r"도 될까요", r"도 돼요", r"되나요", r"될까요", r"수 있나요", r"수 있을까요", r"수 있어요",
               r"가능한가요", r"가능할까요", r"가능하나요"),
    # (a verb's potential form ends in the e-row before ます: 行けますか, 使えますか, 取れますか)
    "ja": _any(r"できますか", r"できるでしょうか", r"できますでしょうか", r"[えけせてねめれげべ]ますか", r"いいですか",
               r"可能ですか", r"可能でしょうか", r"大丈夫ですか"),
}
# ... unless the service is asked to do it for them ("Can I have you call me?", "보내 주실 수 있나요",
# "送っていただけますか")
_SERVICE_ACTS = {
    "en": _words(r"(?:can|could|may) i (?:have|get) (?:you|someone|somebody)", r"you"),
    "ko": _any(r"주실", r"주시", r"줄 수", r"주세", r"드릴", r"주면", r"주시면"),
    "ja": _any(r"もらえ", r"もらう", r"いただ", r"頂", r"くれ", r"くださ", r"下さ"),
}
# the reply addresses the customer as the one who acts: "you can / you'll need to / just …", an imperative after the
# yes ("Yes, reserve it online"), "…하시면 됩니다", "…하세요", "…いただければ", "…ください"
_TELLS_HOW = {
    "en": lazy(r"\byou(?:'ll|\s+will)?\s+(?:can|may|could|need|have\s+to|should|must|just)\b"
               r"|^\W*(?:yes|yeah|yep|sure|of\s+course|certainly|absolutely)\b[\s,!.:;—–-]+(?:just\s+)?"
               r"(?!(?:i|we|you|it|they|he|she|that|this|there|the|a|an|our|your|its|their|all|any|every|no)\b)"
               r"[a-z]+\s+(?:it|them|us|one|the|a|an|your|this|that|up|in|by|online|here|there|me)\b", re.I),
    "ko": _any(r"시면 됩니다", r"시면 돼요", r"시면 되세요", r"시면 되십니다", r"실 수 있", r"가능하세요", r"하세요",
               r"해 주세요", r"해주세요"),
    "ja": _any(r"いただければ", r"頂ければ", r"いただけます", r"頂けます", r"ください", r"下さい", r"できます"),
}


def is_direct_context_request(sentence: str, *, lang: str | None = None) -> bool:
    """The customer asks for something lasting ("from now on answer in Japanese", "앞으로…", "これから…").

    Both parts are needed, in one short sentence: a lasting marker ("from now on", "always", "앞으로",
    "これから"…) and an instruction to the service — an imperative or a polite request form
    ("please", "can you", "주세요", "ください"). "I always liked tea" or "I want to always help
    others" are not instructions.
    """
    lang = lang or detect_language(sentence)
    if len(sentence) > _MAX_INSTRUCTION or not (_FROM_NOW_ON[lang].search(sentence) or _addressed_as(sentence, lang)):
        return False
    if lang != "en" and _CJK_PLEASANTRY_ASK[lang].search(sentence):
        return False  # "これからもよろしくお願いします！", "앞으로도 잘 부탁드려요": a closing formula, not a wish
    return bool(_INSTRUCTION[lang].search(sentence))


def _addressed_as(sentence: str, lang: str) -> bool:
    """How the customer wants to be addressed ("저를 부를 때는 민지 님이라고 불러 주세요", "ハナと呼んでください",
    "Please address me as Dr. Kim"): lasting by nature, with no "from now on" — when the sentence names the name
    (``slots``: not "call me back", not someone else's name)."""
    if not _ADDRESS_ME[lang].search(sentence) or (lang != "en" and _SOMEONE_ELSE[lang].search(sentence)):
        return False  # "제 동생을 민수라고 불러 주세요": how to call a relative
    from mem.customers.slots import find_slot

    slot = find_slot(sentence)
    return slot is not None and slot.name == "name"


_SOMEONE_ELSE = {
    "ko": lazy(r"(?:동생|남편|아내|와이프|엄마|아빠|어머니|아버지|아들|딸|친구|언니|오빠|누나|형|아이|애|부모님|동료"
               r"|손님)"
               r"(?:을|를|은|는|이|가|도)\s"),
    "ja": lazy(r"(?:娘|息子|妹|弟|兄|姉|母|父|夫|妻|主人|友達|友人|子ども|子供|同僚|家族)(?:を|は|が|も|のこと)"),
}
_ADDRESS_ME = {
    "en": lazy(r"\b(?:call|address|refer\s+to)\s+me\b|\bi\s+go\s+by\b", re.I),
    "ko": lazy(r"라고\s*(?:불러|부르)|호칭"),
    "ja": lazy(r"と(?:呼んで|お呼び)|呼び方"),
}
_MAX_INSTRUCTION = 160
_INSTRUCTION = {
    "en": lazy(r"\b(?:please|(?:can|could|would|will) you(?! (?:believe|imagine|tell how))|"
                     r"i(?:'d| would) like you to|i want you to|make sure|don't|do not)\b"
                     r"|^\W*(?:(?:from now on|going forward|in future|"
                     r"always|every time|next time)[\s,]*)*(?:answer|reply|respond|write|speak|talk|call|use|send|"
                     r"contact|address|email|text|keep|give|show)\b", re.I),
    "ko": _any(r"주세요", r"주실래요", r"해 줘", r"해줘", r"부탁", r"하지 마", r"말아 주"),
    "ja": _any(r"ください", r"下さい", r"お願い", r"してほしい", r"して欲しい", r"しないで"),
}


def sensitive_category(sentence: str, *, lang: str | None = None) -> str:
    """One of ``SENSITIVE_CATEGORIES`` or ``none`` (``mem.core.text.sensitive``: the first category whose
    word classes occur)."""
    return _sensitive_category(sentence, lang=lang or detect_language(sentence))
