"""Relations between resolved entities, without an LLM.

* ``PART_OF``: a norm belongs to its law (``§ 1 KSchG`` -> ``KSchG``).
* ``WORKS_FOR``: a person and an organisation joined by "works for/at", "arbeitet bei/für",
  "CEO of", "Geschäftsführer(in) der" in one sentence.
* ``REFERS_TO``: something mentioned together with a law after "nach/gemäß/laut/im Sinne",
  "under/according to".
* ``CO_OCCURS``: any other two entities in the same sentence (evidence: the chunk).

Literal types (dates, money) relate nothing; a sentence with more than ``max_per_sentence``
entities contributes only its first ones, so enumerations cannot flood the graph.
"""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import combinations

from ingestion.entities.protocol import LITERAL_TYPES
from schemas import Chunk, Entity, Relation
from schemas.graph import EntitySpan

_WORKS_FOR = re.compile(
    r"\b(works?|worked|working)\s+(for|at)\b|\b(CEO|founder|chairman|president|director|"
    r"employee|head)\s+of\b|\barbeite[nt]?\s+(bei|für)\b|\b(Geschäftsführer(in)?|Vorstand|"
    r"Mitarbeiter(in)?|Gründer(in)?|Leiter(in)?)\s+(der|des|von|bei)\b",
    re.IGNORECASE,
)
_REFERS = re.compile(
    r"\b(nach|gemäß|gem\.|laut|im Sinne|i\.\s?S\.\s?d\.|aufgrund|under|according to|pursuant to)\b",
    re.IGNORECASE,
)
_PERSONS = {"PERSON"}
_ORGS = {"ORG", "COURT"}


def extract_relations(
    chunks: list[Chunk],
    spans: list[EntitySpan],
    entity_of: dict[int, Entity],
    *,
    max_per_sentence: int = 6,
) -> list[Relation]:
    text_of = {c.id: c.text for c in chunks}
    by_sentence: dict[tuple[str, int], list[tuple[EntitySpan, Entity]]] = defaultdict(list)
    for i, span in enumerate(spans):
        entity = entity_of.get(i)
        if entity is not None:
            by_sentence[(span.chunk_id, span.sentence)].append((span, entity))
    found: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for (chunk_id, _), members in by_sentence.items():
        unique: dict[str, tuple[EntitySpan, Entity]] = {}
        for span, entity in members:
            unique.setdefault(entity.id, (span, entity))
        # part-of links come first and are not capped: they are structure, not co-occurrence
        for _span, entity in unique.values():
            if entity.type == "NORM":
                for _, other in unique.values():
                    if other.type == "LAW" and other.id != entity.id and _law_of(entity, other):
                        found[(entity.id, other.id, "PART_OF")].add(chunk_id)
        related = [m for m in unique.values() if m[1].type not in LITERAL_TYPES][:max_per_sentence]
        sentence = _sentence_text(text_of.get(chunk_id, ""), members)
        for (sa, a), (sb, b) in combinations(related, 2):
            kind, src, dst = _classify(sa, a, sb, b, sentence)
            if kind == "PART_OF":
                continue
            found[(src.id, dst.id, kind)].add(chunk_id)
    return [
        Relation(source_id=s, target_id=t, type=k, chunk_ids=sorted(ids))  # type: ignore[arg-type]
        for (s, t, k), ids in sorted(found.items())
    ]


def _law_of(norm: Entity, law: Entity) -> bool:
    names = {law.name.casefold(), *(a.casefold() for a in law.aliases)}
    return any(norm.name.casefold().endswith(" " + n) for n in names)


def _sentence_text(chunk_text: str, members: list[tuple[EntitySpan, Entity]]) -> str:
    if not members:
        return ""
    start = min(s.start for s, _ in members)
    end = max(s.end for s, _ in members)
    return chunk_text[max(0, start - 200) : end + 200]


def _classify(
    sa: EntitySpan, a: Entity, sb: EntitySpan, b: Entity, sentence: str
) -> tuple[str, Entity, Entity]:
    if (a.type == "NORM" and b.type == "LAW") or (b.type == "NORM" and a.type == "LAW"):
        return "PART_OF", a, b
    if {a.type, b.type} & _PERSONS and {a.type, b.type} & _ORGS and _WORKS_FOR.search(sentence):
        person, org = (a, b) if a.type in _PERSONS else (b, a)
        return "WORKS_FOR", person, org
    if "LAW" in (a.type, b.type) or "NORM" in (a.type, b.type):
        law, other = (a, b) if a.type in ("LAW", "NORM") else (b, a)
        if _REFERS.search(sentence):
            return "REFERS_TO", other, law
    src, dst = (a, b) if a.id < b.id else (b, a)
    return "CO_OCCURS", src, dst
