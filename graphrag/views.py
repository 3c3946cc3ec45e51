"""The JSON shapes users see, shared by the CLI (--json) and the HTTP API."""

from __future__ import annotations

from typing import Any

from schemas import Answer, Citation, DocumentSummary, SearchResult


def search_json(result: SearchResult, *, explain: bool = False) -> dict[str, Any]:
    """The ranked chunks; with ``explain`` also the query analysis (the entities it linked, of
    any tenant: only for the operator) and the graph paths, as ``graphrag ... --explain``
    prints them."""
    shown: dict[str, Any] = {
        "results": [
            {
                "chunk_id": r.chunk.id,
                "document": r.chunk.doc_id,
                "title": r.doc_title,
                "section": " > ".join(r.chunk.section_path),
                "page": r.chunk.page_start,
                "text": r.chunk.text,
                "scores": r.scores.model_dump(),
                "provenance": [p.model_dump() for p in r.provenance],
            }
            for r in result.results
        ],
        "timings_ms": result.timings_ms,
    }
    if result.read_as is not None:  # "Pasue" searched as "Pause"
        shown["read_as"] = result.read_as
    if explain:
        shown["analysis"] = result.analysis.model_dump(mode="json")
        shown["paths"] = [p.names for p in result.graph.paths]
    return shown


def answer_json(answer: Answer) -> dict[str, Any]:
    return {
        "answer": answer.answer,
        "answerable": answer.answerable,
        "language": answer.language,
        "citations": [c.model_dump() for c in answer.citations],
        "passages": [p.model_dump() for p in answer.passages],
        "graph": answer.graph.model_dump(),
        "timings_ms": answer.timings_ms,
        **({"read_as": answer.read_as} if answer.read_as else {}),
        **({"conversation_id": answer.conversation_id} if answer.conversation_id else {}),
        "guardrails": answer.guardrails.model_dump(),
    }


PAGE_LABEL = {"de": "S.", "en": "p."}


def citation_lines(answer: dict[str, Any]) -> list[str]:
    """``[n] folder/file · title > section, p. 3`` per citation of an answer (``answer_json``),
    page labels in the answer's language; the file's path below the folder it was ingested
    from (else its name) is what a person finds on disk or in the upload."""
    label = PAGE_LABEL.get(answer.get("language", "en"), "p.")
    lines = []
    for c in (Citation.model_validate(c) for c in answer["citations"]):
        where = " > ".join(part for part in (c.title, c.section) if part)
        shown = c.path or c.file
        file = f"{shown} · " if shown and shown != c.title else ""
        page = f", {label} {c.page}" if c.page else ""
        lines.append(f"  [{c.n}] {file}{where}{page}")
    return lines


def documents_json(docs: list[DocumentSummary]) -> list[dict[str, Any]]:
    return [{**d.document.model_dump(mode="json"), "chunks": d.chunks} for d in docs]
