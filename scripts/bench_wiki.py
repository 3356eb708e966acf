"""Benchmark the wiki: ingest of a 100-page PDF, `mem lint` on 100 / 1,000 / 5,000 pages, `mem --help`.

    python scripts/bench_wiki.py [--sizes 100,1000,5000] [--runs 3]

Prints a markdown table (medians of ``--runs`` runs; the machine may be shared, so medians rather
than means). Lint runs on generated wikis committed to git, with links, anchors, footnotes citing
a hashed source, numbers and headings, so every rule does real work. Targets: 1,000 pages linted
in under 2 s with linear growth; `mem --help` under 0.3 s of process time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mem.core import clock
from mem.core.config import Config
from mem.core.wording import plural
from mem.wiki import gitrepo
from mem.wiki.index import render_index
from mem.wiki.lint import lint_workspace
from mem.wiki.page import Page, render_page
from mem.wiki.workspace import init_workspace

TOPICS = ("refund", "shipping", "warranty", "exchange", "membership", "privacy", "payment", "delivery")
SOURCE = b"Official policy handbook used by the benchmark.\n" * 200


def generate_wiki(root: Path, n: int) -> Path:
    """A committed workspace with ``n`` pages (one in ten is know-how), all linked and cited."""
    workspace = init_workspace(root)
    (workspace / "sources" / "handbook.txt").write_bytes(SOURCE)
    sha = hashlib.sha256(SOURCE).hexdigest()

    def kind(i: int) -> str:
        return "knowhow" if i % 10 == 9 else "policy"

    def page_id(i: int) -> str:
        return f"{TOPICS[i % len(TOPICS)]}-{i:05d}"

    pages = []
    for i in range(n):
        topic, j = TOPICS[i % len(TOPICS)], (i + 1) % n
        folder = {"policy": "policies", "knowhow": "knowhow"}
        link = f"{page_id(j)}.md" if kind(j) == kind(i) else f"../{folder[kind(j)]}/{page_id(j)}.md"
        body = (
            f"# {topic.title()} rule {i}\n\n## Scope\n\n"
            f"The {topic} window is {7 + i % len(TOPICS)} days for orders over $50.[^1]\n\n"
            f"## Details\n\nSee [[{page_id(j)}#scope]] and the [overview]({link}#details) for more.\n"
            "Staff record the case number and confirm the outcome in writing.\n\n"
            f"- item one for {topic}\n- item two with a `code span [[x]]`\n\n"
            "[^1]: sources/handbook.txt, p. 1\n"
        )
        meta = {"id": page_id(i), "type": kind(i), "title": f"{topic.title()} rule {i}", "version": 1,
                "status": "active", "effective": "2026-01-01", "summary": f"How {topic} case {i} is handled.",
                "tags": [topic], "sources": [{"id": "handbook", "file": "sources/handbook.txt", "sha256": sha,
                                              "pages": [1]}]}
        if kind(i) == "knowhow":
            meta.update(when=f"a customer asks about {topic}", then="follow the policy")
        page = Page(id=page_id(i), type=kind(i), title=meta["title"], version=1, meta=meta, body=body)
        pages.append(page)
        (workspace / folder[page.type] / f"{page.id}.md").write_text(render_page(page), encoding="utf-8")
    (workspace / "index.md").write_text(render_index(pages), encoding="utf-8")
    gitrepo.commit(workspace, ["policies", "knowhow", "sources", "index.md"], f"bench: {n} pages")
    return workspace


def median_time(fn, runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (this process + git children) of ``runs`` calls."""
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_start, start = time.process_time(), time.perf_counter()
        fn()
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        children = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        cpu.append(time.process_time() - cpu_start + children)
    return statistics.median(wall), statistics.median(cpu)


