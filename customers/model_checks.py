"""What mem checks of a model's extraction answer beyond its shape: the fact's text, its kind, a DELETE.

``extraction_model`` validates the JSON, the turn numbers and the grounding of every quote; the words a model
writes *around* a grounded quote are checked here against mem's own reading of that quote:

- ``checked_text``: the fact's ``text`` is kept only when every content word of it comes from the quote (the
  same test as the ``statement``, ``statements.check_statement``); otherwise it is rebuilt as the deterministic
  engine writes it — the quote itself (``quote → confirmation`` for an agreement, the speaker's name in front).
  "The service promised the customer a $5000 refund" from a quote about a stuck drawer is never stored, nor a
  French text of an English message.
- ``checked_kind``: a ``decision`` is kept for an agreement (an agent turn confirmed it) or when mem reads a
  sentence of the quote as deciding something (``kinds.classify``); otherwise the kind mem reads.
- ``checked_judgement``: a model's DELETE is applied only when mem's own judgement of the candidate
  (``judge.judge``, with mem's reading of whether the quote takes something back) is a DELETE too; otherwise
  mem's judgement (ADD, UPDATE or NONE) stands, so the candidate's new value is stored, never lost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import date

from mem.core.text.sentences import split_sentences
from mem.customers import kinds
from mem.customers.fact_candidates import Candidate
from mem.customers.fact_record import Fact
from mem.customers.judge import Judgement, judge
from mem.customers.slots import Slot
from mem.customers.statements import check_statement

# the kinds in the order the deterministic engine ranks a message's sentences (fact_candidates._STRENGTH)
_STRENGTH = ("event", "attribute", "preference", "request", "decision")


def checked_text(written: str, *, quote: str, speaker: str | None, slot: Slot | None, days: Sequence[date | None],
                 confirmation: str | None = None) -> str:
    """The model's ``written`` text when its words are the quote's, else the deterministic engine's text."""
    quotes = [quote, confirmation] if confirmation else [quote]
    if check_statement(written, quotes=quotes, speaker=speaker, slot=slot, days=days) is None:
        return " ".join(written.split())
    text = f"{quote} → {confirmation}" if confirmation else quote
    return f"{speaker}: {text}" if speaker else text


def checked_kind(kind: str, *, quote: str, lang: str, agreement: bool) -> str:
    """``kind``, unless the model calls "decision" a quote in which mem reads no decision and no agent agreed."""
    if kind != "decision" or agreement:
        return kind
    read = [kinds.classify(s.text, lang=lang) for s in split_sentences(quote)] or [kinds.classify(quote, lang=lang)]
    found = [k for k in read if k in _STRENGTH]
    if "decision" in found:
        return kind
    return max(found, key=_STRENGTH.index) if found else "event"


def checked_judgement(judgement: Judgement, candidate: Candidate, similar: Sequence[Fact]) -> Judgement:
    """The model's ``judgement``, unless it is a DELETE mem's own judgement of ``candidate`` does not share.

    ``similar``: the active facts the candidate is judged against (the store's and the batch's own).
    """
    if judgement.action != "DELETE":
        return judgement
    quote = " ".join(e.quote for e in candidate.evidence if e.role == "customer")
    own = dataclasses.replace(candidate, retraction=kinds.is_retraction(quote, lang=candidate.lang))
    mine = judge(own, similar)
    if mine.action == "DELETE":
        return judgement
    return dataclasses.replace(
        mine, reason=f"the model judged it a retraction, mem does not read {quote[:80]!r} as taking anything back"
                     + (f": {mine.reason}" if mine.reason else ""))
