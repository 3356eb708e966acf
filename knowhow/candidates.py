"""Candidate detection over the anonymised decisions the server received (movement 4).

Decisions are grouped by *situation* (condition terms similar by Jaccard ≥ 0.5 and the same policy
pages), then by *decision* (same polarity, decision terms similar by Jaccard ≥ 0.5). Counting is
by **distinct pseudonyms**, never by facts:

- procedure candidate ("when X, do Y"): one decision in one situation from at least
  ``knowhow.min_customers`` customers, and no customer got the opposite decision (a refusal
  against a grant, or the reverse) in that situation — a single counter-example blocks it;
- interpretation candidate: the same situation raised by at least ``min_customers`` customers
  but answered inconsistently — the policy is ambiguous there and needs one interpretation;
- fewer customers (at least ``propose_min_customers``): listed as a *proposal* only.

Only decisions within ``knowhow.window_days`` count. Nothing here writes a page: promotion needs
an operator's approval (``mem.knowhow.promote``).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TypedDict

from mem.core import clock
from mem.core.config import KnowhowSettings
from mem.core.json_types import JsonObject
from mem.core.text.sensitive import is_sensitive
from mem.knowhow.signature import decision_terms, jaccard, polarity, split_decision, terms
from mem.wire.share import ShareRecord

SIMILAR = 0.5


class Review(TypedDict):
    """An operator's approval or rejection of a candidate, as the server store keeps it."""

    decision: str  # "approved" | "rejected" | "reopened" (a rejection reversed: the candidate is open again)
    by: str
    at: str
    page_id: str | None
    signature: str  # of the candidate's evidence when reviewed


@dataclass
class Decision:
    """One shared decision as the server holds it (already anonymised by the client)."""

    pseudonym: str
    condition: str
    decision: str
    pages: tuple[str, ...]
    policy_refs: tuple[tuple[str, int], ...]
    month: str | None
    condition_terms: frozenset[str] = frozenset()
    decision_terms: frozenset[str] = frozenset()
    polarity: str = "positive"

    @classmethod
    def from_record(cls, record: ShareRecord) -> Decision:
        condition, decision = str(record.get("condition") or ""), str(record.get("decision") or "")
        if not condition and decision:
            condition, decision = split_decision(decision)
        refs = tuple(sorted((str(r["page"]), int(r["version"])) for r in record.get("policy_refs") or []))
        return cls(pseudonym=str(record["pseudonym"]), condition=condition, decision=decision,
                   pages=tuple(sorted({p for p, _ in refs})), policy_refs=refs, month=record.get("month"),
                   condition_terms=terms(condition), decision_terms=decision_terms(decision),
                   polarity=polarity(decision))


@dataclass
class Candidate:
    id: str
    kind: str  # "procedure" | "interpretation"
    status: str  # "candidate" | "proposal" | "blocked" (+ "approved" / "rejected" once reviewed)
    when: str
    then: str
    customers: int
    counter_examples: int
    facts: int
    policy_refs: list[JsonObject]
    situation_key: str
    alternatives: list[JsonObject] = field(default_factory=list)
    review: JsonObject | None = None
    # the situation key each supporting decision would found, and the procedure id each would give: kept in the
    # review's signature, so the candidate keeps its id and its count when the decision it was founded on is
    # withdrawn (new-user report 27 #11)
    member_keys: tuple[str, ...] = ()

    def to_dict(self) -> JsonObject:
        return {"id": self.id, "kind": self.kind, "status": self.status, "when": self.when, "then": self.then,
                "customers": self.customers, "counter_examples": self.counter_examples, "facts": self.facts,
                "policy_refs": self.policy_refs, "alternatives": self.alternatives, "review": self.review}


def review_signature(candidate: Candidate) -> str:
    """What a review stores of ``candidate``: its situation key, then the keys its supporting decisions give."""
    return " ".join([candidate.situation_key, *sorted(set(candidate.member_keys) - {candidate.situation_key})])


