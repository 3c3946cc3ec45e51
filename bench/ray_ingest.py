"""Ingestion on Ray workers against the single process, and what a million chunks would cost.

    python bench/ray_ingest.py [--data ../shared/data] [--passages 400] [--workers 1,2]

The HotpotQA corpus written as one Markdown file per passage (the first ``--passages``) is
ingested into a fresh data folder (embedding cache empty, so model time is real) once in this
process and once per worker count, each in its own child process so that its memory is its
own. Prints per run: wall time, chunks/s, the ratio to the single process, the time per stage
(on the workers: summed over them), the peak RSS of the driver and of each worker (sampled
every 0.2 s); then a projection to 100k documents / 1M chunks on N workers from the measured
per-chunk costs: the workers' stages divide by N, the driver's (resolve, writes) do not.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DRIVER_STAGES = ("reconcile", "resolve", "hash", "vector_write", "graph_write", "link_documents")


def one(source: Path, workers: int) -> dict[str, object]:
    """One ingestion in this process (the child's job)."""
    import psutil

    from graphrag.sdk import GraphRAG

    peaks: dict[int, float] = {}
    done = threading.Event()

    def sample() -> None:  # the workers' resident memory, as Ray's actors name themselves
        while not done.is_set():
            for proc in psutil.process_iter(["pid", "cmdline", "memory_info"]):
                cmd = " ".join(proc.info["cmdline"] or [])
                if "Preparer" in cmd and proc.info["memory_info"] is not None:
                    mb = proc.info["memory_info"].rss / 2**20
                    peaks[proc.info["pid"]] = max(peaks.get(proc.info["pid"], 0.0), mb)
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    data_dir = Path(tempfile.mkdtemp(prefix=f"bench-ray-{workers}-"))
    with GraphRAG(data_dir=data_dir) as rag:
        start = time.perf_counter()
        report = rag.ingest([source], workers=workers)
        wall = time.perf_counter() - start
    done.set()
    sampler.join()
    return {
        "workers": workers,
        "documents": report.documents,
        "chunks": report.chunks,
        "errors": len(report.errors),
        "wall_s": round(wall, 1),
        "timings_s": report.timings_s,
        "driver_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 0),
        "worker_peak_mb": sorted(round(v, 0) for v in peaks.values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data"
    )
    parser.add_argument("--passages", type=int, default=400)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a child's run
    parser.add_argument("--source", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.source, args.one)))
        return
    source = Path(tempfile.mkdtemp(prefix="bench-ray-hotpot-"))
    corpus = json.loads((args.data / "hotpotqa" / "corpus.json").read_text())
    for i, (title, sentences) in enumerate(list(corpus.items())[: args.passages]):
        (source / f"{i:05d}.md").write_text(f"# {title}\n\n{''.join(sentences).strip()}\n")
    rows = []
    for workers in [0, *(int(w) for w in args.workers.split(","))]:
        child = subprocess.run(
            [sys.executable, __file__, "--one", str(workers), "--source", str(source)],
            capture_output=True,
            text=True,
            check=True,
        )
        rows.append(json.loads(child.stdout.strip().splitlines()[-1]))
    base = rows[0]
    print(f"\nHotpotQA passages: {base['documents']} documents, {base['chunks']} chunks\n")
    print("| run | wall s | chunks/s | vs one process | driver peak MB | worker peak MB |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        name = "one process" if not r["workers"] else f"{r['workers']} Ray worker(s)"
        ratio = float(base["wall_s"]) / float(r["wall_s"])  # type: ignore[arg-type]
        rate = float(r["chunks"]) / float(r["wall_s"])  # type: ignore[arg-type]
        workers_mb = ", ".join(f"{m:.0f}" for m in r["worker_peak_mb"]) or "–"  # type: ignore[attr-defined]
        print(
            f"| {name} | {r['wall_s']} | {rate:.1f} | {ratio:.2f}x | {r['driver_peak_mb']:.0f} "
            f"| {workers_mb} |"
        )
    print("\ntime per stage (s; worker_* summed over the workers):")
    for r in rows:
        stages = r["timings_s"]
        print(
            f"  {r['workers']} workers: "
            + ", ".join(f"{k} {v:.1f}" for k, v in sorted(stages.items(), key=lambda kv: -kv[1]))  # type: ignore[attr-defined]
        )
    # the projection: per-chunk costs of the fan-out run with the most workers
    fanned = rows[-1]
    chunks = float(fanned["chunks"])  # type: ignore[arg-type]
    stages = fanned["timings_s"]
    worker_s = sum(v for k, v in stages.items() if k.startswith("worker_")) / chunks  # type: ignore[attr-defined]
    driver_s = sum(stages.get(k, 0.0) for k in DRIVER_STAGES) / chunks  # type: ignore[attr-defined]
    per_doc = chunks / float(fanned["documents"])  # type: ignore[arg-type]
    print(
        f"\nper chunk: {worker_s * 1000:.1f} ms on a worker (parse, chunk, entities, embed), "
        f"{driver_s * 1000:.2f} ms on the driver (resolve, writes); {per_doc:.1f} chunks/document"
    )
    print("\n| workers | 1M chunks (~100k documents of this size): hours |")
    print("|---|---|")
    for n in (1, 2, 8, 32, 128):
        hours = 1_000_000 * max(worker_s / n, driver_s) / 3600
        bound = " (driver-bound)" if driver_s > worker_s / n else ""
        print(f"| {n} | {hours:.1f}{bound} |")
    print(
        "\n(one worker per CPU core, each as fast as one of this machine's; the driver's "
        "stages serialise, so beyond worker_s / driver_s workers the writes bound the run; "
        f"that is {worker_s / driver_s:.0f} workers here)"
    )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
