"""The embedded ArcadeDB server's life: attach from a second process, crash, bad settings."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphrag.errors import ConfigError, StoreUnavailableError
from graphrag.stores.graph import ArcadeDBGraphStore, Neo4jGraphStore, arcadedb
from graphrag.stores.graph.arcadedb import EmbeddedArcadeDB, free_port
from schemas import AccessFilter
from tests.factories import document_batch

pytestmark = pytest.mark.integration


def test_a_second_process_attaches_to_the_running_server(tmp_path: Path) -> None:
    owner = ArcadeDBGraphStore(tmp_path / "graph")
    owner.open()
    owner.ensure_schema()
    try:
        owner.write(document_batch("a.md", ["one", "two"]))
        script = textwrap.dedent(
            f"""
            from graphrag.stores.graph import ArcadeDBGraphStore
            s = ArcadeDBGraphStore({str(tmp_path / "graph")!r})
            s.open()
            print(s.stats().chunks, "attached" in s.describe())
            s.close()
            """
        )
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
        )
        assert out.stdout.split() == ["2", "True"]
        assert owner.stats().chunks == 2  # the attached process's close left the server up
    finally:
        owner.close()
    assert not (tmp_path / "graph" / "server.json").exists()


def test_password_file_is_private_and_stable(tmp_path: Path) -> None:
    store = ArcadeDBGraphStore(tmp_path / "graph")
    store.open()
    store.close()
    pw = tmp_path / "graph" / "root_password"
    assert pw.stat().st_mode & 0o077 == 0
    first = pw.read_text()
    store = ArcadeDBGraphStore(tmp_path / "graph")
    store.open()  # restarts with the same credentials
    store.close()
    assert pw.read_text() == first


def test_a_killed_engine_gives_a_clear_error(tmp_path: Path) -> None:
    store = ArcadeDBGraphStore(tmp_path / "graph")
    store.open()
    store.ensure_schema()
    store.write(document_batch("a.md", ["one"]))
    store.server.kill()
    started = time.monotonic()
    with pytest.raises(StoreUnavailableError) as err:
        store.fetch_chunks(["x"], AccessFilter())
    assert time.monotonic() - started < 20
    assert "graph store" in str(err.value) and "running" in str(err.value)
    store.close()


def test_wrong_password_names_the_setting(_arcadedb_store: ArcadeDBGraphStore) -> None:
    endpoint = _arcadedb_store.server.endpoint
    assert endpoint is not None
    bad = Neo4jGraphStore(endpoint.uri, "root", "wrong-password", endpoint.database)
    with pytest.raises(ConfigError) as err:
        bad.open()
    assert err.value.setting == "GRAPHRAG_NEO4J_PASSWORD"


def test_unreachable_server_fails_fast() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound but not listening: connections are refused
        store = Neo4jGraphStore(f"bolt://127.0.0.1:{port}", "neo4j", "x", connect_timeout_s=2)
        started = time.monotonic()
        with pytest.raises(StoreUnavailableError) as err:
            store.open()
    assert time.monotonic() - started < 15
    assert "GRAPHRAG_NEO4J_URI" in str(err.value)


def test_configured_port_in_use_names_the_setting(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        store = ArcadeDBGraphStore(tmp_path / "graph", bolt_port=s.getsockname()[1])
        with pytest.raises(ConfigError) as err:
            store.open()
    assert err.value.setting == "GRAPHRAG_ARCADEDB_BOLT_PORT"


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 another program listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield int(s.getsockname()[1])


def _taken_then_free(taken: int, times: int) -> Iterator[int]:
    for _ in range(times):
        yield taken
    while True:
        yield free_port()


def test_a_port_taken_between_choice_and_bind_is_chosen_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, taken_port: int
) -> None:
    ports = _taken_then_free(taken_port, times=2)  # the first try's Bolt and HTTP ports
    monkeypatch.setattr(arcadedb, "free_port", lambda: next(ports))
    server = EmbeddedArcadeDB(tmp_path / "graph")
    try:
        endpoint = server.start()
        assert endpoint.uri != f"bolt://127.0.0.1:{taken_port}"
        assert "Unable to listen" in server.log_file.read_text(encoding="utf-8")
        store = Neo4jGraphStore(endpoint.uri, endpoint.user, endpoint.password, endpoint.database)
        store.open()
        store.close()
    finally:
        server.stop()


def test_ports_taken_every_time_give_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, taken_port: int
) -> None:
    monkeypatch.setattr(arcadedb, "free_port", lambda: taken_port)
    server = EmbeddedArcadeDB(tmp_path / "graph")
    with pytest.raises(StoreUnavailableError) as err:
        server.start()
    assert f"taken {arcadedb.PORT_TRIES} times" in str(err.value)
    assert err.value.hint is not None and "GRAPHRAG_ARCADEDB_BOLT_PORT" in err.value.hint
