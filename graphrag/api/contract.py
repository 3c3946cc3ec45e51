"""The HTTP API's response types, as the OpenAPI spec shows them: the JSON shapes of
``graphrag.views`` (what the CLI's ``--json`` prints), each field described. The service
validates every response against them, so the spec cannot drift from what is sent."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from schemas import (
    Citation,
    Document,
    GraphContext,
    GuardReport,
    Passage,
    Provenance,
    QueryAnalysis,
    StageScores,
)


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorOut(_Out):
    error: str = Field(description="what went wrong, naming the thing")
    hint: str | None = Field(description="what to do about it")


class SearchHitOut(_Out):
    chunk_id: str
    document: str = Field(description="the document's id")
    title: str = Field(description="the document's title")
    section: str = Field(description="the section path, ' > '-joined")
    page: int | None = Field(description="the first page of the chunk, for paged formats")
    text: str
    scores: StageScores = Field(description="every stage's score; null where a stage did not")
    provenance: list[Provenance] = Field(description="why the chunk is here")


class SearchOut(_Out):
    results: list[SearchHitOut] = Field(description="best first")
    timings_ms: dict[str, float] = Field(description="milliseconds per stage")
    read_as: str | None = Field(
        default=None, description="the query as searched, when misspelled words were read"
    )
    analysis: QueryAnalysis | None = Field(
        default=None, description="with explain (the operator's only): how the query was read"
    )
    paths: list[list[str]] | None = Field(
        default=None, description="with explain: entity paths the graph walk found"
    )


class AnswerOut(_Out):
    answer: str = Field(description="the answer, citing passages as [n]")
    answerable: bool = Field(description="false: the documents do not hold the answer")
    language: str = Field(description="the question's language (de, en, ...)")
    citations: list[Citation]
    passages: list[Passage] = Field(description="the evidence the answer read")
    graph: GraphContext = Field(description="entities, relations and paths around the evidence")
    timings_ms: dict[str, float]
    read_as: str | None = Field(
        default=None, description="the question as answered, when misspelled words were read"
    )
    conversation_id: str | None = Field(
        default=None, description="for /chat: send it with the next question"
    )
    guardrails: GuardReport = Field(
        default_factory=GuardReport,
        description="what the guardrails found and changed (kinds and counts)",
    )


class DocumentOut(Document):
    """A stored document as ``GET /documents`` lists it."""

    chunks: int = Field(description="how many chunks it has")


class JobOut(_Out):
    id: str
    state: str = Field(description="queued, running, done, partial, failed or lost")
    files: list[str]
    progress: dict[str, dict[str, Any]] = Field(description="per stage: done, total, detail")
    report: dict[str, Any] | None = Field(description="the ingestion report once it ran")
    error: str | None
    created: float = Field(description="seconds since the epoch")


class StatusOut(_Out):
    tenant: str
    documents: int
    chunks: int
    jobs_running: int


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": description}
    for status, description in {
        400: "bad input",
        401: "no caller, or a wrong key",
        404: "unknown, or not the caller's",
        422: "a malformed request body",
        503: "a store is down",
    }.items()
}
