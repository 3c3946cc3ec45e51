"""What ordering the answer's evidence by its best sentence costs: seconds per ``ask`` with the
evidence in the search's order and ordered, each on a copy of the set's index whose embedding
cache is emptied (cold: every sentence embedded for the first time), then again (warm).

    python bench/evidence_latency.py golden:eval/golden/de-arbeitsrecht-holdout26.yaml

Prints per mode and pass the median and largest ``ask`` seconds, and the median and largest
milliseconds of the ``sentence_order`` stage. The first question of each pass only loads the
models and is left out.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag import GraphRAG
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner
from graphrag.retrieval.config import RetrievalConfig

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    evalset = load(args.spec, limit=args.limit)
    runner = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data")
    rag, _ = runner.open_index()  # built once if missing
    index = rag.settings.data_dir
    rag.close()
    questions = [q.question for q in evalset.questions]
    for mode in ("never", "single_hop"):
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "data"
            shutil.copytree(index, copy)
            for cached in (copy / "cache").glob("embeddings.sqlite*"):
                cached.unlink()
            for run in ("cold", "warm"):
                seconds, stage = measure(copy, mode, questions)
                print(
                    f"{mode:10s} {run}: ask median {statistics.median(seconds):.2f} s, "
                    f"max {max(seconds):.2f} s; sentence_order median "
                    f"{statistics.median(stage):.0f} ms, max {max(stage):.0f} ms"
                )


def measure(data_dir: Path, mode: str, questions: list[str]) -> tuple[list[float], list[float]]:
    config = RetrievalConfig(sentence_order=mode)  # type: ignore[arg-type]
    with GraphRAG(data_dir=data_dir, retrieval=config) as rag:
        rag.ask(questions[0])  # the models load
        seconds: list[float] = []
        stage: list[float] = []
        for question in questions[1:]:
            started = time.perf_counter()
            _, search = rag.ask_explained(question)
            seconds.append(time.perf_counter() - started)
            stage.append(search.timings_ms.get("sentence_order", 0.0))
    return seconds, stage


if __name__ == "__main__":
    main()
