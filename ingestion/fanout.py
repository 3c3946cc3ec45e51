"""Files prepared on Ray workers: the CPU-heavy stages (parse, chunk, entity spans, dense and
sparse embeddings) where the CPUs are; the unchanged check, entity resolution and every store
write stay in the pipeline's process, one writer per store, exactly as without workers.

Each worker is a Ray actor that builds its parser and models once (``Tools`` from a picklable
``build``). Files go out to free workers and come back in the order they were
given, whatever order the workers finish in: a file's entities resolve against the files
before it, so the stores end up with the same ids, counts and vectors as in one process.
A worker holds one file at a time (``ingestion.dispatch``): a file that kills its worker takes
no other file down with it.

A worker that dies while preparing a file (killed, out of memory) is restarted by Ray and the
file is tried once more on it; a file that kills its worker twice is reported as that file's
error (``worker_lost``) and nothing of it is written: the pipeline writes only what came back.

Ray is an extra (``pip install graphrag[ray]``): a local Ray is started on this machine when
no address is given, and shut down again after the run; ``address`` joins a running cluster
("auto", "host:6379", "ray://host:10001").
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from graphrag.errors import ConfigError, DocumentError
from ingestion.dispatch import OrderedDispatch
from ingestion.faults import worker_checkpoint
from ingestion.prepare import Failed, Prepared, Tools, embed, prepare
from schemas import AccessFields

log = logging.getLogger(__name__)
# prepared files per worker that may wait for the pipeline to write them
WINDOW = 2
# what a worker's environment takes from the driver's (the fault points of the tests)
FORWARDED_ENV = ("GRAPHRAG_FAULT_KILL_WORKER_ON", "GRAPHRAG_FAULT_DIR")
PROBE_TIMEOUT_S = 5.0


class Preparer:
    """The body of one worker (made a Ray actor by ``RayFanout``)."""

    def __init__(self, build: Callable[[], Tools], timeout_s: float | None) -> None:
        self.tools = build()
        self.timeout_s = timeout_s

    def ready(self) -> int:
        return os.getpid()

    def prepare(self, path: str, doc_id: str, access: AccessFields) -> Prepared | Failed:
        worker_checkpoint(Path(path))
        timings: dict[str, float] = defaultdict(float)

        @contextmanager
        def timed(stage: str) -> Iterator[None]:
            started = time.perf_counter()
            try:
                yield
            finally:
                timings[stage] += time.perf_counter() - started

        try:
            prepared = prepare(self.tools, Path(path), doc_id, access, timed, self.timeout_s)
            embed(self.tools, prepared, timed)
        except DocumentError as exc:
            return Failed(reason=exc.reason, error=str(exc))
        except Exception as exc:  # a parser bug fails its file, not the worker
            log.exception("failed on %s", path)
            return Failed(reason="bug", error=f"{path}: {type(exc).__name__}: {exc}")
        prepared.timings = dict(timings)
        return prepared


class RayFanout:
    """``workers`` Ray actors preparing files; a context manager (Ray and the actors start on
    enter, stop on exit)."""

    def __init__(
        self,
        build: Callable[[], Tools],
        *,
        workers: int | None,
        address: str | None = None,
        timeout_s: float | None = None,
    ) -> None:
        """``workers``: how many actors (None: one per CPU of the cluster joined)."""
        if workers is not None and workers < 1:
            raise ConfigError("--workers", f"needs at least one worker, got {workers}")
        if workers is None and address is None:
            raise ConfigError("--workers", "say how many workers a local Ray should start")
        self.build = build
        self.workers = workers
        self.address = address
        self.timeout_s = timeout_s
        self._ray: Any = None
        self._actors: list[Any] = []
        self._started = False  # this fan-out started Ray (and stops it)

    def __enter__(self) -> RayFanout:
        try:
            import ray
        except ImportError:
            raise ConfigError(
                "--workers",
                "ingesting on workers needs Ray",
                hint="pip install 'graphrag[ray]'",
            ) from None
        self._ray = ray
        env = {k: os.environ[k] for k in FORWARDED_ENV if k in os.environ}
        if not ray.is_initialized():
            if self.address:
                _check_reachable(self.address)
            try:
                ray.init(
                    address=self.address,
                    num_cpus=None if self.address else self.workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    runtime_env={"env_vars": env} if env else None,
                )
            except ConnectionError as exc:
                raise ConfigError(
                    "--ray-address",
                    f"cannot reach the Ray cluster at {self.address}: {exc}",
                    hint="start it with `ray start --head`, or leave the address out for a "
                    "local Ray",
                ) from None
            self._started = True
        cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call, unused-ignore]
        count = self.workers or max(1, int(cpus))
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=1)(Preparer)
        self._actors = [actor.remote(self.build, self.timeout_s) for _ in range(count)]
        # the models load now, in parallel, and a worker that cannot start fails the run here
        pids = ray.get([a.ready.remote() for a in self._actors])
        log.info("%d Ray workers ready (pids %s)", len(pids), pids)
        return self

    def __exit__(self, *exc: object) -> None:
        ray = self._ray
        if ray is None:
            return
        for a in self._actors:
            ray.kill(a)
        self._actors = []
        if self._started:
            ray.shutdown()
            self._started = False

    def pids(self) -> list[int]:
        """The workers' process ids (what a test kills)."""
        return list(self._ray.get([a.ready.remote() for a in self._actors]))

    def prepare(
        self, files: list[tuple[Path, str]], access: AccessFields
    ) -> Iterator[Prepared | Failed]:
        if not self._actors:
            raise RuntimeError("RayFanout.prepare outside its `with` block")
        ray = self._ray

        def submit(actor: Any, item: tuple[Path, str]) -> Any:
            return actor.prepare.remote(str(item[0]), item[1], access)

        def wait(refs: list[Any], timeout: float) -> list[Any]:
            ready, _ = ray.wait(refs, num_returns=1, timeout=timeout)
            return list(ready)

        def collect(item: tuple[Path, str], ref: Any) -> Prepared | Failed:
            try:
                return ray.get(ref)  # type: ignore[no-any-return]
            except ray.exceptions.RayError as exc:
                log.warning("a worker died preparing %s: %s", item[0], type(exc).__name__)
                return Failed(
                    reason="worker_lost",
                    error=f"{item[0]}: the worker preparing it stopped twice "
                    f"({type(exc).__name__}); nothing of it was written\n"
                    "  -> ingest it again; if it fails again, check the worker's memory and log",
                )

        dispatch = OrderedDispatch(
            self._actors, submit, wait, collect, window=WINDOW * len(self._actors)
        )
        yield from dispatch(files)


def _check_reachable(address: str) -> None:
    """Ray waits minutes for a cluster that is not there; a closed port says so at once."""
    if address == "auto":  # Ray looks for the cluster this machine started, and says if none
        return
    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(
            "--ray-address",
            f"{address!r} is not host:port",
            hint="e.g. auto, 10.0.0.5:6379 or ray://10.0.0.5:10001",
        )
    try:
        socket.create_connection((host, int(port)), timeout=PROBE_TIMEOUT_S).close()
    except OSError as exc:
        raise ConfigError(
            "--ray-address",
            f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}",
            hint="start it with `ray start --head`, or leave the address out for a local Ray",
        ) from None
