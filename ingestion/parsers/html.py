"""HTML: strip page furniture (navigation, headers, footers, sidebars, scripts), then Docling."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ingestion.parsers.docling_formats import parse_with_docling
from ingestion.parsers.text import read_text
from schemas.parsed import ParsedDocument

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


def clean_html(html: str) -> tuple[str, str | None]:
    """The HTML without boilerplate, and the page's <title>."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
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


def parse_html(path: Path) -> ParsedDocument:
    cleaned, title = clean_html(read_text(path))
    parsed = parse_with_docling("html", path, cleaned)
    if title:
        parsed.title = re.split(r"\s+[-–|—]\s+(?=[^-–|—]*$)", title)[0].strip() or title
    return parsed
