"""Search latency of the default against one retrieval setting changed, interleaved.

    python bench/ab_latency.py SPEC --set glossary_across=false [--limit N]

Every question of the set is searched with both configurations on the same open index, in an
order that alternates per question, so the machine's drift falls on both alike. Prints p50 and
p95 of each and their ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.eval.datasets import load
from graphrag.eval.metrics import percentile
from graphrag.eval.runner import EvalConfig, EvalRunner

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("--set", required=True, help="one RetrievalConfig field: name=json value")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    name, _, raw = args.set.partition("=")
    value = json.loads(raw)
    evalset = load(args.spec, limit=args.limit)
    rag, _ = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data").open_index()
    questions = [q.question for q in evalset.questions]
    for q in questions[:10]:  # warm up
        rag.search(q)
    retriever = rag.retriever
    default = retriever.config
    changed = default.model_copy(update={name: value})
    times: dict[str, list[float]] = {"default": [], args.set: []}
    for i, q in enumerate(questions):
        order = [("default", default), (args.set, changed)]
        for label, config in order if i % 2 else reversed(order):
            retriever.config = config
            start = time.perf_counter()
            rag.search(q)
            times[label].append((time.perf_counter() - start) * 1000)
    retriever.config = default
    p50 = {k: statistics.median(v) for k, v in times.items()}
    for label, values in times.items():
        print(
            f"{label}: p50 {p50[label]:.0f} ms, p95 {percentile(values, 0.95):.0f} ms "
            f"({len(values)} searches)"
        )
    print(f"default / {args.set}: {p50['default'] / p50[args.set]:.2f}x at p50")


if __name__ == "__main__":
    main()
