"""The agent loop: an LLM that can call tools reads the pipeline's passages and searches on its
own before it answers (``GRAPHRAG_LLM_AGENT=true`` with ``GRAPHRAG_LLM_URL``).

The model starts from the numbered passages the fixed pipeline found, as every LLM answer
does, and is offered graphrag's retrieval tools (the MCP server's: search, keyword_search,
semantic_search, read_chunk, read_section, entity, path), scoped to the caller. Every chunk a
tool hands back becomes a numbered source too (a ``source`` field beside its ``chunk_id``), so
the answer cites ``[n]`` whatever found it, and the reader gets each cited chunk as a
passage. After ``max_steps`` tool calls the model is asked to answer with what it has. Text a
tool returns that reads as instructions to a model is fenced like a passage's.

>>> numbered([{"chunk_id": "a", "text": "x"}, {"chunk_id": "b"}], {"a": 1, "b": 2})
[{'chunk_id': 'a', 'text': 'x', 'source': 1}, {'chunk_id': 'b', 'source': 2}]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from graphrag.answer.llm import SYSTEM, finished, prompt
from graphrag.answer.protocol import OnToken, unanswered
from graphrag.guardrails import fenced, injection
from schemas import Answer, ChunkWithContext, GraphContext, Passage

TOOLS = (
    "search",
    "keyword_search",
    "semantic_search",
    "read_chunk",
    "read_section",
    "entity",
    "path",
)
MAX_STEPS = 6
# the refusal phrase is the easy way out for a small model: searching comes first
TOOL_HINT = {
    "de": " Wenn die Quellen nicht reichen, rufe zuerst die Werkzeuge auf, um weitere Quellen "
    "zu suchen oder zu lesen, bevor du NICHT BEANTWORTBAR sagst; jede Stelle, die ein "
    "Werkzeug liefert, trägt ihre Quellennummer (source) und wird mit [n] zitiert.",
    "en": " If the sources are not enough, call the tools to search or read more before you say "
    "NOT ANSWERABLE; every passage a tool returns carries its source number (source) and is "
    "cited as [n].",
}


class ToolChat(Protocol):
    """A chat model that can call tools (``LlmClient.chat``)."""

    def describe(self) -> str: ...

    def chat(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]: ...


class Tools(Protocol):
    """The caller's tools (``graphrag.agents.Toolkit``)."""

    def tools(self) -> list[dict[str, Any]]: ...

    def call(self, name: str, arguments: dict[str, Any] | str) -> Any: ...


class AgentAnswerer:
    def __init__(self, client: ToolChat, *, max_steps: int = MAX_STEPS) -> None:
        self.client = client
        self.max_steps = max_steps
        self.name = f"agent/{client.describe()}"
        self.last_calls: list[tuple[str, dict[str, Any] | str]] = []  # for tests and --explain

    def answer_with_tools(
        self,
        question: str,
        language: str,
        passages: list[Passage],
        graph: GraphContext,
        tools: Tools,
        fetch: Callable[[list[str]], list[ChunkWithContext]],
        on_token: OnToken | None = None,
    ) -> Answer:
        """``fetch``: the caller's chunks by id (what a cited tool result becomes a passage
        from)."""
        sources = list(passages)
        number = {cid: n for n, p in enumerate(sources, 1) for cid in p.chunk_ids}
        offered = [t for t in tools.tools() if t["function"]["name"] in TOOLS]
        system = SYSTEM.get(language, SYSTEM["en"]) + TOOL_HINT.get(language, TOOL_HINT["en"])
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": system},
            {"role": "user", "content": prompt(question, language, passages, graph)},
        ]
        self.last_calls = []
        while True:
            may_call = len(self.last_calls) < self.max_steps
            message = self.client.chat(messages, offered if may_call else [])
            calls = (message.get("tool_calls") or []) if may_call else []
            if not calls:
                break
            messages.append(message)
            for call in calls:
                function = call.get("function") or {}
                name = str(function.get("name", ""))
                arguments = function.get("arguments") or {}
                if len(self.last_calls) >= self.max_steps:  # every call gets its answer
                    result: Any = {"error": "no more tool calls: answer with what you have"}
                    messages.append(_tool_message(call, name, result))
                    continue
                self.last_calls.append((name, arguments))
                if name not in TOOLS:
                    result = {"error": f"no tool {name!r}; use one of {', '.join(TOOLS)}"}
                else:
                    result = tools.call(name, arguments)
                new = [c for c in chunk_ids(result) if c not in number]
                for c in fetch(new):
                    sources.append(_passage(c))
                    number[c.chunk.id] = len(sources)
                messages.append(
                    _tool_message(call, name, guarded(numbered(result, number), language))
                )
        text = str(message.get("content") or "").strip()
        if not sources:
            return unanswered(question, language, passages, graph)
        if on_token is not None and text:
            on_token(text)
        return finished(question, language, text, sources, graph)


def chunk_ids(result: Any) -> list[str]:
    """Every ``chunk_id`` in a tool's result, in order, once."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("chunk_id"), str) and value["chunk_id"] not in found:
                found.append(value["chunk_id"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(result)
    return found


def numbered(result: Any, number: dict[str, int]) -> Any:
    """The result with ``source: n`` beside every ``chunk_id`` the answer may cite."""
    if isinstance(result, dict):
        out = {k: numbered(v, number) for k, v in result.items()}
        if isinstance(result.get("chunk_id"), str) and result["chunk_id"] in number:
            out["source"] = number[result["chunk_id"]]
        return out
    if isinstance(result, list):
        return [numbered(v, number) for v in result]
    return result


def guarded(result: Any, language: str) -> Any:
    """Text fields that read as instructions to a model, fenced as data."""
    if isinstance(result, dict):
        return {
            k: fenced(v, language)
            if k == "text" and isinstance(v, str) and injection(v)
            else guarded(v, language)
            for k, v in result.items()
        }
    if isinstance(result, list):
        return [guarded(v, language) for v in result]
    return result


def _passage(c: ChunkWithContext) -> Passage:
    return Passage(
        chunk_ids=[c.chunk.id],
        doc_id=c.chunk.doc_id,
        title=c.doc_title,
        section_path=list(c.chunk.section_path),
        page_start=c.chunk.page_start,
        page_end=c.chunk.page_end,
        text=c.chunk.text,
        file=c.doc_file,
        path=c.doc_path,
    )


def _tool_message(call: dict[str, Any], name: str, result: Any) -> dict[str, Any]:
    return {
        "role": "tool",
        "tool_call_id": call.get("id", name),
        "content": json.dumps(result, ensure_ascii=False),
    }
