"""Exploring the graph as a caller may see it: entities by name, one entity's mentions and
relations, the paths between two entities, a document's section tree, one chunk's
neighbourhood.

Every function reads through the caller's access: an entity exists for a caller only when a
chunk the caller may see mentions it, and is named by the forms such chunks use; a relation
shows only when such a chunk states it; a document that is not the caller's does not exist
(``NotFoundError``, the same as one that does not exist at all).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from graphrag.errors import InputError, NotFoundError
from schemas import (
    AccessFilter,
    Chunk,
    ChunkWithContext,
    Entity,
    EntityEdge,
    EntityPath,
    SearchResult,
    WalkLimits,
)
from schemas.explore import (
    DocumentStructure,
    EntityHit,
    EntityView,
    EvidenceGraph,
    GraphEdge,
    GraphNode,
)

if TYPE_CHECKING:
    from graphrag.stores.graph.protocol import GraphStore

SNIPPET = 240  # characters of a mention's chunk shown around the first form
MAX_LIMIT = 500
MAX_QUERY = 200
MAX_SECTION = 200  # chunks of a section read whole


def entities(
    graph: GraphStore, query: str, access: AccessFilter, limit: int = 20
) -> list[EntityHit]:
    """Entities whose visible names contain ``query`` (any case; "" lists the most mentioned)."""
    if len(query) > MAX_QUERY:
        raise InputError(
            f"entity search text of {len(query)} characters", hint=f"at most {MAX_QUERY}"
        )
    return graph.search_entities(query, access, _bounded(limit))


def entity(graph: GraphStore, entity_id: str, access: AccessFilter, limit: int = 20) -> EntityView:
    """One entity: where visible chunks mention it (``limit`` of them, in reading order, with
    the text around the mention) and its relations that visible chunks state."""
    limit = _bounded(limit)
    found = graph.visible_entities([entity_id], access).get(entity_id)
    if found is None:  # another tenant's, hidden, or none: the same answer
        raise NotFoundError(
            f"no entity {entity_id[:100]!r}", hint="`graphrag entities TEXT` finds entity ids"
        )
    chunks, documents = graph.entity_counts(entity_id, access)
    mentions = graph.entity_mentions(entity_id, access, limit)
    return EntityView(
        entity=found,
        chunks=chunks,
        documents=documents,
        mentions=[m.model_copy(update={"text": snippet(m.text, m.surface)}) for m in mentions],
        relations=graph.entity_relations(entity_id, access, limit),
    )


def paths(
    graph: GraphStore, source_id: str, target_id: str, access: AccessFilter, limit: int = 5
) -> list[EntityPath]:
    """The shortest paths between two entities over relations visible chunks state, each entity
    named as visible chunks name it (a path through an entity the caller cannot see is not
    shown)."""
    found = graph.entity_paths(source_id, target_id, access, _bounded(limit))
    named = graph.visible_entities([i for p in found for i in p.entity_ids], access)
    return [
        p.model_copy(update={"names": [named[i].name for i in p.entity_ids]})
        for p in found
        if all(i in named for i in p.entity_ids)
    ]


def structure(graph: GraphStore, document: str, access: AccessFilter) -> DocumentStructure:
    """A document's sections in reading order, among the documents the caller may see: by id,
    by the source path it was ingested from, or by the path its citations show
    ("de-arbeitsrecht/kschg.md", or the file name of a file ingested alone)."""
    # as given, absolute, and with links resolved (ingestion stores the resolved path)
    forms = [document, str(Path(document).absolute()), str(Path(document).resolve())]
    names = list(dict.fromkeys(forms)) if document else []
    matches = graph.find_documents(names, access)
    if not matches:
        raise NotFoundError(
            f"no document {document[:100]!r}", hint="`graphrag documents` lists yours"
        )
    if len(matches) > 1:
        raise InputError(
            f"{document!r} matches {len(matches)} documents",
            hint="pass the document id (graphrag documents --json shows it)",
        )
    summary = matches[0]
    return DocumentStructure(
        document=summary.document,
        chunks=summary.chunks,
        sections=graph.document_structure(summary.document.id, access),
    )


def evidence(graph: GraphStore, result: SearchResult, access: AccessFilter) -> EvidenceGraph:
    """A search result as a graph a person can look at: each chunk with its section and
    document, the entities the chunks mention (named as the caller's chunks name them), the
    relations the walk found between them, and for a chunk the graph step added, the seed chunk
    it came from. ``result`` must be the caller's own (searched with ``access``)."""
    nodes: dict[str, GraphNode] = {}
    edges: list[GraphEdge] = []
    chunk_ids = [r.chunk.id for r in result.results]
    for rank, r in enumerate(result.results, 1):
        _place(nodes, edges, r.chunk, r.doc_title, rank=rank, score=r.scores.final)
        for p in r.provenance:
            if p.source == "graph" and p.seed_chunk_id in chunk_ids:
                edges.append(
                    GraphEdge(source=p.seed_chunk_id, target=r.chunk.id, kind="BROUGHT", via=p.via)
                )
    _add_entities(
        graph, nodes, edges, chunk_ids, access, result.graph.entities, result.graph.relations
    )
    return EvidenceGraph(query=result.query, nodes=list(nodes.values()), edges=edges)


def _place(
    nodes: dict[str, GraphNode],
    edges: list[GraphEdge],
    c: Chunk,
    doc_title: str,
    *,
    rank: int | None = None,
    score: float | None = None,
) -> None:
    """A chunk node under its section, the section under its document."""
    nodes.setdefault(c.doc_id, GraphNode(id=c.doc_id, kind="document", label=doc_title or c.doc_id))
    parent = c.doc_id
    if c.section_id:
        if c.section_id not in nodes:
            label = c.section_path[-1] if c.section_path else c.section_id
            nodes[c.section_id] = GraphNode(
                id=c.section_id, kind="section", label=label, doc_id=c.doc_id
            )
            edges.append(GraphEdge(source=c.section_id, target=c.doc_id, kind="PARENT"))
        parent = c.section_id
    nodes[c.id] = GraphNode(
        id=c.id,
        kind="chunk",
        label=" ".join(c.text.split())[:80],
        rank=rank,
        score=score,
        doc_id=c.doc_id,
    )
    edges.append(GraphEdge(source=c.id, target=parent, kind="PARENT"))


def _add_entities(
    graph: GraphStore,
    nodes: dict[str, GraphNode],
    edges: list[GraphEdge],
    chunk_ids: list[str],
    access: AccessFilter,
    known: list[Entity],
    relations: list[EntityEdge],
) -> None:
    """The entities the chunks mention (and ``known`` ones), named as the caller's chunks name
    them, with MENTIONS edges and the relations between drawn entities."""
    mentions = graph.chunk_mentions(chunk_ids, access)
    mentioned = [e for ids in mentions.values() for e in ids]
    named = graph.visible_entities(
        list(dict.fromkeys([*mentioned, *(e.id for e in known)])), access
    )
    for entity in named.values():
        nodes[entity.id] = GraphNode(
            id=entity.id, kind="entity", label=entity.name, type=entity.type
        )
    for chunk_id, ids in mentions.items():
        edges += [GraphEdge(source=chunk_id, target=e, kind="MENTIONS") for e in ids if e in named]
    edges += [
        GraphEdge(source=r.source_id, target=r.target_id, kind="RELATED_TO", type=r.type)
        for r in relations
        if r.source_id in named and r.target_id in named
    ]


def neighbourhood(
    graph: GraphStore, chunk_id: str, access: AccessFilter, limit: int = 30
) -> EvidenceGraph:
    """One chunk's neighbourhood as a graph, as the search's walk sees it: the chunks next to
    it, those sharing or related through its entities (each reached chunk with the edge that
    brought it: ``via`` next, sibling, entity, related), their sections and documents, the
    entities they mention and the relations between them; at most ``limit`` reached chunks.
    A chunk the caller may not see does not exist."""
    seed = graph.fetch_chunks([chunk_id], access)
    if not seed:
        raise NotFoundError(f"no chunk {chunk_id[:100]!r}", hint="a search's results name them")
    reach = graph.neighbourhood(
        [chunk_id], access, WalkLimits(max_chunks=_bounded(limit), siblings_per_seed=2)
    )
    reached = {c.chunk_id: c for c in reach.chunks}
    items = [*seed, *graph.fetch_chunks(list(reached), access)]
    nodes: dict[str, GraphNode] = {}
    edges: list[GraphEdge] = []
    for item in items:
        _place(nodes, edges, item.chunk, item.doc_title)
        hit = reached.get(item.chunk.id)
        if hit is not None:
            edges.append(
                GraphEdge(source=chunk_id, target=item.chunk.id, kind="BROUGHT", via=hit.via)
            )
    _add_entities(graph, nodes, edges, [i.chunk.id for i in items], access, [], reach.relations)
    return EvidenceGraph(query="", nodes=list(nodes.values()), edges=edges)


def read(
    graph: GraphStore,
    chunk_id: str,
    access: AccessFilter,
    *,
    neighbours: int = 1,
    whole_section: bool = False,
) -> list[ChunkWithContext]:
    """A chunk with ``neighbours`` chunks before and after it in its section (at most 3), or
    with its whole section (up to ``MAX_SECTION`` chunks), in reading order."""
    if not 0 <= neighbours <= 3:
        raise InputError(f"neighbours {neighbours}", hint="between 0 and 3")
    if chunk_id not in graph.visible_chunk_ids([chunk_id], access):
        raise NotFoundError(f"no chunk {chunk_id[:100]!r}", hint="search returns chunk ids")
    around = graph.context_chunks(
        [chunk_id],
        access,
        hops=neighbours,
        small_document=0,
        whole_section=MAX_SECTION if whole_section else 0,
    )
    chunks = graph.fetch_chunks([chunk_id, *around.get(chunk_id, [])], access)
    return sorted(chunks, key=lambda c: (c.chunk.doc_id, c.chunk.ordinal))


def snippet(text: str, forms: list[str], width: int = SNIPPET) -> str:
    """The text around the first of ``forms`` it contains, cut at word boundaries."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    at = min(
        (m.start() for f in forms if f and (m := re.search(re.escape(f), text, re.I))),
        default=0,
    )
    start = max(0, at - width // 3)
    end = min(len(text), start + width)
    cut = text[start:end]
    if start > 0:
        cut = "… " + cut.split(" ", 1)[-1]
    if end < len(text):
        cut = cut.rsplit(" ", 1)[0] + " …"
    return cut


def _bounded(limit: int) -> int:
    if not 1 <= limit <= MAX_LIMIT:
        raise InputError(f"limit {limit}", hint=f"between 1 and {MAX_LIMIT}")
    return limit
