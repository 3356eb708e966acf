"""``mem accounts``: API tokens for the clients of this server (operator side)."""

from __future__ import annotations

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, info
from mem.cli.state import require_workspace, want_json

accounts_app = typer.Typer(help="Manage the accounts that may call this server.", no_args_is_help=True)


@accounts_app.command("add")
def add(ctx: typer.Context, name: str = typer.Argument(..., help="Account name (letters, digits, . _ -)."),
        json_output: JsonOption = False) -> None:
    """Create an account and print its API token once; the server keeps only the token's hash."""
    from mem.server.accounts import add_account

    token = add_account(require_workspace(ctx), name)
    if not want_json(ctx, json_output):
        info(f"account {name} created; store this token now, it is not shown again:")
    emit({"account": name, "token": token} if want_json(ctx, json_output) else token,
         as_json=want_json(ctx, json_output))


@accounts_app.command("list")
def list_(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List accounts (names and creation time; tokens cannot be shown)."""
    from mem.server.accounts import list_accounts

    emit(list_accounts(require_workspace(ctx)), as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.add_typer(accounts_app, name="accounts")
