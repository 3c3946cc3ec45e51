"""``make demo``: ingest real documents and answer a German multi-hop and an English question.

    python -m graphrag.demo [--data ../shared/data] [--data-dir .graphrag/demo]

Ingests the six German labour laws in ``corpus/de-arbeitsrecht`` and the multi-format fixtures
(DOCX, PPTX, XLSX, HTML, PDF) into the embedded stores, then asks two questions and prints the
answers with their citations, the graph paths and the time per stage. A second run finds
everything unchanged and starts answering at once.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from rich.console import Console

QUESTIONS = [
    (
        "Welche Frist gilt für die Klage gegen eine unwirksame Befristung, und welche Vorschriften "
        "des Kündigungsschutzgesetzes gelten dabei entsprechend?",
        True,
    ),
    ("Which models did AutoGen select between in the experiment on the MATH benchmark?", False),
]


def main(argv: list[str] | None = None) -> int:
    repo = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data",
        type=Path,
        default=Path(os.environ.get("GRAPHRAG_SHARED_DATA", repo.parent / "shared" / "data")),
    )
    parser.add_argument("--data-dir", type=Path, default=repo / ".graphrag" / "demo")
    args = parser.parse_args(argv)
    console = Console()
    sources = [args.data / "corpus" / "de-arbeitsrecht", args.data / "fixtures"]
    missing = [s for s in sources if not s.exists()]
    if missing:
        console.print(
            f"[red]demo data not found:[/] {', '.join(map(str, missing))} "
            "(pass --data PATH or set GRAPHRAG_SHARED_DATA)"
        )
        return 2

    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from graphrag.cli import _Bars
    from graphrag.sdk import GraphRAG
    from graphrag.views import answer_json, citation_lines

    console.rule("graphrag demo")
    console.print(f"data directory: {args.data_dir}")
    with GraphRAG(data_dir=args.data_dir) as rag:
        console.print(f"graph: {rag.graph.describe()}\nvectors: {rag.vectors.describe()}")
        start = time.perf_counter()
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=console,
            transient=True,
        ) as bars:
            report = rag.ingest(sources, progress=_Bars(bars))
        console.print(
            f"ingested {report.documents} documents ({report.unchanged} unchanged): "
            f"{report.chunks} chunks, {report.entities} entities, {report.relations} relations "
            f"in {time.perf_counter() - start:.1f} s"
        )
        for e in report.errors:
            console.print(f"  [yellow]skipped[/] {escape(e.error)}", highlight=False)
        stats = rag.graph.stats()
        console.print(
            f"graph now: {stats.documents} documents, {stats.chunks} chunks, "
            f"{stats.entities} entities, {stats.relations} relations, "
            f"{stats.document_links} document references"
        )
        for question, multi_hop in QUESTIONS:
            console.rule()
            console.print(f"[bold]Q:[/] {question}", highlight=False)
            console.print("[bold]A:[/] ", end="")
            answer = None
            for event in rag.ask_stream(question, use_graph=True if multi_hop else None):
                if event.type == "token":  # printed as it is written
                    console.print(event.text, end="", highlight=False, markup=False)
                    console.file.flush()
                elif event.type == "answer":
                    answer = event.answer
            assert answer is not None
            console.print()
            for line in citation_lines(answer_json(answer)):
                console.print(f" {line}", highlight=False, markup=False)
            if answer.graph.paths:
                console.print(
                    "   graph paths: "
                    + "; ".join(" → ".join(p.names) for p in answer.graph.paths[:3]),
                    markup=False,
                )
            console.print(f"   [dim]timings ms: {answer.timings_ms}[/]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
