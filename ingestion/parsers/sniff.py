"""Which format a file really is, from its bytes first and its name second.

>>> from pathlib import Path
>>> kind_of_bytes(b"%PDF-1.7 ...", Path("report.docx"))
'pdf'
>>> kind_of_bytes(b"# Title\\n\\nText", Path("notes.md"))
'markdown'
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Literal

Kind = Literal["pdf", "docx", "pptx", "xlsx", "html", "markdown", "text", "unknown"]

MIME: dict[str, str] = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "html": "text/html",
    "markdown": "text/markdown",
    "text": "text/plain",
}
_OOXML = {"word/": "docx", "ppt/": "pptx", "xl/": "xlsx"}
_MARKDOWN_SUFFIXES = {".md", ".markdown", ".mdown", ".mkd"}
_HTML_SUFFIXES = {".html", ".htm", ".xhtml"}


def kind_of(path: Path) -> Kind:
    with open(path, "rb") as handle:
        head = handle.read(8192)
    if head.startswith(b"PK\x03\x04"):
        return _ooxml_kind(path)
    return kind_of_bytes(head, path)


def kind_of_bytes(head: bytes, path: Path) -> Kind:
    if head.lstrip()[:5] == b"%PDF-":
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return _ooxml_kind(path)
    if b"\x00" in head:
        return "unknown"  # binary, and not a format we read
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:  # a cut multi-byte character at the end is fine
            try:
                text = head.decode("cp1252")
            except UnicodeDecodeError:
                return "unknown"
        else:
            text = head[: exc.start].decode("utf-8")
    lowered = text.lstrip("\ufeff \t\r\n").lower()
    if lowered.startswith(("<!doctype html", "<html")) or (
        path.suffix.lower() in _HTML_SUFFIXES and "<" in lowered[:200]
    ):
        return "html"
    if path.suffix.lower() in _MARKDOWN_SUFFIXES or lowered.startswith("---\n"):
        return "markdown"
    return "text"


def _ooxml_kind(path: Path) -> Kind:
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
    except (zipfile.BadZipFile, OSError):
        return "unknown"
    for prefix, kind in _OOXML.items():
        if any(n.startswith(prefix) for n in names):
            return kind  # type: ignore[return-value]
    return "unknown"
