"""DOCX, PPTX, XLSX, HTML and Markdown through Docling's declarative backends (no torch).

Docling gives a typed item tree; we keep what retrieval needs (headings with levels, paragraphs,
list items with depth, tables with header rows, captions, code) with slide/sheet numbers, and
drop page furniture (headers, footers, footnotes) and pictures.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from io import BytesIO
from pathlib import Path
from typing import Any

from graphrag.errors import DocumentError, MissingExtraError
from schemas.parsed import Block, ParsedDocument

log = logging.getLogger(__name__)

_DROP_LABELS = {
    "page_header",
    "page_footer",
    "footnote",
    "picture",
    "chart",
    "form",
    "key_value_region",
}


def _backend(kind: str) -> tuple[Any, Any]:
    B: Any
    try:
        from docling.datamodel.base_models import InputFormat

        if kind == "docx":
            from docling.backend.msword_backend import MsWordDocumentBackend as B
        elif kind == "pptx":
            from docling.backend.mspowerpoint_backend import MsPowerpointDocumentBackend as B
        elif kind == "xlsx":
            from docling.backend.msexcel_backend import MsExcelDocumentBackend as B
        elif kind == "html":
            from docling.backend.html_backend import HTMLDocumentBackend as B
        else:
            from docling.backend.md_backend import MarkdownDocumentBackend as B
    except ImportError as exc:
        raise MissingExtraError(
            f"parsing {kind}",
            "pip install 'docling-slim[format-markdown,format-html,format-docx,"
            "format-pptx,format-xlsx]'",
        ) from exc
    fmt = {
        "docx": InputFormat.DOCX,
        "pptx": InputFormat.PPTX,
        "xlsx": InputFormat.XLSX,
        "html": InputFormat.HTML,
        "markdown": InputFormat.MD,
    }[kind]
    return fmt, B


def preload() -> None:
    """Import what converting needs ahead of the first file (seconds of imports that would
    otherwise count as that file's parse); a format whose extra is missing is skipped."""
    with suppress(ImportError):
        from docling.datamodel.document import InputDocument  # noqa: F401
    for kind in ("markdown", "html", "docx", "pptx", "xlsx"):
        with suppress(MissingExtraError):
            _backend(kind)


def convert(kind: str, path: Path, text: str | None = None) -> Any:
    """A DoclingDocument from a file, or from ``text`` (Markdown without its front matter)."""
    from docling.datamodel.document import InputDocument

    fmt, backend = _backend(kind)
    # Markdown without front matter and cleaned HTML arrive as text
    source: Any = BytesIO(text.encode("utf-8")) if text is not None else path
    try:
        doc_in = InputDocument(
            path_or_stream=source, format=fmt, backend=backend, filename=path.name
        )
        if not doc_in.valid:
            raise DocumentError(
                str(path),
                "corrupt",
                f"not a readable {kind.upper()} file",
                hint="open and re-save it, or check that it is not damaged",
            )
        backend_obj: Any = doc_in._backend
        return backend_obj.convert()
    except DocumentError:
        raise
    except RecursionError:
        raise DocumentError(
            str(path),
            "too_deep",
            f"the {kind.upper()} structure is nested too deeply to read",
            hint="flatten the nesting (quotes, lists, tables inside tables) and save it again",
        ) from None
    except Exception as exc:  # the backends raise anything from zip to XML errors
        raise DocumentError(
            str(path),
            "corrupt",
            f"cannot read {kind.upper()}: {exc}",
            hint="open and re-save it, or check that it is not damaged",
        ) from None


def blocks_from(doc: Any, *, slides_as_pages: bool = False) -> list[Block]:
    blocks: list[Block] = []
    list_base: int | None = None
    inline_of: str | None = None  # the inline group the last block was built from
    for item, depth in doc.iterate_items():
        label = str(getattr(item, "label", "")).split(".")[-1].lower()
        kind_name = type(item).__name__
        page = item.prov[0].page_no if getattr(item, "prov", None) else None
        if label in _DROP_LABELS or kind_name == "PictureItem":
            continue
        parent = item.parent.resolve(doc) if getattr(item, "parent", None) else None
        if kind_name == "TextItem" and type(parent).__name__ == "InlineGroup":
            # HTML inline runs (text, links, emphasis) arrive as separate items: one block
            text = " ".join(str(item.text or "").split())
            if text and inline_of == item.parent.cref and blocks:
                blocks[-1].text = _glue(blocks[-1].text, text)
                continue
            if text:
                grand = parent.parent.resolve(doc) if parent is not None and parent.parent else None
                in_list = type(grand).__name__ == "ListItem"
                blocks.append(
                    Block(kind="list_item" if in_list else "paragraph", text=text, page=page)
                )
                inline_of = item.parent.cref
            continue
        inline_of = None
        if kind_name != "ListItem":
            list_base = None
        if kind_name == "TableItem":
            block = _table(item, page)
            if block is not None:
                blocks.append(block)
            continue
        text = " ".join(str(getattr(item, "text", "") or "").split())
        if not text:
            continue
        if kind_name == "TitleItem":
            blocks.append(
                Block(
                    kind="heading" if slides_as_pages or blocks else "title",
                    text=text,
                    level=1,
                    page=page,
                )
            )
        elif kind_name == "SectionHeaderItem":
            blocks.append(Block(kind="heading", text=text, level=int(item.level) + 1, page=page))
        elif kind_name == "ListItem":
            list_base = depth if list_base is None else min(list_base, depth)
            blocks.append(Block(kind="list_item", text=text, depth=depth - list_base, page=page))
        elif label == "caption":
            blocks.append(Block(kind="caption", text=text, page=page))
        elif label == "code" or kind_name == "CodeItem":
            blocks.append(Block(kind="code", text=str(item.text), page=page))
        else:
            blocks.append(Block(kind="paragraph", text=text, page=page))
    return blocks


def _glue(left: str, right: str) -> str:
    if right[:1] in ",.;:!?)" or left.endswith(("(", "/")):
        return left + right
    return f"{left} {right}"


def _table(item: Any, page: int | None) -> Block | None:
    grid = [[" ".join(str(c.text).split()) for c in row] for row in item.data.grid]
    if not grid or not any(any(cell for cell in row) for row in grid):
        return None
    flags = [
        all(c.column_header for c in row) or any(c.column_header for c in row)
        for row in item.data.grid
    ]
    n_header = 0
    while n_header < len(grid) - 1 and flags[n_header]:
        n_header += 1
    if n_header == 0:
        return Block(kind="table", rows=grid, page=page)
    header = [
        " / ".join(dict.fromkeys(row[i] for row in grid[:n_header] if row[i]))
        for i in range(len(grid[0]))
    ]
    return Block(kind="table", header=header, rows=grid[n_header:], page=page)


def metadata_from(doc: Any) -> dict[str, str]:
    """Title/author/dates where the backend exposes them (core properties for Office files)."""
    out: dict[str, str] = {}
    origin = getattr(doc, "origin", None)
    if origin is not None and getattr(origin, "filename", None):
        out["filename"] = str(origin.filename)
    return out


def parse_with_docling(kind: str, path: Path, text: str | None = None) -> ParsedDocument:
    from ingestion.parsers.sniff import MIME

    doc = convert(kind, path, text)
    blocks = blocks_from(doc, slides_as_pages=kind == "pptx")
    title = next((b.text for b in blocks if b.kind in ("title", "heading")), path.stem)
    pages = max((b.page for b in blocks if b.page), default=None)
    parsed = ParsedDocument(title=title, mime=MIME[kind], blocks=blocks, pages=pages)
    _office_properties(kind, path, parsed)
    return parsed


def _office_properties(kind: str, path: Path, parsed: ParsedDocument) -> None:
    """Author, dates and title from the OOXML core properties (docProps/core.xml)."""
    if kind not in ("docx", "pptx", "xlsx"):
        return
    import zipfile
    from xml.etree import ElementTree

    try:
        with zipfile.ZipFile(path) as archive:
            xml = archive.read("docProps/core.xml")
        root = ElementTree.fromstring(xml)
    except (KeyError, zipfile.BadZipFile, ElementTree.ParseError, OSError):
        return
    ns = {"dc": "http://purl.org/dc/elements/1.1/", "dcterms": "http://purl.org/dc/terms/"}
    title = root.findtext("dc:title", namespaces=ns)
    if title and title.strip():
        parsed.title = title.strip()
    parsed.author = (root.findtext("dc:creator", namespaces=ns) or "").strip() or None
    parsed.created = (root.findtext("dcterms:created", namespaces=ns) or "").strip() or None
    parsed.modified = (root.findtext("dcterms:modified", namespaces=ns) or "").strip() or None