def bench_lint(root: Path, sizes: list[int], runs: int) -> list[tuple[str, str, str]]:
    rows = []
    config = Config()
    for n in sizes:
        workspace = generate_wiki(root / f"wiki-{n}", n)
        report = lint_workspace(workspace, config=config)
        if report.errors:
            raise SystemExit(f"generated wiki of {n} pages is not clean: {report.errors[:3]}")
        wall, cpu = median_time(lambda ws=workspace: lint_workspace(ws, config=config), runs)
        command = median_time(lambda ws=workspace: _run_mem(["--workspace", str(ws), "lint"]), runs)
        rows.append((f"`mem lint`, {n:,} pages", f"{command[0]:.2f} s",
                     f"the whole command (start-up included; CPU {command[1]:.2f} s); in-process "
                     f"`lint_workspace` {wall:.2f} s, CPU {cpu:.2f} s = {cpu / n * 1000:.2f} ms/page; "
                     f"{plural(len(report.findings), 'finding')}"))
    return rows


def _mem_command() -> list[str]:
    mem = shutil.which("mem", path=str(Path(sys.executable).parent)) or shutil.which("mem")
    return [mem] if mem else [sys.executable, "-m", "mem"]


def _run_mem(args: list[str]) -> str:
    """Run the installed ``mem`` as CI would; a run that fails (exit 2) aborts the benchmark."""
    result = subprocess.run(_mem_command() + args, capture_output=True, text=True,
                            env={**os.environ, "NO_COLOR": "1"})
    if result.returncode not in (0, 1):
        raise SystemExit(f"mem {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def make_pdf(path: Path, pages: int) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_auto_page_break(auto=True, margin=15)
    for i in range(pages):
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 16)
        pdf.cell(0, 10, f"{i + 1}. {TOPICS[i % len(TOPICS)].title()} policy section {i + 1}", new_x="LMARGIN",
                 new_y="NEXT")
        pdf.set_font("Helvetica", size=11)
        for j in range(8):
            topic = (i + j) % len(TOPICS)  # one value per quantity: the document agrees with itself
            text = (f"Rule {j + 1}: customers may ask for a {TOPICS[topic]} within "
                    f"{7 + topic} days of purchase for orders over 50 dollars. "
                    "Staff confirm the outcome in writing and keep the receipt.")
            pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))


def bench_ingest(root: Path, runs: int) -> tuple[str, str, str]:
    pdf = root / "handbook-100.pdf"
    make_pdf(pdf, 100)
    times, pages = [], 0
    for run in range(runs):
        workspace = init_workspace(root / f"ingest-{run}")
        start = time.perf_counter()
        out = _run_mem(["--workspace", str(workspace), "ingest", str(pdf), "--json"])
        times.append(time.perf_counter() - start)
        pages = sum(len(r["pages"]) for r in json.loads(out))
    detail = (f"the whole command, deterministic engine; {plural(pages, 'policy page')} written in one commit; then "
              "linted: " + _lint_summary(root / "ingest-0"))
    return ("`mem ingest`, 100-page PDF", f"{statistics.median(times):.2f} s", detail)


def _lint_summary(workspace: Path) -> str:
    report = lint_workspace(workspace, config=Config(workspace=workspace))
    return f"{plural(len(report.errors), 'error')}, {plural(len(report.warnings), 'warning')}"


def bench_help(runs: int) -> tuple[str, str, str]:
    command = _mem_command() + ["--help"]
    cpu, wall = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env={**os.environ, "NO_COLOR": "1"})
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return ("`mem --help` start-up", f"{statistics.median(cpu):.3f} s CPU",
            f"process time (user+sys), median of {runs}; wall {statistics.median(wall):.3f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,5000", help="comma-separated wiki sizes to lint")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median reported)")
    parser.add_argument("--skip-ingest", action="store_true", help="do not benchmark the PDF ingest")
    args = parser.parse_args(argv)
    clock.freeze(None)
    rows = []
    with tempfile.TemporaryDirectory(prefix="mem-bench-") as tmp:
        root = Path(tmp)
        if not args.skip_ingest:
            rows.append(bench_ingest(root, max(1, min(args.runs, 3))))
        rows += bench_lint(root, [int(s) for s in args.sizes.split(",") if s], args.runs)
    rows.append(bench_help(max(5, args.runs)))
    print("| measurement | median | notes |")
    print("|---|---|---|")
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
