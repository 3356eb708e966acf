"""End-to-end: `mem demo` builds docs/design.md's reference scenario with the real commands and answers customer A."""

from __future__ import annotations

import json
import re
import subprocess

# ids are hashes of the shared decisions' signature (knowhow's business): read them from the output
CANDIDATE = re.compile(r"candidate (p-[0-9a-f]{10}) \(proposal\)")
KNOWHOW_PAGE = re.compile(r"(kh-refund-requested-14-days-after-purchase) v1: when")


def test_mem_demo_prints_every_step_and_a_grounded_japanese_answer(mem, tmp_path):
    result = mem("demo", "--dir", tmp_path / "demo")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    # the steps, in order
    titles = ["A workspace", "Policy from official documents", "Service context", "Other customers B, C, D",
              "Know-how: B, C, D share with consent; an operator approves", "Customer A (Enterprise, Japanese)",
              "v4 is published", "flags linked facts", "Customer A asks", "Learnt after the answer",
              "Agreement evidence goes to the service's evidence store"]
    positions = [out.index(title) for title in titles]
    assert positions == sorted(positions)
    assert "refund-policy v3 revised" in out and "refund-policy v4 revised" in out
    # movement 4 for real: consent, anonymised upload to the intake route, detection, the operator's approval
    shared = out[out.index("Know-how: B, C, D"):out.index("Customer A (Enterprise, Japanese)")]
    candidate, knowhow_page = CANDIDATE.search(shared).group(1), KNOWHOW_PAGE.search(shared).group(1)
    assert f"mem promote --approve {candidate} --by ops-lead" in shared
    assert "cust-b: consented to sharing; 1 anonymised decision fact sent as p-" in shared
    assert "cust-c: consented to sharing; 1 anonymised decision fact sent as p-" in shared
    assert "cust-d: consented to sharing; 0 anonymised decision facts sent" in shared
    assert (f"candidate {candidate} (proposal): 2 distinct customers, 0 counter-examples, 2 decision facts; "
            "2 of 3 customers: proposal, the operator decides") in shared
    assert (f"{knowhow_page} v1: when a refund is requested more than 14 days after purchase by an Enterprise "
            "customer → negotiate a partial refund instead of refusing outright") in shared
    assert ("evidence: 2 distinct customers, 0 counter-examples, below knowhow.min_customers 3: approved on "
            "ops-lead's decision (commit ") in shared
    assert "Osaka" not in shared and "40%" not in shared and "30%" not in shared  # nothing but decisions leaves
    # an agent's statement is not copied into the customer's fact (only questions are)
    assert "(re: " not in out
    # what was injected and retrieved
    assert "service context: 4 items injected as instructions" in out
    assert "customer context: 2 items injected: Enterprise plan (annual contract); Answer in Japanese." in out
    assert "lookup_policy('Like last time, can I get a partial refund for a purchase...') → refund-policy" in out
    assert f"search_knowhow('Like last time, can I get a partial refund for a purchase...') → {knowhow_page}" in out
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
    assert "trait (inferred, not confirmed)" in learnt and "until the customer confirms" in learnt
    assert "kept as it was: 2026-09-28" in learnt
    assert "skipped: sharing: the customer has not consented" in learnt  # movement 4 is consent-gated
    # step 8 of the reference flow: the agreement's evidence reaches the service's store, and only that
    evidence = out[out.index("Agreement evidence goes to the service's evidence store"):]
    assert "cust-a: 2 agreement evidence items waiting in the client's outbox" in evidence
    assert ('kept by the service: 2026-09-28 fact ' in evidence
            and '"We bought 20 extra seats 18 days ago by mistake. We have an annual contract, so could you refund '
                '50% as an exception?" / "Yes, we agree to refund 50% of the seat purchase as an exception."'
            in evidence)
    assert "cust-a's outbox now holds 0 items" in evidence


