"""What every vector backend offers: named dense + sparse (IDF) vectors, hybrid queries."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from schemas import HybridQuery, PayloadFilter, VectorHit, VectorPoint

DENSE = "dense"
SPARSE = "sparse"
# Payload fields that filters use; each gets a payload index so filtering stays cheap.
KEYWORD_FIELDS = ("doc_id", "tenant", "visibility", "acl", "kind", "language", "mime", "section_id")
INTEGER_FIELDS = ("page_start", "level", "ordinal", "modified_ymd")


@runtime_checkable
class VectorStore(Protocol):
    def describe(self) -> str: ...

    def open(self) -> None:
        """Connect or load; fails fast with a clear error."""

    def close(self) -> None: ...

    def ensure_collection(self, dense_size: int) -> None:
        """Create the collection (dense ``dense_size`` cosine + sparse with IDF) if missing,
        or check that the existing one has the same dense size."""

    def upsert(self, points: list[VectorPoint]) -> None: ...

    def delete_document(self, doc_id: str) -> int:
        """Delete every point of a document; returns how many there were."""

    def prune_documents(self, doc_ids: list[str], keep: set[str]) -> int:
        """Delete the points of these documents whose ids are not in ``keep`` (an old version's
        chunks, or those a killed run left behind); returns how many went."""

    def point_ids(self, doc_ids: list[str]) -> dict[str, set[str]]:
        """Document id -> the ids of its points."""

    def document_counts(self) -> dict[str, int]:
        """Document id -> number of points, for every document in the collection."""

    def query(self, query: HybridQuery) -> list[VectorHit]: ...

    def fetch(self, ids: list[str]) -> list[VectorHit]:
        """Points by id with their payloads (score 0), in the order asked, missing ones left out."""

    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]:
        """The stored dense vectors of these points (missing ones left out)."""

    def count(self, flt: PayloadFilter | None = None) -> int: ...


def fetch_limit(limit: int) -> int:
    """Ask the engine for a few more than needed, so ties at the cut are decided by ``ordered``."""
    return limit + min(limit, 16)


def ordered(hits: list[VectorHit], limit: int | None = None) -> list[VectorHit]:
    """Best first, equal scores by id: engines order ties differently, results must not."""
    return sorted(hits, key=lambda h: (-h.score, h.id))[:limit]
