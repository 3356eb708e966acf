"""Test doubles for the agent's two inputs: an in-memory ServiceMemory and one customer's memory."""

from __future__ import annotations

from datetime import date

import pytest

from mem.agent.customer_memory import CustomerMemory
from mem.agent.retrieval import terms
from mem.agent.service_memory import PageHit, ServiceStatus
from mem.core.errors import NotFound
from mem.customers.fact import Evidence, Fact, PolicyRef, Recheck
from mem.wiki.page import Page

REFUND_V4 = (
    "Refunds are accepted within 14 days of purchase.[^1]\n\n"
    "After 14 days no refund is given, except as described in know-how pages.\n"
)
KNOWHOW = "For Enterprise customers past the 14-day window, negotiate a partial refund.\n"


class FakeService:
    """A ``ServiceMemory`` over a dict of pages (the protocol double)."""

    def __init__(self, pages: list[Page], items: list[str] | None = None, *, stale: str | None = None) -> None:
        self._pages = {p.id: p for p in pages}
        self.items = items if items is not None else ["Be kind.", "State your grounds."]
        self.stale = stale

    def status(self) -> ServiceStatus:
        return ServiceStatus(source="bundle", location="/fake", version="7", verified=True,
                             stale=self.stale is not None, reason=self.stale)

    def context_items(self) -> list[str]:
        return list(self.items)

    def pages(self, type: str | None = None) -> list[Page]:
        return [p for p in self._pages.values() if type in (None, p.type)]

    def get_page(self, page_id: str) -> Page:
        if page_id not in self._pages:
            raise NotFound(f"no page {page_id}")
        return self._pages[page_id]

    def search_pages(self, query: str, *, type: str | None = None, limit: int = 5) -> list[PageHit]:
        wanted = terms(query)
        hits = []
        for page in self.pages(type):
            score = len(wanted & terms(page.title + " " + page.body))
            if score:
                hits.append(PageHit(page=page, score=float(score)))
        return sorted(hits, key=lambda h: -h.score)[:limit]

    def settings(self) -> dict:
        return {}


class FakeStore:
    """Just enough of F's CustomerStore for the agent: context, search, turns."""

    def __init__(self, facts: list[Fact], context: list[str]) -> None:
        self.facts = facts
        self.context = context
        self.turns: list[dict] = []

    def context_items(self) -> list[str]:
        return list(self.context)

    def search(self, query: str, *, limit: int = 5) -> list[Fact]:
        wanted = terms(query)
        scored = [(len(wanted & terms(f.text)), f) for f in self.facts if f.status == "active"]
        return [f for score, f in sorted(scored, key=lambda x: -x[0]) if score][:limit]

    def new_conversation(self, *, session: str, started_at=None) -> str:
        self.session = session
        return "conv-1"

    def append_turn(self, conversation_id: str, **turn) -> None:
        self.turns.append({"conversation": conversation_id, **turn})


def page(id: str, type: str, title: str, version: int, body: str, **meta) -> Page:
    meta = {"id": id, "type": type, "title": title, "version": version, "status": "active", **meta}
    return Page(id=id, type=type, title=title, version=version, meta=meta, body=body)


def agreement_fact(*, version: int = 3, recheck: bool = True) -> Fact:
    return Fact(
        id="01FACTAGREEMENT0000000000A", kind="decision",
        text="Asked for a partial refund 18 days after purchase → agreed 50% partial refund as an exception",
        valid_at=date(2026, 9, 28),
        evidence=(Evidence(log_id="L1", turn="t3", role="customer",
                           quote="We have an annual contract, so could you refund 50% as an exception?"),),
        policy_refs=(PolicyRef(page="refund-policy", version=version),),
        recheck=Recheck(flag=recheck, reason=f"recheck needed: policy refund-policy v{version} → v4")
        if recheck else Recheck(),
        agreement=True,
    )


@pytest.fixture
def service() -> FakeService:
    return FakeService([
        page("refund-policy", "policy", "Refund policy", 4, REFUND_V4, effective="2026-10-01"),
        page("shipping-policy", "policy", "Shipping policy", 1, "Orders ship within 2 business days.\n"),
        page("late-refund-enterprise", "knowhow", "Late refunds for Enterprise customers", 1, KNOWHOW,
             when="a refund is requested more than 14 days after purchase by an Enterprise customer",
             then="negotiate a partial refund", evidence={"customers": 2, "counter_examples": 0}),
    ])


@pytest.fixture
def customer_a() -> CustomerMemory:
    store = FakeStore([agreement_fact()], ["Enterprise plan (annual contract)", "Answer in Japanese"])
    return CustomerMemory(store, "cust-a")


@pytest.fixture
def make_customer():
    def make(*, version: int = 3, recheck: bool = True, context: list[str] | None = None,
             facts: list[Fact] | None = None) -> CustomerMemory:
        store = FakeStore(facts if facts is not None else [agreement_fact(version=version, recheck=recheck)],
                          context or [])
        return CustomerMemory(store, "cust-x")
    return make


@pytest.fixture
def customer_en() -> CustomerMemory:
    store = FakeStore([agreement_fact()], ["Enterprise plan (annual contract)"])
    return CustomerMemory(store, "cust-e")
