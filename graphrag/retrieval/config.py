"""Retrieval knobs with documented defaults; eval switches them for comparisons."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas import WalkLimits


class RetrievalConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # hybrid candidates
    # z-score fusion decides per query: a branch counts by how far its top stands out from its
    # own tail. Unweighted RRF let the weaker branch pull the top down (BM25 on multi-hop
    # questions, dense on German decisions); z-score fusion is at least the better single
    # branch on every development set (BENCHMARKS.md, "Fusion per query").
    fusion: Literal["rrf", "dbsf", "zscore"] = "zscore"
    rrf_k: int = Field(default=60, ge=1)
    hybrid_alpha: float | None = Field(
        default=None, ge=0, le=1, description="dense share of the RRF weight; None: weights below"
    )
    # Per-branch weights on top of the fusion, for a corpus where one branch is known to be
    # stronger; equal by default (the fusion already decides per query).
    dense_weight: float = Field(default=1.0, ge=0)
    sparse_weight: float = Field(default=1.0, ge=0)
    prefetch: int = Field(
        default=100, ge=2, le=2000, description="hits per branch the z-score fusion reads"
    )
    # each branch's best hit (dense, keywords) stays among the first results: when the branches
    # disagree, z-scores cannot tell which top is right, and the one they sink may hold the
    # answer ("Reha" finds "Rehabilitation" by meaning only: dense 1st, fused 14th). From rank
    # 3 on, so the fused first two keep their places (from rank 2, LegalQuAD recall@2 fell
    # 0.780 -> 0.750); BENCHMARKS.md, "Session 12"
    keep_leaders: bool = True
    leaders_from: int = Field(default=3, ge=1, le=20)
    # a branch's best hit that stands clear of its runner-up by this many standard deviations
    # of its own list leads the results (the clearer first): the one decision that quotes a
    # question's rare words, which the fused sum puts below a passage both branches find
    # half-well. None: off. LegalQuAD recall@1 0.69 -> 0.72, MRR 0.770 -> 0.789 (BM25 alone
    # 0.68, 0.771); 2wiki 0.432 -> 0.425, MRR 0.990 -> 0.980 (a comparison question whose
    # keyword top is a director's life full of its words); skipping multi-hop questions cost
    # LegalQuAD recall@2 below BM25's. BENCHMARKS.md, "Session 20"
    leader_margin: float | None = Field(default=1.0, ge=0)
    score_threshold: float | None = None
    multi_query: bool = True
    use_dense: bool = True
    use_sparse: bool = True
    # graph refinement. The reference hop pays on multi-hop questions and cannot demote the
    # top hit (BENCHMARKS.md), so it is on; PageRank's order measured neutral to harmful, so
    # by default the walk only supplies the graph context (entities, relations, paths).
    graph: bool = True
    references: bool = True
    reference_seeds: int = Field(default=3, ge=1, le=50)
    reference_per_seed: int = Field(default=2, ge=1, le=20)
    # the citation hop: a top candidate's text cites a section ("§§ 5 bis 7 des
    # Kündigungsschutzgesetzes"); that section's best chunk follows it (ingestion.citations)
    citations: bool = True
    # German questions: everyday words add the documents' words to the keyword query
    # ("Chef" -> "Arbeitgeber"; graphrag/retrieval/glossary.py); a deployment's own file on top.
    # On since session 11: golden recall@1 0.873 -> 0.924, key facts in the answer 0.780 ->
    # 0.797, LegalQuAD unchanged (BENCHMARKS.md, "Session 11"); off in session 7, when the
    # answerer still leaned on passage order
    glossary: bool = True
    glossary_path: Path | None = None
    # English questions: the German words for their terms make a second keyword query in
    # German (graphrag/retrieval/glossary_en_de.yaml), which finds German evidence the English
    # keywords cannot; over English documents it finds nothing and changes nothing
    glossary_across: bool = True
    # a misspelled word of a German or English question is read as the word meant ("Pasue"
    # as "Pause") for the search and the answer, unless the documents use the word as typed
    # (graphrag/retrieval/spelling.py; held-out set 71, BENCHMARKS.md "Session 54")
    spelling: bool = True
    citation_per_seed: int = Field(default=2, ge=1, le=20)
    # the scope hop: a question whether a law applies ("Gilt der Kündigungsschutz auch in
    # unserem kleinen Betrieb?", "Ab welcher Firmengröße ...?") is answered by the law's scope
    # provision ("§ 23 Geltungsbereich"), which shares few of its words; the top documents'
    # scope provisions follow their best candidate (graphrag/retrieval/refine.py, session 68)
    scope_hop: bool = True
    question_link_score: float = Field(
        default=0.9, ge=0, le=1, description="link score a question entity needs for its home"
    )
    # the passage hop (graphrag/retrieval/hop.py): the question read with each top seed finds
    # the second passage no title names. Read with the seed's names (its title and the names it
    # mentions that the question does not), it runs on the questions the analysis reads as
    # multi-hop: HotpotQA recall@5 0.935 -> 0.960, 2wiki 0.930 -> 0.950, golden and LegalQuAD
    # unchanged; on every question it costs the German sets 0.03-0.05 recall@2. Reading the
    # seed's whole passage ("passage") measured 0.955 / 0.958 at ten times the embedding cost.
    passage_hop: Literal["off", "multi_hop", "always"] = "multi_hop"
    hop_seed_text: Literal["passage", "names"] = "names"
    # the top seed only: a second one added nothing on HotpotQA or 2wiki and doubles the cost
    hop_seeds: int = Field(default=1, ge=1, le=20)
    # names a seed is read as for the names hop (BENCHMARKS.md: recall is flat from 6 to 24)
    hop_names: int = Field(default=12, ge=1, le=100)
    hop_per_seed: int = Field(default=1, ge=1, le=10)
    graph_seeds: int = Field(default=8, ge=1, le=100)
    graph_added: int = Field(default=10, ge=0, le=200)
    ppr_damping: float = Field(default=0.85, gt=0, lt=1)
    entity_seed_share: float = Field(default=0.3, ge=0, le=1)
    graph_weight: float = Field(
        default=0.0, ge=0, description="weight of the PageRank order against the fused order"
    )
    walk: WalkLimits = Field(default_factory=WalkLimits)
    # structure: bonus for hits next to other hits or sharing their section (0 = off)
    structure_weight: float = Field(default=0.0, ge=0, le=1)
    structure_top: int = Field(default=20, ge=2, le=200)
    # diversity: MMR over the top results (stored dense vectors), off unless it pays
    mmr: bool = False
    mmr_lambda: float = Field(default=0.7, ge=0, le=1)
    mmr_top: int = Field(default=20, ge=2, le=200)
    # reranking and the final score
    reranker: str = "none"
    rerank_top: int = Field(default=30, ge=1, le=500)
    rerank_weight: float = Field(default=0.6, ge=0)
    fused_weight: float = Field(default=0.4, ge=0)
    # the evidence an answer reads: for a question one passage answers, the first
    # ``sentence_depth`` results ordered by the search's order fused with their best sentence's
    # (graphrag.answer.ordering); a plain search keeps the search's order
    sentence_order: Literal["never", "single_hop"] = "single_hop"
    sentence_depth: int = Field(default=20, ge=2, le=200)

    def branch_weights(self) -> tuple[float, float]:
        if self.hybrid_alpha is not None:
            return self.hybrid_alpha, 1.0 - self.hybrid_alpha
        return self.dense_weight, self.sparse_weight
