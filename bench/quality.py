"""Quality with each retrieval stage switched on in turn, on the development sets.

    python bench/quality.py hotpotqa:../shared/data/hotpotqa/questions.json [--limit N]
    python bench/quality.py squad:../shared/data/legalquad/legalquad-dev.json
    python bench/quality.py beir:../shared/data/scifact --limit 300

Every variant runs on the same ingested chunks (cached per corpus) and prints recall@k, MRR,
nDCG@10 and latency; ``--json PATH`` writes them. The BM25 and dense baselines come from the
first variant's run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner

VARIANTS: dict[str, dict[str, object]] = {
    "dense only": {"graph": False, "retrieval": {"use_sparse": False}},
    "bm25 only (sparse vectors)": {"graph": False, "retrieval": {"use_dense": False}},
    "hybrid rrf 1:1": {"graph": False, "retrieval": {"fusion": "rrf"}},
    "hybrid rrf 2:1": {"graph": False, "retrieval": {"fusion": "rrf", "dense_weight": 2.0}},
    "hybrid dbsf 1:1": {"graph": False, "retrieval": {"fusion": "dbsf"}},
    "hybrid zscore": {"graph": False, "retrieval": {"fusion": "zscore"}},
    "hybrid rrf + reference hop": {
        "graph": True,
        "retrieval": {"fusion": "rrf", "passage_hop": "off"},
    },
    "hybrid + reference hop (default)": {"graph": True},
    # session 19's default: no branch leader leads on its margin over its runner-up
    "default without the sure leader": {"graph": True, "retrieval": {"leader_margin": None}},
    "default without the citation hop": {"graph": True, "retrieval": {"citations": False}},
    "+ glossary in the keyword query": {"graph": True, "retrieval": {"glossary": True}},
    "default without the glossary": {"graph": True, "retrieval": {"glossary": False}},
    # session 54: misspelled words read as the words meant (graphrag/retrieval/spelling.py)
    "default without spelling": {"graph": True, "retrieval": {"spelling": False}},
    "default without each branch's best near the top": {
        "graph": True,
        "retrieval": {"keep_leaders": False},
    },
    "each branch's best from rank 2": {"graph": True, "retrieval": {"leaders_from": 2}},
    "default without the German keywords of English questions": {
        "graph": True,
        "retrieval": {"glossary_across": False},
    },
    "+ passage hop on multi-hop questions": {
        "graph": True,
        "retrieval": {"passage_hop": "multi_hop"},
    },
    "+ passage hop (every question)": {"graph": True, "retrieval": {"passage_hop": "always"}},
    "+ names hop on multi-hop questions": {
        "graph": True,
        "retrieval": {"passage_hop": "multi_hop", "hop_seed_text": "names"},
    },
    "+ names hop from the top seed only": {"graph": True, "retrieval": {"hop_seeds": 1}},
    "names hop reading 3 names": {"graph": True, "retrieval": {"hop_names": 3}},
    "names hop reading 6 names": {"graph": True, "retrieval": {"hop_names": 6}},
    "names hop reading 24 names": {"graph": True, "retrieval": {"hop_names": 24}},
    "+ names hop (every question)": {
        "graph": True,
        "retrieval": {"passage_hop": "always", "hop_seed_text": "names"},
    },
    "hybrid + reference hop + ppr 0.25": {"graph": True, "retrieval": {"graph_weight": 0.25}},
    "hybrid + ppr 0.25 (no hop)": {
        "graph": True,
        "retrieval": {"graph_weight": 0.25, "references": False},
    },
    "dense + reference hop": {"graph": True, "retrieval": {"use_sparse": False}},
    "hybrid + reference hop + mmr 0.7": {"graph": True, "retrieval": {"mmr": True}},
    "hybrid + reference hop + structure 0.1": {
        "graph": True,
        "retrieval": {"structure_weight": 0.1},
    },
    "hybrid + reference hop + structure 0.25": {
        "graph": True,
        "retrieval": {"structure_weight": 0.25},
    },
    "hybrid + reference hop + mmr 0.9": {
        "graph": True,
        "retrieval": {"mmr": True, "mmr_lambda": 0.9},
    },
    "hybrid + reference hop + rerank (nanoranker)": {"graph": True, "reranker": "nanoranker"},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("spec")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--split", default="train")
    parser.add_argument("--data", type=Path, default=Path(".bench/eval-data"))
    parser.add_argument("--only", help="comma-separated variant names")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    evalset = load(args.spec, split=args.split, limit=args.limit)
    chosen = [v for v in VARIANTS if not args.only or v in args.only.split(",")]
    rows: dict[str, dict[str, float]] = {}
    for i, name in enumerate(chosen):
        settings = dict(VARIANTS[name])
        config = EvalConfig(
            ks=[1, 2, 5, 10], baselines=["bm25", "dense"] if i == 0 else [], **settings
        )  # type: ignore[arg-type]
        start = time.perf_counter()
        run = EvalRunner(evalset, config, args.data).run()
        if i == 0:
            print(f"ingestion: {run.ingestion}")
            for base, metrics in run.baselines.items():
                rows[f"baseline {base}"] = metrics
        rows[name] = {
            **run.metrics,
            "p50_ms": run.latency_ms["p50"],
            "p95_ms": run.latency_ms["p95"],
        }
        print(f"{name}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    keys = ["recall@1", "recall@2", "recall@5", "recall@10", "mrr", "ndcg@10", "p50_ms", "p95_ms"]
    print(f"\n{evalset.name}, {len(evalset.questions)} questions")
    print("| variant | " + " | ".join(keys) + " |")
    print("|---|" + "---|" * len(keys))
    for name, metrics in rows.items():
        print(
            f"| {name} | "
            + " | ".join(
                f"{metrics[k]:.3f}"
                if k in metrics and not k.endswith("_ms")
                else (f"{metrics[k]:.0f}" if k in metrics else "–")
                for k in keys
            )
            + " |"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
