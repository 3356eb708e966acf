"""A bundle written by a newer mem (NEWUSER_REPORT18 #3): the manifest names the oldest bundle format that can use
it (``min_reader``); a client below it refuses the bundle before it installs anything and keeps its last good
one, and a client setting it does not know in a bundle it may read is named in one warning line and ignored."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess

import pytest

from mem.client.bundle_memory import BundleServiceMemory, client_config
from mem.client.installed_bundle import load_state
from mem.client.sync import sync
from mem.core.config import Config
from mem.core.errors import MemWarning, VerificationError
from mem.core.formats import BUNDLE_FORMAT, BUNDLE_MIN_READER
from mem.server.bundle import build_bundle
from mem.server.keys import load_signing_key
from mem.server.published import bundle_dir
from mem.wire import signing
from mem.wire.manifest import NeedsNewerMem, encode_manifest, parse_manifest


def _build(workspace):
    return build_bundle(workspace, config=Config.load(workspace=workspace))


def _sync(home, server):
    return sync(home, config=Config.load(home=home), server=server.url, push_evidence=False)


def _rewrite(workspace, version, *, manifest_changes=None, settings=None):
    """Bundle ``version`` as a newer service would write it, signed again with the service's key."""
    folder = bundle_dir(workspace, version)
    manifest = json.loads((folder / "manifest.json").read_bytes())
    if settings is not None:
        data = json.dumps(settings).encode()
        (folder / "files" / "config.json").write_bytes(data)
        for entry in manifest["files"]:
            if entry["path"] == "config.json":
                entry.update(sha256=hashlib.sha256(data).hexdigest(), length=len(data))
    manifest.update(manifest_changes or {})
    data = encode_manifest(manifest)
    (folder / "manifest.json").write_bytes(data)
    (folder / "manifest.sig").write_bytes(signing.sign(load_signing_key(workspace), data))


@pytest.fixture
def synced(workspace, live_server, isolated_env):
    _build(workspace)
    server = live_server(workspace)
    assert _sync(isolated_env, server)["status"] == "updated"
    return workspace, server, isolated_env


def test_todays_manifest_names_its_format_and_oldest_reader(synced):
    workspace, _, home = synced
    manifest = json.loads((bundle_dir(workspace, 1) / "manifest.json").read_bytes())
    assert manifest["bundle_format"] == BUNDLE_FORMAT and manifest["min_reader"] == BUNDLE_MIN_READER
    assert manifest["written_by"].startswith("mem ")


def test_a_later_manifest_format_is_a_newer_mem_not_a_tampered_manifest():
    later = encode_manifest({"format": "mem-bundle/2", "version": 4, "written_by": "mem 9.9.9", "shape": "new"})
    with pytest.raises(NeedsNewerMem, match=r"^bundle 4 needs a newer mem: it is mem-bundle/2 .*mem 9\.9\.9"):
        parse_manifest(later)


def test_a_bundle_for_a_newer_mem_is_refused_at_sync_and_the_last_good_one_kept(synced):
    workspace, server, home = synced
    _build(workspace)
    changes = {"min_reader": BUNDLE_FORMAT + 1, "bundle_format": BUNDLE_FORMAT + 1}
    _rewrite(workspace, 2, manifest_changes={**changes, "written_by": "mem 9.9.9"},
             settings={"extract": {"a_future_setting": True}})
    before = load_state(home)
    with pytest.raises(NeedsNewerMem, match=r"^bundle 2 needs a newer mem: .*written by mem 9\.9\.9") as info:
        _sync(home, server)
    assert isinstance(info.value, VerificationError)  # exit 1, a refusal, like every bundle refusal
    after = load_state(home)
    assert (after["version"], after["dir"]) == (before["version"], before["dir"]) == (1, before["dir"])
    assert after["stale"] is True and "needs a newer mem" in after["reason"]
    assert BundleServiceMemory(home).get_page("refunds").version == 3  # still the last good bundle
    client_config(Config.load(home=home))  # and its settings still read


class _Served:
    """The server's answers for one bundle, as a newer service would serve them (today's server reads its own
    format only, so a later mem-bundle/N is served from here)."""

    url = "https://service.example"

    def __init__(self, version, files):
        self.version, self.files = version, files

    def get_json(self, path):
        return {"version": self.version}

    def get_bytes(self, path, *, max_bytes, what):
        return self.files[path.rsplit("/", 1)[1]], {}


