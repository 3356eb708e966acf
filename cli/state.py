"""What the root callback hands every command: the loaded settings and the global output choice."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import typer

from mem.core.config import Config, check_workspace
from mem.core.errors import NotFound

# when the running `mem` command began: set by mem.cli.main.main first thing, before its imports and the loading
# of the settings (the root callback makes the State only after them, up to seconds later on a loaded machine)
_began: list[float] = []


def command_began() -> float:
    """When the running command began (``time.time()``; now, outside ``mem.cli.main.main``)."""
    return _began[-1] if _began else time.time()


@dataclass(frozen=True)
class State:
    config: Config
    json: bool = False
    # when this command began: a `mem forget` of its customer after that refuses its writes (NEWUSER_REPORT16 #1)
    started: float = field(default_factory=command_began)
    # the --workspace given on the command line (None: found upward or not given): `mem ask` says when a
    # bundle answered instead of it (NEWUSER_REPORT20 #5)
    workspace_given: Path | None = None


def get_state(ctx: typer.Context) -> State:
    """The ``State`` of this run (commands call this instead of reading globals)."""
    root = ctx.find_root()
    if not isinstance(root.obj, State):  # only when a command is invoked without the root group
        root.obj = State(Config.load())
    return root.obj


def want_json(ctx: typer.Context, local: bool = False) -> bool:
    """``--json`` given globally (``mem --json …``) or on the command itself."""
    return local or get_state(ctx).json


def require_workspace(ctx: typer.Context):
    """The workspace folder, or the same one-line error (exit 2) for every command when there is none.

    A folder without ``mem.toml`` is not a workspace: without this check a command listed nothing
    (``pages list`` said "(none)", exit 0) or failed deep inside (``ingest``: FileNotFoundError).
    """
    workspace = get_state(ctx).config.workspace
    if workspace is None:
        raise NotFound("no workspace here (run mem init DIR, or pass --workspace DIR)")
    check_workspace(workspace)
    from mem.wiki.journal import needs_recovery

    if needs_recovery(workspace):  # one stat: a write that a crash interrupted is settled first
        from mem.cli.output import info
        from mem.wiki.store import Wiki

        done = Wiki(workspace).recover()
        if done:
            info(f"{workspace}: {done}")
    return workspace


def client_config(ctx: typer.Context) -> Config:
    """Settings for work on customer memory: the verified bundle's client settings over ``mem.toml``.

    The service decides context budget, extraction and trait thresholds (docs/design.md,
    "Traits": the service ships them in the bundle, so no app update is needed), so client-side
    commands read them from the bundle when one is installed;
    server-side commands keep the workspace's own ``mem.toml``.
    """
    from mem.client.bundle_memory import client_config as with_bundle_settings

    return with_bundle_settings(get_state(ctx).config)
