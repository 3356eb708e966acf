"""``GET /health``: liveness for load balancers and ``mem status``; no account needed."""

from __future__ import annotations

from mem import __version__


def routes(server) -> list:
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    async def health(request):
        from mem.server.published import latest_version

        return JSONResponse({"status": "ok", "service": "mem", "version": __version__,
                             "bundle_version": latest_version(server.workspace)})

    return [Route("/health", health, methods=["GET"])]
