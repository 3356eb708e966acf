"""``mem extract --again``: a customer's facts judged again under the current rules.

Extraction judges a fact once, when it is written. A store made by an older mem keeps that mem's judgement:
"저는 서울에 살아요" and a later "새 주소는 부산시 …" both active because the older rules did not read the second
as the same home, or a name change that left both names active. Extracting the log again would undo what was
done since (erased facts, the customer's edits and confirmations, retractions), so the log is not re-read:
the facts stay, and each active fact that fills a slot is judged, oldest first, against the active facts
before it, with the current judgement (``mem.customers.judge``). Only UPDATE is applied, and only between two
facts that each fill a slot: the earlier becomes ``replaced`` by the later one (linked both ways, a history
row each); nothing is added, deleted or retracted. The statement of an active slot fact that does not name the
value the current rules read is rebuilt from its quotes ("고객 거주지: 12" → "고객 거주지: 서울시 마포구 월드컵로 12"),
unless a model wrote the statements (``keep_statements``). Then every stored fact is screened by today's
sensitive-category rules (``mem.customers.rescreen``): one an older mem stored as ``none`` whose quotes now read
as health, finance… is marked with that category (``screened``). Running it twice changes nothing the second time.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from mem.core.json_types import JsonObject
from mem.core.text.language import detect_language
from mem.customers.fact_candidates import Candidate
from mem.customers.judge import judge
from mem.customers.slots import slot_of
from mem.customers.statements import statement_of
from mem.customers.time_order import put_in_time_order, said_on

if TYPE_CHECKING:
    from mem.customers.fact_record import Fact
    from mem.customers.store import CustomerStore

ACTOR = "extraction"


@dataclass
class RejudgeReport:
    """What ``rejudge`` changed (``to_dict`` for ``--json``)."""

    judged: int = 0
    replaced: list[dict[str, str]] = field(default_factory=list)  # {"old", "new", "reason"}
    # chains of replacements put back in the order the customer said them (``time_order``): {"active", "was_active"}
    reordered: list[dict[str, str]] = field(default_factory=list)
    statements: list[str] = field(default_factory=list)  # ids of facts whose statement was rebuilt
    # facts today's sensitive-category rules read as sensitive, now marked so (mem.customers.rescreen):
    # {"id", "sensitive", "consented"}
    screened: list[dict[str, object]] = field(default_factory=list)

    def to_dict(self) -> JsonObject:
        return asdict(self)


def rejudge(store: CustomerStore, *, keep_statements: bool = False) -> RejudgeReport:
    """Judge the customer's active slot facts again, oldest first, and apply the UPDATEs (module doc).

    One store transaction: a kill leaves the facts as they were."""
    report = RejudgeReport()
    with store.transaction():
        # an older value that replaced one said later (history backfilled after the recent one, by an older mem):
        # the value said last is in force again, before anything is judged (newuser24 #1)
        report.reordered = put_in_time_order(store)
        facts = sorted(store.facts.list(statuses=["active"]), key=lambda f: (said_on(f) or date.min, f.id))
        earlier: list[Fact] = []
        for fact in facts:
            slot = slot_of(fact)
            if slot is None or fact.kind == "trait":
                earlier.append(fact)
                continue
            report.judged += 1
            words = " ".join(e.quote for e in fact.evidence if e.role == "customer") or fact.text
            candidate = Candidate(kind=fact.kind, text=fact.text, evidence=fact.evidence, valid_at=fact.valid_at,
                                  sensitive=fact.sensitive, agreement=fact.agreement, slot=slot,
                                  lang=detect_language(words), instruction_like=fact.instruction_like,
                                  unscreened=fact.unscreened)
            judgement = judge(candidate, earlier)
            target = judgement.target
            if judgement.action == "UPDATE" and target is not None and slot_of(target) is not None:
                store.facts.save(target.replace(status="replaced", superseded_by=fact.id), action="replaced",
                                 actor=ACTOR, reason=f"judged again (mem extract --again): {judgement.reason}")
                if fact.supersedes is None:
                    fact = fact.replace(supersedes=target.id)
                    store.facts.save(fact, action="linked", actor=ACTOR, reason=f"replaces {target.id}")
                earlier = [f for f in earlier if f.id != target.id]
                report.replaced.append({"old": target.id, "new": fact.id, "reason": judgement.reason})
            earlier.append(fact)
        if not keep_statements:
            for fact in earlier:
                slot = slot_of(fact)
                if slot is None or slot.value in fact.statement:
                    continue  # the statement names the value the current rules read: it was built with more context
                rebuilt = statement_of(fact.replace(statement=""))
                if rebuilt and rebuilt != fact.statement:
                    store.facts.save(fact.replace(statement=rebuilt), action="edited", actor=ACTOR,
                                     reason="statement rebuilt by the current rules (mem extract --again)")
                    report.statements.append(fact.id)
    # the facts an older mem stored are screened by today's sensitive-category rules too (NEWUSER_REPORT18 #1)
    from mem.customers.rescreen import rescreen

    report.screened = rescreen(store).marked
    return report
