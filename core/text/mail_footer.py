"""What a mail program or a messenger adds to a message, not the customer: footers, disclaimers, placeholders.

An HTML e-mail rendered to text (a helpdesk export, ``message_body``) keeps its signature block glued to the body,
with no blank line before it, and ends, as mail programs make it end, in lines nobody typed for this message (new-user
report 22 #2):

- a **device footer**: "Sent from my iPhone", "Get Outlook for Android", "iPhone에서 보냄", "iPhoneから送信";
- a **legal disclaimer**: "CONFIDENTIALITY NOTICE: This email and any attachments are confidential …", "본 메일은
  수신인만을 위한 기밀 정보를 …", "この電子メールは機密情報を含み …" — stored as a *request* before ("please
  delete it");
- a **signature block** opened by the signature delimiter ("--", "――――") with no sign-off above it
  ("--\\n田中 美咲\\n株式会社みどり商事 経理部\\nTEL 03-…").

``footer_start`` finds where such trailing lines begin, from the end of the message, line by line: each is a whole
line of one of these shapes (a line that goes on into the customer's words — "Sent from my phone, sorry for the
typos" — is not one). ``mail_furniture`` reads the sign-off and signature above it as if the message ended there, and
counts the footer as furniture too: no fact of it, and a phone or an address in it only as a marked signature value.

A messenger's **placeholder** for a message that is no longer there ("This message was deleted", "You deleted this
message", "삭제된 메시지입니다.", "メッセージの送信を取り消しました") is no sentence of the customer's either
(``is_placeholder``): WhatsApp, KakaoTalk and LINE exports write it where the message was.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# a whole line a mail program adds under what was typed (each word read once, at most 20 characters)
_DEVICE_FOOTER = re.compile(
    r"(?:sent (?:from|with|via) (?:my )?[\w'.&-]{1,20}(?: [\w'.&-]{1,20}){0,4}"
    r"|get (?:outlook|gmail|yahoo mail|spark) for (?:ios|android|iphone|mac|windows)(?: [\w'.-]{1,20}){0,2})\s{0,3}\.?"
    r"|(?:나의 |내 )?[\w'.-]{1,20}(?: [\w'.-]{1,20}){0,3}\s?에서 보냄\s{0,3}\.?"
    r"|[\w'.-]{1,20}(?: [\w'.-]{1,20}){0,3}\s?から送信\s{0,3}。?",
    re.I,
)
# ... but not the customer's own word of how they sent something back ("Sent via Royal Mail Tracked 24", "어제 부산
# 우체국에서 보냄", "Sent with DHL, tracking 12345"): a carrier, the post, a tracking number is no mail program
_SENT_BY_POST = re.compile(
    r"\b(?:post|postal|royal mail|parcelforce|dhl|ups|fedex|usps|evri|hermes|dpd|gls|yodel|courier|tracked|tracking|"
    r"recorded|special delivery|parcel|delivery|return)\b"
    r"|우체국|택배|편의점|반품|등기|郵便|宅急便|ゆうパック|宅配|返品",
    re.I,
)
# a legal disclaimer line: a notice of confidentiality about this message (English, Korean, Japanese)
_DISCLAIMER = re.compile(
    r"(?:confidentiality (?:notice|note|statement)|disclaimer|privileged (?:and|&) confidential|legal notice)\b"
    r"|this (?:e-?mail|message|communication|transmission)(?: and (?:any|all) (?:attachments?|files?))?"
    r"(?: transmitted with it)? (?:is|are|may be|contains?|may contain)(?: strictly)? (?:confidential|privileged"
    r"|intended (?:solely |only )?for)"
    r"|(?:본|이)\s?(?:메일|이메일|전자우편)(?:은|는|에는|에)?[^\n]{0,40}?(?:기밀|비밀|수신인|수신자)"
    r"|(?:この|本)(?:電子)?メール(?:は|には|に)?[^\n]{0,40}?(?:機密|秘密|宛先|受信者)",
    re.I,
)
# the signature delimiter ("-- ", "――――", "________")
_DELIMITER = re.compile(r"[-_=*~―─—–━]{2,20}\s{0,3}")
# a messenger's placeholder for a message that is gone, the whole sentence
_PLACEHOLDER = re.compile(
    r"(?:this|the) message (?:was|has been) (?:deleted|removed|unsent)\s{0,3}\.?"
    r"|you (?:deleted|unsent|removed) this message\s{0,3}\.?"
    r"|message (?:deleted|unsent|removed)\s{0,3}\.?"
    r"|(?:삭제된|회수된|취소된) 메시지입니다\s{0,3}\.?"
    r"|(?:이 )?메시지(?:가|는)? ?(?:삭제|회수)(?:되었습니다|됐습니다|되었어요)\s{0,3}\.?"
    r"|(?:この)?メッセージ(?:は|が|を|の送信を)(?:削除|取り消|取消)(?:されました|しました|されています)\s{0,3}。?",
    re.I,
)
# the end of a sentence, where a signature line has none
_SENTENCE_END = re.compile(r"(?:[.!?。！？]|[다요죠]|です|ます)\s{0,3}$")
_MAX_WORDS = 7
_MAX_FOOTER = 4  # footer lines at the end of a message
_MAX_BLOCK = 6  # signature lines under a delimiter
_SHORT = 60  # a signature line under a delimiter is at most this long
_MAX_TOKENS = 10  # a signature line of more tokens is counted token by token (``signature_words``)
_LONG_DISCLAIMER = 600  # a disclaimer line is at most this long


def signature_words(line: str) -> int:
    """How many words ``line`` holds, as a signature line's limit counts them: a number, a house or flat number, a
    postcode or a phone ("Flat 2,", "9", "M1", "3HE", "+44") is no word of a sentence — an address line of a
    signature ("Flat 2, 9 Canal Street, Manchester M1 3HE") has eight tokens but four words (new-user report 24 #3) —
    and neither is a separator ("|", "·", "/"): "Dana Whitfield | Senior Buyer | Northwind Traders" has six (#4).
    A line of more than ten tokens counts them all: "Order 12345 arrived 3 days late on 12 May 2026 at 10:30" under
    a "Thanks," is the customer's sentence, however many of its tokens are numbers."""
    tokens = line.split()
    if len(tokens) > _MAX_TOKENS:
        return len(tokens)
    return sum(1 for token in tokens if any(ch.isalpha() for ch in token) and not any(ch.isdigit() for ch in token))


def _signature_like(line: str) -> bool:
    """A name, a role, a company, a phone, an address: short, at most seven words, no sentence's end."""
    line = line.strip()
    return len(line) <= _SHORT and signature_words(line) <= _MAX_WORDS and _SENTENCE_END.search(line) is None


def is_placeholder(sentence: str) -> bool:
    """A messenger's placeholder for a deleted or unsent message, the whole sentence."""
    return len(sentence) <= _SHORT and _PLACEHOLDER.fullmatch(sentence.strip()) is not None


def is_footer_line(line: str) -> bool:
    """A device footer or a legal disclaimer, the whole line."""
    line = line.strip()
    if len(line) <= _SHORT and _DEVICE_FOOTER.fullmatch(line) is not None and _SENT_BY_POST.search(line) is None:
        return True
    return len(line) <= _LONG_DISCLAIMER and _DISCLAIMER.match(line) is not None


def footer_start(lines: list[str], *, signs_off: Callable[[str], bool] = lambda line: False) -> int:
    """The index of the first trailing footer line of ``lines`` (the message's non-blank lines): device footers and
    disclaimers at the end, and a signature block under a delimiter just above them; ``len(lines)`` when none. A
    delimiter under a sign-off (``signs_off``: "以上、よろしくお願いいたします。\\n――――") is the closing's own
    (``mail_furniture``), not a block of its own."""
    start = len(lines)
    while start > 0 and len(lines) - start < _MAX_FOOTER and is_footer_line(lines[start - 1]):
        start -= 1
    # a signature block opened by the delimiter, with no sign-off above it: the delimiter, then short lines only
    for index in range(start - 2, max(start - 2 - _MAX_BLOCK, -1), -1):
        if _DELIMITER.fullmatch(lines[index].strip()) is not None:
            if index > 0 and not signs_off(lines[index - 1]) \
                    and all(_signature_like(line) for line in lines[index + 1:start]):
                return index
            break
    return start
