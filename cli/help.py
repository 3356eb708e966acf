"""``mem help [TOPIC]``: the docs that travel with the package, listed or printed in the terminal."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, print_table, stdout_console
from mem.cli.state import want_json


def help_(
    ctx: typer.Context,
    topic: Annotated[Optional[str], typer.Argument(help="A topic (e.g. design, mcp) or a command name (e.g. facts).")]
    = None,
    json_output: JsonOption = False,
) -> None:
    """List the help topics, or print one (rendered for the terminal; plain markdown when piped).

    The topics are the pages of docs/, installed with mem. Exit 0, 2 for an unknown topic.
    """
    from mem.core.topics import read_topic, topics

    as_json = want_json(ctx, json_output)
    if topic is None:
        emit([t.to_dict() for t in topics()], as_json=as_json,
             human=lambda console, rows: print_table(console, rows, columns=["topic", "title"]))
        return
    text = read_topic(topic)
    if as_json:
        emit({"topic": topic, "markdown": text}, as_json=True)
        return
    console = stdout_console()
    if console.is_terminal:
        from rich.markdown import Markdown

        console.print(Markdown(text))
    else:
        typer.echo(text, nl=False)


def register(app: typer.Typer) -> None:
    app.command("help")(help_)
