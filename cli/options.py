"""Options shared by many commands, defined once so they read the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

JsonOption = Annotated[bool, typer.Option("--json", help="Write the result as JSON to stdout.")]
CustomerOption = Annotated[
    str, typer.Option("--customer", "-c", help="The customer whose memory this touches (exactly one).")
]
