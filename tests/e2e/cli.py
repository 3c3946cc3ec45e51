"""Running ``graphrag`` as a user does: a real process, a clean environment."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPHRAG_")}
    env.update(extra)
    return env


def cli(
    *args: str,
    data_dir: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: int = 900,
    stdin: str | None = None,
) -> subprocess.CompletedProcess[str]:
    full = clean_env(**(env or {}))
    if data_dir is not None:
        full["GRAPHRAG_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "graphrag.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        env=full,
        check=False,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(data_dir: Path, **env: str) -> Iterator[str]:
    """``graphrag serve`` as a real process on a free loopback port; yields its base URL and
    stops it with SIGINT, as a user's Ctrl-C would."""
    port = free_port()
    full = clean_env(GRAPHRAG_DATA_DIR=str(data_dir), **env)
    server = subprocess.Popen(
        [sys.executable, "-m", "graphrag.cli", "serve", "--port", str(port)],
        env=full,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if server.poll() is not None:
                raise AssertionError(f"server exited: {server.communicate()[1][-2000:]}")
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            raise AssertionError("server did not come up")
        yield base
    finally:
        server.send_signal(signal.SIGINT)
        try:
            _, err = server.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            _, err = server.communicate()
    # a clean stop, and no secret of the environment in what the server printed
    assert server.returncode == 0, err[-2000:]
    assert not any(value in err for key, value in env.items() if "KEY" in key or "PASS" in key)
