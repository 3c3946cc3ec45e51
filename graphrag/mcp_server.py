"""Retrieval tools for LLM agents over the Model Context Protocol (``graphrag mcp``).

An agent (Claude Desktop, an IDE, an agent framework) starts ``graphrag mcp`` and calls its
tools: ``search`` (hybrid with the graph step), ``keyword_search`` and ``semantic_search`` (one
branch each, no graph), ``read_chunk`` (a chunk with its neighbours or its whole section),
``entity`` (an entity's mentions and relations), ``path`` (how two entities are connected),
``documents`` and ``ask`` (the cited answer). Every tool reads as one caller, the identity the
server was started with (``--tenant``, ``--group``, ``--clearance``): the agent cannot widen it.

Results are plain JSON objects with the ids the other tools take, so an agent can search, then
read around a hit, then follow an entity.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from graphrag.errors import GraphRAGError, InputError
from graphrag.version import package_version
from schemas import AccessFilter, ChunkWithContext, SearchResult

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from graphrag.sdk import GraphRAG

T = TypeVar("T")
MAX_K = 50
TEXT = 1_500  # characters of a chunk's text a search hit carries; read_chunk gives all


def build_server(rag: GraphRAG, access: AccessFilter) -> MCPServer:
    """The MCP server with graphrag's tools, every one reading as ``access``."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    server: MCPServer = MCPServer(
        name="graphrag",
        version=package_version(),
        instructions=(
            "Search the company's documents and their knowledge graph. Start with search; read "
            "around a hit with read_chunk; follow names with entity and path; cite chunk ids. "
            "ask returns a cited answer; it says when the documents do not hold one."
        ),
    )

    def run(call: Callable[[], T]) -> T:
        try:
            return call()
        except GraphRAGError as exc:  # the message and what to do, never a stack trace
            raise ToolError(str(exc)) from None

    def hits(result: SearchResult) -> list[dict[str, Any]]:
        return [
            {
                "chunk_id": r.chunk.id,
                "document": r.doc_title,
                "file": r.doc_path or r.doc_file,
                "section": " > ".join(r.chunk.section_path),
                "page": r.chunk.page_start,
                "score": round(r.scores.final, 4),
                "text": r.chunk.text[:TEXT],
            }
            for r in result.results
        ]

    def searched(query: str, k: int, branches: str, graph: bool | None) -> list[dict[str, Any]]:
        if not 1 <= k <= MAX_K:
            raise ToolError(f"k must be between 1 and {MAX_K}")
        chosen: Literal["hybrid", "dense", "sparse"] = (
            "dense" if branches == "dense" else "sparse" if branches == "sparse" else "hybrid"
        )
        return run(
            lambda: hits(rag.search(query, k=k, access=access, use_graph=graph, branches=chosen))
        )

    @server.tool()
    def search(query: str, k: int = 8) -> list[dict[str, Any]]:
        """Hybrid search (keywords and meaning) with the graph step that adds neighbouring
        passages, cited provisions and passages about the entities found. Returns ranked
        chunks: chunk_id, document, file, section, page, score, text."""
        return searched(query, k, "hybrid", None)

    @server.tool()
    def keyword_search(query: str, k: int = 8) -> list[dict[str, Any]]:
        """BM25 keyword search only: exact terms, names, numbers, paragraph signs."""
        return searched(query, k, "sparse", False)

    @server.tool()
    def semantic_search(query: str, k: int = 8) -> list[dict[str, Any]]:
        """Dense (meaning) search only: paraphrases, other words, other languages."""
        return searched(query, k, "dense", False)

    def passages(chunks: list[ChunkWithContext]) -> list[dict[str, Any]]:
        return [
            {
                "chunk_id": c.chunk.id,
                "document": c.doc_title,
                "file": c.doc_path or c.doc_file,
                "section": " > ".join(c.chunk.section_path),
                "page": c.chunk.page_start,
                "ordinal": c.chunk.ordinal,
                "text": c.chunk.text,
            }
            for c in chunks
        ]

    @server.tool()
    def read_chunk(chunk_id: str, neighbours: int = 1) -> list[dict[str, Any]]:
        """A chunk with up to ``neighbours`` (0-3) chunks before and after it in its section,
        in reading order, with their full text."""
        return run(lambda: passages(rag.read(chunk_id, access=access, neighbours=neighbours)))

    @server.tool()
    def read_section(chunk_id: str) -> list[dict[str, Any]]:
        """The whole section a chunk belongs to, in reading order."""
        return run(
            lambda: passages(rag.read(chunk_id, access=access, neighbours=0, whole_section=True))
        )

    def entity_id(name_or_id: str) -> str:
        found = rag.entities(name_or_id, access=access, limit=5)
        exact = [h for h in found if h.entity.name.casefold() == name_or_id.casefold()]
        if exact or found:
            return (exact or found)[0].entity.id
        return name_or_id  # perhaps an id: entity() says when it is not

    @server.tool()
    def entity(name: str, limit: int = 10) -> dict[str, Any]:
        """An entity (by name, part of a name, or id): where it is mentioned (chunk ids with
        the text around the mention) and how it is related to other entities."""
        return run(
            lambda: rag.entity(entity_id(name), access=access, limit=limit).model_dump(mode="json")
        )

    @server.tool()
    def path(source: str, target: str) -> list[dict[str, Any]]:
        """How two entities (by name or id) are connected: the shortest relation paths, each
        with the chunk ids that state its edges."""
        return run(
            lambda: [
                p.model_dump(mode="json")
                for p in rag.paths(entity_id(source), entity_id(target), access=access)
            ]
        )

    @server.tool()
    def documents() -> list[dict[str, Any]]:
        """The documents this caller may read: id, title, file, language, chunks."""
        return run(
            lambda: [
                {
                    "id": d.document.id,
                    "title": d.document.title,
                    "file": d.document.path or d.document.source,
                    "language": d.document.language,
                    "chunks": d.chunks,
                }
                for d in rag.documents(access)
            ]
        )

    @server.tool()
    def ask(question: str) -> dict[str, Any]:
        """An answer from the documents with numbered citations (document, section, page,
        chunk id); ``answerable`` is false when the documents do not hold the answer."""

        def answered() -> dict[str, Any]:
            answer = rag.ask(question, access=access)
            return {
                "answer": answer.answer,
                "answerable": answer.answerable,
                "citations": [c.model_dump() for c in answer.citations],
                # misspelled words read as the words meant: the agent sees what was answered
                **({"read_as": answer.read_as} if answer.read_as else {}),
            }

        return run(answered)

    return server


def serve(
    rag: GraphRAG,
    access: AccessFilter,
    transport: Literal["stdio", "streamable-http"] = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = 8001,
) -> None:
    """Run the MCP server until the client closes stdin (stdio) or the process is stopped."""
    server = build_server(rag, access)
    if transport == "stdio":
        server.run("stdio")
    elif transport == "streamable-http":
        server.run("streamable-http", host=host, port=port)
    else:  # pragma: no cover - the CLI offers only these
        raise InputError(f"unknown MCP transport {transport!r}", hint="stdio or streamable-http")
