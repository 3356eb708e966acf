"""Counted nouns in messages people read: ``1 page``, ``2 pages`` (never ``page(s)``)."""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``1 conversation``, ``2 conversations`` (``plural_form`` for irregular nouns)."""
    return f"{count} {noun if count == 1 else (plural_form or noun + 's')}"