def test_a_later_bundle_format_is_a_newer_mem_only_when_the_service_signed_it(synced):
    # an unsigned manifest saying "mem-bundle/2" is a forgery, not a reason to upgrade (final read of round 18)
    from mem.client.sync import _sync_bundle

    workspace, _, home = synced
    _build(workspace)
    folder = bundle_dir(workspace, 2)
    manifest = json.loads((folder / "manifest.json").read_bytes())
    manifest.update({"format": "mem-bundle/2", "written_by": "mem 9.9.9"})
    later = encode_manifest(manifest)
    files = {"manifest.json": later, "transitions.json": (folder / "transitions.json").read_bytes(),
             "manifest.sig": signing.sign(load_signing_key(workspace), later)}
    with pytest.raises(NeedsNewerMem, match=r"^bundle 2 needs a newer mem: it is mem-bundle/2"):
        _sync_bundle(home, _Served(2, files), on_progress=None)
    files["manifest.sig"] = (folder / "manifest.sig").read_bytes()  # the signature of the manifest as it was
    with pytest.raises(VerificationError, match=r"^tampered manifest: the signature of bundle 2 does not verify") \
            as info:
        _sync_bundle(home, _Served(2, files), on_progress=None)
    assert not isinstance(info.value, NeedsNewerMem)
    assert load_state(home)["version"] == 1


def test_an_unknown_client_setting_in_a_readable_bundle_is_named_once_and_ignored(synced):
    workspace, server, home = synced
    _build(workspace)
    settings = Config.load(workspace=workspace).client_settings()
    settings["extract"]["a_future_setting"] = True
    settings["trait"]["min_repeats"] = 7
    _rewrite(workspace, 2, manifest_changes={"bundle_format": BUNDLE_FORMAT + 1}, settings=settings)
    with pytest.warns(MemWarning, match=r"bundle 2 was written by a newer mem: .*extract\.a_future_setting"):
        assert _sync(home, server)["status"] == "updated"
    with pytest.warns(MemWarning, match="extract.a_future_setting"):
        config = client_config(Config.load(home=home))
    assert config.trait.min_repeats == 7  # what it knows is applied


def test_a_known_setting_with_a_bad_value_refuses_the_bundle_at_sync(synced):
    workspace, server, home = synced
    _build(workspace)
    settings = Config.load(workspace=workspace).client_settings()
    settings["trait"]["min_repeats"] = "many"
    _rewrite(workspace, 2, settings=settings)
    with pytest.raises(Exception, match=r"bundle 2: trait\.min_repeats must be int"):
        _sync(home, server)
    assert load_state(home)["version"] == 1


def test_a_bundle_a_newer_mem_installed_in_this_home_is_refused_with_that_reason(synced):
    _, _, home = synced
    state = load_state(home)
    path = home / "bundle" / state["dir"] / "manifest.json"
    manifest = json.loads(path.read_bytes())
    manifest["min_reader"] = BUNDLE_FORMAT + 1
    path.write_bytes(encode_manifest(manifest))
    with pytest.raises(NeedsNewerMem, match="^the installed bundle 1 needs a newer mem"):
        BundleServiceMemory(home)


def test_a_setting_newer_than_format_1_ships_only_when_set(workspace):
    # review 18, item 4: clients before min_reader refuse a setting they do not know, so a bundle carries one added
    # since format 1 only when the operator changed it — and then says which format it needs
    default = json.loads((bundle_dir(workspace, _build(workspace)["version"]) / "files" / "config.json").read_bytes())
    assert "host_agent_confirms" not in default["extract"] and default["extract"]
    toml = workspace / "mem.toml"
    text, n = re.subn(r"(?m)^#?\s*host_agent_confirms\s*=.*$", "host_agent_confirms = true",
                      toml.read_text(encoding="utf-8"))
    assert n == 1
    toml.write_text(text, encoding="utf-8")
    subprocess.run(["git", "-C", str(workspace), "commit", "-qam", "host agent confirms"], check=True)
    folder = bundle_dir(workspace, _build(workspace)["version"])
    assert json.loads((folder / "files" / "config.json").read_bytes())["extract"]["host_agent_confirms"] is True
    assert json.loads((folder / "manifest.json").read_bytes())["min_reader"] == 2
