"""Know-how approved under a policy version that has changed since: still cited, with a note and a warning.

A know-how page records in ``policy_refs`` the policy versions its customers' decisions were made under (what
``mem promote --approve`` was shown). When such a rule changes, those customers' own decisions are flagged for
a recheck, but the know-how built from them answered as current, with no note and ``warnings: []``
(NEWUSER_REPORT14 #4). It stays cited — a reviewer approved it, and a changed fee does not by itself undo
"waive the fee for unused items" — but the answer says which rule it was approved under and which is in force,
and ``warnings`` tells the operator to review it (``mem lint`` rule ``knowhow-policy-changed``).
"""

from __future__ import annotations

from collections.abc import Callable

from mem.agent.blocks import Block
from mem.core.errors import NotFound
from mem.core.json_types import JsonObject
from mem.wiki.service_memory import ServiceMemory


def note_older_policy(blocks: list[Block], service: ServiceMemory,
                      current_version: Callable[[str], int | None]) -> list[str]:
    """Mark each know-how block approved under an older policy version (``data["older_policy"]``: page,
    version, current) and return one warning per such block. ``current_version`` is the version of a
    policy page in force (``Retrieval.current_version``, cached), ``None`` when there is none."""
    warnings = []
    for block in blocks:
        if block.memory != "knowhow" or block.status == "deprecated":
            continue
        try:
            refs = service.get_page(block.id).meta.get("policy_refs") or []
        except NotFound:
            continue
        older: list[JsonObject] = []
        for ref in refs if isinstance(refs, list) else []:
            version = ref.get("version") if isinstance(ref, dict) else None
            if not isinstance(version, int) or isinstance(version, bool):
                continue
            current = current_version(str(ref.get("page")))
            if current is not None and current > version:
                older.append({"page": str(ref.get("page")), "version": version, "current": current})
        if older:
            block.data["older_policy"] = older
            warnings += [f"know-how page {block.id} v{block.version} was approved under {o['page']} v{o['version']}; "
                         f"the policy is now v{o['current']}: check that it still applies" for o in older]
    return warnings
