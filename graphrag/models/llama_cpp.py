"""llama.cpp in-process: a local GGUF model answers without any server.

Needs ``pip install llama-cpp-python`` (it compiles llama.cpp) and a GGUF file on disk; the
model loads once, on the first completion. Same interface as the HTTP client, so answers,
paraphrases and LLM entity extraction can all run on it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any

from graphrag.errors import ConfigError, MissingExtraError, StoreUnavailableError
from graphrag.models.llm import collect


class LlamaCppClient:
    def __init__(
        self,
        model_path: Path,
        *,
        context_tokens: int = 8192,
        threads: int | None = None,
        temperature: float = 0.0,
        max_tokens: int = 1024,
    ) -> None:
        self.model_path = Path(model_path)
        self.context_tokens = context_tokens
        self.threads = threads or os.cpu_count() or 2
        self.temperature = temperature
        self.max_tokens = max_tokens

    def describe(self) -> str:
        return f"llama.cpp with {self.model_path.name}"

    @cached_property
    def _llama(self) -> Any:
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise MissingExtraError("GRAPHRAG_LLM_GGUF", "pip install llama-cpp-python") from exc
        if not self.model_path.is_file():
            raise ConfigError(
                "GRAPHRAG_LLM_GGUF",
                f"no GGUF model at {self.model_path}",
                hint="give the path of a .gguf file",
            )
        try:
            return Llama(
                model_path=str(self.model_path),
                n_ctx=self.context_tokens,
                n_threads=self.threads,
                verbose=False,
            )
        except (ValueError, RuntimeError) as exc:
            raise ConfigError(
                "GRAPHRAG_LLM_GGUF", f"llama.cpp cannot load {self.model_path.name}: {exc}"
            ) from None

    def complete(
        self, system: str, user: str, on_token: Callable[[str], None] | None = None
    ) -> str:
        try:
            stream = self._llama.create_chat_completion(
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                temperature=self.temperature,
                max_tokens=self.max_tokens,
                stream=True,
            )
            parts = collect(
                (chunk["choices"][0].get("delta", {}).get("content") or "" for chunk in stream),
                on_token,
            )
        except (ValueError, RuntimeError) as exc:
            # llama.cpp raises ValueError when the prompt exceeds the context window
            raise StoreUnavailableError(
                "LLM",
                f"llama.cpp failed on {self.model_path.name}: {exc}",
                hint="raise the context size or lower GRAPHRAG_ANSWER_BUDGET_TOKENS",
            ) from None
        return "".join(parts).strip()
