"""Bundle routes: the latest version, its manifest, signature, key transitions and files.

No account is needed: service memory goes to every client, and the signature — not the channel —
is what the client trusts. Manifests are cached in memory per version, so the hot path serves from RAM
with two ``stat`` calls: a published bundle never changes, but an operator may put a damaged manifest or
signature back from a backup, and every client's sync would be refused as tampered until a restart if the
cache did not notice (new-user report 25B #3). A file is served only if its version's manifest lists it,
which also rules out path tricks, and none of a bundle ``mem bundle prune`` marked, even one pruned while the server
runs. Every file answer carries ``X-Mem-Bundle-Version``.
"""

from __future__ import annotations

from typing import Any

from mem.core.errors import NotFound
from mem.core.json_types import JsonObject
from mem.server.bundle_prune import PRUNED
from mem.server.published import bundle_dir, bundles_dir, latest_version
from mem.wire.manifest import FILES_DIR, MANIFEST_FILE, SIGNATURE_FILE, TRANSITIONS_FILE, parse_manifest


class BundleCache:
    """Published bundles read once: manifest bytes, signature, transitions and the listed paths."""

    def __init__(self, workspace) -> None:
        self.workspace = workspace
        self._versions: dict[int, dict[str, Any]] = {}
        self._latest: tuple[float, int | None] | None = None

    def latest(self) -> int:
        pointer = bundles_dir(self.workspace) / "LATEST"
        try:
            mtime = pointer.stat().st_mtime
        except FileNotFoundError:
            mtime = -1.0
        if self._latest is None or self._latest[0] != mtime:
            self._latest = (mtime, latest_version(self.workspace))
        if self._latest[1] is None:
            raise NotFound("no bundle published yet: run `mem bundle build` on the server")
        return self._latest[1]

    def version(self, version: int) -> JsonObject:
        folder = bundle_dir(self.workspace, version)
        # a pruned bundle keeps its manifest and some first-shipped page files for numbering, not for clients;
        # checked on every request, as the prune runs while the server is up (new-user report 27 #4)
        if (folder / PRUNED).exists():
            self._versions.pop(version, None)
            raise NotFound(f"no bundle version {version}")
        try:
            stamp = tuple((st.st_mtime_ns, st.st_size, st.st_ino)
                          for st in ((folder / name).stat() for name in (MANIFEST_FILE, SIGNATURE_FILE)))
        except FileNotFoundError as exc:
            raise NotFound(f"no bundle version {version}") from exc
        cached = self._versions.get(version)
        if cached is None or cached["stamp"] != stamp:
            try:
                manifest = (folder / MANIFEST_FILE).read_bytes()
                cached = {
                    "manifest": manifest,
                    "sig": (folder / SIGNATURE_FILE).read_bytes(),
                    "transitions": (folder / TRANSITIONS_FILE).read_bytes(),
                    "public_key": (folder / "signing.pub.pem").read_bytes(),
                    "paths": {f["path"] for f in parse_manifest(manifest)["files"]},
                    "folder": folder,
                    "stamp": stamp,
                }
            except FileNotFoundError as exc:
                raise NotFound(f"no bundle version {version}") from exc
            self._versions[version] = cached
        return cached


def routes(server) -> list:
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    cache = BundleCache(server.workspace)
    server.extras["bundles"] = cache

    def _version(request) -> int:
        raw = request.path_params["version"]
        if raw == "latest":
            return cache.latest()
        if not (raw.isascii() and raw.isdigit()):  # str.isdigit() also takes '٣' and '１'
            raise NotFound(f"no bundle version {raw!r}")
        return int(raw)

    async def latest(request):
        return JSONResponse({"version": cache.latest()})

    def _blob(name: str, media: str):
        async def endpoint(request):
            version = _version(request)
            return Response(cache.version(version)[name], media_type=media,
                            headers={"X-Mem-Bundle-Version": str(version), "Cache-Control": "no-cache"})
        return endpoint

    async def file(request):
        version = _version(request)
        entry = cache.version(version)
        path = request.path_params["path"]
        if path not in entry["paths"]:
            raise NotFound(f"bundle {version} has no file {path!r}")
        try:
            data = (entry["folder"] / FILES_DIR / path).read_bytes()
        except FileNotFoundError as exc:
            raise NotFound(f"bundle {version} is missing {path!r} on the server") from exc
        return Response(data, media_type="application/octet-stream",
                        headers={"X-Mem-Bundle-Version": str(version)})

    async def public_key(request):
        return Response(cache.version(cache.latest())["public_key"], media_type="application/x-pem-file")

    return [
        Route("/v1/bundle/latest", latest, methods=["GET"]),
        Route("/v1/bundle/{version}/manifest.json", _blob("manifest", "application/json"), methods=["GET"]),
        Route("/v1/bundle/{version}/manifest.sig", _blob("sig", "application/octet-stream"), methods=["GET"]),
        Route("/v1/bundle/{version}/transitions.json", _blob("transitions", "application/json"), methods=["GET"]),
        Route("/v1/bundle/{version}/files/{path:path}", file, methods=["GET"]),
        Route("/v1/keys/public.pem", public_key, methods=["GET"]),
    ]
