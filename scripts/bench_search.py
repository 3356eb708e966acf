"""Benchmark the page engine: ingest of a 100-page PDF, and keyword search over a 1,000-page wiki.

    python scripts/bench_search.py [--pages 1000] [--runs 3]

Prints a markdown table of medians (the machine may be shared; medians, not means). Search is timed
three ways: the first search with no cache (reads and indexes every page), the next search in the
same process, and the first search of a new process that finds the on-disk index cache.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from mem.core.config import Config
from mem.policies import ingest_documents
from mem.wiki import search
from mem.wiki.page import Page, render_page
from mem.wiki.workspace import init_workspace

WORDS = (
    "refund", "shipping", "invoice", "annual", "plan", "enterprise", "partial", "exception", "days", "purchase",
    "account", "manager", "discount", "renewal", "cancel", "upgrade", "downgrade", "support", "priority", "outage",
    "credit", "warranty", "exchange",
)


def make_pdf(path: Path, pages: int) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    for i in range(pages):
        pdf.add_page()
        pdf.set_font("helvetica", "B", 15)
        pdf.cell(0, 10, f"{i + 1}. Topic number {i + 1}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("helvetica", "", 11)
        for k in range(8):
            pdf.multi_cell(0, 6, f"Customers on plan {k} may request a refund within {i % 30 + 1} days. " * 3,
                           new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def make_wiki(root: Path, n: int) -> Path:
    workspace = init_workspace(root)
    rng = random.Random(1)
    for i in range(n):
        body = "\n\n".join(" ".join(rng.choice(WORDS) for _ in range(40)) + f" within {i % 30} days."
                           for _ in range(6))
        page = Page(f"page-{i:05d}", "policy", f"Policy {i} {rng.choice(WORDS)}", 1,
                    {"status": "active", "effective": "2026-01-01", "summary": body[:80]}, body)
        (workspace / "policies" / f"{page.id}.md").write_text(render_page(page), encoding="utf-8")
    return workspace


def timed(fn) -> float:  # noqa: ANN001
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rows: list[tuple[str, list[float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pdf = make_pdf(root / "handbook.pdf", 100)
        ingest, again = [], []
        for run in range(args.runs):
            ws = init_workspace(root / f"ingest-{run}")
            config = Config.load(workspace=ws, env={})
            ingest.append(timed(lambda ws=ws, config=config: ingest_documents(ws, [pdf], config=config)))
            again.append(timed(lambda ws=ws, config=config: ingest_documents(ws, [pdf], config=config)))
        rows += [("ingest 100-page PDF (100 topics, one commit)", ingest), ("re-ingest identical PDF", again)]
        ws = make_wiki(root / "wiki", args.pages)
        cold, warm, cached = [], [], []
        for _ in range(args.runs):
            shutil.rmtree(ws / ".mem", ignore_errors=True)
            search._INDEXES.clear()
            cold.append(timed(lambda: search.search_pages(ws, "partial refund enterprise")))
            warm.append(timed(lambda: search.search_pages(ws, "annual discount renewal")))
            search._INDEXES.clear()
            cached.append(timed(lambda: search.search_pages(ws, "priority outage credit")))
        rows += [(f"search {args.pages} pages, no cache", cold), (f"search {args.pages} pages, same process", warm),
                 (f"search {args.pages} pages, new process with cache file", cached)]
    print(f"| case | median of {args.runs} | runs |")
    print("|---|---|---|")
    for name, values in rows:
        print(f"| {name} | {statistics.median(values) * 1000:.0f} ms | "
              f"{', '.join(f'{v * 1000:.0f}' for v in values)} |")


if __name__ == "__main__":
    main()
