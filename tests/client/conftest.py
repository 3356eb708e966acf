"""Fixtures for the client tests: the server tests' signed workspace (the client syncs from it)."""

from __future__ import annotations

from ..server.conftest import workspace, write_page  # noqa: F401 - fixtures and helper shared with server tests
