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


@accounts_app.command("rotate")
def rotate(ctx: typer.Context, name: str = typer.Argument(..., help="Account whose token is replaced."),
           json_output: JsonOption = False) -> None:
    """Issue a new API token for an account and print it once; the old token is refused from the next request.

    The account keeps its backups, evidence and shared decisions. Also re-enables a revoked account.
    """
    from mem.server.accounts import rotate_token

    token = rotate_token(require_workspace(ctx), name)
    if not want_json(ctx, json_output):
        info(f"account {name}: new token below, the old one no longer works; "
             "give it to the client (`mem login --token …`), it is not shown again:")
    emit({"account": name, "token": token} if want_json(ctx, json_output) else token,
         as_json=want_json(ctx, json_output))


@accounts_app.command("revoke")
def revoke(ctx: typer.Context, name: str = typer.Argument(..., help="Account to shut out."),
           json_output: JsonOption = False) -> None:
    """Refuse every request of an account from now on (a leaked token, a retired client).

    Its name and data stay; `mem accounts rotate NAME` gives it a new token again.
    """
    from mem.server.accounts import revoke_account

    row = revoke_account(require_workspace(ctx), name)
    emit(row if want_json(ctx, json_output) else f"account {name} revoked: its token is refused from now on",
         as_json=want_json(ctx, json_output))


@accounts_app.command("list")
def list_(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List accounts (name, creation time, active or revoked; tokens cannot be shown)."""
    from mem.server.accounts import list_accounts

    emit(list_accounts(require_workspace(ctx)), as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.add_typer(accounts_app, name="accounts")
