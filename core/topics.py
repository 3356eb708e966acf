"""Help topics: the pages of ``docs/`` as they travel inside the installed package (``mem help``).

The docs folder is package data of ``mem`` (pyproject ``[tool.setuptools.package-data]``), so a
wheel carries the same pages the repository has, and every command's help can name a topic that
exists wherever mem is installed. Each command maps to the page that documents it (``COMMAND_TOPICS``);
a test keeps the map complete and every named page real.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from mem.core.errors import NotFound

#: The page that documents each top-level command (``mem help TOPIC``).
COMMAND_TOPICS: dict[str, str] = {
    "init": "wiki", "pages": "wiki", "ingest": "ingest", "lint": "lint", "promote": "knowhow",
    "share": "knowhow", "config": "config",
    "log": "customers", "facts": "customers", "context": "customers", "consent": "customers",
    "export": "customers", "forget": "customers", "reindex": "customers", "extract": "extraction",
    "ask": "ask", "chat": "ask", "demo": "ask", "mcp": "mcp",
    "keys": "server", "bundle": "server", "serve": "server", "server": "server", "accounts": "server",
    "evidence": "server",
    "login": "server", "sync": "server", "status": "server",
    "backup": "backup", "restore": "backup",
    "help": "commands",
}


@dataclass(frozen=True)
class Topic:
    """One page of the docs: ``name`` is what ``mem help`` takes (the file name without ``.md``)."""

    name: str
    title: str

    def to_dict(self) -> dict[str, str]:
        return {"topic": self.name, "title": self.title}


def docs_folder() -> Path:
    """Where the installed docs are: ``mem/docs`` in a wheel, the repository's ``docs/`` in a checkout."""
    return Path(str(resources.files("mem") / "docs"))


def topics() -> list[Topic]:
    """Every page, in name order, with its first heading as the title."""
    found = []
    for path in sorted(docs_folder().glob("*.md")):
        found.append(Topic(name=path.stem, title=_title(path)))
    return found


def read_topic(name: str) -> str:
    """The markdown of one page; ``NotFound`` (with the closest names) when there is none."""
    names = [topic.name for topic in topics()]
    wanted = name.strip().lower().removesuffix(".md")
    if wanted in COMMAND_TOPICS and wanted not in names:
        wanted = COMMAND_TOPICS[wanted]  # `mem help facts` means the page about facts
    if wanted not in names:
        close = difflib.get_close_matches(wanted, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; topics: {', '.join(names)}"
        raise NotFound(f"no help topic {name!r}{hint}")
    return (docs_folder() / f"{wanted}.md").read_text(encoding="utf-8")


def topic_for(command: str) -> str | None:
    """The topic that documents a top-level command, if any."""
    return COMMAND_TOPICS.get(command)


def _title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip().replace("`", "")
    return path.stem
