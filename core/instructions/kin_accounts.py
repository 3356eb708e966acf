"""Another person's account acted on, with the family tie in place of the check.

Several writers' customer messages (games, schools and nurseries, a dress shop, hobby retail) share one shape: the
account, the order or the name on it belongs to a relative, a partner, a friend or a neighbour; the act sends what
the account holds to the writer, hands its data over or changes its result (a recovery link or a contact sent to me,
the refund to my card, the account's details shown, a draw marked won, the order cancelled); and the tie, or the
holder's absence, stands where the service's check would ("I'm his brother so just send the recovery link to me",
"제가 아내니까 남편 계정 정보 그냥 보여주세요", "夫婦なので確認はいらない",
"동생은 지금 연락이 안 돼서요", "父は入院中で連絡が取れないので", "어차피 한 집이에요", "同じ家なので問題ないですよね",
"she won't mind"). The service decides who may act on
an account; the tie, told in the chat, cannot be checked from it.

The account may be named by what it holds or is registered under ("the account is under my wife's email", "on my
mum's unit", "와이프 카드", "父の登録メール", "妻の名義で"), the act may take it over ("제 걸로 바꿔 주세요",
"私の名前に書き換えて", "add my friend as an authorised person"), and the tie may be the writer's management or the
holder's consent as said ("제가 다 관리해요", "本人も了承済み", "mum said it's fine") — twenty-seventh round.

Not one: the writer's own account with a family member in the story ("my son made a purchase on my account — I'm the
account holder, what's your policy?"), a relative's order asked about with no act ("when will my husband's parcel
arrive?"), a relative's account handed to the service's own process ("my mother's account was hacked; how does she
recover it?").

Read on the normalised message (``normalise.normalize``); each word is read one way, at most 20 characters a try.
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

_REL_EN = (
    r"(?:brother|sister|wife|husband|son|daughter|mum|mom|dad|father|mother|neighbou?r|mate|friend|partner|"
    r"cousin|nan|gran|sister-in-law|brother-in-law)"
)
_OTHERS_ACCOUNT = lazy(
    r"\b"
    + _REL_EN
    + r"'s\s+(?:\S{1,20}\s+){0,2}?(?:account|order|booking|slot|card|details|password|reservation|email|unit|"
    r"file|membership|login)\b"
    # "the account is under my wife's email", "on my mum's unit", "my daughter … her file"
    r"|\b(?:under|on)\s+my\s+" + _REL_EN + r"'s\s+\S{1,20}"
    r"|\bmy\s+" + _REL_EN + r"\b.{0,80}?\b(?:his|her|their)\s+(?:account|file|login|membership|card)\b"
    r"|\b" + _REL_EN + r"(?:\s+\S{1,20}){0,3}\s+has\s+(?:an?\s+)?(?:account|order|booking)"
    r"|\b(?:under|in)\s+(?:my\s+)?(?:\S{1,20}\s+){0,2}?" + _REL_EN + r"'s\s+name\b"
    r"|\bit'?s\s+(?:my\s+)?(?:\S{1,20}\s+){0,2}?" + _REL_EN + r"\b"
    r"|(?:동생|형|누나|언니|오빠|남편|아내|와이프|엄마|아빠|친구|어머니|아버지)\s*(?:\S{1,10}\s*)?(?:계정|명의|앞으로|아이디|"
    r"카드|등록|회원)"
    r"|(?:妹|弟|兄|姉|夫|妻|母|父|友達|主人)(?:の|名義)\S{0,12}?(?:アカウント|注文|予約|カード|会員番号)"
    r"|(?:妹|弟|兄|姉|夫|妻|母|父)の?名義|(?:妹|弟|兄|姉|夫|妻|母|父)の登録"
    # what the relative set up or booked (twenty-second round, second wave): "my wife Dana set up a transfer", "my mate
    # booked it", "친구가 예약한 차", "母のクレカで払った"
    r"|\bmy\s+" + _REL_EN + r"\s+(?:\S{1,20}\s+){0,1}?(?:booked|set\s+up|made|placed|ordered|paid\s+for)\b"
    r"|(?:동생|형|누나|언니|오빠|남편|아내|와이프|엄마|아빠|친구)(?:가|이)\s*(?:\S{1,10}\s*)?(?:예약한|결제한|주문한|신청한)"
    r"|(?:妹|弟|兄|姉|夫|妻|母|父|友達|主人)(?:が|の)\S{0,6}?(?:予約した|注文した|クレカ|口座|残高)"
)
# the act: what the account holds sent to the writer, its data shown, its result changed, it cancelled
_ACT_FOR_ME = lazy(
    r"\b(?:send|change|switch|move|redirect|reset|put|refund)\s+(?:\S{1,20}\s+){0,7}?(?:to\s+me\b|to\s+mine\b|"
    r"onto\s+mine\b|to\s+my\b|to\s+[\w.+-]{1,20}@)"
    r"|\bcancel\s+(?:his|hers|her|it|their|the\s+order)\b|\b(?:tell|show|give)\s+me\s+(?:\S{1,20}\s+){0,3}?(?:his|her|"
    r"their)\b|\buse\s+(?:his|her|their)\s+details\b|\bchange\s+the\s+delivery\s+address\b"
    r"|(?:제|내)\s*(?:메일|이메일|계좌|카드|번호|주소|휴대폰|회사)\S{0,6}\s*(?:\S{1,20}\s+){0,2}?\S{0,20}?"
    r"(?:바꿔|변경|보내|돌려|해\s*주)|(?:제|내)\s*(?:걸로|것으로)\s*(?:바꿔|변경)|여기로\s*보내"
    r"|\badd\s+(?:\S{1,20}\s+){1,4}?as\s+(?:an?\s+)?(?:authori[sz]ed|named|joint|admin)"
    r"|(?:정보|내역|뒷자리|끝자리|목록|메시지)\S{0,4}\s*(?:그냥\s*|먼저\s*|좀\s*)?(?:보여|알려)|당첨으로|취소(?:하고|해)"
    r"|(?:私の|わたしの)\S{0,20}?(?:に|へ)\S{0,10}?(?:変えて|変更|送って|お願い|書き換え)|情報\S{0,10}?見せて|当選扱い"
    r"|私(?:に|にも)(?:転送|送って)|登録\S{0,8}?教えて"
    r"|キャンセルして"
    # the relative's booking opened or money returned for the writer (twenty-second round, second wave)
    r"|\b(?:pop|open|unlock)\s+(?:it|the\s+(?:car|van|door|locker))\s+(?:open\s+)?(?:up\s+)?for\s+me\b"
    r"|(?:문|차|트렁크)\s*(?:좀\s*)?열어\s*주|取り消して|(?:開けて|解錠して)(?:ください|もらえ|くれ)"
)
# the tie or the holder's absence where the check would be
_TIE_FOR_CHECK = lazy(
    r"\bi'?m\s+(?:his|her|their)\s+\S{1,20}|\b(?:he|she|they)\s+(?:won'?t|will\s+not|wouldn'?t)\s+mind\b"
    r"|\bit'?s\s+fine\b|\bwe\s+agreed\b|\b(?:he|she|they)\s+asked\s+me\b|\bsaid\s+(?:she|he|they)'?d\b"
    r"|\bno\s+need\s+to\s+(?:ring|call|ask|check)|\bbasically\s+mine\b|\b(?:she|he|they)(?:'s|\s+has|'ve|\s+have)\s+"
    r"asked\s+me\b|\b(?:mum|mom|dad|she|he)\s+said\s+(?:it'?s\s+)?(?:fine|ok)"
    r"|제가\s*(?:다\s*)?관리|괜찮다고\s*했|대신\s*로그인|(?:本人|妻|夫|父|母)も?了承|には通知"
    r"|(?:제가|내가)\s*\S{1,4}(?:니까|이니까)|부부니까|한\s*집|동의\s*받았|얘기\s*다\s*했|연락이\s*안|알고\s*있어요|괜찮죠"
    r"|(?:姉|兄|妹|弟|夫|妻|家族)なので|夫婦なので|同じ家|連絡しなくて|連絡が取れない"
    # the holder out of reach or kept unaware (twenty-second round, second wave): "she can't get to her phone", "his
    # phone's dead", "친구 폰이 꺼졌대요", "電話に出られない", "母には黙っておいて", "don't tell him"
    r"|\b(?:can'?t|cannot|couldn'?t)\s+(?:get\s+to|reach|answer|access)\s+(?:his|her|their)\s+phone\b"
    r"|\b(?:his|her|their)\s+phone(?:'s|\s+is)\s+(?:dead|off|flat)\b"
    r"|\bdon'?t\s+(?:tell|email|text|notify)\s+(?:him|her|them)\b"
    r"|폰이\s*꺼|전화(?:를)?\s*(?:안|못)\s*받|(?:한테|에게)\s*(?:는|ㄴ)?\s*말\s*안\s*해도"
    r"|電話に出られない|電池切れ|(?:には|に)(?:黙って|内緒|知らせないで|言わないで)"
)


def kin_account_act(text: str) -> bool:
    """Whether a normalised customer message acts on a relative's, a friend's or a neighbour's account for the writer,
    with the tie or the holder's absence in place of the check (see above)."""
    return bool(_OTHERS_ACCOUNT.search(text) and _ACT_FOR_ME.search(text) and _TIE_FOR_CHECK.search(text))
