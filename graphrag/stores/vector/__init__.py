"""The vector store: one protocol, qdrant-edge in-process by default, Qdrant server by URL.

``QdrantClientVectorStore`` is imported when first named: qdrant-client takes half a second
to import, which every CLI command paid though the default store is qdrant-edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from graphrag.stores.vector.edge import EdgeVectorStore
from graphrag.stores.vector.protocol import VectorStore

if TYPE_CHECKING:
    from graphrag.stores.vector.qdrant_server import QdrantClientVectorStore

__all__ = ["EdgeVectorStore", "QdrantClientVectorStore", "VectorStore"]


def __getattr__(name: str) -> Any:
    if name == "QdrantClientVectorStore":
        from graphrag.stores.vector.qdrant_server import QdrantClientVectorStore

        return QdrantClientVectorStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
