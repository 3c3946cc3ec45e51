"""Kill-anywhere: the ingestion of a changed file is killed at every step boundary; the old
version stays readable until the new one is complete, and the next run equals a clean run."""

from __future__ import annotations

import fcntl
import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from graphrag import GraphRAG
from ingestion.faults import ENV, POINTS
from schemas import AccessFilter
from tests.e2e.cli import cli

pytestmark = pytest.mark.e2e

EVERYTHING = AccessFilter.everything()
V1 = """# Handbook

## Leave

Employees get 24 days of leave per year. Requests go to the team lead two weeks ahead.

## Travel

Train tickets are booked by the Berlin office of Acme GmbH. Old rule: taxis need approval.
"""
V2 = """# Handbook

## Leave

Employees get 24 days of leave per year. Requests go to the team lead two weeks ahead.

## Travel

Train tickets are booked by the Hamburg office of Acme GmbH. Taxis are always allowed.

## Remote work

Anna Schmidt of Acme GmbH approves remote work for up to three days a week.
"""
OTHER = "# Acme GmbH\n\nAcme GmbH is a maker of water filters, founded in Hamburg.\n"
NEW = "# Cafeteria\n\nThe cafeteria of Acme GmbH serves soup on weekdays.\n"


def released(lock: Path, timeout_s: float = 60) -> None:
    """Wait until the killed process's graph server has stopped (its stdin closed with the
    process) and released the directory: attaching to a server that is stopping fails."""
    deadline = time.monotonic() + timeout_s
    with open(lock, "a+") as handle:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"{lock} still held after {timeout_s} s") from None
                time.sleep(0.2)
                continue
            fcntl.flock(handle, fcntl.LOCK_UN)
            return


def snapshot(data_dir: Path) -> dict[str, Any]:
    """Everything a run leaves behind, by id: documents, chunks, points, entities, edges."""
    with GraphRAG(data_dir=data_dir) as rag:
        docs = {
            d.document.id: (
                Path(d.document.source).name,
                d.document.sha256,
                d.document.version,
                d.document.links_pending,
                d.chunks,
            )
            for d in rag.documents(EVERYTHING)
        }
        stats = rag.graph.stats().model_dump()
        return {
            "documents": docs,
            "chunks": rag.graph.chunk_ids_of(sorted(docs)),
            "points": rag.vectors.point_ids(sorted(docs)),
            "point_counts": rag.vectors.document_counts(),
            "entities": sorted(
                (e.id, e.name, tuple(e.aliases)) for e in rag.graph.list_entities(None)
            ),
            "stats": stats,
        }


def old_version_readable(data_dir: Path) -> tuple[int, bool]:
    """The handbook's stored version, and whether every chunk of it has its point."""
    with GraphRAG(data_dir=data_dir) as rag:
        handbook = next(
            d.document
            for d in rag.documents(EVERYTHING)
            if d.document.source.endswith("handbook.md")
        )
        chunks = rag.graph.chunk_ids_of([handbook.id])[handbook.id]
        points = rag.vectors.point_ids([handbook.id]).get(handbook.id, set())
        return handbook.version, chunks <= points


@pytest.fixture(scope="module")
def states(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("kill")
    docs = root / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text(V1)
    (docs / "acme.md").write_text(OTHER)
    first = root / "v1"
    with GraphRAG(data_dir=first) as rag:
        assert not rag.ingest([docs]).errors
    (docs / "handbook.md").write_text(V2)
    (docs / "cafeteria.md").write_text(NEW)
    clean = root / "clean"
    shutil.copytree(first, clean)
    with GraphRAG(data_dir=clean) as rag:
        report = rag.ingest([docs])
        assert report.deleted_versions == 1 and report.documents == 2 and not report.errors
    return {"docs": docs, "v1": first, "clean": clean, "root": root}


@pytest.mark.parametrize("point", POINTS)
def test_a_kill_at_any_step_is_repaired_by_the_next_run(
    states: dict[str, Path], point: str
) -> None:
    data_dir = states["root"] / f"killed-{point}"
    shutil.copytree(states["v1"], data_dir)
    killed = cli("ingest", str(states["docs"]), data_dir=data_dir, env={ENV: point})
    assert killed.returncode == 137, killed.stderr
    released(data_dir / "graph" / "server.lock")

    version, complete = old_version_readable(data_dir)
    # before the graph transaction the old version is whole; after it the new one is
    assert version == (1 if POINTS.index(point) < POINTS.index("graph_written") else 2)
    assert complete

    again = cli("ingest", str(states["docs"]), "--json", data_dir=data_dir)
    assert again.returncode == 0, again.stderr
    # points the graph does not know (new ones before its write, old ones after) are found
    repaired = json.loads(again.stdout)["repaired"]
    assert (repaired > 0) == (point in ("vectors_written", "graph_written"))
    assert snapshot(data_dir) == snapshot(states["clean"])
