"""The SDK entry point: one object that owns the stores and models and runs the pipelines.

>>> from graphrag import GraphRAG
>>> rag = GraphRAG(data_dir="/tmp/graphrag-doc")   # nothing starts until open()
>>> rag.describe()["graph"]
'embedded ArcadeDB in /tmp/graphrag-doc/graph (not started)'

Typical use::

    with GraphRAG(data_dir=".graphrag") as rag:
        report = rag.ingest(["docs/"], tenant="acme")
        print(report.summary())
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from graphrag.errors import InputError
from graphrag.models.cache import CachedEmbedder
from graphrag.models.embedders import Embedder, embedder_from_name
from graphrag.models.sparse import Bm25Encoder, SparseEncoder
from graphrag.settings import Settings
from graphrag.stores import factory
from graphrag.stores.graph import GraphStore
from graphrag.stores.vector import VectorStore
from ingestion.chunking import ChunkingConfig, HierarchicalChunker, SizeLimits
from ingestion.discover import discover
from ingestion.entities import default_extractor
from ingestion.pipeline import IngestionPipeline
from ingestion.progress import Progress
from ingestion.report import FileError, IngestReport
from schemas import AccessFields, AccessFilter, DeleteReport, DocumentSummary
from schemas.access import Visibility

log = logging.getLogger(__name__)


class GraphRAG:
    """Graph-augmented retrieval over a document collection.

    Pass ``settings`` (the CLI and HTTP service do), or keyword arguments named like the
    settings (``data_dir``, ``neo4j_uri``, ``qdrant_url``, ``embedder``, ...). Stores and models
    can also be handed in directly. Use it as a context manager, or ``open()``/``close()``.
    """

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        data_dir: str | Path | None = None,
        graph: GraphStore | None = None,
        vectors: VectorStore | None = None,
        embedder: Embedder | None = None,
        sparse: SparseEncoder | None = None,
        **overrides: Any,
    ) -> None:
        if settings is None:
            values = dict(overrides)
            if data_dir is not None:
                values["data_dir"] = Path(data_dir)
            settings = Settings(**values)
        self.settings = settings
        self.graph = graph if graph is not None else factory.graph_store(settings)
        self.vectors = vectors if vectors is not None else factory.vector_store(settings)
        self.embedder: Embedder = embedder or CachedEmbedder(
            embedder_from_name(settings.embedder),
            settings.data_dir / "cache" / "embeddings.sqlite",
        )
        self.sparse: SparseEncoder = sparse or Bm25Encoder()
        self._open = False

    # -- lifecycle ---------------------------------------------------------------------------

    def open(self) -> GraphRAG:
        if self._open:
            return self
        self.graph.open()
        try:
            self.graph.ensure_schema()
            self.vectors.open()
            self.vectors.ensure_collection(self.embedder.dimension)
        except BaseException:
            self.vectors.close()
            self.graph.close()
            raise
        self._open = True
        return self

    def close(self) -> None:
        self._open = False
        try:
            self.vectors.close()
        finally:
            self.graph.close()
            if isinstance(self.embedder, CachedEmbedder):
                self.embedder.close()

    def __enter__(self) -> GraphRAG:
        return self.open()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- ingestion ---------------------------------------------------------------------------

    def ingest(
        self,
        paths: Sequence[str | Path],
        *,
        tenant: str = "default",
        visibility: Visibility = "internal",
        acl: Sequence[str] = (),
        include: Sequence[str] = (),
        exclude: Sequence[str] = (),
        recursive: bool = True,
        progress: Progress | None = None,
    ) -> IngestReport:
        """Ingest files and folders; unchanged files are skipped, changed ones replaced.

        Every file is all-or-nothing; a bad file is reported in ``errors`` and the rest goes on.
        """
        self.open()
        files, problems = discover(
            [Path(p) for p in paths],
            include=list(include),
            exclude=list(exclude),
            recursive=recursive,
        )
        access = AccessFields(tenant=tenant, visibility=visibility, acl=list(acl))
        pipeline = IngestionPipeline(
            self.graph,
            self.vectors,
            self.embedder,
            self.sparse,
            HierarchicalChunker(self._chunking(), count_tokens=self.embedder.count_tokens),
            default_extractor(),
            max_bytes=int(self.settings.max_file_mb * 1024 * 1024),
            progress=progress,
        )
        report = pipeline.ingest(files, access)
        report.errors[:0] = [
            FileError(path=p.split(":")[0], error=p, reason="missing") for p in problems
        ]
        if isinstance(self.embedder, CachedEmbedder):
            report.embedding_cache_hits = self.embedder.hits
        return report

    def _chunking(self) -> ChunkingConfig:
        target = self.settings.chunk_target_tokens
        maximum = max(self.settings.chunk_max_tokens, target)
        return ChunkingConfig(
            default=SizeLimits(
                target_tokens=target, max_tokens=maximum, min_tokens=min(40, target // 4)
            )
        )

    def documents(self, access: AccessFilter | None = None) -> list[DocumentSummary]:
        self.open()
        return self.graph.list_documents(access or AccessFilter())

    def delete(self, document: str) -> DeleteReport:
        """Delete a document by id or by its source path; its entities nobody else mentions go
        too."""
        self.open()
        doc_id = self._resolve_document(document)
        report = self.graph.delete_document(doc_id)
        self.vectors.delete_document(doc_id)
        return report

    def _resolve_document(self, document: str) -> str:
        if self.graph.get_document(document) is not None:
            return document
        wanted = {document, str(Path(document).resolve())}
        matches = [
            d.document.id
            for d in self.graph.list_documents(AccessFilter())
            if d.document.source in wanted
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise InputError(
                f"{document!r} matches {len(matches)} documents (one per tenant)",
                hint="pass the document id (graphrag documents --json shows it)",
            )
        raise InputError(f"no document {document!r}", hint="see `graphrag documents`")

    # -- status ------------------------------------------------------------------------------

    def describe(self) -> dict[str, str]:
        return {
            "graph": self.graph.describe(),
            "vectors": self.vectors.describe(),
            "embedder": self.embedder.name,
        }

    def status(self) -> dict[str, Any]:
        """Where the stores are and what they hold (opens them if needed)."""
        self.open()
        stats = self.graph.stats()
        return {
            **self.describe(),
            "graph_stats": stats.model_dump(),
            "vector_points": self.vectors.count(),
        }
