"""How an error crosses the wire: ``{"error": {"kind": ..., "message": ...}}`` with a status code.

``kind`` names the ``mem.core.errors`` class, so the server answers with the class a route raised
and the client (``mem.client.connection``) raises the same class again.
"""

from __future__ import annotations

from mem.core import errors

# MemError class → (HTTP status, kind). The kind is what the client maps back.
STATUS_OF: dict[type[errors.MemError], tuple[int, str]] = {
    errors.InvalidInput: (400, "invalid_input"),
    errors.NotFound: (404, "not_found"),
    errors.VerificationError: (422, "verification"),
    errors.QuotaExceeded: (507, "quota"),  # or 413 / 429: the error carries its own status
    errors.Refused: (403, "refused"),
    errors.Conflict: (409, "conflict"),
    errors.StorageError: (500, "storage"),
    errors.LockTimeout: (503, "lock_timeout"),
    errors.ModelError: (502, "model"),
    errors.NetworkError: (502, "network"),
}

ERROR_OF_KIND: dict[str, type[errors.MemError]] = {kind: cls for cls, (_, kind) in STATUS_OF.items()}
