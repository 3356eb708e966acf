"""The checked-in reference pages are exactly what scripts/gen_docs.py writes from the code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _generator():
    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "scripts" / "gen_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_command_reference_is_current():
    assert (ROOT / "docs" / "commands.md").read_text(encoding="utf-8") == _generator().render_commands(), (
        "docs/commands.md is out of date: run python scripts/gen_docs.py"
    )


def test_settings_page_is_current():
    assert (ROOT / "docs" / "config.md").read_text(encoding="utf-8") == _generator().render_config(), (
        "docs/config.md is out of date: run python scripts/gen_docs.py"
    )


def test_every_command_group_has_a_topic_page():
    """Each top-level command appears in a hand-written docs page besides the generated reference."""
    import typer

    from mem.cli.app import app

    topics = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")
                       if p.name not in ("commands.md", "config.md"))
    missing = [name for name in typer.main.get_command(app).commands if f"mem {name}" not in topics]
    assert not missing, f"commands without a topic page: {missing}"
