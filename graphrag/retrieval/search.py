"""The search pipeline: analyse -> hybrid candidates -> graph refinement -> rerank -> results.

Every stage keeps its score on each chunk (dense, sparse, fused, graph, rerank, final) and its
time in ``timings_ms``; graph-added chunks carry the path that brought them.
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager

from graphrag import telemetry
from graphrag.answer.scope import SCOPE_HEADINGS, asks_applicability
from graphrag.models.embedders import Embedder
from graphrag.models.llm import Completer
from graphrag.models.rerankers import Reranker
from graphrag.models.sparse import SparseEncoder
from graphrag.retrieval import glossary
from graphrag.retrieval.analysis import QueryAnalyzer, clean_query
from graphrag.retrieval.config import RetrievalConfig
from graphrag.retrieval.fusion import dbsf, lead_margin, minmax, rrf, zscore
from graphrag.retrieval.glossary import Glossary
from graphrag.retrieval.hop import passage_hop
from graphrag.retrieval.linking import EntityIndex
from graphrag.retrieval.llm_analysis import LlmQueryAnalyzer
from graphrag.retrieval.mmr import mmr_order
from graphrag.retrieval.paraphrase import Paraphraser
from graphrag.retrieval.refine import GraphRefiner, Refinement
from graphrag.retrieval.spelling import Speller
from graphrag.retrieval.structure import structure_bonus
from graphrag.stores.graph import GraphStore
from graphrag.stores.vector import VectorStore
from schemas import (
    AccessFilter,
    ChunkWithContext,
    Entity,
    FieldMatch,
    FieldRange,
    GraphContext,
    HybridQuery,
    PayloadFilter,
    Provenance,
    QueryAnalysis,
    ScoredChunk,
    SearchFilters,
    SearchRequest,
    SearchResult,
    StageScores,
)

MAX_EXPANSIONS = 2
# a word of a passage: two letters or more ("(4)", "c)" and "§ 26" are no words)
_WORD = re.compile(r"[^\W\d_]{2,}")
# fewer words than this say nothing a question could be answered with: "(weggefallen)"
MIN_WORDS = 2


class Retriever:
    def __init__(
        self,
        graph: GraphStore,
        vectors: VectorStore,
        embedder: Embedder,
        sparse: SparseEncoder,
        reranker: Reranker | None = None,
        config: RetrievalConfig | None = None,
        paraphraser: Paraphraser | None = None,
        analysis_llm: Completer | None = None,
    ) -> None:
        self.graph = graph
        self.vectors = vectors
        self.embedder = embedder
        self.sparse = sparse
        self._glossary_cache: Glossary | None = None
        self.speller = Speller()  # its word lists load on the first word looked up
        self.reranker = reranker
        self.config = config or RetrievalConfig()
        self.paraphraser = paraphraser
        self.analysis_llm = analysis_llm
        self._entities: dict[str | None, EntityIndex] = {}  # per tenant (None: all)

    def refresh_entities(self) -> None:
        """Forget the entity indexes (after ingestion); they are rebuilt on the next search."""
        self._entities = {}

    def _entity_index(self, access: AccessFilter) -> EntityIndex:
        tenant = None if access.unrestricted else access.tenant
        index = self._entities.get(tenant)
        if index is None:
            index = EntityIndex(self.graph.list_entities(tenant))
            self._entities[tenant] = index
        return index

    def search(self, request: SearchRequest) -> SearchResult:
        with telemetry.span(
            "search",
            **{"search.k": request.k, "search.question": telemetry.content(request.query)},
        ) as span:
            result = self._search(request)
            span.set_attribute("search.results", len(result.results))
            span.set_attribute("search.multi_hop", result.analysis.multi_hop)
            return result

    def _search(self, request: SearchRequest) -> SearchResult:
        timings: dict[str, float] = {}

        def timed(stage: str) -> AbstractContextManager[None]:
            def record(seconds: float) -> None:
                timings[stage] = round(seconds * 1000, 2)

            return telemetry.stage("search", stage, record)

        cfg = self.config
        with timed("analyse"):
            access = request.access
            rules = QueryAnalyzer(
                self._entity_index(access),
                resolve=lambda ids: self.graph.visible_entities(ids, access),
            )
            analyzer = (
                rules if self.analysis_llm is None else LlmQueryAnalyzer(self.analysis_llm, rules)
            )
            analysis = analyzer.analyse(request.query, request.filters)
            asked = request.query
            read_as = self._spelled(request, analysis) if cfg.spelling else None
            if read_as is not None:
                request = request.model_copy(update={"query": read_as})
                analysis = analyzer.analyse(read_as, request.filters)
        with timed("candidates"):
            fused, dense, sparse, leaders, sure = self._candidates(request, analysis)
        use_graph = cfg.graph if request.use_graph is None else request.use_graph
        refinement = Refinement()
        if use_graph:
            with timed("graph"):
                refinement = GraphRefiner(self.graph, cfg).refine(
                    fused,
                    analysis.entities,
                    request.access,
                    walk=request.use_graph is True
                    or (analysis.walk_graph and (request.graph_context or cfg.graph_weight > 0)),
                    scope=list(SCOPE_HEADINGS) if asks_applicability(request.query) else None,
                )
        hop = cfg.passage_hop == "always" or (cfg.passage_hop == "multi_hop" and analysis.multi_hop)
        if use_graph and hop and fused:
            with timed("passage_hop"):
                passage_hop(
                    clean_query(request.query),
                    fused,
                    seeds=cfg.hop_seeds,
                    per_seed=cfg.hop_per_seed,
                    graph=self.graph,
                    vectors=self.vectors,
                    embedder=self.embedder,
                    access=request.access,
                    flt=payload_filter(request, analysis.filters),
                    out=refinement,
                    seed_text=cfg.hop_seed_text,
                    names=cfg.hop_names,
                )
        with timed("fetch"):
            pool = [cid for cid, _ in fused[: max(cfg.rerank_top, request.k * 3)]]
            pool += [c for c in refinement.added if c not in pool]
            pool += [c for c in (leaders if cfg.keep_leaders else sure) if c not in pool]
            chunks = {c.chunk.id: c for c in self.graph.fetch_chunks(pool, request.access)}
            pool = [c for c in pool if c in chunks and _passes_terms(chunks[c], analysis.filters)]
        rerank_scores: dict[str, float] = {}
        if self.reranker is not None and (request.rerank is None or request.rerank):
            with timed("rerank"):
                top = pool[: cfg.rerank_top + len(refinement.added)]
                texts = [_rerank_text(chunks[c]) for c in top]
                rerank_scores = dict(
                    zip(top, self.reranker.score(request.query, texts), strict=True)
                )
        with timed("score"):
            results = self._final(pool, chunks, fused, dense, sparse, refinement, rerank_scores)
            if cfg.keep_leaders:
                results = keep_leaders(results, leaders, cfg.leaders_from)
            results = keep_leaders(results, sure, 1)
            results = empty_last(results)
        if refinement.context.entities or refinement.context.paths:
            with timed("graph_names"):
                context = visible_context(refinement.context, self.graph, request.access)
        else:
            context = refinement.context
        return SearchResult(
            query=asked,
            read_as=read_as,
            results=results[: request.k],
            analysis=analysis,
            graph=context,
            timings_ms={**timings, "total": round(sum(timings.values()), 2)},
        )

    # -- stages ------------------------------------------------------------------------------

    def _spelled(self, request: SearchRequest, analysis: QueryAnalysis) -> str | None:
        """The query with its misspelled words read as the words meant, or None when it has
        none. A word the documents the caller may see use as typed stays: one keyword query
        for it, only for a word that would be read as another."""
        flt = payload_filter(request, analysis.filters)

        def used(word: str) -> bool:
            vector = self.sparse.encode_query(word, analysis.language)
            if not vector.indices:
                return False
            return bool(self.vectors.query(HybridQuery(sparse=vector, limit=1, filter=flt)))

        spelled = self.speller.correct(request.query, analysis.language, used)
        return spelled.text if spelled.changed else None

    def _glossary(self) -> Glossary:
        if self._glossary_cache is None:  # read on first use: the constructor does no I/O
            path = self.config.glossary_path
            self._glossary_cache = glossary.load(path) if path else glossary.built_in()
        return self._glossary_cache

    def _candidates(
        self, request: SearchRequest, analysis: QueryAnalysis
    ) -> tuple[list[tuple[str, float]], dict[str, float], dict[str, float], list[str], list[str]]:
        """The fused candidates, each branch's scores, each branch's best hit for the question
        as asked (``leaders``), and those of them that stand clear of their runner-up
        (``sure``, the clearest first)."""
        cfg = self.config
        flt = payload_filter(request, analysis.filters)
        limit = max(analysis.candidate_count, request.k * 3)
        # z-score fusion standardises each branch over the same depth whatever k was asked for
        depth = max(limit, cfg.prefetch) if cfg.fusion == "zscore" else limit
        rankings: list[list[tuple[str, float]]] = []
        weights: list[float] = []
        # the score a passage a branch did not return has: 0 for keywords it shares none of
        absent: list[float | None] = []
        margins: list[tuple[float, str]] = []
        dense_scores: dict[str, float] = {}
        sparse_scores: dict[str, float] = {}
        leaders: list[str] = []  # each branch's best for the question as asked
        w_dense, w_sparse = cfg.branch_weights()
        for n, (variant, variant_weight) in enumerate(self._variants(request.query, analysis)):
            as_asked = n == 0  # ``_variants`` gives the question as asked first
            if cfg.use_dense and w_dense > 0 and request.branches != "sparse":
                vector = self.embedder.embed_query(variant)
                hits = self.vectors.query(
                    HybridQuery(
                        dense=vector, limit=depth, filter=flt, score_threshold=cfg.score_threshold
                    )
                )
                rankings.append([(h.id, h.score) for h in hits])
                weights.append(w_dense * variant_weight)
                absent.append(None)
                if hits and as_asked:
                    leaders.append(hits[0].id)
                    margins.append((self._margin(rankings[-1], None), hits[0].id))
                for h in hits:
                    dense_scores[h.id] = max(dense_scores.get(h.id, h.score), h.score)
            if cfg.use_sparse and w_sparse > 0 and request.branches != "dense":
                keywords = variant
                if cfg.glossary and analysis.language == "de":
                    keywords = " ".join([variant, *self._glossary().expand(variant)])
                vector_s = self.sparse.encode_query(keywords, analysis.language)
                if vector_s.indices:
                    hits = self.vectors.query(HybridQuery(sparse=vector_s, limit=depth, filter=flt))
                    rankings.append([(h.id, h.score) for h in hits])
                    weights.append(w_sparse * variant_weight)
                    absent.append(0.0)
                    if hits and as_asked:
                        leaders.append(hits[0].id)
                        margins.append((self._margin(rankings[-1], 0.0), hits[0].id))
                    for h in hits:
                        sparse_scores[h.id] = max(sparse_scores.get(h.id, h.score), h.score)
                # an English question over German documents: the documents' words, in German
                for ranking, weight, missing in self._in_german(
                    variant, analysis, depth, flt, request
                ):
                    rankings.append(ranking)
                    weights.append(weight * variant_weight)
                    absent.append(missing)
                    if missing is not None:  # the keyword query's hits
                        for i, score in ranking:
                            sparse_scores[i] = max(sparse_scores.get(i, score), score)
        if not rankings:
            fused: list[tuple[str, float]] = []
        elif cfg.fusion == "dbsf":
            fused = dbsf(rankings, weights=weights)
        elif cfg.fusion == "zscore":
            fused = zscore(rankings, weights=weights, depth=cfg.prefetch, absent=absent)
        else:
            fused = rrf([[i for i, _ in r] for r in rankings], k=cfg.rrf_k, weights=weights)
        margin = cfg.leader_margin
        sure = [c for m, c in sorted(margins, reverse=True) if margin is not None and m >= margin]
        return fused[:limit], dense_scores, sparse_scores, leaders, list(dict.fromkeys(sure))

    def _in_german(
        self,
        variant: str,
        analysis: QueryAnalysis,
        depth: int,
        flt: PayloadFilter,
        request: SearchRequest,
    ) -> list[tuple[list[tuple[str, float]], float, float | None]]:
        """An English question in the German documents' words (the glossary's terms for its
        words): a keyword ranking and, when that finds German text, a dense ranking of the
        words too, each with its branch weight and the score of a passage it did not return.
        Only German chunks are searched: a German word stemmed can be an English one ("Männer"
        is "mann", as in Mann-Whitney), and over English documents this query has nothing to
        find."""
        cfg = self.config
        across = glossary.across(analysis.language, "de") if cfg.glossary_across else None
        german = " ".join(across.expand(variant)) if across is not None else ""
        vector = self.sparse.encode_query(german, "de") if german else None
        if vector is None or not vector.indices:
            return []
        flt = flt.model_copy(
            update={"must": [*flt.must, FieldMatch(key="language", values=["de"])]}
        )
        hits = self.vectors.query(HybridQuery(sparse=vector, limit=depth, filter=flt))
        if not hits:
            return []
        w_dense, w_sparse = cfg.branch_weights()
        out: list[tuple[list[tuple[str, float]], float, float | None]] = [
            ([(h.id, h.score) for h in hits], w_sparse, 0.0)
        ]
        if cfg.use_dense and w_dense > 0 and request.branches != "sparse":
            # the embedder reads the German words as German, which finds provisions the
            # English question's meaning alone ranks too low; a quarter of a branch, as a bag
            # of words is a rougher query than a question: on the development sets half a
            # branch found as much and let two unanswerable questions answer, a full branch
            # lost the English questions 0.06 of their passages (BENCHMARKS.md, session 26)
            dense = self.vectors.query(
                HybridQuery(
                    dense=self.embedder.embed_query(german),
                    limit=depth,
                    filter=flt,
                    score_threshold=cfg.score_threshold,
                )
            )
            out.append(([(h.id, h.score) for h in dense], 0.25 * w_dense, None))
        return out

    def _margin(self, ranking: list[tuple[str, float]], absent: float | None) -> float:
        return lead_margin(ranking, depth=self.config.prefetch, absent=absent)

    def _variants(self, query: str, analysis: QueryAnalysis) -> list[tuple[str, float]]:
        """The question as asked, first, plus rewrites: linked entities spelled by their other
        names (KSchG <-> Kündigungsschutzgesetz), and LLM paraphrases when a paraphraser is set."""
        base = clean_query(query)
        variants = [(base, 1.0)]
        if not self.config.multi_query:
            return variants
        for link in analysis.entities:
            if link.entity is None or len(variants) > MAX_EXPANSIONS:
                continue
            for alias in sorted({link.entity.name, *link.entity.aliases}, key=len, reverse=True):
                if alias.casefold() != link.mention.casefold() and alias not in base:
                    variants.append((base.replace(link.mention, alias), 0.5))
                    break
        if self.paraphraser is not None:
            known = {v.casefold() for v, _ in variants}
            for text in self.paraphraser.paraphrases(base, analysis.language):
                if text.casefold() not in known:
                    variants.append((text, 0.5))
        return variants

    def _final(
        self,
        pool: list[str],
        chunks: dict[str, ChunkWithContext],
        fused: list[tuple[str, float]],
        dense: dict[str, float],
        sparse: dict[str, float],
        refinement: Refinement,
        rerank_scores: dict[str, float],
    ) -> list[ScoredChunk]:
        cfg = self.config
        fused_map = dict(fused)
        # Graph evidence enters by rank, not by value: PageRank mass and fused scores live on
        # different scales, and a rank fusion cannot let one outlier dominate.
        graph_rank = {
            c: i
            for i, c in enumerate(
                sorted(
                    (c for c in pool if c in refinement.graph_scores),
                    key=lambda c: (-refinement.graph_scores[c], c),
                ),
                start=1,
            )
        }
        fused_rank = {
            c: i
            for i, c in enumerate(sorted(pool, key=lambda c: (-fused_map.get(c, 0.0), c)), start=1)
        }
        k = cfg.rrf_k
        combined = {
            c: 1 / (k + fused_rank[c])
            + (cfg.graph_weight / (k + graph_rank[c]) if c in graph_rank else 0.0)
            for c in pool
        }
        combined_n = minmax(combined)
        if cfg.structure_weight > 0:
            top = sorted(pool, key=lambda c: -combined_n[c])[: cfg.structure_top]
            bonus = structure_bonus([chunks[c].chunk for c in top])
            combined_n = {
                c: (1 - cfg.structure_weight) * v + cfg.structure_weight * bonus.get(c, 0.0)
                for c, v in combined_n.items()
            }
        rerank_n = minmax(rerank_scores) if rerank_scores else {}
        results = []
        for cid in pool:
            if rerank_n:
                reranked = rerank_n.get(cid, 0.0)
                final = cfg.rerank_weight * reranked + cfg.fused_weight * combined_n[cid]
            else:
                final = combined_n[cid]
            provenance = []
            if cid in fused_map:
                source = (
                    "hybrid"
                    if cid in dense and cid in sparse
                    else ("dense" if cid in dense else "sparse")
                )
                provenance.append(Provenance(source=source))  # type: ignore[arg-type]
            if cid in refinement.provenance:
                provenance.append(refinement.provenance[cid])
            item = chunks[cid]
            results.append(
                ScoredChunk(
                    chunk=item.chunk,
                    doc_title=item.doc_title,
                    doc_file=item.doc_file,
                    doc_path=item.doc_path,
                    scores=StageScores(
                        dense=dense.get(cid),
                        sparse=sparse.get(cid),
                        fused=fused_map.get(cid),
                        graph=refinement.graph_scores.get(cid),
                        rerank=rerank_scores.get(cid),
                        final=round(final, 6),
                    ),
                    provenance=provenance,
                )
            )
        ranked = sorted(results, key=lambda r: (-r.scores.final, r.chunk.id))
        if cfg.mmr:
            ranked = self._diversify(ranked)
        return place_follows(ranked, refinement.follows)

    def _diversify(self, ranked: list[ScoredChunk]) -> list[ScoredChunk]:
        """MMR over the top ``mmr_top``; the final scores stay in place (position i keeps the
        i-th best score), so scores remain monotone along the new order."""
        top = ranked[: self.config.mmr_top]
        ids = [r.chunk.id for r in top]
        vectors = self.vectors.dense_vectors(ids)
        order = mmr_order(
            ids, {r.chunk.id: r.scores.final for r in top}, vectors, self.config.mmr_lambda
        )
        return [*_in_order(top, order), *ranked[len(top) :]]


def visible_context(context: GraphContext, graph: GraphStore, access: AccessFilter) -> GraphContext:
    """The graph context as the caller may see it: entities only when a visible chunk mentions
    them, named by the surface forms of such chunks; relations and paths only between them."""
    ids = {e.id for e in context.entities}
    ids |= {i for edge in context.relations for i in (edge.source_id, edge.target_id)}
    ids |= {i for path in context.paths for i in path.entity_ids}
    visible = graph.visible_entities(sorted(ids), access)
    paths = [
        path.model_copy(update={"names": [visible[i].name for i in path.entity_ids]})
        for path in context.paths
        if all(i in visible for i in path.entity_ids)
    ]
    return GraphContext(
        entities=sorted((visible[e.id] for e in context.entities if e.id in visible), key=_name),
        relations=[
            r for r in context.relations if r.source_id in visible and r.target_id in visible
        ],
        paths=paths,
    )


def _name(entity: Entity) -> str:
    return entity.name


def keep_leaders(ranked: list[ScoredChunk], leaders: list[str], start: int) -> list[ScoredChunk]:
    """The n-th leader (a branch's best hit) at rank ``start + n - 1`` or better: one ranked
    lower moves up to that rank; the first ``start - 1`` results keep their places unless a
    leader is among them. Scores stay where they were (position i keeps the i-th best)."""
    ids = [r.chunk.id for r in ranked]
    order = list(ids)
    for n, leader in enumerate(dict.fromkeys(c for c in leaders if c in order)):
        allowed = start - 1 + n
        if order.index(leader) > allowed:
            order.remove(leader)
            order.insert(allowed, leader)
    return ranked if order == ids else _in_order(ranked, order)


def empty_last(ranked: list[ScoredChunk]) -> list[ScoredChunk]:
    """Passages that say nothing ("(weggefallen)", the text left of a repealed provision; a
    bare number) after every passage that says something. Near-empty texts lie close to many
    questions in the embedder's space (an English question over German statutes had
    "(weggefallen)" first), and one in the first results takes the place of evidence. They
    stay in the results, last, for a search that finds nothing else."""
    empty = [r.chunk.id for r in ranked if len(_WORD.findall(r.chunk.text)) < MIN_WORDS]
    if not empty or len(empty) == len(ranked):
        return ranked
    skip = set(empty)
    return _in_order(ranked, [*(r.chunk.id for r in ranked if r.chunk.id not in skip), *empty])


def _in_order(ranked: list[ScoredChunk], order: list[str]) -> list[ScoredChunk]:
    """``ranked`` in ``order`` (the same ids); position i keeps the i-th best final score, so
    scores stay monotone along the new order."""
    by_id = {r.chunk.id: r for r in ranked}
    return [
        by_id[cid].model_copy(
            update={"scores": by_id[cid].scores.model_copy(update={"final": slot.scores.final})}
        )
        for cid, slot in zip(order, ranked, strict=True)
    ]


def place_follows(ranked: list[ScoredChunk], follows: dict[str, list[str]]) -> list[ScoredChunk]:
    """Put each chunk a reference hop reached right after the chunk that points at it (unless
    it ranks higher already), in the order given; scores are lowered to keep them monotone."""
    if not follows:
        return ranked
    start = {r.chunk.id: float(i) for i, r in enumerate(ranked)}
    position = dict(start)
    for seed, reached in follows.items():
        if seed not in position:
            continue
        for j, cid in enumerate(reached, start=1):
            if cid in position:
                position[cid] = min(position[cid], position[seed] + j / (len(reached) + 1))
    # a chunk placed after a seed that moved itself can land on a whole number ("0.6 + 2/5")
    moved = {cid for cid, pos in position.items() if pos != start[cid]}
    placed = sorted(ranked, key=lambda r: position[r.chunk.id])
    out: list[ScoredChunk] = []
    for i, item in enumerate(placed):
        if item.chunk.id in moved and out:
            # halfway between its new neighbours, so a re-sort by score keeps this order
            above = out[-1].scores.final
            below = next((r.scores.final for r in placed[i + 1 :] if r.chunk.id not in moved), 0.0)
            scores = item.scores.model_copy(update={"final": round((above + below) / 2, 6)})
            item = item.model_copy(update={"scores": scores})
        out.append(item)
    return out


def payload_filter(request: SearchRequest, filters: SearchFilters) -> PayloadFilter:
    must: list[FieldMatch] = []
    ranges: list[FieldRange] = []
    if filters.doc_ids:
        must.append(FieldMatch(key="doc_id", values=list(filters.doc_ids)))
    if filters.kinds:
        must.append(FieldMatch(key="kind", values=[str(k) for k in filters.kinds]))
    if filters.languages:
        must.append(FieldMatch(key="language", values=list(filters.languages)))
    if filters.mimes:
        must.append(FieldMatch(key="mime", values=list(filters.mimes)))
    if filters.page_from is not None or filters.page_to is not None:
        ranges.append(FieldRange(key="page_start", gte=filters.page_from, lte=filters.page_to))
    if filters.modified_after or filters.modified_before:
        # documents without a date cannot satisfy a date filter, so they drop out here
        after, before = filters.modified_after, filters.modified_before
        ranges.append(
            FieldRange(
                key="modified_ymd",
                gte=int(after.strftime("%Y%m%d")) if after else None,
                lte=int(before.strftime("%Y%m%d")) if before else None,
            )
        )
    return PayloadFilter(access=request.access, must=must, ranges=ranges)


def _passes_terms(item: ChunkWithContext, filters: SearchFilters) -> bool:
    text = f"{item.doc_title} {' '.join(item.chunk.section_path)} {item.chunk.text}".casefold()
    if filters.must_terms and not all(t.casefold() in text for t in filters.must_terms):
        return False
    return not (
        filters.must_not_terms and any(t.casefold() in text for t in filters.must_not_terms)
    )


def _rerank_text(item: ChunkWithContext) -> str:
    header = " > ".join([item.doc_title, *item.chunk.section_path])
    return f"{header}\n{item.chunk.text}"[:2000]
