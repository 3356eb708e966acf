"""The client's login: which server it talks to and its API token, in an owner-only file of the home."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from mem.core.config import check_home
from mem.core.errors import InvalidInput, NotFound
from mem.core.fsio import atomic_write_text

LOGIN_FILE = "server.json"
# How many earlier tokens' backup slot keys a login keeps (newest first): enough for years of rotations.
PREVIOUS_KEYS = 8
_KEY_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Login:
    url: str
    token: str | None = None
    bundles: str | None = None  # a static base URL for bundles (`mem bundle publish`), else the server
    # Backup slot keys of tokens this login had before (hex, newest first; never the tokens): backups
    # made before ``mem accounts rotate`` stay findable (docs/backup.md, "Slot").
    previous_slot_keys: tuple[str, ...] = ()


def slot_key_of(token: str) -> bytes:
    """The key of an account's backup slot names, derived from its API token: every device logged in
    to the account finds the same slot, and the server (which stores only a hash of the token)
    cannot compute slot names from guessed customer ids."""
    return hmac.new(token.encode("utf-8"), b"mem-backup-slot-key", hashlib.sha256).digest()


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


def save_login(home: Path, *, url: str, token: str | None, bundles: str | None = None,
               previous_tokens: tuple[str, ...] = ()) -> Path:
    """Remember ``url``, ``token`` and where bundles come from for this home (mode 0600: the token is a secret).

    A new token for the same server keeps the backup slot key of the one it replaces (and of each of
    ``previous_tokens``, for a new device whose owner kept the old token), so ``mem restore`` still
    finds backups made before the account's token was rotated. Only the derived keys are kept.
    """
    url = check_url(url)
    token = check_token(token)
    previous = [slot_key_of(check_token(t) or "").hex() for t in previous_tokens]
    try:
        before = load_login(home)
    except InvalidInput:
        before = None  # an unreadable login is being replaced; its keys are lost with it
    if before is not None and before.url == url:
        if before.token and before.token != token:
            previous.append(slot_key_of(before.token).hex())
        previous.extend(before.previous_slot_keys)
    current = slot_key_of(token).hex() if token else None
    keys = [k for i, k in enumerate(previous) if k != current and k not in previous[:i]][:PREVIOUS_KEYS]
    record: dict[str, object] = {"url": url, "token": token}
    if bundles:
        record["bundles"] = check_url(bundles)
    if keys:
        record["previous_slot_keys"] = keys
    path = login_path(home)
    check_home(home)  # never under a HOME that is not there (NEWUSER_REPORT16 #5)
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
        keys = data.get("previous_slot_keys") or []
        if not isinstance(keys, list) or not all(isinstance(k, str) and _KEY_HEX.fullmatch(k) for k in keys):
            raise InvalidInput("previous_slot_keys is not a list of 64 hex digits each")
    except InvalidInput as exc:
        raise InvalidInput(f"{path}: {exc.message}; run `mem login` again") from exc
    return Login(url=url, token=token, bundles=data.get("bundles") or None, previous_slot_keys=tuple(keys))


def resolve_server(home: Path, *, server: str | None = None, default: str | None = None) -> Login:
    """The server to talk to: ``server`` if given, else the login's, else ``default`` (config)."""
    login = load_login(home)
    if server:
        server = check_url(server)
        if login and login.url == server:
            return Login(url=server, token=login.token, previous_slot_keys=login.previous_slot_keys)
        return Login(url=server)
    if login and login.url:
        return login
    if default:
        return Login(url=check_url(default))
    raise NotFound("no server known: run `mem login --server URL --token TOKEN` or pass --server")
