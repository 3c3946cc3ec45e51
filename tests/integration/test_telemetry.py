"""Spans for every ingestion and search stage, caught with OpenTelemetry's in-memory exporter,
and the stage histograms; no question text or file name unless asked for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from graphrag import GraphRAG, telemetry

pytestmark = pytest.mark.integration

LAW = Path(__file__).resolve().parents[2].parent / "shared/data/corpus/de-arbeitsrecht/burlg.md"
QUESTION = "Wie viele Werktage Urlaub stehen mir mindestens zu?"


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    telemetry.configure(span_exporter=exporter)
    try:
        yield exporter
    finally:
        telemetry.reset()


def test_ingestion_and_an_answer_leave_a_trace_of_every_stage(
    tmp_path: Path, spans: InMemorySpanExporter
) -> None:
    def count(pipeline: str, stage: str) -> float:
        value = telemetry.REGISTRY.get_sample_value(
            "graphrag_stage_seconds_count", {"pipeline": pipeline, "stage": stage}
        )
        return value or 0.0

    searches_before = count("search", "candidates")
    with GraphRAG(data_dir=tmp_path / "data") as rag:
        report = rag.ingest([LAW])
        answer = rag.ask(QUESTION)
    assert "24 Werktage" in answer.answer
    finished = spans.get_finished_spans()
    by_name = {s.name: s for s in finished}
    for name in (
        "ingest", "ingest.file", "ingest.parse", "ingest.chunk", "ingest.embed",
        "ingest.graph_write", "ingest.vector_write", "search", "search.analyse",
        "search.candidates", "search.fetch", "answer", "ask",
    ):  # fmt: skip
        assert name in by_name, (name, sorted(by_name))
    # stages nest in their run: a parse in its file, the file in the ingestion
    parse, file, run = by_name["ingest.parse"], by_name["ingest.file"], by_name["ingest"]
    assert parse.parent is not None and parse.parent.span_id == file.context.span_id
    assert file.parent is not None and file.parent.span_id == run.context.span_id
    assert run.attributes is not None and run.attributes["ingest.chunks"] == report.chunks
    search = by_name["search"]
    candidates = by_name["search.candidates"]
    assert candidates.parent is not None and candidates.parent.span_id == search.context.span_id
    # the search and the answer (which runs in its own thread) are one trace under "ask"
    ask = by_name["ask"]
    for part in (search, by_name["answer"]):
        assert part.parent is not None and part.parent.span_id == ask.context.span_id
        assert part.context.trace_id == ask.context.trace_id
    answered = by_name["answer"].attributes or {}
    assert answered["answer.answerable"] is True and answered["answer.citations"] >= 1
    # counts and sizes only: neither the question nor the file's name
    every = " ".join(str(v) for s in finished for v in (s.attributes or {}).values())
    assert "Werktage" not in every and "burlg" not in every
    assert count("search", "candidates") > searches_before
    assert count("ingest", "embed") >= 1


def test_content_goes_into_spans_only_when_asked(tmp_path: Path) -> None:
    exporter = InMemorySpanExporter()
    try:
        with GraphRAG(data_dir=tmp_path / "data", otel_content=True) as rag:
            telemetry.configure(span_exporter=exporter, content=True)
            rag.ingest([LAW])
            rag.search(QUESTION)
    finally:
        telemetry.reset()
    attributes = {
        k: v for s in exporter.get_finished_spans() for k, v in (s.attributes or {}).items()
    }
    assert attributes["search.question"] == QUESTION
    assert attributes["file.name"] == "burlg.md"
