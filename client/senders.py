"""The network senders of after-conversation learning, over one connection to this home's server.

``mem.customers.learning.learn`` takes an ``EvidenceSender`` and a ``DecisionSharer``;
``ServerSenders`` gives both, opening the connection (``mem login``'s server and token) only when
one of them has something to send, and closing it at the end. Before any ``mem login`` nothing is
tried: what waits stays queued and learning says so once.
"""

from __future__ import annotations

from pathlib import Path

from mem.client.connection import ServerClient
from mem.client.evidence_push import ServerEvidenceSender
from mem.client.login import load_login
from mem.client.share_upload import ServerDecisionSharer
from mem.core.config import Config
from mem.customers.learning import NotConnected


class ServerSenders:
    """``evidence`` and ``sharer`` for one home; use as a context manager or call ``close()``."""

    def __init__(self, home: Path, *, config: Config, server: str | None = None) -> None:
        self.home = Path(home)
        self._config = config
        self._server = server
        self._client: ServerClient | None = None
        self.evidence = ServerEvidenceSender(lambda: self._connect(
            "not logged in; agreement evidence stays queued (mem login, then mem sync)"))
        self.sharer = ServerDecisionSharer(self.home, config=config, client=lambda: self._connect(
            "not logged in; decisions are shared after mem login (mem share)"))

    def _connect(self, before_login: str) -> ServerClient:
        if self._client is None:
            if self._server is None and load_login(self.home) is None:
                # before any `mem login` there is no server to send to: trying the default URL would
                # only print a connection error after every answer
                raise NotConnected(before_login)
            self._client = ServerClient.for_home(self.home, config=self._config, server=self._server)
        return self._client

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def __enter__(self) -> ServerSenders:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
