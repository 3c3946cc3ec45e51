"""Dense search at scale in qdrant-edge: HNSW against exact search, with and without int8
quantization, on synthetic vectors (issue 16, item 3).

    python bench/vector_scale.py --n 200000 [--dim 384] [--queries 200] [--json PATH]

The vectors are clustered (points around 2,000 random centres, like chunks around topics), so
nearest neighbours are meaningful; queries are fresh points from the same clusters. For each
variant: build time (upserts, then the optimizer builds the HNSW index), disk size, the
process's peak resident memory (the generated vectors included), query latency p50/p95 (one thread), and recall@10 against the exact
top 10 (the same shard searched with ``exact=True``); the int8 index is also searched with
rescoring (twice the candidates from the quantized vectors, ordered by the originals). The last line projects to 1M vectors
from the measured per-vector costs.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import qdrant_edge as qe

BATCH = 2_000


def vectors(n: int, dim: int, seed: int, centres: np.ndarray) -> np.ndarray:
    rng = np.random.default_rng(seed)
    which = rng.integers(0, len(centres), size=n)
    points = centres[which] + 0.35 * rng.standard_normal((n, dim)).astype(np.float32)
    return points / np.linalg.norm(points, axis=1, keepdims=True)


def build(path: Path, data: np.ndarray, quantized: bool) -> tuple[Any, float]:
    dim = data.shape[1]
    quantization = (
        qe.ScalarQuantizationConfig(type=qe.ScalarType.Int8, always_ram=True) if quantized else None
    )
    config = qe.EdgeConfig(
        vectors={
            "dense": qe.EdgeVectorParams(
                size=dim, distance=qe.Distance.Cosine, quantization_config=quantization
            )
        },
        hnsw_config=qe.HnswIndexConfig(m=16, ef_construct=100, full_scan_threshold=10_000),
        optimizers=qe.EdgeOptimizersConfig(indexing_threshold=20_000),
    )
    start = time.perf_counter()
    shard = qe.EdgeShard.create(str(path), config)
    for i in range(0, len(data), BATCH):
        part = data[i : i + BATCH]
        shard.update(
            qe.UpdateOperation.upsert_points(
                [
                    qe.Point(id=i + j, vector={"dense": row.tolist()}, payload={})
                    for j, row in enumerate(part)
                ]
            )
        )
    shard.optimize()  # builds the HNSW index (and the quantized copy)
    return shard, time.perf_counter() - start


def search(
    shard: Any, query: np.ndarray, *, exact: bool, rescore: bool = False, k: int = 10
) -> list[int]:
    # rescoring: the quantized index finds 2k candidates, the float32 originals order them
    quantization = qe.QuantizationSearchParams(rescore=True, oversampling=2.0) if rescore else None
    request = qe.QueryRequest(
        limit=k,
        query=qe.Query.Nearest(query.tolist(), using="dense"),
        params=qe.SearchParams(exact=exact, hnsw_ef=128, quantization=quantization),
        with_payload=False,
    )
    return [int(h.id) for h in shard.query(request)]


def measure(shard: Any, queries: np.ndarray, rescore: bool = False) -> dict[str, float]:
    latencies, recalls, exact_latencies = [], [], []
    for q in queries:
        start = time.perf_counter()
        truth = search(shard, q, exact=True)
        exact_latencies.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        found = search(shard, q, exact=False, rescore=rescore)
        latencies.append((time.perf_counter() - start) * 1000)
        recalls.append(len(set(found) & set(truth)) / len(truth))
    latencies.sort()
    exact_latencies.sort()
    return {
        "hnsw_p50_ms": statistics.median(latencies),
        "hnsw_p95_ms": latencies[int(0.95 * (len(latencies) - 1))],
        "exact_p50_ms": statistics.median(exact_latencies),
        "recall@10": statistics.mean(recalls),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--variants", default="float32,int8")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    centres = rng.standard_normal((2_000, args.dim)).astype(np.float32)
    data = vectors(args.n, args.dim, 2, centres)
    queries = vectors(args.queries, args.dim, 3, centres)
    rows: dict[str, dict[str, float]] = {}
    variants = {"float32": False, "int8": True}
    for name, quantized in variants.items():
        if name not in args.variants.split(","):
            continue
        folder = Path(tempfile.mkdtemp(prefix="vector-scale-"))
        try:
            shard, seconds = build(folder / "shard", data, quantized)
            disk = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6
            for rescore in (False, True) if quantized else (False,):
                row = measure(shard, queries, rescore)
                row["build_s"] = seconds
                row["disk_mb"] = disk
                row["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                rows[f"{name} + rescore x2" if rescore else name] = row
            shard.close()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\n{args.n:,} vectors of {args.dim} dimensions, {args.queries} queries, one thread")
    keys = ["build_s", "disk_mb", "max_rss_mb", "hnsw_p50_ms", "hnsw_p95_ms", "exact_p50_ms"]
    print("| variant | " + " | ".join(keys) + " | recall@10 |")
    print("|---|" + "---|" * (len(keys) + 1))
    for name, row in rows.items():
        cells = " | ".join(f"{row[k]:.1f}" for k in keys)
        print(f"| {name} | {cells} | {row['recall@10']:.3f} |")
    scale = 1_000_000 / args.n
    for name, row in rows.items():
        print(
            f"1M projected, {name}: build ~{row['build_s'] * scale / 60:.0f} min (linear; HNSW "
            f"grows a little faster), disk ~{row['disk_mb'] * scale / 1000:.1f} GB, exact search "
            f"~{row['exact_p50_ms'] * scale:.0f} ms (linear), HNSW p50 grows with log n"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"n": args.n, "dim": args.dim, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
