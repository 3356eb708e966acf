"""Bundles from static hosting: ``mem sync`` reading what ``mem bundle publish DIR`` wrote, from any base URL.

``StaticBundleClient`` answers the bundle calls ``mem sync`` makes of ``mem serve`` — the latest
version, the manifest, its signature, the key transitions, each file, the public key — by reading
the static layout (``mem.wire.static_layout``) under a base URL a web server, object store or CDN
serves. Files are fetched by the SHA-256 the manifest names for them, so the client asks only for
bytes the signed manifest vouches for. Verification is not done here but in ``mem sync``, exactly as
for ``mem serve``: the signature, the version, the expiry and each file's length and hash.
The install is ``mem sync``'s too (the install lock, staging, the ``COMPLETE`` marker), and every
answer is read with the cap ``mem sync`` asks for (``ServerClient.get_bytes``'s ``max_bytes``).

It never sends the account's API token: static hosting needs none, and a CDN must not see it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mem.client.connection import DEFAULT_TIMEOUT_S, JSON_BYTES, ServerClient
from mem.client.login import check_url
from mem.core.errors import NetworkError, NotFound
from mem.wire.static_layout import FORMAT, KEY_PATH, LATEST, file_path, version_folder

_BUNDLE = re.compile(r"^/v1/bundle/(\d+)/(manifest\.json|manifest\.sig|transitions\.json)$")
_FILE = re.compile(r"^/v1/bundle/(\d+)/files/(.+)$")


class StaticBundleClient(ServerClient):
    """The bundle half of ``ServerClient`` on a static base URL (no token, no account)."""

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT_S) -> None:
        super().__init__(check_url(url), token=None, timeout=timeout)
        self._hashes: dict[int, dict[str, str]] = {}  # version → bundle path → sha256, from its manifest

    # Any: the pointer as parsed; its shape is checked here, the version by mem sync.
    def get_json(self, path: str, *, params: dict[str, str] | None = None, max_bytes: int = JSON_BYTES) -> Any:
        if path != "/v1/bundle/latest":
            raise NotFound(f"static bundle hosting at {self.url} serves bundles only, not {path}")
        # ``params`` are dropped: a static host answers a file, whatever the query string.
        latest = super().get_json(f"/{LATEST}", max_bytes=max_bytes)
        if not isinstance(latest, dict) or latest.get("format") != FORMAT:
            raise NetworkError(f"{self.url}/{LATEST} is not a {FORMAT} pointer "
                               "(is this a `mem bundle publish` folder?)")
        return {"version": latest.get("version")}

    def get_bytes(self, path: str, *, max_bytes: int, what: str) -> tuple[bytes, dict[str, str]]:
        # The cap mem sync asks for passes through unchanged: the same bounded reads as from mem serve
        # (a signature 1 KiB, a manifest 64 MiB, each file its length in the signed manifest).
        found = _BUNDLE.match(path)
        if found:
            version, name = int(found.group(1)), found.group(2)
            data, headers = super().get_bytes(f"/{version_folder(version)}/{name}", max_bytes=max_bytes, what=what)
            if name == "manifest.json":
                self._remember(version, data)
            return data, headers
        found = _FILE.match(path)
        if found:
            version, bundle_path = int(found.group(1)), found.group(2)
            digest = self._hashes.get(version, {}).get(bundle_path)
            if digest is None:
                raise NotFound(f"bundle {version} lists no file {bundle_path!r}")
            return super().get_bytes(f"/{file_path(digest)}", max_bytes=max_bytes, what=what)
        if path == "/v1/keys/public.pem":
            return super().get_bytes(f"/{KEY_PATH}", max_bytes=max_bytes, what=what)
        raise NotFound(f"static bundle hosting at {self.url} has nothing at {path}")

    def _remember(self, version: int, manifest_bytes: bytes) -> None:
        # Only to find each file's content-addressed name; mem sync parses and verifies the manifest itself
        # (a malformed one is refused there, and then no file is asked for).
        try:
            files = json.loads(manifest_bytes)["files"]
            self._hashes[version] = {str(f["path"]): str(f["sha256"]) for f in files}
        except (ValueError, KeyError, TypeError):
            self._hashes[version] = {}
