"""The real command: `mem serve` in its own process, a client syncing from it, the access log on stderr."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

from mem.core.config import Config
from mem.server.bundle import build_bundle
from mem.server.cache import BundleServiceMemory
from mem.server.sync import sync


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_mem_serve_round_trip(workspace, isolated_env):
    build_bundle(workspace, config=Config.load(workspace=workspace))
    port = _free_port()
    env = dict(os.environ, MEM_WORKSPACE=str(workspace))
    proc = subprocess.Popen([sys.executable, "-m", "mem", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "mem serve did not start"
                time.sleep(0.1)
        result = sync(isolated_env, config=Config.load(home=isolated_env), server=f"http://127.0.0.1:{port}")
        assert result["version"] == 1
        assert BundleServiceMemory(isolated_env).get_page("shipping").version == 1
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    paths = [line["path"] for line in lines]
    assert "/v1/bundle/latest" in paths and "/v1/bundle/1/files/policies/refunds.md" in paths
    assert all(line["status"] == 200 for line in lines)
    assert "Refunds within" not in err  # bodies are never logged
