"""Fusion per query, studied offline: each branch's ranking is stored once per question, then
every fusion is scored on the same lists, on all questions and on those where dense and BM25
disagree about the top result.

    python bench/fusion.py hotpotqa:../shared/data/hotpotqa/questions.json
    python bench/fusion.py squad:../shared/data/legalquad/legalquad-dev.json
    python bench/fusion.py beir:../shared/data/scifact --limit 300
    python bench/fusion.py golden:eval/golden/de-arbeitsrecht.yaml

The corpus is ingested (or reused) as `bench/quality.py` does; the rankings are the system's
own dense and BM25 branches (`--depth` hits each, no graph), so the numbers isolate the
fusion. ``zscore dN`` standardises over the first N hits only: the one setting the z-score
fusion has, swept to show it is flat. ``--json PATH`` writes the table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.eval import metrics as m
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner
from graphrag.retrieval.analysis import QueryAnalyzer, clean_query
from graphrag.retrieval.fusion import dbsf, rrf, zscore
from graphrag.retrieval.search import payload_filter
from schemas import AccessFilter, HybridQuery, SearchRequest

Row = dict[str, Any]
KEYS = ["recall@1", "recall@2", "recall@5", "recall@10", "mrr", "ndcg@10"]


def dump(spec: str, limit: int | None, data: Path, depth: int) -> list[Row]:
    evalset = load(spec, split="train", limit=limit)
    runner = EvalRunner(evalset, EvalConfig(ks=[1, 2, 5, 10], baselines=[]), data)
    rag, _ = runner.open_index()
    try:
        corpus_of = runner._corpus_ids(rag)
        chunks = list(rag.graph.export_chunks())
        doc_of = {c["id"]: c["doc_id"] for c in chunks}
        text_of = {c["id"]: c["text"] for c in chunks}
        retriever = rag.retriever
        access = AccessFilter.everything()
        rows = []
        for q in evalset.questions:
            if not q.answerable:
                continue
            request = SearchRequest(query=q.question, k=10, access=access)
            analysis = QueryAnalyzer(
                retriever._entity_index(access),
                resolve=lambda ids: retriever.graph.visible_entities(ids, access),
            ).analyse(q.question, request.filters)
            flt = payload_filter(request, analysis.filters)
            text = clean_query(q.question)
            dense = rag.vectors.query(
                HybridQuery(dense=rag.embedder.embed_query(text), limit=depth, filter=flt)
            )
            sparse_vector = rag.sparse.encode_query(text, analysis.language)
            sparse = (
                rag.vectors.query(HybridQuery(sparse=sparse_vector, limit=depth, filter=flt))
                if sparse_vector.indices
                else []
            )
            found = list(dict.fromkeys([h.id for h in dense] + [h.id for h in sparse]))
            if q.answer_texts:  # a chunk is relevant when it holds the answer
                units = {c: c for c in found}
                rel = dict(
                    zip(
                        found, runner._ranking(q, found, doc_of, corpus_of, text_of)[1], strict=True
                    )
                )
            else:
                units = {c: corpus_of.get(doc_of.get(c, ""), "") for c in found}
                rel = {c: q.gold.get(units[c], 0.0) for c in found}
            rows.append(
                {
                    "dense": [[h.id, h.score] for h in dense],
                    "sparse": [[h.id, h.score] for h in sparse],
                    "unit": units,
                    "rel": rel,
                    "grades": [1.0] if q.answer_texts else list(q.gold.values()),
                    "first_only": bool(q.answer_texts),
                }
            )
        return rows
    finally:
        rag.close()


def relevances(row: Row, ids: list[str]) -> list[float]:
    """Relevance of the distinct units in rank order (as `graphrag eval` counts them)."""
    seen: list[str] = []
    rels: list[float] = []
    for c in ids:
        unit = row["unit"].get(c, "")
        if unit and unit not in seen:
            seen.append(unit)
            rels.append(row["rel"].get(c, 0.0))
    if row["first_only"]:
        first = next((i for i, r in enumerate(rels) if r > 0), None)
        rels = [r if i == first else 0.0 for i, r in enumerate(rels)]
    return rels


def scored(row: Row, branch: str) -> list[tuple[str, float]]:
    return [(i, s) for i, s in row[branch]]


def ids(fused: list[tuple[str, float]]) -> list[str]:
    return [i for i, _ in fused]


METHODS: dict[str, Callable[[Row], list[str]]] = {
    "dense": lambda r: ids(scored(r, "dense")),
    "bm25": lambda r: ids(scored(r, "sparse")) or ids(scored(r, "dense")),
    "rrf 1:1 (k 60)": lambda r: ids(rrf([ids(scored(r, "dense")), ids(scored(r, "sparse"))], k=60)),
    "rrf 2:1": lambda r: ids(
        rrf([ids(scored(r, "dense")), ids(scored(r, "sparse"))], k=60, weights=[2.0, 1.0])
    ),
    "dbsf": lambda r: ids(dbsf([scored(r, "dense"), scored(r, "sparse")])),
}


def _zscore_at(depth: int) -> Callable[[Row], list[str]]:
    return lambda r: ids(zscore([scored(r, "dense"), scored(r, "sparse")], depth=depth))


METHODS.update({f"zscore d{d}": _zscore_at(d) for d in (30, 50, 100)})


def evaluate(rows: list[Row], method: Callable[[Row], list[str]]) -> dict[str, float]:
    return m.mean(
        [m.retrieval_metrics(relevances(r, method(r)), r["grades"], [1, 2, 5, 10]) for r in rows]
    )


def disagree(row: Row) -> bool:
    def top(ranking: list[str]) -> str:
        return next((row["unit"].get(c, "") for c in ranking), "")

    return top(METHODS["dense"](row)) != top(METHODS["bm25"](row))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("spec")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--data", type=Path, default=Path(".bench/eval-data"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = dump(args.spec, args.limit, args.data, args.depth)
    split = [r for r in rows if disagree(r)]
    out: dict[str, dict[str, dict[str, float]]] = {}
    for label, subset in (("all", rows), ("disagree", split)):
        print(f"\n{args.spec}: {label} questions ({len(subset)})")
        print("| fusion | " + " | ".join(KEYS) + " |")
        print("|---|" + "---|" * len(KEYS))
        for name, method in METHODS.items():
            metrics = evaluate(subset, method) if subset else {}
            out.setdefault(label, {})[name] = metrics
            cells = " | ".join(f"{metrics[k]:.3f}" if metrics else "–" for k in KEYS)
            print(f"| {name} | {cells} |")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
