"""LLM agents use graphrag through MCP: the MCP SDK's own client starts ``graphrag mcp`` over
stdio, lists its tools and calls each on real stores, as one caller."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.e2e.cli import clean_env, cli

pytestmark = pytest.mark.e2e

TOOLS = {
    "search",
    "keyword_search",
    "semantic_search",
    "read_chunk",
    "read_section",
    "entity",
    "path",
    "documents",
    "ask",
}


def server(data: Path, *args: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "graphrag.cli", "mcp", *args],
        env=clean_env(GRAPHRAG_DATA_DIR=str(data)),
    )


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, (tool, result.content)
    if result.structured_content is not None:
        content = result.structured_content
        return content.get("result", content) if set(content) == {"result"} else content
    return json.loads(result.content[0].text)  # type: ignore[union-attr]


def test_an_agent_searches_reads_and_asks_through_mcp(tmp_path: Path, shared_data: Path) -> None:
    laws = shared_data / "corpus" / "de-arbeitsrecht"
    data = tmp_path / "data"
    added = cli("ingest", str(laws / "burlg.md"), str(laws / "kschg.md"), data_dir=data)
    assert added.returncode == 0, added.stderr

    async def agent() -> None:
        async with Client(server(data), read_timeout_seconds=300) as client:
            tools = await client.list_tools()
            assert {t.name for t in tools.tools} == TOOLS
            assert all(t.description and t.input_schema for t in tools.tools)

            hits = await call(client, "search", query="Wie viele Werktage Urlaub?", k=5)
            assert hits and "24 Werktage" in " ".join(h["text"] for h in hits)
            assert {"chunk_id", "document", "file", "section", "page", "text"} <= set(hits[0])
            keyword = await call(client, "keyword_search", query="Arbeitsgericht", k=3)
            semantic = await call(client, "semantic_search", query="paid holidays", k=3)
            assert keyword and semantic

            first = hits[0]["chunk_id"]
            around = await call(client, "read_chunk", chunk_id=first, neighbours=1)
            assert first in {c["chunk_id"] for c in around}
            ordinals = [c["ordinal"] for c in around]
            assert ordinals == sorted(ordinals)
            section = await call(client, "read_section", chunk_id=first)
            assert first in {c["chunk_id"] for c in section}

            court = await call(client, "entity", name="Arbeitsgericht")
            assert court["entity"]["name"] == "Arbeitsgericht" and court["mentions"]
            assert isinstance(
                await call(client, "path", source="Arbeitsgericht", target="BUrlG"), list
            )

            files = {d["file"] for d in await call(client, "documents")}
            assert files == {"burlg.md", "kschg.md"}
            answer = await call(client, "ask", question="Wie viele Werktage Urlab mindestens?")
            assert answer["answerable"] and "24 Werktage" in answer["answer"]
            assert answer["citations"][0]["file"] == "burlg.md"
            assert answer["read_as"] == "Wie viele Werktage Urlaub mindestens?"

            # a bad call is the tool's error with what to do, and the session goes on
            wrong = await client.call_tool("read_chunk", {"chunk_id": "no-such-chunk"})
            assert wrong.is_error and "no chunk" in wrong.content[0].text  # type: ignore[union-attr]
            assert await call(client, "documents")

        # another caller's server sees nothing of this tenant
        async with Client(server(data, "--tenant", "other"), read_timeout_seconds=300) as other:
            assert await call(other, "search", query="Wie viele Werktage Urlaub?") == []
            assert await call(other, "documents") == []
            refused = await other.call_tool("read_chunk", {"chunk_id": first})
            assert refused.is_error

    anyio.run(agent)


def test_the_http_transport_stays_on_this_machine(tmp_path: Path) -> None:
    refused = cli("mcp", "--http", "--host", "0.0.0.0", data_dir=tmp_path / "data")
    assert refused.returncode == 2 and "no authentication" in refused.stderr
