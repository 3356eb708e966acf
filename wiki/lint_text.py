"""Text detectors of `mem lint` that need no page model: instructions to the AI and personal data.

The instruction detector lives in ``mem.wiki.instructions`` (the agent uses it too).

Each detector takes the lines of a file and yields ``(line_number, message)``; they are plain
regular expressions (deterministic, no model) compiled once at import.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from mem.wiki.instructions import instruction_like

_EMAIL = re.compile(r"(?<![\w.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
# International (+CC …) or national numbers in groups: 010-1234-5678, (555) 123-4567, +82 10 1234 5678.
# Dates (2026-01-15) and versions do not match: the last two groups need 3-4 and exactly 4 digits.
_PHONE = re.compile(
    r"(?<![\w.+/-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)|\d{2,4})[ .-]?\d{3,4}[ .-]\d{4}(?![\w-])"
    r"|(?<![\w.+/-])\+\d{9,15}(?![\w-])"
)


def personal_data(
    lines: Sequence[str], *, person_names: Sequence[str] = (), customer_id: re.Pattern[str] | None = None,
    allowed: Sequence[str] = (),
) -> Iterator[tuple[int, str]]:
    """Lines (1-based) holding an email, a phone number, a listed person name or a customer id.

    ``allowed``: identities that may appear (the staff who generated, verified or approved the page);
    a match contained in one of them is not personal data of a customer.
    """
    names = _names_pattern(person_names)
    exempt = [a.lower() for a in allowed if a]
    for number, line in enumerate(lines, 1):
        found: list[tuple[str, str]] = []
        if "@" in line:
            found += [("email address", m.group(0)) for m in _EMAIL.finditer(line)]
        found += [("phone number", m.group(0).strip()) for m in _PHONE.finditer(line)]
        if names is not None:
            found += [("person name", m.group(0)) for m in names.finditer(line)]
        if customer_id is not None:
            found += [("customer id", m.group(0)) for m in customer_id.finditer(line)]
        for what, text in found:
            if not any(text.lower() in identity for identity in exempt):
                yield number, f"{what} {text!r}"


def _names_pattern(names: Sequence[str]) -> re.Pattern[str] | None:
    parts = []
    for name in sorted({n.strip() for n in names if n and n.strip()}, key=len, reverse=True):
        escaped = re.escape(name)
        # Latin names need word boundaries ("Ann" is not "Annual"); CJK names are followed by
        # particles or honorifics (김민수님, 田中さん), so they match as plain substrings.
        parts.append(rf"(?<!\w){escaped}(?!\w)" if name.isascii() else escaped)
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


__all__ = ["instruction_like", "personal_data"]
