"""The fan-out's own checks, before any Ray starts: a worker count, and a cluster address that
answers (Ray itself would wait minutes for one that does not)."""

from __future__ import annotations

import socket

import pytest

from graphrag.errors import ConfigError
from ingestion.fanout import RayFanout, _check_reachable
from ingestion.prepare import Tools


def _tools() -> Tools:  # never called: no worker starts in these tests
    raise AssertionError("built a worker")


def test_a_worker_count_must_be_positive_and_a_local_ray_needs_one() -> None:
    with pytest.raises(ConfigError, match="at least one worker"):
        RayFanout(_tools, workers=0)
    with pytest.raises(ConfigError, match="how many workers"):
        RayFanout(_tools, workers=None)
    RayFanout(_tools, workers=None, address="auto")  # a cluster's CPUs decide


def test_an_address_that_does_not_answer_fails_at_once() -> None:
    with socket.socket() as listener:  # a port that is certainly closed once released
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(ConfigError, match="cannot reach the Ray cluster"):
            _check_reachable(address)
    with pytest.raises(ConfigError, match="not host:port"):
        _check_reachable("head-node")
    _check_reachable("auto")  # Ray finds the local cluster itself
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        _check_reachable(f"127.0.0.1:{listener.getsockname()[1]}")
