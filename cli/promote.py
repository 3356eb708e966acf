"""``mem promote``: list know-how candidates; approve one into a page, or reject it (operator side)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, warn
from mem.cli.state import get_state, require_workspace, want_json
from mem.core.errors import InvalidInput


def promote(
    ctx: typer.Context,
    approve: Annotated[Optional[str], typer.Option("--approve", help="Candidate id to write as know-how.")] = None,
    reject: Annotated[
        Optional[str], typer.Option("--reject", help="Candidate id to reject (an approved one: its page is retired).")
    ] = None,
    reopen: Annotated[
        Optional[str], typer.Option("--reopen", help="Rejected candidate id to open again (reverses a rejection "
                                    "made in error; recorded as a commit).")
    ] = None,
    by: Annotated[Optional[str], typer.Option(
        "--by", help="Who approves, rejects or reopens (recorded; one line, at most 100 characters).")] = None,
    then: Annotated[Optional[str], typer.Option("--then", help="The decision text (required for interpretations).")]
    = None,
    when: Annotated[Optional[str], typer.Option("--when", help="The situation, in the operator's words.")] = None,
    page_id: Annotated[
        Optional[str],
        typer.Option("--id", help="With --approve: the new page's id (default: words of the situation, "
                     "e.g. kh-refund-requested-14-days-after-purchase)."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Without options: list candidates with evidence counts. Nothing becomes know-how without --approve."""
    from mem.server.intake import approve_candidate, list_candidates, reject_candidate, reopen_candidate

    workspace, config = require_workspace(ctx), get_state(ctx).config
    if sum(1 for given in (approve, reject, reopen) if given) > 1:
        raise InvalidInput("use one of --approve, --reject or --reopen")
    if page_id is not None and not approve:  # checked before listing: a lone --id is a mistake, not a listing
        raise InvalidInput("--id names the page an approval writes: use it with --approve")
    if not approve and not reject and not reopen:
        rows = list_candidates(workspace, config=config)
        emit(rows, as_json=want_json(ctx, json_output), human=_print_candidates)
        return
    if not by:
        raise InvalidInput("--by NAME is required to approve, reject or reopen")
    if approve:
        result = approve_candidate(workspace, approve, by=by, config=config, then=then, when=when, page_id=page_id)
        for line in result.get("policy_numbers") or []:
            warn(f"{line}: check the know-how against the policy it cites (mem lint: knowhow-policy-numbers)")
    elif reject:
        result = reject_candidate(workspace, reject, by=by, config=config)
    else:
        result = reopen_candidate(workspace, str(reopen), by=by, config=config)
    emit(result, as_json=want_json(ctx, json_output))


def _print_candidates(console, rows) -> None:
    # One block per candidate: the id must stay whole (it is what --approve takes), the texts are long.
    if not rows:
        console.print("(no candidates)", style="dim")
    for row in rows:
        console.print(f"{row['id']}  {row['kind']}  {row['status']}  customers {row['customers']}, "
                      f"counter-examples {row['counter_examples']}, facts {row['facts']}",
                      markup=False, highlight=False, soft_wrap=True)
        for key in ("when", "then", "note"):
            if row.get(key):
                console.print(f"  {key}: {row[key]}", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("promote")(promote)
