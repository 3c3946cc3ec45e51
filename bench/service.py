"""A real ``graphrag serve`` process for the benchmarks that measure through it."""

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


def environment(data_dir: Path) -> dict[str, str]:
    """This environment without any GRAPHRAG_* setting, on ``data_dir``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPHRAG_")}
    env["GRAPHRAG_DATA_DIR"] = str(data_dir)
    return env


@contextmanager
def serving(env: dict[str, str]) -> Iterator[str]:
    """``graphrag serve`` on a free loopback port until the block ends; yields its base URL
    once it answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "graphrag.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(f"{base}/health", timeout=1).is_success:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        yield base
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
