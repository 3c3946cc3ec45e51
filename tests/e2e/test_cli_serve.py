"""``graphrag serve`` runs the HTTP API as a real server process that a client can reach."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.e2e.cli import cli, serving

pytestmark = pytest.mark.e2e


def test_serve_answers_over_http_and_stops_cleanly(tmp_path: Path) -> None:
    with serving(tmp_path / "data", GRAPHRAG_API_KEY="s3cret") as base:
        key = {"Authorization": "Bearer s3cret"}
        auth = {**key, "X-Graphrag-Tenant": "acme"}
        assert httpx.get(f"{base}/status", timeout=30).status_code == 401
        assert httpx.get(f"{base}/status", headers=key, timeout=30).status_code == 401  # no tenant
        status = httpx.get(f"{base}/status", headers=auth, timeout=30).json()
        assert status["documents"] == 0 and status["tenant"] == "acme"
        answer = httpx.post(f"{base}/search", json={"query": "x"}, headers=auth, timeout=60)
        assert answer.status_code == 200 and answer.json()["results"] == []
        assert "s3cret" not in answer.text


def test_serve_refuses_other_interfaces_without_a_key(tmp_path: Path) -> None:
    proc = cli("serve", "--host", "0.0.0.0", "--port", "1", data_dir=tmp_path)
    assert proc.returncode == 2
    assert "GRAPHRAG_API_KEY" in proc.stderr and "Traceback" not in proc.stderr
