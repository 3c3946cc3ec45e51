"""Parsing in a child process, with a time limit and a memory limit per file.

The parsers are third-party code reading untrusted bytes: a bracket-nested Markdown file can
keep one busy for hours, a zip bomb can take all memory, a native library can crash. Each
file is parsed by a long-lived child process (started on first use, shared by the pipelines of
this process); the parent waits at most ``timeout_s`` for the answer, then kills the child and
reports the file, and the next file gets a fresh child. The child's address space is capped at
``memory_mb``, so a file that needs more fails with MemoryError there, not in the service.

>>> parser = IsolatedParser(timeout_s=60, memory_mb=2048)   # no process until the first parse
"""

from __future__ import annotations

import atexit
import logging
import os
import socket
import subprocess
import sys
import threading
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from graphrag.errors import DocumentError
from ingestion import budget
from schemas.parsed import ParsedDocument

log = logging.getLogger(__name__)

# how long a fresh child may take to import the parsers' libraries, on top of a file's budget
STARTUP_S = 120.0


class IsolatedParser:
    """A Parser whose work happens in a child process (see the module docstring)."""

    def __init__(
        self,
        *,
        max_bytes: int | None = None,
        timeout_s: float = 300.0,
        memory_mb: int = 4096,
    ) -> None:
        self.max_bytes = max_bytes
        self.timeout_s = timeout_s
        self.memory_mb = memory_mb

    def parse(self, path: Path) -> ParsedDocument:
        return _worker(self.memory_mb).parse(path, self.max_bytes, self.timeout_s)

    def close(self) -> None:
        """Stop this parser's child process (a later parse starts a new one)."""
        with _WORKERS_LOCK:
            worker = _WORKERS.pop(self.memory_mb, None)
        if worker is not None:
            worker.stop()


class _Worker:
    def __init__(self, memory_mb: int) -> None:
        self.memory_mb = memory_mb
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._conn: Connection | None = None

    def parse(self, path: Path, max_bytes: int | None, timeout_s: float) -> ParsedDocument:
        # Waiting for another file's parse, or for a fresh child to import its libraries
        # (seconds on a busy machine, after a hostile file had its child killed), is not this
        # file's time: its budget starts when the child has the file.
        with budget.paused():
            self._lock.acquire()
        try:
            with budget.paused():
                conn = self._start(path)
            left = budget.remaining()  # the file's budget, when the pipeline opened one
            timeout_s = timeout_s if left is None else max(0.0, min(timeout_s, left))
            return self._parse(conn, path, max_bytes, timeout_s)
        finally:
            self._lock.release()

    def _parse(
        self, conn: Connection, path: Path, max_bytes: int | None, timeout_s: float
    ) -> ParsedDocument:
        try:
            conn.send((str(path), max_bytes))
            ready = conn.poll(timeout_s)
            answer = conn.recv() if ready else None
        except (EOFError, OSError):
            code = self._stop()
            raise DocumentError(
                str(path),
                "parser_crashed",
                f"the parser stopped (exit code {code}) while reading the file",
                hint=f"the file may be damaged, or need more than {self.memory_mb} MB to "
                "parse (GRAPHRAG_PARSE_MEMORY_MB)",
            ) from None
        if answer is None:
            self._stop()
            raise DocumentError(
                str(path),
                "timeout",
                f"parsing took longer than {timeout_s:g} s",
                hint="split the file, or raise GRAPHRAG_FILE_TIMEOUT_S",
            )
        return _result(answer)

    def stop(self) -> None:
        with self._lock:
            self._stop()

    def _start(self, path: Path) -> Connection:
        if self._process is not None and self._process.poll() is None and self._conn is not None:
            return self._conn
        self._stop()
        # A fresh interpreter (not fork, not multiprocessing's spawn, which re-runs the
        # caller's __main__): the parent has threads, a JVM child and open stores.
        ours, theirs = socket.socketpair()
        process = subprocess.Popen(
            [sys.executable, "-m", "ingestion.parsers.isolated", str(theirs.fileno())],
            pass_fds=(theirs.fileno(),),
            env={**os.environ, "GRAPHRAG_PARSE_MEMORY_MB": str(self.memory_mb)},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        theirs.close()
        self._process, self._conn = process, Connection(ours.detach())
        # the child says when its libraries are loaded, so that start-up is not timed as parsing
        try:
            started = self._conn.poll(STARTUP_S) and self._conn.recv() == ("ready",)
        except (EOFError, OSError):
            started = False
        if not started:
            code = self._stop()
            raise DocumentError(
                str(path),
                "parser_crashed",
                f"the parser process did not start within {STARTUP_S:g} s (exit code {code})",
                hint="check that the installation is complete (`make install`), and the "
                f"memory the parser may take (GRAPHRAG_PARSE_MEMORY_MB={self.memory_mb})",
            )
        return self._conn

    def _stop(self) -> int | None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is None:
            return None
        if process.poll() is None:
            process.kill()
        try:
            return process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return None


_WORKERS: dict[int, _Worker] = {}
_WORKERS_LOCK = threading.Lock()


@atexit.register
def _stop_all() -> None:
    with _WORKERS_LOCK:
        workers = list(_WORKERS.values())
        _WORKERS.clear()
    for worker in workers:
        worker.stop()


def _worker(memory_mb: int) -> _Worker:
    with _WORKERS_LOCK:
        worker = _WORKERS.get(memory_mb)
        if worker is None:
            worker = _WORKERS[memory_mb] = _Worker(memory_mb)
        return worker


def _result(answer: tuple[Any, ...]) -> ParsedDocument:
    kind = answer[0]
    if kind == "ok":
        parsed: ParsedDocument = answer[1]
        return parsed
    if kind == "error":
        _, path, reason, message, hint = answer
        raise DocumentError(path, reason, message, hint=hint)
    raise RuntimeError(answer[1])  # a parser bug: the pipeline reports it with its type


def _serve(conn: Connection, memory_mb: int) -> None:  # pragma: no cover - child process
    """The child: parse what the parent sends until the connection closes."""
    import resource

    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    logging.disable(logging.WARNING)  # third-party chatter; errors travel back as answers
    from ingestion.parsers import parse_file, warm_up

    warm_up()
    try:
        conn.send(("ready",))
    except (EOFError, OSError):
        return
    while True:
        try:
            path, max_bytes = conn.recv()
        except (EOFError, OSError):
            return
        try:
            if max_bytes is None:
                answer: tuple[Any, ...] = ("ok", parse_file(Path(path)))
            else:
                answer = ("ok", parse_file(Path(path), max_bytes=max_bytes))
        except DocumentError as exc:
            message = exc.message.removeprefix(f"{path}: ")
            answer = ("error", exc.path, exc.reason, message, exc.hint)
        except MemoryError:
            answer = (
                "error",
                path,
                "too_large",
                f"parsing needs more than {memory_mb} MB",
                "split the file, or raise GRAPHRAG_PARSE_MEMORY_MB",
            )
        except Exception as exc:
            answer = ("bug", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


if __name__ == "__main__":  # pragma: no cover - the child process
    import warnings

    warnings.simplefilter("ignore")
    _serve(Connection(int(sys.argv[1])), int(os.environ.get("GRAPHRAG_PARSE_MEMORY_MB", "4096")))
