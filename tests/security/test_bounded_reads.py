"""A hostile server's oversized answers: the client reads each kind of answer with a cap and refuses
past it in one line (the attack: a 1.5 GB signature drove the client to 3.2 GB of memory)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mem.client.connection import ResponseTooLarge, ServerClient
from mem.client.vault_client import VaultClient
from mem.core.errors import MemError, VerificationError

HUGE = 1_500_000_000
CHUNK = b"\0" * 65536


class Hostile(BaseHTTPRequestHandler):
    """Answers what ``routes`` says: (status, body bytes or "huge", declare Content-Length?)."""

    routes: dict[str, tuple[int, bytes | str, bool]] = {}

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        status, body, declare = self.routes.get(self.path, (404, b'{"error": {"kind": "not_found", "message": "no"}}',
                                                            True))
        self.send_response(status)
        if body == "huge":
            if declare:
                self.send_header("Content-Length", str(HUGE))
            else:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                for _ in range(HUGE // len(CHUNK)):
                    if declare:
                        self.wfile.write(CHUNK)
                    else:
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK))
            except (BrokenPipeError, ConnectionResetError):
                return
            return
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def hostile():
    def start(routes: dict[str, tuple[int, bytes | str, bool]]) -> str:
        handler = type("Routes", (Hostile,), {"routes": routes})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    servers: list[ThreadingHTTPServer] = []
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def _bundle_routes(**override) -> dict:
    routes = {
        "/v1/bundle/latest": (200, b'{"version": 1}', True),
        "/v1/bundle/1/manifest.json": (200, b"{}", True),
        "/v1/bundle/1/manifest.sig": (200, b"s" * 64, True),
        "/v1/bundle/1/transitions.json": (200, b'{"transitions": []}', True),
    }
    routes.update(override)
    return routes


@pytest.mark.parametrize("declare", [True, False], ids=["content-length", "chunked"])
def test_a_huge_signature_is_refused_in_one_line_without_the_memory(tmp_path, hostile, declare):
    url = hostile(_bundle_routes(**{"/v1/bundle/1/manifest.sig": (200, "huge", declare)}))
    env = {**os.environ, "MEM_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    # the sync process's own peak, read by itself at exit (VmHWM of its own memory map): getrusage counts
    # the test process's memory too (the child is forked from it before it runs mem), and after the
    # semantic tests that process alone is over 400 MB
    peak_file = tmp_path / "peak.txt"
    report = ("import runpy, sys\n"
              "path, sys.argv = sys.argv[1], ['mem'] + sys.argv[2:]\n"
              "try:\n"
              "    runpy.run_module('mem.cli.main', run_name='__main__')\n"
              "finally:\n"
              "    with open('/proc/self/status') as status, open(path, 'w') as out:\n"
              "        out.write(next(line for line in status if line.startswith('VmHWM:')).split()[1])\n")
    result = subprocess.run([sys.executable, "-c", report, str(peak_file), "sync", "--server", url], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "too much for a signature" in result.stderr
    assert int(peak_file.read_text()) < 400 * 1024  # KiB: a CLI process, not 1.5 GB of signature


@pytest.mark.parametrize(("path", "what"), [
    ("/v1/bundle/latest", "a JSON reply"),
    ("/v1/bundle/1/manifest.json", "a manifest"),
    ("/v1/bundle/1/transitions.json", "a key transition chain"),
])
def test_every_bundle_answer_has_its_cap(hostile, path, what):
    url = hostile(_bundle_routes(**{path: (200, "huge", False)}))
    from mem.client.sync import _sync_bundle

    with ServerClient(url) as client, pytest.raises(ResponseTooLarge, match=f"too much for {what}"):
        _sync_bundle(Path("/nonexistent-home"), client, on_progress=None)


def test_a_bundle_file_longer_than_its_manifest_entry_is_tampered(hostile, tmp_path):
    from mem.client.sync import _download

    url = hostile({"/v1/bundle/1/files/policies/a.md": (200, b"x" * 5000, True)})
    manifest = {"version": 1, "files": [{"path": "policies/a.md", "length": 10, "sha256": "0" * 64}]}
    with ServerClient(url) as client, pytest.raises(VerificationError, match="longer than the manifest says"):
        _download(tmp_path, client, manifest, b"{}", b"", b"{}", None, None, on_progress=None)
    assert not list((tmp_path / "bundle").glob(".incoming-*"))


def test_an_oversized_error_answer_and_backup_are_refused(hostile, monkeypatch):
    import mem.client.connection as connection

    url = hostile({"/v1/evidence": (500, "huge", False), "/vault/backups/B/blob": (200, "huge", True)})
    with ServerClient(url, token="t") as client:
        with pytest.raises(ResponseTooLarge, match="too much for an error answer"):
            client.get_json("/v1/evidence")
        monkeypatch.setattr(connection, "BACKUP_BYTES", 10 * 1024 * 1024)
        with pytest.raises(ResponseTooLarge, match="too much for a backup"):
            VaultClient(client).download("B")


def test_a_multi_line_error_message_reaches_the_user_as_one_line(hostile):
    body = json.dumps({"error": {"kind": "refused", "message": "no\nsecond line\r\nthird"}}).encode()
    url = hostile({"/v1/bundle/latest": (403, body, True)})
    with ServerClient(url) as client, pytest.raises(MemError) as caught:
        client.get_json("/v1/bundle/latest")
    assert "\n" not in str(caught.value) and "second line" in str(caught.value)
