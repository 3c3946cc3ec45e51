"""Graph refinement: follow the candidates' references, and walk their neighbourhood.

The reference hop: a top candidate mentions an entity, and another document is *about* that
entity (its title names it): that document's best chunk is the next hop of a multi-hop
question ("the director of film X" -> the passage about the director). It is placed right after
the candidate that points at it, so it never displaces the evidence it came from. Documents
about entities the question itself names follow the top result the same way.

The walk: the local subgraph holds the seed chunks, the chunks the walk reached (reading order, same
section, shared entities, related entities), the entities between them and their relations.
PageRank is personalised on the seeds (by fused rank) and on the question's linked entities;
the best-scoring new chunks join the candidates with the path that brought them, and the paths
between the question's entities (the multi-hop bridge) come back as graph context.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import networkx as nx

from graphrag.retrieval.config import RetrievalConfig
from graphrag.stores.graph import GraphStore
from schemas import (
    AccessFilter,
    EntityEdge,
    EntityPath,
    GraphContext,
    LinkedEntity,
    NeighbourChunk,
    Provenance,
    ReferenceHop,
)
from schemas.walk import WalkVia

_VIA_WEIGHT = {"next": 1.0, "parent": 0.6, "shared_entity": 1.0, "related_entity": 0.7}


@dataclass
class Refinement:
    graph_scores: dict[str, float] = field(default_factory=dict)
    seeds: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    provenance: dict[str, Provenance] = field(default_factory=dict)
    context: GraphContext = field(default_factory=GraphContext)
    # seed chunk id -> the chunks its references reached, best first (placed after the seed)
    follows: dict[str, list[str]] = field(default_factory=dict)


class GraphRefiner:
    def __init__(self, graph: GraphStore, config: RetrievalConfig) -> None:
        self.graph = graph
        self.config = config

    def refine(
        self,
        fused: list[tuple[str, float]],
        linked: list[LinkedEntity],
        access: AccessFilter,
        walk: bool = True,
        scope: list[str] | None = None,
    ) -> Refinement:
        """``scope``: the words a scope provision's title holds, for a question whether a
        law applies to the asker (none: the question asks no such thing)."""
        out = Refinement(seeds=[cid for cid, _ in fused[: self.config.graph_seeds]])
        if self.config.references and fused:
            self._question_homes(fused, linked, access, out)
            self._follow_references(fused, access, out)
        if self.config.citations and fused:
            self._follow_citations(fused, access, out)
        if self.config.scope_hop and scope and fused:
            self._follow_scope(fused, scope, access, out)
        if walk:
            self._walk(fused, linked, access, out)
        return out

    def _question_homes(
        self,
        fused: list[tuple[str, float]],
        linked: list[LinkedEntity],
        access: AccessFilter,
        out: Refinement,
    ) -> None:
        """The documents about entities the question names follow the top result: "Which
        came first, the band X or the birth of Y?" needs the passages about X and Y."""
        cfg = self.config
        entity_ids = list(
            dict.fromkeys(
                e.entity.id
                for e in linked
                if e.entity is not None and e.score >= cfg.question_link_score
            )
        )
        if not entity_ids:
            return
        rank = {cid: i for i, (cid, _) in enumerate(fused)}
        homes = self.graph.entity_homes(entity_ids, list(rank), access)
        # the top result itself is not its own follower
        best = _best_per_document([h for h in homes if rank.get(h.chunk_id) != 0], rank)
        order = {eid: i for i, eid in enumerate(entity_ids)}
        chosen = sorted(best, key=lambda h: (order[h.entity_id], _hop_order(h, rank)))
        for hop in chosen[: cfg.reference_per_seed]:
            _follow(out, fused[0][0], hop, seed_chunk_id=None)

    def _follow_references(
        self, fused: list[tuple[str, float]], access: AccessFilter, out: Refinement
    ) -> None:
        cfg = self.config
        rank = {cid: i for i, (cid, _) in enumerate(fused)}
        seeds = [cid for cid, _ in fused[: cfg.reference_seeds]]
        hops = self.graph.reference_hops(seeds, list(rank), access)
        for seed in seeds:
            # not what already ranks at or above the seed that points at it
            below = [
                h
                for h in hops
                if h.seed_id == seed and rank.get(h.chunk_id, len(rank)) > rank[seed]
            ]
            chosen = sorted(_best_per_document(below, rank), key=lambda h: _hop_order(h, rank))
            for hop in chosen[: cfg.reference_per_seed]:
                _follow(out, seed, hop, seed_chunk_id=seed)

    def _follow_citations(
        self, fused: list[tuple[str, float]], access: AccessFilter, out: Refinement
    ) -> None:
        """A top candidate that cites a section ("die Frist des § 4", "§§ 5 bis 7 des
        Kündigungsschutzgesetzes") is followed by that section's best chunk: the one the
        hybrid search ranked highest, else its first. A candidate further down that cites the
        top candidate's section ("wird die Frist des § 4 versäumt, ...") follows it too: the
        provision that applies the one found."""
        cfg = self.config
        rank = {cid: i for i, (cid, _) in enumerate(fused)}
        seeds = [cid for cid, _ in fused[: cfg.reference_seeds]]
        cited = self.graph.citation_hops(seeds, access)
        citing = self.graph.citing_hops(seeds, list(rank), access)
        for seed in seeds:
            best: dict[str, ReferenceHop] = {}  # cited section -> its best chunk
            for hop in cited:
                if hop.seed_id != seed:
                    continue
                current = best.get(hop.entity_id)
                if current is None or _hop_order(hop, rank) < _hop_order(current, rank):
                    best[hop.entity_id] = hop
            citers = {h.chunk_id: h for h in citing if h.seed_id == seed}
            for hops in (list(best.values()), list(citers.values())):
                # a chunk that already ranks at or above the seed needs no help
                chosen = [h for h in hops if rank.get(h.chunk_id, len(rank)) > rank[seed]]
                chosen.sort(key=lambda h: _hop_order(h, rank))
                for hop in chosen[: cfg.citation_per_seed]:
                    _follow(out, seed, hop, seed_chunk_id=seed, via="citation")

    def _follow_scope(
        self,
        fused: list[tuple[str, float]],
        words: list[str],
        access: AccessFilter,
        out: Refinement,
    ) -> None:
        """Each top document's scope provision ("§ 23 Geltungsbereich") follows the document's
        best candidate: of the provision whose title holds the earliest of ``words`` (the
        scope itself before "§ 22 Ausnahmebetriebe"), the chunk the hybrid search ranked
        highest, else its first. Not when a chunk of it ranks at or above that candidate."""
        rank = {cid: i for i, (cid, _) in enumerate(fused)}
        seeds = [cid for cid, _ in fused[: self.config.reference_seeds]]
        hops = self.graph.scope_hops(seeds, words, access)
        documents: set[str] = set()
        for seed in seeds:
            own = [h for h in hops if h.seed_id == seed]
            if not own or own[0].doc_id in documents:
                continue  # one seed per document: its best one, the first
            documents.add(own[0].doc_id)
            provision = [h for h in own if h.entity_id == own[0].entity_id]
            best = min(provision, key=lambda h: _hop_order(h, rank))
            if rank.get(best.chunk_id, len(rank)) > rank[seed]:
                _follow(out, seed, best, seed_chunk_id=seed, via="scope")

    def _walk(
        self,
        fused: list[tuple[str, float]],
        linked: list[LinkedEntity],
        access: AccessFilter,
        out: Refinement,
    ) -> None:
        cfg = self.config
        seeds = out.seeds
        entity_ids = [e.entity.id for e in linked if e.entity is not None]
        if not seeds and not entity_ids:
            return
        entity_chunks = self.graph.chunks_for_entities(entity_ids, access, per_entity=3)
        walk_from = list(
            dict.fromkeys([*seeds, *(c for ids in entity_chunks.values() for c in ids)])
        )
        hood = self.graph.neighbourhood(walk_from, access, cfg.walk)

        g: nx.Graph = nx.Graph()
        for cid in walk_from:
            g.add_node(("c", cid))
        for cid, eids in hood.mentions.items():
            for eid in eids:
                g.add_edge(("c", cid), ("e", eid), weight=1.0)
        best: dict[str, NeighbourChunk] = {}
        for hit in hood.chunks:
            weight = _VIA_WEIGHT[hit.via] * hit.weight
            if hit.via in ("next", "parent"):
                g.add_edge(("c", hit.seed_id), ("c", hit.chunk_id), weight=weight / hit.distance)
            else:
                chain = [("c", hit.seed_id), *(("e", e) for e in hit.through), ("c", hit.chunk_id)]
                for left, right in itertools.pairwise(chain):
                    if not g.has_edge(left, right):
                        g.add_edge(left, right, weight=weight)
            current = best.get(hit.chunk_id)
            if current is None or (hit.distance, -hit.weight) < (current.distance, -current.weight):
                best[hit.chunk_id] = hit
        for edge in hood.relations:
            g.add_edge(
                ("e", edge.source_id), ("e", edge.target_id), weight=0.5 * math.log1p(edge.weight)
            )
        for eid, cids in entity_chunks.items():
            for cid in cids:
                g.add_edge(("e", eid), ("c", cid), weight=1.0)

        paths = self._paths(entity_ids, access)
        for path in paths:
            for a, b in itertools.pairwise(path.entity_ids):
                g.add_edge(("e", a), ("e", b), weight=1.0)
            for cid in path.chunk_ids:
                for eid in path.entity_ids:
                    g.add_edge(("c", cid), ("e", eid), weight=0.5)

        personal: dict[tuple[str, str], float] = {}
        # by rank, not by value: z-score fusion gives negative scores, and PageRank needs a
        # non-negative personalisation whatever the fusion
        scores = {cid: 1.0 / (cfg.rrf_k + i) for i, (cid, _) in enumerate(fused[: cfg.graph_seeds])}
        total = sum(scores.values()) or 1.0
        entity_share = cfg.entity_seed_share if entity_ids else 0.0
        for cid, score in scores.items():
            personal[("c", cid)] = (1 - entity_share) * score / total
        for eid in entity_ids:
            if g.has_node(("e", eid)):
                personal[("e", eid)] = entity_share / len(entity_ids)
        if g.number_of_edges() == 0 or not personal:
            return
        ranks = nx.pagerank(
            g,
            alpha=cfg.ppr_damping,
            personalization=personal,
            weight="weight",
            max_iter=200,
            tol=1e-8,
        )
        out.graph_scores = {node[1]: value for node, value in ranks.items() if node[0] == "c"}
        known = {cid for cid, _ in fused} | set(out.added)
        new = sorted(
            (cid for cid in out.graph_scores if cid not in known),
            key=lambda c: (-out.graph_scores[c], c),
        )
        # PageRank's own picks join only when its order counts (graph_weight > 0)
        walked = new[: cfg.graph_added] if cfg.graph_weight > 0 else []
        out.added += walked
        path_chunks = {cid: p for p in paths for cid in p.chunk_ids}
        for cid in walked:
            reached = best.get(cid)
            if reached is not None:
                out.provenance[cid] = Provenance(
                    source="graph",
                    via=reached.via,
                    seed_chunk_id=reached.seed_id,
                    through=reached.through,
                )
            elif cid in path_chunks:
                out.provenance[cid] = Provenance(
                    source="graph", via="related_entity", through=path_chunks[cid].entity_ids
                )
            else:
                entity = next((e for e, ids in entity_chunks.items() if cid in ids), None)
                out.provenance[cid] = Provenance(
                    source="graph", via="shared_entity", through=[entity] if entity else []
                )
        entities = {e.id: e for e in hood.entities}
        for link in linked:
            if link.entity is not None:
                entities.setdefault(link.entity.id, link.entity)
        out.context = GraphContext(
            entities=sorted(entities.values(), key=lambda e: e.name)[:50],
            relations=_dedupe_edges(hood.relations)[:100],
            paths=paths,
        )

    def _paths(self, entity_ids: list[str], access: AccessFilter) -> list[EntityPath]:
        paths: list[EntityPath] = []
        for a, b in itertools.islice(itertools.combinations(entity_ids[:4], 2), 6):
            paths += self.graph.entity_paths(a, b, access, limit=2)
        return paths


