"""Citations: ``[n]`` in an answer must point to a block that was really retrieved.

Any number pointing to nothing is removed from the text and reported. The remaining numbers are
renumbered 1, 2, 3… in order of first appearance, so the reader never sees gaps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mem.agent.blocks import Block
from mem.core.json_types import JsonObject

_CITE = re.compile(r"\s?\[(\d+(?:\s*,\s*\d+)*)\]")


@dataclass
class Citation:
    number: int
    block: Block

    def to_dict(self) -> JsonObject:
        b = self.block
        return {
            "number": self.number, "memory": b.memory, "id": b.id, "title": b.title, "version": b.version,
            "date": b.date, "status": b.status, "quote": b.quote, "flags": list(b.flags),
        }


def check_citations(text: str, blocks: list[Block]) -> tuple[str, list[Citation], list[int]]:
    """``(text with valid, renumbered citations, citations, removed numbers)``."""
    by_number = {b.number: b for b in blocks}
    order: dict[int, int] = {}
    removed: list[int] = []

    def replace(match: re.Match[str]) -> str:
        kept = []
        for raw in re.split(r"\s*,\s*", match.group(1)):
            number = int(raw)
            if number not in by_number:
                if number not in removed:
                    removed.append(number)
                continue
            order.setdefault(number, len(order) + 1)
            kept.append(order[number])
        if not kept:
            return ""
        lead = match.group(0)[0] if match.group(0)[0].isspace() else ""
        return lead + "".join(f"[{n}]" for n in kept)

    new_text = _CITE.sub(replace, text)
    citations = [Citation(number=new, block=by_number[old]) for old, new in order.items()]
    return new_text, citations, removed
