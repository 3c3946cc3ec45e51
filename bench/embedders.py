"""The embedding-model benchmark: one set under each offline embedder, side by side.

    python bench/embedders.py hotpotqa:../shared/data/hotpotqa/questions.json [--limit N]

Each embedder gets its own ingestion (cached per corpus and embedder) and runs dense-only
retrieval and the default hybrid search; ingestion time shows the cost side.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner
from graphrag.models.embedders import EMBEDDERS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("spec")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--split", default="train")
    parser.add_argument("--embedders", default=",".join(EMBEDDERS))
    parser.add_argument("--data", type=Path, default=Path(".bench/eval-data"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    evalset = load(args.spec, split=args.split, limit=args.limit)
    rows: dict[str, dict[str, float]] = {}
    for name in args.embedders.split(","):
        for mode, retrieval in (("dense", {"use_sparse": False}), ("hybrid", {})):
            config = EvalConfig(embedder=name, baselines=[], retrieval=retrieval)
            run = EvalRunner(evalset, config, args.data).run()
            rows[f"{name} {mode}"] = {
                **run.metrics,
                "ingest_s": run.ingestion.get("seconds", 0.0),
                "p50_ms": run.latency_ms["p50"],
            }
    keys = ["recall@2", "recall@5", "recall@10", "mrr", "ndcg@10", "ingest_s", "p50_ms"]
    print(f"\n{evalset.name}, {len(evalset.questions)} questions")
    print("| embedder | " + " | ".join(keys) + " |")
    print("|---|" + "---|" * len(keys))
    for name, m in rows.items():
        print(
            f"| {name} | "
            + " | ".join(
                f"{m[k]:.3f}" if k not in ("ingest_s", "p50_ms") else f"{m[k]:.0f}" for k in keys
            )
            + " |"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
