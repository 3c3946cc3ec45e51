"""What ingestion writes: documents, their section tree, chunks, entities and their links."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.access import DEFAULT_TENANT, AccessFields

ChunkKind = Literal["paragraph", "table", "list", "code", "heading", "caption", "mixed"]
RelationType = Literal["RELATED_TO", "WORKS_FOR", "PART_OF", "REFERS_TO", "CO_OCCURS"]
DocumentLinkType = Literal["REFERENCES", "SUPERSEDES"]


# between the names in ``Document.metadata["names"]`` (title, abbreviation, long form)
NAME_SEPARATOR = " | "


class Document(AccessFields):
    """One source file (or one record of a data set)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    source: str
    # where a person finds the file: its path below the folder it was ingested from, with that
    # folder's name ("de-arbeitsrecht/kschg.md"); a file ingested by itself is its name
    path: str = ""
    mime: str = "text/plain"
    sha256: str = ""
    version: int = 1
    language: str = "und"
    author: str | None = None
    created: datetime | None = None
    modified: datetime | None = None
    metadata: dict[str, str | int | float | bool] = Field(default_factory=dict)
    # True from the write of this version until its cross-document links are made: a run
    # killed in between leaves the flag, and the next run links the document.
    links_pending: bool = False


class Section(BaseModel):
    """A heading and what it governs; ``parent_id`` is a section, or ``None`` for the document."""

    model_config = ConfigDict(extra="forbid")

    id: str
    doc_id: str
    parent_id: str | None = None
    title: str
    level: int = Field(ge=0)
    path: list[str] = Field(default_factory=list)
    ordinal: int = Field(ge=0)
    page_start: int | None = None


class Chunk(AccessFields):
    """The retrieval unit. ``text`` is the original; contextual prefixes live only in vectors."""

    model_config = ConfigDict(extra="forbid")

    id: str
    doc_id: str
    section_id: str | None = None
    ordinal: int = Field(ge=0)
    text: str
    kind: ChunkKind = "paragraph"
    section_path: list[str] = Field(default_factory=list)
    page_start: int | None = None
    page_end: int | None = None
    language: str = "und"
    token_count: int = 0
    # the sections this chunk's text cites ("law|number", law "" for its own; ingestion.citations)
    # and the laws it names, which the link step resolves to (:Chunk)-[:CITES]->(:Section)
    cites: list[str] = Field(default_factory=list)
    cite_laws: list[str] = Field(default_factory=list)
    # overlap context from the neighbouring chunks, title, ...: kept out of the embedded text
    metadata: dict[str, str | int | float | bool] = Field(default_factory=dict)


class Entity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    type: str
    aliases: list[str] = Field(default_factory=list)
    tenant: str = DEFAULT_TENANT


class Mention(BaseModel):
    """``(:Chunk)-[:MENTIONS {count}]->(:Entity)``."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    entity_id: str
    count: int = Field(default=1, ge=1)
    surface: list[str] = Field(default_factory=list)


class Relation(BaseModel):
    """``(:Entity)-[:RELATED_TO {type, weight, chunk_ids}]->(:Entity)``."""

    model_config = ConfigDict(extra="forbid")

    source_id: str
    target_id: str
    type: RelationType = "RELATED_TO"
    weight: float = Field(default=1.0, ge=0)
    chunk_ids: list[str] = Field(default_factory=list)


class ChunkCitation(BaseModel):
    """``(:Chunk)-[:CITES]->(:Section)``: the chunk's text cites the section ("§ 4 KSchG")."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    section_id: str


class DocumentLink(BaseModel):
    """``(:Document)-[:REFERENCES|SUPERSEDES]->(:Document)``."""

    model_config = ConfigDict(extra="forbid")

    source_id: str
    target_id: str
    type: DocumentLinkType = "REFERENCES"


class About(BaseModel):
    """``(:Document)-[:ABOUT]->(:Entity)``: the document is the entity's home, because its
    title or another of its names is the entity's name. A chunk that mentions the entity
    points, through it, at the document that says what the entity is."""

    model_config = ConfigDict(extra="forbid")

    doc_id: str
    entity_id: str


class GraphBatch(BaseModel):
    """Everything one document contributes to the graph, written together.

    ``replaces`` names documents whose stored version this batch replaces: their old sections,
    chunks, mentions and links go in the same transaction, so a reader sees the old version or
    the new one, never neither."""

    replaces: list[str] = Field(default_factory=list)
    documents: list[Document] = Field(default_factory=list)
    sections: list[Section] = Field(default_factory=list)
    chunks: list[Chunk] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    mentions: list[Mention] = Field(default_factory=list)
    relations: list[Relation] = Field(default_factory=list)
    links: list[DocumentLink] = Field(default_factory=list)
    about: list[About] = Field(default_factory=list)
    citations: list[ChunkCitation] = Field(default_factory=list)


class GraphStats(BaseModel):
    documents: int = 0
    sections: int = 0
    chunks: int = 0
    entities: int = 0
    mentions: int = 0
    relations: int = 0
    next_edges: int = 0
    parent_edges: int = 0
    document_links: int = 0
    about_edges: int = 0
    citation_edges: int = 0


class DeleteReport(BaseModel):
    """What deleting one document removed from the graph."""

    doc_id: str
    documents: int = 0
    sections: int = 0
    chunks: int = 0
    entities: int = 0
    relations: int = 0


class DocumentSummary(BaseModel):
    document: Document
    chunks: int = 0


class EntitySpan(BaseModel):
    """An entity as an extractor found it in one chunk, before resolution."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    text: str
    type: str
    sentence: int = 0  # index of the sentence inside the chunk
    start: int = 0
    end: int = 0
    long_form: str | None = None  # "Kündigungsschutzgesetz (KSchG)": the spelled-out name