def _within_window(month: str | None, window_days: int) -> bool:
    if not month:
        return True
    try:
        year, mon = (int(x) for x in month[:7].split("-"))
        first = date(year, mon, 1)
    except ValueError:
        return False
    # A month counts while any of its days is inside the window.
    last = (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    return last >= clock.today() - timedelta(days=window_days)


def _cluster(items: list[Decision], key, *, same=lambda a, b: True) -> list[list[Decision]]:
    """Greedy clustering: an item joins the first cluster whose founder is similar enough."""
    clusters: list[list[Decision]] = []
    for item in items:
        for cluster in clusters:
            if same(cluster[0], item) and jaccard(key(cluster[0]), key(item)) >= SIMILAR:
                cluster.append(item)
                break
        else:
            clusters.append([item])
    return clusters


def _common_text(texts: list[str], prefer: str = "") -> str:
    """The commonest text; on a tie ``prefer`` (the founder's: a reviewed candidate keeps its words when as
    many customers join it in others), else the first in sorted order."""
    counts = Counter(t for t in texts if t)
    if not counts:
        return ""
    best = max(counts.values())
    if counts.get(prefer) == best:
        return prefer
    return sorted(t for t, n in counts.items() if n == best)[0]


def _refs(members: list[Decision]) -> list[JsonObject]:
    latest: dict[str, int] = {}
    for member in members:
        for page, version in member.policy_refs:
            latest[page] = max(version, latest.get(page, 0))
    return [{"page": page, "version": version} for page, version in sorted(latest.items())]


@dataclass
class _Outcome:
    """One decision taken in a situation: the customers who got it and the facts that show it."""

    then: str
    polarity: str
    customers: int
    members: list[Decision]
    key: str


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:10]


def _situation_key(founder: Decision) -> str:
    return _digest(" ".join(sorted(founder.condition_terms)), ",".join(founder.pages))


def _procedure_id(situation_key: str, decision_key: str, polarity: str) -> str:
    return "p-" + _digest("procedure", situation_key, decision_key, polarity)


def _interpretation_id(situation_key: str) -> str:
    return "i-" + _digest("interpretation", situation_key)


