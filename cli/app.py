"""The root of the ``mem`` command: global options, and the registration of every command group.

Each module in ``COMMAND_MODULES`` is one command group (``cli/<name>.py``) exposing
``register(app)``. Command modules import only typer, the standard library and mem's light
modules at top level, so ``mem --help`` stays fast; heavy libraries are imported inside commands.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated, Optional

import typer

from mem import __version__
from mem.cli.state import State
from mem.core import clock
from mem.core.config import Config

COMMAND_MODULES: tuple[str, ...] = (
    "config",
    "workspace", "ingest", "pages",
    "backup",
    "serve", "server", "accounts", "login", "keys", "bundle", "sync", "status", "evidence", "share", "promote",
    "lint",
    "ask", "demo", "mcp",
    "facts", "log", "context", "consent",
    "extract",
)

app = typer.Typer(
    name="mem",
    help="A memory people can trust for a customer-facing AI agent.\n\n"
    "Policies and know-how live in a git-versioned markdown wiki (the workspace); what each customer "
    "said lives on that customer's client (the home). See docs/ for every command.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mem {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    workspace: Annotated[
        Optional[Path],
        typer.Option("--workspace", "-w", help="Workspace folder (default: nearest folder upward holding mem.toml)."),
    ] = None,
    home: Annotated[
        Optional[Path],
        typer.Option("--home", help="Client home holding customer memory and the bundle (default: $MEM_HOME)."),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Write data results as JSON.")] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    config = Config.load(workspace=workspace, home=home)
    clock.freeze(config.now)
    ctx.obj = State(config=config, json=json_output)


# `mem --help` groups commands by who uses them (policy authors and reviewers, operators, agent
# builders), in the order of a day's work rather than in registration order.
HELP_PANELS: dict[str, tuple[str, ...]] = {
    "Policy wiki (the service's workspace)": ("init", "ingest", "pages", "lint", "promote", "config"),
    "Customer memory (on the client)": ("log", "extract", "facts", "context", "consent", "reindex"),
    "Answering": ("ask", "chat", "mcp", "demo"),
    "Serving the service's memory": ("keys", "bundle", "serve", "server", "accounts", "evidence"),
    "Client and server": ("login", "sync", "status", "share", "backup", "restore"),
}

for _name in COMMAND_MODULES:
    importlib.import_module(f"mem.cli.{_name}").register(app)


_ORDER = [name for names in HELP_PANELS.values() for name in names]


def _panel_of(name: str | None) -> str | None:
    return next((panel for panel, names in HELP_PANELS.items() if name in names), None)


def _position(info: typer.models.CommandInfo | typer.models.TyperInfo) -> int:
    return _ORDER.index(info.name) if info.name in _ORDER else len(_ORDER)


for _info in [*app.registered_commands, *app.registered_groups]:
    _info.rich_help_panel = _panel_of(_info.name) or _info.rich_help_panel
app.registered_commands.sort(key=_position)
app.registered_groups.sort(key=_position)
