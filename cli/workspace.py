"""``mem init [DIR]``: create a workspace (a git repository holding the service's memory)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from mem.cli.options import JsonOption, path_argument
from mem.cli.output import emit, info
from mem.cli.state import want_json


def init(
    ctx: typer.Context,
    directory: Annotated[Path | None, typer.Argument(
        help="Folder to create the workspace in (default: --workspace or MEM_WORKSPACE when given, else here).",
        show_default=False, parser=path_argument)] = None,
    json_output: JsonOption = False,
) -> None:
    """Create a workspace: git repository, mem.toml, context.md, policies/, knowhow/, sources/, index.md, log.md.

    Refuses (exit 1) when the folder already holds a workspace; nothing is overwritten.
    """
    from mem.wiki.workspace import init_workspace

    path = init_workspace(directory if directory is not None else _named_workspace(ctx))
    if want_json(ctx, json_output):
        emit({"workspace": str(path)}, as_json=True)
    else:
        info(f"created workspace {path}; next: mem ingest DOC (run inside it or pass --workspace)")


def _named_workspace(ctx: typer.Context) -> Path:
    # `MEM_WORKSPACE=/srv/ws mem init` must create the workspace that every later command will
    # look for; falling back to "." made the next command say "no workspace at /srv/ws".
    named = ctx.find_root().params.get("workspace") or os.environ.get("MEM_WORKSPACE")
    return Path(named) if named else Path(".")


def register(app: typer.Typer) -> None:
    app.command("init")(init)
