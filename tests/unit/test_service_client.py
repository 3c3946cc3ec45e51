"""The server file, finding the running service, and the client's reading of its answers."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import httpx
import pytest

from graphrag import server_file
from graphrag.client import ALL_ACCESS, _error, find_service, identity
from graphrag.errors import IdentityError, InputError, NotFoundError, StoreUnavailableError
from graphrag.settings import Settings
from schemas import AccessFilter


def info(**kw: object) -> server_file.ServerInfo:
    values: dict[str, object] = {
        "url": "http://127.0.0.1:1",
        "token": server_file.new_token(),
        "pid": os.getpid(),
    }
    values.update(kw)
    return server_file.ServerInfo(**values)  # type: ignore[arg-type]


def test_the_server_file_is_private_and_names_a_live_process(tmp_path: Path) -> None:
    mine = info()
    path = server_file.announce(tmp_path, mine)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert server_file.read(tmp_path) == mine
    assert mine.token not in repr(mine)  # never in a log line or a traceback
    # a file left by a killed service names a process that is gone
    server_file.announce(tmp_path, info(pid=2**22 + 7))
    assert server_file.read(tmp_path) is None
    assert server_file.read(tmp_path, check_process=False) is not None


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "[]",
        '{"url": "http://x"}',
        '{"url": "file:///etc", "token": "' + "a" * 64 + '", "pid": 1}',
        '{"url": "http://x", "token": "short", "pid": 1}',
    ],
)
def test_a_malformed_server_file_is_no_service(tmp_path: Path, content: str) -> None:
    (tmp_path / server_file.NAME).write_text(content)
    assert server_file.read(tmp_path) is None


def test_a_service_withdraws_only_its_own_file(tmp_path: Path) -> None:
    first, second = info(), info()
    server_file.announce(tmp_path, first)
    server_file.announce(tmp_path, second)  # a newer service took the directory over
    server_file.withdraw(tmp_path, first)
    assert server_file.read(tmp_path) == second
    server_file.withdraw(tmp_path, second)
    assert not (tmp_path / server_file.NAME).exists()


def test_the_cli_runs_in_process_without_a_service(tmp_path: Path) -> None:
    assert find_service(Settings(data_dir=tmp_path)) is None
    server_file.announce(tmp_path, info(pid=2**22 + 7))
    assert find_service(Settings(data_dir=tmp_path)) is None
    explicit = Settings(data_dir=tmp_path, server_url="http://10.0.0.1:8000", api_key="k")
    assert find_service(explicit) == ("http://10.0.0.1:8000", "k")


def test_a_live_service_that_never_answers_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("graphrag.client.STARTING_S", 0.3)
    server_file.announce(tmp_path, info(url="http://127.0.0.1:9"))  # our own pid: alive
    with pytest.raises(StoreUnavailableError, match="does not answer"):
        find_service(Settings(data_dir=tmp_path))


def test_identity_headers_name_the_caller() -> None:
    caller = identity(AccessFilter.caller("acme", ["hr", "sales"], "confidential"))
    assert caller == {
        "X-Graphrag-Tenant": "acme",
        "X-Graphrag-Clearance": "confidential",
        "X-Graphrag-Groups": "hr,sales",
    }
    assert "X-Graphrag-Groups" not in identity(AccessFilter.caller("acme"))
    assert identity(AccessFilter.everything()) == {ALL_ACCESS: "true"}


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, InputError),
        (422, InputError),
        (401, IdentityError),
        (404, NotFoundError),
        (503, StoreUnavailableError),
    ],
)
def test_the_services_errors_become_the_clis(status: int, kind: type) -> None:
    body = json.dumps({"error": "no document 'x'", "hint": "GET /documents lists yours"})
    error = _error(httpx.Response(status, content=body.encode()))
    assert isinstance(error, kind) and "no document 'x'" in error.message
    assert error.hint == "GET /documents lists yours"
    plain = _error(httpx.Response(500, content=b"<html>"))
    assert plain.message == "HTTP 500"
