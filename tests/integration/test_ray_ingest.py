"""Ingestion on Ray workers (a local Ray the SDK starts on this machine): the stores end up
exactly as after the single process, a bad file is that file's error, and a worker killed
while preparing a file neither loses the run nor writes half a file."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graphrag import GraphRAG
from schemas import AccessFilter
from tests.conftest import SHARED_DATA

ray = pytest.importorskip("ray")
pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]
LAWS = SHARED_DATA / "corpus" / "de-arbeitsrecht"
FIXTURES = SHARED_DATA / "fixtures"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two laws, a PDF, a DOCX, and a file no parser can read."""
    src = tmp_path / "src"
    src.mkdir()
    for f in (LAWS / "burlg.md", LAWS / "tzbfg.md"):
        shutil.copy(f, src / f.name)
    shutil.copy(FIXTURES / "docling" / "multi_page.pdf", src / "multi_page.pdf")
    shutil.copy(FIXTURES / "markitdown" / "test.docx", src / "test.docx")
    (src / "broken.pdf").write_bytes(b"%PDF-1.7\nthis is not a PDF body\n")
    return src


def snapshot(rag: GraphRAG) -> dict[str, Any]:
    """Everything the stores hold that a search or an answer reads."""
    summaries = rag.graph.list_documents(AccessFilter.everything())
    doc_ids = sorted(s.document.id for s in summaries)
    chunk_ids = sorted(c for ids in rag.graph.chunk_ids_of(doc_ids).values() for c in ids)
    hits = {h.id: h for h in rag.vectors.fetch(chunk_ids)}
    search = rag.search("Wie viele Werktage Urlaub stehen mir zu?", k=5)
    return {
        "documents": sorted(
            (s.document.id, s.document.title, s.document.sha256, s.chunks) for s in summaries
        ),
        "chunks": chunk_ids,
        "entities": sorted(
            (e.id, e.name, e.type, tuple(e.aliases)) for e in rag.graph.list_entities()
        ),
        "stats": rag.graph.stats().model_dump(),
        "dense": rag.vectors.dense_vectors(chunk_ids),
        "payloads": {i: hits[i].payload for i in chunk_ids},
        "points": rag.vectors.count(),
        "search": [(r.chunk.id, round(r.scores.final, 6)) for r in search.results],
    }


def test_workers_write_exactly_what_one_process_writes(folder: Path, tmp_path: Path) -> None:
    results = {}
    for workers in (0, 2):
        with GraphRAG(data_dir=tmp_path / f"data-{workers}") as rag:
            report = rag.ingest([folder], workers=workers)
            assert report.documents == 4 and report.chunks > 0
            assert [(Path(e.path).name, e.reason) for e in report.errors] == [
                ("broken.pdf", "corrupt")
            ]
            if workers:  # the CPU-heavy stages ran on the workers
                assert report.timings_s.get("worker_embed", 0) > 0
                assert "embed" not in report.timings_s
            results[workers] = (report, snapshot(rag))
    (one, alone), (two, fanned) = results[0], results[2]
    assert (one.documents, one.chunks, one.entities, one.relations) == (
        two.documents,
        two.chunks,
        two.entities,
        two.relations,
    )
    for key in ("documents", "chunks", "entities", "stats", "payloads", "points", "search"):
        assert alone[key] == fanned[key], key
    assert alone["points"] == alone["stats"]["chunks"]
    for chunk_id, vector in alone["dense"].items():  # the same model on the same text: equal
        assert np.array_equal(np.asarray(vector), np.asarray(fanned["dense"][chunk_id]))


def test_a_killed_worker_loses_its_file_and_nothing_else(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHRAG_FAULT_DIR", str(tmp_path))
    # killed every time it is tried: reported, not written; the other files are
    monkeypatch.setenv("GRAPHRAG_FAULT_KILL_WORKER_ON", "tzbfg.md")
    with GraphRAG(data_dir=tmp_path / "data") as rag:
        report = rag.ingest([folder], workers=2)
        lost = [e for e in report.errors if e.reason == "worker_lost"]
        assert [Path(e.path).name for e in lost] == ["tzbfg.md"]
        assert "nothing of it was written" in lost[0].error
        assert report.documents == 3
        titles = {s.document.source for s in rag.graph.list_documents(AccessFilter.everything())}
        assert not any(t.endswith("tzbfg.md") for t in titles)
        assert rag.vectors.count() == rag.graph.stats().chunks  # no stray points
        # killed once only: Ray restarts the worker and the file goes through on the retry
        monkeypatch.setenv("GRAPHRAG_FAULT_KILL_WORKER_ON", "tzbfg.md:once")
        again = rag.ingest([folder], workers=2)
        assert (tmp_path / "graphrag-killed-tzbfg.md").exists()  # it was killed
        assert [e.reason for e in again.errors] == ["corrupt"]
        assert again.documents == 1 and again.unchanged == 3
        assert rag.vectors.count() == rag.graph.stats().chunks
