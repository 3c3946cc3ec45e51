"""Entity resolution: surface forms -> canonical entities with aliases, across documents and runs.

Evidence, strongest first: exact match after normalisation (name or alias, same type group);
abbreviation/long-form pairs (defined in the text as ``Long Form (ABBR)``, from document titles,
or from the gazetteer); person names that agree on the surname and a compatible first name or
initial; fuzzy similarity (rapidfuzz) above a threshold; optionally embedding similarity.

>>> from schemas.graph import EntitySpan
>>> r = EntityResolver()
>>> spans = [EntitySpan(chunk_id="c1", text="Max Mustermann", type="PERSON"),
...          EntitySpan(chunk_id="c2", text="Dr. M. Mustermann", type="PERSON"),
...          EntitySpan(chunk_id="c2", text="KSchG", type="LAW"),
...          EntitySpan(chunk_id="c3", text="Kündigungsschutzgesetz", type="LAW")]
>>> out = r.resolve(spans, "doc")
>>> out[0].id == out[1].id, out[2].id == out[3].id
(True, True)
>>> sorted(out[2].aliases)
['KSchG', 'Kündigungsschutzgesetz']
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
from pydantic import BaseModel, ConfigDict, Field
from rapidfuzz import fuzz, process

from graphrag.models.embedders import Embedder
from ingestion.entities.gazetteer import COURT_LONG_FORMS, LAW_LONG_FORMS
from schemas import DEFAULT_TENANT, Entity, entity_id
from schemas.graph import EntitySpan

TYPE_GROUPS = {
    "GPE": "PLACE", "LOC": "PLACE", "FAC": "PLACE", "WORK": "WORK", "PRODUCT": "WORK",
    "COURT": "ORG",
}  # fmt: skip
_TITLES = re.compile(
    r"^(?:(?:Dr|Prof|Dipl\.-\w+|Herrn?|Frau|Mr|Mrs|Ms|Sir|Dame|RA|RAin|Richter(?:in)?)\.?\s+)+",
)


class ResolverConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    fuzzy_threshold: float = Field(default=92.0, ge=0, le=100)
    fuzzy_min_length: int = Field(default=6, ge=1)
    use_embeddings: bool = False  # one embedding per new name: worth it for noisy corpora
    embedding_threshold: float = Field(default=0.93, ge=0, le=1)


def normalise(text: str) -> str:
    """Case-folded, accent-preserving, punctuation-light key for exact matching."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"[\"'’`´()\[\],;:!?]", " ", text)
    text = re.sub(r"^(?:the|der|die|das)\s+", "", text.strip())
    return " ".join(text.split()).rstrip(".")


def group_of(kind: str) -> str:
    return TYPE_GROUPS.get(kind, kind)


@dataclass
class _Known:
    entity: Entity
    keys: set[str] = field(default_factory=set)


