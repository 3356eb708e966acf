"""``NO_COLOR`` means no escape code at all on a terminal, bold included (NEWUSER_REPORT18 #10).

rich honours ``NO_COLOR`` by dropping colours only: table headers and a search hit's line stayed bold
(``^[[1m`` under ``cat -v``)."""

from __future__ import annotations

import io
import sys

import pytest

from mem.cli import output


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _table_on_a_terminal(monkeypatch) -> str:
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setenv("TERM", "xterm-256color")
    output.emit([{"id": "refund-window", "title": "Refund window"}], as_json=False)
    console = output.stdout_console()
    console.print("a hit", style="bold dim")
    return screen.getvalue()


def test_no_color_writes_no_escape_code(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    shown = _table_on_a_terminal(monkeypatch)
    assert "refund-window" in shown
    assert "\x1b[" not in shown  # before: "\x1b[1mid" — bold headers


def test_without_no_color_a_terminal_gets_its_styles(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\x1b[1m" in _table_on_a_terminal(monkeypatch)  # the check above can fail


@pytest.mark.parametrize("args", [["--help"], ["facts"]])
def test_no_color_help_has_no_escape_code(monkeypatch, args):
    import typer.rich_utils

    from mem.cli.main import _main

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(typer.rich_utils, "COLOR_SYSTEM", "auto")  # restored after the test
    monkeypatch.setattr(typer.rich_utils, "FORCE_TERMINAL", True)
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    _main(args)
    assert "facts" in screen.getvalue() or "Usage" in screen.getvalue()
    assert "\x1b[" not in screen.getvalue()
