"""A canned reply's template furniture: the placeholders, the greeting and the sign-off around its policy.

A help desk's saved replies (Zendesk macros, Freshdesk canned responses, Intercom saved replies) are written to be
sent: "Hi {{ticket.requester.first_name}}, … Best regards, {{current_user.first_name}}". Ingested as they are, the
greeting and the sign-off were sentences of the page and the placeholder was quoted to a customer as part of the
rule. ``reply_text`` keeps the reply's words that say something:

- a **placeholder** — ``{{ticket.id}}``, ``{{first_name | fallback: "there"}}`` (Handlebars, Liquid, Zendesk,
  Freshdesk, Intercom) or ``{%customer.firstName%}`` (Help Scout) — is a value the help desk fills in when it sends
  the reply; one inside a sentence becomes "…" (the sentence stays: "Your refund for order … is on its way");
- the **greeting** and the **sign-off** with the name or team under it are the e-mail's furniture, found as in an
  e-mail (``core.text.mail_furniture``): on lines of their own, or — a reply kept on one line — a greeting that
  opens the text and names a placeholder ("Hi {{…}}, standard delivery …") and a sign-off that ends it
  ("… Thanks, {{current_user.first_name}}").

A reply that holds no placeholder and no line of its own for a greeting is left as it is: a question-and-answer
export's answers are the policy's own words.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

_PLACEHOLDER = lazy(r"\{\{[^{}\n]{1,120}\}\}|\{%[^%\n]{1,120}%\}")
# the stand-in for a placeholder while the greeting and the sign-off are read: a word, as the name the help desk fills
# in is, and one no reply writes
_NAME = "Qxplaceholderq"
# a greeting that opens a one-line reply and greets the placeholder's person ("Hi {{…}},", "Dear {{…}}!",
# "안녕하세요 {{…}}님,", "{{…}}様、"): read on the reply with its placeholders as names
_GREETING_OPENS = lazy(
    rf"^(?:(?:hi|hello|hey|dear|good\s{{1,3}}(?:morning|afternoon|evening))\s{{1,3}}{_NAME}\s{{0,3}}[,!:]"
    rf"|안녕하세요[,.!]?\s{{0,3}}{_NAME}\s{{0,3}}(?:님|고객님)\s{{0,3}}[,.!]?"
    rf"|{_NAME}\s{{0,3}}(?:님|고객님)\s{{0,3}}[,.!]?\s{{0,3}}안녕하세요\s{{0,3}}[,.!]?"
    rf"|{_NAME}\s{{0,3}}(?:様|さま)\s{{0,3}}[、,。]?(?:\s{{0,3}}(?:いつも|大変)?お世話になっております[。]?)?)\s{{0,3}}",
    re.I,
)
# the team under a sender's name: after a dash or a bar ("- Support Team", "| Acme Care"), or after a comma a name in
# capitals ("…, Acme Support") — never a clause that goes on ("Thanks {{name}}, the money is back within 5 days")
_TEAM = (r"(?:\s{0,3}[-–—|]\s{0,3}[^.!?。\n\d]{1,60}"
         r"|\s{0,3},\s{0,3}(?-i:[A-Z])[^\s.,!?。\d]{0,30}(?:\s{1,3}(?-i:[A-Z])[^\s.,!?。\d]{0,30}){0,4})")
# a sign-off that ends a one-line reply with the placeholder's sender after it (and a team after a dash)
_SIGN_OFF_ENDS = lazy(
    rf"(?<=[.!?。！？])\s{{0,3}}(?:(?:kind|best|warm|many)\s{{1,3}})?(?:regards|wishes|thanks|thank\s{{1,3}}you|cheers|"
    rf"best|sincerely)\s{{0,3}},?\s{{0,3}}{_NAME}{_TEAM}?\s{{0,3}}$"
    rf"|(?<=[.!?。！？])\s{{0,3}}(?:감사합니다|고맙습니다)[.!]?\s{{0,3}}{_NAME}\s{{0,3}}(?:드림|올림)?\s{{0,3}}$"
    rf"|(?<=[。！？])\s{{0,3}}(?:よろしくお願い(?:いた|致)?します[。]?)?\s{{0,3}}{_NAME}\s{{0,3}}$",
    re.I,
)


def placeholders(text: str) -> list[str]:
    """The template placeholders in ``text``, in order (``{{ticket.id}}``, ``{%customer.firstName%}``)."""
    return _PLACEHOLDER.findall(text)


def reply_text(text: str) -> str:
    """``text`` without its greeting, its sign-off and the sender under it, and with each placeholder left inside a
    sentence as "…" (module docstring). A text with no placeholder is returned as it is."""
    if not _PLACEHOLDER.search(text):
        return text
    from mem.core.text.mail_furniture import furniture_spans, is_sign_off

    named = _PLACEHOLDER.sub(_NAME, text)
    # the stand-in has the placeholder's place only when lengths agree: read the spans on the named text, then cut
    # the same lines from it (a placeholder never spans lines)
    spans = furniture_spans(named)
    kept = named
    for start, end in sorted(spans, reverse=True):
        kept = kept[:start] + kept[end:]
    lines = kept.split("\n")
    # two sign-offs in a row ("감사합니다." over "… 드림") are one closing: the span holds the last
    while len(lines) > 1 and (not lines[-1].strip() or is_sign_off(lines[-1])):
        lines.pop()
    kept = "\n".join(lines).strip()
    if "\n" not in kept:
        opened = _GREETING_OPENS.sub("", kept, count=1)
        if opened != kept:  # the reply's first sentence now opens the text: "standard delivery …" → "Standard …"
            opened = opened[:1].upper() + opened[1:]
        kept = _SIGN_OFF_ENDS.sub("", opened, count=1)
    # what is left of a placeholder is a value the help desk fills in: its place in the sentence, not a name
    return kept.replace(_NAME, "…")