class EntityResolver:
    """Holds the known entities (seed it with those already in the graph) and resolves spans."""

    def __init__(
        self,
        known: list[Entity] | None = None,
        config: ResolverConfig | None = None,
        embed: Embedder | None = None,
        tenant: str = DEFAULT_TENANT,
    ) -> None:
        self.config = config or ResolverConfig()
        self.tenant = tenant  # new entities belong to it; seed ``known`` with its entities only
        self.embed = embed  # used only when config.use_embeddings
        self._vectors: dict[str, dict[str, np.ndarray]] = defaultdict(dict)  # group -> id -> v
        self._by_key: dict[tuple[str, str], _Known] = {}
        self._by_group: dict[str, list[_Known]] = defaultdict(list)
        # Indexes kept as entities arrive, so resolving stays linear in the number of spans:
        self._by_id: dict[str, _Known] = {}
        self._fuzzy_pool: dict[str, dict[str, _Known]] = defaultdict(dict)  # group -> key -> k
        self._by_surname: dict[str, list[_Known]] = defaultdict(list)  # PERSON last name -> k
        self._pairs: dict[tuple[str, str], str] = {}  # (group, normalised alias) -> partner name
        for short, long in LAW_LONG_FORMS.items():
            self.add_alias_pair(short, long, "LAW")
        for short, long in COURT_LONG_FORMS.items():
            self.add_alias_pair(short, long, "ORG")
        for entity in known or []:
            self._remember(entity)

    def add_alias_pair(self, short: str, long: str, kind: str) -> None:
        group = group_of(kind)
        self._pairs[(group, normalise(short))] = long
        self._pairs[(group, normalise(long))] = short

    def entities(self) -> list[Entity]:
        seen: dict[str, Entity] = {}
        for known in self._by_key.values():
            seen[known.entity.id] = known.entity
        return list(seen.values())

    def resolve(self, spans: list[EntitySpan], doc_id: str) -> dict[int, Entity]:
        for span in spans:
            if span.long_form:
                self.add_alias_pair(span.text, span.long_form, span.type)
        out: dict[int, Entity] = {}
        # longer surface forms first, so "Max Mustermann" exists before "M. Mustermann" arrives
        order = sorted(range(len(spans)), key=lambda i: -len(_strip_titles(spans[i].text)))
        for i in order:
            out[i] = self._resolve_one(spans[i])
        return {i: self._current(e.id) for i, e in out.items()}

    # -- internals ---------------------------------------------------------------------------

    def _current(self, eid: str) -> Entity:
        return self._by_id[eid].entity

    def _resolve_one(self, span: EntitySpan) -> Entity:
        group = group_of(span.type)
        surface = " ".join(span.text.split())
        key = normalise(surface)
        found = self._by_key.get((group, key))
        if found is None:
            partner = self._pairs.get((group, key))
            if partner is not None:
                found = self._by_key.get((group, normalise(partner)))
        if found is None and group == "PERSON":
            found = self._person_match(surface)
        if found is None and len(key) >= self.config.fuzzy_min_length:
            found = self._fuzzy(group, key)
        if found is None and self.config.use_embeddings and self.embed is not None:
            found = self._similar(group, surface)
        if found is None:
            name = _strip_titles(surface) if group == "PERSON" else surface
            partner = self._pairs.get((group, key))
            canonical = name
            if partner is not None and len(partner) > len(name) and group in ("LAW", "ORG"):
                canonical = partner  # the spelled-out name is the better canonical form
            entity = Entity(
                id=entity_id(group, canonical, self.tenant),
                name=canonical,
                type=span.type,
                aliases=sorted({canonical, surface, *([partner] if partner else [])}),
                tenant=self.tenant,
            )
            existing = self._by_key.get((group, normalise(canonical)))
            if existing is not None:
                found = existing
            else:
                self._remember(entity)
                return entity
        self._add_alias(found, surface)
        return found.entity

    def _remember(self, entity: Entity) -> None:
        known = _Known(entity=entity)
        group = group_of(entity.type)
        self._by_group[group].append(known)
        self._by_id.setdefault(entity.id, known)
        if group == "PERSON":
            parts = _strip_titles(entity.name).split()
            if len(parts) >= 2:
                self._by_surname[parts[-1].casefold()].append(known)
        for alias in sorted({entity.name, *entity.aliases}):
            self._index(known, group, alias)

    def _index(self, known: _Known, group: str, alias: str) -> None:
        keys = {normalise(alias)}
        if group == "PERSON":
            keys.add(normalise(_strip_titles(alias)))
        for key in keys:
            known.keys.add(key)
            self._by_key.setdefault((group, key), known)
            if len(key) >= self.config.fuzzy_min_length:
                self._fuzzy_pool[group].setdefault(key, known)

    def _add_alias(self, known: _Known, surface: str) -> None:
        if surface not in known.entity.aliases:
            known.entity = known.entity.model_copy(
                update={"aliases": sorted({*known.entity.aliases, surface})}
            )
        self._index(known, group_of(known.entity.type), surface)

    def _person_match(self, surface: str) -> _Known | None:
        parts = _strip_titles(surface).replace(".", ". ").split()
        if len(parts) < 1:
            return None
        last, firsts = parts[-1].casefold(), [p.rstrip(".").casefold() for p in parts[:-1]]
        candidates = []
        for known in self._by_surname.get(last, []):
            kfirst = _strip_titles(known.entity.name).split()[0].rstrip(".").casefold()
            if not firsts or all(kfirst.startswith(f) or f.startswith(kfirst) for f in firsts[:1]):
                candidates.append(known)
        return candidates[0] if len(candidates) == 1 else None

    def _similar(self, group: str, surface: str) -> _Known | None:
        """The known entity of the group whose name embeds closest, above the threshold."""
        assert self.embed is not None
        known = {k.entity.id: k for k in self._by_group[group]}
        missing = [eid for eid in known if eid not in self._vectors[group]]
        if missing:
            names = [known[eid].entity.name for eid in missing]
            for eid, vector in zip(missing, self.embed.embed_documents(names), strict=True):
                self._vectors[group][eid] = _unit(vector)
        if not known:
            return None
        ids = list(known)
        matrix = np.stack([self._vectors[group][eid] for eid in ids])
        query = _unit(self.embed.embed_documents([surface])[0])
        scores = matrix @ query
        best = int(np.argmax(scores))
        return known[ids[best]] if float(scores[best]) >= self.config.embedding_threshold else None

    def _fuzzy(self, group: str, key: str) -> _Known | None:
        pool = self._fuzzy_pool[group]
        if not pool:
            return None
        match = process.extractOne(
            key, pool.keys(), scorer=fuzz.ratio, score_cutoff=self.config.fuzzy_threshold
        )
        return pool[match[0]] if match else None


def _unit(vector: list[float]) -> np.ndarray:
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


def _strip_titles(name: str) -> str:
    return _TITLES.sub("", name).strip()
