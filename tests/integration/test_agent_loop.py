"""The agent loop over real stores: a scripted tool-calling model (the only stand-in) searches
through graphrag's tools as the caller, and what it finds is cited with the file and section;
another tenant's caller finds nothing through the same tools."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from graphrag import GraphRAG
from graphrag.answer.agent import AgentAnswerer
from graphrag.models.llm import LlmClient
from schemas import AccessFilter
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.integration
LAWS = SHARED_DATA / "corpus" / "de-arbeitsrecht"


def scripted(request: httpx.Request) -> httpx.Response:
    """Search once, then answer with the source whose text states the fact, or refuse."""
    body = json.loads(request.content)
    tool_results = [m for m in body["messages"] if m["role"] == "tool"]
    if not tool_results:
        call = {
            "id": "1",
            "type": "function",
            "function": {
                "name": "keyword_search",
                "arguments": '{"query": "Urlaub jährlich mindestens Werktage", "k": 5}',
            },
        }
        return httpx.Response(200, json={"choices": [{"message": {"tool_calls": [call]}}]})
    found = [
        item
        for m in tool_results
        for item in json.loads(m["content"])
        if isinstance(item, dict) and "24 Werktage" in item.get("text", "")
    ]
    content = f"Mindestens 24 Werktage [{found[0]['source']}]." if found else "NOT ANSWERABLE"
    return httpx.Response(200, json={"choices": [{"message": {"content": content}}]})


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphRAG]:
    client = LlmClient("http://llm.test/v1", model="m", transport=httpx.MockTransport(scripted))
    agent = AgentAnswerer(client)
    with GraphRAG(data_dir=tmp_path_factory.mktemp("agent") / "data", generator=agent) as rag:
        report = rag.ingest([LAWS / "burlg.md", LAWS / "arbzg.md"], tenant="acme")
        assert not report.errors
        yield rag


def test_the_model_searches_and_cites_what_it_found(rag: GraphRAG) -> None:
    acme = AccessFilter(tenant="acme")
    answer = rag.ask("Wie viele Urlaubstage habe ich?", access=acme)
    agent = rag.generator
    assert isinstance(agent, AgentAnswerer)
    assert agent.last_calls == [
        ("keyword_search", '{"query": "Urlaub jährlich mindestens Werktage", "k": 5}')
    ]
    assert answer.answerable and answer.answer.startswith("Mindestens 24 Werktage [")
    (cited,) = answer.citations
    assert cited.file == "burlg.md" and cited.section.endswith("§ 3 Dauer des Urlaubs")
    assert cited.chunk_id in answer.passages[cited.n - 1].chunk_ids


def test_another_tenant_finds_nothing_through_the_tools(rag: GraphRAG) -> None:
    other = AccessFilter(tenant="globex")
    answer = rag.ask("Wie viele Werktage Urlaub?", access=other)
    assert not answer.answerable and not answer.citations
    assert not answer.passages  # neither the pipeline nor the tools saw acme's laws
