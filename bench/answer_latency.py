"""What the extractive answer's multi-hop steps cost: the answer with and without the second
hop and the comparison verdict, on the same passages, interleaved; or (``--against six``) what
reading eight passages costs against reading six.

    python bench/answer_latency.py hotpotqa:../shared/data/hotpotqa/questions.json --limit 100
    python bench/answer_latency.py golden:eval/golden/de-arbeitsrecht.yaml --against six

For every question the default search runs once; then the extractive answerer answers from
its passages twice, once as it is and once with ``_second_hop`` and ``verdict`` switched off,
in an order that alternates per question so the machine's drift falls on both alike. Prints
p50 and p95 of each and their ratio (answer time only: search is the same for both). The first
answer loads what the steps need (spaCy's model for the verdict) and is left out.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer import extractive
from graphrag.eval.datasets import load
from graphrag.eval.metrics import percentile
from graphrag.eval.runner import EvalConfig, EvalRunner

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def without_hops() -> Iterator[None]:
    hop, judge = extractive.ExtractiveAnswerer._second_hop, extractive.verdict
    extractive.ExtractiveAnswerer._second_hop = lambda *_: None  # type: ignore[method-assign,assignment]
    extractive.verdict = lambda *_: None  # type: ignore[assignment]
    try:
        yield
    finally:
        extractive.ExtractiveAnswerer._second_hop = hop  # type: ignore[method-assign]
        extractive.verdict = judge


def timed(answer: Callable[[], Any]) -> float:
    start = time.perf_counter()
    answer()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("--limit", type=int)
    parser.add_argument(
        "--against",
        choices=["no-hops", "six"],
        default="no-hops",
        help="the answer compared with: without the multi-hop steps, or reading six passages",
    )
    args = parser.parse_args()
    evalset = load(args.spec, limit=args.limit)
    rag, _ = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data").open_index()
    answerer = rag.generator
    assert isinstance(answerer, extractive.ExtractiveAnswerer), "the default is extractive"
    six = extractive.ExtractiveAnswerer(answerer.embedder, max_passages=6)
    other = (
        (without_hops, "without second hop and verdict")
        if args.against == "no-hops"
        else (nullcontext, "six passages read")
    )
    with_steps: list[float] = []
    without: list[float] = []
    for i, q in enumerate(evalset.questions):
        searched = rag.ask(q.question)

        def answer(question: str = q.question, given: Any = searched) -> Any:
            return answerer.answer(question, given.language, given.passages, given.graph)

        def compared(question: str = q.question, given: Any = searched) -> Any:
            reader = answerer if args.against == "no-hops" else six
            return reader.answer(question, given.language, given.passages, given.graph)

        if i == 0:
            answer()  # loads what the steps need
            continue
        if i % 2:
            with_steps.append(timed(answer))
            with other[0]():
                without.append(timed(compared))
        else:
            with other[0]():
                without.append(timed(compared))
            with_steps.append(timed(answer))
    rag.close()
    print(f"{args.spec}: {len(with_steps)} questions, answer time only (ms)")
    print("| answerer | p50 | p95 |\n|---|---|---|")
    for name, values in ((other[1], without), ("default", with_steps)):
        print(f"| {name} | {statistics.median(values):.1f} | {percentile(values, 0.95):.1f} |")
    print(f"ratio of medians: {statistics.median(with_steps) / statistics.median(without):.2f}")


if __name__ == "__main__":
    main()
