"""Chunk sizes in tokens, per format, and the semantic-breakpoint option."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class SizeLimits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    target_tokens: int = Field(default=300, ge=16)
    max_tokens: int = Field(default=480, ge=16)
    min_tokens: int = Field(default=40, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> SizeLimits:
        if not self.min_tokens <= self.target_tokens <= self.max_tokens:
            raise ValueError("need min_tokens <= target_tokens <= max_tokens")
        return self


class ChunkingConfig(BaseModel):
    """``per_format`` overrides the default limits by MIME type (e.g. larger for slides)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    default: SizeLimits = Field(default_factory=SizeLimits)
    per_format: dict[str, SizeLimits] = Field(default_factory=dict)
    semantic: bool = False
    semantic_threshold: Literal["percentile", "std", "iqr"] = "percentile"
    semantic_amount: float = Field(default=90.0, gt=0)
    semantic_min_sentences: int = Field(default=12, ge=2)

    def limits_for(self, mime: str) -> SizeLimits:
        return self.per_format.get(mime, self.default)
