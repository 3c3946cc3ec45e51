"""Load on a running ``graphrag serve`` from a second process: concurrent clients, mixed search
and ask, while an ingestion job runs.

    python bench/load.py [--clients 1,4,8,16] [--seconds 30]

A fresh data directory gets three German laws (BUrlG, ArbZG, KSchG, through the service); then
for each number of clients, that many threads send requests for ``--seconds`` (three searches
to one ask, questions in turn from a fixed list), and an upload of two more laws (TzBfG, AGG,
each time with every line marked, so the job parses and embeds them anew) starts with them. Prints per level:
requests per second, p50/p95 of search and of ask, errors, and how long the ingestion job took
(of the measured seconds) and how it ended.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.service import environment, serving

ROOT = Path(__file__).resolve().parents[1]
LAWS = ROOT.parent / "shared" / "data" / "corpus" / "de-arbeitsrecht"
QUESTIONS = [
    "Wie viele Werktage Urlaub hat ein Arbeitnehmer mindestens?",
    "Wie lange muss die Pause bei mehr als neun Stunden sein?",
    "Innerhalb welcher Frist muss die Kündigungsschutzklage erhoben werden?",
    "Wie lange darf ich höchstens am Tag arbeiten?",
    "Wann ist eine Kündigung sozial ungerechtfertigt?",
    "Wie viele Stunden Ruhezeit stehen mir nach der Arbeit zu?",
]
WHO = {"X-Graphrag-Tenant": "load"}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def marked(name: str, tag: str) -> bytes:
    """The law with every text line marked: new chunks, so the job embeds them (the embedding
    cache would make a second upload of the same text almost free)."""
    lines = (LAWS / name).read_text(encoding="utf-8").splitlines()
    return "\n".join(
        f"{line} ({tag})" if line.strip() and not line.startswith("#") else line for line in lines
    ).encode()


def upload(client: httpx.Client, names: list[str], tag: str) -> str:
    files = [("files", (f"{tag}-{n}", marked(n, tag))) for n in names]
    response = client.post("/ingest", files=files, headers=WHO)
    response.raise_for_status()
    return str(response.json()["id"])


def wait(client: httpx.Client, job: str) -> dict:
    while True:
        state = client.get(f"/jobs/{job}", headers=WHO).json()
        if state["state"] not in ("queued", "running"):
            return state
        time.sleep(0.5)


def level(base: str, clients: int, seconds: float, tag: str) -> dict[str, object]:
    latencies: dict[str, list[float]] = {"search": [], "ask": []}
    slow: list[tuple[float, str, float, str, dict[str, float]]] = []  # when, kind, s, q, stages
    errors: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    questions = itertools.cycle(QUESTIONS)
    with httpx.Client(base_url=base, timeout=120) as control:
        job = upload(control, ["tzbfg.md", "agg.md"], tag)
        job_started = time.monotonic()
        job_clock = time.perf_counter()
        job_seconds: list[float] = []

        def watch() -> None:
            with httpx.Client(base_url=base, timeout=120) as http:
                wait(http, job)
            job_seconds.append(time.monotonic() - job_started)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()

        def client(n: int) -> None:
            with httpx.Client(base_url=base, timeout=120) as http:
                for i in itertools.count():
                    if time.monotonic() > deadline:
                        return
                    with lock:
                        question = next(questions)
                    kind = "ask" if (i + n) % 4 == 3 else "search"
                    body = {"question": question} if kind == "ask" else {"query": question}
                    start = time.perf_counter()
                    try:
                        response = http.post(f"/{kind}", json=body, headers=WHO)
                        ok = response.status_code == 200
                    except httpx.HTTPError as exc:
                        ok, response = False, None
                        with lock:
                            errors.append(type(exc).__name__)
                    elapsed = time.perf_counter() - start
                    with lock:
                        if ok:
                            latencies[kind].append(elapsed)
                            assert response is not None
                            stages = response.json().get("timings_ms") or {}
                            slow.append((start - job_clock, kind, elapsed, question, dict(stages)))
                        elif response is not None:
                            errors.append(str(response.status_code))

        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - started
        finished = wait(control, job)
        watcher.join()
    done = len(latencies["search"]) + len(latencies["ask"])
    return {
        "clients": clients,
        "rps": done / wall,
        "search": latencies["search"],
        "ask": latencies["ask"],
        "errors": errors,
        "job_s": job_seconds[0] if job_seconds else float("nan"),
        "job": finished["state"],
        "slowest": sorted(slow, key=lambda row: -row[2]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,4,8,16")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--slowest", type=int, default=0, help="print the N slowest requests of each level"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, serving(environment(Path(tmp) / "data")) as base:
        with httpx.Client(base_url=base, timeout=600) as control:
            job = upload(control, ["burlg.md", "arbzg.md", "kschg.md"], "base")
            assert wait(control, job)["state"] == "done"
            control.post("/search", json={"query": QUESTIONS[0]}, headers=WHO)  # warm-up
        rows = [level(base, int(n), args.seconds, f"run{n}") for n in args.clients.split(",")]
    print(
        f"{args.seconds:.0f} s per level, 3 searches : 1 ask, an upload of 2 laws starting with it"
    )
    print(
        "| clients | requests/s | search p50 / p95 ms | ask p50 / p95 ms | requests | errors "
        "| ingestion job (s, state) |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        search, ask = r["search"], r["ask"]
        assert isinstance(search, list) and isinstance(ask, list)
        print(
            f"| {r['clients']} | {r['rps']:.1f} | {1000 * statistics.median(search):.0f} / "
            f"{1000 * percentile(search, 0.95):.0f} | {1000 * statistics.median(ask):.0f} / "
            f"{1000 * percentile(ask, 0.95):.0f} | {len(search) + len(ask)} | "
            f"{len(r['errors'])} | {r['job_s']:.0f}, {r['job']} |"  # type: ignore[arg-type]
        )
    for r in rows if args.slowest else []:
        print(
            f"\nslowest at {r['clients']} clients (s after the upload started, kind, s, stages ms):"
        )
        for when, kind, took, question, stages in r["slowest"][: args.slowest]:  # type: ignore[index]
            print(f"  {when:6.1f} {kind:6} {took:6.2f} {question[:50]!r} {stages}")


if __name__ == "__main__":
    main()
