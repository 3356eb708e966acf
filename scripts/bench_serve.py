"""Benchmark of the service side: bundle build / verify, and `mem serve` under a bounded load.

    python scripts/bench_serve.py [--pages 100 1000] [--requests 3000] [--concurrency 8] [--repeat 3]
                                  [--scale-requests 2000] [--database URL | --no-postgres]

1. Builds a bundle of N policy pages (signing included) and verifies it the way a client does
   (Ed25519 signature over the manifest, then length + SHA-256 of every file); medians of
   ``--repeat`` runs.
2. Starts a real ``mem serve`` (uvicorn) in a subprocess on a free loopback port and drives it
   from a SEPARATE load-generator process (asyncio, keep-alive connections, a fixed number of
   requests and a time cap) against the manifest and one page; reports requests/s and p50/p99.
3. The cost of the per-account quotas: the same load against ``POST /v1/evidence`` (token lookup,
   per-request bounds, the daily charge and the insert, one transaction each), and the store's
   quota calls alone (``charge_daily``, ``reserve_backup``) in-process, median per call.
4. Scale-out, side by side in one run: SQLite with 1 worker, then PostgreSQL with 1, 2 and 4
   workers (``mem serve --workers N``), each driven by the same separate load process on three
   endpoints: the manifest (GET), evidence intake (POST, every record new, so each is a real
   insert) and backup PIN guesses (POST unlock with a wrong proof, at most 9 per backup so none is
   destroyed mid-run; each one is a counted, committed attempt under a row lock). PostgreSQL is a
   throw-away cluster started here with fsync on (scripts/pg_cluster.py ``--durable``), or the
   database given with ``--database``.

Prints markdown tables. The machine is shared, so figures are medians and indicative only.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _workspace(root: Path, pages: int) -> Path:
    from mem.server.keys import init_keys
    from mem.wiki import gitrepo
    from mem.wiki.page import Page, render_page
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(root / f"ws{pages}")
    init_keys(ws)
    for i in range(pages):
        body = f"Rule {i}: refunds for product line {i} are accepted within {14 + i % 30} days of purchase.\n" * 12
        page = Page(id=f"policy-{i:04d}", type="policy", title=f"Policy {i}", version=1 + i % 5,
                    meta={"status": "active", "effective": "2026-01-01"}, body=body)
        (ws / "policies" / f"{page.id}.md").write_text(render_page(page), encoding="utf-8")
    # A bundle ships only committed pages, as a real service's would.
    gitrepo.commit(ws, [f"policies/policy-{i:04d}.md" for i in range(pages)], f"bench: {pages} pages")
    return ws


def _verify(folder: Path, public_pem: bytes) -> int:
    from mem.wire import signing
    from mem.wire.manifest import parse_manifest

    manifest_bytes = (folder / "manifest.json").read_bytes()
    key = signing.load_public_pem(public_pem)
    if not signing.verify(key, manifest_bytes, (folder / "manifest.sig").read_bytes()):
        raise SystemExit("benchmark: signature did not verify")
    manifest = parse_manifest(manifest_bytes)
    for entry in manifest["files"]:
        data = (folder / "files" / entry["path"]).read_bytes()
        if len(data) != entry["length"] or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise SystemExit(f"benchmark: {entry['path']} does not match")
    return len(manifest["files"])


def bench_bundles(root: Path, sizes: list[int], repeat: int) -> list[tuple[int, float, float, int]]:
    from mem.core.config import Config
    from mem.server.bundle import build_bundle
    from mem.server.keys import keys_dir
    from mem.server.published import bundle_dir

    rows = []
    for n in sizes:
        ws = _workspace(root, n)
        config = Config.load(workspace=ws, env={})
        builds, verifies = [], []
        for _ in range(repeat):
            start = time.perf_counter()
            version = build_bundle(ws, config=config)["version"]
            builds.append(time.perf_counter() - start)
            start = time.perf_counter()
            files = _verify(bundle_dir(ws, version), (keys_dir(ws) / "signing.pub.pem").read_bytes())
            verifies.append(time.perf_counter() - start)
        rows.append((n, statistics.median(builds), statistics.median(verifies), files))
    return rows


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _start_server(ws: Path, *, workers: int = 1, database: str = "") -> tuple[subprocess.Popen, int]:
    port = _free_port()
    env = dict(os.environ, MEM_WORKSPACE=str(ws))
    env.pop("MEM_DATABASE_URL", None)
    if database:
        env["MEM_DATABASE_URL"] = database
    proc = subprocess.Popen([sys.executable, "-m", "mem", "serve", "--port", str(port), "--workers", str(workers)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    answered = 0
    while time.monotonic() < deadline and answered < 4 * workers:  # every worker up, not just the first
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                if sock.recv(12).startswith(b"HTTP/1.1 200"):
                    answered += 1
                    continue
        except OSError:
            pass
        time.sleep(0.2)
    if answered < 4 * workers:
        proc.kill()
        raise SystemExit("benchmark: mem serve did not start")
    time.sleep(0.5 * workers)
    return proc, port


# --- the load generator (runs in its own process: `bench_serve.py --load PORT PATH COUNT CONCURRENCY`) ---

WRONG_PROOF = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="  # 32 bytes of 0x02: never a backup's proof
RIGHT_PROOF = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="  # 32 bytes of 0x01: the benchmark backups' proof


def _request(spec: dict, index: int) -> bytes:
    """Request ``index`` of a load: a GET of ``spec['path']``, the same raw request every time
    (``raw_file``), or a POST built from the spec's kind."""
    if "raw_file" in spec:
        if "raw" not in spec:
            spec["raw"] = Path(spec["raw_file"]).read_bytes()
        return spec["raw"]
    if spec.get("kind", "get") == "get":
        return f"GET {spec['path']} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    if spec["kind"] == "evidence":
        path = "/v1/evidence"
        body = json.dumps({"records": [{"fact_id": f"{spec['prefix']}-{index}", "customer_id": "cust-bench",
                                        "date": None, "quotes": ["Yes, please refund the order."]}]})
    else:  # a wrong PIN proof; at most 9 per backup, so the backup is never destroyed mid-run
        path = f"/vault/backups/{spec['ids'][index // 9]}/unlock"
        body = json.dumps({"authenticator": WRONG_PROOF})
    data = body.encode()
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {spec['token']}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data


