"""graphrag: graph-augmented retrieval-augmented generation over company documents.

>>> import graphrag
>>> sorted(graphrag.__all__)[:3]
['ConfigError', 'GraphRAG', 'GraphRAGError']
"""

from typing import TYPE_CHECKING, Any

from graphrag.errors import (
    ConfigError,
    GraphRAGError,
    InputError,
    MissingExtraError,
    QueryError,
    StoreError,
    StoreLockedError,
    StoreUnavailableError,
)
from graphrag.settings import Settings

if TYPE_CHECKING:
    from graphrag.sdk import GraphRAG

__all__ = [
    "ConfigError",
    "GraphRAG",
    "GraphRAGError",
    "InputError",
    "MissingExtraError",
    "QueryError",
    "Settings",
    "StoreError",
    "StoreLockedError",
    "StoreUnavailableError",
]


def __getattr__(name: str) -> Any:
    # The SDK pulls in ingestion, which itself imports graphrag.errors/stores/models: load it
    # on first use so that importing a low layer never drags in the whole product.
    if name == "GraphRAG":
        from graphrag.sdk import GraphRAG

        return GraphRAG
    raise AttributeError(f"module 'graphrag' has no attribute {name!r}")
