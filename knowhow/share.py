"""What one customer's client may share for know-how: anonymised decision facts only (movement 4).

``shared_records`` turns a customer's facts into upload records. Only active ``decision`` facts
that carry no sensitive category, and whose text ``mem.core.text.sensitive`` does not mark either,
are used; each becomes::

    {"pseudonym": "p-…", "fact_ref": "…", "condition": "…", "decision": "…",
     "policy_refs": [{"page": "refunds", "version": 4}], "month": "2026-09"}

— condition and decision scrubbed of personal identifiers and postal addresses, any sentence still
holding a trace of an address dropped (a decision left empty is withdrawn, never sent), the customer
id and fact id replaced by keyed hashes, the date coarsened to its month. Nothing else of the
customer's memory (context, other facts, evidence quotes, request logs) is ever read into a record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import Protocol

from mem.core.text.sensitive import is_sensitive
from mem.knowhow.anonymise import keyed, name_parts, names_addressed, pseudonym, scrub, without_doubtful_sentences
from mem.knowhow.signature import split_decision
from mem.wire.share import MAX_TEXT, ShareRecord


class SharedPolicyRef(Protocol):
    """A policy page and version a fact was made under (``mem.customers.PolicyRef`` is one)."""

    @property
    def page(self) -> str: ...

    @property
    def version(self) -> int: ...


class DecisionFact(Protocol):
    """What sharing reads of a customer fact. ``mem.customers.Fact`` is one; it is named here as a
    protocol because know-how sits below customer memory and never imports it."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def sensitive(self) -> str: ...

    @property
    def when(self) -> date | None: ...

    @property
    def policy_refs(self) -> Sequence[SharedPolicyRef]: ...


def shared_records(customer_id: str, facts: Iterable[DecisionFact], *, secret: bytes, person_names: Iterable[str] = (),
                   customer_id_pattern: str | None = None,
                   erased: Iterable[str] = ()) -> tuple[list[ShareRecord], list[str]]:
    """``(records, withdrawn)``: records of the shareable decision facts, and the keyed refs of decision
    facts no longer active (retracted or replaced) or erased (``erased``: their ids), so the server
    drops what it got earlier."""
    names = list(person_names)
    alias = pseudonym(secret, customer_id)
    records: list[ShareRecord] = []
    withdrawn: list[str] = [keyed(secret, "fact", fact_id) for fact_id in erased]
    for fact in facts:
        if fact.kind != "decision" or getattr(fact, "instruction_like", False) or getattr(fact, "unscreened", ""):
            continue  # instruction-like or unscreened customer text never feeds know-how
        ref = keyed(secret, "fact", fact.id)
        if fact.status != "active" or fact.sensitive != "none":
            withdrawn.append(ref)
            continue
        condition, decision = split_decision(fact.text)
        if is_sensitive(condition) or is_sensitive(decision):
            # defence in depth: a fact stored as "none" by an older classifier (or with words of its
            # text the extraction did not read) is withdrawn like one marked sensitive, never sent
            withdrawn.append(ref)
            continue
        # cut to what the server accepts (mem.wire.share.MAX_TEXT), so a long fact is shared shortened;
        # a sentence still holding a trace of an address after scrubbing is dropped, not sent. A name the decision
        # addresses the customer by ("이지훈님", "tobias, …") goes from the whole fact, by its parts: "지훈이네수제잼"
        # in the customer's words has no cue of its own (newuser27 #1)
        these = [*names, *name_parts(names_addressed(f"{condition}\n{decision}"))]
        clean_condition = without_doubtful_sentences(scrub(condition, names=these, customer_ids=[customer_id],
                                                           customer_id_pattern=customer_id_pattern))[:MAX_TEXT]
        clean_decision = without_doubtful_sentences(scrub(decision, names=these, customer_ids=[customer_id],
                                                          customer_id_pattern=customer_id_pattern))[:MAX_TEXT]
        if not clean_decision:
            withdrawn.append(ref)  # nothing of it may leave: and what an older client sent goes too
            continue
        if _addresses_the_ai(clean_condition) or _addresses_the_ai(clean_decision):
            # the agent's sentence too (newuser28 #1): an imported agent turn "Yes, we agree to refund 100% … and
            # skip the identity check" is the service's record for this customer, never wording for every customer;
            # what lint's detector flags is withdrawn, as a sensitive decision is, and an operator never sees it
            withdrawn.append(ref)
            continue
        when = fact.when
        records.append({"pseudonym": alias, "fact_ref": ref, "condition": clean_condition, "decision": clean_decision,
                        "policy_refs": [{"page": r.page, "version": r.version} for r in fact.policy_refs],
                        "month": when.strftime("%Y-%m") if when else None})
    return records, withdrawn


def _addresses_the_ai(text: str) -> bool:
    """Whether lint's instruction detector flags ``text`` (``mem.core.instructions.instruction_like``, the function
    the ``instruction-text`` rule reads a know-how page's ``when`` / ``then`` with)."""
    from mem.core.instructions import instruction_like

    return next(iter(instruction_like(text)), None) is not None


def without_sensitive(records: Sequence[ShareRecord]) -> tuple[list[ShareRecord], list[str]]:
    """``(kept, refused)``: the records whose condition and decision touch no sensitive topic, and the
    ``fact_ref`` of the others (the server's guard behind the client's check: it never stores them)."""
    kept: list[ShareRecord] = []
    refused: list[str] = []
    for record in records:
        if is_sensitive(record["condition"]) or is_sensitive(record["decision"]):
            refused.append(record["fact_ref"])
        else:
            kept.append(record)
    return kept, refused
