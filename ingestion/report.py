"""What an ingestion run did: counts written, files unchanged, errors, time per stage."""

from __future__ import annotations

from pydantic import BaseModel, Field


class FileError(BaseModel):
    path: str
    error: str
    reason: str = "error"


class IngestReport(BaseModel):
    documents: int = 0
    sections: int = 0
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    unchanged: int = 0
    deleted_versions: int = 0
    # points deleted or re-embedded because a killed run left the two stores disagreeing
    repaired: int = 0
    errors: list[FileError] = Field(default_factory=list)
    timings_s: dict[str, float] = Field(default_factory=dict)
    embedding_cache_hits: int = 0

    def merge(self, other: IngestReport) -> None:
        """Add another run's counts, errors and stage times to this one."""
        for name in ("documents", "sections", "chunks", "entities", "relations", "unchanged"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.deleted_versions += other.deleted_versions
        self.repaired += other.repaired
        self.embedding_cache_hits += other.embedding_cache_hits
        self.errors += other.errors
        for stage, seconds in other.timings_s.items():
            self.timings_s[stage] = round(self.timings_s.get(stage, 0.0) + seconds, 3)

    def summary(self) -> dict[str, object]:
        """The CLI's ``--json`` object."""
        return {
            "documents": self.documents,
            "sections": self.sections,
            "chunks": self.chunks,
            "entities": self.entities,
            "relations": self.relations,
            "unchanged": self.unchanged,
            "repaired": self.repaired,
            "errors": [{"path": e.path, "error": e.error} for e in self.errors],
            "timings_s": {k: round(v, 3) for k, v in self.timings_s.items()},
        }
