"""``mem demo``: the reference scenario of docs/design.md, built with the real library calls, then one question.

In a fresh folder it creates a workspace (``mem init``), ingests refund policy v1…v4 from documents
(``mem ingest``: v4 bumps the page to version 4), writes the service context, imports and extracts
past conversations of customers B, C and D (``mem log import`` + ``mem extract``), runs movement 4
for real (B, C and D consent, ``mem share`` anonymises their decision facts and the server's intake
route receives them in this process, detection proposes, the operator approves with ``mem promote``),
imports and extracts customer A, flags the facts linked to the old policy version the way ``mem sync``
does, and asks customer A's question. Each step is reported through ``on_step`` as it finishes. The clock is fixed
for every step, so two runs print the same thing apart from the folder, commit and fact ids and the marker.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict
from mem.core.json_types import JsonObject
from mem.core.wording import plural

DATA = Path(__file__).resolve().parent / "data"
CUSTOMER_A = "cust-a"
OTHERS = ("cust-b", "cust-c", "cust-d")
SHARING = OTHERS  # customers who consent to sharing anonymised decisions (A does not)
APPROVER = "ops-lead"
# The operator words the rule the shared evidence supports (the candidate's "when" is one customer's words).
KNOWHOW_WHEN = "a refund is requested more than 14 days after purchase by an Enterprise customer"
KNOWHOW_THEN = "negotiate a partial refund instead of refusing outright"
SESSION = "a3"
QUESTION = ("Like last time, can I get a partial refund for a purchase 18 days ago? "
            "We have an annual contract, so could you make an exception again?")
POLICY_ID = "refund-policy"


@dataclass
class DemoStep:
    title: str
    command: str | None = None
    lines: list[str] = field(default_factory=list)
    answer: Any = None  # the Answer, on the step that asks

    def to_dict(self) -> JsonObject:
        return {"title": self.title, "command": self.command, "lines": self.lines}


@dataclass
class DemoResult:
    folder: Path
    workspace: Path
    home: Path
    steps: list[DemoStep]
    answer: Any
    learning: Any

    def to_dict(self) -> JsonObject:
        return {"folder": str(self.folder), "workspace": str(self.workspace), "home": str(self.home),
                "steps": [s.to_dict() for s in self.steps], "answer": self.answer.to_dict(),
                "learning": self.learning.to_dict()}


def run_demo(folder: Path | None = None, *, on_step: Callable[[DemoStep], None] | None = None) -> DemoResult:
    """Build the scenario in ``folder`` (a new temporary folder when ``None``; must be empty) and ask."""
    folder = _prepare(folder)
    workspace, home = folder / "workspace", folder / "home"
    steps: list[DemoStep] = []
    frozen = getattr(clock, "_frozen", None)

    def report(step: DemoStep) -> None:
        steps.append(step)
        if on_step is not None:
            on_step(step)

    try:
        at("2026-01-05T09:00:00")
        from mem.server.accounts import add_account
        from mem.wiki.workspace import init_workspace

        init_workspace(workspace)
        # The reference scenario is the lexical engine's: ingest with the semantic layer (docs/ask.md) would
        # spend seconds embedding. Its refund question reaches cosine 0.857 against "Refunds are accepted
        # within 14 days of purchase.", under the 0.88 threshold, but the lexical choice answers on that page,
        # so the layer's "fuse" mode quotes the same rule.
        config = Config.load(workspace=workspace, home=home, env={}).overlay({"ask": {"semantic": "off"}},
                                                                              origin="mem demo")
        report(DemoStep("A workspace for the service's memory (a git repository)", f"mem init {workspace}",
                        ["mem.toml, context.md, policies/, knowhow/, sources/, index.md, log.md; one commit"]))
        lines = [_ingest(workspace, config, f"refund-policy-v{n}.md", when)
                 for n, when in ((1, "2026-01-05"), (2, "2026-02-02"), (3, "2026-03-02"))]
        report(DemoStep("Policy from official documents (movement 1)", "mem ingest refund-policy-v1.md … v3.md "
                        f"--id {POLICY_ID} --title 'Refund policy'", lines))
        report(_service_context(workspace))
        report(_others(home, config))
        token = add_account(workspace, "support-client")  # `mem accounts add support-client` on the server
        report(_knowhow(workspace, home, config, token))
        report(_customer_a(home, config))
        report(DemoStep("The refund policy changes: v4 is published", "mem ingest refund-policy-v4.md "
                        f"--id {POLICY_ID}", [_ingest(workspace, config, "refund-policy-v4.md", "2026-10-01")]))
        report(_recheck(home))
        at("2026-10-16T10:00:00")
        answer, learning, step = _ask(workspace, home, config, token)
        report(step)
        report(_learnt(learning, home))
        report(_evidence(workspace, home, config, token))
        return DemoResult(folder=folder, workspace=workspace, home=home, steps=steps, answer=answer,
                          learning=learning)
    finally:
        clock.freeze(frozen)


def at(moment: str) -> None:
    clock.freeze(datetime.fromisoformat(moment))


def _prepare(folder: Path | None) -> Path:
    if folder is None:
        return Path(tempfile.mkdtemp(prefix="mem-demo-"))
    folder = Path(folder).expanduser().resolve()
    if folder.exists() and any(folder.iterdir()):
        raise Conflict(f"{folder} is not empty; the demo needs an empty or new folder")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _ingest(workspace: Path, config: Config, name: str, day: str) -> str:
    from mem.policies.ingest import ingest_documents

    at(f"{day}T09:00:00")
    result = ingest_documents(workspace, [DATA / name], config=config, page_id=POLICY_ID, title="Refund policy",
                              model="")[0]
    changes = ", ".join(f"{p.id} v{p.version} {p.change}" for p in result.pages)
    return f"{name}: {changes} (commit {str(result.commit)[:8]})"


def _service_context(workspace: Path) -> DemoStep:
    from mem.wiki.service_context import parse_items
    from mem.wiki.store import Wiki

    at("2026-03-02T10:00:00")
    text = (DATA / "context.md").read_text(encoding="utf-8")
    Wiki(workspace).write(op="context", message="context: service principles", log_title="context.md",
                          files={"context.md": text.encode("utf-8")})
    return DemoStep("Service context: always injected, as instructions", "edit context.md (one commit)",
                    [f"- {item}" for item in parse_items(text)])


def _import_and_extract(home: Path, config: Config, customer_id: str) -> tuple[Any, Any]:
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    with CustomerStore.open(home, customer_id) as store:
        imported = store.log.import_file(DATA / f"{customer_id}.jsonl")
        report = extract_pending(store, config=config)
    return imported, report


def _others(home: Path, config: Config) -> DemoStep:
    lines = []
    for customer_id in OTHERS:
        at("2026-09-30T18:00:00")
        imported, report = _import_and_extract(home, config, customer_id)
        lines.append(f"{customer_id}: {plural(imported['turns'], 'turn')} imported → "
                     f"{plural(len(report.added), 'fact')} extracted; kept in its own store, never visible to another "
                     "customer")
    return DemoStep("Other customers B, C, D on this client (movement 2)",
                    "mem log import --customer ID FILE && mem extract --customer ID", lines)


def _knowhow(workspace: Path, home: Path, config: Config, token: str) -> DemoStep:
    """Movement 4 with the real calls: consent, ``mem share``, the server's intake route, ``mem promote``.

    The server runs in this process (the demo is offline), but the client's upload goes through
    ``share_customer`` → ``ServerClient`` → the ``POST /v1/share`` route of ``create_app``, the same
    path a real ``mem share`` takes; listing and approval are the calls ``mem promote`` makes.
    """
    from mem.client.share_upload import share_customer
    from mem.customers.store import CustomerStore
    from mem.server.intake import approve_candidate, list_candidates

    at("2026-09-30T18:05:00")
    lines = []
    with _client(workspace, config, token) as client:
        for customer_id in SHARING:
            with CustomerStore.open(home, customer_id) as store:  # `mem consent --customer ID --share on`
                store.consent.set(share=True)
            sent = share_customer(home, customer_id, config=config, client=client)
            lines.append(f"{customer_id}: consented to sharing; {plural(sent['sent'], 'anonymised decision fact')} sent"
                         + (f" as {sent['pseudonym'][:10]}…" if sent.get("pseudonym") else
                            " (no decision fact: its other facts never leave this client)"))
    listed = [c for c in list_candidates(workspace, config=config) if c["kind"] == "procedure"]
    if not listed:
        raise Conflict("the demo's shared decisions yielded no know-how candidate")
    found = listed[0]
    lines.append(f"candidate {found['id']} ({found['status']}): {found['customers']} distinct customers, "
                 f"{found['counter_examples']} counter-examples, {found['facts']} decision facts; "
                 f"{found['note'] or 'ready for approval'}")
    lines.append(f"  their words: when {found['when']} → {found['then']}")
    result = approve_candidate(workspace, found["id"], by=APPROVER, config=config, when=KNOWHOW_WHEN,
                               then=KNOWHOW_THEN)
    from mem.wiki.store import Wiki

    page = Wiki(workspace).get(result["page"])
    evidence = page.meta["evidence"]
    lines.append(f"{page.id} v{page.version}: when {page.meta['when']} → {page.meta['then']}")
    lines.append(f"evidence: {evidence['customers']} distinct customers, {evidence['counter_examples']} "
                 f"counter-examples" + (f", below knowhow.min_customers {evidence['min_customers']}: approved on "
                                        f"{APPROVER}'s decision" if evidence.get("below_min_customers") else "")
                 + f" (commit {str(result['commit'])[:8]})")
    return DemoStep("Know-how: B, C, D share with consent; an operator approves (movement 4)",
                    "mem consent --customer ID --share on && mem share --customer ID (for cust-b, cust-c, cust-d); "
                    f"mem promote; mem promote --approve {found['id']} --by {APPROVER} --when '{KNOWHOW_WHEN}' "
                    f"--then '{KNOWHOW_THEN}'", lines)


def _client(workspace: Path, config: Config, token: str) -> Any:
    """A ``ServerClient`` whose requests the workspace's server app answers in this process."""
    from mem.client.connection import ServerClient
    from mem.server.app import create_app

    return ServerClient(config.server.url, token=token, transport=_in_process(create_app(workspace, config=config)))


