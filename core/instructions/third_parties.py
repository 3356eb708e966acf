"""Another customer picked out by what they did with the service, and their data asked for.

``data_requests`` reads someone else's data asked for when the other person is named as one ("another customer",
"다른 고객", "ほかのお客様", "…さんの"). A customer asking for a stranger's details more often picks the person out
by what they did with the service: "the woman who rented the blue tent after me", "who else has booked the sunset
cruise", "my neighbour booked the same pitch", "the previous tenant's number"; "어제 2번 코트 예약한 사람", "토요일
방 빌린 분"; "先週同じ部屋に泊まった人", "同じ自転車を借りた人". With a datum of that person (a name, a number, an
address, an e-mail, what they paid or wrote, their ID) and a request to disclose it in the same message, it is an
order to the AI to hand over another customer's records, however good the reason given (something left behind, a
shared ride).

Not one: a message passed on to them ("my sister booked the same tour, could you let her know…?"), the
customer's own booking ("the person who booked is me"), a question about the service's staff or schedule. Read on
the normalised message (``normalise.normalize``).
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

_EN_BY_DEED = lazy(
    r"\b(?:person|people|guy|lady|woman|man|family|customer|client|guest|renter|one|ones|folks?)\s+(?:who|that)\s+"
    r"(?:\w+\s+){0,2}?(?:booked|rented|reserved|used|had|ordered|stayed|bought|hired|took|sold|signed\s+up)\b"
    r"|\bwho\s+else\s+(?:has\s+|had\s+|is\s+)?(?:\w+\s+)?(?:booked|rented|reserved|ordered|signed\s+up|coming|going)\b"
    r"|\bwho\s+(?:booked|rented|reserved|had|used)\s+(?:the|that|this)\b"
    r"|\b(?:neighbou?r|ex|friend|mate|coworker|colleague)\s+(?:\w+\s+)?(?:booked|rented|reserved|ordered|stayed)\b"
    r"|\b(?:previous|last|next|other)\s+(?:renter|guest|tenant|booker|patient|member|driver|owner)s?\b")
_EN_DATUM = lazy(r"\b(?:names?|(?:phone\s+)?numbers?|phones?|address(?:es)?|e-?mails?|contacts?|contact\s+details|"
                 r"plates?|paid|wrote|requests?|id|scores?)\b")
# (not the relative "who" of "the person who booked": a question opens with it)
_EN_ASK = lazy(r"\b(?:tell|give|send|share|show|read|list|look\s+up|pull\s+up|what|whats|what's|who\s+else|which|"
               r"need)\b")
_EN_ME = lazy(r"\b(?:who|that)\s+(?:\w+\s+){0,6}?(?:is|was)\s+(?:me|myself|us)\b")
_KO_BY_DEED = lazy(r"(?:예약한|예약하신|예약했던|쓴|쓰신|썼던|빌린|빌리신|빌렸던|사용한|사용하신|"
                   r"이용한|이용하신|주문한|주문하신|묵는|묵은|머무는|온|오신|받은|받으신|다녀간|산|사신)\s*(?:사람|분|손님|고객|집|가족|엄마|아빠)")
_KO_DATUM = lazy(r"이름|성함|연락처|전화\s*번호|번호|주소|이메일|카톡|명단|면허증")
_KO_ASK = lazy(r"알려|보여|보내|줘|주세요|주실|좀요|뭐|누구")
_JA_BY_DEED = lazy(r"(?:予約した|予約してる|予約している|予約された|使ってた|使っていた|使った|借りた|"
                   r"借りてた|借りていた|泊まってる|泊まっている|泊まった|利用した|注文した|潜った|来た|買った)(?:人|方|お客|家族|保護者)")
_JA_DATUM = lazy(r"名前|氏名|連絡先|電話番号|住所|メール|免許証|名簿|リスト")
_JA_ASK = lazy(r"教え|見せ|送って|わかり|分かり|ください|もらえ|誰")


def third_party_data(text: str) -> bool:
    """Whether a normalised customer message asks for the data of another customer picked out by what they did with
    the service (see above)."""
    if _EN_BY_DEED.search(text) and _EN_DATUM.search(text) and _EN_ASK.search(text) and not _EN_ME.search(text):
        return True
    if text.isascii():
        return False
    return bool((_KO_BY_DEED.search(text) and _KO_DATUM.search(text) and _KO_ASK.search(text))
                or (_JA_BY_DEED.search(text) and _JA_DATUM.search(text) and _JA_ASK.search(text)))
