"""``ServerClient``: the client side of every call to ``mem serve`` (sync, evidence, share, backup).

httpx is the transport; every failure leaves as a ``mem.core.errors`` class: the server could not
be reached or answered garbage → ``NetworkError``; a JSON error from the server → the class its
``kind`` names (``Refused`` for 401/403, ``VerificationError``, ``NotFound``…).

Every answer is read as a stream with a cap fitting what it is (``max_bytes``: a JSON reply, a
signature, a manifest, one bundle file of known length, a backup); past the cap — by its declared
``Content-Length`` or while it streams — the read stops and ``ResponseTooLarge`` says so in one
line, so a hostile server cannot make the client hold more than the cap in memory.
"""

from __future__ import annotations

import json as jsonlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.client.login import resolve_server
from mem.core.errors import Conflict, InvalidInput, MemError, NetworkError, NotFound, Refused, VerificationError
from mem.wire.errors import ERROR_OF_KIND

if TYPE_CHECKING:
    import httpx

    from mem.core.config import Config

DEFAULT_TIMEOUT_S = 15.0

# Caps on what one answer may hold, by what it is. A bundle file's cap is its length in the manifest.
JSON_BYTES = 1024 * 1024            # any JSON reply (latest version, vault records, receipts)
ERROR_BYTES = 64 * 1024             # the JSON body of an error answer
SIGNATURE_BYTES = 1024              # an Ed25519 signature is 64 bytes
PUBLIC_KEY_BYTES = 16 * 1024        # a PEM public key
MANIFEST_BYTES = 64 * 1024 * 1024   # ~150 bytes per file: hundreds of thousands of pages
TRANSITIONS_BYTES = 1024 * 1024     # a few hundred bytes per key rotation
BACKUP_BYTES = 256 * 1024 * 1024    # the largest backup the vault stores (server.vault.MAX_BLOB_BYTES)


class ResponseTooLarge(NetworkError):
    """The server sent more than an answer of this kind may hold; nothing past the cap was read."""


@dataclass(frozen=True)
class Answer:
    """One answer, read whole within its cap."""

    status_code: int
    headers: dict[str, str]
    content: bytes
    path: str

    # Any: the body as parsed JSON; its shape is the endpoint's, checked by whoever reads it.
    def json(self) -> Any:
        return jsonlib.loads(self.content)


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
                headers: dict[str, str] | None = None, params: dict[str, str] | None = None,
                max_bytes: int = JSON_BYTES, what: str = "a JSON reply") -> Answer:
        """Send one request and read its answer within ``max_bytes`` (``what`` names it in the error);
        a non-2xx answer is raised as the matching ``MemError``."""
        import httpx

        try:
            with self._http.stream(method, path, json=json, content=content, headers=headers,
                                   params=params) as response:
                ok = response.is_success
                body = self._read(response, path, max_bytes if ok else ERROR_BYTES,
                                  what if ok else "an error answer")
                answer = Answer(response.status_code, dict(response.headers), body, path)
        except httpx.TimeoutException as exc:
            raise NetworkError(f"server {self.url} did not answer in time ({type(exc).__name__})") from exc
        except httpx.HTTPError as exc:
            raise NetworkError(f"cannot reach server {self.url}: {exc or type(exc).__name__}") from exc
        if ok:
            return answer
        raise _error_of(answer, self.url)

    def _read(self, response: httpx.Response, path: str, max_bytes: int, what: str) -> bytes:
        def too_large() -> ResponseTooLarge:
            return ResponseTooLarge(f"server {self.url} answered {path} with more than {max_bytes} bytes, "
                                    f"too much for {what}; refused")

        declared = response.headers.get("content-length", "")
        if declared.isascii() and declared.isdigit() and int(declared) > max_bytes:
            raise too_large()
        chunks, seen = [], 0
        for chunk in response.iter_bytes():
            seen += len(chunk)
            if seen > max_bytes:
                raise too_large()
            chunks.append(chunk)
        return b"".join(chunks)

    # Any: a JSON body as parsed; its shape is the endpoint's, checked by the caller.
    def get_json(self, path: str, *, params: dict[str, str] | None = None, max_bytes: int = JSON_BYTES) -> Any:
        return _json_of(self.request("GET", path, params=params, max_bytes=max_bytes), self.url)

    def get_bytes(self, path: str, *, max_bytes: int, what: str) -> tuple[bytes, dict[str, str]]:
        """Body and headers of ``GET path``, at most ``max_bytes`` of it (``what`` it is, for the error)."""
        answer = self.request("GET", path, max_bytes=max_bytes, what=what)
        return answer.content, answer.headers

    # Any: a JSON body as parsed; its shape is the endpoint's, checked by the caller against mem.wire.
    def post_json(self, path: str, data: Any) -> Any:
        return _json_of(self.request("POST", path, json=data), self.url)

    # Any: the JSON answer as parsed (None for an empty one), checked by the caller.
    def put_bytes(self, path: str, data: bytes, *, content_type: str = "application/octet-stream") -> Any:
        return _json_of(self.request("PUT", path, content=data, headers={"Content-Type": content_type}), self.url)

    # Any: as put_bytes.
    def delete(self, path: str) -> Any:
        return _json_of(self.request("DELETE", path), self.url)


def _json_of(response: Answer, url: str) -> Any:
    if not response.content:
        return None
    try:
        return response.json()
    except (ValueError, UnicodeDecodeError) as exc:
        raise NetworkError(f"server {url} answered {response.path} with something that is not JSON") from exc


_ERROR_OF_STATUS: dict[int, type[MemError]] = {400: InvalidInput, 401: Refused, 403: Refused, 404: NotFound,
                                               409: Conflict, 413: Refused, 422: VerificationError}


def _error_of(response: Answer, url: str) -> MemError:
    try:
        error = response.json().get("error") or {}
        kind, message = str(error.get("kind", "")), str(error.get("message", ""))
    except (ValueError, AttributeError, UnicodeDecodeError):
        kind, message = "", ""
    message = " ".join(message.split())[:500]  # one line, whatever the server put there
    if not message:
        return NetworkError(f"server {url} answered HTTP {response.status_code} to {response.path}")
    cls = ERROR_OF_KIND.get(kind) or _ERROR_OF_STATUS.get(response.status_code)
    if cls is None:
        return NetworkError(f"server {url} answered HTTP {response.status_code}: {message}")
    if response.status_code in (401, 403, 413):
        return cls(f"server refused: {message}")
    return cls(f"server: {message}")
