"""Fit and check the weights that pick the sentence an extractive answer leads with.

    python bench/sentence_choice.py dump golden:eval/golden/de-arbeitsrecht.yaml
    python bench/sentence_choice.py dump squad:../shared/data/legalquad/legalquad-dev.json
    python bench/sentence_choice.py dump hotpotqa:../shared/data/hotpotqa/questions.json
    python bench/sentence_choice.py dump hotpotqa:../shared/data/2wiki/questions.json
    python bench/sentence_choice.py fit
    python bench/sentence_choice.py fit --test golden:eval/golden/de-arbeitsrecht-holdout20.yaml ...

``dump`` runs the default search for every answerable question with key facts (or an
expected answer), scores every candidate sentence of the passages the answerer reads
(``graphrag.answer.choice.features``) and stores the features with each sentence's key-fact
coverage under ``.bench/sentence-choice/``. ``fit`` fits a logistic model (scikit-learn) on
the sentences that cover the most of their question's facts against the rest, and reports, set
by set, the mean key-fact coverage of the sentence each weighting ranks first:

* ``current``: ``choice.WEIGHTS`` as they are in the code;
* ``held out``: the weights fitted on the *other* sets only (how the fit generalises to a set
  it has not seen: the figure that decides);
* ``all sets``: the weights fitted on every set (what would go into the code).

``picks SPEC ...`` reports, on the named dumped sets pooled, how much of the key facts a few
sentences hold, each way of taking them from the current weights' ranking: the first one, two
or three; the first sentence of each of the first two or three passages (different provisions);
the lead with the next two of its own passage.

With ``--test``, the named sets are held out instead: each model is fitted on every other
dumped set and reports, on the held-out sets pooled, the mean key-fact coverage of its first
sentence and the best coverage among its first three: the current weights, the logistic model,
a pairwise logistic model (each answering sentence against each other one of its question) and
gradient-boosted trees (non-linear, depth 3).

Only sentences the answerer may lead with are ranked (a number asked for must be there).
``fit`` needs scikit-learn: ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
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
DUMPS = ROOT / ".bench/sentence-choice"


def dump(spec: str, limit: int | None) -> None:
    evalset = load(spec, limit=limit)
    runner = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data")
    rag, _ = runner.open_index()
    answerer = rag.generator
    assert isinstance(answerer, ExtractiveAnswerer), "the default answerer is extractive"
    questions = []
    for q in evalset.questions:
        facts = q.key_facts or ([q.answer] if q.answer else [])
        if not q.answerable or not facts:
            continue
        answer = rag.ask(q.question)  # the passages and language the answerer reads
        kind = asked(q.question)
        pool = answerer.rank(q.question, answer.language, answer.passages)
        numeric = kind in NUMERIC and any(c.form for c in pool)
        questions.append(
            {
                "id": q.id,
                "kind": kind,
                "features": choice.features(kind, pool).tolist(),
                "coverage": [m.coverage(c.text, facts) for c in pool],
                "eligible": [bool(c.form or not numeric) for c in pool],
            }
        )
    name = spec.split(":", 1)[0] + "-" + hashlib.sha1(spec.encode()).hexdigest()[:8]
    DUMPS.mkdir(parents=True, exist_ok=True)
    out = DUMPS / f"{name}.json"
    out.write_text(json.dumps({"spec": spec, "features": choice.FEATURES, "questions": questions}))
    print(f"{spec}: {len(questions)} questions -> {out.relative_to(ROOT)}")


def _rows(questions: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for q in questions:
        cov = np.asarray(q["coverage"])
        ok = np.asarray(q["eligible"], dtype=bool)
        if not ok.any() or cov[ok].max() <= 0:
            continue  # nothing to learn where no sentence holds a fact
        best = cov[ok].max()
        xs.append(np.asarray(q["features"])[ok])
        ys.append((cov[ok] >= best).astype(int))
    return np.vstack(xs), np.concatenate(ys)


def _fit(questions: list[dict]) -> dict[str, float]:
    from sklearn.linear_model import LogisticRegression

    x, y = _rows(questions)
    model = LogisticRegression(C=1.0, max_iter=2000).fit(x, y)
    return dict(zip(choice.FEATURES, (float(w) for w in model.coef_[0]), strict=True))


def _top1(questions: list[dict], weights: dict[str, float]) -> float:
    """Mean key-fact coverage of the sentence the weights rank first."""
    return _ranked(questions, lambda f: choice.scores(f, weights))[0]


def _sets() -> dict[str, list[dict]]:
    sets = {}
    for path in sorted(DUMPS.glob("*.json")):
        data = json.loads(path.read_text())
        assert tuple(data["features"]) == choice.FEATURES, f"{path}: dumped with other features"
        sets[data["spec"]] = data["questions"]
    return sets


def _ranked(
    questions: list[dict], score: Callable[[np.ndarray], np.ndarray]
) -> tuple[float, float]:
    """Mean coverage of the first sentence and the best coverage among the first three."""
    if not questions:
        return 0.0, 0.0
    first, three = [], []
    for q in questions:
        ok = np.asarray(q["eligible"], dtype=bool)
        if not ok.any():
            first.append(0.0)
            three.append(0.0)
            continue
        scored = score(np.asarray(q["features"])).astype(float)
        scored[~ok] = -np.inf
        order = np.argsort(-scored, kind="stable")  # the first of equals, as argmax takes
        first.append(q["coverage"][order[0]])
        three.append(max(q["coverage"][i] for i in order[:3]))
    return statistics.fmean(first), statistics.fmean(three)


def _pairs(questions: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """Differences of feature rows: an answering sentence minus another of its question (1),
    and the reverse (0)."""
    xs, ys = [], []
    for q in questions:
        cov = np.asarray(q["coverage"])
        ok = np.asarray(q["eligible"], dtype=bool)
        if not ok.any() or cov[ok].max() <= 0:
            continue
        rows = np.asarray(q["features"])[ok]
        best = cov[ok] >= cov[ok].max()
        for good in rows[best]:
            for other in rows[~best]:
                xs += [good - other, other - good]
                ys += [1, 0]
    return np.asarray(xs), np.asarray(ys)


def held_out(test: list[str]) -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression

    sets = _sets()
    missing = [spec for spec in test if spec not in sets]
    assert not missing, f"not dumped: {missing}"
    train = [q for spec, qs in sets.items() if spec not in test for q in qs]
    tested = [q for spec in test for q in sets[spec]]
    x, y = _rows(train)
    logistic = LogisticRegression(C=1.0, max_iter=3000).fit(x, y)
    px, py = _pairs(train)
    pairwise = LogisticRegression(C=1.0, max_iter=3000, fit_intercept=False).fit(px, py)
    trees = HistGradientBoostingClassifier(max_depth=3, max_iter=200, learning_rate=0.05)
    trees.fit(x, y)
    models: dict[str, Callable[[np.ndarray], np.ndarray]] = {
        "current weights": lambda f: choice.scores(f),
        "logistic": lambda f: f @ logistic.coef_[0],
        "pairwise logistic": lambda f: f @ pairwise.coef_[0],
        "gradient-boosted trees": lambda f: trees.predict_proba(f)[:, 1],
    }
    print(f"fitted on {len(train)} questions, tested on {len(tested)} of {len(test)} sets")
    print("| ranking | first sentence | first three |\n|---|---|---|")
    for name, score in models.items():
        first, three = _ranked(tested, score)
        print(f"| {name} | {first:.3f} | {three:.3f} |")


def picks(specs: list[str]) -> None:
    sets = _sets()
    questions = [q for spec in specs for q in sets[spec]]
    passage = choice.FEATURES.index("passage")
    ways: dict[str, list[float]] = {
        name: []
        for name in (
            "first sentence",
            "first two",
            "first three",
            "first of two passages",
            "first of three passages",
            "lead and two more of its passage",
        )
    }
    for q in questions:
        features = np.asarray(q["features"])
        ok = np.asarray(q["eligible"], dtype=bool)
        cov = q["coverage"]
        scored = choice.scores(features)
        order = [int(i) for i in np.argsort(-scored) if ok[i]]
        if not order:
            for taken in ways.values():
                taken.append(0.0)
            continue
        heads: dict[float, int] = {}
        for i in order:
            heads.setdefault(float(features[i, passage]), i)
        lead = order[0]
        own = [
            int(i) for i in np.argsort(-scored) if features[i, passage] == features[lead, passage]
        ]
        chosen = {
            "first sentence": order[:1],
            "first two": order[:2],
            "first three": order[:3],
            "first of two passages": list(heads.values())[:2],
            "first of three passages": list(heads.values())[:3],
            "lead and two more of its passage": [lead, *[i for i in own if i != lead][:2]],
        }
        for name, indices in chosen.items():
            ways[name].append(max(cov[i] for i in indices))
    print(f"{len(questions)} questions of {len(specs)} sets")
    print("| sentences taken | best coverage among them |\n|---|---|")
    for name, values in ways.items():
        print(f"| {name} | {statistics.fmean(values):.3f} |")


def fit() -> None:
    sets = _sets()
    everything = [q for qs in sets.values() for q in qs]
    overall = _fit(everything)
    print("| set | questions | current | held out | all sets |\n|---|---|---|---|---|")
    for spec, questions in sets.items():
        others = [q for s, qs in sets.items() if s != spec for q in qs]
        held = _fit(others)
        print(
            f"| {spec} | {len(questions)} | {_top1(questions, choice.WEIGHTS):.3f} | "
            f"{_top1(questions, held):.3f} | {_top1(questions, overall):.3f} |"
        )
    print("\nweights fitted on all sets:")
    for name, weight in overall.items():
        print(f"    {name!r}: {weight:.3f},")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("spec")
    d.add_argument("--limit", type=int)
    p = sub.add_parser("picks")
    p.add_argument("specs", nargs="+")
    f = sub.add_parser("fit")
    f.add_argument("--test", nargs="+", help="sets to hold out and test the fitted models on")
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.spec, args.limit)
    elif args.command == "picks":
        picks(args.specs)
    elif args.test:
        held_out(args.test)
    else:
        fit()


if __name__ == "__main__":
    main()
