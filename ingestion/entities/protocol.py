"""The entity stages: extraction (spans per chunk) and resolution (spans -> canonical entities)."""

from __future__ import annotations

from typing import Protocol

from schemas import Chunk, Entity
from schemas.graph import EntitySpan

# Types that name values rather than things: kept as entities, never used to relate others.
LITERAL_TYPES = frozenset({"DATE", "MONEY"})


class EntityExtractor(Protocol):
    def extract(self, chunks: list[Chunk]) -> list[EntitySpan]: ...


class EntityResolver(Protocol):
    def resolve(self, spans: list[EntitySpan], doc_id: str) -> dict[int, Entity]:
        """Map each span (by index) to a canonical entity, new or already known."""
