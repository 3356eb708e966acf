"""NEWUSER_REPORT19 #12: `mem bundle prune --keep N` drops old bundles' files, never what numbering needs."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.core.errors import InvalidInput
from mem.server.bundle import build_bundle
from mem.server.bundle_prune import PRUNED, prune_bundles
from mem.server.published import bundle_dir, latest_version
from mem.wiki import version_floor

from .conftest import write_page


def _build(workspace):
    return build_bundle(workspace, config=Config.load(workspace=workspace))


def test_prune_keeps_the_newest_whole_and_every_manifest(workspace):
    _build(workspace)  # 1: refunds v3
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    for _ in range(4):  # 2..5: refunds v4, the same content renewed
        _build(workspace)
    before = version_floor.published_pages(workspace)
    result = prune_bundles(workspace, keep=2)
    assert result["pruned"] == [1, 2, 3] and result["kept"] == [4, 5] and result["freed_bytes"] > 0
    for number in (1, 2, 3):
        folder = bundle_dir(workspace, number)
        assert (folder / PRUNED).is_file() and (folder / "manifest.json").is_file()
        assert (folder / "manifest.sig").is_file()
    # the first bundle that shipped each page text keeps that file: ingest and lint still compare texts
    assert (bundle_dir(workspace, 1) / "files" / "policies" / "refunds.md").is_file()
    assert (bundle_dir(workspace, 2) / "files" / "policies" / "refunds.md").is_file()
    assert not (bundle_dir(workspace, 3) / "files" / "policies" / "refunds.md").exists()
    assert not (bundle_dir(workspace, 1) / "files" / "context.md").exists()
    assert (bundle_dir(workspace, 5) / "files" / "context.md").is_file()
    after = version_floor.published_pages(workspace)
    assert {p: sorted(v) for p, v in after.items()} == {p: sorted(v) for p, v in before.items()}
    assert all(s.file.is_file() for versions in after.values() for shipped in versions.values() for s in shipped)
    assert not (bundle_dir(workspace, 3) / "files").exists()
    assert not (bundle_dir(workspace, 3) / "transitions.json").exists()
    assert _build(workspace)["version"] == 6 and latest_version(workspace) == 6  # numbering goes on
    assert prune_bundles(workspace, keep=2)["pruned"] == [4]


def test_prune_never_touches_the_latest(workspace):
    from mem.server.published import publish

    for _ in range(3):
        _build(workspace)
    publish(workspace, 1)  # an operator pointed LATEST back (or a build died before its switch)
    result = prune_bundles(workspace, keep=1)
    assert 1 in result["kept"] and result["pruned"] == [2]
    with pytest.raises(InvalidInput):
        prune_bundles(workspace, keep=0)


def test_a_running_server_stops_serving_a_bundle_once_it_is_pruned(workspace):
    # new-user report 27 #4: the server's manifest cache kept answering 200 for a pruned bundle's files (the
    # first-shipped page texts prune keeps for numbering) until `mem serve` restarted
    from starlette.testclient import TestClient

    from mem.server import app as app_module

    _build(workspace)
    write_page(workspace, "refunds", 4, "Refunds within 14 days of purchase.")
    _build(workspace)
    client = TestClient(app_module.create_app(workspace, config=Config.load(workspace=workspace)))
    path = "/v1/bundle/1/files/policies/refunds.md"
    assert client.get(path).status_code == 200 and client.get("/v1/bundle/1/manifest.json").status_code == 200
    prune_bundles(workspace, keep=1)
    assert (bundle_dir(workspace, 1) / "files" / "policies" / "refunds.md").is_file()  # kept for numbering
    for url in (path, "/v1/bundle/1/manifest.json", "/v1/bundle/1/manifest.sig"):
        answer = client.get(url)
        assert answer.status_code == 404 and "no bundle version 1" in answer.text
    assert client.get("/v1/bundle/latest/files/policies/refunds.md").status_code == 200
