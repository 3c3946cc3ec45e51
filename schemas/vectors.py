"""Store-neutral shapes for the vector side: points, filters, hybrid queries and hits."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from schemas.access import AccessFilter

PayloadValue = str | int | float | bool | None | list[str] | list[int]


class SparseVector(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    indices: list[int] = Field(default_factory=list)
    values: list[float] = Field(default_factory=list)

    @model_validator(mode="after")
    def _same_length(self) -> SparseVector:
        if len(self.indices) != len(self.values):
            raise ValueError("sparse vector needs as many values as indices")
        return self


class VectorPoint(BaseModel):
    """One chunk in the vector store: ``id`` equals the chunk id in the graph."""

    model_config = ConfigDict(extra="forbid")

    id: str
    dense: list[float]
    sparse: SparseVector = Field(default_factory=SparseVector)
    payload: dict[str, PayloadValue] = Field(default_factory=dict)


class FieldMatch(BaseModel):
    """``key`` equals any of ``values`` (keyword or integer payload fields)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    values: list[str] | list[int]


class FieldRange(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    gte: float | None = None
    lte: float | None = None


class PayloadFilter(BaseModel):
    """Conjunction of matches and ranges, minus ``must_not`` matches, plus the access rule."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    access: AccessFilter = Field(default_factory=AccessFilter)
    must: list[FieldMatch] = Field(default_factory=list)
    ranges: list[FieldRange] = Field(default_factory=list)
    must_not: list[FieldMatch] = Field(default_factory=list)


Fusion = Literal["rrf", "dbsf"]


class HybridQuery(BaseModel):
    """Dense and sparse prefetch branches fused into one ranking.

    ``dense_weight``/``sparse_weight`` weigh the branches in RRF (``hybrid_alpha`` on the
    query side maps onto them). A branch without a vector is skipped.
    """

    model_config = ConfigDict(extra="forbid")

    dense: list[float] | None = None
    sparse: SparseVector | None = None
    limit: int = Field(default=10, ge=1, le=10_000)
    prefetch_limit: int = Field(default=50, ge=1, le=10_000)
    fusion: Fusion = "rrf"
    rrf_k: int = Field(default=60, ge=1)
    dense_weight: float = Field(default=1.0, ge=0)
    sparse_weight: float = Field(default=1.0, ge=0)
    filter: PayloadFilter = Field(default_factory=PayloadFilter)
    score_threshold: float | None = None
    with_payload: bool = True

    @model_validator(mode="after")
    def _has_a_branch(self) -> HybridQuery:
        if self.dense is None and (self.sparse is None or not self.sparse.indices):
            raise ValueError("a hybrid query needs a dense or a non-empty sparse vector")
        return self


class VectorHit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    score: float
    payload: dict[str, PayloadValue] = Field(default_factory=dict)
