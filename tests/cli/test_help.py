"""``mem help``: the docs installed with the package, every command naming its topic, shell completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import typer

from mem.cli.app import app
from mem.core.topics import COMMAND_TOPICS, docs_folder, topics

ROOT = Path(__file__).resolve().parents[2]


def _commands():
    """(path, click command) for every top-level command and every subcommand of a group."""
    root = typer.main.get_command(app)
    for name, command in root.commands.items():
        yield name, name, command
        for sub_name, sub in getattr(command, "commands", {}).items():
            yield name, f"{name} {sub_name}", sub


def test_help_lists_the_installed_pages(mem):
    result = mem("help", "--json")
    assert result.exit_code == 0
    listed = {row["topic"]: row["title"] for row in json.loads(result.stdout)}
    assert listed["design"] == "Design" and "mcp" in listed and "install" in listed
    assert set(listed) == {p.stem for p in (ROOT / "docs").glob("*.md")}
    human = mem("help")
    assert "design" in human.stdout and "Installing mem" in human.stdout


def test_help_topic_prints_the_page_plain_when_piped(mem):
    result = mem("help", "design")
    assert result.exit_code == 0
    assert result.stdout == (ROOT / "docs" / "design.md").read_text(encoding="utf-8")


def test_help_topic_is_rendered_with_rich_on_a_terminal(mem, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich treats the output as a terminal
    monkeypatch.setenv("COLUMNS", "100")
    result = mem("help", "design")
    assert result.exit_code == 0
    assert "The six movements" in result.stdout
    assert "## The six movements" not in result.stdout  # headings rendered, not printed as markdown
    assert "━" in result.stdout or "─" in result.stdout  # tables drawn


def test_a_command_name_finds_its_topic_and_an_unknown_topic_is_one_line(mem):
    assert mem("help", "facts").stdout == (ROOT / "docs" / "customers.md").read_text(encoding="utf-8")
    result = mem("help", "desing")
    assert result.exit_code == 2
    assert result.stderr == "Error: no help topic 'desing'; did you mean design?\n"


def test_every_command_names_an_existing_topic_that_documents_it(mem):
    names = {t.name for t in topics()}
    missing = []
    for top, path, _command in _commands():
        if top == "help":
            continue
        topic = COMMAND_TOPICS.get(top)
        if topic not in names:
            missing.append(f"{path}: no topic")
            continue
        page = (docs_folder() / f"{topic}.md").read_text(encoding="utf-8")
        if f"mem {top}" not in page:
            missing.append(f"{path}: docs/{topic}.md never mentions `mem {top}`")
        shown = mem(*path.split(), "--help")
        if f"Topic: mem help {topic}" not in shown.stdout:
            missing.append(f"{path}: --help does not name its topic")
    assert not missing, missing


def test_docs_are_package_data_so_a_wheel_carries_them():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "docs/*.md" in config["tool"]["setuptools"]["package-data"]["mem"]
    assert docs_folder().resolve() == (ROOT / "docs").resolve()  # resolved through the package, not the cwd


def _mem_process(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mem", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, cwd=cwd, timeout=120)


def test_shell_completion_completes_command_names(tmp_path):
    done = _mem_process(tmp_path, {"_MEM_COMPLETE": "complete_bash", "COMP_WORDS": "mem fac", "COMP_CWORD": "1"})
    assert done.stdout.split() == ["facts"]
    script = _mem_process(tmp_path, {}, "--show-completion", "bash")
    assert script.returncode == 0 and "_mem_completion" in script.stdout


@pytest.mark.parametrize("args, expected", [
    (["ask", "--customer", "c", "q"], "ask"),
    (["--workspace", "/tmp/w", "--home", "/tmp/h", "--json", "facts", "list"], "facts"),
    (["-w", "/tmp/w", "lint"], "lint"),
    (["--workspace=/tmp/w", "pages", "list"], "pages"),
    (["--help"], None),
    (["--version", "ask"], None),
    (["no-such-command"], None),
    ([], None),
])
def test_the_invoked_command_is_read_past_the_root_options(args, expected):
    from mem.cli.app import invoked

    assert invoked(args) == expected


def test_a_command_built_alone_is_the_command_of_the_whole_tree():
    """A one-shot command builds only its own Click command (start-up): its options, help and sub-commands
    must be those of the same command in the full tree that `mem --help` and the docs show."""
    from mem.cli.app import app, build_command

    whole = build_command()
    for info in [*app.registered_commands, *app.registered_groups]:
        alone = build_command(info.name)
        assert list(alone.commands) == [info.name]
        mine, theirs = alone.commands[info.name], whole.commands[info.name]
        assert mine.help == theirs.help
        assert [p.opts for p in mine.params] == [p.opts for p in theirs.params]
        assert sorted(getattr(mine, "commands", {})) == sorted(getattr(theirs, "commands", {}))
    assert len(build_command().commands) == len(whole.commands)  # building one left the app whole


def test_an_unknown_command_is_refused_in_one_line(mem):
    result = mem("lnit")
    assert result.exit_code == 2
    assert "No such command 'lnit'" in result.stderr
