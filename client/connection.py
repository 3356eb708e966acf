"""``ServerClient``: the client side of every call to ``mem serve`` (sync, evidence, share, backup).

httpx is the transport; every failure leaves as a ``mem.core.errors`` class: the server could not
be reached or answered garbage → ``NetworkError``; a JSON error from the server → the class its
``kind`` names (``Refused`` for 401/403, ``VerificationError``, ``NotFound``…).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.client.login import resolve_server
from mem.core.errors import Conflict, InvalidInput, MemError, NetworkError, NotFound, Refused, VerificationError
from mem.wire.errors import ERROR_OF_KIND

if TYPE_CHECKING:
    import httpx

    from mem.core.config import Config

DEFAULT_TIMEOUT_S = 15.0


class ServerClient:
    """One server, one optional API token. Use as a context manager or call ``close()``."""

    def __init__(self, url: str, *, token: str | None = None, timeout: float = DEFAULT_TIMEOUT_S,
                 transport: httpx.BaseTransport | None = None) -> None:
        import httpx

        self.url = url.rstrip("/")
        self.token = token
        headers = {"User-Agent": "mem-client"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self._http = httpx.Client(base_url=self.url, headers=headers, timeout=timeout, transport=transport,
                                  follow_redirects=False)

    @classmethod
    def for_home(cls, home: Path, *, config: Config | None = None, server: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT_S) -> ServerClient:
        """The client of this home's login (``mem login``), or of ``server`` / ``config.server.url``."""
        default = config.server.url if config is not None else None
        login = resolve_server(home, server=server, default=default)
        return cls(login.url, token=login.token, timeout=timeout)

    def __enter__(self) -> ServerClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    # Any: ``json`` is a request body of whatever shape the endpoint takes (built against mem.wire).
    def request(self, method: str, path: str, *, json: Any = None, content: bytes | None = None,
                headers: dict[str, str] | None = None, params: dict[str, str] | None = None) -> httpx.Response:
        """Send one request; a non-2xx answer is raised as the matching ``MemError``."""
        import httpx

        try:
            response = self._http.request(method, path, json=json, content=content, headers=headers, params=params)
        except httpx.TimeoutException as exc:
            raise NetworkError(f"server {self.url} did not answer in time ({type(exc).__name__})") from exc
        except httpx.HTTPError as exc:
            raise NetworkError(f"cannot reach server {self.url}: {exc or type(exc).__name__}") from exc
        if response.is_success:
            return response
        raise _error_of(response, self.url)

    # Any: a JSON body as parsed; its shape is the endpoint's, checked by the caller.
    def get_json(self, path: str, *, params: dict[str, str] | None = None) -> Any:
        return _json_of(self.request("GET", path, params=params), self.url)

    def get_bytes(self, path: str) -> tuple[bytes, dict[str, str]]:
        """Body and headers of ``GET path``."""
        response = self.request("GET", path)
        return response.content, dict(response.headers)

    # Any: a JSON body as parsed; its shape is the endpoint's, checked by the caller against mem.wire.
    def post_json(self, path: str, data: Any) -> Any:
        return _json_of(self.request("POST", path, json=data), self.url)

    # Any: the JSON answer as parsed (None for an empty one), checked by the caller.
    def put_bytes(self, path: str, data: bytes, *, content_type: str = "application/octet-stream") -> Any:
        return _json_of(self.request("PUT", path, content=data, headers={"Content-Type": content_type}), self.url)

    # Any: as put_bytes.
    def delete(self, path: str) -> Any:
        return _json_of(self.request("DELETE", path), self.url)


def _json_of(response: httpx.Response, url: str) -> Any:
    if not response.content:
        return None
    try:
        return response.json()
    except ValueError as exc:
        path = response.request.url.path
        raise NetworkError(f"server {url} answered {path} with something that is not JSON") from exc


_ERROR_OF_STATUS: dict[int, type[MemError]] = {400: InvalidInput, 401: Refused, 403: Refused, 404: NotFound,
                                               409: Conflict, 413: Refused, 422: VerificationError}


def _error_of(response: httpx.Response, url: str) -> MemError:
    try:
        error = response.json().get("error") or {}
        kind, message = str(error.get("kind", "")), str(error.get("message", ""))
    except (ValueError, AttributeError):
        kind, message = "", ""
    if not message:
        return NetworkError(f"server {url} answered HTTP {response.status_code} to {response.request.url.path}")
    cls = ERROR_OF_KIND.get(kind) or _ERROR_OF_STATUS.get(response.status_code)
    if cls is None:
        return NetworkError(f"server {url} answered HTTP {response.status_code}: {message}")
    if response.status_code in (401, 403, 413):
        return cls(f"server refused: {message}")
    return cls(f"server: {message}")
