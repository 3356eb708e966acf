"""PostgreSQL for the server side: one connection pool per database per process, errors made ``MemError``.

The server store, the key service and the blob store each take a database URL from the settings
(``server.database``, ``backup.keyservice_database``, ``backup.blobstore_database``); an empty URL
keeps the embedded SQLite default. Each process (each uvicorn worker) opens its own pools lazily on
first use, so the workers share nothing but the database — which is where every guarantee lives.

psycopg is imported here only, inside functions: ``mem --help`` and SQLite-only servers never load it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from mem.core.errors import InvalidInput, StorageError

if TYPE_CHECKING:
    import psycopg
    import psycopg_pool

SCHEMES = ("postgresql://", "postgres://")
CONNECT_TIMEOUT = 10.0  # seconds to wait for a first connection before "cannot reach"
CHECKOUT_TIMEOUT = 30.0  # seconds a request waits for a free pooled connection

_pools: dict[str, psycopg_pool.ConnectionPool] = {}
_lock = threading.Lock()


def is_postgres(url: str | None) -> bool:
    return bool(url) and str(url).startswith(SCHEMES)


def check_url(url: str, *, setting: str) -> str:
    """``url`` when it is a PostgreSQL URL; ``InvalidInput`` naming the setting otherwise."""
    if not is_postgres(url):
        raise InvalidInput(f"{setting} must be a postgresql:// URL or empty (SQLite), got {redact(url)!r}")
    return url


def redact(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparsable database URL>"
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def pool(url: str, *, size: int = 8) -> psycopg_pool.ConnectionPool:
    """The process-wide pool for ``url``, opened (and its database reached) on first use."""
    with _lock:
        found = _pools.get(url)
        if found is not None:
            return found
        import psycopg
        import psycopg_pool

        try:  # one direct try first: a wrong host or port fails at once, not after the pool's retries
            psycopg.connect(url, connect_timeout=int(CONNECT_TIMEOUT)).close()
        except psycopg.Error as exc:
            raise StorageError(f"cannot reach database {redact(url)}: {_reason(exc)}") from exc
        # check: a connection the database ended while it sat in the pool (a restart, a failover, an idle
        # timeout) is found by one empty query when it is handed out and replaced by a fresh one; without
        # it each such connection failed one request with "terminating connection due to administrator command"
        created = psycopg_pool.ConnectionPool(url, min_size=1, max_size=max(1, size), open=False,
                                              timeout=CHECKOUT_TIMEOUT, name="mem",
                                              check=psycopg_pool.ConnectionPool.check_connection,
                                              kwargs={"connect_timeout": int(CONNECT_TIMEOUT)})
        try:
            created.open(wait=True, timeout=CONNECT_TIMEOUT)
        except Exception as exc:
            created.close()
            raise StorageError(f"cannot reach database {redact(url)}: {_reason(exc)}") from exc
        _pools[url] = created
        return created


def close_pools() -> None:
    """Close every pool of this process (tests, and a server shutting down)."""
    with _lock:
        for opened in _pools.values():
            opened.close()
        _pools.clear()


def close_pool(url: str) -> None:
    with _lock:
        opened = _pools.pop(url, None)
    if opened is not None:
        opened.close()


# Any: psycopg's row type parameter; each caller picks its row factory (tuples or dict_row) per cursor.
@contextmanager
def transaction(url: str, *, size: int = 8, what: str = "server storage") -> Iterator[psycopg.Connection[Any]]:
    """One pooled connection in one transaction: committed when the block ends, rolled back on error.

    Database errors other than the ones a caller catches inside the block become ``StorageError``.
    """
    import psycopg

    try:
        with pool(url, size=size).connection() as conn:
            yield conn
    except psycopg.Error as exc:
        raise StorageError(f"{what}: {_reason(exc)}") from exc
    except _pool_timeout() as exc:
        raise StorageError(f"{what}: no database connection free for {CHECKOUT_TIMEOUT:.0f} s") from exc


def ping(url: str, *, size: int = 8) -> None:
    """Raise ``StorageError`` unless the database answers a trivial query."""
    with transaction(url, size=size, what=f"database {redact(url)}") as conn:
        conn.execute("SELECT 1")


def _pool_timeout() -> type[Exception]:
    import psycopg_pool

    return psycopg_pool.PoolTimeout


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
