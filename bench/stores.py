"""Store benchmarks: ArcadeDB start-up, graph upsert rate, 2-hop walk, qdrant-edge hybrid latency.

    python bench/stores.py [--chunks 5000] [--points 10000,100000] [--write-json PATH]

Prints one line per figure and (optionally) writes them as JSON. Synthetic data with the
shapes ingestion produces: ~1 KB chunk texts, 384-dim dense vectors, ~40-term sparse vectors.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import string
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.stores.graph import ArcadeDBGraphStore
from graphrag.stores.vector import EdgeVectorStore
from schemas import (
    AccessFilter,
    Chunk,
    Document,
    Entity,
    GraphBatch,
    HybridQuery,
    Mention,
    PayloadFilter,
    Relation,
    Section,
    SparseVector,
    VectorPoint,
    WalkLimits,
    stable_id,
)

DIM = 384


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def text(rng: random.Random, n: int = 1000) -> str:
    words = [
        "".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 9))) for _ in range(n // 6)
    ]
    return " ".join(words)[:n]


def graph_batches(n_chunks: int, per_doc: int, rng: random.Random) -> list[GraphBatch]:
    entities = [
        Entity(id=stable_id("e", i), name=f"Entity {i}", type="ORG") for i in range(n_chunks // 10)
    ]
    out = []
    for d in range(n_chunks // per_doc):
        doc = Document(id=stable_id("d", d), title=f"Doc {d}", source=f"doc{d}.md")
        sec = Section(
            id=stable_id("s", d), doc_id=doc.id, title="S", level=1, path=["S"], ordinal=0
        )
        chunks = [
            Chunk(
                id=stable_id("c", d, i),
                doc_id=doc.id,
                section_id=sec.id,
                ordinal=i,
                text=text(rng),
                section_path=["Doc", "S"],
            )
            for i in range(per_doc)
        ]
        mentions, used = [], {}
        for c in chunks:
            for e in rng.sample(entities, 3):
                used[e.id] = e
                mentions.append(Mention(chunk_id=c.id, entity_id=e.id))
        ids = list(used)
        relations = [
            Relation(source_id=ids[i], target_id=ids[i + 1], chunk_ids=[chunks[i % per_doc].id])
            for i in range(0, len(ids) - 1, 2)
        ]
        out.append(
            GraphBatch(
                documents=[doc],
                sections=[sec],
                chunks=chunks,
                entities=list(used.values()),
                mentions=mentions,
                relations=relations,
            )
        )
    return out


def bench_graph(n_chunks: int, results: dict[str, float]) -> None:
    rng = random.Random(1)
    root = Path(tempfile.mkdtemp(prefix="bench-graph-"))
    starts = []
    for i in range(3):
        store = ArcadeDBGraphStore(root / f"g{i}")
        t = time.perf_counter()
        store.open()
        starts.append(time.perf_counter() - t)
        store.close()
    results["arcadedb_start_s_median"] = statistics.median(starts)
    print(
        f"ArcadeDB start (spawn to Bolt ready), median of 3: {results['arcadedb_start_s_median']:.2f} s"
    )

    store = ArcadeDBGraphStore(root / "main")
    store.open()
    store.ensure_schema()
    batches = graph_batches(n_chunks, 500, rng)
    # chunk upserts alone (documents + sections + chunks + PARENT + NEXT), in 500-chunk batches
    t = time.perf_counter()
    for b in batches:
        store.write(GraphBatch(documents=b.documents, sections=b.sections, chunks=b.chunks))
    chunk_s = time.perf_counter() - t
    results["graph_chunk_upserts_per_s"] = n_chunks / chunk_s
    print(
        f"graph chunk upserts (1 KB text, with PARENT/NEXT edges, 500/batch): "
        f"{results['graph_chunk_upserts_per_s']:.0f} chunks/s"
    )
    t = time.perf_counter()
    for b in batches:
        store.write(b)
    full_s = time.perf_counter() - t
    results["graph_full_batch_chunks_per_s"] = n_chunks / full_s
    print(
        f"graph full batches re-written (chunks + 3 mentions/chunk + entities + relations): "
        f"{results['graph_full_batch_chunks_per_s']:.0f} chunks/s"
    )
    all_ids = [c.id for b in batches for c in b.chunks]
    walks = []
    for _ in range(10):
        seeds = rng.sample(all_ids, 100)
        t = time.perf_counter()
        store.neighbourhood(seeds, AccessFilter(tenant="default"), WalkLimits(related_hops=2))
        walks.append((time.perf_counter() - t) * 1000)
    results["walk_100_seeds_ms_p50"] = pct(walks, 0.5)
    results["walk_100_seeds_ms_p95"] = pct(walks, 0.95)
    print(
        f"2-hop neighbourhood walk from 100 chunk ids over {n_chunks} chunks: "
        f"p50 {results['walk_100_seeds_ms_p50']:.0f} ms, p95 {results['walk_100_seeds_ms_p95']:.0f} ms"
    )
    store.close()


def bench_vectors(n_points: int, results: dict[str, float]) -> None:
    rng = random.Random(2)
    path = Path(tempfile.mkdtemp(prefix="bench-edge-")) / "chunks"
    store = EdgeVectorStore(path)
    store.open()
    store.ensure_collection(DIM)

    def point(i: int) -> VectorPoint:
        terms = sorted(rng.sample(range(30_000), 40))
        return VectorPoint(
            id=stable_id("p", i),
            dense=[rng.gauss(0, 1) for _ in range(DIM)],
            sparse=SparseVector(indices=terms, values=[rng.uniform(0.2, 3) for _ in terms]),
            payload={
                "doc_id": f"d{i // 50}",
                "tenant": "default",
                "visibility": "internal",
                "acl": [],
                "kind": "paragraph",
                "page_start": i % 300,
            },
        )

    t = time.perf_counter()
    step = 2_000
    for start in range(0, n_points, step):
        store.upsert([point(i) for i in range(start, min(n_points, start + step))])
    upsert_s = time.perf_counter() - t
    results[f"edge_upsert_points_per_s_{n_points}"] = n_points / upsert_s
    latencies = []
    flt = PayloadFilter(access=AccessFilter(tenant="default", visibility=["public", "internal"]))
    for _ in range(50):
        terms = sorted(rng.sample(range(30_000), 8))
        q = HybridQuery(
            dense=[rng.gauss(0, 1) for _ in range(DIM)],
            sparse=SparseVector(indices=terms, values=[1.0] * len(terms)),
            limit=10,
            prefetch_limit=50,
            filter=flt,
        )
        t = time.perf_counter()
        store.query(q)
        latencies.append((time.perf_counter() - t) * 1000)
    results[f"edge_hybrid_ms_p50_{n_points}"] = pct(latencies, 0.5)
    results[f"edge_hybrid_ms_p95_{n_points}"] = pct(latencies, 0.95)
    print(
        f"qdrant-edge at {n_points} points: upsert {n_points / upsert_s:.0f} points/s (incl. "
        f"generating vectors); hybrid RRF query with access filter p50 "
        f"{pct(latencies, 0.5):.1f} ms, p95 {pct(latencies, 0.95):.1f} ms"
    )
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, default=5_000)
    parser.add_argument("--points", default="10000,100000")
    parser.add_argument("--write-json", type=Path)
    args = parser.parse_args()
    results: dict[str, float] = {}
    bench_graph(args.chunks, results)
    for n in (int(x) for x in args.points.split(",") if x):
        bench_vectors(n, results)
    if args.write_json:
        args.write_json.parent.mkdir(parents=True, exist_ok=True)
        args.write_json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