def _follow(
    out: Refinement,
    anchor: str,
    hop: ReferenceHop,
    seed_chunk_id: str | None,
    via: WalkVia = "reference",
) -> None:
    """Place ``hop``'s chunk after ``anchor``, with the path that brought it (``through``: the
    entity, or for a citation the cited section)."""
    follows = out.follows.setdefault(anchor, [])
    if hop.chunk_id not in follows:
        follows.append(hop.chunk_id)
    out.provenance.setdefault(
        hop.chunk_id,
        Provenance(source="graph", via=via, seed_chunk_id=seed_chunk_id, through=[hop.entity_id]),
    )
    if hop.chunk_id not in out.added:
        out.added.append(hop.chunk_id)


def _best_per_document(hops: list[ReferenceHop], rank: dict[str, int]) -> list[ReferenceHop]:
    """One chunk per target document: its best-ranked candidate, else its opening chunk."""
    best: dict[str, ReferenceHop] = {}
    for hop in hops:
        current = best.get(hop.doc_id)
        if current is None or _hop_order(hop, rank) < _hop_order(current, rank):
            best[hop.doc_id] = hop
    return list(best.values())


def _hop_order(hop: ReferenceHop, rank: dict[str, int]) -> tuple[int, int, str]:
    """Candidates the hybrid search also found come first, in its order; then opening chunks."""
    return (rank.get(hop.chunk_id, len(rank)), hop.ordinal, hop.chunk_id)


def _dedupe_edges(edges: list[EntityEdge]) -> list[EntityEdge]:
    seen: dict[tuple[str, str, str], EntityEdge] = {}
    for e in edges:
        seen.setdefault((e.source_id, e.target_id, e.type), e)
    return sorted(seen.values(), key=lambda e: -e.weight)
