"""HTML: strip page furniture (navigation, headers, footers, sidebars, scripts), then Docling."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from graphrag.errors import DocumentError
from ingestion.parsers.docling_formats import parse_with_docling
from ingestion.parsers.text import read_text
from schemas.parsed import ParsedDocument

# Browsers stop nesting at 512 elements (Blink's HTML parser); the recursive walks after
# parsing need far fewer: real pages stay below ~60, and 256 parses within the recursion limit.
MAX_DEPTH = 256

# <header> is left alone: inside <main>/<article> it usually holds the title and lead
_FURNITURE_TAGS = (
    "script",
    "style",
    "noscript",
    "nav",
    "footer",
    "aside",
    "form",
    "iframe",
    "svg",
    "button",
)
_FURNITURE_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search"}
_FURNITURE_NAMES = re.compile(
    r"(^|[-_ ])(nav|navbar|navigation|menu|footer|sidebar|breadcrumbs?|cookie|banner|toc|"
    r"mw-jump-link|mw-editsection|printfooter|catlinks|noprint|share|social)([-_ ]|$)",
    re.IGNORECASE,
)


def clean_html(html: str, source: str = "HTML") -> tuple[str, str | None]:
    """The HTML without boilerplate, and the page's <title>."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    depth = _depth(soup)
    if depth > MAX_DEPTH:
        raise DocumentError(
            source,
            "too_deep",
            f"elements are nested more than {MAX_DEPTH} levels deep",
            hint="this is not a page a browser renders as written; export it again",
        )
    title = soup.title.get_text(" ", strip=True) if soup.title else None
    root: Any = soup.find("main") or soup.find("article") or soup.find(role="main") or soup.body
    if root is None:
        root = soup
    for tag in root.find_all(_FURNITURE_TAGS):
        tag.decompose()
    doomed = []
    for tag in root.find_all(["div", "section", "ul", "ol", "table", "span", "p", "a"]):
        attrs = tag.attrs or {}
        names = " ".join(
            [str(attrs.get("id", "")), *[str(c) for c in attrs.get("class", []) or []]]
        )
        if attrs.get("role") in _FURNITURE_ROLES or (
            names.strip() and _FURNITURE_NAMES.search(names)
        ):
            doomed.append(tag)
    for tag in doomed:
        if not tag.decomposed:
            tag.decompose()
    return f"<html><body>{root}</body></html>", title


def _depth(soup: Any) -> int:
    """The deepest element nesting, without recursion (the tree is what is in question)."""
    deepest = 0
    stack = [(soup, 0)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in getattr(node, "contents", ()) if child.name)
    return deepest


def parse_html(path: Path) -> ParsedDocument:
    cleaned, title = clean_html(read_text(path), str(path))
    parsed = parse_with_docling("html", path, cleaned)
    if title:
        parsed.title = re.split(r"\s+[-–|—]\s+(?=[^-–|—]*$)", title)[0].strip() or title
    return parsed
