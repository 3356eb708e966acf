"""`mem sync` from static hosting: a bundle published with `mem bundle publish DIR`, served by Python's
own `http.server` on loopback, is verified exactly as from `mem serve`; the server is not needed for it."""

from __future__ import annotations

import http.server
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from mem.client.bundle_memory import BundleServiceMemory
from mem.client.installed_bundle import load_state
from mem.client.sync import sync
from mem.client.trust import login_client
from mem.core.config import Config
from mem.core.errors import VerificationError
from mem.server.bundle import build_bundle
from mem.server.static_bundles import publish_static

from .conftest import write_page

UNREACHABLE = "http://127.0.0.1:9"  # the discard port: nothing answers there


@pytest.fixture
def static_site(tmp_path):
    """``python -m http.server`` serving ``tmp_path/site`` on a free loopback port; yields (folder, url)."""
    site = tmp_path / "site"
    site.mkdir()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "/", timeout=1)
            break
        except httpx.HTTPError:
            assert time.monotonic() < deadline and process.poll() is None, "http.server did not start"
            time.sleep(0.1)
    yield site, url
    process.terminate()
    process.wait(timeout=10)


def _sync(home):
    return sync(home, config=Config.load(home=home), push_evidence=False)


def test_a_published_bundle_syncs_from_a_static_server_and_is_verified_the_same(workspace, static_site,
                                                                                   isolated_env):
    site, url = static_site
    home = isolated_env
    config = Config.load(workspace=workspace, env={})
    build_bundle(workspace, config=config)
    publish_static(workspace, site)
    login_client(home, url=UNREACHABLE, token="mem_secret", bundles=url)

    first = _sync(home)
    assert first["status"] == "updated" and first["version"] == 1
    assert BundleServiceMemory(home).get_page("refunds").version == 3
    assert _sync(home)["status"] == "up-to-date"

    # A tampered file on the static host: refused, the verified bundle stays.
    write_page(workspace, "refunds", 4, "Refunds within 60 days of purchase.")
    build_bundle(workspace, config=config)
    publish_static(workspace, site)
    manifest = json.loads((site / "bundles" / "00000002" / "manifest.json").read_bytes())
    entry = next(f for f in manifest["files"] if f["path"] == "policies/refunds.md")
    (site / "files" / entry["sha256"]).write_bytes(b"Refunds are never given.\n")
    with pytest.raises(VerificationError, match="tampered file"):
        _sync(home)
    assert load_state(home)["version"] == 1 and load_state(home)["stale"] is True

    # Repaired: the new version installs.
    publish_static(workspace, site.parent / "clean")
    (site / "files" / entry["sha256"]).write_bytes((site.parent / "clean" / "files" / entry["sha256"]).read_bytes())
    assert _sync(home)["version"] == 2
    assert BundleServiceMemory(home).get_page("refunds").version == 4

    # A static host pointed back at an older version: a rollback, refused.
    (site / "latest.json").write_text(json.dumps({"format": "mem-static/1", "version": 1}))
    with pytest.raises(VerificationError, match="rollback"):
        _sync(home)
    assert load_state(home)["version"] == 2

    # A forged signature: refused.
    (site / "latest.json").write_text(json.dumps({"format": "mem-static/1", "version": 2}))
    sig = site / "bundles" / "00000002" / "manifest.sig"
    sig.write_bytes(bytes([sig.read_bytes()[0] ^ 1]) + sig.read_bytes()[1:])
    with pytest.raises(VerificationError, match="tampered manifest"):
        _sync(home)


def test_the_static_host_never_sees_the_account_token(workspace, tmp_path, isolated_env):
    site = tmp_path / "site"
    build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    publish_static(workspace, site)
    seen: list[str | None] = []

    class Recording(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(site), **kwargs)

        def do_GET(self):
            seen.append(self.headers.get("Authorization"))
            super().do_GET()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recording)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        login_client(isolated_env, url=UNREACHABLE, token="mem_secret",
                     bundles=f"http://127.0.0.1:{server.server_address[1]}")
        assert _sync(isolated_env)["version"] == 1
    finally:
        server.shutdown()
    assert seen and seen == [None] * len(seen)


