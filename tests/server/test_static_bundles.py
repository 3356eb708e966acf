"""`mem bundle publish DIR`: a built bundle as static, content-addressed files, the pointer written last."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from mem.core.config import Config
from mem.core.errors import NotFound, VerificationError
from mem.server import static_bundles
from mem.server.bundle import build_bundle
from mem.server.published import bundle_dir


def test_publish_writes_content_addressed_files_then_manifest_then_latest(workspace, tmp_path, monkeypatch):
    built = build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    order: list[str] = []
    real = static_bundles.atomic_write_bytes

    def recording(path, data, **kw):
        order.append(os.path.relpath(path, tmp_path / "site"))
        real(path, data, **kw)

    monkeypatch.setattr(static_bundles, "atomic_write_bytes", recording)
    monkeypatch.setattr(static_bundles, "atomic_write_text",
                        lambda path, text, **kw: recording(path, text.encode(), **kw))
    result = static_bundles.publish_static(workspace, tmp_path / "site")
    site = tmp_path / "site"
    manifest = json.loads((bundle_dir(workspace, built["version"]) / "manifest.json").read_bytes())
    for entry in manifest["files"]:
        data = (site / "files" / entry["sha256"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    folder = f"bundles/{built['version']:08d}"
    assert order[-3:] == [f"{folder}/manifest.json", f"{folder}/manifest.sig", "latest.json"]
    assert all(name.startswith("files/") for name in order[:len(manifest["files"])])
    assert json.loads((site / "latest.json").read_text()) == {"format": "mem-static/1", "version": built["version"]}
    assert (site / "keys" / "public.pem").read_bytes() == (workspace / ".mem" / "keys" / "signing.pub.pem").read_bytes()
    assert result["written"] == len(manifest["files"])
    assert (site / "latest.json").stat().st_mode & 0o777 == 0o644


def test_publishing_again_writes_only_new_files_and_never_moves_latest_back(workspace, tmp_path):
    from .conftest import write_page

    config = Config.load(workspace=workspace, env={})
    first = build_bundle(workspace, config=config)["version"]
    static_bundles.publish_static(workspace, tmp_path / "site")
    write_page(workspace, "refunds", 4, "Refunds within 45 days of purchase.")
    second = build_bundle(workspace, config=config)["version"]
    again = static_bundles.publish_static(workspace, tmp_path / "site")
    assert again["version"] == second and again["written"] == 1  # only the changed page is new
    older = static_bundles.publish_static(workspace, tmp_path / "site", version=first)
    assert older["written"] == 0
    assert json.loads((tmp_path / "site" / "latest.json").read_text())["version"] == second


def test_publish_refuses_a_bundle_whose_files_changed_on_disk(workspace, tmp_path):
    built = build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    (bundle_dir(workspace, built["version"]) / "files" / "policies" / "refunds.md").write_text("tampered")
    with pytest.raises(VerificationError, match="does not match"):
        static_bundles.publish_static(workspace, tmp_path / "site")
    assert not (tmp_path / "site" / "latest.json").exists()


def test_publish_before_any_build_is_one_clear_error(workspace, tmp_path, mem):
    with pytest.raises(NotFound, match="mem bundle build"):
        static_bundles.publish_static(workspace, tmp_path / "site")
    result = mem("--workspace", workspace, "bundle", "publish", tmp_path / "site")
    assert result.exit_code != 0 and "mem bundle build" in result.stderr and result.stderr.count("\n") == 1
