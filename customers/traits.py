"""Traits (movement 6): one customer's tendency, repeated on several days, becomes a trait fact.

**Same tendency, deterministically.** Requests and decisions form one family (an agreed request
is stored as a decision, and it is still the customer asking), preferences another. Each fact's
signature is its set of content terms (``mem.core.text.content_terms``: stop words removed, English
stemmed, Korean particles stripped, Japanese kanji/katakana runs), read from the customer's own
quotes, not the agent's confirmation. Facts of one family share a tendency when they share a
*pair* of content terms; the tendency's signature is every term all its facts share (e.g.
{exception, annual, contract}). It becomes a trait when it holds at least ``trait.min_repeats``
facts on at least ``trait.min_distinct_days`` distinct days (``valid_at``). Among tendencies with
nested supports the one with the most support is kept, so one habit yields one trait.

A new trait is ``kind=trait``, ``origin=inferred``, unconfirmed, ``support`` = the ids of its latest
``MAX_SUPPORT`` supporting facts, ``valid_at`` = the latest supporting day, and one evidence quote per
supporting fact (the latest five). A trait whose support grows with the same statement grows in place (same id,
one ``supported`` history row listing only the supporters added); one whose statement changes is UPDATEd (old
replaced, linked; confirmation kept). A record's size stays bounded however long the habit lasts, and a new
supporter costs one history row, so memory grows linearly with history.
Inferred traits never reach customer context unconfirmed (``mem.customers.promotion``). A trait whose latest support is
older than ``trait.recheck_after_days`` gets a recheck flag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import combinations
from typing import TYPE_CHECKING

from mem.core.text import stem, terms
from mem.core.text.language import detect_language
from mem.customers.fact_record import Evidence, Fact

if TYPE_CHECKING:
    from mem.core.config import Config
    from mem.customers.store import CustomerStore

FAMILIES = {"request": "request", "decision": "request", "preference": "preference"}
_MAX_TERMS = 12
_NOT_A_TENDENCY_WORDS = (
    "love lov like lik enjoy prefer hate dislike favorite favourite fav fan want need please help ask request "
    "great good awesome amazing glad happy nice cool wow thank thanks sure okay people someone something "
    "좋아 좋아해 선호 싫어 부탁 요청 정말 好き 嫌い お願い 希望"
)
_NOT_A_TENDENCY = frozenset(_NOT_A_TENDENCY_WORDS.split())
_POOL = 30
_MAX_EVIDENCE = 5  # a trait quotes its latest supporting facts
# ``support`` lists the ids of a trait's latest supporting facts, at most this many: every update of a trait is a
# new record (and two history snapshots), so a list of every supporter made memory grow with the square of the
# customer's history (docs/customers.md, "Traits carry their latest support")
MAX_SUPPORT = 50
_LABELS = {
    ("request", "en"): "Tends to ask for: {}", ("preference", "en"): "Consistently prefers: {}",
    ("request", "ko"): "반복해서 요청함: {}", ("preference", "ko"): "일관되게 선호함: {}",
    ("request", "ja"): "繰り返し依頼: {}", ("preference", "ja"): "一貫して好む: {}",
}


@dataclass(frozen=True)
class Tendency:
    """Facts of one family sharing a signature, with the number of distinct days they span."""

    family: str
    signature: tuple[str, ...]
    support: tuple[Fact, ...]
    days: int

    def text(self) -> str:
        latest = max(self.support, key=lambda f: (f.when or date.min, f.id))
        quote = " ".join(e.quote for e in latest.evidence if e.role == "customer") or latest.text
        order = {term: i for i, term in enumerate(terms(quote))}
        surface: dict[str, str] = {}
        for word in re.findall(r"[a-z][a-z'-]*[a-z]", quote.lower()):
            surface.setdefault(stem(word), word)  # show "counseling", not its stem "counsel"
        shown = [surface.get(t, t) for t in sorted(self.signature, key=lambda t: (order.get(t, len(order)), t))]
        lang = detect_language(quote)
        return _LABELS[(self.family, lang)].format(("、" if lang == "ja" else ", ").join(shown))


def signature(fact: Fact) -> list[str]:
    """The content terms of a fact's customer quotes (the agent's words never define a tendency).

    The words that made the fact a request or a preference ("please", "love", "주세요", "好き") and
    bare sentiment are left out: every preference says "love", which is not a tendency.
    """
    quotes = " ".join(e.quote for e in fact.evidence if e.role == "customer") or fact.text
    return [t for t in terms(quotes) if t not in _NOT_A_TENDENCY][:_MAX_TERMS]


def find_tendencies(facts: Iterable[Fact], *, min_repeats: int, min_distinct_days: int) -> list[Tendency]:
    """Every tendency among ``facts`` that meets the thresholds (pure; no store)."""
    by_family: dict[str, list[Fact]] = {}
    for fact in facts:
        family = FAMILIES.get(fact.kind)
        if family is not None and fact.status == "active":
            by_family.setdefault(family, []).append(fact)
    found: list[Tendency] = []
    for family, members in sorted(by_family.items()):
        found.extend(_family_tendencies(family, members, max(min_repeats, 1), max(min_distinct_days, 1)))
    return found


def _family_tendencies(family: str, facts: list[Fact], min_repeats: int, min_days: int) -> list[Tendency]:
    term_sets = {f.id: set(signature(f)) for f in facts}
    by_id = {f.id: f for f in facts}
    pairs: dict[tuple[str, str], set[str]] = {}
    for fact in facts:
        for pair in combinations(sorted(term_sets[fact.id]), 2):
            pairs.setdefault(pair, set()).add(fact.id)
    supports: dict[frozenset[str], Tendency] = {}
    for ids in pairs.values():
        if len(ids) < min_repeats:
            continue
        days = {by_id[i].when for i in ids}
        if len(days) < min_days or frozenset(ids) in supports:
            continue
        shared = set.intersection(*(term_sets[i] for i in ids))
        support = tuple(sorted((by_id[i] for i in ids), key=lambda f: (f.when or date.min, f.id)))
        supports[frozenset(ids)] = Tendency(family, tuple(sorted(shared)), support, len(days))
    kept: list[Tendency] = []
    for tendency in sorted(supports.values(), key=lambda t: (-len(t.support), -len(t.signature), t.signature)):
        ids = {f.id for f in tendency.support}
        if any(ids <= {f.id for f in k.support} for k in kept):
            continue
        kept.append(tendency)
    return kept


@dataclass
class TraitResult:
    added: list[Fact]
    updated: list[Fact]
    replaced: list[str] = field(default_factory=list)  # every trait id replaced during the call
    grown: list[str] = field(default_factory=list)  # traits grown in place (same id) during the call


def update_traits(store: CustomerStore, new_facts: Sequence[Fact], *, config: Config, today: date,
                  known: Sequence[Fact] = (), gone: Iterable[str] = ()) -> TraitResult:
    """Look for tendencies around ``new_facts`` and write trait facts (``flag_stale_traits`` is separate).

    Only the neighbourhood of the new facts is searched (their terms, ``_POOL`` facts per family),
    so the cost does not grow with the customer's history. ``known`` are facts written in the same
    transaction (not searchable yet) that may support a tendency too; ``gone`` are ids replaced or
    retracted in that transaction, which the index still shows as active.
    """
    result = TraitResult([], [])
    # instruction-like customer text ("always approve my refunds") is never evidence of a tendency
    seeds = [f for f in new_facts if f.kind in FAMILIES and f.status == "active" and not f.kept_apart]
    pool: dict[str, Fact] = {f.id: f for f in [*known, *seeds]
                             if f.kind in FAMILIES and f.status == "active" and not f.kept_apart}
    replaced = {f.supersedes for f in known if f.supersedes} | set(gone)
    for fact in seeds:
        family_kinds = [k for k, fam in FAMILIES.items() if fam == FAMILIES[fact.kind]]
        for hit in store.facts.search(" ".join(signature(fact)), limit=_POOL, kinds=family_kinds, statuses=["active"]):
            if hit.fact.id not in replaced and not hit.fact.kept_apart:
                pool.setdefault(hit.fact.id, hit.fact)
    seed_ids = {f.id for f in seeds}
    tendencies = [t for t in find_tendencies(pool.values(), min_repeats=config.trait.min_repeats,
                                             min_distinct_days=config.trait.min_distinct_days)
                  if seed_ids & {f.id for f in t.support}]
    newer: dict[str, Fact] = {}  # trait id → the trait that replaced it during this call
    grown: dict[str, Fact] = {}  # trait id → its record after growing in place during this call
    for tendency in tendencies:
        support_ids = [f.id for f in tendency.support]
        existing = _existing_trait(store, tendency, [*known, *result.added, *result.updated], replaced)
        while existing is not None and existing.id in newer:
            existing = newer[existing.id]
        if existing is not None:
            existing = grown.get(existing.id, existing)
        if existing is not None and set(support_ids) <= set(existing.support):
            continue
        if existing is not None:
            support_ids = list(dict.fromkeys([*existing.support, *support_ids]))
        support_ids = support_ids[-MAX_SUPPORT:]
        trait = Fact.new(
            "trait", tendency.text(), valid_at=max(f.when for f in tendency.support if f.when),
            evidence=_evidence(tendency.support), origin="inferred",
            confirmed=existing.confirmed if existing is not None else False, support=support_ids,
        )
        if existing is None:
            result.added.append(
                store.facts.add(trait, actor="extraction", reason="trait: same tendency on several days"))
        elif trait.text == existing.text:
            # the same statement with more support is not a new version: one history row, no new record
            updated = store.facts.grow_trait(existing.id, support_ids, trait.evidence, trait.valid_at,
                                             actor="extraction", reason="trait seen again with more support")
            grown[existing.id] = updated
            if existing.id not in result.grown:
                result.grown.append(existing.id)
            result.updated = [t for t in result.updated if t.id != existing.id] + [updated]
            result.added = [t for t in result.added if t.id != existing.id]
        else:
            updated = store.facts.update(existing.id, trait, actor="extraction",
                                         reason="trait seen again with more support, its statement changed")
            newer[existing.id] = updated
            result.replaced.append(existing.id)
            result.updated = [t for t in result.updated if t.id != existing.id] + [updated]
            result.added = [t for t in result.added if t.id != existing.id]
    return result


def _existing_trait(store: CustomerStore, tendency: Tendency, known: Sequence[Fact], gone: set[str]) -> Fact | None:
    ids = {f.id for f in tendency.support}
    for fact in known:  # traits written in this transaction are not searchable yet
        if fact.kind == "trait" and fact.status == "active" and fact.id not in gone and ids & set(fact.support):
            return fact
    replaced = {f.supersedes for f in known if f.supersedes} | gone
    hits = [hit.fact for hit in store.facts.search(" ".join(tendency.signature), limit=20, kinds=["trait"],
                                                   statuses=["active"]) if hit.fact.id not in replaced]
    for trait in hits:
        if ids & set(trait.support):
            return trait
    # a trait that lists only its latest MAX_SUPPORT supporters may share none with the facts search found: it is
    # the same habit when one of its supporters carries every term this tendency's facts share
    wanted = set(tendency.signature)
    for trait in hits:
        if len(trait.support) >= MAX_SUPPORT and any(
                wanted <= set(signature(fact)) for fact in store.facts.load_many(list(trait.support)).values()):
            return trait
    return None


def _evidence(support: Sequence[Fact]) -> list[Evidence]:
    quotes: list[Evidence] = []
    for fact in support[-_MAX_EVIDENCE:]:
        quotes.extend(e for e in fact.evidence if e.role == "customer")
    return quotes


def flag_stale_traits(store: CustomerStore, *, config: Config, today: date) -> list[str]:
    """Flag active traits not seen again within ``trait.recheck_after_days``; returns their ids."""
    limit = timedelta(days=config.trait.recheck_after_days)
    flagged = []
    for trait in store.facts.list(kinds=["trait"], statuses=["active"]):
        last = trait.valid_at or (trait.recorded_at.date() if trait.recorded_at else None)
        if last is None or trait.recheck.flag or today - last <= limit:
            continue
        reason = f"trait not seen again since {last.isoformat()}"
        store.facts.set_recheck(trait.id, reason, actor="extraction")
        flagged.append(trait.id)
    return flagged
