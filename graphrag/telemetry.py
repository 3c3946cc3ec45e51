"""Traces and metrics: OpenTelemetry spans for every ingestion and search stage, Prometheus
metrics for the service.

Spans: ``ingest`` (one per run) with ``ingest.file`` per file and ``ingest.<stage>`` per stage
(parse, chunk, entities, embed, sparse, graph_write, vector_write, link_documents, ...);
``search`` with ``search.<stage>`` (analyse, candidates, graph, passage_hop, fetch, rerank,
score); ``answer`` (and ``llm`` for a model call, with its token counts when the model reports
them). Attributes are counts and sizes; the question, file names and document text stay out
unless ``GRAPHRAG_OTEL_CONTENT=true``. No exporter by default: the spans cost a no-op; set
``GRAPHRAG_OTEL_EXPORTER=console`` (one JSON object per span on stderr) or ``otlp`` (to
``GRAPHRAG_OTEL_ENDPOINT``, extra ``otlp``).

Metrics (``prometheus_client``, served at ``/metrics`` by ``graphrag serve``): every stage's
duration (``graphrag_stage_seconds{pipeline, stage}``), ingested files and chunks, requests and
their latency per endpoint, and the stores' sizes at scrape time.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, Literal

from opentelemetry import trace
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from graphrag.errors import ConfigError, MissingExtraError

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter

log = logging.getLogger(__name__)

Exporter = Literal["none", "console", "otlp"]

# one registry for the process's metrics (not the library default: tests and embedders may
# register their own there)
REGISTRY = CollectorRegistry(auto_describe=True)
STAGE_SECONDS = Histogram(
    "graphrag_stage_seconds",
    "Duration of one stage of ingestion, search or answering",
    ["pipeline", "stage"],
    registry=REGISTRY,
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)
INGESTED = Counter(
    "graphrag_ingested", "Files and chunks written by ingestion", ["unit"], registry=REGISTRY
)
REQUESTS = Counter(
    "graphrag_http_requests",
    "HTTP requests by endpoint and status",
    ["method", "route", "status"],
    registry=REGISTRY,
)
REQUEST_SECONDS = Histogram(
    "graphrag_http_request_seconds",
    "HTTP request latency by endpoint (a streamed answer: until its stream starts)",
    ["method", "route"],
    registry=REGISTRY,
)
STORE_SIZE = Gauge(
    "graphrag_store_items", "What the stores hold, at scrape time", ["kind"], registry=REGISTRY
)

_provider: TracerProvider | None = None
_content = False


def configure(
    exporter: Exporter = "none",
    *,
    endpoint: str | None = None,
    content: bool = False,
    span_exporter: SpanExporter | None = None,
) -> None:
    """Where spans go: nowhere (``none``), stderr (``console``), an OTLP collector (``otlp``),
    or ``span_exporter`` (tests pass OpenTelemetry's in-memory exporter). ``content``: spans
    carry the question and file names."""
    global _provider, _content
    _content = content
    if exporter == "none" and span_exporter is None:
        return  # spans go where the application's (or a test's) provider sends them
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import (
        BatchSpanProcessor,
        ConsoleSpanExporter,
        SimpleSpanProcessor,
    )

    from graphrag.version import package_version

    provider = TracerProvider(
        resource=Resource.create({"service.name": "graphrag", "service.version": package_version()})
    )
    if span_exporter is not None:
        provider.add_span_processor(SimpleSpanProcessor(span_exporter))
    elif exporter == "console":
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))
    elif exporter == "otlp":
        try:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        except ImportError as exc:
            raise MissingExtraError(
                "GRAPHRAG_OTEL_EXPORTER=otlp", "pip install 'graphrag[otlp]'"
            ) from exc
        if not endpoint:
            raise ConfigError(
                "GRAPHRAG_OTEL_ENDPOINT",
                "GRAPHRAG_OTEL_EXPORTER=otlp needs an endpoint",
                hint="e.g. http://localhost:4318/v1/traces",
            )
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    # each open configures again: the provider it replaces sends what it holds and stops
    if _provider is not None:
        _provider.shutdown()
    _provider = provider


def reset() -> None:
    """No exporter of ours, no content: the spans go to the global provider (or nowhere)."""
    global _provider, _content
    if _provider is not None:
        _provider.shutdown()
    _provider, _content = None, False


def flush() -> None:
    """Send what the exporter holds (``GraphRAG.close`` calls it)."""
    if _provider is not None:
        _provider.force_flush()


def tracer() -> trace.Tracer:
    if _provider is not None:
        return _provider.get_tracer("graphrag")
    return trace.get_tracer("graphrag")  # the application's provider, or a no-op


def content(value: str) -> str | None:
    """``value`` when spans may carry content, else None (an attribute left out)."""
    return value if _content else None


@contextmanager
def span(name: str, **attributes: Any) -> Iterator[trace.Span]:
    """A span with the attributes that are set (None is left out)."""
    with tracer().start_as_current_span(name) as current:
        for key, value in attributes.items():
            if value is not None:
                current.set_attribute(key, value)
        yield current


def start(name: str, **attributes: Any) -> trace.Span:
    """A span that is not made current: for work that hops threads or yields (end it)."""
    current = tracer().start_span(name)
    for key, value in attributes.items():
        if value is not None:
            current.set_attribute(key, value)
    return current


def within(parent: trace.Span) -> AbstractContextManager[trace.Span]:
    """``parent`` as the current span for a while, in this thread (it is not ended)."""
    return trace.use_span(parent, end_on_exit=False)


@contextmanager
def stage(
    pipeline: str,
    name: str,
    record: Callable[[float], None] | None = None,
    *,
    traced: bool = True,
) -> Iterator[None]:
    """One stage of a pipeline: a span ``<pipeline>.<name>`` (unless not ``traced``: a span
    of its own covers it already), its duration in the stage histogram, and in ``record``
    (the result's own timings)."""
    start = time.perf_counter()
    try:
        if traced:
            with tracer().start_as_current_span(f"{pipeline}.{name}"):
                yield
        else:
            yield
    finally:
        seconds = time.perf_counter() - start
        STAGE_SECONDS.labels(pipeline, name).observe(seconds)
        if record is not None:
            record(seconds)
