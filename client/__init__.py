"""The customer's device side of the wire to ``mem serve``.

Login and key trust (``login``, ``trust``), bundle sync and the installed bundle (``sync``,
``installed_bundle``, ``bundle_memory``: the ``ServiceMemory`` the agent reads after ``mem sync``;
``service_source`` picks it or the workspace), agreement evidence push (``evidence_push``), share
upload (``share_upload``), the backup vault client (``vault_client``), the learning senders over one
connection (``senders``) and the HTTP connection itself (``connection``). It may import
``customers``, ``wiki``, ``knowhow`` (the anonymiser), ``core`` and the wire formats (``mem.wire``);
never ``server`` or ``agent``.

The public names below are imported lazily (module ``__getattr__``), so ``import mem.client`` stays
light: httpx and cryptography load only when a name that needs them is used.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "ServerClient": "mem.client.connection",
    "save_login": "mem.client.login",
    "load_login": "mem.client.login",
    "login_client": "mem.client.trust",
    "sync": "mem.client.sync",
    "BundleServiceMemory": "mem.client.bundle_memory",
    "client_config": "mem.client.bundle_memory",
    "client_status": "mem.client.bundle_memory",
    "open_service_memory": "mem.client.service_source",
    "push_evidence": "mem.client.evidence_push",
    "ServerEvidenceSender": "mem.client.evidence_push",
    "share_customer": "mem.client.share_upload",
    "ServerDecisionSharer": "mem.client.share_upload",
    "ServerSenders": "mem.client.senders",
    "VaultClient": "mem.client.vault_client",
    "backup_to_server": "mem.client.vault_client",
    "restore_from_server": "mem.client.vault_client",
}

__all__ = sorted(_EXPORTS)


# Any: a lazily imported export, whichever of the names in _EXPORTS (typed where it is defined).
def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'mem.client' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
