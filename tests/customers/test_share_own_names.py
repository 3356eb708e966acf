"""The customer's introduction is read as their name for sharing whatever kind of fact it was kept as (newuser27 #1):
"佐藤花子と申します。" and "김민지입니다." were kept as events, and only attribute facts were read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from mem.customers import CustomerStore, Evidence, Fact
from mem.customers.learning import share_decisions
from mem.knowhow.anonymise import name_parts, names_in
from mem.knowhow.share import shared_records


class _Sharer:
    def __init__(self) -> None:
        self.records: list[dict] = []
        self.own: list[str] = []

    def share_decisions(self, customer_id: str, decisions: Sequence[Fact], *, own_texts: Sequence[str],
                        erased: Sequence[str] = ()) -> dict:
        self.own = list(own_texts)
        self.records, _ = shared_records(customer_id, decisions, secret=b"k" * 32,
                                         person_names=name_parts(names_in(own_texts)), erased=erased)
        return {"sent": len(self.records)}


def test_an_introduction_kept_as_an_event_names_the_customer_in_her_shared_decisions(isolated_env):
    with CustomerStore.open(isolated_env, "c9") as store:
        store.consent.set(share=True)
        store.facts.add(Fact.new("event", "山本美咲と申します。", valid_at=date(2026, 11, 1)))
        text = "美咲のおやつ便が壊れていました。返金できますか。 → はい、例外として半額を返金いたします。"
        store.facts.add(Fact.new("decision", text, valid_at=date(2026, 11, 2),
                                 evidence=[Evidence("c", "t", "customer", text)]))
        sharer = _Sharer()
        share_decisions(store, sharer)
    assert "山本美咲と申します。" in sharer.own
    [record] = sharer.records
    assert "美咲" not in record["condition"] + record["decision"], record
