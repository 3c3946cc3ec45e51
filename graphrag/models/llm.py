"""A minimal chat client for OpenAI-compatible endpoints (vLLM, llama.cpp server, LM Studio,
Ollama's ``/v1``, OpenAI), streaming (Server-Sent Events read by httpx-sse), retried with
backoff (tenacity) on 429, 5xx, timeouts and dropped connections until the first token, with
errors mapped onto ours.

>>> LlmClient("http://localhost:11434/v1", model="qwen2.5:1.5b").describe()
'qwen2.5:1.5b at http://localhost:11434/v1'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

import httpx
from httpx_sse import ServerSentEvent, connect_sse
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception_type,
    stop_after_attempt,
    wait_random_exponential,
)

from graphrag import telemetry
from graphrag.errors import ConfigError, StoreUnavailableError
from graphrag.settings import public_url


class Completer(Protocol):
    """One chat completion: a system and a user message in, the text out (streamed to
    ``on_token`` as it comes). LlmClient (HTTP) and LlamaCppClient (in-process) implement it."""

    def describe(self) -> str: ...

    def complete(
        self, system: str, user: str, on_token: Callable[[str], None] | None = None
    ) -> str: ...


T = TypeVar("T")


class _Retryable(Exception):
    """A failure worth another try: 429, a 5xx, a timeout or a dropped connection, before any
    token reached the caller (a retry after that would repeat the tokens)."""

    def __init__(self, message: str, wait_s: float | None = None) -> None:
        super().__init__(message)
        self.wait_s = wait_s


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
        attempts: int = 4,
        backoff_s: float = 1.0,
        max_wait_s: float = 30.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self._api_key = api_key
        self.timeout_s = timeout_s
        self.temperature = temperature
        self._transport = transport
        self.attempts = attempts
        self.backoff_s = backoff_s
        self.max_wait_s = max_wait_s

    def describe(self) -> str:
        return f"{self.model} at {public_url(self.base_url)}"

    def complete(
        self, system: str, user: str, on_token: Callable[[str], None] | None = None
    ) -> str:
        return self._retried(
            lambda: self._complete_once(system, user, on_token),
            {"llm.prompt_chars": len(system) + len(user)},
            lambda text: {"llm.output_chars": len(text)},
        )

    def chat(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> dict[str, Any]:
        """One assistant message (its ``content`` and any ``tool_calls``) for ``messages``, the
        model offered ``tools`` (OpenAI function schemas; none: it must answer). Not streamed:
        a tool call is only usable whole. Retried like ``complete``."""
        chars = sum(len(str(m.get("content") or "")) for m in messages)
        return self._retried(
            lambda: self._chat_once(messages, tools),
            {"llm.prompt_chars": chars, "llm.tools": len(tools)},
            lambda message: {"llm.tool_calls": len(message.get("tool_calls") or [])},
        )

    def _retried(
        self,
        call: Callable[[], T],
        attributes: dict[str, int],
        outcome: Callable[[T], dict[str, int]],
    ) -> T:
        """``call`` in an ``llm`` span, retried with backoff on what ``_Retryable`` marks."""
        retrying = Retrying(
            stop=stop_after_attempt(self.attempts),
            wait=self._wait,
            retry=retry_if_exception_type(_Retryable),
            reraise=True,
        )
        try:
            with telemetry.span("llm", **{"llm.model": self.model, **attributes}) as span:
                for attempt in retrying:
                    with attempt:
                        result = call()
                        span.set_attribute("llm.attempts", attempt.retry_state.attempt_number)
                        for key, value in outcome(result).items():
                            span.set_attribute(key, value)
                        return result
        except _Retryable as exc:
            raise StoreUnavailableError(
                "LLM",
                f"{exc} (after {self.attempts} attempts)",
                hint="start the model server or fix GRAPHRAG_LLM_URL",
            ) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _chat_once(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        body: dict[str, Any] = {
            "model": self.model,
            "temperature": self.temperature,
            "stream": False,
            "messages": messages,
        }
        if tools:
            body["tools"] = tools
        url = public_url(self.base_url)
        try:
            with httpx.Client(timeout=self.timeout_s, transport=self._transport) as client:
                response = client.post(
                    f"{self.base_url}/chat/completions", json=body, headers=headers
                )
        except httpx.HTTPError as exc:
            raise _Retryable(
                f"cannot reach {url}: {str(exc).replace(self.base_url, url)}"
            ) from None
        if response.status_code in (401, 403):
            raise ConfigError(
                "GRAPHRAG_LLM_API_KEY", f"{url} refused the key ({response.status_code})"
            )
        if response.status_code == 429 or response.status_code >= 500:
            raise _Retryable(
                f"{url} answered {response.status_code}: {response.text[:200]}",
                _retry_after(response),
            )
        if response.status_code >= 400:
            raise StoreUnavailableError(
                "LLM",
                f"{url} answered {response.status_code}: {response.text[:200]}",
                hint="a model without tool calls cannot run the agent loop; "
                "set GRAPHRAG_LLM_AGENT=false"
                if tools
                else None,
            )
        try:
            choice = (response.json().get("choices") or [{}])[0]
        except (ValueError, AttributeError):
            raise StoreUnavailableError(
                "LLM",
                f"{url} answered with something that is not a JSON completion",
                hint="point GRAPHRAG_LLM_URL at an OpenAI-compatible /v1 endpoint",
            ) from None
        message = choice.get("message") or {}
        return {
            "role": "assistant",
            "content": message.get("content") or "",
            "tool_calls": message.get("tool_calls") or [],
        }

    def _wait(self, state: RetryCallState) -> float:
        """Exponential backoff with jitter; a server's Retry-After wins (capped)."""
        exc = state.outcome.exception() if state.outcome else None
        if isinstance(exc, _Retryable) and exc.wait_s is not None:
            return min(exc.wait_s, self.max_wait_s)
        backoff = wait_random_exponential(multiplier=self.backoff_s, max=self.max_wait_s)
        return float(backoff(state))

    def _complete_once(self, system: str, user: str, on_token: Callable[[str], None] | None) -> str:
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        body = {
            "model": self.model,
            "temperature": self.temperature,
            "stream": True,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        url = public_url(self.base_url)
        parts: list[str] = []
        try:
            with (
                httpx.Client(timeout=self.timeout_s, transport=self._transport) as client,
                connect_sse(
                    client, "POST", f"{self.base_url}/chat/completions", json=body, headers=headers
                ) as source,
            ):
                response = source.response
                if response.status_code in (401, 403):
                    raise ConfigError(
                        "GRAPHRAG_LLM_API_KEY", f"{url} refused the key ({response.status_code})"
                    )
                if response.status_code == 429 or response.status_code >= 500:
                    response.read()
                    raise _Retryable(
                        f"{url} answered {response.status_code}: {response.text[:200]}",
                        _retry_after(response),
                    )
                if response.status_code >= 400:
                    response.read()
                    raise StoreUnavailableError(
                        "LLM", f"{url} answered {response.status_code}: {response.text[:200]}"
                    )
                if "text/event-stream" not in response.headers.get("content-type", ""):
                    # a server that ignores "stream": the whole completion as one JSON body
                    response.read()
                    parts = [_whole(response, url)]
                    if on_token is not None and parts[0]:
                        on_token(parts[0])
                    return parts[0].strip()
                for delta in _deltas(source.iter_sse()):  # parts fills as tokens go out
                    if delta:
                        parts.append(delta)
                        if on_token is not None:
                            on_token(delta)
        except httpx.HTTPError as exc:
            message = f"cannot reach {url}: {str(exc).replace(self.base_url, url)}"
            if parts:  # tokens went out already: another attempt would repeat them
                raise StoreUnavailableError(
                    "LLM", message, hint="the answer broke off; ask again"
                ) from None
            raise _Retryable(message) from None
        return "".join(parts).strip()


def _whole(response: httpx.Response, url: str) -> str:
    try:
        choice = (response.json().get("choices") or [{}])[0]
    except (ValueError, AttributeError):
        kind = response.headers.get("content-type") or "no content type"
        raise StoreUnavailableError(
            "LLM",
            f"{url} answered with {kind}, neither an event stream nor a JSON completion",
            hint="point GRAPHRAG_LLM_URL at an OpenAI-compatible /v1 endpoint",
        ) from None
    message = choice.get("message") or choice.get("delta") or {}
    return str(message.get("content") or "")


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after", "")
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date or nothing: our own backoff


def collect(deltas: Iterable[str], on_token: Callable[[str], None] | None) -> list[str]:
    """The non-empty pieces of a streamed answer, each passed to ``on_token`` as it arrives."""
    parts: list[str] = []
    for delta in deltas:
        if delta:
            parts.append(delta)
            if on_token is not None:
                on_token(delta)
    return parts


def _deltas(events: Iterable[ServerSentEvent]) -> Iterator[str]:
    for event in events:
        if event.data.strip() == "[DONE]":
            return
        if not event.data.strip():
            continue
        choices = json.loads(event.data).get("choices") or [{}]
        yield choices[0].get("delta", {}).get("content") or ""
