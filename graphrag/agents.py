"""graphrag's retrieval tools for an agent loop of one's own, in OpenAI's function-calling form.

The same tools, descriptions and argument schemas as ``graphrag mcp`` (one definition:
``graphrag.mcp_server``), for frameworks that call tools themselves instead of through MCP:

>>> from graphrag import GraphRAG  # doctest: +SKIP
>>> with GraphRAG() as rag:  # doctest: +SKIP
...     kit = Toolkit(rag, AccessFilter(tenant="acme"))
...     schemas = kit.tools()  # pass as tools=... to a chat completion
...     result = kit.call("search", {"query": "Kündigungsfrist", "k": 5})

Every call reads as the caller the toolkit was made for; errors come back as ``{"error": ...}``
the model can read, not as exceptions.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import anyio

from graphrag.mcp_server import build_server
from schemas import AccessFilter

if TYPE_CHECKING:
    from graphrag.sdk import GraphRAG


class Toolkit:
    def __init__(self, rag: GraphRAG, access: AccessFilter) -> None:
        self._server = build_server(rag, access)

    def tools(self) -> list[dict[str, Any]]:
        """The tools as OpenAI function schemas."""
        listed = anyio.run(self._server.list_tools)
        return [
            {
                "type": "function",
                "function": {
                    "name": t.name,
                    "description": t.description or "",
                    "parameters": t.input_schema,
                },
            }
            for t in listed
        ]

    def call(self, name: str, arguments: dict[str, Any] | str) -> Any:
        """Run one tool call (``arguments`` as the model sent them: a dict or a JSON string)."""
        from mcp.server.mcpserver.exceptions import ToolError

        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments or "{}")
            except json.JSONDecodeError as exc:
                return {"error": f"arguments are not JSON: {exc.msg}"}
        if not isinstance(arguments, dict):
            return {"error": "arguments must be a JSON object"}
        try:
            result = anyio.run(self._server.call_tool, name, arguments)
        except ToolError as exc:
            return {"error": str(exc)}
        content = list(getattr(result, "content", None) or [])
        if getattr(result, "is_error", False):
            return {"error": " ".join(getattr(c, "text", "") for c in content)}
        structured = getattr(result, "structured_content", None)
        if structured is not None:
            return (
                structured.get("result", structured)
                if set(structured) == {"result"}
                else structured
            )
        return [getattr(c, "text", "") for c in content]
