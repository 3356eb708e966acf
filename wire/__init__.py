"""The wire between a customer's device (``mem.client``) and ``mem serve`` (``mem.server``).

Both sides import the formats from here, so they cannot drift apart:

- ``manifest``: the signed bundle manifest and the bundle's folder layout;
- ``static_layout``: the files ``mem bundle publish DIR`` writes for static hosting and clients read;
- ``signing``: Ed25519 keys, ids, signatures (the server signs, the client verifies);
- ``errors``: how a ``MemError`` travels as ``{"error": {"kind", "message"}}``;
- ``evidence``: the body of ``POST /v1/evidence`` (agreement evidence sentences);
- ``share``: the body of ``POST /v1/share`` (anonymised decision facts).

This package imports only ``mem.core``.
"""
