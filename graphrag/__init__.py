"""graphrag: graph-augmented retrieval-augmented generation over company documents.

>>> import graphrag
>>> sorted(graphrag.__all__)[:3]
['AccessFilter', 'Answer', 'AnswerEvent']

The types a caller passes and gets back are importable from here too (they live in
``schemas``, which the stores and ingestion share).
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
from graphrag.settings import Settings, load_settings
from ingestion.report import IngestReport
from schemas import (
    AccessFilter,
    Answer,
    AnswerEvent,
    Citation,
    DeleteReport,
    DocumentSummary,
    Passage,
    ScoredChunk,
    SearchFilters,
    SearchResult,
)

if TYPE_CHECKING:
    from graphrag.sdk import GraphRAG

__all__ = [
    "AccessFilter",
    "Answer",
    "AnswerEvent",
    "Citation",
    "ConfigError",
    "DeleteReport",
    "DocumentSummary",
    "GraphRAG",
    "GraphRAGError",
    "IngestReport",
    "InputError",
    "MissingExtraError",
    "Passage",
    "QueryError",
    "ScoredChunk",
    "SearchFilters",
    "SearchResult",
    "Settings",
    "StoreError",
    "StoreLockedError",
    "StoreUnavailableError",
    "load_settings",
]


def __getattr__(name: str) -> Any:
    # The SDK pulls in ingestion, which itself imports graphrag.errors/stores/models: load it
    # on first use so that importing a low layer never drags in the whole product.
    if name == "GraphRAG":
        from graphrag.sdk import GraphRAG

        return GraphRAG
    raise AttributeError(f"module 'graphrag' has no attribute {name!r}")
