"""Structure-aware chunking: Document -> Section (from headings) -> Chunk.

Chunks never cross a section boundary and end on sentence boundaries; tables stay whole when
they fit and otherwise split by rows with the header repeated; list items stay with their
lead-in; a chunk below the minimum size joins its neighbour in the same section.

>>> from schemas.parsed import Block, ParsedDocument
>>> doc = ParsedDocument(title="Guide", mime="text/markdown", blocks=[
...     Block(kind="heading", text="Leave", level=2),
...     Block(kind="paragraph", text="Employees get 24 days. Requests go to HR."),
... ])
>>> out = HierarchicalChunker().chunk(doc, doc_id="d1")
>>> [(s.title, s.path) for s in out.sections]
[('Leave', ['Leave'])]
>>> out.chunks[0].text, out.chunks[0].section_path
('Employees get 24 days. Requests go to HR.', ['Leave'])
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ingestion import budget
from ingestion.chunking.config import ChunkingConfig, SizeLimits
from ingestion.chunking.semantic import breakpoints
from ingestion.chunking.sentences import split_sentences
from schemas import Chunk, ChunkKind, Section, chunk_id, section_id
from schemas.access import AccessFields
from schemas.parsed import Block, ChunkedDocument, ParsedDocument

TokenCounter = Callable[[str], int]
SentenceEmbedder = Callable[[list[str]], "np.ndarray"]
_WORDISH = re.compile(r"\w+|[^\w\s]")
CONTEXT_CHARS = 300
# A token of these embedders never spans more than this many characters on real text: longer
# texts are cut into windows before anything counts their tokens (a 10 MB run-on line once
# became one chunk).
MAX_CHARS_PER_TOKEN = 24
CHARS_PER_TOKEN = 4
SENTENCE_WINDOW = 20_000


def approx_tokens(text: str) -> int:
    """Subword-token estimate (~1.3 per word or symbol) when no tokenizer is at hand."""
    return math.ceil(len(_WORDISH.findall(text)) * 1.3)


@dataclass
class _Unit:
    text: str
    tokens: int
    kind: ChunkKind
    page: int | None
    joiner: str = " "  # how this unit attaches to the previous one in the same chunk
    glue: bool = False  # never start a chunk here if avoidable (first list item after lead-in)
    alone: bool = False  # always a chunk of its own (a split table part)
    prefer_start: bool = False  # semantic breakpoint
    lead_in: str | None = None  # repeated when a list continues in a new chunk


@dataclass
class _Section:
    section: Section | None
    blocks: list[Block] = field(default_factory=list)


class HierarchicalChunker:
    """The default Chunker. ``count_tokens`` should be the embedder's tokenizer when known."""

    def __init__(
        self,
        config: ChunkingConfig | None = None,
        count_tokens: TokenCounter | None = None,
        embed_sentences: SentenceEmbedder | None = None,
    ) -> None:
        self.config = config or ChunkingConfig()
        self.count_tokens = count_tokens or approx_tokens
        self.embed_sentences = embed_sentences

    def chunk(
        self, doc: ParsedDocument, doc_id: str, access: AccessFields | None = None
    ) -> ChunkedDocument:
        access = access or AccessFields()
        limits = self.config.limits_for(doc.mime)
        parts = self._sections(doc, doc_id)
        chunks: list[Chunk] = []
        edges: list[tuple[str, str]] = []  # each chunk's first and last unit: overlap context
        for part in parts:
            units = self._units(part.blocks, limits)
            for texts_units in self._pack(units, limits):
                text = _render(texts_units)
                if not text.strip():
                    continue
                edges.append((texts_units[0].text, texts_units[-1].text))
                kinds = {u.kind for u in texts_units}
                pages = [u.page for u in texts_units if u.page is not None]
                ordinal = len(chunks)
                chunks.append(
                    Chunk(
                        id=chunk_id(doc_id, ordinal, text),
                        doc_id=doc_id,
                        section_id=part.section.id if part.section else None,
                        ordinal=ordinal,
                        text=text,
                        kind=kinds.pop() if len(kinds) == 1 else "mixed",
                        section_path=list(part.section.path) if part.section else [],
                        page_start=min(pages) if pages else None,
                        page_end=max(pages) if pages else None,
                        language=doc.language,
                        token_count=sum(u.tokens for u in texts_units),
                        tenant=access.tenant,
                        visibility=access.visibility,
                        acl=list(access.acl),
                    )
                )
        _add_overlap_context(chunks, edges)
        sections = [p.section for p in parts if p.section is not None]
        return ChunkedDocument(sections=sections, chunks=chunks)

    # -- sections ----------------------------------------------------------------------------

    def _sections(self, doc: ParsedDocument, doc_id: str) -> list[_Section]:
        parts = [_Section(section=None)]
        stack: list[Section] = []
        ordinal = 0
        for block in doc.blocks:
            if block.kind == "title":
                continue  # the document title; it prefixes every chunk's contextual text
            if block.kind != "heading":
                parts[-1].blocks.append(block)
                continue
            level = max(1, block.level)
            while stack and stack[-1].level >= level:
                stack.pop()
            path = [*(s.title for s in stack), block.text]
            section = Section(
                id=section_id(doc_id, tuple(path), ordinal),
                doc_id=doc_id,
                parent_id=stack[-1].id if stack else None,
                title=block.text,
                level=level,
                path=path,
                ordinal=ordinal,
                page_start=block.page,
            )
            ordinal += 1
            stack.append(section)
            parts.append(_Section(section=section))
        return parts

    # -- units -------------------------------------------------------------------------------

    def _units(self, blocks: list[Block], limits: SizeLimits) -> list[_Unit]:
        units: list[_Unit] = []
        previous: Block | None = None
        lead_in: str | None = None
        for block in blocks:
            budget.check()
            if block.kind == "table":
                units += self._table_units(block, limits)
            elif block.kind == "list_item":
                first = previous is None or previous.kind != "list_item"
                if first:
                    lead_in = (
                        previous.text
                        if previous is not None and previous.kind == "paragraph"
                        else None
                    )
                text = "  " * block.depth + "- " + block.text
                units.append(
                    _Unit(
                        text,
                        self.count_tokens(text),
                        "list",
                        block.page,
                        joiner="\n",
                        glue=first and lead_in is not None,
                        lead_in=lead_in,
                    )
                )
            elif block.kind == "code":
                units += self._split_long(block.text, "code", block.page, limits, joiner="\n\n")
            elif block.kind == "caption" and units and units[-1].kind == "table":
                units[-1].text += f"\n{block.text}"
                units[-1].tokens += self.count_tokens(block.text)
            else:
                for i, sentence in enumerate(_sentences(block.text)):
                    for piece in self._split_long(
                        sentence, "paragraph", block.page, limits, joiner="\n\n" if i == 0 else " "
                    ):
                        units.append(piece)
            previous = block
        if self.config.semantic and self.embed_sentences is not None:
            self._mark_semantic_breaks(units)
        return units

    def _table_units(self, block: Block, limits: SizeLimits) -> list[_Unit]:
        whole = block.table_text()
        tokens = self.count_tokens(whole)
        if tokens <= limits.max_tokens:
            return [_Unit(whole, tokens, "table", block.page, joiner="\n\n")]
        header_tokens = self.count_tokens(block.table_text(rows=[]))
        units: list[_Unit] = []
        rows: list[list[str]] = []
        size = header_tokens
        for row in block.rows:
            row_tokens = self.count_tokens("| " + " | ".join(row) + " |")
            if rows and size + row_tokens > limits.target_tokens:
                text = block.table_text(rows=rows)
                units.append(_Unit(text, size, "table", block.page, joiner="\n\n", alone=True))
                rows, size = [], header_tokens
            rows.append(row)
            size += row_tokens
        if rows:
            units.append(
                _Unit(
                    block.table_text(rows=rows),
                    size,
                    "table",
                    block.page,
                    joiner="\n\n",
                    alone=True,
                )
            )
        return units

    def _split_long(
        self, text: str, kind: ChunkKind, page: int | None, limits: SizeLimits, joiner: str
    ) -> list[_Unit]:
        """One unit, or pieces of at most ``max_tokens`` whatever the text: cut between words
        where there are words, between characters where there are none."""
        if len(text) <= limits.max_tokens * MAX_CHARS_PER_TOKEN:
            tokens = self.count_tokens(text)
            if tokens <= limits.max_tokens:
                return [_Unit(text, tokens, kind, page, joiner=joiner)]
        pieces: list[_Unit] = []
        for piece in self._pieces(text, limits):
            pieces.append(
                _Unit(piece[0], piece[1], kind, page, joiner=joiner if not pieces else " ")
            )
        return pieces

    def _pieces(self, text: str, limits: SizeLimits) -> Iterator[tuple[str, int]]:
        """Windows of about ``target_tokens`` (estimated at CHARS_PER_TOKEN characters each),
        ending at a space when one is near; a window that still counts more than
        ``max_tokens`` is halved until it fits."""
        width = max(16, limits.target_tokens * CHARS_PER_TOKEN)
        start = 0
        while start < len(text):
            budget.check()
            end = min(len(text), start + width)
            if end < len(text):
                space = text.rfind(" ", start + width // 2, end)
                end = space if space > start else end
            yield from self._fitted(text[start:end].strip(), limits)
            start = end
            while start < len(text) and text[start] == " ":
                start += 1

    def _fitted(self, window: str, limits: SizeLimits) -> Iterator[tuple[str, int]]:
        if not window:
            return
        tokens = self.count_tokens(window)
        if tokens <= limits.max_tokens or len(window) <= 1:
            yield window, tokens
            return
        middle = window.rfind(" ", 0, len(window) // 2 + 1)
        cut = middle if middle > 0 else len(window) // 2
        yield from self._fitted(window[:cut].strip(), limits)
        yield from self._fitted(window[cut:].strip(), limits)

    def _mark_semantic_breaks(self, units: list[_Unit]) -> None:
        idx = [i for i, u in enumerate(units) if u.kind == "paragraph"]
        if len(idx) < self.config.semantic_min_sentences or self.embed_sentences is None:
            return
        vectors = np.asarray(self.embed_sentences([units[i].text for i in idx]), dtype=float)
        for b in breakpoints(vectors, self.config.semantic_threshold, self.config.semantic_amount):
            units[idx[b]].prefer_start = True

    # -- packing -----------------------------------------------------------------------------

    def _pack(self, units: list[_Unit], limits: SizeLimits) -> list[list[_Unit]]:
        out: list[list[_Unit]] = []
        current: list[_Unit] = []
        size = 0

        def flush() -> None:
            nonlocal current, size
            if current:
                out.append(current)
            current, size = [], 0

        for unit in units:
            if unit.alone:
                flush()
                out.append([unit])
                continue
            over_target = size + unit.tokens > limits.target_tokens
            over_max = size + unit.tokens > limits.max_tokens
            semantic = unit.prefer_start and size >= limits.min_tokens
            if current and (over_max or semantic or (over_target and not unit.glue)):
                if unit.glue and current and current[-1].kind == "paragraph" and len(current) > 1:
                    # move the lead-in along with its list
                    lead = current.pop()
                    flush()
                    current, size = [lead], lead.tokens
                else:
                    flush()
            if not current and unit.kind == "list" and unit.lead_in and not unit.glue:
                lead_text = f"{unit.lead_in} (…)"
                lead = _Unit(lead_text, self.count_tokens(lead_text), "paragraph", unit.page)
                current, size = [lead], lead.tokens
            current.append(unit)
            size += unit.tokens
        flush()
        return _merge_small(out, limits)


def _sentences(text: str) -> Iterator[str]:
    """Sentences of a block; a block longer than SENTENCE_WINDOW characters (a run-on line) is
    split in windows ending at whitespace first, so the time budget is checked as it goes."""
    if len(text) <= SENTENCE_WINDOW:
        yield from split_sentences(text)
        return
    start = 0
    while start < len(text):
        budget.check()
        end = min(len(text), start + SENTENCE_WINDOW)
        if end < len(text):
            space = max(text.rfind(" ", start, end), text.rfind("\n", start, end))
            end = space if space > start + SENTENCE_WINDOW // 2 else end
        yield from split_sentences(text[start:end])
        start = end


def _merge_small(chunks: list[list[_Unit]], limits: SizeLimits) -> list[list[_Unit]]:
    """Fold a chunk below the minimum into its predecessor (same section) when it fits."""
    merged: list[list[_Unit]] = []
    for chunk in chunks:
        size = sum(u.tokens for u in chunk)
        if (
            merged
            and size < limits.min_tokens
            and not chunk[0].alone
            and not merged[-1][0].alone
            and sum(u.tokens for u in merged[-1]) + size <= limits.max_tokens
        ):
            merged[-1] = merged[-1] + chunk
        else:
            merged.append(chunk)
    if len(merged) > 1 and sum(u.tokens for u in merged[0]) < limits.min_tokens:
        first, second = merged[0], merged[1]
        if (
            not first[0].alone
            and not second[0].alone
            and (sum(u.tokens for u in first + second) <= limits.max_tokens)
        ):
            merged[:2] = [first + second]
    return merged


def _render(units: list[_Unit]) -> str:
    parts: list[str] = []
    for i, unit in enumerate(units):
        if i:
            parts.append(
                unit.joiner if unit.kind != "list" or units[i - 1].kind == "list" else "\n"
            )
        parts.append(unit.text)
    return "".join(parts).strip()


def _add_overlap_context(chunks: list[Chunk], edges: list[tuple[str, str]]) -> None:
    """The previous chunk's last sentence and the next one's first, from the units the chunks
    were packed from (no second sentence split)."""
    for i, chunk in enumerate(chunks):
        if i and chunks[i - 1].section_id == chunk.section_id:
            chunk.metadata["prev_context"] = _last_sentence(edges[i - 1][1])[-CONTEXT_CHARS:]
        if i + 1 < len(chunks) and chunks[i + 1].section_id == chunk.section_id:
            chunk.metadata["next_context"] = _first_sentence(edges[i + 1][0])[:CONTEXT_CHARS]


def _last_sentence(unit: str) -> str:
    # a unit is one sentence, except tables and code: those get their last line
    return unit.strip().rsplit("\n", 1)[-1].strip()


def _first_sentence(unit: str) -> str:
    return unit.strip().split("\n", 1)[0].strip()


def contextual_text(chunk: Chunk, doc_title: str) -> str:
    """What gets embedded and indexed: title and section path, then the chunk's own text."""
    header = (
        " > ".join([doc_title, *chunk.section_path])
        if doc_title
        else " > ".join(chunk.section_path)
    )
    return f"{header}\n\n{chunk.text}" if header else chunk.text
