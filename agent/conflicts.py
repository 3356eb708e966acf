"""Conflicts between the current policy and a customer's past agreement or exception.

A past decision that was made under an older version of a policy page, or that was itself an
exception to the rule, must never be silently followed or silently dropped: the answer shows both,
with their sources, and says which one is current.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mem.agent.blocks import Block
from mem.core.json_types import JsonObject

_EXCEPTION = re.compile(r"exception|exceptional|例外|특례|예외|as a one-off|goodwill", re.IGNORECASE)
_GRANTED = re.compile(r"exception|exceptional|例外|특례|예외|one-off|goodwill|partial|(?<!\d)\d+\s*%|一部|일부",
                      re.IGNORECASE)


def is_exception(text: str) -> bool:
    """Whether a decision reads as a departure from the rule (an exception, a partial or percentage deal)."""
    return bool(_GRANTED.search(text))


@dataclass
class ConflictNote:
    """A past decision (``fact``) that differs from the current rule (``policy``)."""

    fact: Block
    policy: Block
    old_version: int | None
    current_version: int
    reason: str

    def to_dict(self) -> JsonObject:
        return {
            "fact": self.fact.id, "fact_date": self.fact.date, "fact_number": self.fact.number,
            "policy": self.policy.id, "policy_number": self.policy.number,
            "made_under_version": self.old_version, "current_version": self.current_version,
            "current": f"{self.policy.id} v{self.current_version}", "reason": self.reason,
        }


def is_decision(block: Block) -> bool:
    """A fact that records something decided or agreed (the kind of fact a rule can contradict)."""
    data = block.data
    return data.get("kind") == "decision" or bool(data.get("agreement"))


def find_conflicts(blocks: list[Block]) -> list[ConflictNote]:
    """Every past decision among ``blocks`` that the current version of a retrieved policy page overrides."""
    policies = {b.id: b for b in blocks if b.memory == "policy" and b.status != "deprecated"}
    notes: list[ConflictNote] = []
    for fact in (b for b in blocks if b.memory == "fact" and b.status in (None, "active")
                 and not b.data.get("instruction_like")):
        if not is_decision(fact):
            continue
        found = False
        for older in fact.data.get("older_policy", []):
            policy = policies.get(older.get("current_page") or older["page"])  # the page may have been renamed
            if policy is not None:
                notes.append(ConflictNote(
                    fact=fact, policy=policy, old_version=older["version"], current_version=older["current"],
                    reason=f"made under {older['page']} v{older['version']}; the current version is "
                           f"{'' if older['page'] == policy.id else policy.id + ' '}v{older['current']}",
                ))
                found = True
        linked = {ref["page"] for ref in fact.data.get("policy_refs", [])}
        if found or not _EXCEPTION.search(fact.text):
            continue
        # An exception granted under the version still in force still differs from the rule: show it
        # next to the rule it was an exception to, the page the fact is linked to. An exception with no
        # link (imported history) names no rule, and any rule retrieved for another question (the
        # delivery times, the refund method) is not that rule: it stays in the history, with no note.
        for policy in (policies[p] for p in sorted(linked) if p in policies):
            notes.append(ConflictNote(
                fact=fact, policy=policy, old_version=None, current_version=int(policy.version or 0),
                reason=f"an exception to {policy.id}; the rule in force is {policy.id} v{policy.version}",
            ))
    return notes
