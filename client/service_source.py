"""Where service memory comes from for an answer: the verified bundle if the client has one, else the workspace."""

from __future__ import annotations

from collections.abc import Callable

from mem.client.installed_bundle import state_path
from mem.core.config import Config
from mem.core.errors import NotFound
from mem.wiki.service_memory import ServiceMemory, WorkspaceServiceMemory


def open_service_memory(config: Config, *, from_workspace: bool = False,
                        on_invalid: Callable[[str], None] | None = None) -> ServiceMemory:
    """The last verified bundle in the client home (``mem sync``), else the workspace (``--workspace``).

    A bundle marked stale is still used — it is the last verified one — and its stale state shows
    in every answer's context and warnings. ``from_workspace`` (``mem ask --from-workspace``): the
    workspace, even when the home holds a bundle — an operator replaying an answer against an older
    workspace commit (NEWUSER_REPORT20 #5); ``NotFound`` without one. ``on_invalid``: told, once each, of a
    workspace page left out because it is invalid (``WorkspaceServiceMemory``).
    """
    if from_workspace:
        if config.workspace is None:
            raise NotFound("--from-workspace needs a workspace: pass --workspace DIR")
        return WorkspaceServiceMemory(config.workspace, on_invalid=on_invalid)
    if state_path(config.home).is_file():
        from mem.client.bundle_memory import BundleServiceMemory

        try:
            return BundleServiceMemory(config.home, stale_after_hours=config.bundle.stale_after_hours)
        except NotFound:
            pass  # a state file without a verified bundle (first sync failed): use the workspace
    if config.workspace is not None:
        return WorkspaceServiceMemory(config.workspace, on_invalid=on_invalid)
    raise NotFound("no service memory: run `mem sync` to fetch the signed bundle, or pass --workspace DIR")
