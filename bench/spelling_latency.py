"""What reading misspelled words costs (``graphrag/retrieval/spelling.py``): the word lists'
first load, and each question's reading after it.

    python bench/spelling_latency.py golden:eval/golden/de-arbeitsrecht.yaml [more specs]

Loads the word lists with the first question (time and resident memory before and after), then
reads every question of the specs five times and prints p50 and p95 per question, separately
for the questions with a word read otherwise and those without. Reads no store: the documents'
guard (one keyword query per word that would be read as another) is not part of it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.eval.datasets import load
from graphrag.eval.metrics import percentile
from graphrag.retrieval.analysis import QueryAnalyzer
from graphrag.retrieval.spelling import Speller

REPEATS = 5


def resident_mb() -> float:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * 4096 / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="spec")
    args = parser.parse_args()
    analyzer = QueryAnalyzer()
    questions = [
        (q.question, analyzer.analyse(q.question).language)
        for spec in args.specs
        for q in load(spec).questions
    ]
    speller = Speller()
    before, started = resident_mb(), time.perf_counter()
    speller.correct("Wie lange Pasue steht mir zu?", "de")
    speller.correct("How many days of anual leave?", "en")
    print(
        f"first use: {(time.perf_counter() - started) * 1000:.0f} ms, "
        f"+{resident_mb() - before:.0f} MB resident"
    )
    times: dict[bool, list[float]] = {True: [], False: []}
    for text, language in questions:
        runs = []
        for _ in range(REPEATS):
            started = time.perf_counter()
            changed = speller.correct(text, language).changed
            runs.append((time.perf_counter() - started) * 1000)
        times[changed].append(statistics.median(runs))
    for changed, label in ((False, "as typed"), (True, "with a word read otherwise")):
        values = times[changed]
        if values:
            print(
                f"{label}: {len(values)} questions, p50 {percentile(values, 0.5):.3f} ms, "
                f"p95 {percentile(values, 0.95):.3f} ms"
            )


if __name__ == "__main__":
    main()
