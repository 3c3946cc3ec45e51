"""Fault points for the kill-anywhere tests.

``GRAPHRAG_FAULT_KILL_AT=<point>`` ends the process the moment ingestion reaches that point,
with exit code 137 and no clean-up, the way ``kill -9`` would. Unset (always, outside those
tests), a fault point costs one dictionary lookup.

The points, in the order one flush passes them: ``parsed`` (a file is parsed and chunked),
``embedded`` (the buffered files are embedded, nothing written), ``vectors_written`` (new
points upserted), ``graph_written`` (the graph transaction committed), ``pruned`` (an old
version's points deleted), ``linked`` (cross-document links written).

``GRAPHRAG_FAULT_KILL_WORKER_ON=<file name>`` ends the Ray worker that starts preparing that
file (``ingestion.fanout``), every time; ``<file name>:once`` only the first time (a marker in
``GRAPHRAG_FAULT_DIR`` remembers it), so a retry on the restarted worker succeeds.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

POINTS = ("parsed", "embedded", "vectors_written", "graph_written", "pruned", "linked")
ENV = "GRAPHRAG_FAULT_KILL_AT"


def checkpoint(point: str) -> None:
    if os.environ.get(ENV) == point:
        os._exit(137)


WORKER_ENV = "GRAPHRAG_FAULT_KILL_WORKER_ON"


def worker_checkpoint(path: Path) -> None:
    target = os.environ.get(WORKER_ENV)
    if not target:
        return
    name, _, times = target.partition(":")
    if path.name != name:
        return
    if times == "once":
        folder = Path(os.environ.get("GRAPHRAG_FAULT_DIR", tempfile.gettempdir()))
        marker = folder / f"graphrag-killed-{name}"
        if marker.exists():
            return
        marker.touch()
    os._exit(137)
