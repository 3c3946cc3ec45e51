"""Plain text and Markdown (YAML front matter first, then Docling's Markdown backend)."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

import yaml

from graphrag.errors import DocumentError
from ingestion.parsers.docling_formats import parse_with_docling
from schemas.parsed import Block, ParsedDocument

# "vom\n    1\\. Mai": a wrapped line that starts with an escaped ordinal continues the line
# before it; and inside a line the escape is not needed, but the Markdown backend splits the
# text at it ("vom 1", ".", "Mai" as three blocks). Both are undone before parsing.
_WRAPPED_ORDINAL = re.compile(r"(?<=\S)\n[ \t]*(\d+)\\\.(?=\s)")
_INLINE_ORDINAL = re.compile(r"(?<=\S )(\d+)\\\.")
_FRONT_MATTER = re.compile(r"\A\ufeff?---\s*\n(.*?)\n(---|\.\.\.)\s*(\n|\Z)", re.DOTALL)
# A definition list right under the title, before any section ("Ausfertigungsdatum\n:
# 1963-01-08", as Pandoc writes a statute's particulars), is the document's own data, as front
# matter is: read as text it became passages that state no rule ("Fundstelle : BGBl I: 1963,
# 2") and led answers and searches. A term is one short line; its definition follows after ":"
# and may go on in indented lines. Only a short list of values is taken: a glossary under the
# title ("Arbeitszeit\n:   Die Zeit vom Beginn bis zum Ende der Arbeit.") is the document's
# text and stays searchable.
_TITLE_LINE = re.compile(r"\s*#[ \t][^\n]*\n")
MAX_PARTICULARS = 8
MAX_PARTICULAR_WORDS = 12
_DEFINITION = re.compile(
    r"\s*([^\s#:>|*+-][^\n:]{0,60}?)[ \t]*\n:[ \t]+([^\n]+(?:\n[ \t]{2,}\S[^\n]*)*)[ \t]*(?:\n|\Z)"
)
# The Markdown backend reads each quote level by recursion and rescans the line per level:
# 5,000 levels take seconds before the recursion limit ends them (a timeout, not the true
# reason, on a slow machine). Mail threads quoted in full stay below a few dozen levels.
MAX_QUOTE_DEPTH = 64
_QUOTE_MARKERS = re.compile(r"^ {0,3}((?:>[ \t]?)+)", re.MULTILINE)


def read_text(path: Path) -> str:
    data = path.read_bytes()
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise DocumentError(
        str(path),
        "encoding",
        "the text is neither UTF-8 nor Windows-1252",
        hint="convert it to UTF-8",
    )


def parse_markdown(path: Path) -> ParsedDocument:
    text = read_text(path)
    front: dict[str, object] = {}
    match = _FRONT_MATTER.match(text)
    if match:
        try:
            loaded = yaml.safe_load(match.group(1))
        except yaml.YAMLError as exc:
            raise DocumentError(
                str(path),
                "front_matter",
                f"invalid YAML front matter: {exc}",
                hint="fix the block between the leading --- lines",
            ) from None
        front = loaded if isinstance(loaded, dict) else {}
        text = text[match.end() :]
    text, particulars = _lead_particulars(text)
    text = _INLINE_ORDINAL.sub(r"\1.", _WRAPPED_ORDINAL.sub(r" \1\\.", text))
    _refuse_deep_quotes(text, path)
    parsed = parse_with_docling("markdown", path, text)
    meta = {str(k).lower(): v for k, v in front.items()}
    title = meta.get("title")
    if isinstance(title, str) and title.strip():
        parsed.title = title.strip()
    for key in ("author", "authors"):
        if isinstance(meta.get(key), str):
            parsed.author = str(meta[key])
    for key, target in (
        ("date", "created"),
        ("created", "created"),
        ("modified", "modified"),
        ("updated", "modified"),
    ):
        value = meta.get(key)
        if isinstance(value, date | datetime | str) and str(value).strip():
            setattr(parsed, target, str(value))
    for key, value in meta.items():
        if isinstance(value, str | int | float | bool) and key not in ("title",):
            parsed.metadata[f"fm_{key}"] = value
    for key, value in particulars.items():
        parsed.metadata.setdefault(f"fm_{key}", value)
    if isinstance(meta.get("lang") or meta.get("language"), str):
        parsed.language = str(meta.get("lang") or meta.get("language"))
    return parsed


def _lead_particulars(text: str) -> tuple[str, dict[str, str]]:
    """The text without the definition list under its title, and that list by its terms
    (lower case, words joined by "_": "Zuletzt geändert durch" -> "zuletzt_geändert_durch").

    >>> _lead_particulars("# BUrlG\\n\\nFundstelle\\n:   BGBl I: 1963, 2\\n\\n## § 1\\nText")
    ('# BUrlG\\n\\n## § 1\\nText', {'fundstelle': 'BGBl I: 1963, 2'})
    """
    title = _TITLE_LINE.match(text)
    if title is None:
        return text, {}
    found: dict[str, str] = {}
    end = title.end()
    while entry := _DEFINITION.match(text, end):
        key = re.sub(r"\W+", "_", entry.group(1).strip().lower()).strip("_")
        value = " ".join(entry.group(2).split())
        if len(value.split()) > MAX_PARTICULAR_WORDS or value.endswith((".", "!", "?")):
            return text, {}  # a definition that says something: the list is text
        found.setdefault(key, value)
        end = entry.end()
    if not found or len(found) > MAX_PARTICULARS:
        return text, {}
    return text[: title.end()] + "\n" + text[end:].lstrip("\n"), found


def _refuse_deep_quotes(text: str, path: Path) -> None:
    depth = max((m.group(1).count(">") for m in _QUOTE_MARKERS.finditer(text)), default=0)
    if depth > MAX_QUOTE_DEPTH:
        raise DocumentError(
            str(path),
            "too_deep",
            f"quotes ('>') are nested {depth} levels deep, more than {MAX_QUOTE_DEPTH}",
            hint="flatten the nested quotes and save it again",
        )


def parse_text(path: Path) -> ParsedDocument:
    text = read_text(path)
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    paragraphs = [p for p in paragraphs if p]
    blocks = [Block(kind="paragraph", text=p) for p in paragraphs]
    title = path.stem
    if paragraphs and len(paragraphs[0]) <= 120 and not paragraphs[0].endswith((".", ":", ";")):
        title = paragraphs[0]
        blocks[0] = Block(kind="title", text=paragraphs[0], level=1)
    return ParsedDocument(title=title, mime="text/plain", blocks=blocks)
