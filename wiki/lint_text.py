"""Text detectors of `mem lint` that need no page model: instructions to the AI and personal data.

The instruction detector lives in ``mem.core.instructions`` (the agent uses it too); personal data
is found by ``mem.core.text.personal``, the same patterns the anonymiser removes before a decision
leaves a client.

Each detector takes the lines of a file and yields ``(line_number, message)``; deterministic, no model.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from mem.core.instructions import instruction_like
from mem.core.text.personal import find_personal_data
from mem.core.text.sensitive import sensitive_category


def personal_data(
    lines: Sequence[str], *, person_names: Sequence[str] = (), customer_id: re.Pattern[str] | None = None,
    allowed: Sequence[str] = (), quote: bool = True,
) -> Iterator[tuple[int, str]]:
    """Lines (1-based) holding an email, a phone number, an account or order number, a person name or a customer id.

    ``allowed``: identities that may appear (the staff who generated, verified or approved the page);
    a match contained in one of them is not personal data of a customer. ``quote``: the reason quotes what it
    found ("person name 'Saoirse Byrne'"); without it, only its kind ("person name").
    """
    exempt = [a.lower() for a in allowed if a]
    for number, line in enumerate(lines, 1):
        for item in find_personal_data(line, names=person_names, customer_id=customer_id):
            if not any(item.text.lower() in identity for identity in exempt):
                yield number, f"{item.kind} {item.text!r}" if quote else item.kind


def personal_data_findings(
    lines: Sequence[str], *, person_names: Sequence[str] = (), customer_id: re.Pattern[str] | None = None,
    allowed: Sequence[str] = (), quote: bool = True,
) -> Iterator[tuple[int, str]]:
    """Lint's ``personal-data`` reasons for the lines of a know-how page: ``(line, "know-how must be anonymous:
    …")``. `mem lint` reports them and `mem promote --approve` refuses on the first one before it commits —
    one function, so an approval refuses exactly what lint would flag a moment later (newuser27 #5); the approval
    asks with ``quote=False``, so its refusal names the kind of data and the line, never the value."""
    for number, message in personal_data(lines, person_names=person_names, customer_id=customer_id, allowed=allowed,
                                         quote=quote):
        yield number, f"know-how must be anonymous: {message}"


def sensitive_topics(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """Lines (1-based) touching a sensitive topic, with its category (``mem.core.text.sensitive``)."""
    for number, line in enumerate(lines, 1):
        category = sensitive_category(line)
        if category != "none":
            yield number, category


__all__ = ["instruction_like", "personal_data", "personal_data_findings", "sensitive_topics"]
