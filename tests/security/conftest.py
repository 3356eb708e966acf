"""Fixtures of the attack suite: a real ``mem serve`` child process with its own clock (``MEM_NOW``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mem.client.connection import ServerClient
from mem.core.errors import NetworkError


class Served:
    """``mem --workspace WS serve`` in a child process; ``stop()`` ends it and returns its stderr."""

    def __init__(self, workspace: Path, *, now: str | None = None, env: dict[str, str] | None = None) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        child_env = {**os.environ, **(env or {})}
        if now:
            child_env["MEM_NOW"] = now
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mem.cli.main", "--workspace", str(workspace), "serve", "--port", str(self.port)],
            env=child_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        with ServerClient(self.url, timeout=1) as probe:
            while True:
                try:
                    probe.get_json("/health")
                    return
                except NetworkError:
                    if time.monotonic() > deadline or self.process.poll() is not None:
                        err = self.stop()
                        raise RuntimeError(f"mem serve did not start: {err[-500:]!r}") from None
                    time.sleep(0.1)

    def stop(self) -> bytes:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err or b""


@pytest.fixture
def served():
    """``served(workspace, now=ISO) -> Served``; every one started is stopped after the test."""
    started: list[Served] = []

    def start(workspace: Path, *, now: str | None = None, env: dict[str, str] | None = None) -> Served:
        server = Served(workspace, now=now, env=env)
        started.append(server)
        return server

    yield start
    for server in started:
        if server.process.poll() is None:
            server.stop()
