"""Search latency (no LLM) at ~10k and ~100k chunks, per stage, graph refinement on and off.

    python bench/search_latency.py [--sizes 10000,100000] [--queries 40] [--json PATH]

Builds synthetic stores with the shapes ingestion produces (1 KB texts from a 5k-word
vocabulary, 384-dim vectors, BM25 sparse vectors, 3 entity mentions per chunk, co-occurrence
relations, every document ABOUT one entity) directly through the store APIs, then runs real
searches: e5 query embedding, BM25 query encoding, both branches, RRF, graph refinement
(off; on = as search runs by default: the reference and citation hops, and the names hop
where the analysis reads the question as multi-hop; on + names hop on every query = its
worst case; on + context walk = also the walk + PageRank + entity paths, as ask runs it),
fetch, scoring. ``--explore`` also times the graph explorer's reads (graphrag.explore: entity
search by part of a name and listing the most mentioned, one entity's view, the paths between
two entities, a document's structure, a chunk's neighbourhood) on the same store; ``--no-search`` times only those.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag import explore
from graphrag.eval.metrics import percentile
from graphrag.models.embedders import E5Embedder
from graphrag.models.sparse import Bm25Encoder
from graphrag.retrieval.config import RetrievalConfig
from graphrag.retrieval.search import Retriever
from graphrag.stores.graph import ArcadeDBGraphStore
from graphrag.stores.vector import EdgeVectorStore
from schemas import (
    About,
    AccessFilter,
    Chunk,
    Document,
    Entity,
    GraphBatch,
    Mention,
    Relation,
    SearchRequest,
    VectorPoint,
    stable_id,
)

PER_DOC = 50


def build(
    n: int, root: Path, rng: random.Random
) -> tuple[ArcadeDBGraphStore, EdgeVectorStore, list[str]]:
    vocab = [f"w{i}" for i in range(5000)]
    names = [f"Entity{i}" for i in range(n // 8)]
    graph = ArcadeDBGraphStore(root / "graph", heap="1g")
    graph.open()
    graph.ensure_schema()
    vectors = EdgeVectorStore(root / "vectors")
    vectors.open()
    vectors.ensure_collection(384)
    sparse = Bm25Encoder()
    start = time.perf_counter()
    for d in range(n // PER_DOC):
        doc = Document(id=stable_id("d", d), title=f"Doc {d}", source=f"doc{d}.md", language="en")
        chunks, points, mentions, used = [], [], [], {}
        for i in range(PER_DOC):
            words = rng.choices(vocab, k=150)
            names_here = rng.sample(names, 3)
            text = " ".join(words[:75] + names_here + words[75:])
            cid = stable_id("c", d, i)
            chunks.append(Chunk(id=cid, doc_id=doc.id, ordinal=i, text=text, language="en"))
            for name in names_here:
                e = Entity(id=stable_id("e", name), name=name, type="ORG")
                used[e.id] = e
                mentions.append(Mention(chunk_id=cid, entity_id=e.id, surface=[name]))
            points.append(
                VectorPoint(
                    id=cid,
                    dense=[rng.gauss(0, 1) for _ in range(384)],
                    sparse=sparse.encode_documents([text], ["en"])[0],
                    payload={
                        "doc_id": doc.id,
                        "tenant": "default",
                        "visibility": "internal",
                        "acl": [],
                        "kind": "paragraph",
                        "language": "en",
                    },
                )
            )
        ids = list(used)
        relations = [
            Relation(source_id=ids[j], target_id=ids[j + 1], chunk_ids=[chunks[j % PER_DOC].id])
            for j in range(0, len(ids) - 1, 2)
        ]
        # each document is ABOUT one entity, so the reference hop has homes to reach
        home = Entity(
            id=stable_id("e", names[d % len(names)]), name=names[d % len(names)], type="ORG"
        )
        used[home.id] = home
        graph.write(
            GraphBatch(
                documents=[doc],
                chunks=chunks,
                entities=list(used.values()),
                mentions=mentions,
                relations=relations,
                about=[About(doc_id=doc.id, entity_id=home.id)],
            )
        )
        vectors.upsert(points)
    print(f"  built {n} chunks in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return graph, vectors, names


def explore_latency(
    n: int, graph: ArcadeDBGraphStore, names: list[str], queries: int, rng: random.Random
) -> dict[str, dict[str, float]]:
    """Milliseconds per call of each explorer read, as the HTTP endpoints make them."""
    access = AccessFilter()
    calls: dict[str, Callable[[], object]] = {
        "entities?q=": lambda: explore.entities(graph, rng.choice(names)[:7].lower(), access),
        "entities (most mentioned)": lambda: explore.entities(graph, "", access),
        "entities/{id}": lambda: explore.entity(graph, stable_id("e", rng.choice(names)), access),
        "graph/paths": lambda: explore.paths(
            graph, stable_id("e", rng.choice(names)), stable_id("e", rng.choice(names)), access
        ),
        "documents/{id}/structure": lambda: explore.structure(
            graph, stable_id("d", rng.randrange(n // PER_DOC)), access
        ),
        "graph/neighbourhood": lambda: explore.neighbourhood(
            graph, stable_id("c", rng.randrange(n // PER_DOC), rng.randrange(PER_DOC)), access
        ),
    }
    out: dict[str, dict[str, float]] = {}
    for name, call in calls.items():
        call()  # warm up
        times = []
        for _ in range(queries):
            start = time.perf_counter()
            call()
            times.append((time.perf_counter() - start) * 1000)
        key = f"{n} chunks, explore {name}"
        out[key] = {
            "total_p50": round(statistics.median(times), 1),
            "total_p95": round(percentile(times, 0.95), 1),
        }
        print(f"{key}: p50 {out[key]['total_p50']:.0f} ms, p95 {out[key]['total_p95']:.0f} ms")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--fusions", default="zscore", help="comma-separated: rrf, dbsf, zscore (the default)"
    )
    parser.add_argument("--explore", action="store_true", help="time the graph explorer too")
    parser.add_argument("--no-search", action="store_true", help="skip the search modes")
    args = parser.parse_args()
    rng = random.Random(3)
    embedder = E5Embedder()
    results: dict[str, dict[str, float]] = {}
    for n in (int(x) for x in args.sizes.split(",")):
        graph, vectors, names = build(n, Path(tempfile.mkdtemp(prefix=f"bench-search-{n}-")), rng)
        hop: dict[str, object] = {"passage_hop": "always", "hop_seed_text": "names"}
        modes: dict[str, tuple[bool, bool, dict[str, object]]] = {
            "off": (False, False, {}),
            "on": (True, False, {}),
            "on + names hop on every query": (True, False, hop),
            "on + context walk": (True, True, {}),
        }
        fusions = args.fusions.split(",")
        if args.no_search:
            modes = {}
        for (mode, (use_graph, context, extra)), fusion in itertools.product(
            modes.items(), fusions
        ):
            config = RetrievalConfig(graph=use_graph, fusion=fusion, **extra)  # type: ignore[arg-type]
            retriever = Retriever(graph, vectors, embedder, Bm25Encoder(), config=config)
            retriever.search(SearchRequest(query="warm up", k=10))
            stages: dict[str, list[float]] = {}
            for q in range(args.queries):
                a, b = rng.sample(names, 2)
                query = f"How is {a} related to {b} in w{q} w{q + 7}?"
                request = SearchRequest(query=query, k=10, graph_context=context)
                result = retriever.search(request)
                for stage, ms in result.timings_ms.items():
                    stages.setdefault(stage, []).append(ms)
            key = f"{n} chunks, graph {mode}" + (f", {fusion}" if len(fusions) > 1 else "")
            results[key] = {f"{s}_p50": round(statistics.median(v), 1) for s, v in stages.items()}
            results[key] |= {f"{s}_p95": round(percentile(v, 0.95), 1) for s, v in stages.items()}
            print(
                f"{key}: total p50 {results[key]['total_p50']:.0f} ms, p95 "
                f"{results[key]['total_p95']:.0f} ms | "
                + ", ".join(f"{s} {results[key][f'{s}_p50']:.0f}" for s in stages if s != "total")
            )
        if args.explore:
            results |= explore_latency(n, graph, names, args.queries, rng)
        graph.close()
        vectors.close()
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
