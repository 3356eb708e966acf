"""An imported history read end to end (new-user report 22): a promise the agent made beside a confirmed address
outlives the move that replaces the address (#1, #13), and a mail's "Name <address>" speaker is the same person
as the helpdesk's "Name" (#13)."""

from __future__ import annotations

import json
from pathlib import Path

from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore


def _facts(home: Path, lines: list[dict]) -> list:
    config = Config.load(home=home, env={})
    with CustomerStore.open(home, "migrated") as store:
        log = home / "import.jsonl"
        log.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
        store.log.import_file(log)
        extract_pending(store, config=config)
        return store.facts.list()


def _line(conversation: str, time: str, role: str, speaker: str, text: str) -> dict:
    return {"conversation": conversation, "time": time, "role": role, "speaker": speaker, "text": text}


HISTORY = [
    _line("t1", "2026-03-11T09:00:00Z", "customer", "Dana Whitfield",
          "My order A-5531 arrived yesterday and the blue mug is cracked. I live at 14 Harbor Lane, Portland now, "
          "please send any replacement there."),
    _line("t1", "2026-03-11T11:00:00Z", "agent", "Marco",
          "Sorry about that! As a goodwill gesture we will refund 50% of order A-5531 and ship a replacement mug to "
          "14 Harbor Lane at no cost."),
    _line("t1", "2026-03-12T08:00:00Z", "customer", "Dana Whitfield", "Great, thank you!"),
    _line("m1", "2026-09-04T08:12:00-07:00", "customer", "Dana Whitfield <dana.w@example.com>",
          "Thanks Marco. Actually I've moved to Seattle, 500 Pine St, please update my address."),
    _line("m1", "2026-09-04T09:00:00-07:00", "agent", "Marco <support@example.com>",
          "Done, Dana. Address updated to 500 Pine St, Seattle."),
]


def test_the_move_replaces_the_old_address_and_the_refund_promised_stays(tmp_path):
    facts = _facts(tmp_path, HISTORY)
    active = [f for f in facts if f.status == "active"]
    assert not [f for f in active if "Harbor Lane, Portland now" in f.text], [f.text for f in active]
    assert [f for f in active if "Seattle" in f.text]
    refund = [f for f in active if f.agreement and "refund 50%" in f.text]
    assert refund, [f.text for f in active]


def test_a_move_heard_of_or_to_come_replaces_no_address(tmp_path):
    facts = _facts(tmp_path, [
        _line("k1", "2026-03-03T10:00:00Z", "customer", "", "부천시 원미구 심곡로 33 빌라 201호입니다."),
        _line("k1", "2026-03-03T10:01:00Z", "agent", "", "네, 심곡로 33으로 차량이 갑니다."),
        _line("k2", "2026-04-03T10:00:00Z", "customer", "", "이모가 곧 소사동 쪽으로 이사 가신대요."),
        _line("k3", "2026-05-03T10:00:00Z", "customer", "", "We might move to Leeds next year."),
    ])
    assert [f for f in facts if f.status == "active" and "심곡로 33" in f.text]
