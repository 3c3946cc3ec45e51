"""Reading context for answers: the chunks around the best evidence.

A retrieved chunk often needs its neighbours to be understood (the sentence before names the
subject, the next one finishes the list), and a small document is best read whole. The best
``anchors`` results bring their same-section neighbours up to ``hops`` away, their whole
section when the question asks for a section-level answer (a procedure, an enumeration) and
the section has at most ``whole_section`` chunks, or their whole document when it has at most
``small_document`` chunks; access holds inside the graph query.
Added chunks score just below their anchor, so they merge into its passage rather than
pushing other evidence out of the budget first.
"""

from __future__ import annotations

from graphrag.stores.graph import GraphStore
from schemas import AccessFilter, Provenance, ScoredChunk, StageScores


def with_context(
    results: list[ScoredChunk],
    graph: GraphStore,
    access: AccessFilter,
    *,
    anchors: int = 3,
    hops: int = 1,
    small_document: int = 4,
    whole_section: int = 0,
) -> list[ScoredChunk]:
    top = results[:anchors]
    if not top or (hops <= 0 and small_document <= 0):
        return results
    extra = graph.context_chunks(
        [r.chunk.id for r in top], access, hops, small_document, whole_section
    )
    known = {r.chunk.id for r in results}
    anchor_of: dict[str, ScoredChunk] = {}
    for anchor in top:
        for cid in extra.get(anchor.chunk.id, []):
            if cid not in known:
                anchor_of.setdefault(cid, anchor)
    if not anchor_of:
        return results
    added = []
    for item in graph.fetch_chunks(list(anchor_of), access):
        anchor = anchor_of[item.chunk.id]
        added.append(
            ScoredChunk(
                chunk=item.chunk,
                doc_title=item.doc_title,
                doc_file=item.doc_file,
                doc_path=item.doc_path,
                scores=StageScores(final=round(anchor.scores.final * 0.999, 6)),
                provenance=[Provenance(source="graph", via="next", seed_chunk_id=anchor.chunk.id)],
            )
        )
    return sorted([*results, *added], key=lambda r: -r.scores.final)
