"""Running ``graphrag`` as a user does: a real process, a clean environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPHRAG_")}
    env.update(extra)
    return env


def cli(
    *args: str, data_dir: Path | None = None, env: dict[str, str] | None = None, timeout: int = 900
) -> subprocess.CompletedProcess[str]:
    full = clean_env(**(env or {}))
    if data_dir is not None:
        full["GRAPHRAG_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "graphrag.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=full,
        check=False,
    )
