"""LLM answers over any OpenAI-compatible endpoint (vLLM, llama.cpp server, LM Studio, OpenAI)
and Ollama (through its OpenAI-compatible ``/v1``), with citations and a number check.

>>> g = OpenAICompatibleGenerator("http://localhost:11434/v1", model="qwen2.5:1.5b")
>>> g.name
'openai-compatible/qwen2.5:1.5b'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import httpx

from graphrag.answer.protocol import citation_for, not_answered
from graphrag.errors import ConfigError, StoreUnavailableError
from schemas import Answer, GraphContext, Passage

SYSTEM = {
    "de": "Du beantwortest Fragen ausschließlich anhand der nummerierten Quellen. Antworte auf "
    "Deutsch, knapp, und belege jede Aussage mit [n]. Wenn die Quellen die Frage nicht "
    "beantworten, sage genau: NICHT BEANTWORTBAR.",
    "en": "Answer only from the numbered sources. Be brief and cite every statement with [n]. "
    "If the sources do not answer the question, say exactly: NOT ANSWERABLE.",
}
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CITE = re.compile(r"\[(\d+)\]")


def prompt(question: str, language: str, passages: list[Passage], graph: GraphContext) -> str:
    blocks = []
    for n, p in enumerate(passages, 1):
        where = " > ".join([p.title, *p.section_path])
        page = f", p. {p.page_start}" if p.page_start else ""
        blocks.append(f"[{n}] {where}{page}\n{p.text}")
    paths = "\n".join(" -> ".join(p.names) for p in graph.paths[:3])
    extra = f"\n\nGraph paths between the question's entities:\n{paths}" if paths else ""
    return "Sources:\n\n" + "\n\n".join(blocks) + extra + f"\n\nQuestion: {question}"


def unsupported_numbers(text: str, passages: list[Passage]) -> list[str]:
    """Numbers in the answer that appear in none of the passages (citation markers excluded)."""
    context = " ".join(p.text for p in passages)
    body = _CITE.sub(" ", text)
    return sorted({n for n in _NUMBER.findall(body) if n not in context})


class OpenAICompatibleGenerator:
    def __init__(
        self,
        base_url: str,
        *,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 120.0,
        temperature: float = 0.0,
        on_token: Callable[[str], None] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self._api_key = api_key
        self.timeout_s = timeout_s
        self.temperature = temperature
        self.on_token = on_token
        self._transport = transport
        self.name = f"openai-compatible/{model}"

    def answer(
        self, question: str, language: str, passages: list[Passage], graph: GraphContext
    ) -> Answer:
        if not passages:
            return Answer(
                question=question,
                answer=not_answered(language),
                answerable=False,
                language=language,
                graph=graph,
            )
        text = self._complete(
            SYSTEM.get(language, SYSTEM["en"]), prompt(question, language, passages, graph)
        )
        answerable = "NICHT BEANTWORTBAR" not in text and "NOT ANSWERABLE" not in text
        if not answerable:
            text = not_answered(language)
        cited = sorted({int(n) for n in _CITE.findall(text) if 0 < int(n) <= len(passages)})
        missing = unsupported_numbers(text, passages) if answerable else []
        if missing:
            note = (
                "Nicht in den Quellen belegte Zahlen: "
                if language == "de"
                else "Numbers not found in the sources: "
            )
            text += f"\n\n⚠ {note}{', '.join(missing)}"
        return Answer(
            question=question,
            answer=text,
            answerable=answerable and not missing,
            language=language,
            citations=[citation_for(n, passages[n - 1]) for n in cited],
            passages=passages,
            graph=graph,
        )

    def _complete(self, system: str, user: str) -> str:
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        body = {
            "model": self.model,
            "temperature": self.temperature,
            "stream": True,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        parts: list[str] = []
        try:
            with (
                httpx.Client(timeout=self.timeout_s, transport=self._transport) as client,
                client.stream(
                    "POST", f"{self.base_url}/chat/completions", json=body, headers=headers
                ) as response,
            ):
                if response.status_code in (401, 403):
                    raise ConfigError(
                        "GRAPHRAG_LLM_API_KEY",
                        f"{self.base_url} refused the key ({response.status_code})",
                    )
                if response.status_code >= 400:
                    response.read()
                    raise StoreUnavailableError(
                        "LLM",
                        f"{self.base_url} answered {response.status_code}: {response.text[:200]}",
                    )
                for line in response.iter_lines():
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        break
                    delta = json.loads(data)["choices"][0].get("delta", {}).get("content") or ""
                    if delta:
                        parts.append(delta)
                        if self.on_token is not None:
                            self.on_token(delta)
        except httpx.HTTPError as exc:
            raise StoreUnavailableError(
                "LLM",
                f"cannot reach {self.base_url}: {exc}",
                hint="start the model server or fix GRAPHRAG_LLM_URL",
            ) from None
        return "".join(parts).strip()
