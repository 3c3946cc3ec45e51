"""Ingestion throughput with the per-stage breakdown, peak RSS, and entity quality on a sample.

    python bench/ingest.py --data ../shared/data [--json PATH]

Runs two ingestions into fresh data directories (embedding cache empty, so model time is
real): the German labour-law corpus, and the HotpotQA corpus written as one Markdown file per
passage. Prints documents/s, chunks/s, time per stage, the share of wall time outside model
inference (embedding and NER), the graph and vector write rates, and peak RSS.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.sdk import GraphRAG

MODEL_STAGES = ("embed", "entities")


def run(name: str, source: Path, isolated: bool = True) -> dict[str, float]:
    data_dir = Path(tempfile.mkdtemp(prefix=f"bench-ingest-{name}-"))
    with GraphRAG(data_dir=data_dir, parse_isolated=isolated) as rag:
        start = time.perf_counter()
        report = rag.ingest([source])
        wall = time.perf_counter() - start
    t = report.timings_s
    model = sum(t.get(s, 0.0) for s in MODEL_STAGES)
    row = {
        "documents": report.documents,
        "chunks": report.chunks,
        "errors": len(report.errors),
        "wall_s": round(wall, 1),
        "docs_per_s": round(report.documents / wall, 2),
        "chunks_per_s": round(report.chunks / wall, 2),
        "non_model_share": round((wall - model) / wall, 3),
        "graph_write_chunks_per_s": round(report.chunks / t["graph_write"], 0)
        if t.get("graph_write")
        else 0,
        "vector_write_chunks_per_s": round(report.chunks / t["vector_write"], 0)
        if t.get("vector_write")
        else 0,
        **{f"stage_{k}_s": v for k, v in t.items()},
    }
    print(
        f"\n{name}: {report.documents} documents, {report.chunks} chunks in {wall:.1f} s "
        f"({row['docs_per_s']} docs/s, {row['chunks_per_s']} chunks/s); "
        f"outside model inference: {row['non_model_share']:.0%}"
    )
    print(
        "  per stage (s): "
        + ", ".join(f"{k} {v:.1f}" for k, v in sorted(t.items(), key=lambda kv: -kv[1]))
    )
    print(
        f"  graph write {row['graph_write_chunks_per_s']:.0f} chunks/s (with entities, mentions, "
        f"relations), vector write {row['vector_write_chunks_per_s']:.0f} chunks/s"
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data"
    )
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--parse-in-process",
        action="store_true",
        help="parse in this process (GRAPHRAG_PARSE_ISOLATED=false), to price the child process",
    )
    args = parser.parse_args()
    isolated = not args.parse_in_process
    laws = args.data / "corpus" / "de-arbeitsrecht"
    results = {"de-arbeitsrecht": run("de-arbeitsrecht", laws, isolated)}
    hotpot = Path(tempfile.mkdtemp(prefix="bench-hotpot-"))
    corpus = json.loads((args.data / "hotpotqa" / "corpus.json").read_text())
    for i, (title, sentences) in enumerate(corpus.items()):
        (hotpot / f"{i:05d}.md").write_text(f"# {title}\n\n{''.join(sentences).strip()}\n")
    results["hotpotqa-994"] = run("hotpotqa-994", hotpot, isolated)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    results["peak_rss_mb"] = {"value": round(peak_mb, 0)}  # type: ignore[dict-item]
    print(
        f"\npeak RSS of this process (both runs): {peak_mb:.0f} MB "
        "(the ArcadeDB server runs in its own process, heap 512 MB)"
    )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
