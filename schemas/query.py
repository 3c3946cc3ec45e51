"""The query side's boundary models: requests, scored results, passages, answers."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from schemas.access import AccessFilter
from schemas.graph import Chunk, ChunkKind, Entity
from schemas.walk import EntityEdge, EntityPath, WalkVia

QueryType = Literal["factual", "comparative", "procedural", "relational", "aggregative", "temporal"]
Level = Literal["section", "chunk"]
MAX_QUERY_CHARS = 4_000


class SearchFilters(BaseModel):
    """Filters a caller may put on a search; unknown fields are rejected, not ignored."""

    model_config = ConfigDict(extra="forbid")

    doc_ids: list[str] | None = None
    kinds: list[ChunkKind] | None = None
    languages: list[str] | None = None
    mimes: list[str] | None = None
    page_from: int | None = Field(default=None, ge=0)
    page_to: int | None = Field(default=None, ge=0)
    modified_after: date | None = None
    modified_before: date | None = None
    must_terms: list[str] | None = None
    must_not_terms: list[str] | None = None


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(max_length=MAX_QUERY_CHARS)
    k: int = Field(default=10, ge=1, le=200)
    filters: SearchFilters = Field(default_factory=SearchFilters)
    access: AccessFilter = Field(default_factory=AccessFilter)
    use_graph: bool | None = None  # None: the settings decide; True also forces the walk
    # walk the neighbourhood for the graph context (entities, relations, paths) even when
    # PageRank does not rank: ask and --explain want it, a plain search does not pay for it
    graph_context: bool = False
    rerank: bool | None = None
    # which candidate branches run: both (hybrid), the keywords only (sparse) or the meaning
    # only (dense); an agent's keyword_search and semantic_search tools
    branches: Literal["hybrid", "dense", "sparse"] = "hybrid"

    @field_validator("query")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the query is empty")
        return value.strip()


class StageScores(BaseModel):
    """Every stage's score for one chunk; ``None`` where a stage did not score it."""

    model_config = ConfigDict(extra="forbid")

    dense: float | None = None
    sparse: float | None = None
    fused: float | None = None
    graph: float | None = None
    rerank: float | None = None
    # the cosine of the chunk's best sentence to the question, where the answer's evidence was
    # ordered by it (``graphrag.answer.ordering``)
    sentence: float | None = None
    final: float = 0.0


class Provenance(BaseModel):
    """Why a chunk is in the result: a vector branch or a graph path from a seed chunk."""

    model_config = ConfigDict(extra="forbid")

    # "conversation": the evidence of the previous turn, carried into a follow-up question
    source: Literal["dense", "sparse", "hybrid", "graph", "conversation"]
    via: WalkVia | None = None
    seed_chunk_id: str | None = None
    through: list[str] = Field(default_factory=list)


class ScoredChunk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    chunk: Chunk
    doc_title: str = ""
    doc_file: str = ""  # the source's file name (uploads: the name it was uploaded under)
    doc_path: str = ""  # its path below the folder it was ingested from (Document.path)
    scores: StageScores = Field(default_factory=StageScores)
    provenance: list[Provenance] = Field(default_factory=list)


class LinkedEntity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mention: str
    entity: Entity | None = None
    score: float = 0.0


class QueryAnalysis(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: str = "und"
    query_type: QueryType = "factual"
    multi_hop: bool = False
    entities: list[LinkedEntity] = Field(default_factory=list)
    levels: list[Level] = Field(default_factory=lambda: list[Level](["chunk"]))
    candidate_count: int = 50
    walk_graph: bool = True
    filters: SearchFilters = Field(default_factory=SearchFilters)


class GraphContext(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entities: list[Entity] = Field(default_factory=list)
    relations: list[EntityEdge] = Field(default_factory=list)
    paths: list[EntityPath] = Field(default_factory=list)


class SearchResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str
    # the query as searched, when misspelled words were read as the words meant
    read_as: str | None = None
    results: list[ScoredChunk] = Field(default_factory=list)
    analysis: QueryAnalysis = Field(default_factory=QueryAnalysis)
    graph: GraphContext = Field(default_factory=GraphContext)
    timings_ms: dict[str, float] = Field(default_factory=dict)


class Passage(BaseModel):
    """Adjacent chunks of one section merged around the best one, ready for a prompt."""

    model_config = ConfigDict(extra="forbid")

    chunk_ids: list[str]
    doc_id: str
    title: str
    section_path: list[str] = Field(default_factory=list)
    page_start: int | None = None
    page_end: int | None = None
    text: str
    score: float = 0.0
    file: str = ""
    path: str = ""  # the file's path below the folder it was ingested from


class Citation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int = Field(ge=1)
    document: str
    title: str
    section: str = ""
    page: int | None = None
    chunk_id: str
    file: str = ""  # the document's file name, so a person can open it
    path: str = ""  # and its path below the folder it was ingested from


class GuardReport(BaseModel):
    """What the guardrails did to one answer (kinds and counts, never the values)."""

    model_config = ConfigDict(extra="forbid")

    injection: list[str] = Field(default_factory=list)  # patterns the question matched
    passages_fenced: int = 0  # passages marked as untrusted text in the LLM's prompt
    passages_dropped: int = 0
    citations_removed: int = 0  # [n] that pointed to no passage
    uncited: bool = False  # an LLM answer without a citation (disclaimed or refused)
    redacted: dict[str, int] = Field(default_factory=dict)  # kind -> how many


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    # the question as read, when misspelled words were read as the words meant
    read_as: str | None = None
    answer: str
    answerable: bool = True
    language: str = "und"
    citations: list[Citation] = Field(default_factory=list)
    passages: list[Passage] = Field(default_factory=list)
    graph: GraphContext = Field(default_factory=GraphContext)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    conversation_id: str | None = None  # set by ``chat``: pass it with the next question
    guardrails: GuardReport = Field(default_factory=GuardReport)


class AnswerEvent(BaseModel):
    """One step of a streamed answer, in order: ``search`` (the evidence it reads), ``token``
    (text as it is written; sentences for the extractive answerer), ``restart`` (a further
    retrieval round begins: drop the text so far), and last ``answer`` (the whole answer with
    its citations)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["search", "token", "restart", "answer"]
    text: str = ""
    search: SearchResult | None = None
    answer: Answer | None = None
