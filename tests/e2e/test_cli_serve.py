"""``graphrag serve`` runs the HTTP API as a real server process that a client can reach."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.e2e.cli import clean_env

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_answers_over_http_and_stops_cleanly(tmp_path: Path) -> None:
    port = free_port()
    env = clean_env(GRAPHRAG_DATA_DIR=str(tmp_path / "data"), GRAPHRAG_API_KEY="s3cret")
    server = subprocess.Popen(
        [sys.executable, "-m", "graphrag.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            raise AssertionError("server did not come up")
        key = {"Authorization": "Bearer s3cret"}
        auth = {**key, "X-Graphrag-Tenant": "acme"}
        assert httpx.get(f"{base}/status", timeout=30).status_code == 401
        assert httpx.get(f"{base}/status", headers=key, timeout=30).status_code == 401  # no tenant
        status = httpx.get(f"{base}/status", headers=auth, timeout=30).json()
        assert status["documents"] == 0 and status["tenant"] == "acme"
        answer = httpx.post(f"{base}/search", json={"query": "x"}, headers=auth, timeout=60)
        assert answer.status_code == 200 and answer.json()["results"] == []
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    assert "s3cret" not in err
