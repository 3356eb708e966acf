"""What the request log keeps of an answer besides its text: enough to tell later what it was given under.

``answer_meta`` is the ``meta`` of the agent turn ``mem ask``/``mem chat`` log (NEWUSER_REPORT20 #4): the
policy and know-how pages (and versions) and the facts the answer cited, the engine, the sentences its
citations quoted (``quotes``: number, memory, id, version, quote — the "Sources:" block the terminal
showed), and the service memory it was given under (``service``: ``bundle`` with its version and the
workspace commit it was built from, and whether it was stale; or ``workspace`` with its git commit).
``mem export`` carries it turn by turn. The request log seals each such line (``mem.customers.answer_chain``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from mem.agent.answer import Answer
    from mem.wiki.service_memory import ServiceMemory


def service_meta(service: ServiceMemory) -> JsonObject:
    """Where the answer's policy came from: source, version, commit, stale (one small record)."""
    status = service.status()
    commit_of = getattr(service, "commit", None)
    commit = commit_of() if callable(commit_of) else (status.version if status.source == "workspace" else None)
    record: JsonObject = {"source": status.source, "version": status.version, "commit": commit}
    if status.stale:
        record["stale"] = True
    return record


# a turn's meta is at most 16 KiB (log_files.validate_meta): the quoted sentences get at most this much of it
QUOTES_BUDGET = 8_000
MAX_QUOTE = 1_000


def answer_meta(answer: Answer, service: ServiceMemory) -> JsonObject:
    """The ``meta`` of a logged answer (see the module docstring). ``quotes`` holds the policy and
    know-how sentences the answer quoted (a fact's words are in the customer's store: ``fact_refs``),
    each cut at 1,000 characters and all of them at 8,000 (``"cut": true`` says one was)."""
    quotes: list[JsonObject] = []
    used = 0
    for c in answer.citations:
        if not c.block.quote or c.block.memory == "fact":
            continue
        quote = c.block.quote[:MAX_QUOTE]
        if used + len(quote) > QUOTES_BUDGET:
            break
        used += len(quote)
        entry: JsonObject = {"number": c.number, "memory": c.block.memory, "id": c.block.id,
                             "version": c.block.version, "quote": quote}
        if len(c.block.quote) > MAX_QUOTE:
            entry["cut"] = True
        quotes.append(entry)
    return {"policy_refs": answer.policy_refs, "knowhow_refs": answer.knowhow_refs, "fact_refs": answer.fact_refs,
            "engine": answer.engine, "quotes": quotes, "service": service_meta(service)}


def source_line(service: ServiceMemory, workspace_given: object | None) -> str | None:
    """One line for ``mem ask`` when ``--workspace`` was given but the home's verified bundle answered
    (the bundle comes first: docs/ask.md) — a replay against an old workspace commit must not pass
    silently for one (NEWUSER_REPORT20 #5). ``None`` when the workspace answered or none was given."""
    if workspace_given is None:
        return None
    status = service.status()
    if status.source != "bundle":
        return None
    record = service_meta(service)
    commit = f", commit {str(record['commit'])[:12]}" if record.get("commit") else ""
    return (f"policy from the verified bundle v{status.version}{commit} in the home, not from --workspace "
            f"{workspace_given}: a home with a bundle answers from it (docs/ask.md); add --from-workspace "
            "to answer from the workspace")
