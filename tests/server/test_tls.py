"""The TLS setup docs/scale.md gives: `uvicorn mem.server.asgi:app --ssl-certfile … --ssl-keyfile …`."""

from __future__ import annotations

import datetime
import os
import socket
import ssl
import subprocess
import sys
import time

import httpx


def _self_signed(folder) -> tuple[str, str]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    import ipaddress

    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_path), str(key_path)


def test_the_asgi_app_serves_https_with_uvicorns_own_tls(workspace, tmp_path):
    from mem.core.config import Config
    from mem.server.bundle import build_bundle

    build_bundle(workspace, config=Config.load(workspace=workspace, env={}))
    cert, key = _self_signed(tmp_path)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "uvicorn", "mem.server.asgi:app", "--host", "127.0.0.1",
                                "--port", str(port), "--ssl-certfile", cert, "--ssl-keyfile", key,
                                "--log-level", "warning"],
                               env={**os.environ, "MEM_WORKSPACE": str(workspace)}, cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                answer = httpx.get(f"https://127.0.0.1:{port}/ready", verify=ssl.create_default_context(cafile=cert),
                                   timeout=2)
                break
            except httpx.ConnectError:
                assert time.monotonic() < deadline and process.poll() is None, "uvicorn did not start"
                time.sleep(0.2)
        assert answer.json() == {"status": "ready"}
        assert answer.url.scheme == "https"
        try:  # plain HTTP on the TLS port gets no answer from mem
            plain = httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).status_code
        except httpx.HTTPError:
            plain = None
        assert plain != 200
    finally:
        process.terminate()
        process.wait(timeout=20)
