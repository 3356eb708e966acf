"""A customer-context item made from a fact leaves the context when that fact is taken back or replaced.

newuser28 #4: "From now on, please reply in short bullet points." became a context item (path a); the customer's
"forget what I said about bullet points" retracted the fact, yet the item stayed injected on every turn — so did a
wish an operator retracted with ``mem facts retract``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore


def _log(path: Path, session: str, day: str, text: str) -> Path:
    path.write_text(json.dumps({"session": session, "time": f"{day}T09:00:00", "role": "customer", "text": text},
                               ensure_ascii=False) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    return Config.load(home=isolated_env, env={})


@pytest.fixture
def store(isolated_env):
    with CustomerStore.open(isolated_env, "cust-ctx") as opened:
        yield opened


def _wish_in_context(store, config, tmp_path, wish: str):
    store.log.import_file(_log(tmp_path / "1.jsonl", "s1", "2025-05-01", wish))
    extract_pending(store, config=config)
    items = [i for i in store.context.items() if i.fact_id is not None]
    assert items, "the standing wish should have become a context item"
    return items[0]


@pytest.mark.parametrize(("wish", "taken_back"), [
    ("From now on, please keep your replies short.", "Please forget what I said about short replies, I take it back."),
    ("앞으로는 답변을 짧게 해 주세요.", "앞으로 짧게 답해 달라고 했던 거 취소할게요."),
    ("これからは返信を短くしてください。", "返信を短くしてほしいと言ったのは取り消します。"),
])
def test_a_wish_the_customer_takes_back_leaves_the_context(store, config, tmp_path, wish, taken_back):
    item = _wish_in_context(store, config, tmp_path, wish)
    store.log.import_file(_log(tmp_path / "2.jsonl", "s2", "2025-06-01", taken_back))
    report = extract_pending(store, config=config)
    assert report.retracted == [item.fact_id]
    assert item.id not in {i.id for i in store.context.items(include_unconfirmed=True)}
    ended = [c for c in store.context.changes() if c["item_id"] == item.id and c["action"] == "ended"]
    assert ended and "retracted" in ended[0]["reason"]  # the context log keeps why


def test_an_operator_retraction_ends_the_item_too(store, config, tmp_path):
    item = _wish_in_context(store, config, tmp_path, "From now on, please keep your replies short.")
    store.facts.retract(item.fact_id, reason="wrong customer", actor="operator")
    assert store.context.items(include_unconfirmed=True) == []


def test_an_item_of_another_fact_stays(store, config, tmp_path):
    item = _wish_in_context(store, config, tmp_path, "From now on, please keep your replies short.")
    store.log.import_file(_log(tmp_path / "2.jsonl", "s2", "2025-06-01", "I prefer phone calls over email."))
    other = extract_pending(store, config=config).added[0]
    store.facts.retract(other, reason="test", actor="operator")
    assert [i.id for i in store.context.items()] == [item.id]
