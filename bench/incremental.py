"""Incremental ingestion: what adding a few files to a populated store costs.

    python bench/incremental.py --data ../shared/data [--extra 50] [--group 5] [--json PATH]

Writes the HotpotQA corpus as one Markdown file per passage, ingests all but the last
``--extra`` passages in one call, then adds the rest in groups of ``--group`` files (as the
HTTP API's small uploads do) and re-ingests one unchanged file. Prints the wall time and the
cross-document link step of each call (medians), then ingests everything in one call into a
second store (embeddings copied from the first, so only the non-model work is repeated) and
checks that both stores hold the same REFERENCES and ABOUT edges.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.sdk import GraphRAG

CACHE = Path("cache") / "embeddings.sqlite"


def write_corpus(data: Path, extra: int) -> tuple[list[Path], list[Path]]:
    corpus = json.loads((data / "hotpotqa" / "corpus.json").read_text())
    folder = Path(tempfile.mkdtemp(prefix="bench-incremental-corpus-"))
    files = []
    for i, (title, sentences) in enumerate(corpus.items()):
        path = folder / f"{i:05d}.md"
        path.write_text(f"# {title}\n\n{''.join(sentences).strip()}\n")
        files.append(path)
    return files[:-extra], files[-extra:]


def timed_ingest(rag: GraphRAG, files: list[Path]) -> dict[str, float]:
    start = time.perf_counter()
    report = rag.ingest(files)
    wall = time.perf_counter() - start
    assert not report.errors, report.errors
    return {"wall_s": wall, "link_s": report.timings_s.get("link_documents", 0.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--extra", type=int, default=50)
    parser.add_argument("--group", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    base, extra = write_corpus(args.data, args.extra)

    first = Path(tempfile.mkdtemp(prefix="bench-incremental-a-"))
    with GraphRAG(data_dir=first) as rag:
        initial = timed_ingest(rag, base)
        print(
            f"initial: {len(base)} files in {initial['wall_s']:.1f} s "
            f"(link step {initial['link_s']:.2f} s)"
        )
        groups = [
            timed_ingest(rag, extra[i : i + args.group]) for i in range(0, len(extra), args.group)
        ]
        unchanged = timed_ingest(rag, extra[:1])
        incremental = rag.graph.stats()
    wall = statistics.median(g["wall_s"] for g in groups)
    link = statistics.median(g["link_s"] for g in groups)
    print(
        f"adding {len(extra)} files in {len(groups)} calls of {args.group}: median call "
        f"{wall:.2f} s, of which the link step {link:.2f} s ({link / wall:.0%})"
    )
    print(
        f"re-ingesting one unchanged file: {unchanged['wall_s']:.2f} s "
        f"(link step {unchanged['link_s']:.2f} s)"
    )

    second = Path(tempfile.mkdtemp(prefix="bench-incremental-b-"))
    (second / CACHE).parent.mkdir(parents=True)
    shutil.copy(first / CACHE, second / CACHE)
    with GraphRAG(data_dir=second) as rag:
        once = timed_ingest(rag, base + extra)
        one_shot = rag.graph.stats()
    same = (incremental.document_links, incremental.about_edges) == (
        one_shot.document_links,
        one_shot.about_edges,
    )
    print(
        f"one call for all {len(base) + len(extra)} files (embeddings cached): "
        f"{once['wall_s']:.1f} s, link step {once['link_s']:.2f} s"
    )
    print(
        f"edges incremental vs one call: REFERENCES {incremental.document_links} vs "
        f"{one_shot.document_links}, ABOUT {incremental.about_edges} vs {one_shot.about_edges}"
        f" -> {'same' if same else 'DIFFERENT'}"
    )
    results: dict[str, Any] = {
        "initial": initial,
        "groups": groups,
        "median_call_s": round(wall, 3),
        "median_link_s": round(link, 3),
        "unchanged": unchanged,
        "one_call": once,
        "same_edges": same,
    }
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
