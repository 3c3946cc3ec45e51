"""graphrag: graph-augmented retrieval-augmented generation over company documents.

>>> import graphrag
>>> sorted(graphrag.__all__)[:3]
['ConfigError', 'GraphRAG', 'GraphRAGError']
"""

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
from graphrag.sdk import GraphRAG
from graphrag.settings import Settings

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
