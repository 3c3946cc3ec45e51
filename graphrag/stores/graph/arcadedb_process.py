"""Child process that runs ArcadeDB with its Bolt plugin for one data directory.

Started by :class:`graphrag.stores.graph.arcadedb.EmbeddedArcadeDB`; not a public entry point.
It owns the directory through an exclusive ``flock`` on ``server.lock``, announces itself in
``server.json`` once Bolt answers, and stops the engine cleanly when its parent closes stdin
(also when the parent dies) or sends SIGTERM. Running the JVM in its own process keeps the
engine's console logging, memory and shutdown out of the user's Python process.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType

EXIT_LOCKED = 75  # EX_TEMPFAIL: another process owns the directory
EXIT_FAILED = 70  # EX_SOFTWARE
EXIT_PORT_TAKEN = 76  # a port handed to us was taken before the engine could bind it
# The engine's own words when it cannot bind its HTTP or Bolt port (ArcadeDB 25.x raises a
# generic ServerException, so the message is the only thing that tells this case apart).
PORT_TAKEN_MESSAGE = "Unable to listen"
DATABASE = "graphrag"


class _Stop(Exception):
    pass


def _on_signal(signum: int, frame: FrameType | None) -> None:
    raise _Stop


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="graphrag-arcadedb")
    parser.add_argument("root", type=Path)
    parser.add_argument("--bolt-port", type=int, required=True)
    parser.add_argument("--http-port", type=int, required=True)
    parser.add_argument("--heap", default="512m")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()

    lock = open(root / "server.lock", "a+")  # noqa: SIM115 - held for the process lifetime
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print(f"locked: {root} is owned by another process", file=sys.stderr)
        return EXIT_LOCKED

    state_file = root / "server.json"
    state_file.unlink(missing_ok=True)
    password = (root / "root_password").read_text(encoding="utf-8").strip()
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    os.environ.setdefault("ARCADEDB_JVM_ERROR_FILE", str(root / "log" / "hs_err_pid%p.log"))

    server = None
    try:
        from arcadedb_embedded.server import ArcadeDBServer

        server = ArcadeDBServer(
            str(root / "server"),
            root_password=password,
            jvm_kwargs={"heap_size": args.heap},
            config={
                "host": "127.0.0.1",
                "http_port": args.http_port,
                "bolt_port": args.bolt_port,
                "server_plugins": "Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
            },
        )
        server.start()
        server.create_database(DATABASE)
        tmp = state_file.with_suffix(".tmp")
        tmp.write_text(
            json.dumps(
                {
                    "pid": os.getpid(),
                    "bolt_port": args.bolt_port,
                    "http_port": args.http_port,
                    "database": DATABASE,
                    "started_at": time.time(),
                }
            ),
            encoding="utf-8",
        )
        tmp.replace(state_file)
        print("ready", flush=True)
        # Block until the parent closes our stdin (normal stop, or the parent died).
        while sys.stdin.read(4096):
            pass
    except _Stop:
        pass
    except Exception as exc:  # reported to the parent through the log and the exit code
        print(f"failed: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        return EXIT_PORT_TAKEN if PORT_TAKEN_MESSAGE in str(exc) else EXIT_FAILED
    finally:
        state_file.unlink(missing_ok=True)
        if server is not None:
            try:
                server.stop()
            except Exception as exc:
                print(f"stop failed: {exc}", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # The JVM's own shutdown hooks can crash in native code at interpreter exit after the server
    # stopped; everything is flushed and closed, so leave without running them.
    os._exit(code)
