"""Grounding: a fact is stored only if its evidence quote really occurs in that conversation's log.

"Occurs verbatim" is checked after Unicode NFKC normalisation and whitespace collapsing (so a
full-width space or a line break inside the quote does not break a true quote), and nothing else:
no case folding, no fuzzy matching. A quote must come from a customer turn; an agent turn may only
be quoted as the confirmation of an agreement (the service is a party to it). A quote must also
be long enough to say something (``MIN_QUOTE_CHARS``), so a model cannot ground a fact on a "yes" picked out
of a longer message — unless the quote is the customer's whole message: "yes", "네" or "うん" alone, answering the
question the fact's text carries, is the answer itself (issue 10: the short answer is the fact).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

MIN_QUOTE_CHARS = 4


@dataclass(frozen=True)
class LogTurn:
    """What grounding needs from one logged turn."""

    id: str
    role: str
    text: str
    speaker: str | None = None


@lru_cache(maxsize=4096)
def normalise_quote(text: str) -> str:
    """NFKC and collapsed whitespace. Cached: every candidate of a turn is checked against the same
    turn text, and normalising it again per candidate made a long message quadratic to ground."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def quote_occurs(quote: str, text: str) -> bool:
    """``quote`` occurs verbatim (after NFKC and whitespace collapsing) in ``text``."""
    needle, haystack = normalise_quote(quote), normalise_quote(text)
    return bool(needle) and (len(needle) >= MIN_QUOTE_CHARS and needle in haystack or needle == haystack)


def check_evidence(evidence: Iterable[object], turns: Iterable[LogTurn], *,
                   customer_roles: Iterable[str] = ("customer",), agreement: bool = False) -> str | None:
    """``None`` when every quote is grounded, else the reason the evidence is refused.

    ``evidence`` items need ``turn``, ``role`` and ``quote`` attributes (``mem.customers.fact_record.Evidence``).
    At least one quote must come from a customer turn; agent quotes are allowed only when
    ``agreement`` is true.
    """
    by_id = {turn.id: turn for turn in turns}
    roles = set(customer_roles)
    customer_quotes = 0
    items = list(evidence)
    if not items:
        return "no evidence quote"
    for item in items:
        turn = by_id.get(getattr(item, "turn", ""))
        quote = getattr(item, "quote", "")
        if turn is None:
            return f"evidence names turn {getattr(item, 'turn', '')!r}, which is not in this conversation"
        if turn.role in roles:
            customer_quotes += 1
        elif not agreement:
            return f"quote from a {turn.role} turn, but only the customer's own words can ground a fact"
        if not quote_occurs(quote, turn.text):
            return f"quote not found verbatim in turn {turn.id}: {quote[:60]!r}"
    if not customer_quotes:
        return "no quote from the customer's own messages"
    return None
