"""``mem demo``: build the reference scenario (docs/design.md) in a fresh folder and answer customer A's question."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.ask import citation_line
from mem.cli.options import JsonOption
from mem.cli.output import emit, info, stdout_console
from mem.cli.state import want_json

if TYPE_CHECKING:
    from mem.demo.run import DemoStep


def demo(
    ctx: typer.Context,
    directory: Annotated[
        Optional[Path], typer.Option("--dir", help="Empty or new folder to build the demo in (default: a temp folder).")
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Run the reference flow offline, step by step: policy v3 → v4, know-how, customer A's history, the answer.

    Uses the real library calls (init, ingest, import, extract, share, promote, recheck, ask, evidence push)
    with a fixed clock, so the output is the same on every run apart from ids and the folder.
    Exit 0 done, 1 the folder is not empty, 2 error.
    """
    from mem.demo.run import run_demo

    as_json = want_json(ctx, json_output)
    numbers = iter(range(1, 100))
    result = run_demo(directory, on_step=None if as_json else lambda step: show_step(step, next(numbers)))
    if as_json:
        emit(result.to_dict(), as_json=True)
        return
    info(f"\nThe demo's workspace and client home are in {result.folder}. Explore, e.g.:\n"
         f"  mem --workspace {result.workspace} --home {result.home} ask --customer cust-a --no-learn --explain "
         "\"Can I get a refund?\"")


def show_step(step: DemoStep, number: int) -> None:
    console = stdout_console()
    console.print(f"\n== {number}. {step.title}", style="bold", markup=False, highlight=False)
    if step.command:
        console.print(f"$ {step.command}", style="cyan", markup=False, highlight=False)
    for line in step.lines:
        console.print(f"  {line}", markup=False, highlight=False)
    answer = step.answer
    if answer is None:
        return
    console.print("\n-- the answer --", style="bold", markup=False, highlight=False)
    console.print(answer.text, markup=False, highlight=False)
    console.print("\nSources:", markup=False, highlight=False)
    for citation in answer.citations:
        console.print("  " + citation_line(citation.to_dict()), markup=False, highlight=False)
    console.print("\nWarnings (also in --json):", markup=False, highlight=False)
    for warning in answer.warnings:
        console.print(f"  - {warning}", markup=False, highlight=False)
    tokens = answer.tokens
    console.print(f"\nTokens injected (estimate): {tokens['injected_total']} "
                  f"(instructions {tokens['instructions']}, reference data {tokens['reference']})",
                  markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
