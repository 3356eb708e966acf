"""Options shared by many commands, defined once so they read the same everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mem.core.errors import InvalidInput

JsonOption = Annotated[bool, typer.Option("--json", help="Write the result as JSON to stdout.")]
CustomerOption = Annotated[
    str, typer.Option("--customer", "-c",
                      help="The customer whose memory this touches (exactly one; given twice is an error).")
]


def path_argument(value: str) -> Path:
    """A path argument, refusing ``""``: ``Path("")`` is ``.``, so an unset ``"$DIR"`` turned the
    current folder into a workspace (``mem init ""``) or filled it with bundle files (``publish ""``)."""
    if not value.strip():
        raise InvalidInput('an empty path argument (""): name a file or folder, or "." for this one '
                           "(an unset shell variable?)")
    return Path(value)
