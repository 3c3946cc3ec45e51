"""Small, hand-checkable graph batches for store tests."""

from __future__ import annotations

from schemas import (
    Chunk,
    Document,
    Entity,
    GraphBatch,
    Mention,
    Passage,
    Relation,
    Section,
    chunk_id,
    document_id,
    entity_id,
    section_id,
)
from schemas.access import Visibility


def entity(name: str, kind: str = "ORG") -> Entity:
    return Entity(id=entity_id(kind, name), name=name, type=kind)


def document_batch(
    source: str,
    texts: list[str],
    *,
    tenant: str = "default",
    visibility: Visibility = "internal",
    acl: list[str] | None = None,
    mentions: dict[int, list[Entity]] | None = None,
    relations: list[tuple[Entity, Entity, list[int]]] | None = None,
    sections: int = 1,
) -> GraphBatch:
    """A document with ``sections`` top-level sections; chunks are spread over them in order.

    ``mentions`` maps a chunk ordinal to the entities it mentions; ``relations`` are
    (source, target, chunk ordinals that state it).
    """
    doc = Document(
        id=document_id(source, tenant),
        title=source.rsplit("/", 1)[-1],
        source=source,
        tenant=tenant,
        visibility=visibility,
        acl=acl or [],
        metadata={"origin": "test"},
    )
    secs = [
        Section(
            id=section_id(doc.id, (f"Section {i}",), i),
            doc_id=doc.id,
            title=f"Section {i}",
            level=1,
            path=[f"Section {i}"],
            ordinal=i,
        )
        for i in range(sections)
    ]
    per_section = max(1, -(-len(texts) // sections))
    chunks = []
    for i, text in enumerate(texts):
        sec = secs[min(i // per_section, sections - 1)]
        chunks.append(
            Chunk(
                id=chunk_id(doc.id, i, text),
                doc_id=doc.id,
                section_id=sec.id,
                ordinal=i,
                text=text,
                section_path=[doc.title, sec.title],
                page_start=i + 1,
                page_end=i + 1,
                tenant=tenant,
                visibility=visibility,
                acl=acl or [],
                metadata={"prev": texts[i - 1] if i else ""},
            )
        )
    ents: dict[str, Entity] = {}
    ms = []
    for ordinal, found in (mentions or {}).items():
        for e in found:
            ents[e.id] = e
            ms.append(
                Mention(chunk_id=chunks[ordinal].id, entity_id=e.id, count=1, surface=[e.name])
            )
    rels = []
    for a, b, ordinals in relations or []:
        ents[a.id], ents[b.id] = a, b
        rels.append(
            Relation(source_id=a.id, target_id=b.id, chunk_ids=[chunks[o].id for o in ordinals])
        )
    return GraphBatch(
        documents=[doc],
        sections=secs,
        chunks=chunks,
        entities=list(ents.values()),
        mentions=ms,
        relations=rels,
    )


def titled_passages(*pages: tuple[str, str]) -> list[Passage]:
    """One passage per (title, text), each its own document: the shape of multi-hop evidence."""
    return [
        Passage(chunk_ids=[title], doc_id=title, title=title, section_path=[], text=text)
        for title, text in pages
    ]


def section_passages(title: str, *sections: tuple[str, str]) -> list[Passage]:
    """One passage per (section, text) of one document: the shape of a statute's evidence."""
    return [
        Passage(chunk_ids=[str(i)], doc_id=title, title=title, section_path=[section], text=text)
        for i, (section, text) in enumerate(sections)
    ]
