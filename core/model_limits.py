"""How long one model call may take: set once per process from ``[model] timeout`` (``cli.app``), read by
``core.model``. Its own module, so setting it at start-up loads nothing (``mem --help`` stays light)."""

from __future__ import annotations

#: Seconds one model call may take unless ``[model] timeout`` says otherwise (0 = no limit).
DEFAULT_TIMEOUT = 120.0
_timeout = [DEFAULT_TIMEOUT]


def set_timeout(seconds: float) -> None:
    """The limit every model call of this process gets when its caller names none."""
    _timeout[0] = float(seconds)


def current_timeout() -> float:
    """The limit ``set_timeout`` set (``DEFAULT_TIMEOUT`` until then)."""
    return _timeout[0]
