"""Chunking: the Chunker protocol and the hierarchical, structure-aware default."""

from typing import Protocol

from ingestion.chunking.config import ChunkingConfig, SizeLimits
from ingestion.chunking.hierarchical import HierarchicalChunker, approx_tokens, contextual_text
from schemas.access import AccessFields
from schemas.parsed import ChunkedDocument, ParsedDocument


class Chunker(Protocol):
    def chunk(
        self, doc: ParsedDocument, doc_id: str, access: AccessFields | None = None
    ) -> ChunkedDocument: ...


__all__ = [
    "Chunker",
    "ChunkingConfig",
    "HierarchicalChunker",
    "SizeLimits",
    "approx_tokens",
    "contextual_text",
]
