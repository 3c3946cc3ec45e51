"""Rerankers behind one protocol: nanoranker (offline default candidate), cross-encoders
through sentence-transformers, and the BGE rerankers through FlagEmbedding, the library their
authors publish them with.

>>> reranker_from_name("none") is None
True
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
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


class BgeReranker:
    """A BGE reranker (``BAAI/bge-reranker-v2-m3``, ``bge-reranker-base``, ...) through
    FlagEmbedding's ``FlagReranker``: weights from a local path, or from the Hugging Face cache
    by name (never downloaded here: the hub is asked nothing). Scores are the model's logits
    through a sigmoid, so they lie in 0..1 like the cross-encoder's."""

    def __init__(self, model: str, *, max_length: int = 512, device: str = "cpu") -> None:
        self.model_name = model
        self.max_length = max_length
        self.device = device
        self.name = f"bge/{model}"

    @cached_property
    def _model(self) -> Any:
        try:
            from FlagEmbedding import FlagReranker
        except ImportError as exc:
            raise MissingExtraError(
                f"reranker {self.model_name}", "pip install 'graphrag[bge]'"
            ) from exc
        try:
            return FlagReranker(
                _local_weights(self.model_name),
                use_fp16=False,
                devices=self.device,
                max_length=self.max_length,
                normalize=True,
            )
        except Exception as exc:
            raise ConfigError(
                "GRAPHRAG_RERANKER",
                f"cannot load BGE reranker {self.model_name!r}: {type(exc).__name__}",
                hint="give a local path to the model's weights, or a name in the Hugging Face "
                "cache",
            ) from None

    def score(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        scores = self._model.compute_score([(query, t) for t in texts], max_length=self.max_length)
        if isinstance(scores, (int, float)):  # one pair: FlagEmbedding returns the bare score
            scores = [scores]
        return [float(s) for s in scores]


def _local_weights(model: str) -> str:
    """A path to the model's weights: the path given, or the Hugging Face cache's snapshot of
    the name (the hub is not asked: an uncached name fails at once instead of hanging)."""
    if Path(model).exists():
        return model
    from huggingface_hub import snapshot_download

    return str(snapshot_download(model, local_files_only=True))


def reranker_from_name(name: str) -> Reranker | None:
    if name in ("none", "", "off"):
        return None
    if name == "nanoranker":
        return NanoRanker()
    if name.startswith(("ce:", "st:")):
        return CrossEncoderReranker(name[3:])
    if name.startswith("bge:"):
        return BgeReranker(name[4:])
    raise ConfigError(
        "GRAPHRAG_RERANKER",
        f"unknown reranker {name!r}",
        hint="use none, nanoranker, ce:<cross-encoder name or path> or bge:<BGE reranker name "
        "or path>",
    )
