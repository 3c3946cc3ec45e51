"""Parsers by format family, chosen by content sniffing (not by the file name alone).

>>> from pathlib import Path
>>> parse_file(Path("/nonexistent.md"))
Traceback (most recent call last):
...
graphrag.errors.DocumentError: /nonexistent.md: file not found
"""

from __future__ import annotations

import unicodedata
from contextlib import suppress
from pathlib import Path

from graphrag.errors import DocumentError, MissingExtraError
from ingestion.language import detect
from ingestion.parsers.containers import check_ole, check_zip, office_container_problem
from ingestion.parsers.docling_formats import convert, parse_with_docling, preload
from ingestion.parsers.html import parse_html
from ingestion.parsers.pdf import parse_pdf
from ingestion.parsers.sniff import kind_of
from ingestion.parsers.text import parse_markdown, parse_text
from schemas.parsed import ParsedDocument

MB = 1024 * 1024
DEFAULT_MAX_BYTES = 100 * MB
SUPPORTED = ("pdf", "docx", "pptx", "xlsx", "html", "markdown", "text")


def warm_up() -> None:
    """Load what the first parse would load (Docling's backends, the language model, the
    Markdown parser's patterns): seconds that belong to no file."""
    preload()
    detect("Ein kurzer Satz, damit das Sprachmodell geladen ist.")
    with suppress(DocumentError, MissingExtraError):
        convert("markdown", Path("warm-up.md"), text="# Warm\n\nA paragraph.\n\n- an item\n")


def parse_file(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> ParsedDocument:
    """Parse one file; every failure is a DocumentError naming the file and the reason."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DocumentError(str(path), "missing", "file not found") from None
    except OSError as exc:
        raise DocumentError(str(path), "unreadable", f"cannot read: {exc}") from None
    if size == 0:
        raise DocumentError(str(path), "empty", "the file is empty")
    if size > max_bytes:
        raise DocumentError(
            str(path),
            "too_large",
            f"{size / MB:.1f} MB is over the {max_bytes / MB:g} MB limit",
            hint="split the file, or raise GRAPHRAG_MAX_FILE_MB",
        )
    with open(path, "rb") as handle:
        head = handle.read(8)
    if office_container_problem(head):
        check_ole(path)
    kind = kind_of(path)
    if kind in ("docx", "pptx", "xlsx"):
        check_zip(path)
    if kind == "unknown":
        raise DocumentError(
            str(path),
            "unknown_format",
            f"unsupported or unrecognised format ({path.suffix or 'no extension'})",
            hint="supported: PDF, DOCX, PPTX, XLSX, HTML, Markdown, plain text",
        )
    if kind == "pdf":
        parsed = parse_pdf(path)
    elif kind == "markdown":
        parsed = parse_markdown(path)
    elif kind == "text":
        parsed = parse_text(path)
    elif kind == "html":
        parsed = parse_html(path)
    else:
        parsed = parse_with_docling(kind, path)
    _nfc(parsed)
    if not any(b.text.strip() or b.rows for b in parsed.blocks):
        raise DocumentError(str(path), "no_text", "no text found in the file")
    if parsed.language == "und":
        sample = " ".join(b.text for b in parsed.blocks if b.kind == "paragraph")[:5000]
        if len(sample) < 200:
            sample = " ".join(b.text or b.table_text() for b in parsed.blocks)[:5000]
        parsed.language = detect(sample)
    return parsed


def _nfc(parsed: ParsedDocument) -> None:
    """Composed Unicode (ä, not a + combining diaeresis), so matching and BM25 agree."""
    parsed.title = unicodedata.normalize("NFC", parsed.title)
    for block in parsed.blocks:
        block.text = unicodedata.normalize("NFC", block.text)
        if block.header:
            block.header = [unicodedata.normalize("NFC", c) for c in block.header]
        if block.rows:
            block.rows = [[unicodedata.normalize("NFC", c) for c in row] for row in block.rows]
