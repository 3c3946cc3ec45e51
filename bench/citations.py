"""What the citation edges do for questions whose answer needs two sections.

    python bench/citations.py [--golden eval/golden/de-arbeitsrecht.yaml] [--k 1,2,5,10]

Ingests the golden set's corpus once (cached under .bench/citations/), then asks every
question that names ``relevant_sections`` twice: with the citation hop and without it (the
rest of the pipeline as default). Prints section recall@k (the share of the needed sections
with a chunk in the top k), both sections in the top k, the answer's key-fact coverage, and the
search latency median. Every other question of the set is scored at document level in the
same run, so a cost elsewhere shows.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.eval.datasets import GoldenQuestion
from graphrag.retrieval.config import RetrievalConfig
from graphrag.sdk import GraphRAG
from ingestion.citations import section_norm
from schemas import ScoredChunk

ROOT = Path(__file__).resolve().parents[1]


def section_of(result: ScoredChunk) -> str:
    path = result.chunk.section_path
    number = next((n for n in (section_norm(p) for p in reversed(path)) if n), None)
    return f"{result.doc_file}#{number}" if number else result.doc_file


def run(rag: GraphRAG, questions: list[GoldenQuestion], ks: list[int]) -> dict[str, float]:
    two = [q for q in questions if q.relevant_sections]
    rest = [q for q in questions if not q.relevant_sections and q.answerable]
    sums: dict[str, list[float]] = {}
    latencies: list[float] = []
    for q in two:
        start = time.perf_counter()
        result = rag.search(q.question, k=max(ks))
        latencies.append((time.perf_counter() - start) * 1000)
        found = [section_of(r) for r in result.results]
        for k in ks:
            got = [s for s in q.relevant_sections if s in found[:k]]
            sums.setdefault(f"sections@{k}", []).append(len(got) / len(q.relevant_sections))
            sums.setdefault(f"both@{k}", []).append(float(len(got) == len(q.relevant_sections)))
        answer = rag.ask(q.question).answer.casefold()
        facts = [f for f in q.key_facts if f.casefold() in answer]
        sums.setdefault("key_facts", []).append(len(facts) / max(1, len(q.key_facts)))
    for q in rest:
        files = list(dict.fromkeys(r.doc_file for r in rag.search(q.question, k=10).results))
        for k in (1, 5):
            hit = len(set(files[:k]) & set(q.relevant_documents)) / len(q.relevant_documents)
            sums.setdefault(f"others doc recall@{k}", []).append(hit)
    out = {name: round(statistics.fmean(values), 3) for name, values in sums.items()}
    out["search p50 ms"] = round(statistics.median(latencies), 1)
    out["questions"] = len(two)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--golden", default=str(ROOT / "eval/golden/de-arbeitsrecht.yaml"))
    parser.add_argument("--k", default="1,2,5,10")
    parser.add_argument("--data-dir", default=str(ROOT / ".bench/citations"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    ks = [int(k) for k in args.k.split(",")]
    golden = Path(args.golden)
    raw = yaml.safe_load(golden.read_text(encoding="utf-8"))
    questions = [GoldenQuestion.model_validate(q) for q in raw["questions"]]
    corpus = (golden.parent / raw["corpus"]).resolve()
    data_dir = Path(args.data_dir)
    with GraphRAG(data_dir=data_dir) as rag:
        report = rag.ingest([corpus])
        print(f"ingested {corpus.name}: {report.documents} new, {report.unchanged} unchanged")
    rows = {}
    for name, on in (("without citation hop", False), ("with citation hop (default)", True)):
        with GraphRAG(data_dir=data_dir, retrieval=RetrievalConfig(citations=on)) as rag:
            rows[name] = run(rag, questions, ks)
    names = list(next(iter(rows.values())))
    print("| variant | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(str(row[n]) for n in names) + " |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
