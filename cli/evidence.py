"""``mem evidence``: agreement evidence — push from the client, read on the server (operators)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, require_workspace, want_json

evidence_app = typer.Typer(help="The evidence store of agreements the service is party to.", no_args_is_help=True)


@evidence_app.command("push")
def push(
    ctx: typer.Context,
    server: Annotated[Optional[str], typer.Option("--server", help="Server URL (default: from `mem login`).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Send queued agreement evidence (fact id, date, customer id, quotes) to the server; retried when offline."""
    from mem.client.evidence_push import push_evidence

    config = get_state(ctx).config
    emit(push_evidence(config.home, config=config, server=server), as_json=want_json(ctx, json_output))


@evidence_app.command("list")
def list_(
    ctx: typer.Context,
    customer: Annotated[Optional[str], typer.Option("--customer", "-c", help="Only this customer id.")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="Most recent records to show.")] = 100,
    json_output: JsonOption = False,
) -> None:
    """List evidence records held by this server, newest first (operator side)."""
    from mem.server.evidence_store import list_evidence

    emit(list_evidence(require_workspace(ctx), customer_id=customer, limit=limit), as_json=want_json(ctx, json_output),
         human=_print_records)


@evidence_app.command("show")
def show(ctx: typer.Context, evidence_id: int = typer.Argument(..., help="Record id from `mem evidence list`."),
         json_output: JsonOption = False) -> None:
    """Show one evidence record with its quoted sentences (operator side)."""
    from mem.server.evidence_store import show_evidence

    emit(show_evidence(require_workspace(ctx), evidence_id), as_json=want_json(ctx, json_output))


@evidence_app.command("purge")
def purge(
    ctx: typer.Context,
    customer: Annotated[Optional[str], typer.Option("--customer", "-c", help="Delete this customer's records.")] = None,
    before: Annotated[Optional[str], typer.Option("--before", help="Delete the records received before this date "
                                                  "(YYYY-MM-DD: the end of your retention period).")] = None,
    account: Annotated[Optional[str], typer.Option("--account", help="Only the records this client account sent "
                                                   "(needed with --customer when several accounts sent records "
                                                   "for that customer id).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Delete evidence records for good (operator side): a customer's, or all received before a date.

    Export them first if they must be kept elsewhere: `mem evidence list --customer ID --json`.
    """
    from mem.cli.facts import can_ask
    from mem.core.errors import InvalidInput, Refused
    from mem.server.evidence_store import purge_evidence

    workspace = require_workspace(ctx)
    if not customer and not before and not account:
        raise InvalidInput("say what to purge: --customer ID, --before DATE, or both")
    if not yes:
        if not can_ask():
            raise InvalidInput("purging evidence asks for confirmation, and there is no terminal: pass --yes")
        what = " and ".join(x for x in (f"of customer {customer}" if customer else "",
                                        f"from account {account}" if account else "",
                                        f"received before {before}" if before else "") if x)
        if not typer.confirm(f"Delete the evidence records {what} for good?", err=True):
            raise Refused("not deleted: the evidence records stay")
    deleted = purge_evidence(workspace, customer_id=customer, before=before, account=account)
    emit({"deleted": deleted, "customer": customer, "account": account, "before": before},
         as_json=want_json(ctx, json_output))


def _print_records(console, rows) -> None:
    # One block per record: ids stay whole (`show` takes the number), quotes are read, not squeezed.
    if not rows:
        console.print("(no evidence)", style="dim")
    for row in rows:
        console.print(f"{row['id']}  customer {row['customer_id']}  fact {row['fact_id']}  date {row['date'] or '-'}  "
                      f"from {row['account']} at {row['received_at']}", markup=False, highlight=False, soft_wrap=True)
        for quote in row["quotes"]:
            console.print(f'  "{quote}"', markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.add_typer(evidence_app, name="evidence")
