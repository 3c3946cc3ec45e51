"""The vector store: one protocol, qdrant-edge in-process by default, Qdrant server by URL."""

from graphrag.stores.vector.edge import EdgeVectorStore
from graphrag.stores.vector.protocol import VectorStore
from graphrag.stores.vector.qdrant_server import QdrantClientVectorStore

__all__ = ["EdgeVectorStore", "QdrantClientVectorStore", "VectorStore"]
