"""What every graph backend offers. Reads take an AccessFilter and honour it inside the query."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

from schemas import (
    AccessFilter,
    ChunkWithContext,
    DeleteReport,
    Document,
    DocumentSummary,
    Entity,
    EntityPath,
    GraphBatch,
    GraphStats,
    Neighbourhood,
    ReferenceHop,
    Referrer,
    WalkLimits,
)
from schemas.explore import EntityHit, EntityMention, EntityRelation, SectionNode


@runtime_checkable
class GraphStore(Protocol):
    def describe(self) -> str: ...

    def open(self) -> None:
        """Connect (and start an embedded engine); fails fast with a clear error."""

    def close(self) -> None: ...

    def ensure_schema(self) -> None:
        """Create constraints and indexes; safe to call on every start."""

    def write(self, batch: GraphBatch) -> None:
        """Upsert everything in ``batch`` in one transaction: all of it lands, or none; the
        documents in ``batch.replaces`` lose their old content in the same transaction."""

    def ping(self) -> None:
        """A trivial read: raises StoreUnavailableError when the store is down."""

    def chunk_ids_of(self, doc_ids: list[str]) -> dict[str, set[str]]:
        """Document id -> the ids of its chunks."""

    def delete_document(self, doc_id: str) -> DeleteReport:
        """Remove a document, its sections and chunks, and the entities only it mentioned."""

    def get_document(self, doc_id: str) -> Document | None: ...

    def list_documents(self, access: AccessFilter) -> list[DocumentSummary]: ...

    def list_entities(self, tenant: str | None = None) -> list[Entity]:
        """A tenant's entities with their aliases (resolution continues across runs); every
        tenant's with ``None``."""

    def visible_entities(self, entity_ids: list[str], access: AccessFilter) -> dict[str, Entity]:
        """The entities among ``entity_ids`` that a chunk the caller may see mentions, named
        and aliased only by the surface forms in such chunks."""

    def search_entities(self, query: str, access: AccessFilter, limit: int = 20) -> list[EntityHit]:
        """Entities that chunks the caller may see name by a form containing ``query`` (any
        case; "" lists all), most mentioned first, counted and named by those chunks only."""

    def find_documents(self, names: list[str], access: AccessFilter) -> list[DocumentSummary]:
        """The documents the caller may see that one of ``names`` names (id, source path, or
        the path citations show)."""

    def entity_mentions(
        self, entity_id: str, access: AccessFilter, limit: int = 20
    ) -> list[EntityMention]:
        """The chunks the caller may see that mention the entity, in reading order."""

    def entity_counts(self, entity_id: str, access: AccessFilter) -> tuple[int, int]:
        """How many chunks and documents the caller may see mention the entity."""

    def entity_relations(
        self, entity_id: str, access: AccessFilter, limit: int = 20
    ) -> list[EntityRelation]:
        """The entity's RELATED_TO edges that a chunk the caller may see states, to entities
        such chunks name, strongest first."""

    def chunk_mentions(self, chunk_ids: list[str], access: AccessFilter) -> dict[str, list[str]]:
        """Chunk id -> the ids of the entities it mentions, for the chunks the caller may see."""

    def document_structure(self, doc_id: str, access: AccessFilter) -> list[SectionNode]:
        """The document's sections in reading order with their chunk counts and pages; none
        when the caller may not see the document."""

    def documents_mentioning(self, entity_ids: list[str]) -> dict[str, list[str]]:
        """Entity id -> ids of the documents whose chunks mention it."""

    def entities_of_documents(self, doc_ids: list[str]) -> set[str]:
        """Ids of the entities these documents' chunks mention."""

    def citing_chunks(
        self, doc_ids: list[str], law_keys: list[str], tenant: str
    ) -> list[tuple[str, str, list[str]]]:
        """(chunk id, document id, citations) of the tenant's chunks that cite sections: those
        of ``doc_ids`` and those naming a law in ``law_keys``."""

    def section_titles(self, doc_ids: list[str]) -> list[tuple[str, str, str]]:
        """(section id, document id, title) of these documents' sections, in reading order."""

    def mark_documents_linked(self, doc_ids: list[str]) -> None:
        """Clear ``links_pending`` on these documents once their links are written."""

    def fetch_chunks(self, ids: list[str], access: AccessFilter) -> list[ChunkWithContext]: ...

    def visible_chunk_ids(self, ids: list[str], access: AccessFilter) -> set[str]: ...

    def export_chunks(self, page: int = 2000) -> Iterator[dict[str, Any]]:
        """Every chunk (id, doc_id, text, section_path, language, title), page by page."""

    def chunks_for_entities(
        self, entity_ids: list[str], access: AccessFilter, per_entity: int = 5
    ) -> dict[str, list[str]]:
        """Visible chunks mentioning each entity (the question's entities seed the walk)."""

    def neighbourhood(
        self, seed_ids: list[str], access: AccessFilter, limits: WalkLimits
    ) -> Neighbourhood:
        """Bounded walk from seed chunks: NEXT, PARENT, shared and related entities."""

    def reference_hops(
        self, seed_ids: list[str], candidates: list[str], access: AccessFilter, limit: int = 500
    ) -> list[ReferenceHop]:
        """Seed chunk -> entity it mentions -> document ABOUT that entity -> its visible
        opening chunk and its chunks among ``candidates``."""

    def citation_hops(
        self, seed_ids: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        """Seed chunk -> section its text cites (``entity_id`` holds the section id) -> that
        section's visible chunks, in reading order."""

    def citing_hops(
        self, seed_ids: list[str], candidates: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        """Seed chunk -> its section <- the visible chunks among ``candidates`` that cite it
        (``entity_id`` holds the section id)."""

    def scope_hops(
        self, seed_ids: list[str], words: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        """Seed chunk -> the sections of its own document whose title holds one of ``words``
        -> those sections' visible chunks (``entity_id`` holds the section id); per seed, the
        sections whose title holds an earlier word first, each in reading order."""

    def referrers(
        self, doc_ids: list[str], access: AccessFilter, limit: int = 200
    ) -> list[Referrer]:
        """The visible chunks of other documents that cite a section of ``doc_ids`` or name
        one of them: what a graph question "which laws refer to X" is answered from."""

    def entity_homes(
        self, entity_ids: list[str], candidates: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        """Entity -> document ABOUT it -> its visible opening chunk and its chunks among
        ``candidates`` (``seed_id`` is empty: the question named the entity)."""

    def context_chunks(
        self,
        anchor_ids: list[str],
        access: AccessFilter,
        hops: int = 1,
        small_document: int = 4,
        whole_section: int = 0,
    ) -> dict[str, list[str]]:
        """Anchor chunk id -> visible chunks to read with it: its neighbours up to ``hops``
        away in the same section; its whole section when that has at most ``whole_section``
        chunks (0: never); its whole document when that has at most ``small_document``."""

    def entity_paths(
        self, source_id: str, target_id: str, access: AccessFilter, limit: int = 5
    ) -> list[EntityPath]: ...

    def stats(self) -> GraphStats: ...
