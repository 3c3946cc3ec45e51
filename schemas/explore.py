"""What a person exploring the graph sees: entities with their counts, one entity's mentions and
relations, a document's section tree. Everything here is inside the caller's access: counts
count visible chunks, names are the forms visible chunks use."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from schemas.graph import Document, Entity


class EntityHit(BaseModel):
    """An entity found by name, with how many visible chunks and documents mention it."""

    model_config = ConfigDict(extra="forbid")

    entity: Entity
    chunks: int = Field(ge=0)
    documents: int = Field(ge=0)


class EntityMention(BaseModel):
    """A visible chunk that mentions the entity, with where it stands."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    doc_id: str
    title: str
    path: str = ""
    section: list[str] = Field(default_factory=list)
    page: int | None = None
    surface: list[str] = Field(default_factory=list)  # how the chunk names the entity
    text: str  # the chunk's text around the first mention


class EntityRelation(BaseModel):
    """A RELATED_TO edge of the entity that a visible chunk states."""

    model_config = ConfigDict(extra="forbid")

    source_id: str
    target_id: str
    type: str
    weight: float
    other: Entity  # the entity at the other end, named as visible chunks name it
    evidence: list[str] = Field(default_factory=list)  # visible chunk ids that state the edge


class EntityView(BaseModel):
    """One entity's neighbourhood: its mentions and its relations."""

    model_config = ConfigDict(extra="forbid")

    entity: Entity
    chunks: int = Field(ge=0)
    documents: int = Field(ge=0)
    mentions: list[EntityMention] = Field(default_factory=list)
    relations: list[EntityRelation] = Field(default_factory=list)


class SectionNode(BaseModel):
    """A section of a document's structure, in reading order."""

    model_config = ConfigDict(extra="forbid")

    id: str
    parent_id: str | None = None
    title: str
    level: int = Field(ge=0)
    path: list[str] = Field(default_factory=list)
    chunks: int = Field(ge=0)
    page_start: int | None = None
    page_end: int | None = None


class DocumentStructure(BaseModel):
    model_config = ConfigDict(extra="forbid")

    document: Document
    chunks: int = Field(ge=0)
    sections: list[SectionNode] = Field(default_factory=list)


class GraphNode(BaseModel):
    """A node of an evidence graph: a document, section, chunk or entity."""

    model_config = ConfigDict(extra="forbid")

    id: str
    kind: str  # "document" | "section" | "chunk" | "entity"
    label: str
    rank: int | None = None  # a chunk's place in the result (1 = first)
    score: float | None = None
    type: str | None = None  # an entity's type
    doc_id: str | None = None


class GraphEdge(BaseModel):
    """An edge of an evidence graph. ``kind``: PARENT (chunk to section or document, section to
    document), MENTIONS, RELATED_TO, or BROUGHT (a seed chunk to the chunk the graph step added
    from it, ``via`` how: next, sibling, entity, reference, citation, ...)."""

    model_config = ConfigDict(extra="forbid")

    source: str
    target: str
    kind: str
    via: str | None = None
    type: str | None = None  # a RELATED_TO edge's relation type


class EvidenceGraph(BaseModel):
    """What a search found, as a graph: its chunks with their sections and documents, the
    entities they mention, the relations between them and the path that brought each chunk the
    graph step added."""

    model_config = ConfigDict(extra="forbid")

    query: str
    nodes: list[GraphNode] = Field(default_factory=list)
    edges: list[GraphEdge] = Field(default_factory=list)
