"""A question that asks what the service will do, did or can do — "Which address will you ship my next order to?",
"When will you send it?", "What did you promise me about my order?" — asks for information, not for an action.

English reads a request in a modal before "you" ("Can you send it…", "Could you check…"); that reading is right where
the modal opens the question, and wrong after a question word, where "will you" is only the question's inverted verb.
Such a question states nothing about the customer: kept as a ``request``, it was told back to them as "Your history
with us" (newuser22 #12, issue 10: "drop … questions that state nothing"). A value the question gives ("When can you
deliver to my new flat at 4 Elm Road?") is read by the slots as before, and a question that also names a remedy
("When will you refund me?", "When can you send a replacement?", "What time could you call me back?") or says please
stays a request (``kinds._asks_for_something``, ``_REMEDY``).
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

# a question word opening the sentence (after at most two openers: "So", "And", "Hi Dana,"), then up to five words of
# its phrase — none ending a clause — and the inverted modal or auxiliary before "you"
_WH_THEN_YOU = lazy(r"^\W{0,3}(?:(?:so|and|but|ok|okay|oh|hi|hey|hello|also|then|sorry)\W{1,3}){0,2}"
                    r"(?:what|which|where|when|how|why|whose)\b(?:\s+[^\s,;:.!?]{1,20}){0,5}?\s+"
                    r"(?:will|would|can|could|did|do|does|have|has|are|were)\s+you\b", re.I)

# ... unless what follows asks the service for a remedy or an act for the customer: "When can you send a replacement for
# my broken mug?", "What time could you call me back?", "What will you do about the wrong colour?" are requests
_REMEDY = lazy(r"\b(?:replac\w{0,10}|new\s+one|re-?send\w{0,4}|resent|re-?ship\w{0,4}|call\w{0,3}(?:\s+\w{1,20}){0,2}?"
               r"\s+back|callback|collect\w{0,4}|pick(?:\s+\w{1,20})?\s+up|repair\w{0,4}|fix\w{0,4}|exchang\w{0,4}|"
               r"swap\w{0,4}|switch\w{0,4}|compensat\w{0,6}|credit\w{0,4}|do\s+about|make\s+(?:it|this|that)\s+right|"
               r"sort\s+(?:it|this|that)\s+out)\b|\b(?:send|give|call|ring|text|e-?mail|switch|move|get)\s+me\b", re.I)


def without_the_question_s_verb(sentence: str) -> str:
    """The English sentence without its opening "which … will you" / "when can you" / "what did you" (a question-word
    question whose verb is the service's): what is left is searched for a request's modal ("So what will you do, can
    you send a new one?" still asks for one). The sentence as it is when it opens otherwise."""
    text = sentence.strip()
    match = _WH_THEN_YOU.search(text)
    if match is None or _REMEDY.search(text, match.end()) is not None:
        return text
    return text[match.end():]
