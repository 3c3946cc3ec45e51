"""Turning schema models into flat property rows for Cypher and back, and sizing batches.

Neo4j properties are primitives or homogeneous lists, so nested metadata travels as JSON text.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from schemas import DEFAULT_TENANT, Chunk, Document, Entity, Mention, Section

MAX_BATCH_ROWS = 2000
# Bolt caps a message at 16 MiB; a quarter of that leaves room for encoding overhead.
MAX_BATCH_BYTES = 4 * 1024 * 1024


def document_row(doc: Document) -> dict[str, Any]:
    props = doc.model_dump(mode="json", exclude={"id", "metadata"})
    props["metadata_json"] = json.dumps(doc.metadata, ensure_ascii=False, sort_keys=True)
    return {"id": doc.id, "props": _drop_none(props)}


def section_row(section: Section) -> dict[str, Any]:
    props = section.model_dump(mode="json", exclude={"id"})
    return {
        "id": section.id,
        "doc_id": section.doc_id,
        "parent_id": section.parent_id,
        "props": _drop_none(props),
    }


def chunk_row(chunk: Chunk) -> dict[str, Any]:
    props = chunk.model_dump(mode="json", exclude={"id", "metadata"})
    props["metadata_json"] = json.dumps(chunk.metadata, ensure_ascii=False, sort_keys=True)
    return {
        "id": chunk.id,
        "doc_id": chunk.doc_id,
        "section_id": chunk.section_id,
        "props": _drop_none(props),
    }


def entity_row(entity: Entity) -> dict[str, Any]:
    return {
        "id": entity.id,
        "name": entity.name,
        "type": entity.type,
        "aliases": entity.aliases,
        "tenant": entity.tenant,
    }


def mention_row(mention: Mention) -> dict[str, Any]:
    # plain dicts: model_dump costs more than the write itself at ~10 mentions per chunk
    return {
        "chunk_id": mention.chunk_id,
        "entity_id": mention.entity_id,
        "count": mention.count,
        "surface": mention.surface,
    }


def visible_entity(row: dict[str, Any]) -> Entity:
    """An entity named only by the surface forms of the mentions a caller may see: its stored
    name when those use it, else the form they use most (the longest among equals)."""
    counts: Counter[str] = Counter()
    for surfaces, n in zip(row["surfaces"], row["counts"], strict=True):
        for surface in surfaces or []:
            counts[surface] += int(n or 1)
    name = row["name"]
    if counts and name.casefold() not in {s.casefold() for s in counts}:
        name = max(counts, key=lambda s: (counts[s], len(s), s))
    return Entity(
        id=row["id"],
        name=name,
        type=row["type"],
        aliases=sorted({name, *counts}),
        tenant=row["tenant"] or DEFAULT_TENANT,
    )


def document_from(props: dict[str, Any]) -> Document:
    data = dict(props)
    data["metadata"] = json.loads(data.pop("metadata_json", None) or "{}")
    return Document.model_validate(data)


def chunk_from(props: dict[str, Any]) -> Chunk:
    data = dict(props)
    data["metadata"] = json.loads(data.pop("metadata_json", None) or "{}")
    return Chunk.model_validate(data)


def batches(rows: Sequence[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Split rows so that no statement carries more than MAX_BATCH_ROWS rows or ~4 MiB."""
    batch: list[dict[str, Any]] = []
    size = 0
    for row in rows:
        row_size = _approx_size(row)
        if batch and (len(batch) >= MAX_BATCH_ROWS or size + row_size > MAX_BATCH_BYTES):
            yield batch
            batch, size = [], 0
        batch.append(row)
        size += row_size
    if batch:
        yield batch


def _approx_size(value: Any) -> int:
    """Bytes a row takes on the wire, roughly: its repr (C speed) counts a character once, and
    UTF-8 spends up to four bytes on one, so twice the repr bounds Latin, Greek or Cyrillic text
    and leaves the 4x headroom below Bolt's cap for the rest."""
    return 2 * len(str(value))


def _drop_none(props: dict[str, Any]) -> dict[str, Any]:
    # SET n += {k: null} would delete k; absent optional fields should simply stay absent.
    return {k: v for k, v in props.items() if v is not None}
