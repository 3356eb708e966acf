"""A throw-away PostgreSQL cluster for tests, CI and benchmarks: its own folder, its own loopback port.

    python scripts/pg_cluster.py start DIR [--durable]   # prints the database URL on stdout
    python scripts/pg_cluster.py restart DIR             # same port: what a failover or maintenance does
    python scripts/pg_cluster.py stop DIR

Uses the Debian ``postgresql`` package's binaries (``/usr/lib/postgresql/<N>/bin``, or ``initdb`` on
PATH). PostgreSQL refuses to run as root, so as root the cluster is made and run as the ``postgres``
user (``runuser``). Every cluster gets a free port and a socket folder inside DIR, so several people
(or CI runs) on one machine never meet. Without ``--durable`` the cluster skips fsync, as a test
database that is thrown away needs no crash safety; benchmarks use ``--durable``.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

DATABASE = "mem_test"


def bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise SystemExit("pg_cluster: no PostgreSQL found (apt-get install -y postgresql)")


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(folder: Path, *, durable: bool) -> str:
    binaries = bin_dir()
    folder = folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    if not data.exists():
        subprocess.run(_as_owner([str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                  "-E", "UTF8", "--locale=C", "--no-sync"]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    settings = ["-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={folder}", "-c max_connections=300"]
    if not durable:
        settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
    for attempt in range(5):
        port = _free_port()
        done = subprocess.run(_as_owner([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w",
                                         "-t", "60", "-o", " ".join([*settings, f"-p {port}"]), "start"]),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode == 0:
            break
        if attempt == 4:
            raise SystemExit(f"pg_cluster: cannot start PostgreSQL: {done.stderr.strip()}")
    (folder / "port").write_text(str(port))
    subprocess.run([str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", DATABASE],
                   check=True)
    return f"postgresql://postgres@127.0.0.1:{port}/{DATABASE}"


def restart(folder: Path) -> None:
    """``pg_ctl restart -m fast`` on the cluster's own port: every open connection is ended, as in a
    failover or a maintenance restart, and the same URL works again afterwards."""
    data = folder.resolve() / "data"
    subprocess.run(_as_owner([str(bin_dir() / "pg_ctl"), "-D", str(data), "-l", str(folder.resolve() / "log"),
                              "-m", "fast", "-w", "-t", "60",
                              "restart"]), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop(folder: Path) -> None:
    data = folder.resolve() / "data"
    if data.exists():
        subprocess.run(_as_owner([str(bin_dir() / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["start", "restart", "stop"])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--durable", action="store_true", help="keep fsync on (benchmarks)")
    args = parser.parse_args(argv)
    if args.action == "start":
        print(start(args.folder, durable=args.durable))
    elif args.action == "restart":
        restart(args.folder)
    else:
        stop(args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
