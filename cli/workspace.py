"""``mem init [DIR]``: create a workspace (a git repository holding the service's memory)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, info
from mem.cli.state import want_json


def init(
    ctx: typer.Context,
    directory: Annotated[Path, typer.Argument(help="Folder to create the workspace in (default: here).")] = Path("."),
    json_output: JsonOption = False,
) -> None:
    """Create a workspace: git repository, mem.toml, context.md, policies/, knowhow/, sources/, index.md, log.md.

    Refuses (exit 1) when the folder already holds a workspace; nothing is overwritten.
    """
    from mem.wiki.workspace import init_workspace

    path = init_workspace(directory)
    if want_json(ctx, json_output):
        emit({"workspace": str(path)}, as_json=True)
    else:
        info(f"created workspace {path}; next: mem ingest DOC (run inside it or pass --workspace)")


def register(app: typer.Typer) -> None:
    app.command("init")(init)
