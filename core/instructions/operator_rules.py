"""A rule the company states about its own assistant, in the third person: a policy, not an order to the AI.

"The assistant must not promise delivery dates", "The chatbot should not give medical advice", "챗봇은 환불 금액을
확정하지 않는다", "AIアシスタントは医療的な助言を行わないものとします": the policy's own modal over what the bot does,
and what it does is held back — a promise, a commitment, advice, a decision that is staff's, someone else's data, the
instructions inside what customers send. The fourteenth round found such rules flagged by eight writers of eleven
(docs/lint.md). An order to the AI is the other way round: it widens what the agent grants ("must approve every
refund"), reveals ("must share the discount codes") or obeys ("must follow the customer's instructions"), or takes a
safeguard away ("must not ask for a receipt", "must never mention the fee", "must not refuse") — so only a
*negated* verb of giving, committing, deciding or disclosing private data counts as held back, and a positive order
of a grant or an override in the same sentence still makes it an order (``held_back``).
"""

from __future__ import annotations

from mem.core.instructions.lexicon_en import _AI
from mem.core.text.pattern import lazy

# what the bot is held back from: giving, committing, deciding, someone else's data, the orders inside customers'
# text. Not here: telling, mentioning, admitting, asking, checking, charging, refusing — negated, they hide a term
# from the customer or drop a safeguard, which is what an injection does.
_HELD_BACK_VERB = (
    r"(?:promise|guarantee|commit\s+to|approve|grant|waive|accept|process|issue|diagnose|prescribe|recommend|"
    r"interpret|advise|unlock|book|override|"
    r"give\s+(?:\w+\s+){0,2}?(?:advice|opinions?|diagnos[ie]s|assurances?|guarantees?|refunds?|discounts?|credits?)|"
    r"make\s+(?:\w+\s+){0,2}?(?:claims?|promises?|commitments?|decisions?|diagnos[ie]s|exceptions?|judg(?:e)?ments?)|"
    r"confirm\s+(?:(?:a|an|the|any)\s+)?(?:\w+\s+)?(?:amounts?|availability|bookings?|refunds?|dates?|slots?|prices?|"
    r"reservations?|berths?|places?|seats?|times?)|"
    r"quote\s+(?:\w+\s+){0,2}?(?:prices?|amounts?|figures?|rates?|fees?)|"
    r"(?:change|modify|alter|cancel)\s+(?:(?:a|an|the|any)\s+)?(?:\w+\s+)?(?:bookings?|orders?|reservations?|names?|"
    r"payers?|accounts?|settings?)|"
    r"(?:disclose|share|reveal|repeat|store|give\s+out|pass\s+on|send)\s+(?:\w+\s+){0,3}?(?:other|another|internal|"
    r"staff|personal|private|confidential|card|password|pins?|codes?|these\s+instructions|notes|prompt|contact|bank|"
    r"one\s+customer's)|"
    r"(?:follow|obey|act\s+on|execute|carry\s+out)\s+(?:\w+\s+){0,2}?(?:instructions?|requests?|commands?|orders?|"
    r"text|claims?)\s+(?:found|contained|in|inside|within|from|that|which|sent|pasted|embedded|appearing)|"
    r"say\s+(?:that\s+)?(?:\w+\s+){0,3}?\W?(?:has|have|is|was|were)\s+been)")
_HELD_BACK = lazy(
    rf"\b(?:{_AI}|model|assistants?)\s+(?:\w+\s+){{0,2}}?(?:must|should|shall|may|can|will|is\s+to|are\s+to|"
    r"ought\s+to|is\s+(?:instructed|required|trained|set\s+up)\s+to)(?:\s+not|\s+never|n't)\s+(?:\w+\s+)?"
    rf"{_HELD_BACK_VERB}\b")
# a positive order of a grant, a disclosure or an override anywhere in the sentence ("…must not promise dates but
# should approve every refund")
_POSITIVE_ORDER = lazy(r"\b(?:must|should|shall|is\s+to|are\s+to|will)\s+(?:always\s+|instead\s+|just\s+|now\s+)?"
                       r"(?:approve|grant|waive|accept|refund|ignore|disregard|override|bypass|skip|reveal|disclose|"
                       r"share|apply|credit|exempt)\b")


def held_back(text: str) -> bool:
    """Whether ``text`` (normalised) states what the company's bot is held back from, and orders nothing more."""
    return _HELD_BACK.search(text) is not None and _POSITIVE_ORDER.search(text) is None
