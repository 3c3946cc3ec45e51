"""The SDK entry point: one object that owns the stores and runs the pipelines.

>>> from graphrag import GraphRAG
>>> rag = GraphRAG(data_dir="/tmp/graphrag-doc")   # nothing starts until open()
>>> rag.describe()["graph"]
'embedded ArcadeDB in /tmp/graphrag-doc/graph (not started)'
"""

from __future__ import annotations

import logging
from pathlib import Path
from types import TracebackType
from typing import Any

from graphrag.settings import Settings
from graphrag.stores import factory
from graphrag.stores.graph import GraphStore
from graphrag.stores.vector import VectorStore

log = logging.getLogger(__name__)
DEFAULT_DENSE_SIZE = 384  # multilingual-e5-small, the offline default embedder


class GraphRAG:
    """Graph-augmented retrieval over a document collection.

    Pass ``settings`` (the CLI and HTTP service do), or keyword arguments for the common ones:
    ``data_dir`` for the embedded stores, ``neo4j_uri``/``neo4j_password`` and ``qdrant_url``
    to use servers instead. Use it as a context manager, or call ``open()``/``close()``.
    """

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        data_dir: str | Path | None = None,
        graph: GraphStore | None = None,
        vectors: VectorStore | None = None,
        dense_size: int = DEFAULT_DENSE_SIZE,
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
        self.dense_size = dense_size
        self._open = False

    def open(self) -> GraphRAG:
        if self._open:
            return self
        self.graph.open()
        try:
            self.graph.ensure_schema()
            self.vectors.open()
            self.vectors.ensure_collection(self.dense_size)
        except BaseException:
            self.graph.close()
            self.vectors.close()
            raise
        self._open = True
        return self

    def close(self) -> None:
        self._open = False
        try:
            self.vectors.close()
        finally:
            self.graph.close()

    def __enter__(self) -> GraphRAG:
        return self.open()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def describe(self) -> dict[str, str]:
        graph = (
            self.graph.describe() if hasattr(self.graph, "describe") else type(self.graph).__name__
        )
        return {"graph": graph, "vectors": self.vectors.describe()}

    def status(self) -> dict[str, Any]:
        """Where the stores are and what they hold (opens them if needed)."""
        self.open()
        stats = self.graph.stats()
        return {
            **self.describe(),
            "graph_stats": stats.model_dump(),
            "vector_points": self.vectors.count(),
        }
