"""`mem serve` and the operator commands: signed bundles, backup vault, evidence store, intake of shared decisions.

What runs on a customer's device (login, sync, the installed bundle, evidence push, share upload,
vault client) is ``mem.client``; the formats both sides speak are ``mem.wire``. Nothing here imports
customer memory, the agent or the client package (tests/test_layering.py).

The public names below are imported lazily (module ``__getattr__``), so ``import mem.server`` stays
light: starlette, uvicorn, httpx and cryptography load only when a name that needs them is used.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "create_app": "mem.server.app",
    "ROUTE_MODULES": "mem.server.app",
    "ServerContext": "mem.server.app",
    "account_of": "mem.server.http",
    "ApiError": "mem.server.http",
    "read_json": "mem.server.http",
    "add_account": "mem.server.accounts",
    "ServerStore": "mem.server.storage",
    "SqliteServerStore": "mem.server.storage",
    "open_store": "mem.server.storage",
    "serve": "mem.server.serve",
    "init_keys": "mem.server.keys",
    "rotate_keys": "mem.server.keys",
    "key_info": "mem.server.keys",
    "build_bundle": "mem.server.bundle",
    "list_evidence": "mem.server.evidence_store",
    "show_evidence": "mem.server.evidence_store",
    "list_candidates": "mem.server.intake",
    "approve_candidate": "mem.server.intake",
    "reject_candidate": "mem.server.intake",
}

__all__ = sorted(_EXPORTS)


# Any: a lazily imported export, whichever of the names in _EXPORTS (typed where it is defined).
def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'mem.server' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
