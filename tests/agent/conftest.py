"""The agent's two inputs: an in-memory ServiceMemory double and one customer's real memory in a temp home."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from mem.agent.customer_memory import CustomerMemory
from mem.agent.retrieval import terms
from mem.core.errors import NotFound
from mem.customers.fact_record import Evidence, Fact, PolicyRef, Recheck
from mem.customers.store import CustomerStore
from mem.wiki.page import Page
from mem.wiki.service_memory import PageHit, ServiceStatus

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

    def term_rarity(self, terms: list[str]) -> dict[str, float]:
        from mem.wiki.search import build_postings, page_terms, rarity

        docs = {p.id: page_terms(p.meta, p.body) for p in self._pages.values()}
        return rarity(build_postings(docs), len(docs), terms)

    def page_count(self, type: str | None = None) -> int:
        return len(self.pages(type))

    def cache_dir(self) -> None:
        return None  # vectors in memory only

    def settings(self) -> dict:
        return {}


def open_customer(home: Path, customer_id: str, facts: list[Fact], context: list[str]) -> CustomerMemory:
    """One customer's real memory in a temporary home, holding ``facts`` and ``context`` (in that order).

    The agent is tested against the store it runs on, not a double of it: search is the real BM25
    index, context items the real ``ContextItem`` records.
    """
    store = CustomerStore.open(home, customer_id)
    for fact in facts:
        store.facts.add(fact, actor="test")
    for n, text in enumerate(context):
        store.context.add(text, source="service", importance=len(context) - n, budget_chars=10_000, key=f"item{n}")
    return CustomerMemory(store, customer_id)


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
def customer_a(tmp_path: Path) -> Iterator[CustomerMemory]:
    with open_customer(tmp_path, "cust-a", [agreement_fact()],
                       ["Enterprise plan (annual contract)", "Answer in Japanese"]) as customer:
        yield customer


@pytest.fixture
def make_customer(tmp_path: Path) -> Iterator[Callable[..., CustomerMemory]]:
    made: list[CustomerMemory] = []

    def make(*, version: int = 3, recheck: bool = True, context: list[str] | None = None,
             facts: list[Fact] | None = None) -> CustomerMemory:
        home = tmp_path / f"home{len(made)}"
        made.append(open_customer(home, "cust-x",
                                  facts if facts is not None else [agreement_fact(version=version, recheck=recheck)],
                                  context or []))
        return made[-1]

    yield make
    for customer in made:
        customer.close()


@pytest.fixture
def customer_en(tmp_path: Path) -> Iterator[CustomerMemory]:
    with open_customer(tmp_path, "cust-e", [agreement_fact()], ["Enterprise plan (annual contract)"]) as customer:
        yield customer


REFUND_POLICY = "# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n"


@pytest.fixture
def refund_workspace(mem, tmp_path: Path) -> Path:
    """A real workspace through the CLI: ``mem init`` and one ingested page, ``refund-policy`` (REFUND_POLICY)."""
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "refund.md"
    doc.write_text(REFUND_POLICY, encoding="utf-8")
    result = mem("--workspace", ws, "ingest", doc, "--id", "refund-policy", "--title", "Refund policy")
    assert result.exit_code == 0, result.stderr
    return ws