def test_mem_demo_explain_numbers_match_the_sources(mem, tmp_path):
    """The explain lists blocks as numbered for the engine; each says which [n] it became in the answer."""
    import re

    out = mem("demo", "--dir", tmp_path / "demo").stdout
    assembly = out[out.index("retrieved blocks, as numbered for the engine:"):out.index("-- the answer --")]
    sources = out[out.index("Sources:"):out.index("Warnings (also in --json):")]
    mapped = re.findall(r"\[(\d+)\] (policy|knowhow|fact) (\S+) .*?; cited as \[(\d+)\] in the answer", assembly)
    assert len(mapped) == 4 and sorted(int(m[3]) for m in mapped) == [1, 2, 3, 4]
    assert any(m[0] != m[3] for m in mapped)  # the history is told in date order, so two facts swap numbers
    for _, memory, block_id, cited in mapped:
        assert f"[{cited}] {memory} {block_id} " in sources


def test_mem_demo_promotion_is_a_commit_with_index_and_log(mem, tmp_path):
    result = mem("demo", "--dir", tmp_path / "demo")
    assert result.exit_code == 0, result.stderr
    workspace = tmp_path / "demo" / "workspace"
    from mem.wiki.page import parse_page

    knowhow_page = KNOWHOW_PAGE.search(result.stdout).group(1)  # the one page the demo promotes
    assert [p.name for p in (workspace / "knowhow").glob("*.md")] == [f"{knowhow_page}.md"]
    page = parse_page((workspace / "knowhow" / f"{knowhow_page}.md").read_text())
    assert page.meta["evidence"]["customers"] == 2 and page.meta["evidence"]["below_min_customers"] is True
    assert page.meta["evidence"]["candidate"] == CANDIDATE.search(result.stdout).group(1)
    assert page.meta["approved"]["by"] == "ops-lead"
    assert page.meta["policy_refs"] == [{"page": "refund-policy", "version": 3}]
    assert knowhow_page in (workspace / "index.md").read_text()
    assert "promote |" in (workspace / "log.md").read_text()
    log = subprocess.run(["git", "log", "--format=%s", "--", f"knowhow/{knowhow_page}.md"], cwd=workspace,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert log == [f"promote: add know-how {knowhow_page} v1 (2 customers, approved by ops-lead)"]


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
    pages = [p.stem for p in (tmp_path / "d" / "workspace" / "knowhow").glob("*.md")]
    assert len(pages) == 1 and KNOWHOW_PAGE.fullmatch(pages[0] + " v1: when")
    assert pages[0] in {c["id"] for c in answer["citations"] if c["memory"] == "knowhow"}
    assert answer["policy_refs"] == [{"page": "refund-policy", "version": 4}]
    assert answer["conflicts"] and answer["conflicts"][0]["current"] == "refund-policy v4"
    assert answer["tokens"]["injected_total"] > 0
    assert data["learning"]["extracted"]["added"]
    from mem.server.evidence_store import list_evidence

    kept = list_evidence(tmp_path / "d" / "workspace", customer_id="cust-a")
    assert sorted(r["date"] for r in kept) == ["2026-08-12", "2026-09-28"]
    assert all(set(r) >= {"fact_id", "date", "quotes"} and "text" not in r for r in kept)


def test_the_installed_mem_command_runs_the_demo(tmp_path):
    """The README's first command, as a user types it: the console script, a fresh process, offline."""
    import os
    import resource
    import sys
    from pathlib import Path

    script = Path(sys.executable).parent / "mem"
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "mem"]
    env = {**os.environ, "MEM_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([*command, "demo", "--dir", str(tmp_path / "demo")], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    # "in seconds" (docs/ask.md): the demo's own CPU seconds, which other jobs on the machine do not inflate as they
    # do its wall time (a loaded run took 30 s of wall for about 6 s of CPU); 60 is ten times what it takes here
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert (end.ru_utime + end.ru_stime) - (start.ru_utime + start.ru_stime) < 60
    out = done.stdout
    assert "== 11. Agreement evidence goes to the service's evidence store" in out
    assert "現在有効な規定は refund-policy 第4版" in out and "Traceback" not in done.stderr
    assert f"mem --workspace {tmp_path / 'demo' / 'workspace'}" in done.stderr  # where to explore next
