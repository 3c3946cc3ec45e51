"""PDF through pdfplumber (text lines, fonts, tables) and pypdf (bookmarks, metadata, encryption).

Heading levels come from the bookmarks when the PDF has them, else from font sizes ranked
above the body size. Lines that repeat at the top or bottom of most pages (running headers,
footers, page numbers) are dropped.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

from graphrag.errors import DocumentError
from schemas.parsed import Block, ParsedDocument

log = logging.getLogger(__name__)

BULLET = re.compile(r"^\s*([\u2022\u25cf\u25aa\uf0b7\uf0a7\-\*\u2013]|\(?[0-9a-z]{1,2}[.)])\s+")
_DIGITS = re.compile(r"\d+")
MAX_HEADING_CHARS = 200
EDGE_BAND = 0.08
X_TOLERANCE = 1.5  # top/bottom share of the page where running headers and footers live


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


_BOLD = re.compile(r"bold|black|heavy|semibold|demi", re.I)


def _overprinted(chars: list[dict[str, Any]]) -> bool:
    """Whether any character repeats within 1 pt of itself, as pdfplumber's dedupe_chars
    (tolerance 1) would merge. Its sort costs ~30 % of parsing a page, and most pages have
    nothing to merge; a grid of 1 pt cells finds every such pair in one pass."""
    seen: set[tuple[str, int, int]] = set()
    for char in chars:
        text, x, y = char["text"], math.floor(char["x0"]), math.floor(char["top"])
        if any((text, x + dx, y + dy) in seen for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            return True
        seen.add((text, x, y))
    return False


def _reader(path: Path) -> Any:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentError(
                str(path),
                "encrypted",
                "the PDF is password-protected",
                hint="remove the password (or export an unprotected copy)",
            )
        _ = len(reader.pages)
        return reader
    except DocumentError:
        raise
    except (PdfReadError, ValueError, KeyError, OSError, TypeError) as exc:
        raise DocumentError(
            str(path),
            "corrupt",
            f"not a readable PDF: {exc}",
            hint="re-export the PDF; the file may be truncated",
        ) from None


def _outline(reader: Any) -> dict[tuple[int, str], int]:
    """(page, normalised title) -> level from the PDF bookmarks."""
    found: dict[tuple[int, str], int] = {}

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            try:
                page = reader.get_destination_page_number(item) + 1
            except Exception:  # broken destinations are common; skip them
                continue
            found[(page, _norm(str(item.title)))] = level

    try:
        walk(reader.outline, 1)
    except Exception:
        return {}
    return found


def parse_pdf(path: Path) -> ParsedDocument:
    import pdfplumber

    reader = _reader(path)
    outline = _outline(reader)
    info = reader.metadata or {}
    try:
        pdf = pdfplumber.open(str(path))
    except Exception as exc:
        raise DocumentError(str(path), "corrupt", f"not a readable PDF: {exc}") from None
    with pdf:
        pages = pdf.pages
        lines_per_page: list[list[dict[str, Any]]] = []
        tables_per_page: list[list[Block]] = []
        sizes: Counter[float] = Counter()
        for pno, raw_page in enumerate(pages, 1):
            try:
                # overprinted "bold" doubles every character; tight kerning needs a small
                # x tolerance or words run together
                page = raw_page.dedupe_chars() if _overprinted(raw_page.chars) else raw_page
                tables = page.find_tables()
                boxes = [t.bbox for t in tables]

                def outside(obj: dict[str, Any], boxes: list[Any] = boxes) -> bool:
                    return not any(
                        b[0] <= obj.get("x0", 0) <= b[2] and b[1] <= obj.get("top", 0) <= b[3]
                        for b in boxes
                    )

                lines = page.filter(outside).extract_text_lines(
                    return_chars=True, x_tolerance=X_TOLERANCE
                )
            except Exception as exc:
                raise DocumentError(
                    str(path), "corrupt", f"page {pno} cannot be read: {exc}"
                ) from None
            page_lines = []
            for ln in lines:
                text = " ".join(ln["text"].split())
                if not text:
                    continue
                size = Counter(round(c["size"], 1) for c in ln["chars"]).most_common(1)[0][0]
                sizes[size] += len(text)
                page_lines.append(
                    {
                        "text": text,
                        "size": size,
                        "top": ln["top"],
                        "bottom": ln["bottom"],
                        "height": float(raw_page.height),
                        "bold": _BOLD.search(str(ln["chars"][0].get("fontname", ""))) is not None,
                    }
                )
            lines_per_page.append(page_lines)
            page_tables = []
            for t in tables:
                extracted = t.extract(x_tolerance=X_TOLERANCE)
                rows = [[" ".join((c or "").split()) for c in row] for row in extracted]
                rows = [r for r in rows if any(r)]
                if rows:
                    header, body = (rows[0], rows[1:]) if len(rows) > 1 else ([], rows)
                    block = Block(kind="table", header=header, rows=body, page=pno)
                    page_tables.append(block)
                    page_lines.append({"table": block, "top": t.bbox[1]})
            tables_per_page.append(page_tables)
            # pdfplumber keeps every page's characters and layout until the file closes:
            # ~3 MB a page, so a 1,000-page PDF held ~3 GB. What we need is extracted above.
            raw_page.close()

    if not sizes and not any(tables_per_page):
        raise DocumentError(
            str(path),
            "no_text",
            "the PDF has no text layer (a scan?)",
            hint="run OCR on it first (e.g. ocrmypdf), then ingest the result",
        )
    furniture = _running_lines(lines_per_page)
    body_size = sizes.most_common(1)[0][0] if sizes else 0.0
    heading_sizes = sorted({s for s in sizes if s > body_size + 0.5}, reverse=True)[:4]
    level_of = {s: i + 1 for i, s in enumerate(heading_sizes)}

    blocks: list[Block] = []
    for pno, page_lines in enumerate(lines_per_page, 1):
        last_bottom = None
        for ln in sorted(page_lines, key=lambda x: x["top"]):
            if "table" in ln:
                blocks.append(ln["table"])
                last_bottom = None
                continue
            text = ln["text"]
            if _DIGITS.sub("#", _norm(text)) in furniture and _at_edge(ln):
                continue
            level = outline.get((pno, _norm(text)))
            if (
                level is None
                and not outline
                and ln["size"] in level_of
                and len(text) <= MAX_HEADING_CHARS
            ):
                level = level_of[ln["size"]]
            if level is not None:
                prev = blocks[-1] if blocks else None
                if (
                    prev
                    and prev.kind == "heading"
                    and prev.page == pno
                    and last_bottom is not None
                    and (ln["top"] - last_bottom < ln["size"] * 0.6 and prev.level == level)
                ):
                    prev.text += " " + text  # a heading that wraps onto a second line
                else:
                    blocks.append(Block(kind="heading", text=text, level=level, page=pno))
            elif BULLET.match(text):
                blocks.append(Block(kind="list_item", text=BULLET.sub("", text), page=pno))
            else:
                prev = blocks[-1] if blocks else None
                gap_ok = last_bottom is not None and ln["top"] - last_bottom < ln["size"] * 0.9
                if (
                    prev is not None
                    and prev.kind in ("paragraph", "list_item")
                    and prev.page == pno
                    and gap_ok
                ):
                    prev.text = _join(prev.text, text)
                else:
                    blocks.append(Block(kind="paragraph", text=text, page=pno))
            last_bottom = ln["bottom"]

    heading = next((b.text for b in blocks if b.kind == "heading"), "")
    title = (
        str(info.get("/Title") or "").strip()
        or _cover_title(lines_per_page, body_size)
        or heading
        or path.stem
    )
    return ParsedDocument(
        title=title,
        mime="application/pdf",
        blocks=blocks,
        pages=len(lines_per_page),
        author=str(info.get("/Author") or "").strip() or None,
        created=_pdf_date(info.get("/CreationDate")),
        modified=_pdf_date(info.get("/ModDate")),
    )


def _cover_title(lines_per_page: list[list[dict[str, Any]]], body_size: float) -> str:
    """What a reader takes for the title when the metadata names none: a bold first line of a
    few words ("The Evolution of the Word Processor"), else the first page's largest line of
    at least three words, with the lines of that size right below it (a title that wraps;
    a one-word brand line above it, like "Redpaper", is not the title)."""
    first = sorted(lines_per_page[0] if lines_per_page else [], key=lambda x: x["top"])
    if not first:
        return ""
    opening = first[0]
    words = len(opening["text"].split())
    if opening.get("bold") and 3 <= words <= 20 and not opening["text"].endswith((".", ":", ";")):
        return str(opening["text"])
    worded = [ln for ln in first if len(ln["text"].split()) >= 3]
    if not worded:
        return ""
    largest = max(ln["size"] for ln in worded)
    if largest <= body_size + 0.5:
        return ""
    start = next(i for i, ln in enumerate(first) if ln in worded and ln["size"] == largest)
    parts = [first[start]["text"]]
    for ln in first[start + 1 : start + 3]:
        if abs(ln["size"] - largest) > 0.1:
            break
        parts.append(ln["text"])
    return " ".join(parts)[:200]


def _join(a: str, b: str) -> str:
    if a.endswith("-") and b[:1].islower():
        return a[:-1] + b  # hyphenated line break
    return f"{a} {b}"


def _at_edge(line: dict[str, Any]) -> bool:
    height = float(line["height"] or 1.0)
    return bool(line["top"] < height * EDGE_BAND or line["bottom"] > height * (1 - EDGE_BAND))


def _running_lines(lines_per_page: list[list[dict[str, Any]]]) -> set[str]:
    """Normalised lines (digits masked) that sit at a page edge on most pages."""
    if len(lines_per_page) < 3:
        return set()
    counts: Counter[str] = Counter()
    for page_lines in lines_per_page:
        seen = {
            _DIGITS.sub("#", _norm(ln["text"]))
            for ln in page_lines
            if "text" in ln and _at_edge(ln)
        }
        counts.update(seen)
    threshold = max(2, int(len(lines_per_page) * 0.5))
    return {text for text, n in counts.items() if n >= threshold}


def _pdf_date(value: Any) -> str | None:
    text = str(value or "")
    match = re.match(r"D:(\d{4})(\d{2})?(\d{2})?", text)
    if not match:
        return None
    year, month, day = match.group(1), match.group(2) or "01", match.group(3) or "01"
    return f"{year}-{month}-{day}"
