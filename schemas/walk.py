"""Results of graph reads: the neighbourhood around chunks and paths between entities."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.graph import Chunk, Entity

WalkVia = Literal[
    "next",
    "parent",
    "shared_entity",
    "related_entity",
    "reference",
    "passage",
    "citation",
    "scope",
]


class ChunkWithContext(BaseModel):
    """A chunk as fetched for display: its section path and document title resolved."""

    model_config = ConfigDict(extra="forbid")

    chunk: Chunk
    doc_title: str
    doc_source: str
    doc_path: str = ""  # Document.path
    section_titles: list[str] = Field(default_factory=list)

    @property
    def doc_file(self) -> str:
        """The source's file name (an id, for sources that are not paths, stays whole)."""
        return self.doc_source.replace("\\", "/").rsplit("/", 1)[-1]


class NeighbourChunk(BaseModel):
    """A chunk the walk reached, and how: which seed, which kind of edge, through what."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    seed_id: str
    via: WalkVia
    distance: int = Field(ge=1)
    through: list[str] = Field(default_factory=list)  # entity ids or section id on the way
    weight: float = 1.0


class Referrer(BaseModel):
    """A chunk of another document that refers to a document: it cites one of its sections
    (``kind`` "cites", ``via`` the section's title) or names it (``kind`` "names", ``via`` the
    name it mentions)."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    doc_id: str
    kind: Literal["cites", "names"]
    target_id: str  # the cited section, or the named entity
    via: str


class ReferenceHop(BaseModel):
    """A chunk reached by the reference hop: the seed mentions an entity (or, with an empty
    ``seed_id``, the question names it), and this chunk belongs to the document about it."""

    model_config = ConfigDict(extra="forbid")

    seed_id: str
    entity_id: str
    doc_id: str
    chunk_id: str
    ordinal: int = 0


class EntityEdge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    source_id: str
    target_id: str
    type: str
    weight: float


class Neighbourhood(BaseModel):
    """What a bounded walk found from a set of seed chunks, all inside the caller's access."""

    model_config = ConfigDict(extra="forbid")

    chunks: list[NeighbourChunk] = Field(default_factory=list)
    sections: dict[str, list[str]] = Field(default_factory=dict)  # chunk id -> section ids up
    entities: list[Entity] = Field(default_factory=list)
    mentions: dict[str, list[str]] = Field(default_factory=dict)  # chunk id -> entity ids
    relations: list[EntityEdge] = Field(default_factory=list)


class EntityPath(BaseModel):
    """A path between two entities: alternating entity ids, and the edge types between them."""

    model_config = ConfigDict(extra="forbid")

    entity_ids: list[str]
    names: list[str]
    edge_types: list[str]
    chunk_ids: list[str] = Field(default_factory=list)  # visible chunks that state the edges


class WalkLimits(BaseModel):
    """Caps that keep a walk bounded, so a hub entity cannot flood the result."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    next_hops: int = Field(default=1, ge=0, le=3)
    siblings_per_seed: int = Field(default=2, ge=0, le=50)
    max_entity_degree: int = Field(default=50, ge=1)
    chunks_per_entity: int = Field(default=5, ge=0, le=100)
    related_hops: int = Field(default=2, ge=0, le=2)
    related_per_entity: int = Field(default=5, ge=0, le=100)
    max_related_entities: int = Field(default=20, ge=0, le=1_000)
    max_chunks: int = Field(default=200, ge=1, le=5_000)
