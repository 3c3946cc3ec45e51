"""Fault points for the kill-anywhere tests.

``GRAPHRAG_FAULT_KILL_AT=<point>`` ends the process the moment ingestion reaches that point,
with exit code 137 and no clean-up, the way ``kill -9`` would. Unset (always, outside those
tests), a fault point costs one dictionary lookup.

The points, in the order one flush passes them: ``parsed`` (a file is parsed and chunked),
``embedded`` (the buffered files are embedded, nothing written), ``vectors_written`` (new
points upserted), ``graph_written`` (the graph transaction committed), ``pruned`` (an old
version's points deleted), ``linked`` (cross-document links written).
"""

from __future__ import annotations

import os

POINTS = ("parsed", "embedded", "vectors_written", "graph_written", "pruned", "linked")
ENV = "GRAPHRAG_FAULT_KILL_AT"


def checkpoint(point: str) -> None:
    if os.environ.get(ENV) == point:
        os._exit(137)
