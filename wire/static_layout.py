"""The static bundle layout (``mem-static/1``): what ``mem bundle publish DIR`` writes and clients read.

Under a base folder or URL::

    files/<sha256>                     each bundle file, named by the SHA-256 of its bytes (immutable)
    bundles/<version>/transitions.json the key-transition chain of that version
    bundles/<version>/manifest.json    the exact signed manifest bytes
    bundles/<version>/manifest.sig     its 64-byte Ed25519 signature
    keys/public.pem                    the current public key (first-use trust)
    latest.json                        {"format": "mem-static/1", "version": N} — the only mutable file
"""

from __future__ import annotations

import re

FORMAT = "mem-static/1"
LATEST = "latest.json"
KEY_PATH = "keys/public.pem"
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def version_folder(version: int) -> str:
    return f"bundles/{int(version):08d}"


def file_path(sha256: str) -> str:
    """Where a file with this SHA-256 lives; ``ValueError`` for anything but 64 lower-case hex digits."""
    if not isinstance(sha256, str) or not _SHA256.match(sha256):
        raise ValueError(f"not a SHA-256: {sha256!r}")
    return f"files/{sha256}"
