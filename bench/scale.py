"""Bounded memory at scale: a 1,000-page PDF and a folder of 5,000 files.

    python bench/scale.py --data ../shared/data [--pages 1000] [--files 5000] [--json PATH]
    python bench/scale.py --data ../shared/data --parse-only   # the PDF's parse alone

Both inputs are built from the SciFact abstracts (distinct real text): a PDF with one abstract
per page (title line and wrapped text, written with pypdf), and one Markdown file per abstract.
Each case is ingested by a fresh Python process into a fresh data directory (default
settings, e5 embeddings computed for real), which reports its wall time, documents/s,
chunks/s, time per stage and its own peak RSS. The ArcadeDB server runs in a process of its
own with a fixed 512 MB heap, so it is not part of the figure.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

LINE = 95  # characters per line of the generated PDF (Helvetica 10 pt on A4)


def abstracts(data: Path, n: int) -> list[dict[str, str]]:
    rows = []
    with (data / "scifact" / "corpus.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row.get("text"):
                rows.append(row)
            if len(rows) == n:
                break
    return rows


def _pdf_text(text: str) -> str:
    # PDF literal strings: escape the delimiters; Helvetica's WinAnsi covers Latin-1 only
    text = text.encode("latin-1", "replace").decode("latin-1")
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(rows: list[dict[str, str]], path: Path) -> None:
    writer = PdfWriter()
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    resources = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})}
    )
    for row in rows:
        page = writer.add_blank_page(width=595, height=842)
        lines = ["BT /F1 13 Tf 50 790 Td 15 TL", f"({_pdf_text(row['title'][:80])}) Tj T*"]
        lines.append("/F1 10 Tf 13 TL T*")
        for text_line in textwrap.wrap(row["text"], LINE)[:55]:
            lines.append(f"({_pdf_text(text_line)}) Tj T*")
        lines.append("ET")
        stream = DecodedStreamObject()
        stream.set_data("\n".join(lines).encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream)
        page[NameObject("/Resources")] = resources
    with path.open("wb") as handle:
        writer.write(handle)


def write_files(rows: list[dict[str, str]], folder: Path) -> None:
    for i, row in enumerate(rows):
        (folder / f"{i:05d}.md").write_text(f"# {row['title']}\n\n{row['text']}\n")


def ingest_case(source: Path) -> dict[str, Any]:
    """Runs in the child process: one ingestion, then this process's peak RSS."""
    from graphrag.sdk import GraphRAG

    with GraphRAG(data_dir=Path(tempfile.mkdtemp(prefix="bench-scale-data-"))) as rag:
        start = time.perf_counter()
        report = rag.ingest([source])
        wall = time.perf_counter() - start
    return {
        "documents": report.documents,
        "chunks": report.chunks,
        "errors": len(report.errors),
        "wall_s": round(wall, 1),
        "docs_per_s": round(report.documents / wall, 2),
        "chunks_per_s": round(report.chunks / wall, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "stages_s": report.timings_s,
    }


def parse_case(path: Path) -> dict[str, Any]:
    """Runs in the child process: parse the PDF only (no models loaded)."""
    from ingestion.parsers import parse_file

    start = time.perf_counter()
    parsed = parse_file(path, max_bytes=1 << 30)
    return {
        "pages": parsed.pages,
        "blocks": len(parsed.blocks),
        "parse_s": round(time.perf_counter() - start, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def _child(*args: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, *args], check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--parse-only", action="store_true", help="time the PDF's parse only")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--child-parse", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(ingest_case(args.child)))
        return
    if args.child_parse:
        print(json.dumps(parse_case(args.child_parse)))
        return
    rows = abstracts(args.data, max(args.pages, args.files))
    work = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    pdf = work / "pdf"
    pdf.mkdir()
    write_pdf(rows[: args.pages], pdf / "long.pdf")
    files = work / "files"
    files.mkdir()
    if not args.parse_only:
        write_files(rows[: args.files], files)
    results: dict[str, Any] = {}
    if args.parse_only:
        row = _child("--child-parse", str(pdf / "long.pdf"))
        print(
            f"parse of the {row['pages']}-page PDF: {row['blocks']} blocks in {row['parse_s']} s, "
            f"peak RSS {row['peak_rss_mb']} MB"
        )
        results["pdf-parse"] = row
    cases = [
        (f"pdf-{args.pages}-pages", pdf, args.pages),
        (f"folder-{args.files}-files", files, args.files),
    ]
    if args.parse_only:
        cases = []
    for name, source, size in cases:
        if size == 0:  # --pages 0 or --files 0 skips that case
            continue
        row = _child("--child", str(source))
        results[name] = row
        stages = sorted(row["stages_s"].items(), key=lambda kv: -kv[1])
        print(
            f"{name}: {row['documents']} documents, {row['chunks']} chunks in {row['wall_s']} s "
            f"({row['docs_per_s']} docs/s, {row['chunks_per_s']} chunks/s), peak RSS "
            f"{row['peak_rss_mb']} MB, errors {row['errors']}\n  per stage (s): "
            + ", ".join(f"{k} {v:.1f}" for k, v in stages),
            flush=True,
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
