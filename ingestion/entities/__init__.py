"""Entity extraction (per language), resolution and relations."""

from __future__ import annotations

import importlib.util
from collections import defaultdict

from ingestion.entities.english import SpacyExtractor
from ingestion.entities.german import GermanPatternExtractor
from ingestion.entities.protocol import LITERAL_TYPES, EntityExtractor
from ingestion.entities.relations import extract_relations
from ingestion.entities.resolver import EntityResolver, ResolverConfig
from schemas import Chunk
from schemas.graph import EntitySpan

GERMAN_SPACY_MODELS = ("de_core_news_lg", "de_core_news_md", "de_core_news_sm")


class LanguageRouter:
    """Sends each chunk to the extractor for its language; German patterns always run on German
    text (laws, norms, courts), plus a German spaCy pipeline when one is installed."""

    def __init__(
        self, by_language: dict[str, list[EntityExtractor]], default: list[EntityExtractor]
    ):
        self.by_language = by_language
        self.default = default

    def extract(self, chunks: list[Chunk]) -> list[EntitySpan]:
        groups: dict[str, list[Chunk]] = defaultdict(list)
        for chunk in chunks:
            groups[chunk.language if chunk.language in self.by_language else ""].append(chunk)
        out: list[EntitySpan] = []
        for language, members in groups.items():
            for extractor in self.by_language.get(language, self.default):
                out += extractor.extract(members)
        return _dedupe(out)


def default_extractor() -> LanguageRouter:
    german: list[EntityExtractor] = [GermanPatternExtractor()]
    for model in GERMAN_SPACY_MODELS:
        if importlib.util.find_spec(model) is not None:
            german.append(SpacyExtractor(model))
            break
    english = SpacyExtractor()
    return LanguageRouter({"de": german, "en": [english]}, default=[english])


def _dedupe(spans: list[EntitySpan]) -> list[EntitySpan]:
    seen: set[tuple[str, int, int, str]] = set()
    out = []
    for span in spans:
        key = (span.chunk_id, span.start, span.end, span.text)
        if key not in seen:
            seen.add(key)
            out.append(span)
    return out


__all__ = [
    "LITERAL_TYPES",
    "EntityExtractor",
    "EntityResolver",
    "GermanPatternExtractor",
    "LanguageRouter",
    "ResolverConfig",
    "SpacyExtractor",
    "default_extractor",
    "extract_relations",
]
