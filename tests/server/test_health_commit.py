"""NEWUSER_REPORT19 #1: /health names the commit of the bundle a host serves, so two hosts with one number and
two commits (a host restarted from an older copy) can be told apart."""

from __future__ import annotations

from mem.core.config import Config
from mem.server.bundle import build_bundle
from mem.wiki import gitrepo


def test_health_names_the_commit_of_the_latest_bundle(workspace):
    from starlette.testclient import TestClient

    from mem.server.app import create_app

    client = TestClient(create_app(workspace, config=Config.load(workspace=workspace)))
    assert client.get("/health").json()["bundle_commit"] is None
    build_bundle(workspace, config=Config.load(workspace=workspace))
    answer = client.get("/health").json()
    assert answer["bundle_version"] == 1 and answer["bundle_commit"] == gitrepo.head_sha(workspace)