def test_the_bundles_setting_works_without_a_login(workspace, static_site, isolated_env):
    site, url = static_site
    build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    publish_static(workspace, site)
    config = Config.load(home=isolated_env).overlay({"server": {"bundles_url": url, "url": UNREACHABLE}})
    assert sync(isolated_env, config=config, push_evidence=False)["version"] == 1


def test_mem_login_bundles_is_stored_and_a_bad_url_refused(mem, isolated_env):
    done = mem("login", "--server", "http://127.0.0.1:8765", "--bundles", "https://cdn.example/bundles/", "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["bundles"] == "https://cdn.example/bundles"
    stored = json.loads((Path(isolated_env) / "server.json").read_text())
    assert stored["bundles"] == "https://cdn.example/bundles"
    bad = mem("login", "--server", "http://127.0.0.1:8765", "--bundles", "ftp://x")
    assert bad.exit_code != 0 and bad.stderr.count("\n") == 1


def test_a_static_sync_installs_through_the_locked_staged_sealed_install(workspace, static_site, isolated_env):
    """From static hosting too: concurrent syncs leave one whole, marked install; a broken one is repaired."""
    from concurrent.futures import ThreadPoolExecutor

    from mem.client.installed_bundle import COMPLETE_FILE, check_folder, install_problem, installed_dir

    site, url = static_site
    home = isolated_env
    config = Config.load(workspace=workspace, env={})
    build_bundle(workspace, config=config)
    publish_static(workspace, site)
    login_client(home, url=UNREACHABLE, token="mem_secret", bundles=url)
    assert _sync(home)["version"] == 1
    write_page(workspace, "refunds", 4, "Refunds within 60 days of purchase.")
    build_bundle(workspace, config=config)
    publish_static(workspace, site)

    with ThreadPoolExecutor(3) as pool:  # the install lock is per home, whoever the bundle source is
        results = list(pool.map(lambda _: _sync(home)["status"], range(3)))
    assert sorted(results) == ["up-to-date", "up-to-date", "updated"]
    state = load_state(home)
    folder = installed_dir(home, state)
    assert folder is not None and state["version"] == 2 and state["server"] == url
    marker = json.loads((folder / COMPLETE_FILE).read_text())
    assert marker["manifest_sha256"] == state["manifest_sha256"] and marker["version"] == 2
    assert check_folder(folder, json.loads((folder / "manifest.json").read_bytes())) is None
    assert not list((home / "bundle").glob(".incoming-*"))

    # An install that lost files and its marker: refused by readers, reinstalled by the next static sync.
    (folder / COMPLETE_FILE).unlink()
    (folder / "files" / "policies" / "refunds.md").unlink()
    assert "incomplete" in (install_problem(home) or "")
    repaired = _sync(home)
    assert repaired["status"] == "updated" and install_problem(home) is None
    assert BundleServiceMemory(home).get_page("refunds").version == 4


def test_an_oversized_file_from_a_static_host_is_refused_in_one_line(workspace, static_site, isolated_env, mem):
    """The static host's file is read with the cap its signed manifest entry sets, not read whole."""
    site, url = static_site
    build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    publish_static(workspace, site)
    manifest = json.loads((site / "bundles" / "00000001" / "manifest.json").read_bytes())
    entry = next(f for f in manifest["files"] if f["path"] == "policies/refunds.md")
    (site / "files" / entry["sha256"]).write_bytes(b"x" * (entry["length"] + 1_000_000))
    login_client(isolated_env, url=UNREACHABLE, token="mem_secret", bundles=url)

    done = mem("sync")
    assert done.exit_code != 0
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert "tampered file: policies/refunds.md is longer than the manifest says" in done.stderr
    state = load_state(isolated_env)
    assert state.get("dir") is None and state["stale"] is True
    assert not list((Path(isolated_env) / "bundle").glob(".incoming-*"))


def test_a_static_host_s_oversized_signature_is_refused_by_its_cap(workspace, static_site, isolated_env):
    from mem.client.connection import ResponseTooLarge

    site, url = static_site
    build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    publish_static(workspace, site)
    (site / "bundles" / "00000001" / "manifest.sig").write_bytes(b"s" * 5000)
    login_client(isolated_env, url=UNREACHABLE, token="mem_secret", bundles=url)
    with pytest.raises(ResponseTooLarge, match="too much for a signature"):
        _sync(isolated_env)
