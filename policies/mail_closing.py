"""The closing of a notice sent as an e-mail and saved as plain text: its furniture, not its policy.

A price-change notice, a terms update or a service announcement saved from an e-mail ends the way e-mails end: a
sign-off ("Kind regards,", "今後ともよろしくお願いいたします。", "감사합니다."), the sender under it ("The Northwind
Billing team", "株式会社ノースウィンド カスタマーサポート", "노스윈드 고객지원팀 드림"), a contact footer
("support@northwind.example | +1 555 0100", "お問い合わせ：…") and the mailing's own lines ("To unsubscribe from
these notices, visit …", "※本メールは送信専用です。", "수신을 원하지 않으시면 …"). The plain-text reader joined
them to the last section's page, where they were quotable "rules" of it and diluted its words; the HTML reader
drops a page's footer the same way.

``closing_lines`` finds them by the notice's structure, from its end:

- the **mailing lines** at the very end — an unsubscribe or opt-out line, a "you're receiving this e-mail because"
  line, a send-only / no-reply line, a copyright line, a device footer or a legal disclaimer (``mail_footer``) —
  each a whole line;
- above them, the **closing**: the last sign-off line (the customers' e-mail reader's ``is_sign_off``; two in a row,
  "감사합니다." over "…팀 드림", are one closing) with only the sender's lines under it: short lines that are no
  sentence (a name, a team, a company, a separator) and contact lines.

The mailing lines, the sign-off and the sender's name lines are left out; a **contact line** under the sign-off (an
e-mail address, a link, a phone, "Tel: …", opening hours) stays on the page: it says how to reach the service, and
customers ask it ("what time does the home service phone line open on Saturday" is answered from a notice's
"(614) 555-0176 | Mon-Fri 7:30am-6pm, Sat 8am-1pm"). A line there that states a rule — a sentence under the
signature ("P.S. Annual plans keep their price until renewal.") — is not furniture: then the closing is kept whole,
as before. An unsubscribe line that says what cannot be switched off ("Service notices like this one cannot be
unsubscribed from.") is a rule too, and stays. Only the end of the text is read (its last twelve lines above the
mailing lines): a sign-off in the middle of a document is not its closing, and a document that is nothing but a
closing is left as it is.
"""

from __future__ import annotations

import re

from mem.core.text.mail_footer import is_footer_line
from mem.core.text.mail_furniture import is_sign_off, is_signature_line
from mem.core.text.pattern import lazy

# a mailing's own line: how to stop receiving it, that its sender reads no reply, its copyright (English, Korean,
# Japanese); matched anywhere in a line of at most _MAILING_LINE characters
_MAILING = lazy(
    r"\byou(?: are|'re|’re|) (?:receiving|received) this (?:e-?mail|message|notice)\b"
    r"|\bdo not reply to this (?:e-?mail|message)\b"
    r"|\bno-?reply\b|\bthis (?:mailbox|address) is not monitored\b|©|\(c\) \d{4}|\bcopyright \d{4}"
    r"|수신\s?거부|수신을 원하지 않|발신\s?전용|회신되지 않|配信(?:停止|解除)|送信専用|返信(?:できません|いただいても)",
    re.I,
)
# how to stop receiving it: the mailing's line only when it names the mailing or a link, or is a bare link text
# ("Unsubscribe"); "Customers may opt out of marketing calls by replying STOP." or "You can opt out of auto-renewal
# at any time in Settings." at the end of a plain-text policy is its rule (review of the twenty-seventh round)
_STOP = lazy(r"\bunsubscribe\b|\bopt[ -]?out\b|\bmanage (?:your )?(?:e-?mail )?(?:preferences|subscriptions?)\b", re.I)
_OF_THE_MAILING = lazy(
    r"\b(?:e-?mails?|notices|newsletters?|mailings?|mailing list)\b|https?://|www\.|\b[\w-]{1,63}\.(?:com|org|net|example|co|io)\b"
    r"|\b(?:click|visit|link|here)\b",
    re.I,
)
_BARE_LINK_WORDS = 3
# ... that says what cannot be switched off: a rule of the service, not the mailing's furniture
_MAILING_RULE = lazy(
    r"\b(?:cannot|can't|can not) be (?:unsubscribed|switched off|turned off|opted out)"
    r"|\bstill (?:receive|get|be sent)\b"
    r"|(?:거부|해지|중단)(?:할|하실) 수 없|(?:停止|解除)(?:でき|いただけ)ません",
    re.I,
)
_MAILING_LINE = 200
# a contact line under a signature: an e-mail address, a link, a phone, or a label of one ("Tel:", "문의:",
# "お問い合わせ：")
_CONTACT = lazy(
    r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+|https?://|www\.|\b[\w-]{1,63}\.(?:com|org|net|example|co|io)\b"
    r"|\+?\d[\d ()-]{6,}\d"
    r"|^(?:tel|phone|fax|e-?mail|web|contact|hours|문의|전화|이메일|고객센터|お問い合わせ|電話|メール|受付)"
    r"\s{0,3}[:：]",
    re.I,
)
_CONTACT_LINE = 100
_NAME_WORDS = 3  # a name or a company ending in a full stop ("Northwind Ltd.") has at most this many words
_TAIL = 12  # non-blank lines at the end of the text read for the closing


