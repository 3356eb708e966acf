"""End-to-end: `mem demo` builds the DESIGN.md §5 scenario with the real commands and answers customer A."""

from __future__ import annotations

import json


def test_mem_demo_prints_every_step_and_a_grounded_japanese_answer(mem, tmp_path):
    result = mem("demo", "--dir", tmp_path / "demo")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    # the steps, in order
    titles = ["A workspace", "Policy from official documents", "Service context", "Other customers B, C, D",
              "Know-how approved", "Customer A (Enterprise, Japanese)", "v4 is published", "flags linked facts",
              "Customer A asks", "Learnt after the answer"]
    positions = [out.index(title) for title in titles]
    assert positions == sorted(positions)
    assert "refund-policy v3 revised" in out and "refund-policy v4 revised" in out
    # what was injected and retrieved
    assert "service context: 4 item(s) injected as instructions" in out
    assert "customer context: 2 item(s) injected: Enterprise plan (annual contract); Answer in Japanese." in out
    assert "lookup_policy('Like last time, can I get a partial refund for a purchase...') → refund-policy" in out
    assert "search_knowhow('Like last time, can I get a partial refund for a purchase...') → late-refund-enterprise" \
        in out
    assert "search_facts('Like last time, can I get a partial refund for a purchase...') → " in out
    # the answer: Japanese labels, verbatim quotes, current rule, know-how, history and the conflict note
    answer = out[out.index("-- the answer --"):out.index("Sources:")]
    assert "現行の規定" in answer and "第4版" in answer
    assert "「Refunds are accepted within 14 days of purchase.」" in answer
    assert "お客様のケース（18日）は、この規定の14日の期間を過ぎています。" in answer
    assert "negotiate a partial refund" in answer and "2件のお客様の事例に基づく" in answer
    assert "50%" in answer and "ご注意ください" in answer
    # the agreement made under v3: flagged by the sync path, presented as such, and the current rule named
    flags = out[out.index("flags linked facts"):out.index("Customer A asks")]
    assert "cust-a: 2026-09-28" in flags and "recheck needed: policy refund-policy v3 → v4" in flags
    assert "要再確認" in answer and "refund-policy 第3版の時点の記録（現行は第4版）" in answer
    assert "2026-09-28の以前の合意" in answer and "refund-policy 第3版の下で行われたものです" in answer
    assert "現在有効な規定は refund-policy 第4版" in answer
    # B, C, D's memories never show up in A's answer
    assert "40%" not in answer and "30%" not in answer and "Osaka" not in answer
    # learnt afterwards: the new request and an inferred trait awaiting confirmation
    learnt = out[out.index("Learnt after the answer"):]
    assert "added request" in learnt
    assert "trait (inferred, confirmed: False)" in learnt
    assert "kept as it was: 2026-09-28" in learnt


def test_mem_demo_refuses_a_folder_that_is_not_empty(mem, tmp_path):
    (tmp_path / "something").write_text("x")
    result = mem("demo", "--dir", tmp_path)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and "not empty" in result.stderr


def test_mem_demo_json(mem, tmp_path):
    result = mem("demo", "--dir", tmp_path / "d", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    answer = data["answer"]
    assert answer["customer"] == "cust-a" and answer["language"] == "ja" and answer["session"] == "a3"
    assert answer["injected"]["service_context"] and answer["injected"]["customer_context"]
    assert {c["memory"] for c in answer["citations"]} == {"policy", "knowhow", "fact"}
    assert answer["policy_refs"] == [{"page": "refund-policy", "version": 4}]
    assert answer["conflicts"] and answer["conflicts"][0]["current"] == "refund-policy v4"
    assert answer["tokens"]["injected_total"] > 0
    assert data["learning"]["extracted"]["added"]
