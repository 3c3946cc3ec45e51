"""What a parser hands to the chunker: a flat list of typed blocks in reading order."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.graph import Chunk, Section

BlockKind = Literal["title", "heading", "paragraph", "list_item", "table", "code", "caption"]


class Block(BaseModel):
    """One structural unit. ``page`` is the PDF page, PPTX slide or XLSX sheet number."""

    model_config = ConfigDict(extra="forbid")

    kind: BlockKind
    text: str = ""
    level: int = Field(default=0, ge=0)  # heading level (1 = top)
    depth: int = Field(default=0, ge=0)  # list nesting
    page: int | None = None
    header: list[str] = Field(default_factory=list)  # table header row
    rows: list[list[str]] = Field(default_factory=list)  # table body rows

    def table_text(self, rows: list[list[str]] | None = None) -> str:
        """The table as Markdown: header row, separator, body rows."""
        body = self.rows if rows is None else rows
        lines = []
        if self.header:
            lines.append("| " + " | ".join(self.header) + " |")
            lines.append("|" + "---|" * len(self.header))
        lines += ["| " + " | ".join(r) + " |" for r in body]
        return "\n".join(lines)


class ParsedDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str
    mime: str
    blocks: list[Block]
    language: str = "und"
    author: str | None = None
    created: str | None = None
    modified: str | None = None
    pages: int | None = None
    metadata: dict[str, str | int | float | bool] = Field(default_factory=dict)


class ChunkedDocument(BaseModel):
    """The chunker's output for one document: its section tree and its chunks in order."""

    model_config = ConfigDict(extra="forbid")

    sections: list[Section] = Field(default_factory=list)
    chunks: list[Chunk] = Field(default_factory=list)
