"""The CLI as a user runs it: real processes, real embedded stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.cli import cli

pytestmark = pytest.mark.e2e


def test_status_json_on_a_fresh_data_dir(tmp_path: Path) -> None:
    proc = cli("status", "--json", env={"GRAPHRAG_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    assert "embedded ArcadeDB" in info["graph"]
    assert info["graph_stats"]["chunks"] == 0
    assert info["vector_points"] == 0
    assert not (tmp_path / "graph" / "server.json").exists()  # the server stopped on exit


def test_bad_setting_is_one_clear_line_and_exit_2(tmp_path: Path) -> None:
    proc = cli(
        "status", env={"GRAPHRAG_NEO4J_URI": "http://nope", "GRAPHRAG_DATA_DIR": str(tmp_path)}
    )
    assert proc.returncode == 2
    assert "GRAPHRAG_NEO4J_URI" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unreachable_neo4j_fails_fast_without_traceback(tmp_path: Path) -> None:
    proc = cli(
        "status",
        env={
            "GRAPHRAG_NEO4J_URI": "bolt://127.0.0.1:1",
            "GRAPHRAG_NEO4J_PASSWORD": "secret-value",
            "GRAPHRAG_DATA_DIR": str(tmp_path),
        },
    )
    assert proc.returncode == 1
    assert "cannot reach" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "secret-value" not in proc.stderr + proc.stdout


def test_usage_error_exits_2() -> None:
    proc = cli("status", "--no-such-flag")
    assert proc.returncode == 2


@pytest.mark.parametrize(
    ("var", "value"),
    [
        ("GRAPHRAG_LOG_LEVEL", "LOUD"),
        ("GRAPHRAG_DATA_DIR", "/etc/passwd"),
        ("GRAPHRAG_DATA_DIR", ""),
        ("GRAPHRAG_MAX_FILE_MB", "inf"),
        ("GRAPHRAG_MAX_FILE_MB", "nan"),
        ("GRAPHRAG_QDRANT_COLLECTION", "../../x"),
        ("GRAPHRAG_QDRANT_COLLECTION", ""),
        ("GRAPHRAG_FILE_TIMEOUT_S", "0"),
    ],
)
def test_every_bad_setting_is_a_message_and_exit_2(tmp_path: Path, var: str, value: str) -> None:
    env = {"GRAPHRAG_DATA_DIR": str(tmp_path / "data"), var: value}
    proc = cli("status", env=env)
    assert proc.returncode == 2, proc.stderr
    assert var in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize(
    "env",
    [
        {"GRAPHRAG_NEO4J_URI": "bolt://neo4j:topsecret-pw@127.0.0.1:1"},
        {"GRAPHRAG_NEO4J_URI": "bolt://neo4j:topsecret-pw@[::1:1"},
        {"GRAPHRAG_QDRANT_URL": "http://admin:topsecret-pw@127.0.0.1:1/?api_key=topsecret-pw"},
    ],
)
def test_credentials_written_into_urls_never_appear(tmp_path: Path, env: dict[str, str]) -> None:
    proc = cli("status", env={"GRAPHRAG_DATA_DIR": str(tmp_path), **env})
    assert proc.returncode in (1, 2)
    assert "topsecret-pw" not in proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("search", "x", "--tenant", "../other"),
        ("search", "x", "--tenant", ""),
        ("search", "x", "--group", "a b"),
        ("ask", "x", "--clearance", "top-secret"),
        ("ingest", ".", "--tenant", "/tmp/elsewhere"),
        ("ingest", ".", "--acl", "../hr"),
    ],
)
def test_bad_identities_on_the_command_line_exit_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    proc = cli(*args, data_dir=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "error" in proc.stderr


def test_a_misspelled_setting_is_named_and_global_options_work(tmp_path: Path) -> None:
    typo = cli("status", env={"GRAPHRAG_DATA_DIR": str(tmp_path), "GRAPHRAG_NEO4J_URL": "x"})
    assert typo.returncode == 2 and "GRAPHRAG_NEO4J_URI" in typo.stderr
    assert "Traceback" not in typo.stderr
    heap = cli("status", env={"GRAPHRAG_DATA_DIR": str(tmp_path), "GRAPHRAG_ARCADEDB_HEAP": "x"})
    assert heap.returncode == 2 and "[1-9][0-9]*[mMgG]" in heap.stderr  # printed as written
    version = cli("--version")
    assert version.returncode == 0 and version.stdout.startswith("graphrag ")
    elsewhere = tmp_path / "elsewhere"
    status = cli("--data-dir", str(elsewhere), "status", "--json", data_dir=tmp_path / "d")
    assert status.returncode == 0, status.stderr
    assert str(elsewhere) in json.loads(status.stdout)["graph"]