async def _worker(port: int, spec: dict, quota: list[int], count: int, latencies: list[float],
                  deadline: float) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while quota[0] > 0 and time.perf_counter() < deadline:
            quota[0] -= 1
            request = _request(spec, count - quota[0] - 1)
            start = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"benchmark: {spec} answered {head.splitlines()[0]!r}")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - start)
    finally:
        writer.close()


async def _load(port: int, spec: dict, count: int, concurrency: int, cap_s: float) -> dict:
    latencies: list[float] = []
    quota = [count]
    start = time.perf_counter()
    await asyncio.gather(*(_worker(port, spec, quota, count, latencies, start + cap_s) for _ in range(concurrency)))
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {"requests": len(latencies), "seconds": elapsed, "rps": len(latencies) / elapsed,
            "p50_ms": latencies[len(latencies) // 2] * 1000,
            "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000}


def bench_serve(root: Path, requests: int, concurrency: int) -> list[tuple[str, dict]]:
    ws = _workspace(root, 100) if not (root / "ws100").exists() else root / "ws100"
    from mem.core.config import Config
    from mem.server.accounts import add_account
    from mem.server.bundle import build_bundle

    version = build_bundle(ws, config=Config.load(workspace=ws, env={}))["version"]
    token = add_account(ws, f"bench-{os.getpid()}-{time.monotonic_ns()}")
    proc, port = _start_server(ws)
    body = json.dumps({"records": [{"fact_id": "f-1", "customer_id": "cust-1", "date": "2026-12-01",
                                    "quotes": ["Yes, please refund half of it."]}]}).encode()
    evidence = (f"POST /v1/evidence HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    raw_file = root / "evidence.http"
    raw_file.write_bytes(evidence)
    results = []
    try:
        for label, spec in (("manifest", {"path": f"/v1/bundle/{version}/manifest.json"}),
                            ("page", {"path": f"/v1/bundle/{version}/files/policies/policy-0042.md"}),
                            ("evidence POST (auth + quota + insert)", {"raw_file": str(raw_file)})):
            _load_process(port, spec, max(100, requests // 10), concurrency)  # warm-up
            results.append((label, _load_process(port, spec, requests, concurrency)))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return results


def bench_quota_calls(root: Path, calls: int) -> list[tuple[str, float]]:
    """Median seconds of one quota call of the embedded store (each is one SQLite transaction)."""
    from mem.server.storage import SqliteServerStore

    store = SqliteServerStore(root / "quota" / "server.db")
    charge, reserve = [], []
    for i in range(calls):
        start = time.perf_counter()
        store.charge_daily("bench", "evidence", day="2026-12-01", records=1, nbytes=200, max_records=10**9,
                           max_bytes=10**12)
        charge.append(time.perf_counter() - start)
        start = time.perf_counter()
        store.reserve_backup("bench", f"B{i:025d}", nbytes=1024, started_at="2026-12-01T00:00:00Z",
                             max_bytes=10**15, max_count=10**9, max_unfinished_bytes=10**15,
                             max_unfinished_count=10**9)
        reserve.append(time.perf_counter() - start)
    return [("charge_daily (evidence, share)", statistics.median(charge)),
            (f"reserve_backup (with {calls} backups held)", statistics.median(reserve))]


def _load_process(port: int, spec: dict, count: int, concurrency: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--load", str(port), json.dumps(spec), str(count),
                          str(concurrency)], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise SystemExit(f"benchmark: load generator failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


SCALE = (("SQLite", 1), ("PostgreSQL", 1), ("PostgreSQL", 2), ("PostgreSQL", 4))


def bench_scale(root: Path, requests: int, concurrency: int, database: str) -> list[tuple[str, int, str, dict]]:
    """Manifest, evidence intake and PIN guesses per (engine, workers); ``database`` empty skips PostgreSQL."""
    import dataclasses

    from mem.core.config import Config
    from mem.server.accounts import add_account
    from mem.server.bundle import build_bundle
    from mem.server.storage import open_store
    from mem.server.vault import Vault

    ws = _workspace(root, 100) if not (root / "ws100").exists() else root / "ws100"
    base = Config.load(workspace=ws, env={})
    version = build_bundle(ws, config=base)["version"]
    rows = []
    for run, (engine, workers) in enumerate(SCALE):
        url = database if engine == "PostgreSQL" else ""
        if engine == "PostgreSQL" and not url:
            continue
        config = dataclasses.replace(base, server=dataclasses.replace(base.server, database=url))
        account = f"bench-{run}"
        token = add_account(ws, account, store=open_store(ws, config))
        vault = Vault.open(ws, config=config)
        ids = []
        for i in range(requests // 9 + 1):
            created = vault.create(account=account, slot=f"{run:08x}{i:024x}", authenticator=RIGHT_PROOF, kdf={})
            vault.upload(account=account, backup_id=created["backup_id"], data=b"ciphertext" * 10)
            ids.append(created["backup_id"])
        proc, port = _start_server(ws, workers=workers, database=url)
        try:
            manifest = {"path": f"/v1/bundle/{version}/manifest.json"}
            _load_process(port, manifest, max(200, requests // 5), concurrency)  # warm-up
            _load_process(port, {"kind": "evidence", "token": token, "prefix": f"warm-{run}"}, 200, concurrency)
            for label, spec in (("manifest", manifest),
                                ("evidence intake", {"kind": "evidence", "token": token, "prefix": f"r{run}"}),
                                ("backup guesses", {"kind": "guess", "token": token, "ids": ids})):
                rows.append((engine, workers, label, _load_process(port, spec, requests, concurrency)))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    return rows


def _postgres(root: Path) -> tuple[str, Path | None]:
    """A durable throw-away cluster (scripts/pg_cluster.py); ("", None) when PostgreSQL is not installed."""
    sys.path.insert(0, str(Path(__file__).parent))
    import pg_cluster

    folder = root / "pg"
    try:
        url = pg_cluster.start(folder, durable=True)
    except (SystemExit, subprocess.CalledProcessError) as exc:
        print(f"benchmark: no PostgreSQL ({exc}); scale-out rows for SQLite only", file=sys.stderr)
        return "", None
    return url, folder


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--load":
        port, spec, count, concurrency = int(sys.argv[2]), json.loads(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
        print(json.dumps(asyncio.run(_load(port, spec, count, concurrency, cap_s=120.0))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale-requests", type=int, default=2000, help="requests per endpoint and configuration")
    parser.add_argument("--database", default="", help="PostgreSQL URL to use instead of a throw-away cluster")
    parser.add_argument("--no-postgres", action="store_true", help="scale-out rows for SQLite only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if os.geteuid() == 0:  # the throw-away cluster runs as the postgres user and needs to reach its folder
            os.chmod(root, 0o755)
        bundles = bench_bundles(root, args.pages, args.repeat)
        serve = bench_serve(root, args.requests, args.concurrency)
        quota_calls = bench_quota_calls(root, 2000)
        database, cluster = ("", None) if args.no_postgres else (args.database, None)
        if not database and not args.no_postgres:
            database, cluster = _postgres(root)
        try:
            if database:
                from mem.server.migrations import MIGRATIONS, migrate

                migrate(database, list(MIGRATIONS))
            scale = bench_scale(root, args.scale_requests, args.concurrency, database)
        finally:
            if cluster is not None:
                import pg_cluster

                pg_cluster.stop(cluster)
    print("| bundle | files | build (median) | verify (median) |")
    print("|---|---:|---:|---:|")
    for n, build, verify, files in bundles:
        print(f"| {n} pages | {files} | {build * 1000:.0f} ms | {verify * 1000:.1f} ms |")
    print()
    print("| `mem serve` endpoint | requests | concurrency | req/s | p50 | p99 |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, r in serve:
        print(f"| {label} | {r['requests']} | {args.concurrency} | {r['rps']:.0f} | {r['p50_ms']:.1f} ms "
              f"| {r['p99_ms']:.1f} ms |")
    print()
    print("| quota call (embedded SQLite store) | median per call |")
    print("|---|---:|")
    for label, seconds in quota_calls:
        print(f"| {label} | {seconds * 1e6:.0f} µs |")
    print()
    print("| engine | workers | endpoint | requests | req/s | p50 | p99 |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for engine, workers, label, r in scale:
        print(f"| {engine} | {workers} | {label} | {r['requests']} | {r['rps']:.0f} | {r['p50_ms']:.1f} ms "
              f"| {r['p99_ms']:.1f} ms |")


if __name__ == "__main__":
    main()