def detect_candidates(records: Sequence[ShareRecord], *, settings: KnowhowSettings,
                      reviews: Mapping[str, Review] | None = None) -> list[Candidate]:
    """Every candidate and proposal found in ``records``, strongest first."""
    reviews = reviews or {}
    # rows stored before the server refused sensitive records are never proposed as know-how
    decisions = [Decision.from_record(r) for r in records if _within_window(r.get("month"), settings.window_days)
                 and not is_sensitive(str(r.get("condition") or "")) and not is_sensitive(str(r.get("decision") or ""))]
    # A candidate's id is its founders' (the first decision of its situation and of its outcome), and
    # clusters are founded in the order of their condition words: a later customer whose words sort
    # first ("a damaged chair" before "a damaged kettle") founded the situation anew, the approved
    # candidate lost its id, its page read "support fell to 0 … customers turned sharing off" while all
    # of them still shared, and the same customers made a new candidate approved into a second page
    # (new-user report 19 section 7). Decisions that found a reviewed candidate go first, so it keeps its id
    # as long as one decision it was founded on is shared. (A review's ``signature`` is its situation.)
    # A review's signature is its situation key, then (since the twenty-eighth round) the situation key and the
    # procedure id each decision that supported it when reviewed would give on its own: when the founder is
    # withdrawn, another supporter founds the situation, and it maps back to the reviewed situation and candidate.
    # Before, the approved candidate read "support fell to 0" while a supporter still shared (newuser27 #11).
    primary_of: dict[str, str] = {}
    reviewed_procedure: dict[str, str] = {}
    for reviewed_id, review in sorted(reviews.items()):
        keys = str(review.get("signature") or "").split()
        for key in keys:
            if key.startswith("p-"):
                reviewed_procedure.setdefault(key, reviewed_id)
            else:
                primary_of.setdefault(key, keys[0])
    reviewed_situations = set(primary_of)
    decisions.sort(key=lambda d: (_situation_key(d) not in reviewed_situations, sorted(d.condition_terms),
                                  d.pseudonym, d.decision))
    situations = _cluster(decisions, lambda d: d.condition_terms, same=lambda a, b: a.pages == b.pages)
    found: list[Candidate] = []
    for situation in situations:
        founder = situation[0]
        situation_key = primary_of.get(_situation_key(founder), _situation_key(founder))
        if situation_key in reviewed_situations:
            situation.sort(key=lambda d: not ({_procedure_id(situation_key, " ".join(sorted(d.decision_terms)),
                                                             d.polarity)} & (reviews.keys() | reviewed_procedure)))
        when = _common_text([d.condition for d in situation], prefer=founder.condition) or (
            f"a case under policy {', '.join(founder.pages)}" if founder.pages else "")
        groups = _cluster(situation, lambda d: d.decision_terms, same=lambda a, b: a.polarity == b.polarity)
        summaries = [_Outcome(then=_common_text([d.decision for d in group], prefer=group[0].decision),
                              polarity=group[0].polarity,
                              customers=len({d.pseudonym for d in group}), members=group,
                              key=" ".join(sorted(group[0].decision_terms))) for group in groups]
        for summary in summaries:
            opposite = {d.pseudonym for other in summaries if other.polarity != summary.polarity
                        for d in other.members}
            customers = summary.customers
            own_ids = [_procedure_id(situation_key, " ".join(sorted(d.decision_terms)), d.polarity)
                       for d in summary.members]
            candidate_id = _procedure_id(situation_key, summary.key, summary.polarity)
            if candidate_id not in reviews:
                candidate_id = next((reviewed_procedure[i] for i in own_ids if i in reviewed_procedure), candidate_id)
            # a reviewed candidate stays listed with its support, however low: an approved page is in force
            if customers < settings.propose_min_customers and candidate_id not in reviews:
                continue
            if opposite:
                status = "blocked"
            elif customers >= settings.min_customers:
                status = "candidate"
            else:
                status = "proposal"
            found.append(Candidate(
                id=candidate_id, kind="procedure", status=status, when=when, then=summary.then, customers=customers,
                counter_examples=len(opposite), facts=len(summary.members), policy_refs=_refs(summary.members),
                situation_key=situation_key,
                alternatives=[{"then": o.then, "customers": o.customers} for o in summaries if o is not summary],
                member_keys=(*{_situation_key(d) for d in summary.members}, *own_ids),
            ))
        asked = {d.pseudonym for d in situation}
        inconsistent = len({s.polarity for s in summaries}) > 1
        interpretation_id = _interpretation_id(situation_key)
        if inconsistent and (len(asked) >= settings.propose_min_customers or interpretation_id in reviews):
            found.append(Candidate(
                id=interpretation_id, kind="interpretation",
                status="candidate" if len(asked) >= settings.min_customers else "proposal", when=when, then="",
                customers=len(asked), counter_examples=0, facts=len(situation), policy_refs=_refs(situation),
                situation_key=situation_key,
                alternatives=[{"then": s.then, "customers": s.customers} for s in summaries],
                member_keys=tuple({_situation_key(d) for d in situation}),
            ))
    for candidate in found:
        found_review = reviews.get(candidate.id)
        if found_review:
            candidate.review = {k: found_review[k] for k in ("decision", "by", "at", "page_id")}
            if found_review["decision"] != "reopened":  # reopened: the status detection gives, as before any review
                candidate.status = found_review["decision"]
    order = {"candidate": 0, "proposal": 1, "blocked": 2, "approved": 3, "rejected": 4}
    found.sort(key=lambda c: (order.get(c.status, 9), -c.customers, c.id))
    return found
