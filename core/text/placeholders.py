"""The anonymiser's placeholders in know-how text: taken out of a greeting, refused anywhere else.

A shared decision is the agent's reply with the personal data replaced ("Yes, [customer], we agree to a
partial refund"). Approved as know-how, that text is published as what every client's agent is to say:
"[customer]" or "[name]" must never be said to a customer (new-user report 20 #13). A placeholder that only
addresses the customer — a greeting or a vocative between commas ("Dear [name],", "Yes, [customer], we…",
"네, [name], …", "はい、[customer]様、…") — says nothing of the decision, so ``without_vocatives`` drops it;
any other ("refund 50% of [number]", "ask [name] first") stands for a detail the decision needs, so
``mem promote --approve`` refuses the text and asks the operator to word it (``--then TEXT``), and
`mem lint` reports one in a know-how page (rule ``knowhow-placeholder``).
"""

from __future__ import annotations

import re

#: the placeholders ``mem.core.text.personal.scrub`` writes (its ``_PLACEHOLDER`` values)
PLACEHOLDER_WORDS = ("customer", "name", "email", "phone", "number", "address", "handle", "link", "date of birth",
                     "plate", "place")
PLACEHOLDER = re.compile(r"(?<!\[)\[(?:" + "|".join(PLACEHOLDER_WORDS) + r")\](?!\])")

_ADDRESSED = r"\[(?:customer|name)\](?:님|様|さま|さん|씨|殿)?"
# at the start, with or without a greeting word: "Dear [name], …", "[customer], …", "Hi [name]! …"
_OPENING = re.compile(rf"^\s*(?:(?i:dear|hi|hello|hey|good\s+(?:morning|afternoon|evening))\s+)?{_ADDRESSED}"
                      r"[ \t]*[,，、:!！][ \t]*")
# between punctuation: "Yes, [customer], we agree", "We agree, [name].", "네, [name], 50%…", "はい、[name]様、…"
# the blanks before the comma bounded: a leading [ \t]* tried from every blank of a long run was quadratic
_BETWEEN = re.compile(rf"[ \t]{{0,3}}[,，、][ \t]*{_ADDRESSED}[ \t]*(?=[,，、.!?。！？]|$)")


def without_vocatives(text: str) -> str:
    """``text`` without the placeholders that only address the customer (see the module docstring)."""
    opened = _OPENING.sub("", text)
    out = _BETWEEN.sub("", opened)
    return out[:1].upper() + out[1:] if opened != text else out  # "[name], we agree." → "We agree."


def placeholders_in(text: str) -> list[str]:
    """The placeholders ``text`` holds, in order."""
    return [m.group(0) for m in PLACEHOLDER.finditer(text)]


__all__ = ["PLACEHOLDER", "PLACEHOLDER_WORDS", "placeholders_in", "without_vocatives"]
