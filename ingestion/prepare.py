"""One file made ready for the stores: parsed, chunked, its entity spans found, and (on a worker)
its chunks embedded. No store is read or written here, so this is the part of ingestion that
can run anywhere: in the pipeline's own process, or on a Ray worker (``ingestion.fanout``).

What stays with the pipeline is what needs the stores or the order of files: the unchanged
check, resolving spans to entities (each file sees the entities of the files before it), and
the writes.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from graphrag.errors import DocumentError
from graphrag.guardrails import injection
from graphrag.models.embedders import Embedder
from graphrag.models.sparse import SparseEncoder
from ingestion import budget
from ingestion.chunking import Chunker, contextual_text
from ingestion.citations import annotate
from ingestion.entities import EntityExtractor
from schemas import AccessFields, SparseVector
from schemas.graph import EntitySpan
from schemas.parsed import ChunkedDocument, ParsedDocument

# a stage's name -> a context that times it
Timer = Callable[[str], AbstractContextManager[None]]


@dataclass
class Tools:
    """What preparing a file needs: the parser, the chunker, the entity extractor, and, where
    the file is embedded too, the models."""

    parse: Callable[[Path], ParsedDocument]
    chunker: Chunker
    extractor: EntityExtractor
    embedder: Embedder | None = None
    sparse: SparseEncoder | None = None


@dataclass
class Prepared:
    parsed: ParsedDocument
    chunked: ChunkedDocument
    spans: list[EntitySpan]
    # the chunks' vectors, in chunk order, when a worker embedded them; else the pipeline does
    dense: list[list[float]] | None = None
    sparse: list[SparseVector] | None = None
    timings: dict[str, float] = field(default_factory=dict)


@dataclass
class Failed:
    """A file a worker could not prepare: the reason and message of its DocumentError (or
    "bug" for anything else), handed back as a value so it reaches the report unchanged."""

    reason: str
    error: str


def prepare(
    tools: Tools,
    path: Path,
    doc_id: str,
    access: AccessFields,
    timed: Timer,
    timeout_s: float | None = None,
) -> Prepared:
    """Parse, chunk and find the entity spans of one file, inside its time budget."""
    with budget.file_budget(str(path), timeout_s):
        with timed("parse"):
            parsed = tools.parse(path)
        budget.check()
        with timed("chunk"):
            chunked = tools.chunker.chunk(parsed, doc_id, access)
        if not chunked.chunks:
            raise DocumentError(str(path), "no_text", "no text to index after parsing")
        for chunk in chunked.chunks:  # text aimed at a model, not at a reader: marked
            if found := injection(chunk.text):
                chunk.metadata["injection"] = ",".join(found)
        budget.check()
        annotate(chunked.chunks)
        with timed("entities"):
            spans = tools.extractor.extract(chunked.chunks)
        budget.check()
    return Prepared(parsed=parsed, chunked=chunked, spans=spans)


def embed(tools: Tools, prepared: Prepared, timed: Timer) -> None:
    """The file's chunks embedded, dense and sparse, as the pipeline would embed them."""
    assert tools.embedder is not None and tools.sparse is not None
    chunks = prepared.chunked.chunks
    texts = [contextual_text(c, prepared.parsed.title) for c in chunks]
    with timed("embed"):
        prepared.dense = tools.embedder.embed_documents(texts)
    with timed("sparse"):
        prepared.sparse = tools.sparse.encode_documents(texts, [c.language for c in chunks])
