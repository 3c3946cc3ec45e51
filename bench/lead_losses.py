"""Why the answering sentence loses to the lead: per feature, how often it scores lower.

    python bench/lead_losses.py golden:eval/golden/de-arbeitsrecht-holdout20.yaml [more specs]

For every answerable question whose answer misses its key facts while a candidate sentence
holds them, the answerer's features (``choice.FEATURES``) of the best-covering sentence minus
those of the sentence ranked first, weighted as ``choice.WEIGHTS`` weighs them. Prints one line
per such question (the features that differ by more than 0.05) and then, per feature, the mean
weighted difference and the share of questions in which the answering sentence is lower and
higher. A feature the answering sentence loses on in most questions is where the choice fails.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer import choice
from graphrag.answer.asks import asked
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.eval import metrics as m
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner

ROOT = Path(__file__).resolve().parents[1]
WEIGHTS = np.asarray([choice.WEIGHTS.get(n, 0.0) for n in choice.FEATURES])


def losses(spec: str) -> list[np.ndarray]:
    """The weighted feature differences (answering sentence minus lead) of the set's misses."""
    evalset = load(spec)
    rag, _ = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data").open_index()
    answerer = rag.generator
    assert isinstance(answerer, ExtractiveAnswerer), "the default answerer is extractive"
    found = []
    try:
        for q in evalset.questions:
            if not q.answerable or not q.key_facts:
                continue
            answer = rag.ask(q.question)
            scored = answerer.last_scored
            if m.coverage(answer.answer, q.key_facts) > 0 or not scored:
                continue
            cover = [m.coverage(c.text, q.key_facts) for c in scored]
            if max(cover) == 0:
                continue
            matrix = choice.features(asked(q.question), scored)
            fused = matrix @ WEIGHTS
            lead = int(np.argmax(fused))
            best = max(range(len(scored)), key=lambda i: (cover[i], fused[i]))
            difference = (matrix[best] - matrix[lead]) * WEIGHTS
            found.append(difference)
            shown = " ".join(
                f"{n}={x:+.2f}"
                for n, x in zip(choice.FEATURES, difference, strict=True)
                if abs(x) > 0.05
            )
            print(f"{q.id}: {shown}", flush=True)
    finally:
        rag.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="spec")
    args = parser.parse_args()
    rows = [d for spec in args.specs for d in losses(spec)]
    if not rows:
        print("no question loses a fact that a candidate sentence holds")
        return
    table = np.asarray(rows)
    print(
        f"\n{len(rows)} questions\n\n| feature | mean weighted | lower | higher |\n|---|---|---|---|"
    )
    for i, name in enumerate(choice.FEATURES):
        column = table[:, i]
        print(
            f"| {name} | {column.mean():+.3f} | {np.mean(column < -0.05):.2f} "
            f"| {np.mean(column > 0.05):.2f} |"
        )


if __name__ == "__main__":
    main()
