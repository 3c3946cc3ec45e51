"""What every graph backend offers. Reads take an AccessFilter and honour it inside the query."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from schemas import (
    AccessFilter,
    ChunkWithContext,
    DeleteReport,
    Document,
    DocumentSummary,
    EntityPath,
    GraphBatch,
    GraphStats,
    Neighbourhood,
    WalkLimits,
)


@runtime_checkable
class GraphStore(Protocol):
    def open(self) -> None:
        """Connect (and start an embedded engine); fails fast with a clear error."""

    def close(self) -> None: ...

    def ensure_schema(self) -> None:
        """Create constraints and indexes; safe to call on every start."""

    def write(self, batch: GraphBatch) -> None:
        """Upsert everything in ``batch`` in one transaction: all of it lands, or none."""

    def delete_document(self, doc_id: str) -> DeleteReport:
        """Remove a document, its sections and chunks, and the entities only it mentioned."""

    def get_document(self, doc_id: str) -> Document | None: ...

    def list_documents(self, access: AccessFilter) -> list[DocumentSummary]: ...

    def fetch_chunks(self, ids: list[str], access: AccessFilter) -> list[ChunkWithContext]: ...

    def neighbourhood(
        self, seed_ids: list[str], access: AccessFilter, limits: WalkLimits
    ) -> Neighbourhood:
        """Bounded walk from seed chunks: NEXT, PARENT, shared and related entities."""

    def entity_paths(
        self, source_id: str, target_id: str, access: AccessFilter, limit: int = 5
    ) -> list[EntityPath]: ...

    def stats(self) -> GraphStats: ...