def closing_lines(text: str) -> list[int]:
    """The lines of ``text`` (indexes into ``text.split("\\n")``) that are an e-mail notice's closing furniture — its
    mailing lines, its sign-off and the sender's name lines under it — or none, when a line there states a rule
    (module docstring). A contact line under the sign-off stays: a phone, an address, opening hours are what a
    customer asks for ("what time does the phone line open on Saturday")."""
    lines = _lines(text)
    if len(lines) < 2:
        return []
    end = len(lines)
    while end > 1 and _mailing_line(lines[end - 1][1]):
        end -= 1
    if end == len(lines) and (wrapped := _trailing_paragraph(lines)) < end and is_footer_line(
            " ".join(line for _, line in lines[wrapped:])):
        end = wrapped  # a disclaimer hard-wrapped over a paragraph of lines ("This e-mail and any attachments are …")
    start = end
    for index in range(end - 1, max(end - 1 - _TAIL, 0), -1):
        if is_sign_off(lines[index][1]):
            if all(_sender_line(below) or _contact_line(below) for _, below in lines[index + 1:end]):
                start = index
                while start > 0 and is_sign_off(lines[start - 1][1]):  # "감사합니다." over "…팀 드림"
                    start -= 1
            break
    if start == 0 or start == len(lines):
        return []
    return [number for number, line in lines[start:] if not _contact_line(line)]


_WRAPPED_DISCLAIMER = 8  # lines a hard-wrapped disclaimer paragraph takes at most


def _trailing_paragraph(lines: list[tuple[int, str]]) -> int:
    """Where the last paragraph of ``lines`` (non-blank lines with no blank line between them) starts."""
    start = len(lines) - 1
    while start > 0 and lines[start - 1][0] == lines[start][0] - 1 and len(lines) - start < _WRAPPED_DISCLAIMER:
        start -= 1
    return start


# the header block of an e-mail pasted whole (Outlook, Gmail, Naver, Japanese clients): "From: … / Sent: … / To: …"
_HEADER = lazy(r"^(?:from|sent|date|to|cc|bcc|subject|reply-to|보낸\s?사람|받는\s?사람|참조|제목|날짜|보낸\s?날짜|"
               r"差出人|送信者|宛先|送信日時|日付|件名|CC)\s{0,3}[:：]", re.I)
_HEADER_FIRST = lazy(r"^(?:from|sent|date|보낸\s?사람|差出人|送信者|送信日時)\s{0,3}[:：]", re.I)
# the line that opens the forwarded or quoted message
_FORWARDED = lazy(r"^-{2,}\s{0,3}(?:original\s{1,3}message|forwarded\s{1,3}message|원본\s?메시지|전달된\s?메시지|"
                  r"元のメッセージ|転送(?:された)?メッセージ)\s{0,3}-{2,}$"
                  r"|^begin\s{1,3}forwarded\s{1,3}message\s{0,3}:$", re.I)
