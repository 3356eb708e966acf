"""Fixtures for the server tests: a workspace with a signing key and two policy pages."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest


def write_page(workspace: Path, page_id: str, version: int, body: str = "Refunds within 14 days of purchase.",
               *, type: str = "policy", commit: bool = True, **meta) -> Path:
    """Write a page file directly and commit it (bundles ship only what is committed at HEAD)."""
    from mem.wiki.page import Page, render_page

    fields = {"status": "active", "effective": "2026-01-01"} if type == "policy" else {"status": "active"}
    fields.update(meta)
    page = Page(id=page_id, type=type, title=page_id.replace("-", " ").title(), version=version, meta=fields,
                body=body + "\n")
    folder = workspace / ("policies" if type == "policy" else "knowhow")
    path = folder / f"{page_id}.md"
    path.write_text(render_page(page), encoding="utf-8")
    if commit:
        from mem.wiki import gitrepo

        gitrepo.commit(workspace, [path.relative_to(workspace).as_posix()], f"test: {page_id} v{version}")
    return path


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    from mem.server.keys import init_keys
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    init_keys(ws)
    write_page(ws, "refunds", 3, "Refunds within 30 days of purchase.")
    write_page(ws, "shipping", 1, "We ship within 2 business days.")
    return ws


# --- PostgreSQL -------------------------------------------------------------------------------
# .ci/run starts a throw-away cluster (scripts/pg_cluster.py) and exports its URL. Read here, at
# import, because the autouse fixture clears every MEM_* variable before each test.
TEST_DATABASE_URL = os.environ.get("MEM_TEST_DATABASE_URL", "")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def pg_database() -> str:
    """A database of its own for this test session (several engineers share one cluster), dropped after."""
    if not TEST_DATABASE_URL:
        reason = "no PostgreSQL: set MEM_TEST_DATABASE_URL (`python scripts/pg_cluster.py start DIR` prints one)"
        if IN_CI:
            pytest.fail(f"CI must test PostgreSQL: {reason}")
        print(f"\nskipping PostgreSQL tests: {reason}")
        pytest.skip(reason)
    import psycopg

    name = f"mem_t_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(TEST_DATABASE_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(TEST_DATABASE_URL)
    yield urlunsplit(parts._replace(path=f"/{name}"))
    from mem.server.database import close_pools

    close_pools()
    with psycopg.connect(TEST_DATABASE_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_url(pg_database: str) -> str:
    """A fresh, empty schema in the session's database, as a URL whose search_path points at it."""
    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(pg_database, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = f"{pg_database}?options=-csearch_path%3D{schema}"
    yield url
    from mem.server.database import close_pool

    close_pool(url)
    with psycopg.connect(pg_database, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def migrated_pg_url(pg_url: str) -> str:
    from mem.server.migrations import MIGRATIONS, migrate

    migrate(pg_url, list(MIGRATIONS))
    return pg_url
