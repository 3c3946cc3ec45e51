"""Graph write rate for entity-dense batches, per Cypher statement, cold and warm.

    python bench/graph_writes.py --data ../shared/data [--rounds 3] [--json PATH]

Ingests the HotpotQA corpus once (as bench/ingest.py does) while recording the batches the
pipeline hands to the graph store, then replays them into a fresh embedded ArcadeDB: round 0
with a cold JVM, later rounds warm (the store is cleared in between). Then two pairs of rounds
alternate the real statements with edges written by CREATE instead of MERGE (the most a
"these edges are new" write path could gain), and entity lookups by key are timed against
lookups by elementId. Prints chunks/s, rows per chunk, seconds per statement, and the
engine's floor: a bare ``UNWIND $rows RETURN count(*)`` over as many rows as the batches hold.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.sdk import GraphRAG
from graphrag.stores.graph import ArcadeDBGraphStore, neo4j_store
from schemas import GraphBatch

FLOOR = "UNWIND $rows AS row RETURN count(row) AS n"
# Upper bound for a write path that knows its edges are new: CREATE skips MERGE's existence
# check (not idempotent, so not what write() may do; measured to size the possible gain).
CREATE_EDGES = {
    "upsert_mentions": """UNWIND $rows AS row
MATCH (c:Chunk {id: row.chunk_id})
MATCH (e:Entity {id: row.entity_id})
CREATE (c)-[:MENTIONS {count: row.count, surface: row.surface}]->(e)""",
    "upsert_relations": """UNWIND $rows AS row
MATCH (a:Entity {id: row.source_id})
MATCH (b:Entity {id: row.target_id})
CREATE (a)-[:RELATED_TO {type: row.type, tenant: row.tenant, chunk_ids: row.chunk_ids,
  weight: toFloat(size(row.chunk_ids))}]->(b)""",
}
LOOKUPS = {
    "by key": "UNWIND $rows AS i MATCH (e:Entity {id: i}) RETURN count(e) AS n",
    "by elementId": "UNWIND $rows AS i MATCH (e) WHERE elementId(e) = i RETURN count(e) AS n",
}


def capture(data: Path) -> list[GraphBatch]:
    corpus = json.loads((data / "hotpotqa" / "corpus.json").read_text())
    source = Path(tempfile.mkdtemp(prefix="bench-writes-corpus-"))
    for i, (title, sentences) in enumerate(corpus.items()):
        (source / f"{i:05d}.md").write_text(f"# {title}\n\n{''.join(sentences).strip()}\n")
    batches: list[GraphBatch] = []
    with GraphRAG(data_dir=Path(tempfile.mkdtemp(prefix="bench-writes-"))) as rag:
        write = rag.graph.write

        def recording(batch: GraphBatch) -> None:
            if batch.chunks:
                batches.append(batch)
            write(batch)

        rag.graph.write = recording  # type: ignore[method-assign]
        rag.ingest([source])
    return batches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    batches = capture(args.data)
    chunks = sum(len(b.chunks) for b in batches)
    rows = {
        "entities": sum(len(b.entities) for b in batches) / chunks,
        "mentions": sum(len(b.mentions) for b in batches) / chunks,
        "relations": sum(len(b.relations) for b in batches) / chunks,
    }
    print(
        f"{chunks} chunks in {len(batches)} batches; rows per chunk: "
        + ", ".join(f"{k} {v:.1f}" for k, v in rows.items())
    )
    store = ArcadeDBGraphStore(Path(tempfile.mkdtemp(prefix="bench-writes-graph-")))
    store.open()
    store.ensure_schema()
    times: Counter[str] = Counter()
    run = store._tx_run

    def timed(tx: Any, name: str, text: str, params: dict[str, Any]) -> Any:
        start = time.perf_counter()
        result = run(tx, name, text, params)
        result.consume()  # the server's work is done when the summary arrives
        times[name] += time.perf_counter() - start
        return result

    results: dict[str, Any] = {"chunks": chunks, "rows_per_chunk": rows, "rounds": []}
    load = neo4j_store.cypher.load
    plans = [("merge", {})] * args.rounds + [("merge", {}), ("create edges", CREATE_EDGES)] * 2
    for r, (plan, overrides) in enumerate(plans):
        times.clear()
        store._tx_run = timed  # type: ignore[method-assign]
        neo4j_store.cypher.load = lambda name, o=overrides: o.get(name) or load(name)  # type: ignore[misc]
        start = time.perf_counter()
        for batch in batches:
            store.write(batch)
        wall = time.perf_counter() - start
        neo4j_store.cypher.load = load  # type: ignore[assignment]
        store._tx_run = run  # type: ignore[method-assign]
        if r == len(plans) - 1:
            ids = [r["id"] for r in store._read_text("ids", "MATCH (e:Entity) RETURN e.id AS id")]
            eids = [
                r["e"]
                for r in store._read_text("eids", "MATCH (e:Entity) RETURN elementId(e) AS e")
            ]
            for label, text in LOOKUPS.items():
                keys = ids if label == "by key" else eids
                best = float("inf")
                for _ in range(3):
                    start = time.perf_counter()
                    for i in range(0, len(keys), 2000):
                        store._read_text("lookup", text, {"rows": keys[i : i + 2000]})
                    best = min(best, time.perf_counter() - start)
                us = best / len(keys) * 1e6
                print(f"entity lookup {label}: {us:.1f} us per row ({len(keys)} rows, best of 3)")
                results[f"lookup_{label.replace(' ', '_')}_us"] = round(us, 1)
        store.clear()
        top = dict(times.most_common(4))
        print(
            f"round {r} ({plan}, {'cold' if r == 0 else 'warm'}): {chunks / wall:.0f} chunks/s "
            f"({wall:.2f} s; statements {sum(times.values()):.2f} s: "
            + ", ".join(f"{k} {v:.2f}" for k, v in top.items())
            + ")"
        )
        results["rounds"].append(
            {
                "plan": plan,
                "chunks_per_s": round(chunks / wall),
                "seconds": round(wall, 3),
                "statements": {k: round(v, 3) for k, v in times.items()},
            }
        )
    n = int(chunks * sum(rows.values()))
    floor_rows = [{"x": i} for i in range(n)]
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for i in range(0, n, 2000):
            store._read_text("floor", FLOOR, {"rows": floor_rows[i : i + 2000]})
        best = min(best, time.perf_counter() - start)
    print(f"engine floor: {n} bare UNWIND rows in {best:.2f} s ({n / best:.0f} rows/s)")
    results["floor_rows_per_s"] = round(n / best)
    store.close()
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
