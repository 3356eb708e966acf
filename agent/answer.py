"""The result of one question: the answer, its citations, and exactly what went in."""

from __future__ import annotations

from dataclasses import dataclass, field

from mem.agent.citations import Citation
from mem.core.json_types import JsonObject

TOKEN_METHOD = "estimate: 1 token per CJK character + 1 per 4 other characters (mem.agent.tokens)"


@dataclass
class Answer:
    """One answered question. ``to_dict`` is the ``--json`` shape (docs/ask.md)."""

    question: str
    text: str
    customer: str | None
    engine: str
    language: str
    citations: list[Citation]
    injected: JsonObject
    retrieved: list[JsonObject]
    retrieval_steps: list[JsonObject]
    conflicts: list[JsonObject]
    warnings: list[str]
    removed_citations: list[int]
    tokens: JsonObject
    steps: list[str] = field(default_factory=list)
    session: str | None = None
    reference: str = ""  # the retrieved blocks exactly as marked for the engine (the counted reference tokens)
    # False when mem found a model's answer not borne out by what it cites (agent.answer_check); the
    # deterministic engine only quotes memory, so its answers are always True
    grounded: bool = True

    @property
    def policy_refs(self) -> list[JsonObject]:
        """The policy pages and versions the answer cites (recorded in the turn's log metadata)."""
        return [{"page": c.block.id, "version": c.block.version} for c in self.citations if c.block.memory == "policy"]

    @property
    def knowhow_refs(self) -> list[JsonObject]:
        return [{"page": c.block.id, "version": c.block.version} for c in self.citations
                if c.block.memory == "knowhow"]

    @property
    def fact_refs(self) -> list[str]:
        """The ids of the customer's facts the answer cites (recorded in the turn's log metadata, so an
        erase of one finds the answers that quoted it: ``mem.customers.log_scrub``)."""
        return list(dict.fromkeys(c.block.id for c in self.citations if c.block.memory == "fact"))

    def to_dict(self) -> JsonObject:
        return {
            "question": self.question,
            "answer": self.text,
            "customer": self.customer,
            "session": self.session,
            "engine": self.engine,
            "grounded": self.grounded,
            "language": self.language,
            "citations": [c.to_dict() for c in self.citations],
            "injected": self.injected,
            "retrieved": self.retrieved,
            "reference_data": self.reference,
            "retrieval_steps": self.retrieval_steps,
            "conflicts": self.conflicts,
            "warnings": self.warnings,
            "removed_citations": self.removed_citations,
            "policy_refs": self.policy_refs,
            "tokens": self.tokens,
            "steps": self.steps,
        }
