"""Retrieved material as marked reference data (spotlighting).

Every retrieved piece of memory — a policy page, a know-how page, one customer fact — becomes a
``Block`` that carries its provenance (memory, id, version or date, verified/stale, flags). When it
enters a prompt it is wrapped between ``<<DATA marker …>>`` and ``<<END marker>>`` with a marker made
fresh for each request, so text inside a page can neither close the block nor pose as instructions:
the instructions say that marked content is data and never carries instructions.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import asdict, dataclass, field

from mem.core.instructions import is_instruction_like as is_instruction_like  # re-exported for the agent
from mem.core.json_types import JsonObject


def new_marker() -> str:
    """A marker unguessable by whoever wrote the memory (64 random bits)."""
    return secrets.token_hex(8)


@dataclass
class Block:
    """One retrieved piece of memory with its provenance."""

    memory: str  # "policy" | "knowhow" | "fact"
    id: str
    title: str
    text: str
    version: int | None = None
    date: str | None = None
    status: str | None = None
    verified: bool = False
    stale: bool = False
    flags: list[str] = field(default_factory=list)
    quote: str = ""
    data: JsonObject = field(default_factory=dict)
    number: int = 0

    def provenance(self) -> str:
        parts = [f"memory={self.memory}", f"id={self.id}"]
        if self.version is not None:
            parts.append(f"version={self.version}")
        if self.date:
            parts.append(f"date={self.date}")
        if self.status:
            parts.append(f"status={self.status}")
        if self.memory != "fact":
            parts.append(f"verified={'yes' if self.verified else 'no'}")
            if self.stale:
                parts.append("stale=yes")
        parts.extend(f'flag="{flag}"' for flag in self.flags)
        return " ".join(parts)

    def to_dict(self) -> JsonObject:
        return asdict(self)


def mark(block: Block, marker: str) -> str:
    """``block`` as marked reference data for a prompt."""
    body = neutralise(block.text, marker)
    return f"<<DATA {marker} [{block.number}] {block.provenance()}>>\n{body}\n<<END {marker}>>"


def neutralise(text: str, marker: str) -> str:
    """Remove anything in ``text`` that could pass for a block boundary."""
    return text.replace(marker, "[marker removed]").replace("<<", "‹‹").replace(">>", "››")


_MARKER_TAG = re.compile(r"<<\s*(?:DATA|END)\b[^<>\n]*>>[ \t]*\n?")


def strip_markers(text: str, marker: str) -> tuple[str, int]:
    """``text`` without reference-data markers, and how many were removed.

    A model that echoes ``<<DATA … memory=policy …>>`` or ``<<END …>>`` (or this request's marker)
    would hand the customer the prompt's framing, and could make quoted data look like the
    answer's own words; the markers are removed from its answer before anything else reads it.
    """
    cleaned, count = _MARKER_TAG.subn("", text)
    if marker and marker in cleaned:
        count += cleaned.count(marker)
        cleaned = cleaned.replace(marker, "")
    return cleaned, count
