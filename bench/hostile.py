"""Hostile files: how long each takes to fail (or to ingest), and search latency while a job
spends its budget on them, against the same searches on an idle store.

    python bench/hostile.py [--timeout 30] [--searches 200] [--json PATH]
    python bench/hostile.py --chunking     # the chunker alone on run-on text (no stores)

Every hostile file is ingested alone into one store (so its time is its own); then the whole
set is ingested in a background thread while the main thread searches the store (the HTTP
service's situation: one ingestion job, many readers), and the same searches run again idle.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag import GraphRAG
from graphrag.eval.metrics import percentile
from schemas import AccessFilter
from tests.hostile_files import HOSTILE, build

QUERIES = [
    "Wie viele Werktage Urlaub hat ein Arbeitnehmer mindestens?",
    "Wann ist eine Kündigung sozial ungerechtfertigt?",
    "Wie lange dauert die Probezeit?",
    "Welche Ruhepausen stehen Arbeitnehmern zu?",
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=30.0, help="GRAPHRAG_FILE_TIMEOUT_S")
    parser.add_argument("--searches", type=int, default=200)
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--json", type=Path)
    parser.add_argument("--chunking", action="store_true", help="time the chunker only")
    args = parser.parse_args()
    if args.chunking:
        chunking()
        return

    root = Path(tempfile.mkdtemp(prefix="graphrag-hostile-"))
    hostile = root / "hostile"
    expected = build(hostile)
    laws = args.data / "corpus" / "de-arbeitsrecht"
    rows = []
    with GraphRAG(data_dir=root / "data", file_timeout_s=args.timeout) as rag:
        rag.ingest([laws])
        for name, (what, _, want) in HOSTILE.items():
            start = time.perf_counter()
            report = rag.ingest([hostile / name])
            seconds = time.perf_counter() - start
            got = report.errors[0].reason if report.errors else None
            rows.append(
                {
                    "file": name,
                    "what": what,
                    "expected": want,
                    "outcome": got or f"ingested ({report.chunks} chunks)",
                    "seconds": round(seconds, 2),
                }
            )
        access = AccessFilter()
        idle = _searches(rag, access, args.searches, None)
        busy_dir = root / "busy"
        busy_dir.mkdir()
        for name in ("brackets.md", "deep.html", "bomb.docx", "nospace.txt"):
            (busy_dir / name).write_bytes((hostile / name).read_bytes())
        done = threading.Event()
        job: dict[str, float] = {}

        def ingest() -> None:
            start = time.perf_counter()
            rag.ingest([busy_dir])
            job["seconds"] = time.perf_counter() - start
            done.set()

        threading.Thread(target=ingest, daemon=True).start()
        busy = _searches(rag, access, args.searches, done)
        done.wait()
    assert expected  # the matrix was built
    out = {
        "timeout_s": args.timeout,
        "files": rows,
        "search_idle_ms": _summary(idle),
        "search_during_job_ms": _summary(busy),
        "job_seconds": round(job["seconds"], 1),
        "p95_ratio_busy_over_idle": round(
            percentile(busy, 0.95) / max(percentile(idle, 0.95), 1e-9), 2
        ),
    }
    print(f"{'file':<14} {'what':<46} {'outcome':<24} {'s':>7}")
    for r in rows:
        print(f"{r['file']:<14} {r['what']:<46} {r['outcome']:<24} {r['seconds']:>7.2f}")
    print(f"search idle      (ms): {out['search_idle_ms']}")
    print(f"search during job (ms): {out['search_during_job_ms']}  (job {out['job_seconds']} s)")
    print(f"p95 busy / idle: {out['p95_ratio_busy_over_idle']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2))


def chunking() -> None:
    """The chunker with the e5 tokenizer on a 6 MB single line and 10 MB without spaces."""
    import random

    from graphrag.models.embedders import E5Embedder
    from ingestion.chunking import HierarchicalChunker
    from schemas.parsed import Block, ParsedDocument

    rng = random.Random(1)
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
    texts = {
        "6 MB of words on one line": " ".join(rng.choice(words) for _ in range(1_000_000)),
        "10 MB without a space": "x" * 10_000_000,
    }
    embedder = E5Embedder()
    chunker = HierarchicalChunker(count_tokens=embedder.count_tokens)
    for name, text in texts.items():
        doc = ParsedDocument(
            title="t", mime="text/plain", blocks=[Block(kind="paragraph", text=text)]
        )
        start = time.perf_counter()
        chunks = chunker.chunk(doc, "d").chunks
        seconds = time.perf_counter() - start
        longest = max(embedder.count_tokens(c.text) for c in chunks)
        print(f"{name}: {seconds:.1f} s, {len(chunks)} chunks, longest {longest} tokens")


def _searches(
    rag: GraphRAG, access: AccessFilter, n: int, until: threading.Event | None
) -> list[float]:
    """Latencies in ms; with ``until``, search until it is set (at least ``n`` // 10)."""
    out: list[float] = []
    i = 0
    while (until is None and i < n) or (until is not None and (not until.is_set() or i < n // 10)):
        start = time.perf_counter()
        rag.search(QUERIES[i % len(QUERIES)], k=10, access=access)
        out.append((time.perf_counter() - start) * 1000)
        i += 1
    return out


def _summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 1),
        "p95": round(percentile(values, 0.95), 1),
        "max": round(max(values), 1),
    }


if __name__ == "__main__":
    main()
