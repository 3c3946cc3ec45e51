"""The file by which a running ``graphrag serve`` announces itself in its data directory.

``<data_dir>/server.json`` holds the service's address, its process id and a token made for
this run. Only the user who owns the data directory can read it (mode 0600), and whoever holds
the token is that user: the service grants it the operator's view (every tenant, local paths
to ingest), as running the CLI in process would. The CLI finds the service through this file
and runs its commands there instead of opening the stores itself, which the service holds.

The service writes the file once its stores are open and removes it when it stops; a file left
by a killed service names a process that is gone and is ignored.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from graphrag.files import write_private

NAME = "server.json"


@dataclass(frozen=True)
class ServerInfo:
    url: str
    token: str
    pid: int

    def __repr__(self) -> str:  # the token never reaches a log or a traceback
        return f"ServerInfo(url={self.url!r}, pid={self.pid})"


def new_token() -> str:
    return secrets.token_hex(32)


def announce(data_dir: Path, info: ServerInfo) -> Path:
    """Write the file readable by this user only; replaced whole, never half-written."""
    path = data_dir / NAME
    write_private(path, json.dumps({"url": info.url, "token": info.token, "pid": info.pid}))
    return path


def withdraw(data_dir: Path, info: ServerInfo) -> None:
    """Remove the file if it is still this service's (a newer one may have replaced it)."""
    current = read(data_dir, check_process=False)
    if current is not None and secrets.compare_digest(current.token, info.token):
        with contextlib.suppress(FileNotFoundError):
            (data_dir / NAME).unlink()


def read(data_dir: Path, *, check_process: bool = True) -> ServerInfo | None:
    """The running service of this data directory, or None (no file, a file this user may not
    read, a malformed one, or one whose process is gone)."""
    try:
        raw = json.loads((data_dir / NAME).read_text(encoding="utf-8"))
        info = ServerInfo(url=str(raw["url"]), token=str(raw["token"]), pid=int(raw["pid"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not info.url.startswith(("http://", "https://")) or len(info.token) < 32:
        return None
    if check_process and not _alive(info.pid):
        return None
    return info


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process has that number now
        return False
    return True
