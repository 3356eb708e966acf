"""Decision facts from this device to the service's know-how intake, only with consent (movement 4).

``ServerDecisionSharer`` is the ``mem.customers.learning.DecisionSharer`` that anonymises a
customer's decision facts on this device (``mem.knowhow.share.shared_records``: scrubbed text,
keyed pseudonym, month only; the pseudonym key stays in this home as ``share.key``) and posts them
(``POST /v1/share``, format in ``mem.wire.share``). ``share_customer`` is ``mem share``. Without
the customer's ``share`` consent nothing is read for sharing and nothing is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mem.client.connection import ServerClient
from mem.core.config import Config
from mem.core.errors import NetworkError, Refused
from mem.core.json_types import JsonObject
from mem.wire.share import PATH

if TYPE_CHECKING:
    from mem.customers.fact import Fact


class ServerDecisionSharer:
    """Anonymise and upload one customer's decisions; offline is reported in the result, not raised
    (after a conversation the next run shares again, and the server deduplicates)."""

    def __init__(self, home: Path, *, config: Config,
                 client: Callable[[], ServerClient] | ServerClient | None, offline_ok: bool = True,
                 dry_run: bool = False) -> None:
        self.home = Path(home)
        self.dry_run = dry_run  # compute the records, send nothing (``mem share --dry-run``)
        self.config = config
        self._client = client  # a callable is called only when there is something to send
        self.offline_ok = offline_ok

    def share_decisions(self, customer_id: str, decisions: Sequence[Fact], *,
                        own_texts: Sequence[str], erased: Sequence[str] = ()) -> JsonObject:
        from mem.knowhow.anonymise import name_parts, names_in, share_secret
        from mem.knowhow.share import shared_records

        # The customer's own name, if they told it, is scrubbed too (read here, never sent), in any case and by
        # its parts (given name alone, family name alone); so are the names of this home's names file.
        names = name_parts([*self.config.person_names, *names_in(own_texts)])
        records, withdrawn = shared_records(customer_id, decisions, secret=share_secret(self.home),
                                            person_names=names,
                                            customer_id_pattern=self.config.lint.customer_id_pattern,
                                            erased=erased)
        if self.dry_run:
            return {"customer": customer_id, "dry_run": True, "would_send": len(records),
                    "would_withdraw": len(withdrawn), "records": records}
        if not records and not withdrawn:
            return {"customer": customer_id, "sent": 0, "withdrawn": 0}
        try:
            if self._client is None:
                raise NetworkError("no server to send to")
            if not isinstance(self._client, ServerClient):
                self._client = self._client()
            answer = self._client.post_json(PATH, {"records": records, "withdrawn": withdrawn})
        except NetworkError as exc:
            if not self.offline_ok:
                raise
            return {"customer": customer_id, "sent": 0, "error": exc.message}
        return {"customer": customer_id, "sent": len(records), "withdrawn": len(withdrawn),
                "pseudonym": records[0]["pseudonym"] if records else None, "server": answer, "records": records}


def share_customer(home: Path, customer_id: str, *, config: Config, client: ServerClient | None = None,
                   server: str | None = None, dry_run: bool = False) -> JsonObject:
    """``mem share``: send the customer's shareable decisions; ``Refused`` without the customer's consent.

    ``dry_run``: the exact records a share would send (scrubbed on this client as for a real one), sending
    nothing and connecting to nothing, with or without consent (``consent`` in the result says which)."""
    from mem.customers.learning import share_decisions
    from mem.customers.store import CustomerStore

    if dry_run:
        preview = ServerDecisionSharer(home, config=config, client=None, dry_run=True)
        with CustomerStore.open(home, customer_id, create=False) as store:
            previewed = share_decisions(store, preview, preview=True) or {}
            consented = store.consent.current().share
        return {**previewed, "consent": "on" if consented else "off"}

    own = client is None
    opened: list[ServerClient] = []

    def connect() -> ServerClient:
        opened.append(ServerClient.for_home(home, config=config, server=server))
        return opened[-1]

    sharer = ServerDecisionSharer(home, config=config, client=client if client is not None else connect,
                                  offline_ok=False)
    try:
        with CustomerStore.open(home, customer_id, create=False) as store:
            result = share_decisions(store, sharer)
    finally:
        if own:
            for connection in opened:
                connection.close()
    if result is None:
        raise Refused(f"customer {customer_id!r} has not consented to sharing; nothing was sent "
                      f"(mem consent --customer {customer_id} --share on)")
    return result


def push_withdrawals(home: Path, *, config: Config, client: ServerClient,
                     customer_id: str | None = None) -> JsonObject:
    """Send the withdrawals waiting (``mem sync``, ``mem consent``): decisions erased — by any customer,
    sharing or not — or shared before sharing was turned off. Only keyed refs travel. Returns how many
    refs were withdrawn, for how many customers."""
    if not (Path(home) / "customers").is_dir():
        return {"withdrawn": 0, "customers": 0}
    from mem.customers import list_customers
    from mem.customers.learning import send_withdrawals
    from mem.customers.quiet import drained, quiet
    from mem.customers.store import CustomerStore

    sharer = ServerDecisionSharer(home, config=config, client=client, offline_ok=False)
    withdrawn = customers = 0
    # a customer whose memory was not written since their withdrawals were last sent has none waiting (quiet)
    for cid in [customer_id] if customer_id is not None else list_customers(home):
        if customer_id is None and quiet(home, cid, "withdrawals"):
            continue
        with CustomerStore.open(home, cid, create=False) as store, drained(store, "withdrawals") as drain:
            result = send_withdrawals(store, sharer)
            drain.complete = result is None or not result.get("error")
        if result is not None:
            withdrawn += int(result.get("withdrawn") or 0)
            customers += 1
    return {"withdrawn": withdrawn, "customers": customers}
