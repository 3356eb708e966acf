"""``mem mcp``'s rights tools (NEWUSER_REPORT15 #5): consent, export_memory, erase_fact, forget_conversation —
what `mem consent`, `mem export`, `mem facts erase` and `mem log forget` do, checked by grepping every file."""

from __future__ import annotations

import json

from mem.customers.store import CustomerStore

from ..customers.test_erase_restatements import files_holding
from .test_mcp import _drive, _session, _text, build_server, world  # noqa: F401 (the fixture)


def test_consent_shows_and_changes_it(world):  # noqa: F811
    async def calls(client):
        shown = _text(await client.call_tool("consent", {}))
        changed = _text(await client.call_tool("consent", {"allow": ["health"], "share": "on"}))
        bad = await client.call_tool("consent", {"allow": ["astrology"]})
        return shown, changed, bad

    shown, changed, bad = _drive(build_server(_session(world)), calls)
    assert "allowed: none" in shown and "share anonymised decisions: off" in shown
    assert "allowed: health" in changed and "decisions: on" in changed
    assert bad.is_error
    with CustomerStore.open(world["home"], "cust-a") as store:
        assert store.consent.current().allows("health") and store.consent.current().share


def test_export_erase_and_forget_leave_no_trace(world):  # noqa: F811
    with CustomerStore.open(world["home"], "cust-a") as store:
        agreement = next(f for f in store.facts.list() if "50%" in f.text)
        wish = next(c for c in store.log.conversations() if "Japanese" in c.turns[0].text)

    async def calls(client):
        exported = _text(await client.call_tool("export_memory", {}))
        erased = _text(await client.call_tool("erase_fact", {"fact_id": agreement.id}))
        again = await client.call_tool("erase_fact", {"fact_id": agreement.id})
        forgot = _text(await client.call_tool("forget_conversation", {"conversation_id": wish.id}))
        tools = {t.name: t for t in (await client.list_tools()).tools}
        return exported, erased, again, forgot, tools

    exported, erased, again, forgot, tools = _drive(build_server(_session(world)), calls)
    assert "<<DATA" in exported and "annual contract" in exported and wish.id in exported
    assert "erased fact" in erased and again.is_error and "was erased on" in _text(again)
    assert "forgot 1 turns" in forgot
    assert tools["erase_fact"].annotations.destructive_hint and tools["export_memory"].annotations.read_only_hint
    assert files_holding(world["home"], "cust-a", "annual contract", "Japanese") == []
    with CustomerStore.open(world["home"], "cust-a") as store:
        assert json.dumps([c.to_dict() for c in store.log.conversations()]).count("[erased]") >= 2
