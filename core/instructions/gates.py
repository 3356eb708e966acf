"""Cheap gates: the words each family of rules needs before its patterns run.

Most sentences of a wiki or a chat address no one; a set intersection on their words (``_W_*``)
or one literal search (``_stems``) lets them through at the cost of a split and a few lookups,
and only a sentence that holds a family's words pays for its regular expressions. The gates of
the later families sit beside their rules; these are the first two versions' and the shared ones
(the words any rule needs, ``_W_ANY``; the words a line break may be put inside, ``_BROKEN_WORDS``).
"""

from __future__ import annotations

import re

from mem.core.instructions.normalise import _CJK_CHAR
from mem.core.text.pattern import LazyPattern, lazy


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _has(text: str, keys: LazyPattern) -> bool:
    return keys.search(text) is not None


def _stems(*stems: str) -> LazyPattern:
    """Any of the given literal stems (a gate: one search, no word boundaries)."""
    return lazy("|".join(re.escape(stem) for stem in stems))


# Cheap gates: each family of rules runs only when the sentence holds one of its words (a set
# intersection), so the many ordinary sentences of a wiki cost a split and a few lookups.
_W_OVERRIDE = _words("ignore ignoring disregard disregarding forget forgetting override overriding bypass circumvent "
                     "overlook "
                     "skip discard drop abandon aside attention follow following supersede supersedes replace replaces "
                     "cancel cancels void nullify throw scrap ditch toss dump junk shelve erase wipe mind heed notice "
                     "brush past delete remove")
_W_PROGRAMMING = _words("instructions programming prompt directives training guardrails")
_W_SCOPE = _words("all any every each whatever anyone everyone anyway regardless unconditionally automatically "
                  "without full")
_W_EXFIL = _words("prompt instructions configuration hidden initial keys")
_W_ORDERS = _words("instructions instruction directives directive orders order commands command prompt")
_CHAT_HINT = lazy(r"<\||\[/?inst|<</?sys|^\W{0,3}(?:system|assistant|ai|developer)\b")
_W_REGARDLESS = _words("regardless irrespective matter even notwithstanding spite despite whatever")
_W_ROLE = _words("now longer act pretend mode persona role identity chatgpt claude gemini llama forget")
_W_AI = _words("ai a.i llm llms intelligence language model models chatbot chatbots chat bot bots chatgpt claude "
               "gemini copilot virtual digital automated")
_W_NOW = _words("now henceforth forward starting rest until this")
_W_GRANT = _words("approve grant accept authorize authorise issue process honor honour allow give offer pay full waive")
_W_ALWAYS = _words("always never only answer say reply respond")
_WORDS = lazy(r"[a-z][a-z.']*")
# words a line break may be put inside to hide them (read joined again, ``_broken_word``)
_BROKEN_WORDS = _W_OVERRIDE | _W_AI | _W_PROGRAMMING | _W_ORDERS | _words(
    "assistant assistants previous prior earlier policy policies rules system approve refund refunds guidelines "
    "verification limits restrictions waive grant unlimited admin administrator developer")
_W_ANY = _W_OVERRIDE | _W_REGARDLESS | _W_ROLE | _W_AI | _W_NOW | _W_GRANT | _W_ALWAYS | _W_EXFIL | {"your", "as"}
_CJK = lazy(_CJK_CHAR)
