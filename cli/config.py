"""``mem config``: show the settings a run would use, or the commented template."""

from __future__ import annotations

import dataclasses
from typing import Any

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, want_json
from mem.core.config import SECTIONS, render_template

config_app = typer.Typer(help="Show mem's settings (mem.toml, environment, defaults).", no_args_is_help=True)


@config_app.command("show")
def show(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """Print the effective settings: defaults, then mem.toml, then the environment."""
    config = get_state(ctx).config
    data: dict[str, Any] = {
        "workspace": str(config.workspace) if config.workspace else None,
        "home": str(config.home),
    }
    data.update({name: dataclasses.asdict(getattr(config, name)) for name in SECTIONS})
    emit(data, as_json=want_json(ctx, json_output))


@config_app.command("template")
def template() -> None:
    """Print the commented mem.toml with every setting at its default."""
    typer.echo(render_template(), nl=False)


def register(app: typer.Typer) -> None:
    app.add_typer(config_app, name="config")