_GREETING = lazy(r"^(?:hi|hello|hey|dear|good\s{1,3}(?:morning|afternoon))\b[^!?\n]{0,60}[,!]$"
                 r"|^안녕하세요[^.]{0,20}[.!]?$|^(?:お疲れ様です|お世話になっております)[^。]{0,20}。?$", re.I)
_NOTE_LINES = 6  # a covering note above the forwarded message has at most this many lines


def opening_lines(text: str) -> list[int]:
    """The lines of ``text`` (indexes into ``text.split("\\n")``) that open an e-mail pasted whole: its header block
    ("From: … / Sent: … / To: … / Cc: … / Subject: …", two lines or more, the first a sender or date), then the
    greeting under it ("Hi team,"), or — when a forwarded-message line follows within a short covering note — the note
    and that line ("-----Original Message-----") and the forwarded message's own header block. None when the text does
    not open with a header block."""
    lines = _lines(text)
    if len(lines) < 3 or not _HEADER_FIRST.search(lines[0][1]):
        return []
    end = 0
    while end < len(lines) and _HEADER.search(lines[end][1]):
        end += 1
    if end < 2 or end == len(lines):
        return []
    forward = next((k for k in range(end, min(end + _NOTE_LINES + 1, len(lines))) if _FORWARDED.search(lines[k][1])),
                   None)
    if forward is not None:
        end = forward + 1
        while end < len(lines) - 1 and _HEADER.search(lines[end][1]):  # the forwarded message's own header
            end += 1
    elif _GREETING.search(lines[end][1]) or _BARE_GREETING.search(lines[end][1]):
        end += 1
    return [number for number, _ in lines[:end]]


# an e-mail pasted without its header still opens with its greeting, with or without a comma after the name
# ("Hello Jane", "Dear customers,", "안녕하세요 고객님", "田中様"): read as a heading it became the document's
# title and, kept as text, a page's first "rule" and summary (review of round 31)
_BARE_GREETING = lazy(r"^(?:hi|hello|hey|dear)\s{1,3}[\w.'’-]{1,30}(?:\s{1,3}[\w.'’-]{1,30})?\s{0,3}[,!]?$"
                      r"|^[가-힣]{1,6}\s?(?:님|고객님|회원님)(?:께|께서)?\s{0,3}[,!.]?$"
                      r"|^[^\s、。]{1,12}\s?(?:様|さま|殿)[、,]?$", re.I)


def greeting_line(text: str) -> int | None:
    """The line of ``text`` (an index into ``text.split("\n")``) that is an e-mail's greeting as its first non-blank
    line ("Hello Jane", "Hi team,", "안녕하세요." , "田中様"), when more text follows; else None."""
    lines = _lines(text)
    if len(lines) < 2:
        return None
    number, first = lines[0]
    return number if _GREETING.search(first) or _BARE_GREETING.search(first) else None


def _lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of ``text``: (its index among all the lines, its text stripped)."""
    return [(number, raw.strip()) for number, raw in enumerate(text.split("\n")) if raw.strip()]


def _mailing_line(line: str) -> bool:
    if is_footer_line(line):
        return True
    if len(line) > _MAILING_LINE or _MAILING_RULE.search(line) is not None:
        return False
    if _MAILING.search(line) is not None:
        return True
    return _STOP.search(line) is not None and (
        _OF_THE_MAILING.search(line) is not None or len(line.split()) <= _BARE_LINK_WORDS
    )


def _sender_line(line: str) -> bool:
    """A line of the sender's under the sign-off: a name, a team, a company, a separator (the e-mail reader's
    ``is_signature_line``) — and no sentence with its full stop ("Bookings close at 6pm."; "Northwind Ltd." is
    a name)."""
    sentence = line.endswith((".", "!")) and len(line.split()) > _NAME_WORDS
    return is_signature_line(line) and not _contact_line(line) and not sentence


def _contact_line(line: str) -> bool:
    """A contact line: an e-mail address, a link, a phone, opening hours, "Tel: …" — no sentence."""
    # (a company's address line, "Lumora Home Ltd | 12 Harbour Street, Dublin 2", is one: parts set apart by "|")
    address = " | " in line and any(ch.isdigit() for ch in line)
    return len(line) <= _CONTACT_LINE and (address or _CONTACT.search(line) is not None) \
        and not line.endswith((".", "。"))
