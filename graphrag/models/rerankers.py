"""Rerankers behind one protocol: nanoranker (offline default candidate), cross-encoders.

>>> reranker_from_name("none") is None
True
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Protocol

from graphrag.errors import ConfigError, MissingExtraError


class Reranker(Protocol):
    name: str

    def score(self, query: str, texts: list[str]) -> list[float]:
        """One relevance score per text, higher is better, in the order given."""


class NanoRanker:
    """nanoranker 1.2: multilingual, ships its ONNX weights in the wheel."""

    name = "nanoranker"

    @cached_property
    def _module(self) -> Any:
        try:
            import nanoranker
        except ImportError as exc:
            raise MissingExtraError("the nanoranker reranker", "pip install nanoranker") from exc
        return nanoranker

    def score(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        ranked = self._module.rank(query, list(texts), top_n=len(texts), normalize_scores=False)
        by_text: dict[str, list[float]] = {}
        for text, value in ranked:
            by_text.setdefault(text, []).append(float(value))
        return [by_text[t].pop(0) for t in texts]


class CrossEncoderReranker:
    """A cross-encoder by name or local path: ``BAAI/bge-reranker-v2-m3`` through
    sentence-transformers' CrossEncoder (or any model it can load). Needs its weights locally."""

    def __init__(self, model: str, *, max_length: int = 512, device: str = "cpu") -> None:
        self.model_name = model
        self.max_length = max_length
        self.device = device
        self.name = f"cross-encoder/{model}"

    @cached_property
    def _model(self) -> Any:
        try:
            from sentence_transformers import CrossEncoder
        except ImportError as exc:
            raise MissingExtraError(
                f"reranker {self.model_name}", "pip install sentence-transformers torch==2.13.0"
            ) from exc
        try:
            return CrossEncoder(
                self.model_name,
                max_length=self.max_length,
                device=self.device,
                local_files_only=True,
            )
        except Exception as exc:
            raise ConfigError(
                "GRAPHRAG_RERANKER",
                f"cannot load cross-encoder {self.model_name!r}: {exc}",
                hint="give a local path to the model's weights",
            ) from None

    def score(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        scores = self._model.predict([(query, t) for t in texts], show_progress_bar=False)
        return [float(s) for s in scores]


def reranker_from_name(name: str) -> Reranker | None:
    if name in ("none", "", "off"):
        return None
    if name == "nanoranker":
        return NanoRanker()
    if name.startswith(("ce:", "st:")):
        return CrossEncoderReranker(name[3:])
    raise ConfigError(
        "GRAPHRAG_RERANKER",
        f"unknown reranker {name!r}",
        hint="use none, nanoranker, or ce:<cross-encoder name or path>",
    )