def _in_process(app: Any) -> Any:
    """An httpx transport that hands each request to the ASGI ``app`` in this process (no socket)."""
    import asyncio

    import httpx

    asgi = httpx.ASGITransport(app=app)

    class InProcess(httpx.BaseTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            async def send() -> httpx.Response:
                response = await asgi.handle_async_request(request)
                content = await response.aread()
                return httpx.Response(response.status_code, headers=response.headers, content=content)

            request.read()
            return asyncio.run(send())

    return InProcess()


def _customer_a(home: Path, config: Config) -> DemoStep:
    from mem.customers.store import CustomerStore

    at("2026-09-30T18:00:00")
    with CustomerStore.open(home, CUSTOMER_A) as store:
        store.context.add("Enterprise plan (annual contract)", source="service",
                          budget_chars=config.context.budget_chars, key="tier")
    imported, report = _import_and_extract(home, config, CUSTOMER_A)
    lines = [f"past conversations 2026-08-12 and 2026-09-28: {imported['turns']} turns imported"]
    with CustomerStore.open(home, CUSTOMER_A) as store:
        lines += [f"customer context: {item.text} ({item.source})" for item in store.context.items()]
        for fact in store.facts.list():
            refs = ", ".join(str(r) for r in fact.policy_refs)
            lines.append(f"fact {fact.when}: {fact.text}" + (" [agreement]" if fact.agreement else "")
                         + (f" (made under {refs})" if refs else ""))
    lines.append(f"extraction: {len(report.added)} added, {report.dropped_ungrounded} dropped as ungrounded")
    return DemoStep("Customer A (Enterprise, Japanese): past conversations imported and extracted",
                    f"mem context set --customer {CUSTOMER_A} --from-service 'Enterprise plan (annual contract)' "
                    f"--key tier && mem log import --customer {CUSTOMER_A} {CUSTOMER_A}.jsonl && "
                    f"mem extract --customer {CUSTOMER_A}", lines)


def _recheck(home: Path) -> DemoStep:
    at("2026-10-01T12:00:00")
    from mem.customers.policy_change import flag_policy_changes

    flagged = flag_policy_changes(home, {POLICY_ID: 3}, {POLICY_ID: 4})
    from mem.customers.store import CustomerStore

    lines = []
    for customer_id, ids in sorted(flagged.items()):
        with CustomerStore.open(home, customer_id) as store:
            for fact_id in ids:
                fact = store.facts.get(fact_id)
                lines.append(f"{customer_id}: {fact.when} {fact.text} — {fact.recheck.reason}")
    if not lines:
        lines.append("no fact was linked to refund-policy v3 (nothing flagged)")
    # the demo has no signed bundle to download: this is the recheck call mem sync makes after a new one
    return DemoStep("The client learns of v4 and flags linked facts (movement 5)",
                    f"mem sync (its recheck step: flag_policy_changes for {POLICY_ID} v3 → v4)", lines)


def _ask(workspace: Path, home: Path, config: Config, token: str) -> tuple[Any, Any, DemoStep]:
    """The question, then learning with the sharer ``mem ask`` uses; the evidence push is the next step."""
    from mem.agent.conversation import Conversation
    from mem.client.share_upload import ServerDecisionSharer
    from mem.wiki.service_memory import WorkspaceServiceMemory

    with _client(workspace, config, token) as client, \
            Conversation(config=config, customer_id=CUSTOMER_A, service=WorkspaceServiceMemory(workspace),
                         session=SESSION, model="",
                         sharer=ServerDecisionSharer(home, config=config, client=client)) as conversation:
        answer = conversation.ask(QUESTION)
        learning = conversation.end()
    step = DemoStep(f"Customer A asks (session {SESSION})", f'mem ask --customer {CUSTOMER_A} --session {SESSION} '
                    f'--explain "{QUESTION}"', list(answer.steps), answer=answer)
    return answer, learning, step


def _learnt(learning: Any, home: Path) -> DemoStep:
    from mem.customers.store import CustomerStore

    lines = []
    extracted = learning.extracted or {}
    with CustomerStore.open(home, CUSTOMER_A) as store:
        for fact_id in extracted.get("added", []):
            fact = store.facts.get(fact_id)
            refs = ", ".join(str(r) for r in fact.policy_refs)
            lines.append(f"added {fact.kind}: {fact.text}" + (f" (linked to {refs})" if refs else ""))
        for fact_id in extracted.get("traits_added", []) + extracted.get("traits_updated", []):
            fact = store.facts.get(fact_id)
            waiting = "" if fact.confirmed else "; not in customer context until the customer confirms"
            lines.append(f"trait ({fact.origin}, {'confirmed' if fact.confirmed else 'not confirmed'}): {fact.text} "
                         f"— from {len(fact.support)} facts{waiting}")
    with CustomerStore.open(home, CUSTOMER_A) as store:
        agreements = [f for f in store.facts.list() if f.agreement and f.status == "active"]
    lines += [f"kept as it was: {f.when} {f.text}" + (f" — {f.recheck.reason}" if f.recheck.flag else "")
              for f in agreements if "50%" in f.text]
    if learning.shared:
        lines.append(f"shared (anonymised, consented): {learning.shared}")
    lines += [f"skipped: {reason}" for reason in learning.skipped]
    lines += [f"not done: {error}" for error in learning.errors]
    return DemoStep("Learnt after the answer (movements 2 and 6; movement 4 only with consent)", None, lines)


def _evidence(workspace: Path, home: Path, config: Config, token: str) -> DemoStep:
    """Step 8 of the reference flow: the client's evidence outbox goes to the service's evidence store.

    ``push_evidence`` is what ``mem sync`` runs after the bundle; the server keeps only fact id, date,
    customer id and the quoted sentences, which is what the operator's ``mem evidence list`` reads back.
    """
    from mem.client.evidence_push import push_evidence
    from mem.customers.store import CustomerStore
    from mem.server.evidence_store import list_evidence

    at("2026-10-16T10:05:00")
    with CustomerStore.open(home, CUSTOMER_A) as store:
        waiting = len(store.outbox.pending())
    with _client(workspace, config, token) as client:
        pushed = push_evidence(home, client=client)
    lines = [f"{CUSTOMER_A}: {plural(waiting, 'agreement evidence item')} waiting in the client's outbox; "
             f"{plural(pushed['sent'], 'item')} of the {plural(pushed['customers'], 'customer')} on this client sent"]
    for record in sorted(list_evidence(workspace, customer_id=CUSTOMER_A), key=lambda r: (r["date"], r["id"])):
        quotes = " / ".join(f'"{q}"' for q in record["quotes"])
        lines.append(f"kept by the service: {record['date']} fact {record['fact_id']}: {quotes}")
    with CustomerStore.open(home, CUSTOMER_A) as store:
        left = len(store.outbox.pending())
    lines.append(f"{CUSTOMER_A}'s outbox now holds {plural(left, 'item')}; its facts, context and request log stay "
                 "on this client")
    return DemoStep("Agreement evidence goes to the service's evidence store (docs/design.md step 8)",
                    "mem sync (its evidence push; the bundle part is step 8 above)",
                    lines)
