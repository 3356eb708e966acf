"""The name for JSON-shaped data that is rendered or stored whole, not read field by field across packages.

Shapes that one package hands another and the other reads field by field have their own
``TypedDict`` beside the format they belong to (the bundle manifest and the request records in
``mem.wire``, the server store's rows in ``mem.server.store_rows``, the client's files in
``mem.client``); docs/architecture.md lists them. ``JsonObject`` is for the rest: what a ``to_dict``
hands ``--json`` output, an operator command's summary, a model's options.
"""

from __future__ import annotations

from typing import Any

# Any: a JSON object's values are any JSON value (text, number, bool, null, list, object); such an
# object is printed or stored as a whole, and code that reads one of its fields knows or checks it.
JsonObject = dict[str, Any]
