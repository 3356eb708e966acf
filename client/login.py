"""The client's login: which server it talks to and its API token, in an owner-only file of the home."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from mem.core.errors import InvalidInput, NotFound
from mem.core.fsio import atomic_write_text

LOGIN_FILE = "server.json"


@dataclass(frozen=True)
class Login:
    url: str
    token: str | None = None
    bundles: str | None = None  # a static base URL for bundles (`mem bundle publish`), else the server


def login_path(home: Path) -> Path:
    return Path(home) / LOGIN_FILE


def check_url(url: str) -> str:
    """``url`` without trailing slash; ``InvalidInput`` unless it is an http(s) URL with a host and a valid port.

    Checked when it is stored (``mem login``) and when it is read from mem.toml: "http://[::1" or
    "http://127.0.0.1:99999" was stored and ended every later ``mem sync`` in an internal error.
    """
    url = url.strip().rstrip("/")
    if not url.startswith(("http://", "https://")) or len(url.split("://", 1)[1]) == 0:
        raise InvalidInput(f"server URL must start with http:// or https://: {url!r}")
    if not url.isprintable() or any(ch.isspace() for ch in url):
        raise InvalidInput(f"server URL must not contain spaces or control characters: {url!r}")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- read for its check: ValueError when the port is not a number 0-65535
    except ValueError as exc:
        raise InvalidInput(f"server URL is not a valid URL ({exc}): {url!r}") from exc
    if not parts.hostname:
        raise InvalidInput(f"server URL has no host: {url!r}")
    return url


def check_token(token: str | None) -> str | None:
    """``token`` unchanged; ``InvalidInput`` unless it is visible ASCII without spaces.

    It travels as an HTTP header (``Authorization: Bearer …``): a newline in it was stored by
    ``mem login`` and every later request failed as "cannot reach server", blaming the network.
    """
    if token is not None and (not token or not all("!" <= ch <= "~" for ch in token)):
        raise InvalidInput("the API token must be visible ASCII without spaces or line breaks "
                           "(copy it as `mem accounts add` printed it)")
    return token


def save_login(home: Path, *, url: str, token: str | None, bundles: str | None = None) -> Path:
    """Remember ``url``, ``token`` and where bundles come from for this home (mode 0600: the token is a secret)."""
    url = check_url(url)
    record = {"url": url, "token": check_token(token)}
    if bundles:
        record["bundles"] = check_url(bundles)
    path = login_path(home)
    atomic_write_text(path, json.dumps(record, indent=2) + "\n", mode=0o600)
    return path


def load_login(home: Path) -> Login | None:
    path = login_path(home)
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidInput(f"{path} is unreadable: {exc}; run `mem login` again") from exc
    if path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)  # someone loosened it; a token must stay owner-only
    try:  # a file written before these checks, or by hand
        url = check_url(str(data["url"])) if data.get("url") else ""
        token = check_token(data.get("token"))
    except InvalidInput as exc:
        raise InvalidInput(f"{path}: {exc.message}; run `mem login` again") from exc
    return Login(url=url, token=token, bundles=data.get("bundles") or None)


def resolve_server(home: Path, *, server: str | None = None, default: str | None = None) -> Login:
    """The server to talk to: ``server`` if given, else the login's, else ``default`` (config)."""
    login = load_login(home)
    if server:
        server = check_url(server)
        token = login.token if login and login.url == server else None
        return Login(url=server, token=token)
    if login and login.url:
        return login
    if default:
        return Login(url=check_url(default))
    raise NotFound("no server known: run `mem login --server URL --token TOKEN` or pass --server")
