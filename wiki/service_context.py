"""Service context (``context.md``): short unconditional principles, injected into every answer.

The file is markdown; every list item (``-`` or ``*`` or ``1.``) is one item, continuation lines
indented under it belong to it. Headings and other text are notes for people and are not injected.
"""

from __future__ import annotations

import re
from pathlib import Path

from mem.core.errors import StorageError

CONTEXT_FILE = "context.md"
CONTEXT_TEMPLATE = """\
# Service context

Principles the agent follows in every conversation, without condition (docs/design.md). Each list
item below is injected as an instruction into every answer; keep them short. Conditional procedures
belong in know-how pages, rules from official documents in policy pages.

- Be kind and concise.
- State the grounds of every answer: cite the policy page and its version.
- When a customer's past agreement differs from the current policy, say so; never silently pick one.
"""

_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*)$")


def parse_items(text: str) -> list[str]:
    """The items of a ``context.md`` text, in order, whitespace-normalised.

    Neither side of a git merge conflict (``<<<<<<<`` … ``>>>>>>>``) is an item: both sides became
    instructions on every turn ("answer in English" and "answer in French"). Lint reports the markers
    (``merge-conflict``) and a bundle build refuses them; a bundle an older server built still has them."""
    items: list[str] = []
    current: list[str] | None = None
    in_fence = in_conflict = False
    for line in text.splitlines():
        if line.startswith("<<<<<<<") or (in_conflict and line.startswith(">>>>>>>")):
            in_conflict, current = line.startswith("<<<<<<<"), None
            continue
        if in_conflict:
            continue
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
            current = None
            continue
        if in_fence:
            continue
        match = _ITEM.match(line)
        if match:
            current = [match.group(1).strip()]
            items.append("")
        elif current is not None and line.startswith((" ", "\t")) and line.strip():
            current.append(line.strip())
        else:
            current = None
            continue
        items[-1] = " ".join(current)
    return [item for item in items if item]


def read_items(workspace: Path) -> list[str]:
    """The service-context items of a workspace (none when ``context.md`` is missing)."""
    path = Path(workspace) / CONTEXT_FILE
    try:
        return parse_items(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise StorageError(f"cannot read {path}: {exc}") from exc
