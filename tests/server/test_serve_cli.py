"""The real command: `mem serve` in its own process, a client syncing from it, the access log on stderr."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

from mem.client.bundle_memory import BundleServiceMemory
from mem.client.sync import sync
from mem.core.config import Config
from mem.server.bundle import build_bundle


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
        proc.send_signal(signal.SIGINT)  # what Ctrl-C sends
        _, err = proc.communicate(timeout=10)
    assert proc.returncode == 0, err
    assert f"serving {workspace} on http://127.0.0.1:{port} (Ctrl-C stops)" in err
    assert err.rstrip().endswith("server stopped") and "Traceback" not in err
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    paths = [line["path"] for line in lines]
    assert "/v1/bundle/latest" in paths and "/v1/bundle/1/files/policies/refunds.md" in paths
    assert all(line["status"] == 200 for line in lines)
    assert "Refunds within" not in err  # bodies are never logged


def test_a_taken_port_is_one_clear_error(mem, workspace):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = mem("--workspace", str(workspace), "serve", "--host", "127.0.0.1", "--port", str(port))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"Error: port {port} on 127.0.0.1 is already in use: stop the other server "
                                     "or pick another with --port")


def test_an_address_that_is_not_ours_is_one_clear_error(mem, workspace):
    result = mem("--workspace", str(workspace), "serve", "--host", "no-such-host.invalid", "--port", "0")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: cannot listen on 'no-such-host.invalid'")
    assert "\n" not in result.stderr.strip()
