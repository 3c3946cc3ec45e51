"""Wall time of CLI commands in process and through a running ``graphrag serve``.

    python bench/cli_latency.py [--repeat 5] [--laws burlg.md,arbzg.md,kschg.md]

A fresh data directory gets the named German laws (``../shared/data/corpus/de-arbeitsrecht``)
ingested in process; then each command runs ``--repeat`` times as a user runs it (a new
``graphrag`` process each time), first with no service, then while ``graphrag serve`` holds
the data directory. Prints the median and the fastest wall time per command, and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.service import environment, serving

ROOT = Path(__file__).resolve().parents[1]
LAWS = ROOT.parent / "shared" / "data" / "corpus" / "de-arbeitsrecht"
COMMANDS: list[tuple[str, list[str]]] = [
    ("--help", ["--help"]),
    ("status", ["status"]),
    ("documents", ["documents"]),
    ("search", ["search", "Wie lange muss die Pause bei neun Stunden Arbeit sein?", "-k", "5"]),
    ("ask", ["ask", "Wie viele Werktage Urlaub habe ich mindestens?"]),
]


def run(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "graphrag.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"graphrag {' '.join(args)} failed: {done.stderr[-2000:]}")
    return elapsed


def timings(env: dict[str, str], repeat: int) -> dict[str, list[float]]:
    return {name: [run(args, env) for _ in range(repeat)] for name, args in COMMANDS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--laws", default="burlg.md,arbzg.md,kschg.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp) / "data")
        run(["ingest", *(str(LAWS / name) for name in args.laws.split(","))], env)
        alone = timings(env, args.repeat)
        with serving(env):
            # the service's first search loads what a search needs: not the users' wait
            run(COMMANDS[3][1], env)
            served = timings(env, args.repeat)
    print(f"{args.repeat} runs each, {args.laws}; wall time of a new `graphrag` process, seconds")
    print("| command | in process: median (min) | through serve: median (min) | ratio |")
    print("|---|---|---|---|")
    for name, _ in COMMANDS:
        a, b = alone[name], served[name]
        ratio = statistics.median(a) / statistics.median(b)
        print(
            f"| `{name}` | {statistics.median(a):.2f} ({min(a):.2f}) | "
            f"{statistics.median(b):.2f} ({min(b):.2f}) | {ratio:.1f}x |"
        )


if __name__ == "__main__":
    main()
