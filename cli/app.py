"""The root of the ``mem`` command: global options, and the registration of every command group.

Each module in ``COMMAND_MODULES`` is one command group (``cli/<name>.py``) exposing
``register(app)``. Command modules import only typer, the standard library and mem's light
modules at top level, so ``mem --help`` stays fast; heavy libraries are imported inside commands.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any, Optional

import typer

from mem import __version__
from mem.cli.state import State
from mem.core import clock
from mem.core.config import Config
from mem.core.model_limits import set_timeout as set_model_timeout
from mem.core.topics import topic_for

COMMAND_MODULES: tuple[str, ...] = (
    "config",
    "workspace", "ingest", "pages",
    "backup",
    "serve", "server", "accounts", "login", "keys", "bundle", "sync", "status", "evidence", "share", "promote",
    "lint",
    "ask", "demo", "mcp",
    "facts", "log", "context", "consent", "rights",
    "extract",
    "help",
)

HELP_OPTION_NAMES = ["-h", "--help"]

app = typer.Typer(
    name="mem",
    help="A memory people can trust for a customer-facing AI agent.\n\n"
    "Policies and know-how live in a git-versioned markdown wiki (the workspace); what each customer "
    "said lives on that customer's client (the home). `mem help` lists the docs installed with mem; "
    "`mem help design` explains the model.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": HELP_OPTION_NAMES},
)


def _version(value: bool) -> None:
    if value:
        from mem.core.formats import version_line

        typer.echo(version_line(__version__))
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
        bool, typer.Option("--version", callback=_version, is_eager=True,
                           help="Show the version, its commit and the formats it reads and writes, and exit."),
    ] = False,
) -> None:
    config = Config.load(workspace=workspace, home=home)
    clock.freeze(config.now)
    set_model_timeout(config.model.timeout)
    ctx.obj = State(config=config, json=json_output, workspace_given=workspace)
    if ctx.invoked_subcommand != "sync":  # sync finishes them itself, under its install lock
        from mem.client.recheck_pending import finish_if_owed

        finish_if_owed(config.home)  # recheck flags an interrupted or failed sync still owes


# `mem --help` groups commands by who uses them (policy authors and reviewers, operators, agent
# builders), in the order of a day's work rather than in registration order.
HELP_PANELS: dict[str, tuple[str, ...]] = {
    "Policy wiki (the service's workspace)": ("init", "ingest", "pages", "lint", "promote", "config"),
    "Customer memory (on the client)": ("log", "extract", "facts", "context", "consent", "reindex",
                                        "export", "forget"),
    "Answering": ("ask", "chat", "mcp", "demo"),
    "Serving the service's memory": ("keys", "bundle", "serve", "server", "accounts", "evidence"),
    "Client and server": ("login", "sync", "status", "share", "backup", "restore"),
    "Help": ("help",),
}

for _name in COMMAND_MODULES:
    importlib.import_module(f"mem.cli.{_name}").register(app)


_ORDER = [name for names in HELP_PANELS.values() for name in names]


def _panel_of(name: str | None) -> str | None:
    return next((panel for panel, names in HELP_PANELS.items() if name in names), None)


def _position(info: typer.models.CommandInfo | typer.models.TyperInfo) -> int:
    return _ORDER.index(info.name) if info.name in _ORDER else len(_ORDER)


_registered: list[typer.models.CommandInfo | typer.models.TyperInfo] = [*app.registered_commands,
                                                                       *app.registered_groups]
for _info in _registered:
    _info.rich_help_panel = _panel_of(_info.name) or _info.rich_help_panel
    _topic = topic_for(_info.name or "")
    if _topic is not None and _info.name != "help" and not _info.epilog:
        # every command names the page that documents it; the pages travel with the package
        _info.epilog = f"Topic: mem help {_topic}"
        for _sub in getattr(getattr(_info, "typer_instance", None), "registered_commands", []):
            _sub.epilog = _sub.epilog or _info.epilog
app.registered_commands.sort(key=_position)
app.registered_groups.sort(key=_position)


# Click commands are typed Any here: Typer >= 0.26 carries its own copy of Click and older Typer uses the
# click package, so no single class names them; the helpers below only read attributes both define.
def build_command(only: str | None = None) -> Any:
    """The Click command tree of ``mem``, as run and as documented; with ``only``, the root with that
    one command (or group) under it.

    Building every command's Click object reads ~60 function signatures, a third of the start-up of
    a one-shot ``mem ask``; a command line that names its command needs only that one (``invoked``).
    Flags show no value placeholder: this Typer labels every option with its type, so ``--strict``
    read ``--strict <bool>`` and people typed ``--strict true`` (then "true" was taken for a path).
    """
    commands, groups = app.registered_commands, app.registered_groups
    if only is not None:
        app.registered_commands = [info for info in commands if info.name == only]
        app.registered_groups = [info for info in groups if info.name == only]
    try:
        command = typer.main.get_command(app)
    finally:
        app.registered_commands, app.registered_groups = commands, groups
    _hide_flag_metavars(command)
    _reflow_help(command)
    return command


# The root's options that take a value; `invoked` skips that value when it looks for the command.
_ROOT_VALUE_OPTIONS = ("--workspace", "-w", "--home")


def invoked(args: Sequence[str]) -> str | None:
    """The command a command line runs, when it names a registered one before anything that needs the
    whole tree (root help, version, completion); else ``None``."""
    names = {info.name for info in app.registered_commands} | {info.name for info in app.registered_groups}
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in _ROOT_VALUE_OPTIONS:
            skip = True
        elif arg.startswith(("--workspace=", "--home=")) or (arg.startswith("-w") and arg != "-w"
                                                                and not arg.startswith("--")) or arg == "--json":
            continue
        elif arg.startswith("-"):
            return None  # --help, --version, completion options: the root's own work
        else:
            return arg if arg in names else None
    return None


# Any: a Click command or group of Typer's vendored Click, whose classes differ between Typer versions.
def flag_names(command: Any) -> set[str]:
    """Every flag spelling in the tree (``--json``, ``--strict`` …) that no command uses for an option
    taking a value: ``--version`` is the root's flag but ``pages show --version N``'s number."""
    flags, valued = _options(command)
    return flags - valued


def _options(command: Any) -> tuple[set[str], set[str]]:
    flags: set[str] = set()
    valued: set[str] = set()
    for param in getattr(command, "params", []):
        spellings = {*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])}
        (flags if getattr(param, "is_flag", False) else valued).update(spellings)
    for sub in getattr(command, "commands", {}).values():
        sub_flags, sub_valued = _options(sub)
        flags |= sub_flags
        valued |= sub_valued
    return flags, valued


# Any: as flag_names.
def _reflow_help(command: Any) -> None:
    """Join the lines of each help paragraph: docstrings wrap at 100 columns, and this Typer keeps
    their line breaks, so a terminal of 80 showed every paragraph as ragged half-lines. Blank lines,
    list items ("- …") and indented lines keep their breaks."""
    if getattr(command, "help", None):
        command.help = reflow(command.help)
    for sub in getattr(command, "commands", {}).values():
        _reflow_help(sub)


def reflow(text: str) -> str:
    """``text`` with the line breaks inside each paragraph replaced by spaces."""
    out: list[str] = []
    for line in text.strip("\n").split("\n"):
        joins = out and out[-1].strip() and line.strip() and not line.startswith((" ", "\t")) \
            and not line.lstrip().startswith(("- ", "* ")) and not out[-1].endswith("\b")
        if joins:
            out[-1] = out[-1].rstrip() + " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def _hide_flag_metavars(command: Any) -> None:
    for param in getattr(command, "params", []):
        if getattr(param, "is_flag", False):
            param.metavar = ""
    # -h/--help is made on demand (and cached by this Click) from the context's help option names
    help_option = command.get_help_option(SimpleNamespace(help_option_names=HELP_OPTION_NAMES))
    if help_option is not None:
        help_option.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        _hide_flag_metavars(sub)
