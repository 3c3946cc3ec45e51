"""ArcadeDB as the graph store's embedded default: a local Bolt server per data directory.

>>> server = EmbeddedArcadeDB("/tmp/graphrag-doc/graph")   # no I/O until start()
>>> server.root.name
'graph'

``start()`` launches :mod:`graphrag.stores.graph.arcadedb_process` (bound to 127.0.0.1 on free
ports) or, when another process already serves the directory, attaches to that server. The
root password is generated per directory and kept in a file only the user can read.
"""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from graphrag.errors import ConfigError, StoreLockedError, StoreUnavailableError
from graphrag.files import private_dir
from graphrag.stores.graph.arcadedb_process import EXIT_LOCKED, EXIT_PORT_TAKEN

STORE = "graph store (embedded ArcadeDB)"
# A free port is found by binding port 0 and closing it, so another process starting at the
# same moment can take it before our server binds it; a few fresh tries make that harmless.
PORT_TRIES = 4


class _Spawn(Enum):
    STARTED = "started"
    LOCKED = "locked"  # another process owns the directory: attach to it
    PORT_TAKEN = "port taken"


@dataclass(frozen=True)
class BoltEndpoint:
    uri: str
    user: str
    password: str
    database: str
    owned: bool  # False when attached to a server another process started


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class EmbeddedArcadeDB:
    """Starts, attaches to and stops the local ArcadeDB server for ``root``."""

    def __init__(
        self,
        root: str | Path,
        *,
        bolt_port: int = 0,
        heap: str = "512m",
        start_timeout_s: float = 60.0,
    ) -> None:
        self.root = Path(root).absolute()  # the server process runs with its own cwd
        self.bolt_port = bolt_port
        self.heap = heap
        self.start_timeout_s = start_timeout_s
        self._process: subprocess.Popen[bytes] | None = None
        self._endpoint: BoltEndpoint | None = None

    @property
    def log_file(self) -> Path:
        return self.root / "log" / "arcadedb-server.log"

    @property
    def endpoint(self) -> BoltEndpoint | None:
        return self._endpoint

    def start(self) -> BoltEndpoint:
        if self._endpoint is not None:
            return self._endpoint
        private_dir(self.root)
        (self.root / "log").mkdir(exist_ok=True)
        password = self._password()
        deadline = time.monotonic() + self.start_timeout_s
        ports_taken = 0
        while True:
            attached = self._attach(password)
            if attached is not None:
                self._endpoint = attached
                return attached
            outcome = self._spawn_and_wait(password, deadline)
            if outcome is _Spawn.STARTED:
                return self._require_endpoint()
            if outcome is _Spawn.PORT_TAKEN:
                ports_taken += 1
                if ports_taken < PORT_TRIES:
                    continue
                raise StoreUnavailableError(
                    STORE,
                    f"the server for {self.root} found its ports taken {ports_taken} times "
                    f"in a row: {self._log_tail()}",
                    hint="another program is taking ports on 127.0.0.1 as fast as they free; "
                    "set GRAPHRAG_ARCADEDB_BOLT_PORT to a port kept free for graphrag",
                )
            if time.monotonic() > deadline:
                raise StoreLockedError(
                    STORE,
                    f"{self.root} is locked by another process that never became ready",
                    hint="stop the other graphrag process, or use another GRAPHRAG_DATA_DIR",
                )
            time.sleep(0.2)  # lost a start race: the other process is starting, attach to it

    def stop(self) -> None:
        process, self._process = self._process, None
        self._endpoint = None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()  # the child stops the engine and exits
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def kill(self) -> None:
        """Stop the server abruptly (tests use it to simulate a crashed engine)."""
        if self._process is not None:
            self._process.kill()
            self._process.wait(timeout=10)

    # -- internals -------------------------------------------------------------------------

    def _require_endpoint(self) -> BoltEndpoint:
        assert self._endpoint is not None
        return self._endpoint

    def _password(self) -> str:
        path = self.root / "root_password"
        if path.exists():
            return path.read_text(encoding="utf-8").strip()
        if (self.root / "server" / "config" / "server-users.jsonl").exists():
            raise ConfigError(
                "GRAPHRAG_DATA_DIR",
                f"{path} is missing but the graph in {self.root} has a root user",
                hint="restore the root_password file, or start from an empty GRAPHRAG_DATA_DIR",
            )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        password = secrets.token_urlsafe(24)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(password)
        return password

    def _attach(self, password: str) -> BoltEndpoint | None:
        """Endpoint of a server another live process runs for this directory, if any."""
        if not self._lock_is_held():
            return None
        try:
            state = json.loads((self.root / "server.json").read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return None  # owner is still starting
        if not _pid_alive(int(state["pid"])):
            return None
        return BoltEndpoint(
            uri=f"bolt://127.0.0.1:{int(state['bolt_port'])}",
            user="root",
            password=password,
            database=str(state["database"]),
            owned=False,
        )

    def _lock_is_held(self) -> bool:
        lock_path = self.root / "server.lock"
        if not lock_path.exists():
            return False
        with open(lock_path, "a+") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            fcntl.flock(handle, fcntl.LOCK_UN)
            return False

    def _spawn_and_wait(self, password: str, deadline: float) -> _Spawn:
        bolt_port = self.bolt_port or free_port()
        if self.bolt_port and port_in_use(self.bolt_port):
            raise self._configured_port_in_use()
        log = open(self.log_file, "ab")  # noqa: SIM115 - handed to the child
        try:
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "graphrag.stores.graph.arcadedb_process",
                    str(self.root),
                    "--bolt-port",
                    str(bolt_port),
                    "--http-port",
                    str(free_port()),
                    "--heap",
                    self.heap,
                ],
                stdin=subprocess.PIPE,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.root,
                start_new_session=True,  # a ^C in the terminal reaches us, we stop the child
            )
        finally:
            log.close()
        state_file = self.root / "server.json"
        while time.monotonic() < deadline:
            code = process.poll()
            if code is not None and process.stdin is not None:
                process.stdin.close()  # the child is gone; its pipe would leak
            if code == EXIT_LOCKED:
                return _Spawn.LOCKED
            if code == EXIT_PORT_TAKEN:
                if self.bolt_port and port_in_use(self.bolt_port):
                    raise self._configured_port_in_use()
                return _Spawn.PORT_TAKEN
            if code is not None:
                raise StoreUnavailableError(
                    STORE,
                    f"the server for {self.root} exited during start (code {code}): "
                    f"{self._log_tail()}",
                    hint=f"see {self.log_file}",
                )
            if state_file.exists():
                try:
                    state = json.loads(state_file.read_text(encoding="utf-8"))
                except json.JSONDecodeError:
                    state = {}
                if state.get("pid") == process.pid:
                    self._process = process
                    atexit.register(self.stop)
                    self._endpoint = BoltEndpoint(
                        uri=f"bolt://127.0.0.1:{bolt_port}",
                        user="root",
                        password=password,
                        database=str(state["database"]),
                        owned=True,
                    )
                    return _Spawn.STARTED
            time.sleep(0.1)
        process.kill()
        raise StoreUnavailableError(
            STORE,
            f"the server for {self.root} did not start within {self.start_timeout_s:.0f} s",
            hint=f"see {self.log_file}",
        )

    def _configured_port_in_use(self) -> ConfigError:
        return ConfigError(
            "GRAPHRAG_ARCADEDB_BOLT_PORT",
            f"port {self.bolt_port} on 127.0.0.1 is already in use",
            hint="choose a free port, or set 0 to pick one automatically",
        )

    def _log_tail(self, lines: int = 5) -> str:
        try:
            text = self.log_file.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "no log"
        tail = [line for line in text.splitlines() if line.strip()][-lines:]
        return " | ".join(tail)
