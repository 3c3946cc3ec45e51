"""How many key facts the first chunks of the search hold, in four orders of its first 20.

    python bench/evidence_order.py golden:eval/golden/de-arbeitsrecht.yaml [more specs] [--limit N]

For every answerable question with key facts (or its expected answer, on sets without them such
as HotpotQA), the search's first 20 results (``graphrag.answer.ordering``'s depth) are ordered

* ``search``: as the search ranks them (the evidence before session 30);
* ``sentence``: by their best sentence's cosine to the question alone;
* ``fused``: by reciprocal rank fusion of the two (``by_best_sentence``);
* ``default``: fused for a question one passage answers, the search's order for a multi-hop one
  (what ``ask`` reads);

and the key-fact coverage of the first 6, 8 and 10 chunks is printed per order, pooled over the
sets, with the share of questions the analysis calls multi-hop.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer.ordering import RRF_K, best_sentences
from graphrag.eval import metrics as m
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner

ROOT = Path(__file__).resolve().parents[1]
DEPTH = 20
CUTS = (6, 8, 10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="spec")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    rows: dict[tuple[str, int], list[float]] = {}
    multi_hop: list[bool] = []
    for spec in args.specs:
        evalset = load(spec, limit=args.limit)
        runner = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data")
        rag, _ = runner.open_index()
        try:
            for q in evalset.questions:
                facts = q.key_facts or ([q.answer] if q.answer else [])
                if not q.answerable or not facts:
                    continue
                result = rag.search(q.question, k=DEPTH)
                chunks = result.results
                best = best_sentences(q.question, chunks, rag.embedder)
                places = range(len(chunks))
                by_sentence = sorted(places, key=lambda i: -best[i])
                rank = {i: n for n, i in enumerate(by_sentence)}
                fused = sorted(
                    places, key=lambda i: -(1 / (RRF_K + i + 1) + 1 / (RRF_K + rank[i] + 1))
                )
                hop = result.analysis.multi_hop
                multi_hop.append(hop)
                orders = {
                    "search": list(places),
                    "sentence": by_sentence,
                    "fused": fused,
                    "default": list(places) if hop else fused,
                }
                for name, order in orders.items():
                    for cut in CUTS:
                        text = " ".join(chunks[i].chunk.text for i in order[:cut])
                        rows.setdefault((name, cut), []).append(m.coverage(text, facts))
        finally:
            rag.close()
    n = len(multi_hop)
    print(f"{n} questions, {sum(multi_hop) / max(n, 1):.2f} multi-hop by the analysis")
    print("| order | " + " | ".join(f"first {c}" for c in CUTS) + " |")
    print("|---|" + "---|" * len(CUTS))
    for name in ("search", "sentence", "fused", "default"):
        cells = " | ".join(f"{statistics.fmean(rows[(name, c)]):.3f}" for c in CUTS)
        print(f"| {name} | {cells} |")


if __name__ == "__main__":
    main()
