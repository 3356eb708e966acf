"""``mem server``: operator tasks of the server's databases (schema migrations)."""

from __future__ import annotations

from typing import Annotated

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, want_json

server_app = typer.Typer(help="Operate the server's databases (PostgreSQL schema migrations).", no_args_is_help=True)


@server_app.command("migrate")
def migrate(
    ctx: typer.Context,
    check: Annotated[bool, typer.Option("--check", help="Only compare the schema versions; change nothing.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Bring every configured PostgreSQL database (server.database, backup.keyservice_database,
    backup.blobstore_database) to this mem's schema; safe to run again and from several hosts at once.

    With --check: exit 1 when a schema is not the one this mem serves (before a deploy).
    """
    from mem.core.errors import Refused
    from mem.server.migrations import migrate_configured

    report = migrate_configured(get_state(ctx).config, check_only=check)
    emit(report, as_json=want_json(ctx, json_output))
    stale = [r["component"] for r in report if not r["current"]]
    if stale:
        raise Refused(f"schema not current for {', '.join(stale)}: run `mem server migrate`")


def register(app: typer.Typer) -> None:
    app.add_typer(server_app, name="server")
