"""Everything the CLI writes: data to stdout (JSON or a rich rendering), messages and progress to stderr.

Commands hand plain data (dicts, lists, strings) to ``emit``; with ``--json`` it is written as
JSON, otherwise the command's ``human`` renderer (or a generic table) prints it for people.
Consoles are made per call so tests that swap ``sys.stdout`` see the output; non-terminals are honoured
by rich itself, and ``NO_COLOR`` here: no escape code at all, bold included (rich drops only colours, so
``cat -v`` showed ``^[[1m`` in table headers: NEWUSER_REPORT18 #10).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import IO, TYPE_CHECKING, Any

from mem.core.controls import shown
from mem.core.json_types import JsonObject
from mem.core.wording import plural as plural  # re-exported: commands import it with emit and info

if TYPE_CHECKING:
    from rich.console import Console

ProgressCallback = Callable[[int, int, str], None]


def no_color() -> bool:
    """``NO_COLOR`` is set to something (no-color.org): mem then writes no escape code, bold and dim too."""
    return bool(os.environ.get("NO_COLOR"))


def stdout_console() -> Console:
    return _console_class()(file=sys.stdout, soft_wrap=True, color_system=None if no_color() else "auto")


def console_of_width(file: IO[str], width: int) -> Console:
    """A console writing to ``file`` as if it were ``width`` columns wide, without colour: a table written to a pipe
    or a CI log, which has no width of its own to fit."""
    return _console_class()(file=file, width=width, soft_wrap=True, color_system=None)


def stderr_console() -> Console:
    return _console_class()(file=sys.stderr, soft_wrap=True, color_system=None if no_color() else "auto")


def plain_help() -> None:
    """Under ``NO_COLOR``, Typer's rich help (``--help``, a group named alone) is written without escape codes:
    its console keeps bold and dim otherwise. Called only when help is shown: loading rich costs start-up."""
    import typer.rich_utils

    typer.rich_utils.COLOR_SYSTEM = None


@cache
def _console_class() -> type[Console]:
    """rich's console, printing every string with its control characters escaped (``shown``).

    Customers' words and what client accounts sent reach these lines; an escape sequence in them
    retitled or cleared the operator's terminal, a bidi override reordered the line. rich's own
    styling is added after this, so colours still work.
    """
    from rich.console import Console

    class Escaped(Console):
        # Any: rich's print takes any renderables; only plain strings carry outside text here.
        def print(self, *objects: Any, **kwargs: Any) -> None:
            super().print(*(shown(o) if isinstance(o, str) else o for o in objects), **kwargs)

        def on_broken_pipe(self) -> None:
            # the reader left (`mem … | head -1`): no error, and the command finishes what it does (rich
            # exited with 1, or not, by where the pipe closed: NEWUSER_REPORT21 #12)
            from mem.cli.streams import quiet_stdout

            self.quiet = True
            quiet_stdout()

    return Escaped


# Any: a command's result is any JSON-able value (records, lists of them, text); json.dumps takes it whole.
def to_json(data: Any, *, ascii_only: bool = False) -> str:
    """JSON for people and programs: json escapes C0 controls itself, ``shown`` the rest (DEL, C1, bidi
    overrides, lone surrogates) as ``\\uXXXX``, which decodes to the same string. ``ascii_only``: every
    non-ASCII character too (for a stdout whose encoding cannot write them, ``mem.cli.streams``)."""
    return shown(json.dumps(data, ensure_ascii=ascii_only, indent=2, default=str), json=True)


# Whether this run of mem wrote its JSON result on stdout: a failure after it (sync's recheck_failed, ask's
# learning) then writes no {"error": …} object, so stdout stays one JSON document (cli.main resets it per run).
_JSON_WRITTEN = [False]


# Any: a command's result, as to_json.
def write_json(data: Any) -> None:
    """Write a command's JSON result on stdout, and note that this run has written one."""
    from mem.cli.streams import json_ascii, quiet_stdout

    _JSON_WRITTEN[0] = True
    try:
        sys.stdout.write(to_json(data, ascii_only=json_ascii()) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()  # the reader left: not an error, the command goes on (NEWUSER_REPORT21 #12)


def json_written(*, reset: bool = False) -> bool:
    """Whether this run wrote a JSON result on stdout already (``reset``: forget it, a new run begins)."""
    written = _JSON_WRITTEN[0]
    if reset:
        _JSON_WRITTEN[0] = False
    return written


# Any: as to_json; the human renderer given for a command knows the shape that command returns.
def emit(data: Any, *, as_json: bool, human: Callable[[Console, Any], None] | None = None) -> None:
    """Write a command's result: JSON on request, else the human rendering."""
    if as_json:
        write_json(data)
        return
    console = stdout_console()
    if human is not None:
        human(console, data)
    elif isinstance(data, list):
        print_table(console, data)
    elif isinstance(data, dict):
        print_record(console, data)
    else:
        console.print(str(data), markup=False, highlight=False)


def print_table(console: Console, rows: Sequence[JsonObject], columns: Sequence[str] | None = None,
                *, title: str | None = None) -> None:
    """A list of records as a table; ``columns`` picks and orders keys (default: the first row's)."""
    from rich.table import Table

    if not rows:
        console.print("(none)", style="dim")
        return
    columns = list(columns or rows[0].keys())
    if not _table_fits(console.width, rows, columns):
        # a terminal too narrow for the table (COLUMNS=40) squeezed every column to one letter ("t…", "C…"):
        # each row is written as its own block of "key  value" lines instead (NEWUSER_REPORT21 #13)
        if title:
            console.print(title, markup=False, highlight=False)
        for number, row in enumerate(rows):
            if number:
                console.print("")
            print_record(console, {column: row.get(column) for column in columns})
        return
    table = Table(title=title, show_lines=False)
    for column in columns:
        if column == "id":
            # other commands take the id: it is never cut or wrapped, whatever the terminal's width
            table.add_column(column, no_wrap=True, min_width=max(len(_cell(r.get(column))) for r in rows))
        else:
            table.add_column(column)
    for row in rows:
        table.add_row(*(_cell(row.get(column)) for column in columns))
    console.print(table)


# the narrowest a column is readable at: its header or its longest value, whichever is shorter, up to this
_READABLE = 10


def _table_fits(width: int, rows: Sequence[JsonObject], columns: Sequence[str]) -> bool:
    """Whether a table of ``rows`` can give each column a readable width (the id column its whole id) in ``width``."""
    from rich.cells import cell_len  # a CJK character takes two cells

    needed = 1 + 3 * len(columns)  # borders and padding
    for column in columns:
        longest = max(cell_len(_cell(row.get(column))) for row in rows)
        needed += longest if column == "id" else min(max(len(column), longest), _READABLE)
    return needed <= width


def print_record(console: Console, record: JsonObject) -> None:
    """One record as aligned ``key: value`` lines."""
    width = max((len(k) for k in record), default=0)
    for key, value in record.items():
        console.print(f"{key.ljust(width)}  {_cell(value)}", markup=False, highlight=False)


def _cell(value: Any) -> str:
    """A value as people read it: yes/no, "a, b", "key value; key value" — never a Python or JSON literal."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ') if isinstance(k, str) else k} {_cell(v)}".rstrip()
                         for k, v in value.items()) or "none"
    return shown(str(value))


def info(message: str) -> None:
    """A message for people, on stderr so stdout stays parseable.

    Written as is, without rich: it has no style to render, and loading rich for one line was a
    tenth of a one-shot ``mem ask`` (rich would also turn ``:smile:`` in a customer's words into 😄).
    """
    sys.stderr.write(shown(message) + "\n")


def warn(message: str) -> None:
    """A warning on stderr: yellow on a terminal that takes colour, plain text otherwise."""
    if sys.stderr.isatty() and not no_color():
        stderr_console().print(f"warning: {message}", style="yellow", markup=False, highlight=False, emoji=False)
    else:
        sys.stderr.write(f"warning: {shown(message)}\n")


def skipped_page(reason: str) -> None:
    """The warning for a page file left out because it is invalid (``reason`` names the file first)."""
    warn(f"skipped {reason} (`mem lint` reports every problem)")


@contextmanager
def progress(description: str, *, disable: bool | None = None) -> Iterator[ProgressCallback]:
    """A progress bar on a terminal, nothing when piped. Yields ``on_progress(done, total, what)``."""
    if disable is None:
        disable = not sys.stderr.isatty()
    if disable:
        yield lambda done, total, what: None
        return
    from rich.progress import Progress

    with Progress(console=stderr_console(), transient=True) as bar:
        task = bar.add_task(description, total=None)

        def update(done: int, total: int, what: str) -> None:
            bar.update(task, completed=done, total=total or None, description=what or description)

        yield update
