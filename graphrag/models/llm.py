"""A minimal chat client for OpenAI-compatible endpoints (vLLM, llama.cpp server, LM Studio,
Ollama's ``/v1``, OpenAI), streaming, with errors mapped onto ours.

>>> LlmClient("http://localhost:11434/v1", model="qwen2.5:1.5b").describe()
'qwen2.5:1.5b at http://localhost:11434/v1'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

import httpx

from graphrag.errors import ConfigError, StoreUnavailableError
from graphrag.settings import public_url


class Completer(Protocol):
    """One chat completion: a system and a user message in, the text out (streamed to
    ``on_token`` as it comes). LlmClient (HTTP) and LlamaCppClient (in-process) implement it."""

    def describe(self) -> str: ...

    def complete(
        self, system: str, user: str, on_token: Callable[[str], None] | None = None
    ) -> str: ...


class LlmClient:
    def __init__(
        self,
        base_url: str,
        *,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 120.0,
        temperature: float = 0.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self._api_key = api_key
        self.timeout_s = timeout_s
        self.temperature = temperature
        self._transport = transport

    def describe(self) -> str:
        return f"{self.model} at {public_url(self.base_url)}"

    def complete(
        self, system: str, user: str, on_token: Callable[[str], None] | None = None
    ) -> str:
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
                        f"{public_url(self.base_url)} refused the key ({response.status_code})",
                    )
                if response.status_code >= 400:
                    response.read()
                    raise StoreUnavailableError(
                        "LLM",
                        f"{public_url(self.base_url)} answered {response.status_code}: "
                        f"{response.text[:200]}",
                    )
                parts = collect(_sse_deltas(response.iter_lines()), on_token)
        except httpx.HTTPError as exc:
            raise StoreUnavailableError(
                "LLM",
                f"cannot reach {public_url(self.base_url)}: "
                f"{str(exc).replace(self.base_url, public_url(self.base_url))}",
                hint="start the model server or fix GRAPHRAG_LLM_URL",
            ) from None
        return "".join(parts).strip()


def collect(deltas: Iterable[str], on_token: Callable[[str], None] | None) -> list[str]:
    """The non-empty pieces of a streamed answer, each passed to ``on_token`` as it arrives."""
    parts: list[str] = []
    for delta in deltas:
        if delta:
            parts.append(delta)
            if on_token is not None:
                on_token(delta)
    return parts


def _sse_deltas(lines: Iterable[str]) -> Iterator[str]:
    for line in lines:
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            return
        yield json.loads(data)["choices"][0].get("delta", {}).get("content") or ""
