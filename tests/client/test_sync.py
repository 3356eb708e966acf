"""`mem sync` through a real `mem serve` on loopback: the round trip and every rejection."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from mem.client.bundle_memory import BundleServiceMemory, client_config
from mem.client.installed_bundle import load_state
from mem.client.sync import sync
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import NetworkError, VerificationError
from mem.server.bundle import build_bundle
from mem.server.keys import init_keys, key_info, keys_dir, rotate_keys
from mem.server.published import bundle_dir, publish
from mem.wiki import gitrepo
from mem.wire.manifest import encode_manifest

from .conftest import write_page


def _build(workspace, **kw):
    return build_bundle(workspace, config=Config.load(workspace=workspace), **kw)


def _sync(home, server):
    return sync(home, config=Config.load(home=home), server=server.url, push_evidence=False)


@pytest.fixture
def synced(workspace, live_server, isolated_env):
    """A client home that verified bundle 1 from a live server; returns (workspace, server, home)."""
    _build(workspace)
    server = live_server(workspace)
    result = _sync(isolated_env, server)
    assert result["status"] == "updated" and result["version"] == 1
    return workspace, server, isolated_env


def _rejected(home, server, match):
    before = load_state(home)
    with pytest.raises(VerificationError, match=match) as info:
        _sync(home, server)
    after = load_state(home)
    assert after["version"] == before["version"] and after["dir"] == before["dir"]
    assert after["stale"] is True and after["reason"] == info.value.message
    memory = BundleServiceMemory(home)
    assert memory.get_page("refunds").version == 3  # still the last good bundle
    assert memory.status().stale
    return info.value.message


def test_round_trip(synced):
    workspace, server, home = synced
    memory = BundleServiceMemory(home)
    status = memory.status()
    assert status.source == "bundle" and status.version == "1" and status.verified and not status.stale
    assert [p.id for p in memory.pages("policy")] == ["refunds", "shipping"]
    assert memory.get_page("refunds").body.strip() == "Refunds within 30 days of purchase."
    assert memory.context_items()[0].startswith("Be kind")
    assert memory.search_pages("refund purchase")[0].page.id == "refunds"
    assert memory.settings()["trait"]["min_repeats"] == 3
    assert _sync(home, server)["status"] == "up-to-date"
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    result = _sync(home, server)
    assert result["version"] == 2 and result["previous_version"] == 1
    assert BundleServiceMemory(home).get_page("refunds").version == 4
    # the new folder, and the one it replaced (kept until the next install for readers still on it)
    folders = sorted(p.name for p in (home / "bundle").iterdir() if p.is_dir())
    assert [name[:9] for name in folders] == ["v00000001", "v00000002"]
    assert load_state(home)["dir"] == folders[1]


def test_implements_the_agent_protocol(synced):
    from mem.wiki.service_memory import ServiceMemory

    assert isinstance(BundleServiceMemory(synced[2]), ServiceMemory)


def test_tampered_file(synced):
    workspace, server, home = synced
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")  # changed: downloaded
    _build(workspace)
    (bundle_dir(workspace, 2) / "files" / "policies" / "refunds.md").write_text("Refunds: never.\n")
    assert _rejected(home, server, "^tampered file: policies/refunds.md")


def test_unchanged_files_are_kept_from_the_installed_bundle_not_downloaded(synced):
    workspace, server, home = synced
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    # the server's copy of an unchanged file is never fetched: tampering with it changes nothing
    (bundle_dir(workspace, 2) / "files" / "policies" / "shipping.md").write_text("Shipping: never.\n")
    result = _sync(home, server)
    assert result["version"] == 2 and result["reused"] >= 1 and result["downloaded"] >= 1
    assert result["reused"] + result["downloaded"] == result["files"]
    memory = BundleServiceMemory(home)
    assert memory.get_page("refunds").version == 4 and "never" not in memory.get_page("shipping").body


def test_a_damaged_installed_copy_is_downloaded_again(synced):
    workspace, server, home = synced
    installed = home / "bundle" / load_state(home)["dir"] / "files" / "policies" / "shipping.md"
    installed.write_text("Shipping: damaged on disk.\n")
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    result = _sync(home, server)
    assert result["version"] == 2 and result["downloaded"] >= 2  # refunds (changed) and shipping (damaged)
    assert "damaged" not in BundleServiceMemory(home).get_page("shipping").body


def test_tampered_manifest(synced):
    workspace, server, home = synced
    _build(workspace)
    # The attacker swaps a page and fixes its hash and length in the manifest; only the signature catches it.
    folder = bundle_dir(workspace, 2)
    evil = b"Refunds: never.\n"
    (folder / "files" / "policies" / "refunds.md").write_bytes(evil)
    manifest = json.loads((folder / "manifest.json").read_bytes())
    for entry in manifest["files"]:
        if entry["path"] == "policies/refunds.md":
            entry.update(sha256=hashlib.sha256(evil).hexdigest(), length=len(evil))
    (folder / "manifest.json").write_bytes(encode_manifest(manifest))
    assert _rejected(home, server, "^tampered manifest")


def test_wrong_key(synced):
    workspace, server, home = synced
    shutil.rmtree(keys_dir(workspace))
    init_keys(workspace)
    _build(workspace)
    assert _rejected(home, server, "^wrong key")


def test_a_service_rebuilt_without_its_mem_state_is_named_in_the_rollback(synced, live_server, tmp_path):
    """NEWUSER_REPORT17 #8: a clone with a new key starts at version 1; a client re-pinned to that key got a bare
    "rollback", which reads as an attack; with a new key it names the likely cause and what the operator copies."""
    import subprocess

    from mem.client.trust import login_client

    workspace, server, home = synced
    _build(workspace)
    assert _sync(home, server)["version"] == 2
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(workspace), str(clone)], check=True)
    init_keys(clone, new_service=True)
    _build(clone)
    moved = live_server(clone)
    login_client(home, url=moved.url, token=None, trust_key=keys_dir(clone) / "signing.pub.pem")
    with pytest.raises(VerificationError, match="^rollback: the server offers bundle version 1, but this client "
                       "already verified version 2; it is signed by ") as info:
        _sync(home, moved)
    assert "without its .mem/" in info.value.message and "Moving the service" in info.value.message
    publish(workspace, 1)  # the same key offering an older version: a plain rollback, no moving story
    login_client(home, url=server.url, token=None, trust_key=keys_dir(workspace) / "signing.pub.pem")
    with pytest.raises(VerificationError) as plain:
        _sync(home, server)
    assert plain.value.message == "rollback: the server offers bundle version 1, but this client already verified " \
        "version 2"


def test_rollback(synced):
    workspace, server, home = synced
    _build(workspace)
    assert _sync(home, server)["version"] == 2
    publish(workspace, 1)
    assert _rejected(home, server, "^rollback: the server offers bundle version 1")


def test_expired(synced):
    workspace, server, home = synced
    _build(workspace, expires_days=0)
    assert _rejected(home, server, "^expired")


def test_expired_by_the_clock(synced):
    workspace, server, home = synced
    _build(workspace, expires_days=30)
    clock.freeze(clock.now() + timedelta(days=31))
    assert _rejected(home, server, "^expired")


def test_a_clock_that_ran_ahead_once_does_not_leave_the_valid_bundle_expired(synced):
    """A sync while this machine's clock was 40 days ahead was refused "expired: bundle 1 …"; after the clock
    was right again every answer still said so, until the next good sync. This machine's clock decides
    expiry (the server's unsigned Date header could be forged by whoever replays an old bundle), but the
    refusal names the server's clock, and is judged again with the clock as it is now."""
    workspace, server, home = synced
    clock.freeze(clock.now() + timedelta(days=40))  # the bundle expires after bundle.expires_days (30)
    message = _rejected(home, server, "^expired: bundle 1 expired at ")
    assert "the server's clock says" in message and "this machine's clock is 40.0 days ahead" in message
    assert BundleServiceMemory(home).status().reason.startswith("expired: bundle 1")  # by the clock as it is
    clock.freeze(None)
    status = BundleServiceMemory(home).status()
    assert not status.stale and status.reason is None
    assert load_state(home)["version"] == 1
    assert _sync(home, server)["status"] == "up-to-date"
    assert "refused_as_expired" not in load_state(home)


def test_a_newer_bundle_refused_by_a_clock_ahead_is_named_as_such_once_the_clock_is_right(synced):
    workspace, server, home = synced
    _build(workspace)
    clock.freeze(clock.now() + timedelta(days=40))
    _rejected(home, server, "^expired: bundle 2 expired at ")
    clock.freeze(None)
    reason = BundleServiceMemory(home).status().reason
    assert reason.startswith("the last sync refused bundle 2 as expired, but this machine's clock now puts it ")
    assert _sync(home, server)["version"] == 2


def test_mix_and_match(synced):
    workspace, server, home = synced
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    shutil.copyfile(bundle_dir(workspace, 1) / "files" / "policies" / "refunds.md",
                    bundle_dir(workspace, 2) / "files" / "policies" / "refunds.md")
    assert _rejected(home, server, "^mix-and-match: policies/refunds.md")


def test_rotation_signed_by_the_old_key_is_accepted(synced):
    workspace, server, home = synced
    new_id = rotate_keys(workspace)["key_id"]
    _build(workspace)
    result = _sync(home, server)
    assert result["version"] == 2 and result["key_rotated"]
    trust = json.loads((home / "bundle" / "trust.json").read_text())
    assert trust["key_id"] == new_id and trust["source"] == "rotation"


def test_rotation_not_signed_by_the_old_key_is_refused(synced):
    workspace, server, home = synced
    rotate_keys(workspace)
    _build(workspace)
    path = bundle_dir(workspace, 2) / "transitions.json"
    data = json.loads(path.read_text())
    from mem.wire import signing

    forged = signing.sign(signing.generate(), data["transitions"][0]["record"].encode())
    data["transitions"][0]["signature"] = signing.b64(forged)
    path.write_text(json.dumps(data))
    assert _rejected(home, server, "^bad rotation")


def test_offline_keeps_the_bundle_and_says_stale(synced, live_server):
    workspace, server, home = synced
    server.stop()
    with pytest.raises(NetworkError):
        _sync(home, server)
    status = BundleServiceMemory(home).status()
    assert status.stale and "cannot reach server" in status.reason
    assert BundleServiceMemory(home).get_page("refunds").version == 3


def test_bundle_config_overlays_client_settings(workspace, live_server, isolated_env):
    (workspace / "mem.toml").write_text("[trait]\nmin_repeats = 5\n[knowhow]\nmin_customers = 4\n")
    gitrepo.commit(workspace, ["mem.toml"], "settings")  # a bundle ships only the committed settings
    _build(workspace)
    _sync(isolated_env, live_server(workspace))
    config = client_config(Config.load(home=isolated_env))
    assert config.trait.min_repeats == 5 and config.knowhow.min_customers == 4


def test_first_use_trust_and_pinned_key(workspace, live_server, isolated_env, tmp_path):
    from mem.client.trust import login_client

    _build(workspace)
    server = live_server(workspace)
    other = tmp_path / "other.pem"
    from mem.wire import signing

    other.write_bytes(signing.public_pem(signing.generate().public_key()))
    login_client(isolated_env, url=server.url, token=None, trust_key=other)
    with pytest.raises(VerificationError, match="^wrong key"):
        _sync(isolated_env, server)
    login_client(isolated_env, url=server.url, token=None, trust_key=keys_dir(workspace) / "signing.pub.pem")
    assert _sync(isolated_env, server)["version"] == 1


def test_cli_sync_and_status(mem, workspace, live_server):
    _build(workspace)
    server = live_server(workspace)
    result = mem("sync", "--server", server.url, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["version"] == 1
    status = json.loads(mem("status", "--json").stdout)
    assert status["bundle_version"] == 1 and status["stale"] is False and status["key_trust"] == "first-use"
    assert status["expired"] is False
    assert status["bundle_commit"] == gitrepo.head_sha(workspace)  # which reviewed commit this client runs on
    server.stop()
    offline = mem("sync", "--server", server.url)
    assert offline.exit_code == 2 and offline.stderr.startswith("Error: cannot reach server")
    status = json.loads(mem("status", "--json").stdout)
    assert status["stale"] is True and status["bundle_version"] == 1


def test_login_and_first_sync_say_which_key_is_trusted_on_first_use(mem, workspace, live_server):
    """NEWUSER_REPORT17 #13: a login without --trust-key said nothing about first-use trust, and the first sync
    trusted whatever key the server presented silently (a retired key's old bundle included)."""
    _build(workspace)
    server = live_server(workspace)
    login = mem("login", "--server", server.url)
    assert login.exit_code == 0, login.stderr
    assert "first-use" in login.stdout and "--trust-key" in login.stdout
    first = mem("sync")
    key_id = key_info(workspace)["key_id"]
    assert first.exit_code == 0, first.stderr
    assert f"trusted signing key {key_id} on first use" in first.stdout and "--trust-key" in first.stdout
    assert "on first use" not in mem("sync").stdout  # said once, when it happens
    again = mem("login", "--server", server.url, "--json")
    assert json.loads(again.stdout)["key_trust"].startswith(f"unchanged: this client keeps trusting {key_id}")
    pinned = mem("login", "--server", server.url, "--trust-key", str(keys_dir(workspace) / "signing.pub.pem"),
                 "--json")
    assert json.loads(pinned.stdout)["key_trust"] == "pinned"


def test_two_rotations_are_followed_as_a_chain(synced):
    workspace, server, home = synced
    rotate_keys(workspace)
    last = rotate_keys(workspace)["key_id"]
    _build(workspace)
    assert _sync(home, server)["key_rotated"]
    assert json.loads((home / "bundle" / "trust.json").read_text())["key_id"] == last


def test_client_commands_use_the_bundle_settings(mem, workspace, live_server, tmp_path):
    """The service's mem.toml travels in the bundle and changes client behaviour (context budget)."""
    settings = workspace / "mem.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("budget_chars = 600", "budget_chars = 42"),
                        encoding="utf-8")
    gitrepo.commit(workspace, ["mem.toml"], "settings")
    _build(workspace)
    server = live_server(workspace)
    elsewhere = tmp_path / "client"  # the client runs away from the workspace: only the bundle can tell it
    elsewhere.mkdir()
    assert mem("--workspace", elsewhere, "sync", "--server", server.url).exit_code == 0
    assert mem("--workspace", elsewhere, "context", "add", "Answer in Japanese", "--customer", "c1").exit_code == 0
    listed = mem("--workspace", elsewhere, "context", "list", "--customer", "c1", "--json")
    assert listed.exit_code == 0, listed.stderr
    assert json.loads(listed.stdout)["budget_chars"] == 42


def test_bad_url_or_key_file_is_a_usage_error_that_changes_nothing(mem, isolated_env, tmp_path):
    bad = mem("sync", "--server", "notaurl")
    assert bad.exit_code == 2
    assert bad.stderr.strip() == "Error: server URL must start with http:// or https://: 'notaurl'"
    assert not (isolated_env / "bundle" / "state.json").exists()  # a typo is not an outage: nothing marked stale
    not_pem = tmp_path / "hostname"
    not_pem.write_text("my-host\n")
    login = mem("login", "--server", "http://127.0.0.1:8765", "--trust-key", str(not_pem))
    assert login.exit_code == 2 and login.stderr.strip() == f"Error: {not_pem} is not a PEM public key"
    assert not (isolated_env / "server.json").exists() and not (isolated_env / "bundle" / "trust.json").exists()


def test_a_sync_embeds_the_new_bundles_policy_sentences_and_an_unchanged_one_does_not(
        workspace, live_server, isolated_env, monkeypatch):
    """With the semantic layer on, the first question after a sync finds every policy sentence's vector
    ready in the client's cache (docs/ask.md), as ingest does on the service's side."""
    from mem.core.text.vectors import CACHE_FILE, VectorCache, page_passages

    monkeypatch.setenv("MEM_SEMANTIC", "auto")
    _build(workspace)
    server = live_server(workspace)
    result = _sync(isolated_env, server)
    assert result["embedded"] > 0
    memory = BundleServiceMemory(isolated_env)
    texts = [text for p in memory.pages("policy") for _, text in page_passages(str(p.title), str(p.body))]
    cache = VectorCache(isolated_env / "cache" / CACHE_FILE)
    assert set(cache.get(texts)) == set(texts)
    cache.close()
    assert "embedded" not in _sync(isolated_env, server)  # up to date: nothing to embed
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    # a new bundle: only the changed page's new sentence is embedded, every other vector is reused
    assert _sync(isolated_env, server)["embedded"] == 1


def test_with_the_semantic_layer_off_a_sync_embeds_nothing(synced):
    _, _, home = synced
    assert not (home / "cache").exists()


def test_the_bundle_ships_the_semantic_threshold_and_the_client_keeps_its_switch(
        workspace, live_server, isolated_env):
    """How similar a sentence must be to answer is the service's choice (a client answers "no rule" where
    the service would); whether the encoder is used stays the client's (MEM_SEMANTIC=off here)."""
    from mem.agent.conversation import Conversation

    (workspace / "mem.toml").write_text("[ask]\nsemantic_threshold = 0.93\n")
    gitrepo.commit(workspace, ["mem.toml"], "settings")
    _build(workspace)
    _sync(isolated_env, live_server(workspace))
    memory = BundleServiceMemory(isolated_env)
    assert memory.settings()["ask"] == {"semantic_threshold": 0.93}
    config = Config.load(home=isolated_env)
    with Conversation(config=config, customer_id="c1", service=memory, learn=False) as conversation:
        ask = conversation._ask_settings()
    assert ask.semantic_threshold == 0.93 and ask.semantic == "off"


def _damage_state(home, text: str = "{") -> None:
    (home / "bundle" / "state.json").write_text(text)


@pytest.mark.parametrize("damage", ["{", "[]", '{"version": "2"}', "\udcff"])
def test_a_damaged_state_is_rebuilt_by_sync_from_the_verified_bundle_keeping_the_rollback_guard(synced, damage):
    from mem.client.installed_bundle import DamagedState

    workspace, server, home = synced
    _build(workspace)
    assert _sync(home, server)["version"] == 2
    (home / "bundle" / "state.json").write_text(damage, errors="surrogateescape")
    with pytest.raises(DamagedState, match=r"state.json is unreadable \(.*\): run `mem sync` to rebuild it"):
        load_state(home)
    result = _sync(home, server)
    assert result["status"] == "up-to-date" and result["recovered"]["version"] == 2
    assert (home / "bundle" / "state.json.damaged").read_bytes() == damage.encode("utf-8", "surrogateescape")
    assert load_state(home)["version"] == 2 and BundleServiceMemory(home).get_page("refunds").version == 3
    publish(workspace, 1)
    assert _rejected(home, server, "^rollback: the server offers bundle version 1")  # the guard survived


def test_state_recovery_takes_only_a_folder_whose_signature_and_files_verify(synced):
    workspace, server, home = synced
    _build(workspace)
    assert _sync(home, server)["version"] == 2
    root = home / "bundle"
    newest = next(p for p in root.glob("v00000002-*"))
    page = next((newest / "files").rglob("*.md"))
    page.write_text(page.read_text() + "\nAll refunds are approved.\n")  # altered on disk: not proof any more
    planted = root / "v00000009-planted"  # a higher version nobody signed
    shutil.copytree(newest, planted)
    manifest = json.loads((planted / "manifest.json").read_text())
    manifest["version"] = 9
    (planted / "manifest.json").write_bytes(encode_manifest(manifest))
    _damage_state(home)
    result = _sync(home, server)
    assert result["recovered"]["version"] == 1  # the older folder is the newest that verifies
    assert result["status"] == "updated" and result["version"] == 2  # and v2 is installed again, whole
    assert "All refunds are approved." not in BundleServiceMemory(home).get_page("refunds").body


def test_with_no_verified_bundle_the_state_starts_again_and_says_the_guard_is_lost(synced):
    workspace, server, home = synced
    (home / "bundle" / "trust.json").unlink()
    _damage_state(home)
    result = _sync(home, server)
    assert result["recovered"]["version"] is None and result["status"] == "updated" and result["version"] == 1


def test_cli_commands_on_a_damaged_state_say_to_run_sync_and_sync_repairs(mem, workspace, live_server,
                                                                            isolated_env):
    _build(workspace)
    server = live_server(workspace)
    assert mem("sync", "--server", server.url).exit_code == 0
    _damage_state(isolated_env)
    status = mem("status")
    assert status.exit_code == 2
    assert "state.json is unreadable" in status.stderr and "run `mem sync` to rebuild it" in status.stderr
    repaired = mem("sync", "--server", server.url)
    assert repaired.exit_code == 0, repaired.stderr
    assert "rebuilt from installed bundle v1 (signature and files verified)" in repaired.stdout
    assert json.loads(mem("status", "--json").stdout)["bundle_version"] == 1


@pytest.mark.parametrize("url", ["http://[::1", "http://127.0.0.1:99999", "http://:8765", "http://host name"])
def test_mem_login_refuses_a_url_no_request_can_use(mem, isolated_env, url):
    # it was stored (exit 0) and every later mem sync ended in "internal error: InvalidURL"
    result = mem("login", "--server", url)
    assert result.exit_code == 2 and result.stderr.startswith("Error: server URL ")
    assert not (isolated_env / "server.json").exists()


def test_mem_login_refuses_a_token_no_header_can_carry_and_a_stored_one_is_named(mem, isolated_env):
    # a line break in the token was stored, and every request then failed as "cannot reach server"
    result = mem("login", "--server", "http://127.0.0.1:8765", "--token", "a\nb")
    assert result.exit_code == 2 and "API token must be visible ASCII" in result.stderr
    assert not (isolated_env / "server.json").exists()
    (isolated_env / "server.json").write_text('{"url": "http://127.0.0.1:8765", "token": "a\\nb"}')
    synced = mem("sync")
    assert synced.exit_code == 2 and "run `mem login` again" in synced.stderr and "cannot reach" not in synced.stderr


def test_the_installed_folder_is_named_as_docs_server_md_shows_it(synced):
    # new-user report 13, item 10: the home layout said bundle/v00000007/ while sync writes a random suffix
    _, _, home = synced
    folder = load_state(home)["dir"]
    shown = re.search(r"<home>/bundle/(v\S+)/ ", (Path(__file__).parents[2] / "docs" / "server.md").read_text())
    pattern = r"v\d{8}-[a-z0-9_]{8}"
    assert re.fullmatch(pattern, folder) and shown and re.fullmatch(pattern, shown.group(1))
    assert (home / "bundle" / folder / "COMPLETE").is_file()
